"""Atomics under contention on the default Vulkan device: f32/f16/bf16 add,
float max/min (sign-split by the frontend), int64 add, f16 add returning the old values."""
import pytest
import torch

from . import kernels_atomics as k

torch.manual_seed(0)


@pytest.mark.parametrize("num_warps", [1, 4])
def test_contended_atomics_every_type(num_warps):
    n, slots = 4096, 64
    # Multiples of 0.5 with |v| <= 2: every partial sum of <= 64 of them is
    # exact in bf16, f16 and f32, so any order of the updates gives one answer.
    v = torch.randint(-4, 5, (n,)).float() / 2
    slot = torch.randint(0, slots, (n,), dtype=torch.int32)
    f32 = torch.cat([torch.zeros(slots), torch.full((slots,), -float("inf")),
                     torch.full((slots,), float("inf"))])
    f16 = torch.zeros(slots, dtype=torch.float16)
    bf16 = torch.zeros(slots, dtype=torch.bfloat16)
    i64 = torch.zeros(slots, dtype=torch.int64)
    k.contended_atomics_kernel[(n // 256,)](f32, f16, bf16, i64, v, slot, n, SLOTS=slots,
                                            BLOCK=256, num_warps=num_warps)
    sums = torch.zeros(slots).index_add_(0, slot.long(), v)
    biggest = torch.full((slots,), -float("inf")).scatter_reduce_(0, slot.long(), v, "amax")
    smallest = torch.full((slots,), float("inf")).scatter_reduce_(0, slot.long(), v, "amin")
    ints = torch.zeros(slots, dtype=torch.int64).index_add_(
        0, slot.long(), torch.arange(n, dtype=torch.int64) * 1000000007)
    assert torch.equal(f32[:slots], sums)
    assert torch.equal(f32[slots:2 * slots], biggest)
    assert torch.equal(f32[2 * slots:], smallest)
    assert torch.equal(f16, sums.half())
    assert torch.equal(bf16, sums.bfloat16())
    assert torch.equal(i64, ints)


def test_atomic_add_f16_returns_old_values():
    n = 256
    dst = torch.randn(n).half()
    before = dst.clone()
    val = torch.randn(n).half()
    old = torch.full((n,), float("nan"), dtype=torch.float16)
    k.atomic_add_f16_old_kernel[(1,)](dst, val, old, BLOCK=n)
    assert torch.equal(old, before)
    assert torch.equal(dst, (before.float() + val.float()).half())
