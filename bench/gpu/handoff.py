"""Why a launch through the cuda route costs ~0.35 ms under CUDA events: the GPU switches
between the CUDA and the Vulkan context whenever CUDA work (an event, a memset) sits between two
Vulkan submissions. Two measurements, one run:

  events   per-launch CUDA-event time (us) and host time (us) of a trivial kernel and of vector
           add 2^24, after different preceding work: nothing, a 256 MiB / 4 KiB memset, a 100 us
           CUDA sleep kernel, 1 ms of host idle. Triton-CUDA and ours, one process each.
  vulkan   host submit-to-fence time (us) of the same trivial dispatch through our runtime's
           Device.launch (no CUDA in the path), with host-only gaps (spin, sleep) or CUDA work
           (an event or a memset, synchronized) between launches.

    python3 bench/gpu/handoff.py
"""
import json
import os
import statistics
import subprocess
import sys
import time


def kernels():
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)

    n = 1 << 24
    x, y, out = (torch.rand(n, device="cuda") for _ in range(3))
    tiny = [torch.rand(1, device="cuda") for _ in range(3)]
    return {"tiny": lambda: add_kernel[(1,)](*tiny, 1, BLOCK=1024),
            "add24": lambda: add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)}


def spin(us):
    start = time.perf_counter()
    while time.perf_counter() - start < us * 1e-6:
        pass


def events_worker():
    import triton  # noqa: F401 (selects the backend before torch allocates CUDA memory)
    import torch
    big = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int32, device="cuda")
    small = torch.empty(1024, dtype=torch.int32, device="cuda")
    gaps = {"none": lambda: None, "memset 256M": big.zero_, "memset 4K": small.zero_,
            "cuda sleep 100us": lambda: torch.cuda._sleep(200000),
            "host idle 1ms": lambda: (torch.cuda.synchronize(), time.sleep(0.001))}
    result = {}
    for kname, fn in kernels().items():
        for _ in range(300):  # the GPU idles at a low clock
            fn()
        torch.cuda.synchronize()
        for gname, gap in gaps.items():
            pairs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
                     for _ in range(100)]
            host = []
            for begin, end in pairs:
                gap()
                begin.record()
                t = time.perf_counter()
                fn()
                host.append(time.perf_counter() - t)
                end.record()
            torch.cuda.synchronize()
            gpu = statistics.median(b.elapsed_time(e) for b, e in pairs)
            result[f"{kname} after {gname}"] = [round(gpu * 1e3, 1), round(statistics.median(host) * 1e6, 1)]
    return result


def vulkan_worker():
    import triton  # noqa: F401
    import torch
    from triton_spirv import _vulkan_runtime as runtime
    from triton_spirv.driver import SPIRVLauncher
    kernels()["tiny"]()
    torch.cuda.synchronize()
    kernel, grid, packed = SPIRVLauncher.last_launch
    device = runtime.get_device()
    small = torch.empty(1024, dtype=torch.int32, device="cuda")

    def timed(between, reps=300):
        times = []
        for _ in range(reps):
            between()
            t = time.perf_counter()
            device.launch(kernel, *grid, packed, sync=True)
            times.append(time.perf_counter() - t)
        return round(statistics.median(times) * 1e6, 1)

    return {"back to back": timed(lambda: None),
            "host spin 20us between": timed(lambda: spin(20)),
            "host spin 300us between": timed(lambda: spin(300)),
            "host sleep 1ms between": timed(lambda: time.sleep(0.001)),
            "CUDA event + sync between": timed(lambda: (torch.cuda.Event(enable_timing=True).record(),
                                                         torch.cuda.synchronize())),
            "CUDA memset 4K + sync between": timed(lambda: (small.zero_(), torch.cuda.synchronize()))}


def main():
    if len(sys.argv) > 1:
        json.dump(events_worker() if sys.argv[1] == "events" else vulkan_worker(), sys.stdout)
        return
    columns = {}
    for label, flag in (("Triton-CUDA", "0"), ("ours", "1")):
        run = subprocess.run([sys.executable, __file__, "events"], env=dict(os.environ, TRITON_SPIRV_BACKEND=flag),
                             stdout=subprocess.PIPE, text=True, check=True)
        columns[label] = json.loads(run.stdout)
    print(f"{'event us / host us per launch':32}" + "".join(f"{k:>20}" for k in columns))
    for row in columns["ours"]:
        print(f"{row:32}" + "".join(f"{'%s / %s' % tuple(c[row]):>20}" for c in columns.values()))
    run = subprocess.run([sys.executable, __file__, "vulkan"], env=dict(os.environ, TRITON_SPIRV_BACKEND="1"),
                         stdout=subprocess.PIPE, text=True, check=True)
    print("\nVulkan alone: host submit-to-fence us of a trivial dispatch")
    for row, value in json.loads(run.stdout).items():
        print(f"  {row:32}{value:>10}")


if __name__ == "__main__":
    main()
