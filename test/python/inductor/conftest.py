"""torch.compile with Inductor's Triton CPU backend, run through triton-spirv.

`inductor_cpu_triton` compiles a function with `cpu_backend = "triton"` and returns its
result beside the names of the Triton kernels Inductor generated for it and of those our
launcher ran; tests check that every generated kernel ran through triton-spirv.
"""
import re

import pytest
import torch
import torch._inductor.config as inductor_config
from torch._inductor.utils import run_and_get_code

from triton_spirv.driver import SPIRVLauncher

# `async_compile.triton('triton_poi_fused_add_0', '''...` in Inductor's wrapper code.
_KERNEL_DEFINITION = re.compile(r"async_compile\.triton\(\s*['\"](\w+)['\"]")


class LaunchRecorder:
    """Names and targets of the kernels SPIRVLauncher ran while recording."""

    def __init__(self):
        self.launched = {}

    def __enter__(self):
        recorder = self
        self.original = SPIRVLauncher.__call__

        def recording_call(launcher, *args, **kwargs):
            target = getattr(launcher.metadata, "target", None)
            recorder.launched[launcher.metadata.name] = getattr(target, "backend", None)
            return recorder.original(launcher, *args, **kwargs)

        SPIRVLauncher.__call__ = recording_call
        return self

    def __exit__(self, *exc):
        SPIRVLauncher.__call__ = self.original


@pytest.fixture(autouse=True)
def triton_cpu_backend():
    # Each test compiles afresh: the graph cache would skip the code the checks read.
    # config.patch, not monkeypatch: on torch 2.11 monkeypatch's undo deletes the entry, and
    # the next test's setattr finds no `cpu_backend`.
    with inductor_config.patch(cpu_backend="triton", fx_graph_cache=False):
        torch._dynamo.reset()
        # Memory Inductor allocates for outputs starts as NaN (or the integer maximum), so an
        # element no kernel wrote cannot pass for a right one.
        previous = (torch.are_deterministic_algorithms_enabled(),
                    torch.utils.deterministic.fill_uninitialized_memory)
        torch.use_deterministic_algorithms(True)
        torch.utils.deterministic.fill_uninitialized_memory = True
        yield
        torch.use_deterministic_algorithms(previous[0])
        torch.utils.deterministic.fill_uninitialized_memory = previous[1]
        torch._dynamo.reset()


def compile_and_run(fn, *args, **compile_options):
    """(result, generated Triton kernel names, {launched kernel name: target backend})."""
    return run_recorded(torch.compile(fn, **compile_options), *args)


def run_recorded(compiled, *args):
    """Runs a torch.compile'd function once: as compile_and_run."""
    with LaunchRecorder() as recorder:
        result, codes = run_and_get_code(compiled, *args)
    generated = {name for code in codes for name in _KERNEL_DEFINITION.findall(code)}
    return result, generated, recorder.launched


def assert_all_kernels_ours(generated, launched, target="cpu"):
    """Every generated kernel ran through our launcher, compiled for `target` (Triton's `cpu`
    target for CPU tensors, `spirv` on the spirv device)."""
    assert generated, "Inductor generated no Triton kernel"
    missing = generated - set(launched)
    assert not missing, f"kernels not run by triton-spirv: {sorted(missing)}"
    assert all(launched[name] == target for name in generated), launched
