"""The device profile chosen for a Vulkan device, and what the profiles change."""
import pytest
import torch
import triton
import triton.language as tl

from triton_spirv import _compiler
from triton_spirv.driver import _profile_for


@pytest.mark.parametrize("properties, profile", [
    ({"vendor_id": 0x10DE, "driver_info": "580.95.05", "has_cooperative_matrix": True,
      "features": {"shader_bfloat16_cooperative_matrix": True}}, "nvidia"),
    ({"vendor_id": 0x10DE, "driver_info": "550.54.14", "has_cooperative_matrix": True,
      "features": {"shader_bfloat16_cooperative_matrix": False}}, "nvidia-no-bf16"),
    # No VK_KHR_cooperative_matrix (a GPU before Turing, an old driver): dots on FMAs.
    ({"vendor_id": 0x10DE, "driver_info": "470.256.02", "has_cooperative_matrix": False,
      "features": {}}, "nvidia-fma"),
    ({"vendor_id": 0x10005, "driver_info": "Mesa 25.0.7-2~bpo12+1 (LLVM 15.0.6)"}, "lavapipe"),
    ({"vendor_id": 0x10005, "driver_info": "Mesa 26.1.0 (LLVM 19.1.7)"}, "lavapipe"),
    ({"vendor_id": 0x10005, "driver_info": "Mesa 22.3.6 (LLVM 15.0.6)"}, "lavapipe-mesa22"),
    ({"vendor_id": 0x10005, "driver_info": "Mesa 24.2.8-1 (LLVM 19.1.4)"}, "lavapipe-mesa22"),
    ({"vendor_id": 0x10005}, "lavapipe"),
])
def test_profile_follows_vendor_and_mesa_version(properties, profile):
    assert _profile_for(properties) == profile
    assert _compiler.device_profile(profile)["name"] == profile


def test_expected_mesa_driver():
    # utils/test-mesa22.sh names the driver its run must be on: a loader that
    # fell back to another driver would test that one instead.
    import os
    expected = os.environ.get("TRITON_SPIRV_EXPECT_MESA")
    if not expected:
        pytest.skip("TRITON_SPIRV_EXPECT_MESA not set (only utils/test-mesa22.sh sets it)")
    from triton_spirv import _vulkan_runtime as runtime
    from triton_spirv.driver import SPIRVDriver
    driver_info = runtime.get_device().device_properties()["driver_info"]
    assert driver_info.startswith(f"Mesa {expected}."), driver_info
    assert SPIRVDriver().get_current_target().arch == "lavapipe-mesa22"


@triton.jit
def row_max_minus_sum_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n + cols, mask=cols < n, other=-float("inf"))
    shifted = x - tl.max(x, axis=0)
    total = tl.sum(tl.where(cols < n, shifted, 0.0), axis=0)
    tl.store(out_ptr + row * n + cols, shifted - total, mask=cols < n)


@pytest.mark.parametrize("num_warps", [1, 2, 4])
def test_row_reductions_at_any_num_warps(num_warps):
    # num_warps=1 is one subgroup: on Mesa 25 its reductions are subgroup operations.
    generator = torch.Generator().manual_seed(num_warps)
    x = torch.randn(37, 300, generator=generator)
    out = torch.full_like(x, float("nan"))
    row_max_minus_sum_kernel[(37,)](x, out, 300, BLOCK=512, num_warps=num_warps)
    shifted = x - x.max(dim=1, keepdim=True).values
    torch.testing.assert_close(out, shifted - shifted.sum(dim=1, keepdim=True))
