"""fp8 (e5m2, e4m3fn) conversions and rounding toward zero, on the default
Vulkan device, against torch's conversions and an independent truncation."""
import math

import numpy as np
import pytest
import torch
import triton
import triton.language as tl

from . import kernels_conversions as k

torch.manual_seed(0)

SENTINEL_BYTE = 0x55  # marks fp8 elements the kernel never wrote

FP8 = {
    torch.float8_e5m2: dict(largest=57344.0, smallest_subnormal=2.0**-16),
    torch.float8_e4m3fn: dict(largest=448.0, smallest_subnormal=2.0**-9),
}


def _wide_range_values(n, fp8_dtype):
    """Random magnitudes over the whole fp8 range (subnormals to overflow),
    plus zeros, infinities, NaN and exact halfway cases."""
    info = FP8[fp8_dtype]
    low = math.log2(info["smallest_subnormal"]) - 2
    high = math.log2(info["largest"]) + 2
    exponents = torch.empty(n).uniform_(low, high)
    x = torch.randn(n).sign() * torch.exp2(exponents)
    special = torch.tensor([0.0, -0.0, float("inf"), -float("inf"), float("nan"),
                            info["largest"], -info["largest"], info["smallest_subnormal"],
                            1.5 * info["smallest_subnormal"],  # tie between subnormals
                            2.5 * info["smallest_subnormal"], 1.125, 1.375, -1.0625])
    x[:len(special)] = special
    return x


def _fp8_reference(x, fp8_dtype):
    # Triton's CUDA backend saturates finite overflow (cvt.rn.satfinite).
    largest = FP8[fp8_dtype]["largest"]
    return x.float().clamp(-largest, largest).to(fp8_dtype)


def _assert_same_fp8(out, ref):
    out_bits, ref_bits = out.view(torch.uint8), ref.view(torch.uint8)
    out_nan, ref_nan = out.float().isnan(), ref.float().isnan()
    assert torch.equal(out_nan, ref_nan)
    mismatch = (out_bits != ref_bits) & ~ref_nan
    assert not mismatch.any(), (out.float()[mismatch][:8], ref.float()[mismatch][:8])


@pytest.mark.parametrize("fp8_dtype", [torch.float8_e5m2, torch.float8_e4m3fn])
@pytest.mark.parametrize("src_dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_fp8_round_trip(fp8_dtype, src_dtype):
    n = 3000
    x = _wide_range_values(n, fp8_dtype).to(src_dtype)
    fp8 = torch.full((n,), SENTINEL_BYTE, dtype=torch.uint8).view(fp8_dtype)
    back = torch.full((n,), float("nan"))
    k.fp8_round_trip_kernel[(triton_cdiv(n, 512),)](x, fp8, back, n, BLOCK=512)
    ref = _fp8_reference(x, fp8_dtype)
    _assert_same_fp8(fp8, ref)
    # Widening is exact, NaN included.
    assert torch.equal(back.isnan(), ref.float().isnan())
    keep = ~back.isnan()
    assert torch.equal(back[keep], ref.float()[keep])


@pytest.mark.parametrize("fp8_dtype", list(FP8))
@pytest.mark.parametrize("out_dtype", [torch.float16, torch.float32])
def test_fp8_widening_every_bit_pattern(fp8_dtype, out_dtype):
    fp8 = torch.arange(256, dtype=torch.int32).to(torch.uint8).view(fp8_dtype)
    out = torch.full((256,), float("nan"), dtype=out_dtype)
    k.fp8_widen_kernel[(1,)](fp8, out, BLOCK=256)
    ref = fp8.float().to(out_dtype)
    assert torch.equal(out.isnan(), ref.isnan())
    keep = ~ref.isnan()
    assert torch.equal(out[keep], ref[keep])


def _truncate_toward_zero(x, mantissa_bits, min_exponent, largest):
    """Round |x| down to the target format's grid (independent of the
    kernel's method): the spacing at x is 2^(max(e, min_exponent) - m)."""
    x = x.double()
    mag = x.abs()
    e = torch.floor(torch.log2(mag.clamp_min(1e-300)))
    ulp = torch.exp2(torch.clamp(e, min=min_exponent) - mantissa_bits)
    r = torch.floor(mag / ulp) * ulp
    r = torch.where(mag == 0, mag, r).clamp(max=largest)
    r = torch.where(mag.isinf(), mag, r)
    return torch.where(x.isnan(), x, torch.copysign(r, x))


def test_round_toward_zero():
    n = 2000
    x = torch.randn(n) * torch.exp2(torch.empty(n).uniform_(-26, 18))
    x[:4] = torch.tensor([70000.0, -65519.0, 1e-9, -0.0])
    d = torch.randn(n, dtype=torch.float64) * torch.exp2(torch.empty(n, dtype=torch.float64).uniform_(-140, 130))
    h = torch.full((n,), float("nan"), dtype=torch.float16)
    f = torch.full((n,), float("nan"))
    e5 = torch.full((n,), SENTINEL_BYTE, dtype=torch.uint8).view(torch.float8_e5m2)
    k.round_toward_zero_kernel[(triton_cdiv(n, 256),)](x, d, h, f, e5, n, BLOCK=256)
    ref_h = _truncate_toward_zero(x, 10, -14, 65504.0).to(torch.float16)
    assert torch.equal(h, ref_h)
    ref_f = _truncate_toward_zero(d, 23, -126, 3.4028234663852886e38).float()
    assert torch.equal(f, ref_f)
    ref_e5 = _truncate_toward_zero(ref_h, 2, -14, 57344.0).to(torch.float8_e5m2)
    assert torch.equal(e5.view(torch.uint8), ref_e5.view(torch.uint8))


def test_narrow_then_widen_keeps_the_rounding():
    # extf(truncf(x)) is not x: a driver folding the pair would return x unrounded.
    n = 1500
    x = torch.randn(n) * torch.exp2(torch.empty(n).uniform_(-20, 14))
    d = torch.randn(n, dtype=torch.float64) * torch.exp2(torch.empty(n, dtype=torch.float64).uniform_(-120, 120))
    x_out = torch.full((n,), float("nan"))
    d_out = torch.full((n,), float("nan"), dtype=torch.float64)
    k.narrow_and_widen_kernel[(triton_cdiv(n, 256),)](x, d, x_out, d_out, n, BLOCK=256)
    assert not torch.equal(x.half().float(), x)  # the data needs rounding
    assert torch.equal(x_out, x.half().float())
    assert torch.equal(d_out, d.float().double())


def test_conversion_chains_keep_each_rounding():
    # Mesa 25 folds f2f64(i2f32(x)) into i2f64(x) (and f2i(f2f(x)), f2i(i2f(x)) alike) unless
    # the outer conversion is exact: int32 -> f32 -> f64 kept every bit of the integer, and an
    # f32 fma of an int32 converted to f32 came out one ulp off.
    n = 1000
    i = torch.randint(-2**31, 2**31 - 1, (n,), dtype=torch.int32)
    u = torch.randint(-2**31, 2**31 - 1, (n,), dtype=torch.int32)  # read as uint32
    a = (torch.randint(-32, 32, (n,)) * 0.25 + 0.125).float()
    out = torch.full((2 * n,), float("nan"), dtype=torch.float64)
    fma = torch.full((n,), float("nan"))
    ints = torch.zeros(2 * n, dtype=torch.int32)
    k.conversion_chains_kernel[(triton_cdiv(n, 256),)](i, triton.reinterpret(u, tl.uint32), a,
                                                       out, fma, ints, n, BLOCK=256)
    unsigned = u.numpy().view(np.uint32)
    assert torch.equal(out[:n], i.float().double())
    assert torch.equal(out[n:], torch.from_numpy(unsigned.astype(np.float32).astype(np.float64)))
    # a * f + a is exact in f64 here (|a| has 6 bits, f 24), so rounding it once is the fma.
    assert torch.equal(fma, (a.double() * i.float().double() + a.double()).float())
    assert torch.equal(ints[:n], i.float().int())
    assert torch.equal(ints[n:], (a * 1000.0).half().int())


def test_f64_to_f16_rounds_once():
    # lavapipe converts f64 -> f16 through f32, rounding twice: 1 + 2^-11 + 2^-40 became 1.
    # Now f32 rounded to odd first (Triton-CUDA's cvt.rn.f16.f64 rounds once; numpy too).
    n = 3000
    d = torch.randn(n, dtype=torch.float64) * torch.exp2(torch.randint(-27, 17, (n,)).double())
    # Just off the midpoints between neighbouring f16 values (normal and subnormal), by less
    # than an f32 ulp.
    h = torch.randn(200, dtype=torch.float64).half().double()
    h[100:] *= 2.0**-14
    ulp = torch.from_numpy(np.spacing(h.half().numpy()).astype(np.float64))
    d[:200] = (h + ulp / 2) * (1 + torch.randn(200, dtype=torch.float64).sign() * 2.0**-30)
    special = [0.0, -0.0, math.inf, -math.inf, math.nan, 65504.0, 65519.99, 65520.0, 2.0**-25,
               2.0**-25 + 2.0**-60, 1 + 2.0**-11 + 2.0**-40]
    d[200:200 + len(special)] = torch.tensor(special, dtype=torch.float64)
    out = torch.full((n,), 12345.0, dtype=torch.float16)
    k.f64_to_f16_kernel[(triton_cdiv(n, 256),)](d, out, n, BLOCK=256)
    ref = torch.from_numpy(d.numpy().astype(np.float16))
    same = (out.view(torch.int16) == ref.view(torch.int16)) | (out.isnan() & ref.isnan())
    assert same.all(), f"{d[~same][:4].tolist()} -> {out[~same][:4].tolist()}, not {ref[~same][:4].tolist()}"


def triton_cdiv(a, b):
    return (a + b - 1) // b
