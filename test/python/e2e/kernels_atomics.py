"""Kernels for the atomics tests: contended updates on every element type."""
import triton
import triton.language as tl


@triton.jit
def contended_atomics_kernel(f32_ptr, f16_ptr, bf16_ptr, i64_ptr, val_ptr, slot_ptr, n,
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


@triton.jit
def atomic_add_f16_old_kernel(dst_ptr, val_ptr, old_ptr, BLOCK: tl.constexpr):
    # Each lane owns one element; pairs of lanes share a 32-bit word.
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_add(dst_ptr + offs, tl.load(val_ptr + offs))
    tl.store(old_ptr + offs, old)
