"""A dot whose operand is computed from another dot's result (attention's P @ V), with the
second operand transposed from the first's: the staging buffer is shared by both dots, padded
for the first (cooperative matrices on NVIDIA read it with the padded row stride)."""
import pytest
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def dot_chain_kernel(a_ptr, b_ptr, out_ptr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                     SOFTMAX: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    scores = tl.dot(a, b)
    if SOFTMAX:
        scores = tl.exp(scores - tl.max(scores, 1)[:, None])
    out = tl.dot(scores.to(tl.float16), tl.trans(b))
    tl.store(out_ptr + rm[:, None] * BK + rk[None, :], out)


@pytest.mark.parametrize("softmax", [False, True])
@pytest.mark.parametrize("shape", [(64, 64, 32), (32, 32, 32), (64, 32, 32), (128, 32, 64)])
def test_dot_of_a_dot_result(shape, softmax):
    BM, BN, BK = shape
    generator = torch.Generator().manual_seed(BM + BN + BK)
    a = (0.5 * torch.randn(BM, BK, generator=generator)).half()
    b = (0.5 * torch.randn(BK, BN, generator=generator)).half()
    out = torch.full((BM, BK), float("nan"), device=DEVICE)
    dot_chain_kernel[(1,)](a.to(DEVICE), b.to(DEVICE), out, BM, BN, BK, softmax, num_warps=4)
    scores = a.float() @ b.float()
    if softmax:
        scores = torch.exp(scores - scores.max(1, keepdim=True).values)
    expected = scores.half().float() @ b.float().t()
    torch.testing.assert_close(out.cpu(), expected, rtol=2e-2, atol=2e-2)
