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


@triton.jit
def two_loop_accumulation_kernel(a_ptr, b_ptr, out_ptr, STEPS1, STEPS2, BM: tl.constexpr,
                                 BN: tl.constexpr, BK: tl.constexpr):
    # One accumulator over two K loops (attention backward's dq: a masked loop, then the
    # rest); either may run zero times.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    b_ptrs = b_ptr + rk[:, None] * BN + rn[None, :]
    for _ in range(STEPS1):
        acc += tl.dot(a, tl.load(b_ptrs))
        b_ptrs += BK * BN
    for _ in range(STEPS2):
        acc += tl.dot(a, tl.load(b_ptrs)) * 0.5
        b_ptrs += BK * BN
    tl.store(out_ptr + rm[:, None] * BN + rn[None, :], acc)


@pytest.mark.parametrize("steps", [(2, 0), (0, 2), (2, 3), (0, 0)])
def test_one_accumulator_over_two_loops(steps):
    BM, BN, BK = 64, 64, 32
    steps1, steps2 = steps
    generator = torch.Generator().manual_seed(11)
    a = (0.5 * torch.randn(BM, BK, generator=generator)).half()
    b = (0.5 * torch.randn(5, BK, BN, generator=generator)).half()
    out = torch.full((BM, BN), float("nan"), device=DEVICE)
    two_loop_accumulation_kernel[(1,)](a.to(DEVICE), b.to(DEVICE), out, steps1, steps2, BM, BN, BK,
                                       num_warps=4)
    expected = torch.zeros(BM, BN)
    for i in range(steps1 + steps2):
        expected += (a.float() @ b[i].float()) * (1.0 if i < steps1 else 0.5)
    torch.testing.assert_close(out.cpu(), expected, rtol=1e-3, atol=1e-3)


@triton.jit
def batched_dot_kernel(a_ptr, b_ptr, c_ptr, BATCH: tl.constexpr, M: tl.constexpr,
                       N: tl.constexpr, K: tl.constexpr):
    batch = tl.arange(0, BATCH)[:, None, None]
    rm = tl.arange(0, M)[None, :, None]
    rn = tl.arange(0, N)[None, None, :]
    a = tl.load(a_ptr + batch * M * K + rm * K + tl.arange(0, K)[None, None, :])
    b = tl.load(b_ptr + batch * K * N + tl.arange(0, K)[None, :, None] * N + rn)
    tl.store(c_ptr + batch * M * N + rm * N + rn, tl.dot(a, b))


@pytest.mark.parametrize("dtype", [torch.float16, torch.float32])
def test_batched_3d_dot(dtype):
    generator = torch.Generator().manual_seed(5)
    a = torch.randn(4, 32, 16, generator=generator).to(dtype)
    b = torch.randn(4, 16, 32, generator=generator).to(dtype)
    c = torch.full((4, 32, 32), float("nan"), device=DEVICE)
    batched_dot_kernel[(1,)](a.to(DEVICE), b.to(DEVICE), c, 4, 32, 32, 16)
    torch.testing.assert_close(c.cpu(), a.float() @ b.float(), rtol=1e-3, atol=1e-3)


@triton.jit
def matmul_with_tail_dot_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr,
                                BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # Whole K blocks in a loop without masks, the remainder as one masked dot after the loop
    # into the same accumulator (row-major operands; out-of-range rows/columns wrap).
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rows = rm % M
    cols = rn % N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    whole = K // BLOCK_K * BLOCK_K
    for k0 in range(0, whole, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + rows[:, None] * K + rk[None, :])
        b = tl.load(b_ptr + rk[:, None] * N + cols[None, :])
        acc += tl.dot(a, b)
    rk = whole + tl.arange(0, BLOCK_K)
    a = tl.load(a_ptr + rows[:, None] * K + rk[None, :], mask=rk[None, :] < K, other=0.0)
    b = tl.load(b_ptr + rk[:, None] * N + cols[None, :], mask=rk[:, None] < K, other=0.0)
    acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
@pytest.mark.parametrize("mnk", [(70, 50, 40), (64, 64, 96), (33, 80, 8)])
def test_matmul_with_a_tail_dot(dtype, mnk):
    # Both dots must multiply the same way (on NVIDIA a bf16 tail dot once ran on f16 matrices).
    M, N, K = mnk
    generator = torch.Generator().manual_seed(3)
    a = torch.randn(M, K, generator=generator).to(dtype)
    b = torch.randn(K, N, generator=generator).to(dtype)
    c = torch.full((M, N), float("nan"), dtype=dtype, device=DEVICE)
    matmul_with_tail_dot_kernel[(triton.cdiv(M, 64), triton.cdiv(N, 32))](
        a.to(DEVICE), b.to(DEVICE), c, M, N, K, BLOCK_M=64, BLOCK_N=32, BLOCK_K=32, num_warps=4)
    expected = a.double() @ b.double()
    assert not c.isnan().any()
    # fp32: ieee or tf32 products; fp16/bf16: f32 sums of exact products, then the output rounds.
    tolerance = {torch.float32: 2e-2, torch.float16: 1e-2, torch.bfloat16: 5e-2}[dtype]
    torch.testing.assert_close(c.cpu().double(), expected, rtol=tolerance, atol=tolerance * 2)
