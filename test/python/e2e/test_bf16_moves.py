"""bf16 values that are only moved (tl.where, a broadcast scalar, a reduction's subgroup
shuffles) and fp64 <-> bf16 casts, against torch on random data (issue 63: they failed to
compile where bf16 becomes f32 in SPIR-V). Outputs start as a NaN no kernel computes, and
every element is compared bit for bit, so each must have been written."""
import math

import pytest
import torch
import triton
import triton.language as tl

SENTINEL = 0x7FA5  # a bf16 NaN payload nothing here produces
WIDTHS = pytest.mark.parametrize("vector_bytes", [0, 8, 16])
WARPS = pytest.mark.parametrize("num_warps", [1, 4])


def _fresh(shape, dtype=torch.bfloat16):
    if dtype == torch.bfloat16:
        return torch.full(shape, SENTINEL, dtype=torch.int16).view(torch.bfloat16)
    return torch.full(shape, float("nan"), dtype=dtype)


def _assert_same_bits(out, ref):
    bits, ref_bits = out.view(torch.int16), ref.view(torch.int16)
    wrong = bits != ref_bits
    assert not wrong.any(), (wrong.sum().item(), out[wrong][:8], ref[wrong][:8])


@triton.jit
def where_kernel(c_ptr, a_ptr, b_ptr, row_ptr, out_ptr, mixed_ptr, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    c = tl.load(c_ptr + offs) != 0
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(out_ptr + offs, tl.where(c, a, b))
    # The fuzzer's form: a broadcast column chosen by a comparison of bf16 values.
    row = tl.broadcast_to(tl.expand_dims(tl.load(row_ptr + tl.arange(0, M)), 1), (M, N))
    tl.store(mixed_ptr + offs, tl.where(row < b, row, b))


@WIDTHS
@WARPS
def test_where(vector_bytes, num_warps):
    M, N = 16, 32
    c = torch.randint(0, 2, (M, N), dtype=torch.int8)
    a, b = torch.randn(M, N).to(torch.bfloat16), torch.randn(M, N).to(torch.bfloat16)
    # NaN payloads, infinities and signed zeros pass unchanged.
    a.view(torch.int16)[0, :4] = torch.tensor([0x7FC1, -0x0041, 0x7F80, -0x8000], dtype=torch.int16)
    row = torch.randn(M).to(torch.bfloat16)
    out, mixed = _fresh((M, N)), _fresh((M, N))
    where_kernel[(1,)](c, a, b, row, out, mixed, M, N, num_warps=num_warps,
                       vector_bytes=vector_bytes)
    _assert_same_bits(out, torch.where(c != 0, a, b))
    column = row[:, None].expand(M, N)
    _assert_same_bits(mixed, torch.where(column < b, column, b))


@triton.jit
def sum_kernel(x_ptr, rows_ptr, cols_ptr, total_ptr, M: tl.constexpr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    tl.store(rows_ptr + tl.arange(0, M), tl.sum(x, axis=1))
    tl.store(cols_ptr + tl.arange(0, N), tl.sum(x, axis=0))
    tl.store(total_ptr, tl.sum(tl.reshape(x, (M * N,)), axis=0))


@WARPS
@pytest.mark.parametrize("shape", [(1, 2), (4, 64), (16, 16), (2, 256)])
def test_sum_exact(shape, num_warps):
    # Small integers: every partial sum is a bf16, so any order gives torch's sum.
    M, N = shape
    x = torch.randint(-4, 5, (M, N)).to(torch.bfloat16)
    if M * N > 128:
        x = torch.randint(-1, 2, (M, N)).to(torch.bfloat16)
    rows, cols, total = _fresh((M,)), _fresh((N,)), _fresh((1,))
    sum_kernel[(1,)](x, rows, cols, total, M, N, num_warps=num_warps)
    wide = x.double()
    _assert_same_bits(rows, wide.sum(1).to(torch.bfloat16))
    _assert_same_bits(cols, wide.sum(0).to(torch.bfloat16))
    _assert_same_bits(total, wide.sum().reshape(1).to(torch.bfloat16))


@WARPS
def test_sum_rounds_in_bf16(num_warps):
    # Triton adds bf16 in bf16: each of n - 1 adds rounds (2^-9 relative).
    M, N = 8, 64
    x = torch.randn(M, N).to(torch.bfloat16)
    rows, cols, total = _fresh((M,)), _fresh((N,)), _fresh((1,))
    sum_kernel[(1,)](x, rows, cols, total, M, N, num_warps=num_warps)
    wide = x.double()
    for got, ref, n in [(rows, wide.sum(1), N), (cols, wide.sum(0), M), (total, wide.sum().reshape(1), M * N)]:
        bound = (n * 2.0**-8) * wide.abs().sum() + 2.0**-8 * ref.abs()
        assert (got.double() - ref).abs().le(bound).all(), (got, ref)


@triton.jit
def broadcast_scalar_kernel(x_ptr, s_ptr, f_ptr, sum_ptr, splat_ptr, cast_ptr, M: tl.constexpr,
                            N: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * M * N + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offs)
    s = tl.broadcast_to(tl.load(s_ptr + pid), (M, N))
    tl.store(sum_ptr + offs, x + s, mask=x != 1.0)
    tl.store(splat_ptr + offs, s)
    tl.store(cast_ptr + offs, tl.broadcast_to(tl.load(f_ptr + pid), (M, N)).to(tl.bfloat16))


@WIDTHS
@WARPS
def test_broadcast_scalar(vector_bytes, num_warps):
    P, M, N = 3, 8, 16
    x = torch.randn(P, M, N).to(torch.bfloat16)
    x[0, 0, :3] = 1.0  # masked off: keeps the sentinel
    s = torch.randn(P).to(torch.bfloat16)
    f = torch.randn(P) * 100
    sums, splat, cast = _fresh((P, M, N)), _fresh((P, M, N)), _fresh((P, M, N))
    broadcast_scalar_kernel[(P,)](x, s, f, sums, splat, cast, M, N, num_warps=num_warps,
                                  vector_bytes=vector_bytes)
    ref = (x.float() + s.float()[:, None, None]).to(torch.bfloat16)
    ref = torch.where(x != 1.0, ref, _fresh((P, M, N)))
    _assert_same_bits(sums, ref)
    _assert_same_bits(splat, s[:, None, None].expand(P, M, N))
    _assert_same_bits(cast, f.to(torch.bfloat16)[:, None, None].expand(P, M, N))


@triton.jit
def f64_bf16_kernel(x_ptr, nearest_ptr, rtz_ptr, back_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    b = x.to(tl.bfloat16)
    tl.store(nearest_ptr + offs, b, mask=mask)
    tl.store(rtz_ptr + offs, x.to(tl.bfloat16, fp_downcast_rounding="rtz"), mask=mask)
    tl.store(back_ptr + offs, b.to(tl.float64), mask=mask)


def _bf16_of(x, toward_zero=False):
    """Correctly rounded f64 -> bf16 (torch's goes through f32: rounded twice)."""
    if math.isnan(x) or math.isinf(x) or x == 0:
        return x
    exponent = max(math.frexp(x)[1], -125)  # bf16 has f32's exponent range
    quantum = 2.0 ** (exponent - 8)  # 8 significant bits
    steps = math.trunc(x / quantum) if toward_zero else round(x / quantum)
    value = math.copysign(steps * quantum, x)
    largest = 3.3895313892515355e38
    if abs(value) > largest:
        return math.copysign(largest if toward_zero else math.inf, x)
    return value


def test_f64_to_bf16_rounds_once():
    n = 2000
    x = torch.randn(n, dtype=torch.float64) * torch.exp2(torch.randint(-140, 130, (n,)).double())
    # Just above and below bf16 ties, which rounding through f32 first gets wrong.
    ties = torch.randn(64).to(torch.bfloat16).double() * (1 + 2.0**-8)
    special = [1 + 2.0**-8 + 2.0**-30, 1 + 2.0**-8 - 2.0**-30, 1 + 3 * 2.0**-8, -(1 + 2.0**-8 + 2.0**-40),
               2.0**-133, 2.0**-134, 1.5 * 2.0**-134, 2.0**-150, 3.3961e38, 3.3e38, 1e39, -1e300, 1e-300,
               0.0, -0.0, math.inf, -math.inf, math.nan]
    x[:64] = ties + ties * 2.0**-29 * torch.randn(64, dtype=torch.float64).sign()
    x[64:64 + len(special)] = torch.tensor(special, dtype=torch.float64)
    nearest, rtz, back = _fresh((n,)), _fresh((n,)), _fresh((n,), torch.float64)
    f64_bf16_kernel[(triton.cdiv(n, 256),)](x, nearest, rtz, back, n, BLOCK=256)
    ref = torch.tensor([_bf16_of(v) for v in x.tolist()], dtype=torch.float64)
    ref_rtz = torch.tensor([_bf16_of(v, True) for v in x.tolist()], dtype=torch.float64)
    for got, want in [(nearest, ref), (rtz, ref_rtz)]:
        nan = want.isnan()
        assert torch.equal(got.double().isnan(), nan)
        wrong = (got.double() != want) & ~nan
        wrong |= (got.double() == 0) & (got.double().copysign(torch.tensor(1.0)) != want.copysign(torch.tensor(1.0)))
        assert not wrong.any(), (x[wrong][:6], got[wrong][:6], want[wrong][:6])
    # bf16 -> f64 is exact.
    assert torch.equal(back.isnan(), nearest.isnan())
    assert torch.equal(back[~back.isnan()], nearest.double()[~back.isnan()])
