"""Dots with a narrow float result (`out_dtype=tl.float16`), 2-D and batched 3-D (Triton's
test_dot3d): the products are summed in f32 and rounded once. Summed in f16 they lost digits to
cancellation (8x32x32x32: 0.0178 where numpy's fp16 matmul gives 0.0316)."""
import numpy as np
import pytest
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def batched_dot_kernel(q_ptr, k_ptr, o_ptr, sqb, sqm, sqk, skb, skk, skn, sob, som, son,
                       BB: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                       OUT_DTYPE: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rb = tl.arange(0, BB)
    rk = tl.arange(0, BK)
    q = tl.load(q_ptr + rb[:, None, None] * sqb + rm[None, :, None] * sqm + rk[None, None, :] * sqk)
    k = tl.load(k_ptr + rb[:, None, None] * skb + rk[None, :, None] * skk + rn[None, None, :] * skn)
    o = tl.dot(q, k, input_precision="ieee", out_dtype=OUT_DTYPE)
    tl.store(o_ptr + rb[:, None, None] * sob + rm[None, :, None] * som + rn[None, None, :] * son, o)


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b, c, out_dtype=tl.float16))


ON_MESA22 = triton.runtime.driver.active.get_current_target().arch == "lavapipe-mesa22"
# Mesa 22.3's lavapipe (the fallback profile) leaves 32512 of 32768 outputs of this batched dot
# unwritten at one warp, with an fp32 result too (found 2026-12-06; 2 and 4 warps are right).
MESA22_ONE_WARP_BATCHED_DOT = pytest.mark.xfail(
    ON_MESA22, strict=True, reason="Mesa 22.3: batched dot at num_warps=1 leaves outputs unwritten")


@pytest.mark.parametrize("batch, size, num_warps", [
    (8, 32, 4), pytest.param(8, 64, 1, marks=MESA22_ONE_WARP_BATCHED_DOT), (2, 64, 8), (1, 32, 2)])
def test_batched_fp16_dot_fp16_result(batch, size, num_warps):
    generator = np.random.RandomState(17)
    x = generator.randn(batch, size, size).astype(np.float16)
    y = generator.randn(batch, size, size).astype(np.float16)
    out = torch.full((batch, size, size), float("nan"), dtype=torch.float16, device=DEVICE)
    xd, yd = torch.tensor(x, device=DEVICE), torch.tensor(y, device=DEVICE)
    batched_dot_kernel[(size // 32, size // 32)](xd, yd, out, *xd.stride(), *yd.stride(), *out.stride(),
                                                 batch, 32, 32, size, tl.float16, num_warps=num_warps)
    expected = np.matmul(x.astype(np.float32), y.astype(np.float32))
    result = out.cpu().numpy().astype(np.float32)
    assert not np.isnan(result).any()
    # One rounding to fp16 of the f32 sum: within an fp16 ulp (2^-10 relative; the f32 sums may differ in order).
    np.testing.assert_allclose(result, expected, rtol=2 ** -10, atol=2 ** -24)


def test_fp16_result_accumulates_into_c():
    generator = np.random.RandomState(3)
    a = generator.randn(32, 64).astype(np.float16)
    b = generator.randn(64, 32).astype(np.float16)
    c = generator.randn(32, 32).astype(np.float16)
    c_dev = torch.tensor(c, device=DEVICE)
    dot_kernel[(1,)](torch.tensor(a, device=DEVICE), torch.tensor(b, device=DEVICE), c_dev, 32, 32, 64)
    expected = a.astype(np.float32) @ b.astype(np.float32) + c.astype(np.float32)
    np.testing.assert_allclose(c_dev.cpu().numpy().astype(np.float32), expected, rtol=2 ** -10, atol=2 ** -24)
