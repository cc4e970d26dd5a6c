"""bench/bench.py's dispatch timing (GPU timestamps around back-to-back dispatches of the compiled
kernel) packs the kernel's arguments itself: it must bind parameters a case leaves to their
defaults as Triton does (matmul_kernel's ACC_DTYPE), and the timed dispatches must compute the
kernel's result."""
import importlib.util
from pathlib import Path

import pytest
import torch

REPO = Path(__file__).resolve().parents[3]


def _bench_module():
    spec = importlib.util.spec_from_file_location("bench_main", REPO / "bench" / "bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_dispatch_timing_binds_defaults_and_computes(dtype):
    bench = _bench_module()
    import cases  # bench/ is on sys.path once bench.py is loaded
    from triton_spirv import _vulkan_runtime as runtime

    case = cases.matmul_case(96, 80, 64, dtype, 32, 32, 16)
    tensors = case.make(seed=3)  # the output starts as NaN: every element must be written
    ms = bench._dispatch_ms(case, tensors, runtime)
    assert ms > 0
    ok, message = case.check(tensors)
    assert ok, message
