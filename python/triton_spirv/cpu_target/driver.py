"""The driver of Triton's `cpu` target: triton-spirv's driver with CPU tensors.

It never activates itself (Triton's automatic choice stays the `spirv` backend); Inductor
activates it by name for kernels of CPU tensors (its `set_driver_to_cpu`).
"""

import os
import warnings
from importlib.metadata import entry_points

from triton.backends.compiler import GPUTarget

from .. import driver as spirv_driver


class CPUTargetDriver(spirv_driver.SPIRVDriver):

    def __init__(self):
        if os.environ.get("TRITON_SPIRV_BACKEND") == "0":
            raise RuntimeError(
                "triton-spirv: Triton's 'cpu' backend is triton-spirv, which "
                "TRITON_SPIRV_BACKEND=0 disables; unset it to run Inductor's Triton CPU "
                "kernels (torch._inductor.config.cpu_backend = 'triton') through Vulkan")
        _warn_about_other_cpu_backends()
        super().__init__()

    @staticmethod
    def is_active():
        return False

    def get_current_target(self):
        device = spirv_driver.current_device_target()
        return GPUTarget("cpu", device.arch, device.warp_size)


_warned = False


def _warn_about_other_cpu_backends():
    """Triton keeps one backend per name: with another `cpu` backend installed (triton-cpu),
    which one serves the target depends on the order Python lists the packages."""
    global _warned
    if _warned:
        return
    _warned = True
    others = [ep.value for ep in entry_points(group="triton.backends", name="cpu")
              if ep.value != __package__]
    if others:
        warnings.warn(f"triton-spirv: Triton's 'cpu' backend name is also registered by "
                      f"{', '.join(others)}; triton-spirv serves it in this process "
                      "(uninstall one of them to choose)", stacklevel=3)
