"""triton-spirv: a Triton backend that compiles kernels to SPIR-V and runs them through Vulkan."""

import os

__all__ = ["activate", "dump_dir"]


def activate():
    """Make triton-spirv Triton's active driver even where another backend (CUDA) is active."""
    from triton.runtime import driver as triton_driver
    from .driver import SPIRVDriver

    triton_driver.set_active(SPIRVDriver())


def dump_dir():
    """Where each compiled kernel's stages (ttir, linalg, spirvir, spv) are written, if anywhere."""
    return os.environ.get("TRITON_SPIRV_DUMP_DIR")
