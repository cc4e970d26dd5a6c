"""The cuda route: kernels on torch CUDA tensors, run by Vulkan on the same NVIDIA GPU.

Taken with TRITON_SPIRV_BACKEND=1 where torch has CUDA (TRITON_SPIRV_CUDA=0 opts out): torch's
CUDA allocations come from Vulkan memory shared with CUDA (our pluggable allocator), and launches
are ordered on torch's current stream through a timeline semaphore shared with CUDA (docs/gpu.md).
"""

import os

from . import _vulkan_runtime as runtime


class CudaRoute:
    """The cuda route's state: torch's allocator swap and the CUDA interop."""

    def __init__(self):
        import torch
        self.allocator_error = None
        try:
            allocator = torch.cuda.memory.CUDAPluggableAllocator(
                runtime.__file__, "triton_spirv_cuda_malloc", "triton_spirv_cuda_free")
            torch.cuda.memory.change_current_allocator(allocator)
            self.allocator = allocator
        except Exception as error:  # torch had served CUDA memory already
            self.allocator_error = str(error).strip()
        self._interop = None

    @property
    def interop(self):
        """The runtime's CudaInterop (Vulkan device + CUDA), created on first use."""
        if self._interop is None:
            self._interop = runtime.cuda_interop(-1)
        return self._interop

    def foreign_tensor_error(self, name):
        if self.allocator_error is not None:
            why = ("torch's CUDA allocator had already served memory when triton-spirv took over "
                   f"({self.allocator_error}); set TRITON_SPIRV_BACKEND=1 before the process "
                   "allocates CUDA tensors (e.g. in the environment, or before importing triton)")
        else:
            why = ("it was not allocated through torch's allocator after triton-spirv took it "
                   "over (memory from another library, a CUDA graph pool, or from before)")
        return ValueError(f"triton-spirv: argument '{name}' is CUDA memory that Vulkan cannot "
                          f"reach: {why}. Copy it into a new tensor (t.clone()) to pass it.")


_cuda_route = None
_cuda_route_decided = False


def cuda_route():
    """The process's CudaRoute, or None on the cpu route (decided once)."""
    global _cuda_route, _cuda_route_decided
    if not _cuda_route_decided:
        _cuda_route_decided = True
        if (os.environ.get("TRITON_SPIRV_BACKEND") == "1"
                and os.environ.get("TRITON_SPIRV_CUDA", "1") != "0" and torch_has_cuda()):
            _cuda_route = CudaRoute()
    return _cuda_route


def torch_has_cuda():
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available() and getattr(torch.version, "hip", None) is None


