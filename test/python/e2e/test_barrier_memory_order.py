"""Values passed between a program's invocations through memory, across barriers, in loops that
reuse the same buffers every iteration. On lavapipe the compiler's barriers carry no memory
semantics (spirv-execution-only-barriers: llvmpipe runs a workgroup on one thread) and workgroup
accesses are Volatile; the kernel's own `tl.debug_barrier` keeps ordering global memory. A value
forwarded, dropped or read early across a barrier shows up as a wrong element here."""
import pytest
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def transposed_tiles_kernel(x_ptr, out_ptr, n_tiles, B: tl.constexpr):
    # Each program transposes several B x B tiles; the staging buffer is rewritten every tile.
    rows = tl.arange(0, B)[:, None]
    cols = tl.arange(0, B)[None, :]
    for t in range(tl.program_id(0), n_tiles, tl.num_programs(0)):
        x = tl.load(x_ptr + t * B * B + rows * B + cols)
        tl.store(out_ptr + t * B * B + rows * B + cols, tl.trans(x) * (t + 1))


@triton.jit
def prefix_sums_kernel(x_ptr, out_ptr, n_rows, N, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    for row in range(tl.program_id(0), n_rows, tl.num_programs(0)):
        x = tl.load(x_ptr + row * N + cols, mask=mask, other=0)
        tl.store(out_ptr + row * N + cols, tl.cumsum(x, axis=0), mask=mask)


@triton.jit
def reversed_through_global_kernel(x_ptr, scratch_ptr, out_ptr, n_rows, BLOCK: tl.constexpr):
    # Every row goes through the program's own scratch row: written in order, read reversed
    # by other invocations after the kernel's barrier, then overwritten by the next row.
    cols = tl.arange(0, BLOCK)
    scratch = scratch_ptr + tl.program_id(0) * BLOCK
    for row in range(tl.program_id(0), n_rows, tl.num_programs(0)):
        tl.store(scratch + cols, tl.load(x_ptr + row * BLOCK + cols))
        tl.debug_barrier()
        tl.store(out_ptr + row * BLOCK + cols, tl.load(scratch + BLOCK - 1 - cols) + row)
        tl.debug_barrier()


@pytest.mark.parametrize("block, num_warps", [(16, 1), (32, 4), (64, 8)])
@pytest.mark.parametrize("programs", [1, 3])
def test_tiles_transposed_in_a_loop(block, num_warps, programs):
    n_tiles = 7
    x = torch.randn(n_tiles, block, block)
    out = torch.full_like(x, float("nan"))
    y = out.to(DEVICE)
    transposed_tiles_kernel[(programs,)](x.to(DEVICE), y, n_tiles, B=block, num_warps=num_warps)
    scale = torch.arange(1, n_tiles + 1, dtype=x.dtype)[:, None, None]
    assert torch.equal(y.cpu(), x.transpose(1, 2) * scale)


@pytest.mark.parametrize("n, num_warps", [(100, 1), (781, 4), (1000, 8)])
@pytest.mark.parametrize("programs", [1, 4])
def test_prefix_sums_in_a_row_loop(n, num_warps, programs):
    rows = 9
    # Integers: the sums are exact, so a partial left from the previous row shows.
    x = torch.randint(-50, 50, (rows, n), dtype=torch.int32)
    out = torch.full_like(x, -(2**31))
    y = out.to(DEVICE)
    prefix_sums_kernel[(programs,)](x.to(DEVICE), y, rows, n, BLOCK=triton.next_power_of_2(n),
                                    num_warps=num_warps)
    assert torch.equal(y.cpu(), torch.cumsum(x, dim=1, dtype=torch.int32))


@pytest.mark.parametrize("block, num_warps", [(64, 2), (256, 4), (1024, 8)])
def test_kernel_barrier_orders_global_memory(block, num_warps):
    rows, programs = 10, 3
    x = torch.randn(rows, block)
    scratch = torch.zeros(programs, block).to(DEVICE)
    out = torch.full_like(x, float("nan")).to(DEVICE)
    reversed_through_global_kernel[(programs,)](x.to(DEVICE), scratch, out, rows, BLOCK=block,
                                                num_warps=num_warps)
    expected = x.flip(1) + torch.arange(rows, dtype=x.dtype)[:, None]
    assert torch.equal(out.cpu(), expected)
