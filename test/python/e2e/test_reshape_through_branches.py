"""A reshaped block that an `if` yields beside a loaded one (fuzzer finding
reshape_of_selected_workgroup_buffer, seed 6800786): both blocks were staged in workgroup
buffers and the branch became a select between the two buffers, one of them the reshape of a
flat buffer; linalg -> SPIR-V failed to legalize the memref.expand_shape the select kept."""
import pytest
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def reshape_or_load_kernel(x_ptr, y_ptr, ones_ptr, out_ptr, rows, flag, y_cols,
                           M: tl.constexpr, N: tl.constexpr):
    rows_m = tl.arange(0, M)[:, None]
    cols_n = tl.arange(0, N)[None, :]
    # Every row of x repeats one row (offset 0 per row), masked to `rows` rows.
    x = tl.load(x_ptr + rows_m * 0 + cols_n, mask=rows_m < rows, other=0.0)
    reshaped = tl.reshape(x, (N, M))
    if flag > 0:
        block = reshaped
    else:
        block = tl.load(y_ptr + tl.arange(0, N)[:, None] * M + tl.arange(0, M)[None, :],
                        mask=tl.arange(0, M)[None, :] < y_cols, other=3.0)
    # A store laid out as x, under a mask computed from x: distribution stages x's reshape.
    tl.store(ones_ptr + rows_m * N + cols_n, tl.full((M, N), 1, tl.int64),
             mask=(x < x) | (x == x))
    clipped = tl.maximum(block, tl.full((N, M), 0.0, tl.float32))
    tl.store(out_ptr + tl.arange(0, N)[:, None] * M + tl.arange(0, M)[None, :],
             clipped.to(tl.uint8))


@pytest.mark.parametrize("M, N", [(1, 2), (2, 4), (4, 16)])
@pytest.mark.parametrize("flag", [-1, 1])
def test_branch_yields_reshaped_or_loaded_block(M, N, flag):
    gen = torch.Generator().manual_seed(M * 100 + N)
    x_row = (torch.rand(N, generator=gen) * 20 - 5).to(DEVICE)
    y = (torch.rand(N, M, generator=gen) * 20 - 5).to(DEVICE)
    rows, y_cols = M, max(M - 1, 1)
    ones = torch.zeros(M, N, dtype=torch.int64, device=DEVICE)
    out = torch.full((N, M), 157, dtype=torch.uint8, device=DEVICE)
    reshape_or_load_kernel[(1,)](x_row, y, ones, out, rows, flag, y_cols, M=M, N=N, num_warps=1)

    x = x_row.cpu().expand(M, N)
    if flag > 0:
        block = x.reshape(N, M)
    else:
        block = torch.where(torch.arange(M)[None, :] < y_cols, y.cpu(), torch.tensor(3.0))
    expected = block.clamp_min(0).to(torch.uint8)
    assert torch.equal(out.cpu(), expected)
    assert torch.equal(ones.cpu(), torch.ones(M, N, dtype=torch.int64))
