"""libdevice's elementwise functions, one per FN, for accuracy tests."""
import triton
import triton.language as tl
from triton.language.extra import libdevice

NAMES = ["atan", "asin", "acos", "tanh", "sinh", "cosh", "asinh", "acosh", "atanh", "log1p",
         "expm1", "erfc", "cbrt"]


@triton.jit
def libdevice_kernel(x_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    if FN == 0:
        y = libdevice.atan(x)
    elif FN == 1:
        y = libdevice.asin(x)
    elif FN == 2:
        y = libdevice.acos(x)
    elif FN == 3:
        y = libdevice.tanh(x)
    elif FN == 4:
        y = libdevice.sinh(x)
    elif FN == 5:
        y = libdevice.cosh(x)
    elif FN == 6:
        y = libdevice.asinh(x)
    elif FN == 7:
        y = libdevice.acosh(x)
    elif FN == 8:
        y = libdevice.atanh(x)
    elif FN == 9:
        y = libdevice.log1p(x)
    elif FN == 10:
        y = libdevice.expm1(x)
    elif FN == 11:
        y = libdevice.erfc(x)
    else:
        y = libdevice.cbrt(x)
    tl.store(out_ptr + offsets, y, mask=mask)
