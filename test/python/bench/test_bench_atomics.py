"""bench/atomics.py checks each contended-atomics case before timing it: its histogram and
scatter-max kernels must land every update (16 and 4096 bins, 4096 slots) at a size with many
programs per counter."""
import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def _atomics_bench():
    spec = importlib.util.spec_from_file_location("bench_atomics", REPO / "bench" / "atomics.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_case_is_right_before_it_is_timed():
    names = []
    for name, right, _ours, _torch in _atomics_bench().cases(50_000, "cpu"):
        assert right, name
        names.append(name)
    assert names == ["histogram 16 bins", "histogram 4096 bins", "scatter-max 4096 slots"]
