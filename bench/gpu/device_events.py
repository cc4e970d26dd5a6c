"""What the spirv device's events measure around one launch (why do_bench differs from the
dispatch alone): medians over 50 repetitions of patterns do_bench builds from, add 2^24 / 2^26,
each repetition synchronized; then the same patterns pipelined as do_bench issues them (200
repetitions recorded before one synchronize): mean, median, 90th percentile and the repetitions
(by index) that took over 1.5x the median.

    TRITON_SPIRV_BACKEND=1 TRITON_SPIRV_CUDA=0 python3 bench/gpu/device_events.py
"""
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402
import triton  # noqa: E402

import cases as C  # noqa: E402


def median_ms(pattern, reps=50):
    di = torch.spirv
    times = []
    for _ in range(reps):
        start, end = di.Event(enable_timing=True), di.Event(enable_timing=True)
        pattern(start, end)
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def pipelined(pattern, reps=200):
    di = torch.spirv
    events = [(di.Event(enable_timing=True), di.Event(enable_timing=True)) for _ in range(reps)]
    for s, e in events:
        pattern(s, e)
    torch.spirv.synchronize()
    times = [s.elapsed_time(e) for s, e in events]
    median = statistics.median(times)
    slow = [i for i, t in enumerate(times) if t > 1.5 * median]
    p90 = sorted(times)[int(0.9 * len(times))]
    return (f"mean {statistics.mean(times):.4f} median {median:.4f} p90 {p90:.4f} "
            f"slow {len(slow)} {slow[:12]}")


def main():
    device = triton.runtime.driver.active.get_active_torch_device()
    assert device.type == "spirv", device
    cache = triton.runtime.driver.active.get_empty_cache_for_benchmark()
    for n in (1 << 24, 1 << 26):
        case = C.add_case(n)
        t = case.make(device="spirv")
        launch = lambda: case.launch(t)  # noqa: E731
        for _ in range(20):
            launch()
        torch.spirv.synchronize()

        def plain(s, e):
            s.record(); launch(); e.record()

        def after_fill(s, e):
            cache.zero_(); s.record(); launch(); e.record()

        def after_fill_sync(s, e):
            cache.zero_(); torch.spirv.synchronize(); s.record(); launch(); e.record()

        def fill_alone(s, e):
            s.record(); cache.zero_(); e.record()

        def two_events_no_work(s, e):
            s.record(); e.record()

        print(f"add {n}: " + ", ".join(
            f"{name} {median_ms(p):.4f}" for name, p in (
                ("plain", plain), ("after fill", after_fill), ("after fill+sync", after_fill_sync),
                ("fill alone", fill_alone), ("no work", two_events_no_work))), flush=True)
        for name, p in (("plain", plain), ("after fill", after_fill), ("fill alone", fill_alone),
                        ("no work", two_events_no_work)):
            print(f"  pipelined {name}: {pipelined(p)}", flush=True)
        times = [triton.testing.do_bench(launch, warmup=100, rep=400) for _ in range(3)]
        print(f"  do_bench: {', '.join(f'{t:.4f}' for t in times)}", flush=True)


if __name__ == "__main__":
    main()
