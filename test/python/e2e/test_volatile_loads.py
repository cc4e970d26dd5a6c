"""Volatile loads that poll what other programs write (a chained scan, as decoupled look-back
does): program k takes a ticket from an atomic counter, waits with volatile loads until the
program before it has published its running total, then publishes its own. The ticket order
means a program only waits for one that has already started, so no launch order can deadlock.
On NVIDIA such loads must bypass the SM's L1 (kernels with volatile loads read global memory
atomically there); this checks the values on whichever device runs it."""
import pytest
import torch
import triton
import triton.language as tl

# torch CPU tensors on lavapipe; CUDA tensors on the cuda route (TRITON_SPIRV_BACKEND=1).
DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def chained_block_sums_kernel(x_ptr, out_ptr, totals_ptr, ready_ptr, ticket_ptr, n,
                              BLOCK: tl.constexpr):
    block = tl.atomic_add(ticket_ptr, 1)
    offsets = block * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    local = tl.cumsum(x, axis=0)
    before = tl.zeros((), dtype=x.dtype)
    if block > 0:
        while tl.load(ready_ptr + block - 1, volatile=True) == 0:
            pass
        before = tl.load(totals_ptr + block - 1, volatile=True)
    tl.store(totals_ptr + block, before + tl.sum(x, axis=0))
    tl.debug_barrier()
    tl.atomic_xchg(ready_ptr + block, 1)
    tl.store(out_ptr + offsets, local + before, mask=mask)


@pytest.mark.parametrize("n, block", [(5000, 256), (70000, 1024)])
def test_chained_scan_with_volatile_polling(n, block):
    generator = torch.Generator().manual_seed(n)
    x = torch.randint(-50, 50, (n,), generator=generator, dtype=torch.int32)
    programs = triton.cdiv(n, block)
    out = torch.full((n,), -7, dtype=torch.int32, device=DEVICE)
    totals = torch.zeros(programs, dtype=torch.int32, device=DEVICE)
    ready = torch.zeros(programs, dtype=torch.int32, device=DEVICE)
    ticket = torch.zeros(1, dtype=torch.int32, device=DEVICE)
    chained_block_sums_kernel[(programs,)](x.to(DEVICE), out, totals, ready, ticket, n, BLOCK=block)
    assert torch.equal(out.cpu(), torch.cumsum(x, 0).to(torch.int32))
    assert int(ticket.cpu()) == programs


@triton.jit
def volatile_copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(dst_ptr + offsets, tl.load(src_ptr + offsets, mask=mask, volatile=True), mask=mask)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16, torch.int8,
                                   torch.int64, torch.bool])
def test_volatile_block_loads(dtype):
    n = 1000
    generator = torch.Generator().manual_seed(3)
    if dtype == torch.bool:
        src = torch.rand(n, generator=generator) < 0.5
        dst = ~src
    else:
        src = (torch.randn(n, generator=generator) * 50).to(dtype)
        dst = torch.full((n,), 99, dtype=dtype)
    dst = dst.to(DEVICE)
    volatile_copy_kernel[(triton.cdiv(n, 256),)](src.to(DEVICE), dst, n, BLOCK=256)
    assert torch.equal(dst.cpu(), src)
