"""FMA dots with 8- and 16-bit operands at tiles whose subgroups share rows: on lavapipe each A
element is loaded by one lane and broadcast through a 32-bit shuffle (zero-extended, then
truncated back to its own bits)."""
import pytest
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def tiled_dot_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     BLOCK_K: tl.constexpr, ACC_INT: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    if ACC_INT:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :],
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0)
        if ACC_INT:
            acc = tl.dot(a, b, acc, out_dtype=tl.int32)
        else:
            acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@pytest.mark.parametrize("tile", [(32, 32, 32, 4), (16, 32, 32, 2), (64, 64, 32, 4)])
@pytest.mark.parametrize("dtype", [torch.int8, torch.float16, torch.bfloat16])
def test_narrow_operand_dot(dtype, tile):
    torch.manual_seed(7)
    bm, bn, bk, warps = tile
    M, N, K = 70, 96, 80
    if dtype == torch.int8:
        a = torch.randint(-128, 128, (M, K), dtype=torch.int8)
        b = torch.randint(-128, 128, (K, N), dtype=torch.int8)
        c = torch.full((M, N), -(2 ** 31), dtype=torch.int32, device=DEVICE)
        expected = (a.long() @ b.long()).int()
    else:
        a, b = torch.randn(M, K).to(dtype), torch.randn(K, N).to(dtype)
        c = torch.full((M, N), float("nan"), device=DEVICE)
        expected = a.double() @ b.double()
    grid = (triton.cdiv(M, bm), triton.cdiv(N, bn))
    tiled_dot_kernel[grid](a.to(DEVICE), b.to(DEVICE), c, M, N, K, BLOCK_M=bm, BLOCK_N=bn,
                           BLOCK_K=bk, ACC_INT=dtype == torch.int8, num_warps=warps)
    c = c.cpu()
    if dtype == torch.int8:
        # Exact, and the sentinel would show an unwritten element.
        assert torch.equal(c, expected)
    else:
        assert not torch.isnan(c).any()
        # Products of 16-bit floats are exact in fp32; only the fp32 sums round.
        torch.testing.assert_close(c.double(), expected, rtol=1e-5, atol=1e-4)
