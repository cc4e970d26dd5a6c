"""Tutorial 08's grouped GEMM (test/python/e2e/kernels.py hinted_grouped_gemm_kernel: matrix
addresses read from tables) with and without its tl.multiple_of hints, on the cuda route
(dispatch alone, Vulkan GPU timestamps) and on Triton-CUDA (do_bench, a child process), every
result checked against torch first. Ratios: unhinted / hinted time, and Triton-CUDA / ours.

    python3 bench/gpu/grouped_gemm_hints.py [--sizes 1024,4096] [--groups 4]

No timed assertions: the numbers are printed, never tested.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BLOCKS = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32}


def measure(sizes, groups):
    """{(size, hints): ms} on the active backend."""
    sys.path.insert(0, str(ROOT / "test" / "python"))
    import torch
    import triton
    from e2e.kernels import hinted_grouped_gemm_kernel as kernel
    spirv = os.environ.get("TRITON_SPIRV_BACKEND") == "1"
    results = {}
    for size in sizes:
        a = [torch.randn(size, size, device="cuda").half() for _ in range(groups)]
        b = [torch.randn(size, size, device="cuda").half() for _ in range(groups)]
        c = [torch.empty(size, size, device="cuda") for _ in range(groups)]
        tables = [torch.tensor([t.data_ptr() for t in ts], device="cuda") for ts in (a, b, c)]
        sizes_t = torch.tensor([size] * 3 * groups, dtype=torch.int32, device="cuda")
        grid = (groups * (size // 128) ** 2,)
        for hints in (False, True):
            def launch():
                kernel[grid](*tables, sizes_t, sizes_t, groups, HINTS=hints, num_warps=4,
                             **BLOCKS)
            launch()
            torch.cuda.synchronize()
            worst = max((x.double() @ y.double() - z.double()).abs().max().item()
                        for x, y, z in zip(a, b, c))
            if worst > 1e-2 * size ** 0.5:
                raise SystemExit(f"size {size} hints {hints}: wrong result ({worst})")
            if spirv:
                from triton_spirv import _vulkan_runtime as runtime
                from triton_spirv.driver import SPIRVLauncher
                launched, (gx, gy, gz), packed = SPIRVLauncher.last_launch
                device = runtime.get_device()
                # >= 250 ms of dispatches first: the GPU idles at a low clock.
                first = statistics.median(device.time_launches(launched, gx, gy, gz, packed, 5))
                device.time_launches(launched, gx, gy, gz, packed,
                                     max(20, min(2000, int(250 / max(first, 1e-3)))))
                ms = statistics.median(device.time_launches(launched, gx, gy, gz, packed, 50))
            else:
                ms = triton.testing.do_bench(launch)
            results[f"{size}-{int(hints)}"] = ms
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1024,4096")
    parser.add_argument("--groups", type=int, default=4)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.child:
        print(json.dumps(measure(sizes, args.groups)))
        return
    runs = {}
    for name, backend in (("cuda", "0"), ("ours", "1")):
        env = dict(os.environ, TRITON_SPIRV_BACKEND=backend)
        child = subprocess.run([sys.executable, __file__, "--child", "--sizes", args.sizes,
                                "--groups", str(args.groups)], env=env, capture_output=True,
                               text=True)
        if child.returncode:
            raise SystemExit(f"{name} run failed:\n{child.stderr[-3000:]}")
        runs[name] = json.loads(child.stdout.strip().splitlines()[-1])
    print(f"# grouped GEMM, {args.groups} groups of fp16 N^3, 128x128x32 w4; ours = dispatch ms, "
          "Triton-CUDA = do_bench ms")
    for size in sizes:
        ours = {h: runs["ours"][f"{size}-{h}"] for h in (0, 1)}
        cuda = {h: runs["cuda"][f"{size}-{h}"] for h in (0, 1)}
        print(f"N {size:5}  ours: no hints {ours[0]:8.3f}  hints {ours[1]:8.3f}  "
              f"x{ours[0] / ours[1]:5.2f}   Triton-CUDA: no hints {cuda[0]:8.3f}  "
              f"hints {cuda[1]:8.3f}   ratio (hints) {cuda[1] / ours[1]:.3f}")


if __name__ == "__main__":
    main()
