"""FlagGems vendor package for triton-spirv (imported by FlagGems as the top-level `_spirv`).

Follows FlagGems' "Adding a New Backend" layout: vendor_info, CUSTOMIZED_UNUSED_OPS,
heuristics_config_utils.py, tune_configs.yaml and ops/ (operator overrides).
"""

import shlex
import sys

import triton  # noqa: F401  (before triton_spirv.driver, which Triton's backend discovery imports)
from flag_gems.runtime.backend.backend_utils import VendorInfoBase

import triton_spirv.flaggems as _registration
from triton_spirv import driver as _driver

# FlagGems imports every vendor package while probing for a device and skips
# those that fail to import: fail here unless our backend runs Triton's kernels.
if not _registration.device_available():
    raise ImportError("triton_spirv.flaggems: the spirv vendor needs triton-spirv as Triton's "
                      "active backend and a Vulkan device (see `python -m triton_spirv.flaggems "
                      "status`); on a CUDA machine set TRITON_SPIRV_BACKEND=1")

# The torch device our driver takes tensors of: CUDA tensors on the cuda route
# (TRITON_SPIRV_BACKEND=1 where torch has CUDA), the spirv device where it is
# Triton's active torch device (GPU drivers, or TRITON_SPIRV_TORCH_DEVICE=spirv),
# CPU tensors otherwise.
_CUDA = _driver.cuda_route() is not None
_DEVICE = "cuda" if _CUDA else ("spirv" if _driver.torch_device_is_active() else "cpu")
if _DEVICE == "spirv":
    # The device's own operators (C++) register before FlagGems' do.
    _driver._torch_device_module()._lazy_init()

vendor_info = VendorInfoBase(
    vendor_name="spirv",
    device_name=_DEVICE,
    # FlagGems runs this (shlex-split, no shell) when GEMS_VENDOR is unset; it
    # exits 0 exactly when device_available() is true.
    device_query_cmd=" ".join(shlex.quote(a) for a in (
        sys.executable, "-c",
        "import sys, triton_spirv.flaggems as f; sys.exit(0 if f.device_available() else 1)")),
    dispatch_key={"cuda": "CUDA", "spirv": "PrivateUse1", "cpu": "CPU"}[_DEVICE],
    # triton.language.extra.cuda.libdevice: __nv_* functions, which our compiler maps.
    triton_extra_name="cuda",
)

# Function names FlagGems' enable()/use_gems() must not register for this vendor.
# Off the cuda route: FlagGems functions that refuse non-CUDA tensors (upstream
# asserts `tensor.is_cuda`, or hands the call back to torch, which is itself
# again); left out, torch's CPU kernels serve these operators (on the spirv
# device through its CPU fallback).
_CPU_REFUSED = (
    "_safe_softmax", "_upsample_nearest_exact1d", "arcsinh", "arcsinh_out", "i0_", "lift_fresh_copy",
    "prelu", "reflection_pad2d", "reflection_pad2d_out", "select_backward", "soft_margin_loss",
    "special_i0e", "special_i0e_out", "special_i1", "t_copy", "t_copy_out", "upsample_bicubic2d",
    "zero", "zero_out",
)
# On the spirv device: fills and zeroing are the device's own (a Vulkan fill command).
_DEVICE_NATIVE = ("fill_scalar_", "zero_")
CUSTOMIZED_UNUSED_OPS = {"cuda": (), "cpu": _CPU_REFUSED,
                         "spirv": _CPU_REFUSED + _DEVICE_NATIVE}[_DEVICE]

__all__ = ["vendor_info", "CUSTOMIZED_UNUSED_OPS"]
