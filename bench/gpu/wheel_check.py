"""On a GPU machine with the triton-spirv wheel installed: JIT-compile and run vector add,
softmax and a matmul from @triton.jit source on the Vulkan device, check them against torch,
and print install size, import time and first-compile time.

    python3 -m pip install --no-deps --target /tmp/site triton_spirv-*-cp312-*.whl
    PYTHONPATH=/tmp/site TRITON_SPIRV_BACKEND=1 python3 bench/gpu/wheel_check.py

With TRITON_SPIRV_BACKEND=1 where torch has CUDA, the tensors are torch CUDA tensors (the cuda
route); elsewhere CPU tensors. The numbers here are about installing and compiling, not bandwidth.
"""
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("TRITON_SPIRV_BACKEND", "1")
import triton  # noqa: E402  (first: its backend discovery imports ours)

t0 = time.perf_counter()
import triton_spirv  # noqa: E402
import triton_spirv.compiler, triton_spirv.driver  # noqa: E401,E402  (loads both extension modules)
import_s = time.perf_counter() - t0

import torch  # noqa: E402
import triton.language as tl  # noqa: E402

from triton_spirv import _vulkan_runtime as runtime  # noqa: E402

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * in_stride + cols, mask=cols < n_cols, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * out_stride + cols, num / tl.sum(num, axis=0), mask=cols < n_cols)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :],
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


def timed(label, fn):
    start = time.perf_counter()
    fn()
    triton.runtime.driver.active.get_device_interface().synchronize()
    elapsed = time.perf_counter() - start
    print(f"{label}: first call (compile + run) {elapsed * 1000:.0f} ms")


def main():
    props = runtime.get_device().device_properties()
    print(f"device: {props['name']}  Triton {triton.__version__}  Python {sys.version.split()[0]}"
          f"  tensors on {DEVICE}")
    package = Path(triton_spirv.__file__).parent
    size = sum(p.stat().st_size for p in package.rglob("*") if p.is_file())
    print(f"installed package: {size / 1e6:.1f} MB at {package}; import {import_s * 1000:.0f} ms")
    torch.manual_seed(0)
    failures = 0

    n = 1 << 20
    x, y = torch.rand(n, device=DEVICE), torch.rand(n, device=DEVICE)
    out = torch.full((n,), float("nan"), device=DEVICE)
    timed("vector add", lambda: add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024))
    failures += not torch.allclose(out, x + y)

    rows, cols = 512, 781
    s_in = torch.randn(rows, cols, device=DEVICE)
    s_out = torch.full((rows, cols), float("nan"), device=DEVICE)
    timed("softmax", lambda: softmax_kernel[(rows,)](s_out, s_in, s_in.stride(0), s_out.stride(0),
                                                     cols, BLOCK=1024))
    failures += not torch.allclose(s_out, torch.softmax(s_in, dim=1), atol=1e-6)

    M = N = K = 512
    a = torch.randn(M, K, dtype=torch.float16, device=DEVICE)
    b = torch.randn(K, N, dtype=torch.float16, device=DEVICE)
    c = torch.full((M, N), float("nan"), dtype=torch.float16, device=DEVICE)
    timed("matmul fp16", lambda: matmul_kernel[(M // 64, N // 64)](a, b, c, M, N, K, BM=64, BN=64,
                                                                   BK=32, num_warps=4))
    ref = (a.float() @ b.float()).half()
    failures += not torch.allclose(c.float(), ref.float(), atol=5e-2, rtol=1e-2)
    print("all correct" if not failures else f"{failures} kernel(s) wrong")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
