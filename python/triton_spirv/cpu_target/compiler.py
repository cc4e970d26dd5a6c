"""The compiler of Triton's `cpu` target: triton-spirv's, for the active Vulkan device."""

from triton.backends.compiler import GPUTarget

from .. import compiler as spirv_compiler


class CPUTargetBackend(spirv_compiler.SPIRVBackend):
    """Compiles for Triton's `cpu` target. Its arch is the host's ISA (Inductor passes the
    CPU's capability string), so the base class takes profile, subgroup size and cache key
    from the Vulkan device the kernels run on."""

    @staticmethod
    def supports_target(target: GPUTarget):
        return target.backend == "cpu"
