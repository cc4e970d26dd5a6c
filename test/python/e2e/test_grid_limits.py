"""Grids beyond the device's per-dispatch workgroup count (65535 on
lavapipe's axis 0) run as several dispatches with a base workgroup id."""
import pytest
import torch
import triton

from triton_spirv import _vulkan_runtime as runtime

from . import kernels


def _axis0_limit():
    return runtime.get_device().device_properties()["max_workgroup_count"][0]


def _split_grid_limit():
    """The axis-0 limit, where a grid beyond it is small enough to test (lavapipe's 65535; an
    NVIDIA GPU's 2^31 - 1 would need billions of programs)."""
    limit = _axis0_limit()
    if limit > (1 << 20):
        pytest.skip(f"the device runs {limit} workgroups along axis 0 in one dispatch")
    return limit


def test_grid_beyond_the_dispatch_limit():
    programs = _split_grid_limit() + 1234
    block = 4
    out = torch.full((programs * block,), -1, dtype=torch.int32)
    kernels.program_id_kernel[(programs,)](out, BLOCK=block)
    expected = torch.arange(programs, dtype=torch.int32).repeat_interleave(block)
    assert torch.equal(out, expected)


def test_num_programs_with_a_split_grid_is_refused():
    programs = _split_grid_limit() + 1
    out = torch.zeros(programs, dtype=torch.int32)
    with pytest.raises(Exception, match="reads tl.num_programs"):
        kernels.num_programs_kernel[(programs,)](out)
