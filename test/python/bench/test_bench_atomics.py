"""bench/atomics.py checks each contended-atomics case before timing it: its histogram, f32
sums and scatter-max kernels must land every update (16 and 4096 bins, 4096 slots) at a size
with many programs per counter."""
from . import load_bench_script


def _atomics_bench():
    return load_bench_script("atomics.py", "bench_atomics")


def test_every_case_is_right_before_it_is_timed():
    names = []
    for name, right, _ours, _torch in _atomics_bench().cases(50_000, "cpu"):
        assert right, name
        names.append(name)
    assert names == ["histogram 16 bins", "histogram 4096 bins", "f32 sums 16 bins",
                     "f32 sums 4096 bins", "scatter-max 4096 slots", "f32 scatter-max 4096"]
