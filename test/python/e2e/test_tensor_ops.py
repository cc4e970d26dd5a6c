"""Scans, join/split/cat, gather, histogram, libdevice calls and unsplat,
compiled by triton-spirv and run on the default Vulkan device (lavapipe here)."""
import pytest
import torch

from . import kernels_tensor_ops as k

torch.manual_seed(0)


def _fresh(shape, dtype=torch.float32):
    # NaN (or a sentinel for integers) marks elements the kernel never wrote.
    if dtype.is_floating_point:
        return torch.full(shape, float("nan"), dtype=dtype)
    return torch.full(shape, -12345, dtype=dtype)


@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("R,C", [(16, 32), (8, 64)])
def test_cumsum_2d_each_axis(R, C, axis):
    x = torch.randn(R, C)
    out = _fresh((R, C))
    k.cumsum_2d_kernel[(1,)](x, out, R=R, C=C, AXIS=axis)
    assert not out.isnan().any()
    torch.testing.assert_close(out, torch.cumsum(x, dim=axis), atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("num_warps", [1, 4, 8])
def test_cumsum_1d_1024(num_warps):
    # 10 steps; the steps share two block buffers (fits lavapipe's 32 KiB).
    x = torch.randn(1024)
    out = _fresh((1024,))
    k.cumsum_1d_kernel[(1,)](x, out, N=1024, num_warps=num_warps)
    torch.testing.assert_close(out, torch.cumsum(x, dim=0), atol=1e-4, rtol=1e-4)


def test_cumsum_int_masked():
    n = 100
    x = torch.randint(-50, 50, (128,), dtype=torch.int32)
    out = _fresh((128,), torch.int32)
    k.masked_cumsum_kernel[(1,)](x, out, n, BLOCK=128)
    assert torch.equal(out[:n], torch.cumsum(x[:n], dim=0).to(torch.int32))
    assert (out[n:] == -12345).all()


@pytest.mark.parametrize("N", [64, 128])
def test_reverse_associative_scan_non_commutative(N):
    # Composition of affine maps x -> a*x + b, combined from the end.
    a = torch.rand(N) * 0.5 + 0.75
    b = torch.randn(N)
    ra, rb = _fresh((N,)), _fresh((N,))
    k.reverse_affine_scan_kernel[(1,)](a, b, ra, rb, N=N)
    ref_a, ref_b = torch.empty(N), torch.empty(N)
    acc_a, acc_b = 1.0, 0.0  # identity map
    for i in reversed(range(N)):
        # combine(acc (later elements), current): acc first, then current.
        acc_a, acc_b = acc_a * a[i].item(), acc_b * a[i].item() + b[i].item()
        ref_a[i], ref_b[i] = acc_a, acc_b
    assert not ra.isnan().any() and not rb.isnan().any()
    torch.testing.assert_close(ra, ref_a, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(rb, ref_b, atol=1e-4, rtol=1e-4)


def test_join_split_cat():
    N = 64
    x, y = torch.randn(N), torch.randn(N)
    joined, swapped, cat = _fresh((N, 2)), _fresh((N,)), _fresh((2 * N,))
    k.join_split_cat_kernel[(1,)](x, y, joined, swapped, cat, N=N)
    torch.testing.assert_close(joined, torch.stack([x, y], dim=1))
    torch.testing.assert_close(swapped, y * 10.0 + x)
    # cat may reorder (can_reorder=True); ours keeps order: x then y.
    assert not cat.isnan().any()
    torch.testing.assert_close(cat, torch.cat([x, y]))


@pytest.mark.parametrize("axis", [0, 1])
def test_gather(axis):
    R, C = 16, 32
    src = torch.randn(R, C)
    idx = torch.randint(0, (R, C)[axis], (R, C), dtype=torch.int32)
    out = _fresh((R, C))
    k.gather_kernel[(1,)](src, idx, out, R=R, C=C, AXIS=axis)
    assert not out.isnan().any()
    torch.testing.assert_close(out, torch.gather(src, axis, idx.long()))


def test_histogram():
    N, BINS, n = 512, 64, 300
    x = torch.randint(0, BINS, (N,), dtype=torch.int32)
    out, masked = _fresh((BINS,), torch.int32), _fresh((BINS,), torch.int32)
    k.histogram_kernel[(1,)](x, out, masked, n, N=N, BINS=BINS)
    assert torch.equal(out, torch.bincount(x.long(), minlength=BINS).to(torch.int32))
    assert torch.equal(masked, torch.bincount(x[:n].long(), minlength=BINS).to(torch.int32))


def test_libdevice_functions():
    n = 1000
    x = torch.rand(n) + 0.5
    y = torch.rand(n) * 2 - 1
    out = _fresh((10, n))
    nan = _fresh((n,), torch.int32)
    k.libdevice_kernel[(triton_cdiv(n, 256),)](x, y, out, nan, n, BLOCK=256)
    refs = [
        torch.exp(y),
        torch.pow(x, y),
        torch.sqrt(x),
        torch.rsqrt(x),
        torch.log2(x),
        torch.sin(y) + torch.cos(y),
        torch.floor(y * 4.0) + torch.ceil(y * 4.0),
        x * y + x,
        torch.copysign(x, y) + torch.hypot(x, y),
        torch.abs(y) + torch.exp2(y),
    ]
    for i, ref in enumerate(refs):
        torch.testing.assert_close(out[i], ref, atol=1e-5, rtol=1e-5, msg=f"function {i}")
    assert torch.equal(nan, (y < 0).to(torch.int32))


POW_SPECIAL_VALUES = [float("nan"), -float("inf"), -3.0, -2.5, -2.0, -1.0, -0.5, -0.0, 0.0, 0.5,
                      1.0, 2.0, 2.5, 3.0, float("inf"), 1e30, -1e30]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_pow_follows_c_special_cases(dtype):
    # C's pow (libdevice's): NaN for a finite negative base and a fractional
    # exponent, signed results for odd integer exponents, pow(x, 0) = pow(1, y)
    # = 1 even for NaN, pow(-1, +-inf) = 1, signed zeros and infinities at 0.
    special = torch.tensor(POW_SPECIAL_VALUES, dtype=dtype)
    grid_x, grid_y = torch.meshgrid(special, special, indexing="ij")
    n_random = 2000
    x = torch.cat([grid_x.flatten(), torch.randn(n_random, dtype=dtype) * 3])
    y = torch.cat([grid_y.flatten(), torch.where(torch.rand(n_random) < 0.5,
                                                 torch.randint(-7, 8, (n_random,)).to(dtype),
                                                 torch.randn(n_random, dtype=dtype) * 3)])
    n = x.numel()
    out = torch.full((n,), 777.0, dtype=dtype)  # NaN is a result here: another sentinel
    k.pow_kernel[(triton_cdiv(n, 256),)](x, y, out, n, BLOCK=256)
    ref = torch.pow(x, y)
    rtol = 1e-5 if dtype == torch.float32 else 1e-13
    torch.testing.assert_close(out, ref, rtol=rtol, atol=0, equal_nan=True,
                               msg=lambda m: f"{m}\nx={x[~torch.isclose(out, ref, rtol=rtol, atol=0, equal_nan=True)]}")
    zeros = ref == 0
    assert torch.equal(torch.signbit(out[zeros]), torch.signbit(ref[zeros])), "signs of zero results"


@pytest.mark.parametrize("exponent", [100.001, -37.5, 3.0, 0.3333])
def test_float32_pow_within_two_ulp(exponent):
    # libdevice's powf is within 2 ulp; GL.Pow's f32 exp2(y * log2 x) lost |y log2 x| ulps
    # (FlagGems' pow(x, 100.001): 7.9e-6 relative where torch's 1.3e-6 is allowed).
    n = 4096
    x = torch.rand(n, dtype=torch.float64) * 1.5 + 0.25
    x = x.to(torch.float32)
    y = torch.full((n,), exponent, dtype=torch.float32)
    out = torch.full((n,), float("nan"))
    k.pow_kernel[(triton_cdiv(n, 256),)](x, y, out, n, BLOCK=256)
    exact = torch.pow(x.double(), y.double())
    normal = (exact.abs() < 3e38) & (exact.abs() > 1.2e-38)
    ulp = torch.exp2(torch.floor(torch.log2(exact.abs())) - 23)
    ulps = ((out.double() - exact).abs() / ulp)[normal]
    assert not torch.isnan(out).any()
    assert ulps.max().item() <= 2.0, ulps.max().item()


def test_libdevice_f64():
    N = 128
    x = torch.rand(N, dtype=torch.float64) + 0.1
    y = torch.randn(N, dtype=torch.float64)
    out = _fresh((N,), torch.float64)
    k.libdevice_f64_kernel[(1,)](x, y, out, N=N)
    ref = torch.sqrt(x) + torch.rsqrt(x) + torch.floor(y * 3.0) + (x * y + x) + y.abs() + torch.hypot(x, y)
    torch.testing.assert_close(out, ref)


def test_map_elementwise_branches_and_pack():
    BLOCK = 128
    x = torch.randn(BLOCK)
    a = torch.randint(1, 1000, (BLOCK,), dtype=torch.int32)
    b = torch.randint(1, 50, (BLOCK,), dtype=torch.int32)
    out = _fresh((BLOCK,))
    q, r = _fresh((BLOCK,), torch.int32), _fresh((BLOCK,), torch.int32)
    k.map_elementwise_kernel[(1,)](x, a, b, out, q, r, BLOCK=BLOCK)
    torch.testing.assert_close(out, torch.where(x > 0, x, 1.67 * (torch.exp(x) - 1)))
    # Positive operands: Triton's truncating // and % agree with Python's.
    assert torch.equal(q, a // b)
    assert torch.equal(r, a % b)


def test_unsplat():
    x = torch.randn(4)
    out = _fresh((1,))
    k.unsplat_kernel[(1,)](x, out)
    torch.testing.assert_close(out[0], 4 * x[0] + x[1] * x[2])


def triton_cdiv(a, b):
    return (a + b - 1) // b


def test_atan2_all_quadrants_and_erf():
    n = 1000
    y, x = torch.randn(n), torch.randn(n)
    y[:4] = torch.tensor([1.0, -1.0, 0.0, 2.0])
    x[:4] = torch.tensor([0.0, 0.0, -3.0, -1.0])
    out = _fresh((2 * n,))
    k.atan2_erf_kernel[(triton_cdiv(n, 256),)](y, x, out, n, BLOCK=256)
    torch.testing.assert_close(out[:n], torch.atan2(y, x), atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(out[n:], torch.erf(y), atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("num_warps", [1, 2, 4])
@pytest.mark.parametrize("R,C", [(16, 128), (32, 64), (8, 256), (2, 64), (64, 8)])
def test_column_reductions(R, C, num_warps):
    x = torch.randn(R, C)
    s, m = _fresh((C,)), _fresh((C,))
    a = _fresh((C,), torch.int32)
    k.column_reductions_kernel[(1,)](x, s, m, a, R=R, C=C, num_warps=num_warps)
    torch.testing.assert_close(s, 2 * x.sum(dim=0), atol=1e-5, rtol=1e-5)
    assert torch.equal(m, x.max(dim=0).values)
    assert torch.equal(a, x.argmax(dim=0).to(torch.int32))


E2M1_VALUES = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0,
                            -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0], dtype=torch.float64)


def test_dot_scaled_e5m2_times_e2m1():
    M, N, K = 16, 16, 64
    a = torch.randn(M, K).to(torch.float8_e5m2)
    nibbles = torch.randint(0, 16, (K, N), dtype=torch.uint8)
    b_packed = nibbles[0::2] | (nibbles[1::2] << 4)  # first along K in the low nibble
    sa = torch.randint(120, 134, (M, K // 32), dtype=torch.uint8)
    sb = torch.randint(120, 134, (N, K // 32), dtype=torch.uint8)
    c = _fresh((M, N))
    k.dot_scaled_kernel[(1,)](a.view(torch.uint8), sa, b_packed, sb, c, M=M, N=N, K=K)
    a_ref = a.double() * torch.exp2(sa.double() - 127).repeat_interleave(32, dim=1)
    b_ref = E2M1_VALUES[nibbles.long()] * torch.exp2(sb.double() - 127).repeat_interleave(32, dim=1).T
    torch.testing.assert_close(c.double(), a_ref @ b_ref, atol=1e-3, rtol=1e-5)


def test_f64_exp_log_pow_family():
    n = 1000
    x = torch.randn(n, dtype=torch.float64) * 5
    x[:8] = torch.tensor([0.0, -0.0, 1e-310, -700.0, 700.0, 1e-12, -1e-12, 3.0], dtype=torch.float64)
    y = torch.randn(n, dtype=torch.float64) * 4
    out = _fresh((7 * n,), torch.float64)
    k.f64_math_kernel[(triton_cdiv(n, 256),)](x, y, out, n, BLOCK=256)
    ax = x.abs()
    refs = [x.exp(), ax.log(), ax.pow(y), ax.log1p(), x.expm1(), torch.exp2(x) + ax.log2(),
            x.pow(y.floor())]
    # exp2(x) + log2|x| cancels near x = -0.64: bound its error by its terms' size.
    cancelling = {5: 1e-13 * (torch.exp2(x) + ax.log2().abs())}
    for i, ref in enumerate(refs):
        got = out[i * n:(i + 1) * n]
        if i in cancelling:
            close = (got == ref) | ((got - ref).abs() <= cancelling[i])
            assert close.all(), f"result {i}: {got[~close]} vs {ref[~close]}"
            continue
        torch.testing.assert_close(got, ref, rtol=1e-13, atol=1e-300, equal_nan=True,
                                   msg=lambda m, i=i: f"result {i}: {m}")


def test_f64_erf():
    # Both sides of the series / continued-fraction switch at 2.5, the
    # saturation at 6, tiny and subnormal inputs, signed zeros, inf and NaN.
    x = torch.cat([torch.randn(2000, dtype=torch.float64) * 3,
                   torch.tensor([0.0, -0.0, 1e-300, -1e-310, 2.5, 2.5000000001, -2.4999999,
                                 5.99, 6.0, 40.0, float("inf"), float("-inf"), float("nan")],
                                dtype=torch.float64)])
    y = _fresh(x.shape, torch.float64)
    k.erf_f64_kernel[(triton_cdiv(x.numel(), 256),)](x, y, x.numel(), BLOCK=256)
    torch.testing.assert_close(y, torch.erf(x), rtol=2e-15, atol=2e-15, equal_nan=True)
    assert torch.equal(torch.signbit(y[2000:2002]), torch.tensor([False, True]))


def test_f64_hyperbolic():
    x = torch.cat([torch.randn(1000, dtype=torch.float64) * 4,
                   torch.tensor([0.0, -0.0, 1e-300, 1e-9, -1e-5, 0.3, 20.0, -20.0, 700.5, -710.0,
                                 711.0, float("inf"), float("-inf"), float("nan")],
                                dtype=torch.float64)])
    n = x.numel()
    out = _fresh((3 * n,), torch.float64)
    k.hyperbolic_f64_kernel[(triton_cdiv(n, 256),)](x, out, n, BLOCK=256)
    for i, ref in enumerate([x.tanh(), x.sinh(), x.cosh()]):
        torch.testing.assert_close(out[i * n:(i + 1) * n], ref, rtol=1e-14, atol=1e-300,
                                   equal_nan=True, msg=lambda m, i=i: f"result {i}: {m}")


def test_f64_exp_large_arguments():
    # The two-part Cody-Waite reduction stays two-part (f64 arithmetic is
    # NoContraction): without it Mesa 25 lost 3e-14 relative at x = 350.
    x = torch.tensor([350.25, -350.25, 700.5, 709.0, -700.0, 512.125, 100.0, 1.0],
                     dtype=torch.float64)
    y = _fresh(x.shape, torch.float64)
    k.exp_f64_kernel[(1,)](x, y, x.numel(), BLOCK=8)
    torch.testing.assert_close(y, x.exp(), rtol=4e-16, atol=0)


def test_f64_sin_cos_tan():
    # Within the three-part reduction's range (|x| < ~1.6e6); signed zeros,
    # multiples of pi/2, inf and NaN.
    x = torch.cat([torch.randn(2000, dtype=torch.float64) * 10,
                   (torch.rand(1000, dtype=torch.float64) - 0.5) * 2e6,
                   torch.tensor([0.0, -0.0, 1e-300, 3.141592653589793, 1.5707963267948966,
                                 -4.71238898038469, float("inf"), float("nan")],
                                dtype=torch.float64)])
    n = x.numel()
    out = _fresh((3 * n,), torch.float64)
    k.trig_f64_kernel[(triton_cdiv(n, 256),)](x, out, n, BLOCK=256)
    sin, cos, tan = out[:n], out[n:2 * n], out[2 * n:]
    torch.testing.assert_close(sin, x.sin(), rtol=0, atol=4e-16, equal_nan=True)
    torch.testing.assert_close(cos, x.cos(), rtol=0, atol=4e-16, equal_nan=True)
    torch.testing.assert_close(tan, x.tan(), rtol=4e-15, atol=4e-16, equal_nan=True)
    assert torch.signbit(sin[3001]) and torch.signbit(tan[3001])


def test_f64_inverse_trig():
    x = torch.cat([torch.rand(3000, dtype=torch.float64) * 2 - 1,
                   torch.tensor([1.0, -1.0, 0.0, -0.0, 1.5, 0.9999999, -0.9999999, float("nan")],
                                dtype=torch.float64)])
    y = torch.randn_like(x)
    n = x.numel()
    out = _fresh((4 * n,), torch.float64)
    k.inverse_trig_f64_kernel[(triton_cdiv(n, 256),)](x, y, out, n, BLOCK=256)
    refs = [torch.atan(x * 10), torch.asin(x), torch.acos(x), torch.atan2(y, x)]
    for i, ref in enumerate(refs):
        torch.testing.assert_close(out[i * n:(i + 1) * n], ref, rtol=0, atol=2e-15,
                                   equal_nan=True, msg=lambda m, i=i: f"result {i}: {m}")


def test_f64_inverse_hyperbolic_cbrt_erfc():
    # Each function's whole domain: |x| < 1 for atanh, x >= 1 for acosh, beyond 2^28 where
    # asinh/acosh switch to log(|x|) + ln 2, erfc's continued fraction above 2.5 and its
    # underflow; signed zeros, +-1, inf and NaN.
    x = torch.cat([torch.randn(1000, dtype=torch.float64) * 3,
                   torch.rand(1000, dtype=torch.float64) * 2 - 1,
                   1 + torch.rand(500, dtype=torch.float64) * 100,
                   torch.tensor([0.0, -0.0, 1e-300, 1.0, -1.0, 1e-8, 3e8, -5e10, 2.5, 2.5000001,
                                 27.0, -8.0, 30.0, float("inf"), float("-inf"), float("nan")],
                                dtype=torch.float64)])
    n = x.numel()
    out = _fresh((5 * n,), torch.float64)
    k.inverse_hyperbolic_f64_kernel[(triton_cdiv(n, 256),)](x, out, n, BLOCK=256)
    refs = [torch.asinh(x), torch.acosh(x), torch.atanh(x),
            torch.sign(x) * x.abs().pow(1.0 / 3.0), torch.special.erfc(x)]
    refs[3] = torch.where(x.abs().isinf() | (x == 0), x, refs[3])  # cbrt(+-0/inf) = itself
    # asinh/acosh/atanh inherit log1p's relative error (below 3e-14 outside its series);
    # erfc below 2.5 is 1 - erf: absolute error 5e-16, relative up to ~1e-12 near 2.5.
    for i, ref in enumerate(refs):
        rtol = 2e-12 if i == 4 else 3e-14
        torch.testing.assert_close(out[i * n:(i + 1) * n], ref, rtol=rtol, atol=1e-300,
                                   equal_nan=True, msg=lambda m, i=i: f"result {i}: {m}")
    assert torch.equal(torch.signbit(out[2500:2502]), torch.tensor([False, True]))  # asinh(-0)


def test_boolean_arithmetic():
    # a * b on booleans is `and`; a + b wraps to `xor` in i1 (what Triton's i1 add means).
    generator = torch.Generator().manual_seed(2)
    a = torch.randint(0, 3, (1000,), generator=generator, dtype=torch.int32)
    b = torch.randint(0, 3, (1000,), generator=generator, dtype=torch.int32)
    out = torch.zeros(2000, dtype=torch.bool)
    out[::2] = True  # every element must be written
    k.boolean_arithmetic_kernel[(triton_cdiv(1000, 256),)](a, b, out, 1000, BLOCK=256)
    assert torch.equal(out[:1000], (a != 0) & (b != 0))
    assert torch.equal(out[1000:], (a != 0) ^ (b != 0))


@pytest.mark.parametrize("dtype", [torch.int8, torch.int16, torch.int32, torch.int64])
def test_integer_division_and_remainder(dtype):
    # Triton's // and % on integers are C's: the quotient truncated toward zero, the remainder
    # with the dividend's sign, also for the most negative value (whose magnitude does not fit).
    info = torch.iinfo(dtype)
    n = 2000
    x = torch.randint(info.min, info.max, (n,), dtype=torch.int64)
    y = torch.randint(info.min, info.max, (n,), dtype=torch.int64)
    y[y == 0] = 7
    edges = [(info.min, 3), (info.min, -3), (info.min, 7), (info.min, -101), (info.min, info.max),
             (info.min, info.min), (info.min, 1), (info.min + 1, -1), (info.max, info.min),
             (-7, 3), (7, -3), (-7, -3), (0, -5), (5, info.min)]
    for i, (a, b) in enumerate(edges):
        x[i], y[i] = a, b
    quotient = torch.full((n,), 99, dtype=dtype)
    remainder = torch.full((n,), 99, dtype=dtype)
    k.integer_division_kernel[(triton_cdiv(n, 256),)](x.to(dtype), y.to(dtype), quotient, remainder,
                                                      n, BLOCK=256)
    bits = torch.iinfo(dtype).bits
    def wrap(v):  # two's complement of the type (INT_MIN / -1 is not among the cases)
        return ((v + (1 << (bits - 1))) % (1 << bits)) - (1 << (bits - 1))
    expected_q = [wrap(abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1))
                  for a, b in zip(x.tolist(), y.tolist())]
    expected_r = [wrap(a - q * b) for a, b, q in zip(x.tolist(), y.tolist(), expected_q)]
    assert quotient.tolist() == expected_q
    assert remainder.tolist() == expected_r
