"""bench/bench.py's dispatch timing (GPU timestamps around back-to-back dispatches of the compiled
kernel) packs the kernel's arguments itself: it must bind parameters a case leaves to their
defaults as Triton does (matmul_kernel's ACC_DTYPE) and launch options a kernel also takes as
arguments (tutorial 02's num_stages), and the timed dispatches must compute the kernel's result."""
import pytest
import torch

from . import load_bench_script


def _bench_module():
    return load_bench_script("bench.py", "bench_main")


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


def test_dispatch_timing_binds_launch_options_taken_as_arguments():
    bench = _bench_module()
    import cases
    from triton_spirv import _vulkan_runtime as runtime

    # Tutorial 02's persistent softmax: num_stages is a launch option and its own argument.
    case = cases.persistent_softmax_case(37, 100, programs=5, num_warps=2)
    tensors = case.make(seed=1)
    assert bench._dispatch_ms(case, tensors, runtime) > 0
    ok, message = case.check(tensors)
    assert ok, message
