"""Kernels for the device_print / device_assert tests."""
import triton
import triton.language as tl


@triton.jit
def print_kernel(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.device_print(" x", x)
    tl.device_print(" pid and offsets", pid, offs)


@triton.jit
def assert_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.device_assert(x >= 0.0, "x must be non-negative")
