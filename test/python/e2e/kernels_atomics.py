"""Kernels for the atomics tests: contended updates on every element type."""
import triton
import triton.language as tl
from triton.language.extra.cuda import gdc_launch_dependents, gdc_wait


@triton.jit
def contended_atomics_kernel(f32_ptr, f16_ptr, bf16_ptr, i64_ptr, f64_ptr, val_ptr, slot_ptr, n,
                             SLOTS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(val_ptr + offs, mask=m, other=0.0)
    slot = tl.load(slot_ptr + offs, mask=m, other=0)
    tl.atomic_add(f32_ptr + slot, v, mask=m)
    # The frontend splits float max/min by sign into integer atomics on a
    # bitcast pointer.
    tl.atomic_max(f32_ptr + SLOTS + slot, v, mask=m)
    tl.atomic_min(f32_ptr + 2 * SLOTS + slot, v, mask=m)
    # 16-bit elements: neighbouring slots share a 32-bit word.
    tl.atomic_add(f16_ptr + slot, v.to(tl.float16), mask=m)
    tl.atomic_add(bf16_ptr + slot, v.to(tl.bfloat16), mask=m)
    tl.atomic_add(i64_ptr + slot, offs.to(tl.int64) * 1000000007, mask=m)
    tl.atomic_add(f64_ptr + slot, v.to(tl.float64), mask=m)


@triton.jit
def atomic_add_f16_old_kernel(dst_ptr, val_ptr, old_ptr, BLOCK: tl.constexpr):
    # Each lane owns one element; pairs of lanes share a 32-bit word.
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_add(dst_ptr + offs, tl.load(val_ptr + offs))
    tl.store(old_ptr + offs, old)


def contended_atomics_mismatches(v, slot, slots, num_warps):
    """Runs contended_atomics_kernel on `v` (multiples of 0.5, |v| <= 2: every partial sum is
    exact in bf16, f16, f32 and f64, so any order of the updates gives one answer) and `slot`, on
    their device, and counts the counters that differ from torch's: name -> count."""
    import torch
    device, n = v.device, v.numel()
    f32 = torch.cat([torch.zeros(slots), torch.full((slots,), -float("inf")),
                     torch.full((slots,), float("inf"))]).to(device)
    f16 = torch.zeros(slots, dtype=torch.float16, device=device)
    bf16 = torch.zeros(slots, dtype=torch.bfloat16, device=device)
    i64 = torch.zeros(slots, dtype=torch.int64, device=device)
    f64 = torch.zeros(slots, dtype=torch.float64, device=device)
    contended_atomics_kernel[(n // 256,)](f32, f16, bf16, i64, f64, v, slot, n, SLOTS=slots,
                                          BLOCK=256, num_warps=num_warps)
    index = slot.long()
    sums = torch.zeros(slots, device=device).index_add_(0, index, v)
    biggest = torch.full((slots,), -float("inf"), device=device).scatter_reduce_(0, index, v, "amax")
    smallest = torch.full((slots,), float("inf"), device=device).scatter_reduce_(0, index, v, "amin")
    ints = torch.zeros(slots, dtype=torch.int64, device=device).index_add_(
        0, index, torch.arange(n, dtype=torch.int64, device=device) * 1000000007)
    return {"sum": int((f32[:slots] != sums).sum()),
            "max": int((f32[slots:2 * slots] != biggest).sum()),
            "min": int((f32[2 * slots:] != smallest).sum()),
            "f16": int((f16 != sums.half()).sum()),
            "bf16": int((bf16 != sums.bfloat16()).sum()),
            "int64": int((i64 != ints).sum()),
            "f64": int((f64 != sums.double()).sum())}


# Triton >= 3.9: tl.atomic_load, tl.atomic_store, tl.atomic_poll, tl.fdiv(approx=True).
@triton.jit
def chained_sums_with_polls_kernel(x_ptr, out_ptr, totals_ptr, ready_ptr, ticket_ptr, n,
                                   BLOCK: tl.constexpr):
    # Program k (by ticket) waits until program k - 1 has published its running total.
    block = tl.atomic_add(ticket_ptr, 1)
    offsets = block * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    before = tl.zeros((), dtype=x.dtype)
    if block > 0:
        tl.atomic_poll(ready_ptr + block - 1, 1)
        before = tl.atomic_load(totals_ptr + block - 1, sem="relaxed")
    tl.atomic_store(totals_ptr + block, before + tl.sum(x, axis=0), sem="relaxed")
    tl.atomic_store(ready_ptr + block, 1)
    tl.store(out_ptr + offsets, tl.cumsum(x, axis=0) + before, mask=mask)


@triton.jit
def atomic_copy_and_divide_kernel(src_ptr, dst_ptr, flags_ptr, num_ptr, den_ptr, quot_ptr, n,
                                  BLOCK: tl.constexpr):
    gdc_wait()
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    ready = tl.atomic_poll(flags_ptr + offs % 16, 1)
    v = tl.atomic_load(src_ptr + offs, mask=m)
    tl.atomic_store(dst_ptr + offs, v + ready.to(v.dtype), mask=m)
    q = tl.fdiv(tl.load(num_ptr + offs, mask=m), tl.load(den_ptr + offs, mask=m), approx=True)
    tl.store(quot_ptr + offs, q, mask=m)
    gdc_launch_dependents()


@triton.jit
def atomic_bytes_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.atomic_store(dst_ptr + offs, tl.atomic_load(src_ptr + offs, mask=m), mask=m)
