"""Where a launch's time goes on a CUDA machine, ours (TRITON_SPIRV_BACKEND=1) against
Triton-CUDA, in one run (two processes):
  host_us      Python-side cost of one launch of a trivial kernel (1000 launches, then sync)
  chain_ms     GPU time per launch of vector add 2^24 in a back-to-back chain (CUDA events
               around 200 launches: overlapped, what throughput code sees)
  alone_ms     do_bench of the same launch (each rep after a cache flush: latency included)
  hop_ms       alone_ms of a trivial kernel (one element): the fixed cost of a launch

    python3 bench/gpu/launch_latency.py

Ours runs once per TRITON_SPIRV_CUDA_ORDER mode, with the C++ host time per launch by phase.
"""
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def worker():
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask),
                 mask=mask)

    n = 1 << 24
    x, y, out = (torch.rand(n, device="cuda") for _ in range(3))
    tiny = [torch.rand(1, device="cuda") for _ in range(3)]

    def add():
        add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)

    def add_tiny():
        add_kernel[(1,)](*tiny, 1, BLOCK=1024)

    add(), add_tiny()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(1000):
        add_tiny()
    host_us = (time.perf_counter() - start) / 1000 * 1e6
    torch.cuda.synchronize()
    begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    begin.record()
    for _ in range(200):
        add()
    end.record()
    torch.cuda.synchronize()
    result = {"backend": triton.runtime.driver.active.get_current_target().backend,
              "host_us": host_us, "chain_ms": begin.elapsed_time(end) / 200,
              "alone_ms": triton.testing.do_bench(add), "hop_ms": triton.testing.do_bench(add_tiny),
              "torch_add_ms": triton.testing.do_bench(lambda: torch.add(x, y, out=out))}
    if result["backend"] == "spirv":
        from triton_spirv import _vulkan_runtime as runtime
        stats = runtime.cuda_interop(-1).stats()
        result["order"] = stats["order"]
        for phase in ("before", "submit", "after"):  # C++ host time per launch, by phase
            result[f"{phase}_us"] = stats[f"{phase}_ns"] / stats["launches"] / 1e3
    json.dump(result, sys.stdout)


def main():
    if "--worker" in sys.argv:
        return worker()
    rows = []
    for flag, order in (("0", ""), ("1", "host-function"), ("1", "semaphore"), ("1", "synchronize"),
                        ("1", "host")):
        env = dict(os.environ, TRITON_SPIRV_BACKEND=flag, TRITON_SPIRV_CUDA_ORDER=order)
        run = subprocess.run([sys.executable, __file__, "--worker"], env=env, stdout=subprocess.PIPE,
                             text=True, check=True)
        rows.append(json.loads(run.stdout))
    keys = ["host_us", "chain_ms", "alone_ms", "hop_ms", "torch_add_ms", "before_us", "submit_us",
            "after_us"]
    print(f"{'backend':22}" + "".join(f"{k:>13}" for k in keys))
    for row in rows:
        label = row["backend"] + (f" {row['order']}" if "order" in row else "")
        print(f"{label:22}" + "".join(f"{row.get(k, float('nan')):13.4f}" for k in keys))
    for row in rows[1:]:
        print(f"{'CUDA/ours ' + row['order']:22}" +
              "".join(f"{rows[0][k] / row[k]:13.3f}" for k in keys[:5]))


if __name__ == "__main__":
    main()
