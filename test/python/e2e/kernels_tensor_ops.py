"""Kernels for test_tensor_ops.py: scans, join/split/cat, gather, histogram,
libdevice calls, unsplat (written for these tests)."""
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def _offsets_2d(R: tl.constexpr, C: tl.constexpr):
    return tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]


@triton.jit
def cumsum_2d_kernel(x_ptr, out_ptr, R: tl.constexpr, C: tl.constexpr, AXIS: tl.constexpr):
    offs = _offsets_2d(R, C)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.cumsum(x, axis=AXIS))


@triton.jit
def _affine_combine(a0, b0, a1, b1):
    # Composition of x -> a*x + b maps (earlier first): associative but not
    # commutative, so it checks the operand order.
    return a0 * a1, b0 * a1 + b1


@triton.jit
def reverse_affine_scan_kernel(a_ptr, b_ptr, a_out, b_out, N: tl.constexpr):
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    ra, rb = tl.associative_scan((a, b), axis=0, combine_fn=_affine_combine, reverse=True)
    tl.store(a_out + offs, ra)
    tl.store(b_out + offs, rb)


@triton.jit
def masked_cumsum_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.store(out_ptr + offs, tl.cumsum(x, axis=0), mask=mask)


@triton.jit
def join_split_cat_kernel(x_ptr, y_ptr, joined_ptr, swapped_ptr, cat_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    j = tl.join(x, y)  # [N, 2]
    tl.store(joined_ptr + offs[:, None] * 2 + tl.arange(0, 2)[None, :], j)
    lhs, rhs = tl.split(j)
    tl.store(swapped_ptr + offs, rhs * 10.0 + lhs)
    c = tl.cat(x, y, can_reorder=True)
    tl.store(cat_ptr + tl.arange(0, 2 * N), c)


@triton.jit
def gather_kernel(src_ptr, idx_ptr, out_ptr, R: tl.constexpr, C: tl.constexpr, AXIS: tl.constexpr):
    offs = _offsets_2d(R, C)
    src = tl.load(src_ptr + offs)
    idx = tl.load(idx_ptr + offs)
    tl.store(out_ptr + offs, tl.gather(src, idx, AXIS))


@triton.jit
def histogram_kernel(x_ptr, out_ptr, masked_out_ptr, n, N: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    bins = tl.arange(0, BINS)
    tl.store(out_ptr + bins, tl.histogram(x, BINS))
    tl.store(masked_out_ptr + bins, tl.histogram(x, BINS, mask=offs < n))


@triton.jit
def pow_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, libdevice.pow(x, y), mask=mask)


@triton.jit
def libdevice_kernel(x_ptr, y_ptr, out_ptr, nan_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.load(y_ptr + offs, mask=mask, other=1.0)
    # x in (0.5, 1.5), y in (-1, 1): every function is well defined.
    tl.store(out_ptr + 0 * n + offs, libdevice.exp(y), mask=mask)
    tl.store(out_ptr + 1 * n + offs, libdevice.pow(x, y), mask=mask)
    tl.store(out_ptr + 2 * n + offs, libdevice.sqrt(x), mask=mask)
    tl.store(out_ptr + 3 * n + offs, libdevice.rsqrt(x), mask=mask)
    tl.store(out_ptr + 4 * n + offs, libdevice.log2(x), mask=mask)
    tl.store(out_ptr + 5 * n + offs, libdevice.sin(y) + libdevice.cos(y), mask=mask)
    tl.store(out_ptr + 6 * n + offs, libdevice.floor(y * 4.0) + libdevice.ceil(y * 4.0), mask=mask)
    tl.store(out_ptr + 7 * n + offs, libdevice.fma(x, y, x), mask=mask)
    tl.store(out_ptr + 8 * n + offs, libdevice.copysign(x, y) + libdevice.hypot(x, y), mask=mask)
    tl.store(out_ptr + 9 * n + offs, libdevice.abs(y) + libdevice.exp2(y), mask=mask)
    tl.store(nan_ptr + offs, libdevice.isnan(tl.log(y)), mask=mask)


@triton.jit
def libdevice_f64_kernel(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    # f64 functions GLSL.std.450 has instructions for (its exp/log/pow/trig
    # are 32-bit only).
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    r = libdevice.sqrt(x) + libdevice.rsqrt(x) + libdevice.floor(y * 3.0) + libdevice.fma(x, y, x)
    tl.store(out_ptr + offs, r + libdevice.abs(y) + libdevice.hypot(x, y))


@triton.jit
def unsplat_kernel(x_ptr, out_ptr):
    # One-element blocks read as scalars (tt.unsplat): item(), a split of a
    # 2-element block, a 0-d reshape.
    one = tl.load(x_ptr + tl.arange(0, 1))
    s = one.item()
    lo, hi = tl.split(tl.load(x_ptr + 1 + tl.arange(0, 2)))
    t = tl.reshape(one, ())
    tl.store(out_ptr, s + lo * hi + t * 3.0)


@triton.jit
def cumsum_1d_kernel(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(out_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), axis=0))


@triton.jit
def _selu_scalar(x, alpha):
    # Runs per element inside tt.map_elementwise: a real branch.
    if x > 0:
        return x
    else:
        return alpha * (tl.exp(x) - 1)


@triton.jit
def _divmod_pair(a0, a1, b0, b1):
    # pack=2: operands arrive as (a0, a1, b0, b1); results per result, then element.
    return a0 // b0, a1 // b1, a0 % b0, a1 % b1


@triton.jit
def map_elementwise_kernel(x_ptr, a_ptr, b_ptr, out_ptr, q_ptr, r_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    alpha = tl.full([BLOCK], 1.67, tl.float32)
    tl.store(out_ptr + offs, tl.map_elementwise(_selu_scalar, x, alpha))
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    q, r = tl.map_elementwise(_divmod_pair, a, b, pack=2)
    tl.store(q_ptr + offs, q)
    tl.store(r_ptr + offs, r)


@triton.jit
def atan2_erf_kernel(y_ptr, x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    y = tl.load(y_ptr + offs, mask=mask)
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, libdevice.atan2(y, x), mask=mask)
    tl.store(out_ptr + n + offs, libdevice.erf(y), mask=mask)


@triton.jit
def column_reductions_kernel(x_ptr, sum_ptr, max_ptr, argmax_ptr, R: tl.constexpr, C: tl.constexpr):
    # Axis-0 reductions of an R x C block (each column's elements may all
    # belong to one invocation: no exchange between invocations then).
    rows = tl.arange(0, R)[:, None]
    cols = tl.arange(0, C)[None, :]
    x = tl.load(x_ptr + rows * C + cols)
    acc = tl.zeros((R, C), dtype=tl.float32)
    for _ in range(2):
        acc += x
    tl.store(sum_ptr + tl.arange(0, C), tl.sum(acc, axis=0))
    tl.store(max_ptr + tl.arange(0, C), tl.max(x, axis=0))
    tl.store(argmax_ptr + tl.arange(0, C), tl.argmax(x, axis=0))


@triton.jit
def dot_scaled_kernel(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                      K: tl.constexpr):
    # e5m2 lhs [M, K], e2m1 rhs [K/2, N] (two fp4 per byte along K), e8m0
    # scales per 32 elements along K ([M, K/32] and [N, K/32]).
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    rkp = tl.arange(0, K // 2)
    rs = tl.arange(0, K // 32)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rkp[:, None] * N + rn[None, :])
    sa = tl.load(a_scale_ptr + rm[:, None] * (K // 32) + rs[None, :])
    sb = tl.load(b_scale_ptr + rn[:, None] * (K // 32) + rs[None, :])
    c = tl.dot_scaled(a, sa, "e5m2", b, sb, "e2m1")
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)


@triton.jit
def f64_math_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    tl.store(out_ptr + offs, tl.exp(x), mask=m)
    tl.store(out_ptr + n + offs, tl.log(tl.abs(x)), mask=m)
    tl.store(out_ptr + 2 * n + offs, libdevice.pow(tl.abs(x), y), mask=m)
    tl.store(out_ptr + 3 * n + offs, libdevice.log1p(tl.abs(x)), mask=m)
    tl.store(out_ptr + 4 * n + offs, libdevice.expm1(x), mask=m)
    tl.store(out_ptr + 5 * n + offs, tl.exp2(x) + tl.log2(tl.abs(x)), mask=m)
    tl.store(out_ptr + 6 * n + offs, libdevice.pow(x, tl.floor(y)), mask=m)

@triton.jit
def erf_f64_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.math.erf(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


@triton.jit
def hyperbolic_f64_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, libdevice.tanh(x), mask=mask)
    tl.store(out_ptr + n + offsets, libdevice.sinh(x), mask=mask)
    tl.store(out_ptr + 2 * n + offsets, libdevice.cosh(x), mask=mask)


@triton.jit
def inverse_hyperbolic_f64_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, libdevice.asinh(x), mask=mask)
    tl.store(out_ptr + n + offsets, libdevice.acosh(x), mask=mask)
    tl.store(out_ptr + 2 * n + offsets, libdevice.atanh(x), mask=mask)
    tl.store(out_ptr + 3 * n + offsets, libdevice.cbrt(x), mask=mask)
    tl.store(out_ptr + 4 * n + offsets, libdevice.erfc(x), mask=mask)


@triton.jit
def exp_f64_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.exp(tl.load(x_ptr + offsets, mask=mask)), mask=mask)


@triton.jit
def trig_f64_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, libdevice.sin(x), mask=mask)
    tl.store(out_ptr + n + offsets, libdevice.cos(x), mask=mask)
    tl.store(out_ptr + 2 * n + offsets, libdevice.tan(x), mask=mask)


@triton.jit
def inverse_trig_f64_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, libdevice.atan(x * 10), mask=mask)
    tl.store(out_ptr + n + offsets, libdevice.asin(x), mask=mask)
    tl.store(out_ptr + 2 * n + offsets, libdevice.acos(x), mask=mask)
    tl.store(out_ptr + 3 * n + offsets, libdevice.atan2(y, x), mask=mask)


@triton.jit
def boolean_arithmetic_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    a = tl.load(a_ptr + offsets, mask=mask) != 0
    b = tl.load(b_ptr + offsets, mask=mask) != 0
    tl.store(out_ptr + offsets, a * b, mask=mask)
    tl.store(out_ptr + n + offsets, a + b, mask=mask)



@triton.jit
def integer_division_kernel(x_ptr, y_ptr, quotient_ptr, remainder_ptr, n, BLOCK: tl.constexpr):
    """C's integer division: the quotient truncated, the remainder with the dividend's sign."""
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask, other=1)
    tl.store(quotient_ptr + offsets, x // y, mask=mask)
    tl.store(remainder_ptr + offsets, x % y, mask=mask)
