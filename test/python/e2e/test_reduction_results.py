"""Whole-row reductions whose scalar result every element uses (softmax's max and sum, layer
norm's mean): on lavapipe (private-reduction-results) every invocation folds the subgroup
partials into its own copy of the result. All copies must hold the same bits, the result must
be right, and a result reused across a row loop must start again from its fill every row."""
import pytest
import torch
import triton
import triton.language as tl

from . import kernels


@triton.jit
def persistent_centered_rows_kernel(x_ptr, y_ptr, sum_ptr, n_rows, N, BLOCK: tl.constexpr):
    # Programs loop over rows (tutorial 02's persistent form): each row's mean starts afresh.
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    for row in range(tl.program_id(0), n_rows, tl.num_programs(0)):
        x = tl.load(x_ptr + row * N + cols, mask=mask, other=0)
        total = tl.sum(x, axis=0)
        tl.store(y_ptr + row * N + cols, x * N - total, mask=mask)
        tl.store(sum_ptr + row, total)


@triton.jit
def persistent_two_reductions_kernel(x_ptr, y_ptr, stats_ptr, n_rows, N, BLOCK: tl.constexpr):
    # Two reductions per row (tutorial 02's shape): the row loop's last barrier goes, the first
    # reduction's barrier then orders the second's reads before the next row's writes.
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    for row in range(tl.program_id(0), n_rows, tl.num_programs(0)):
        x = tl.load(x_ptr + row * N + cols, mask=mask, other=-(2**30))
        top = tl.max(x, axis=0)
        total = tl.sum(tl.where(mask, x - top, 0), axis=0)
        tl.store(y_ptr + row * N + cols, (x - top) * 3 + total, mask=mask)
        tl.store(stats_ptr + 2 * row, top)
        tl.store(stats_ptr + 2 * row + 1, total)


@pytest.mark.parametrize("num_warps", [1, 2, 4, 8])
@pytest.mark.parametrize("n", [37, 256, 781])
def test_every_element_sees_the_same_reduction(num_warps, n):
    rows, block = 5, triton.next_power_of_2(n)
    x = torch.randn(rows, n) * 10
    outs = [torch.full((rows, block), float("nan")) for _ in range(3)]
    kernels.row_reductions_everywhere_kernel[(rows,)](x, *outs, n, BLOCK=block, num_warps=num_warps)
    sums, maxima, minima = outs
    for got in outs:
        # Bit-identical across the row: every invocation folded the same partials in order.
        assert torch.equal(got, got[:, :1].expand(-1, block)), got
    torch.testing.assert_close(sums[:, 0].double(), x.double().sum(dim=1), rtol=1e-5, atol=1e-4)
    torch.testing.assert_close(maxima[:, 0], x.max(dim=1).values, rtol=0, atol=0)
    torch.testing.assert_close(minima[:, 0], x.min(dim=1).values, rtol=0, atol=0)


@pytest.mark.parametrize("num_warps", [1, 4])
@pytest.mark.parametrize("programs", [1, 3])
def test_reduction_in_a_row_loop_starts_afresh(num_warps, programs):
    rows, n = 11, 300
    # Integers: the sums are exact, so any leftover from the previous row shows.
    x = torch.randint(-1000, 1000, (rows, n), dtype=torch.int32)
    y = torch.full((rows, n), -(2**31), dtype=torch.int32)
    sums = torch.full((rows,), -(2**31), dtype=torch.int32)
    persistent_centered_rows_kernel[(programs,)](x, y, sums, rows, n, BLOCK=512,
                                                 num_warps=num_warps)
    expected_sums = x.sum(dim=1, dtype=torch.int32)
    assert torch.equal(sums, expected_sums)
    assert torch.equal(y, x * n - expected_sums[:, None])


@pytest.mark.parametrize("num_warps", [2, 4, 8])
@pytest.mark.parametrize("programs", [1, 2, 5])
def test_two_reductions_in_a_row_loop(num_warps, programs):
    rows, n = 23, 700
    x = torch.randint(-1000, 1000, (rows, n), dtype=torch.int32)
    y = torch.full((rows, n), -(2**31), dtype=torch.int32)
    stats = torch.full((rows, 2), -(2**31), dtype=torch.int32)
    persistent_two_reductions_kernel[(programs,)](x, y, stats, rows, n, BLOCK=1024,
                                                  num_warps=num_warps)
    top = x.max(dim=1).values
    total = (x - top[:, None]).sum(dim=1, dtype=torch.int32)
    assert torch.equal(stats[:, 0], top) and torch.equal(stats[:, 1], total)
    assert torch.equal(y, (x - top[:, None]) * 3 + total[:, None])


@triton.jit
def reduction_in_uniform_branch_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    # Even programs take their row's sum, odd ones its maximum: the accumulator is filled and
    # reduced inside a branch every invocation of a program takes alike.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    if row % 2 == 0:
        r = tl.sum(x, axis=0)
    else:
        r = tl.max(tl.where(mask, x, float("-inf")), axis=0)
    tl.store(out_ptr + row * BLOCK + cols, tl.zeros((BLOCK,), dtype=tl.float32) + r)


@pytest.mark.parametrize("num_warps", [2, 4, 8])
def test_reduction_in_a_uniform_branch(num_warps):
    rows, n, block = 6, 500, 512
    x = torch.randn(rows, n)
    out = torch.full((rows, block), float("nan"))
    reduction_in_uniform_branch_kernel[(rows,)](x, out, n, BLOCK=block, num_warps=num_warps)
    assert torch.equal(out, out[:, :1].expand(-1, block))
    expected = torch.where(torch.arange(rows) % 2 == 0, x.double().sum(dim=1),
                           x.double().max(dim=1).values)
    torch.testing.assert_close(out[:, 0].double(), expected, rtol=1e-5, atol=1e-4)
