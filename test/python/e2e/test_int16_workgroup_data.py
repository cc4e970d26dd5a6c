"""16-bit integers staged in workgroup memory are held in 32 bits where the device profile says
so (spirv-widen-int16-workgroup-variables; NVIDIA's driver lost the sign of i16 workgroup loads:
an int16 cummin along axis 0 took min(-26, 25) as 25). The nvidia profile's code runs here on
lavapipe (scans along axis 0 use no subgroup operation, so its 32-lane subgroups do not matter):
the widened form must stay right, and the compiled module must hold no i16 workgroup array.
test/python/gpu/test_nvidia_findings.py runs the same scans on the GPU."""
import itertools
import re

import pytest
import torch
import triton
from triton.backends.compiler import GPUTarget

import triton_spirv.driver as driver

from .kernels import scan_then_select_kernel


@pytest.fixture
def nvidia_profile(monkeypatch):
    monkeypatch.setattr(driver.SPIRVDriver, "get_current_target",
                        lambda self: GPUTarget("spirv", "nvidia", 32))


def _workgroup_arrays(spirv_text):
    return re.findall(r"spirv\.GlobalVariable @\w+ : !spirv\.ptr<!spirv\.struct<\(!spirv\.array<"
                      r"\d+ x (vector<\d+x\w+>|\w+)>\)>, Workgroup>", spirv_text)


@pytest.mark.parametrize("dtype, shape, use_max, num_warps", list(itertools.product(
    [torch.int16, torch.int8], [(2, 8), (16, 32)], [False, True], [1, 4])))
def test_int16_scan_staged_in_32_bits(nvidia_profile, dtype, shape, use_max, num_warps):
    M, N = shape
    info = torch.iinfo(dtype)
    generator = torch.Generator().manual_seed(M * N + use_max)
    x = torch.randint(max(info.min, -3000), min(info.max, 3000), (M, N), dtype=dtype,
                      generator=generator)
    w = torch.randint(max(info.min, -3000), min(info.max, 3000), (M, N), dtype=dtype,
                      generator=generator)
    out = torch.full((M, N), 7, dtype=dtype)
    compiled = scan_then_select_kernel[(1,)](x, w, out, M, N, use_max, num_warps=num_warps)
    s = (torch.cummax if use_max else torch.cummin)(x.long(), 0).values
    expected = torch.where(s == x.long(), x.long(), w.long())
    assert torch.equal(out.long(), expected)
    arrays = _workgroup_arrays(compiled.asm["spirvir"])
    assert arrays, "the scan should stage its block in workgroup memory"
    if dtype == torch.int16:
        assert any("i32" in a for a in arrays) and not any("i16" in a for a in arrays), arrays
    else:
        assert any("i8" in a for a in arrays), arrays  # only 16-bit integers are widened
