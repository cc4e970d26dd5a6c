"""Kernels whose results Triton rounds once: tl.fma (llvm.fma), tl.math.sqrt_rn and div_rn
(IEEE round to nearest), libdevice's _rn functions."""
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def fma_kernel(a_ptr, b_ptr, c_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    a = tl.load(a_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    c = tl.load(c_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, tl.fma(a, b, c), mask=mask)


@triton.jit
def fma_residual_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """a*b's rounding error, fma(a, b, -(a*b)): zero unless the fma is fused."""
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    a = tl.load(a_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, tl.fma(a, b, -(a * b)), mask=mask)


@triton.jit
def libdevice_fma_kernel(a_ptr, b_ptr, c_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    a = tl.load(a_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    c = tl.load(c_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, libdevice.fma(a, b, c), mask=mask)


@triton.jit
def rn_ops_kernel(x_ptr, y_ptr, sqrt_ptr, div_ptr, rcp_ptr, lib_sqrt_ptr, lib_div_ptr,
                  lib_rcp_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(sqrt_ptr + offsets, tl.math.sqrt_rn(x), mask=mask)
    tl.store(div_ptr + offsets, tl.math.div_rn(x, y), mask=mask)
    tl.store(rcp_ptr + offsets, tl.math.div_rn(1.0, y), mask=mask)
    tl.store(lib_sqrt_ptr + offsets, libdevice.sqrt_rn(x), mask=mask)
    tl.store(lib_div_ptr + offsets, libdevice.div_rn(x, y), mask=mask)
    tl.store(lib_rcp_ptr + offsets, libdevice.rcp_rn(y), mask=mask)


@triton.jit
def directed_rounding_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """libdevice's f32 add, sub, mul, div, rcp and sqrt rounded toward zero, up and down: 18
    results per element, out[k * n + i]."""
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    magnitude = tl.abs(x)
    results = (libdevice.add_rz(x, y), libdevice.add_ru(x, y), libdevice.add_rd(x, y),
               libdevice.sub_rz(x, y), libdevice.sub_ru(x, y), libdevice.sub_rd(x, y),
               libdevice.mul_rz(x, y), libdevice.mul_ru(x, y), libdevice.mul_rd(x, y),
               libdevice.div_rz(x, y), libdevice.div_ru(x, y), libdevice.div_rd(x, y),
               libdevice.rcp_rz(y), libdevice.rcp_ru(y), libdevice.rcp_rd(y),
               libdevice.sqrt_rz(magnitude), libdevice.sqrt_ru(magnitude),
               libdevice.sqrt_rd(magnitude))
    for k in tl.static_range(len(results)):
        tl.store(out_ptr + k * n + offsets, results[k], mask=mask)


@triton.jit
def round_to_integer_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """libdevice's trunc, round (half away from zero), rint (half to even), floor and ceil:
    out[k * n + i]."""
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    results = (libdevice.trunc(x), libdevice.round(x), libdevice.rint(x), libdevice.floor(x),
               libdevice.ceil(x))
    for k in tl.static_range(len(results)):
        tl.store(out_ptr + k * n + offsets, results[k], mask=mask)


@triton.jit
def ieee_specials_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """x * 0, x - x and x + 0: NaN for infinities and NaN, signs of zero kept."""
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x * 0.0, mask=mask)
    tl.store(out_ptr + n + offsets, x - x, mask=mask)
    tl.store(out_ptr + 2 * n + offsets, x + 0.0, mask=mask)


@triton.jit
def chained_fma_kernel(x_ptr, out_ptr, N: tl.constexpr):
    """Three dependent fmas (fuzzer seed 3300017): their emulation is a DAG whose values are
    used several times, which the vectorizer once cloned per lane as a tree (minutes)."""
    offsets = tl.arange(0, N)
    x = tl.load(x_ptr + offsets)
    a = tl.fma(x, x, x)
    b = tl.fma(a, a, a)
    tl.store(out_ptr + offsets, tl.fma(x, b, x))
