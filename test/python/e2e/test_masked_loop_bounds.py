"""Loops whose masks follow the induction variable run as a mask-free main loop and a
masked rest (split-loops-at-mask-bounds): every split point, including none and all. K loops
of dots run the kernel body as two copies, one without masks for programs whose tiles lie
inside: grids that take both."""
import pytest
import torch
import triton
import triton.language as tl

from . import kernels

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def row_stats_kernel(x_ptr, sum_ptr, max_ptr, y_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    total = tl.zeros((BLOCK,), dtype=tl.float32)
    biggest = tl.full((BLOCK,), -float("inf"), dtype=tl.float32)
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n + cols, mask=cols < n, other=0.0)
        total += x
        biggest = tl.maximum(biggest, tl.where(cols < n, x, -float("inf")))
    tl.store(sum_ptr + row, tl.sum(total, axis=0))
    tl.store(max_ptr + row, tl.max(biggest, axis=0))
    for off in range(0, n, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n + cols, mask=cols < n)
        tl.store(y_ptr + row * n + cols, x * 2.0, mask=cols < n)


@pytest.mark.parametrize("n", [1, 100, 128, 129, 511, 512, 1000])
def test_row_loops_split_at_every_bound(n):
    generator = torch.Generator().manual_seed(n)
    x = torch.randn(5, n, generator=generator).to(DEVICE)
    sums = torch.full((5,), float("nan"), device=DEVICE)
    maxima = torch.full((5,), float("nan"), device=DEVICE)
    y = torch.full_like(x, float("nan"))
    row_stats_kernel[(5,)](x, sums, maxima, y, n, BLOCK=128)
    torch.testing.assert_close(sums.cpu(), x.cpu().sum(dim=1), rtol=1e-5, atol=1e-5)
    assert torch.equal(maxima.cpu(), x.cpu().max(dim=1).values)
    assert torch.equal(y.cpu(), x.cpu() * 2.0)


@triton.jit
def k_blocks_kernel(a_ptr, out_ptr, M, K, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    # Tutorial 03's masks without the dot: rows < M and rk < K - k * BLOCK_K.
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_K), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        mask = (rm[:, None] < M) & (rk[None, :] < K - k * BLOCK_K)
        acc += tl.load(a_ptr + rm[:, None] * K + k * BLOCK_K + rk[None, :], mask=mask, other=0.0)
    tl.store(out_ptr + rm, tl.sum(acc, axis=1), mask=rm < M)


@pytest.mark.parametrize("m, k", [(40, 16), (40, 45), (32, 7), (17, 64)])
def test_k_masks_split(m, k):
    generator = torch.Generator().manual_seed(m * 100 + k)
    a = torch.randn(m, k, generator=generator).to(DEVICE)
    out = torch.full((m,), float("nan"), device=DEVICE)
    k_blocks_kernel[(triton.cdiv(m, 16),)](a, out, m, k, BLOCK_M=16, BLOCK_K=16)
    torch.testing.assert_close(out.cpu(), a.cpu().sum(dim=1), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("m, n, k", [(100, 70, 64), (64, 64, 48), (96, 64, 40), (20, 10, 32)])
def test_dot_loop_versions(dtype, m, n, k):
    # 32 x 32 x 16 blocks. (100, 70, 64): the inner 3 x 2 programs take the mask-free copy and
    # the edge ones the masked copy; (64, 64, 48): every program the mask-free one; (96, 64,
    # 40): K is no multiple of 16, every program the masked one; (20, 10, 32): smaller than
    # one block.
    generator = torch.Generator().manual_seed(m * n + k)
    a = torch.randn(m, k, generator=generator).to(dtype).to(DEVICE)
    b = torch.randn(k, n, generator=generator).to(dtype).to(DEVICE)
    c = torch.full((m, n), float("nan"), device=DEVICE)
    grid = (triton.cdiv(m, 32), triton.cdiv(n, 32))
    kernels.matmul_kernel[grid](a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0),
                                b.stride(1), c.stride(0), c.stride(1), BLOCK_M=32, BLOCK_N=32,
                                BLOCK_K=16)
    assert not c.isnan().any()
    expected = a.cpu().double() @ b.cpu().double()
    torch.testing.assert_close(c.cpu().double(), expected, rtol=1e-3, atol=1e-3)


@triton.jit
def matmul_hoisted_masks_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr,
                                BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # Row and column masks computed once, before the K loop; K a multiple of BLOCK_K.
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_mask = (rm[:, None] < M) & (rk[None, :] < BLOCK_K)
    b_mask = (rk[:, None] < BLOCK_K) & (rn[None, :] < N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=a_mask, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=b_mask, other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@pytest.mark.parametrize("m, n", [(100, 70), (64, 64)])
def test_dot_loop_versions_hoisted_masks(m, n):
    k = 48
    generator = torch.Generator().manual_seed(m + n)
    a = torch.randn(m, k, generator=generator).to(DEVICE)
    b = torch.randn(k, n, generator=generator).to(DEVICE)
    c = torch.full((m, n), float("nan"), device=DEVICE)
    matmul_hoisted_masks_kernel[(triton.cdiv(m, 32), triton.cdiv(n, 32))](
        a, b, c, m, n, k, BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
    assert not c.isnan().any()
    expected = a.cpu().double() @ b.cpu().double()
    torch.testing.assert_close(c.cpu().double(), expected, rtol=1e-4, atol=1e-4)


@triton.jit
def persistent_matmul_kernel(a_ptr, b_ptr, c_ptr, count_ptr, M, N, K, PROGRAMS: tl.constexpr,
                             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                             BLOCK_K: tl.constexpr):
    # One program per tile in turn (a persistent kernel): the K loop is versioned inside the
    # tile loop, and the count the tile loop carries comes out of whichever copy ran.
    tiles_n = tl.cdiv(N, BLOCK_N)
    tiles = tl.cdiv(M, BLOCK_M) * tiles_n
    count = 0
    for tile in range(tl.program_id(0), tiles, PROGRAMS):
        rm = (tile // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = (tile % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
        rk = tl.arange(0, BLOCK_K)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_K)):
            k_left = K - k * BLOCK_K
            a = tl.load(a_ptr + rm[:, None] * K + (k * BLOCK_K + rk)[None, :],
                        mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
            b = tl.load(b_ptr + (k * BLOCK_K + rk)[:, None] * N + rn[None, :],
                        mask=(rk[:, None] < k_left) & (rn[None, :] < N), other=0.0)
            acc = tl.dot(a, b, acc, input_precision="ieee")
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
                 mask=(rm[:, None] < M) & (rn[None, :] < N))
        count += 1
    tl.store(count_ptr + tl.program_id(0), count)


@pytest.mark.parametrize("m, n, k", [(100, 70, 64), (64, 96, 48), (70, 40, 40)])
def test_dot_loop_versions_in_tile_loop(m, n, k):
    programs = 3
    generator = torch.Generator().manual_seed(m * n * k)
    a = torch.randn(m, k, generator=generator).to(DEVICE)
    b = torch.randn(k, n, generator=generator).to(DEVICE)
    c = torch.full((m, n), float("nan"), device=DEVICE)
    counts = torch.full((programs,), -1, dtype=torch.int32, device=DEVICE)
    persistent_matmul_kernel[(programs,)](a, b, c, counts, m, n, k, PROGRAMS=programs,
                                          BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
    assert not c.isnan().any()
    expected = a.cpu().double() @ b.cpu().double()
    torch.testing.assert_close(c.cpu().double(), expected, rtol=1e-4, atol=1e-4)
    tiles = triton.cdiv(m, 32) * triton.cdiv(n, 32)
    assert counts.cpu().tolist() == [len(range(p, tiles, programs)) for p in range(programs)]
