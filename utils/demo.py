"""The main job: real Triton kernels compiled by triton-spirv and run on the default Vulkan device.

Prints each kernel's error against torch, its time, and where the stage dumps are.
"""
import os
import sys
import time
from pathlib import Path

DUMPS = Path(os.environ.setdefault("TRITON_SPIRV_DUMP_DIR", str(Path(__file__).resolve().parents[1] / "dumps")))
# Recompile so the stage dumps are written even when Triton's cache has the kernels.
os.environ.setdefault("TRITON_ALWAYS_COMPILE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "python"))

import torch  # noqa: E402
import triton  # noqa: E402
import triton_spirv._vulkan_runtime as runtime  # noqa: E402
from e2e import kernels  # noqa: E402


def timed(fn, reps=5):
    fn()
    start = time.perf_counter()
    for _ in range(reps):
        fn()
    return (time.perf_counter() - start) / reps * 1e3


def report(name, out, ref, ms):
    written = not out.isnan().any().item()
    err = (out - ref).abs().max().item()
    ok = written and torch.allclose(out, ref, atol=1e-4, rtol=1e-4)
    print(f"  {name:<28} max|err| = {err:.2e}  all written = {written}  {ms:8.3f} ms  {'OK' if ok else 'MISMATCH'}")
    return ok


def main():
    props = runtime.device_properties()
    print(f"device: {props['name']} ({props['device_type']}), subgroup size {props['subgroup_size']}")
    torch.manual_seed(0)
    results = []

    n = 1 << 20
    x, y = torch.rand(n), torch.rand(n)
    out = torch.full((n,), float("nan"))
    run = lambda: kernels.add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)  # noqa: E731
    ms = timed(run)
    results.append(report(f"vector add ({n})", out, x + y, ms))

    rows, cols = 512, 781
    a = torch.randn(rows, cols)
    out2 = torch.full_like(a, float("nan"))
    run = lambda: kernels.softmax_kernel[(rows,)](out2, a, a.stride(0), out2.stride(0), cols, BLOCK=1024)  # noqa: E731
    ms = timed(run)
    results.append(report(f"softmax ({rows}x{cols})", out2, torch.softmax(a, dim=1), ms))

    M = N = K = 128
    a, b = torch.randn(M, K), torch.randn(K, N)
    c = torch.full((M, N), float("nan"))
    run = lambda: kernels.matmul_kernel[(triton.cdiv(M, 32), triton.cdiv(N, 32))](  # noqa: E731
        a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
        BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
    ms = timed(run)
    results.append(report(f"matmul fp32 ({M}x{N}x{K})", c, a @ b, ms))

    rows, n = 256, 1000
    x, w, bias = torch.randn(rows, n), torch.rand(n) + 0.5, torch.randn(n)
    y = torch.full_like(x, float("nan"))
    mean, rstd = torch.empty(rows), torch.empty(rows)
    run = lambda: kernels.layer_norm_fwd_kernel[(rows,)](x, y, w, bias, mean, rstd, x.stride(0), n, 1e-5,  # noqa: E731
                                                         BLOCK=256)
    ms = timed(run)
    results.append(report(f"layer norm ({rows}x{n})", y, torch.nn.functional.layer_norm(x, (n,), w, bias, 1e-5), ms))

    print(f"stage dumps (ttir, linalg, spirvir, spv) are in {DUMPS}:")
    for path in sorted(DUMPS.glob("*")):
        print(f"  {path}")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
