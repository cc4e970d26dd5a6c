"""fp8e4b15 (Triton's bias-15 e4m3) conversions and dots on the default Vulkan
device, against a numpy model of the format written from its definition:
exact widening, narrowing clamped to 1.75 and rounded half away from zero
(fp32 toward zero to fp16 first), as Triton's CUDA backend converts.
Triton 3.6.0's test_dot_max_num_imprecise_acc[*-float8e4b15-*] and
test_permute[*-float8e4b15-*] failed to compile before ('type fp8e4b15 not
supported in this architecture')."""
import numpy as np
import pytest
import torch
import triton
import triton.language as tl

SENTINEL = 0x55  # marks elements the kernel never wrote


@triton.jit
def widen_kernel(bits_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(bits_ptr + offs, mask=mask).to(tl.float8e4b15, bitcast=True)
    tl.store(out_ptr + offs, x.to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def narrow_kernel(x_ptr, bits_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(tl.float8e4b15)
    tl.store(bits_ptr + offs, x.to(tl.int8, bitcast=True), mask=mask)


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm, rn, rk = tl.arange(0, M), tl.arange(0, N), tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :]).to(tl.float8e4b15, bitcast=True)
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :]).to(tl.float8e4b15, bitcast=True)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


def decode(bits):
    """Exact values of fp8e4b15 bytes: 4 exponent bits of bias 15, 3 mantissa
    bits, subnormals at exponent 0, no infinity or NaN."""
    b = np.asarray(bits, dtype=np.int64) & 0xFF
    sign = np.where(b & 0x80, -1.0, 1.0)
    exponent, mantissa = (b >> 3) & 0xF, b & 0x7
    magnitude = np.where(exponent == 0, mantissa / 8 * 2.0**-14, (1 + mantissa / 8) * 2.0**(exponent - 15))
    return sign * magnitude


CODES = decode(np.arange(128))  # increasing magnitudes


def encode(values):
    """fp16-representable values -> bytes: |x| clamped to 1.75 (NaN and inf
    too), the nearer code, ties away from zero, the sign kept."""
    v = np.asarray(values, dtype=np.float64)
    mag = np.minimum(np.abs(np.nan_to_num(v, nan=np.inf)), 1.75)
    above = np.clip(np.searchsorted(CODES, mag, side="left"), 0, 127)
    below = np.clip(above - 1, 0, 127)
    nearer = np.where(mag - CODES[below] >= CODES[above] - mag, above, below)
    return (nearer | (np.signbit(v).astype(np.int64) << 7)).astype(np.uint8)


def toward_zero_fp16(x):
    """fp32 -> fp16 rounded toward zero (numpy rounds to nearest)."""
    h = x.astype(np.float16)
    overshot = np.abs(h.astype(np.float32)) > np.abs(x)
    return np.where(overshot, np.nextafter(h, np.float16(0)), h)


@pytest.mark.parametrize("out_dtype", [torch.float16, torch.float32, torch.bfloat16])
def test_widening_every_byte(out_dtype):
    bits = torch.arange(256, dtype=torch.int32).to(torch.uint8).view(torch.int8)
    out = torch.full((256,), float("nan"), dtype=out_dtype)
    widen_kernel[(1,)](bits, out, 256, BLOCK=256)
    ref = decode(np.arange(256))
    assert np.array_equal(out.double().numpy(), ref)
    assert np.array_equal(np.signbit(out.float().numpy()), np.arange(256) >= 128)


def test_narrowing_every_fp16():
    halves = torch.arange(65536, dtype=torch.int32).to(torch.int16).view(torch.float16)
    out = torch.full((65536,), SENTINEL, dtype=torch.int8)
    narrow_kernel[(64,)](halves, out, 65536, BLOCK=1024)
    ref = encode(halves.double().numpy())
    got = out.numpy().view(np.uint8)
    bad = np.nonzero(got != ref)[0]
    assert bad.size == 0, (halves[bad[:8]], got[bad[:8]], ref[bad[:8]])


def test_narrowing_fp32_rounds_toward_zero_to_fp16_first():
    rng = np.random.RandomState(0)
    x = (rng.randn(20000) * np.exp2(rng.uniform(-20, 2, 20000))).astype(np.float32)
    # Just below a tie of the fp8 grid (1.0625): toward zero to fp16 stays below it (1.0),
    # nearest to fp16 lands on the tie, which would round away (1.125).
    x[:4] = np.float32([1.0625 - 2**-20, -(1.0625 - 2**-20), 3.0, float("nan")])
    out = torch.full((x.size,), SENTINEL, dtype=torch.int8)
    narrow_kernel[(triton.cdiv(x.size, 1024),)](torch.from_numpy(x), out, x.size, BLOCK=1024)
    ref = encode(toward_zero_fp16(x).astype(np.float64))
    assert np.array_equal(out.numpy().view(np.uint8), ref)


@pytest.mark.parametrize("M, N, K", [(16, 16, 32), (32, 64, 64)])
def test_dot(M, N, K):
    rng = np.random.RandomState(M + K)
    a_bits = rng.randint(0, 256, (M, K)).astype(np.uint8)
    b_bits = rng.randint(0, 256, (K, N)).astype(np.uint8)
    c = torch.full((M, N), float("nan"))
    dot_kernel[(1,)](torch.from_numpy(a_bits.view(np.int8)), torch.from_numpy(b_bits.view(np.int8)), c, M, N, K)
    ref = decode(a_bits) @ decode(b_bits)
    np.testing.assert_allclose(c.double().numpy(), ref, rtol=1e-6, atol=1e-6)
