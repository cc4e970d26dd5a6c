"""Atomics under contention on the default Vulkan device: f32/f16/bf16/f64 add,
float max/min (sign-split by the frontend), int64 add, f16 add returning the old values;
Triton 3.9's atomic loads, stores and polls."""
import pytest
import torch
import triton
import triton.language as tl

from . import kernels_atomics as k

torch.manual_seed(0)


@pytest.mark.parametrize("num_warps", [1, 4])
def test_contended_atomics_every_type(num_warps):
    n, slots = 4096, 64
    v = torch.randint(-4, 5, (n,)).float() / 2
    slot = torch.randint(0, slots, (n,), dtype=torch.int32)
    mismatches = k.contended_atomics_mismatches(v, slot, slots, num_warps)
    assert all(count == 0 for count in mismatches.values()), mismatches


needs_triton39 = pytest.mark.skipif(not hasattr(tl, "atomic_load"),
                                    reason="tl.atomic_load/store/poll arrived in Triton 3.9")


@needs_triton39
@pytest.mark.parametrize("n, block", [(5000, 256), (70000, 1024)])
def test_atomic_poll_orders_a_chained_scan(n, block):
    # Each program polls (acquire) the flag its predecessor stores (release)
    # after publishing its running total; ticket order keeps every wait on a
    # program that has already started.
    x = torch.randint(-50, 50, (n,), dtype=torch.int32)
    programs = triton.cdiv(n, block)
    out = torch.full((n,), -7, dtype=torch.int32)
    totals = torch.zeros(programs, dtype=torch.int32)
    ready = torch.zeros(programs, dtype=torch.int32)
    ticket = torch.zeros(1, dtype=torch.int32)
    k.chained_sums_with_polls_kernel[(programs,)](x, out, totals, ready, ticket, n, BLOCK=block)
    assert torch.equal(out, torch.cumsum(x, 0).to(torch.int32))
    assert torch.equal(ready, torch.ones(programs, dtype=torch.int32))


@needs_triton39
def test_atomic_load_store_and_approx_division():
    n = 1000
    src = torch.randn(n)
    dst = torch.full((n,), float("nan"))
    flags = torch.ones(16, dtype=torch.int32)
    num, den = torch.randn(n), torch.rand(n) + 0.5
    quot = torch.full((n,), float("nan"))
    k.atomic_copy_and_divide_kernel[(triton.cdiv(n, 256),)](src, dst, flags, num, den, quot, n,
                                                            BLOCK=256)
    # Every poll matched (true, added as 1.0); every element was written.
    assert torch.equal(dst, src + 1.0)
    torch.testing.assert_close(quot, num / den, rtol=2e-6, atol=0)


@needs_triton39
@pytest.mark.parametrize("dtype", [torch.int8, torch.bool, torch.float16])
def test_atomic_load_store_of_narrow_elements(dtype):
    # Neighbouring lanes' bytes share a 32-bit word: each store exchanges its
    # byte in that word without touching the others.
    n = 1001
    if dtype == torch.bool:
        src = torch.rand(n + 23) < 0.5
        dst = ~src
    else:
        src = (torch.randn(n + 23) * 40).to(dtype)
        dst = torch.full((n + 23,), 99, dtype=dtype)
    beyond = dst[n:].clone()
    k.atomic_bytes_kernel[(triton.cdiv(n, 256),)](src, dst, n, BLOCK=256)
    assert torch.equal(dst[:n], src[:n])
    assert torch.equal(dst[n:], beyond)


def test_atomic_add_f16_returns_old_values():
    n = 256
    dst = torch.randn(n).half()
    before = dst.clone()
    val = torch.randn(n).half()
    old = torch.full((n,), float("nan"), dtype=torch.float16)
    k.atomic_add_f16_old_kernel[(1,)](dst, val, old, BLOCK=n)
    assert torch.equal(old, before)
    assert torch.equal(dst, (before.float() + val.float()).half())


@triton.jit
def cas_bits_kernel(p_ptr, cmp_ptr, val_ptr, old_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    old = tl.atomic_cas(p_ptr + offsets, tl.load(cmp_ptr + offsets), tl.load(val_ptr + offsets))
    tl.store(old_ptr + offsets, old)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_atomic_cas_compares_bits(dtype):
    # As CUDA's atom.cas: -0.0 does not match +0.0, and a NaN matches the same NaN.
    nan = float("nan")
    p = torch.tensor([-0.0, 0.0, nan, 1.5, 2.0, 3.0, 4.0, 5.0], dtype=dtype)
    cmp = torch.tensor([0.0, 0.0, nan, 1.5, 2.5, 3.0, -4.0, 5.0], dtype=dtype)
    val = torch.randn(8, dtype=dtype)
    expected = p.clone()
    swapped = [False, True, True, True, False, True, False, True]
    for i, s in enumerate(swapped):
        if s:
            expected[i] = val[i]
    before = p.clone()
    old = torch.zeros(8, dtype=dtype)
    cas_bits_kernel[(1,)](p, cmp, val, old, BLOCK=8)
    assert torch.equal(old.view(torch.int64 if dtype == torch.float64 else torch.int32),
                       before.view(torch.int64 if dtype == torch.float64 else torch.int32))
    assert torch.equal(p, expected) or torch.allclose(p, expected, equal_nan=True)
    assert torch.signbit(p[0])  # -0.0 kept


@triton.jit
def locked_accumulate_kernel(x_ptr, acc_ptr, lock_ptr, count_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    x = tl.load(x_ptr + row * n + cols, mask=mask)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    tl.store(count_ptr, tl.load(count_ptr) + 1)
    tl.store(acc_ptr + cols, tl.load(acc_ptr + cols, mask=mask) + x, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(lock_ptr, 0)


def test_spin_lock_accumulation():
    # Tutorial 05's dW/dB pattern: every program enters the lock once.
    rows, n = 256, 1000
    x = torch.randn(rows, n)
    acc = torch.zeros(n)
    lock = torch.zeros(1, dtype=torch.int32)
    count = torch.zeros(1, dtype=torch.int32)
    locked_accumulate_kernel[(rows,)](x, acc, lock, count, n, BLOCK=1024)
    assert count.item() == rows and lock.item() == 0
    torch.testing.assert_close(acc.double(), x.double().sum(dim=0), rtol=0, atol=1e-3)


@triton.jit
def masked_rmw_kernel(dst_ptr, val_ptr, n, OP: tl.constexpr, SLOTS: tl.constexpr,
                      BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    values = tl.load(val_ptr + offsets, mask=mask)
    if OP == "add":
        tl.atomic_add(dst_ptr + offsets % SLOTS, values, mask=mask)
    elif OP == "max":
        tl.atomic_max(dst_ptr + offsets % SLOTS, values, mask=mask)
    elif OP == "min":
        tl.atomic_min(dst_ptr + offsets % SLOTS, values, mask=mask)
    else:
        tl.atomic_xchg(dst_ptr + offsets, values, mask=mask)


@pytest.mark.parametrize("dtype", [torch.float64, torch.uint64, torch.int64])
@pytest.mark.parametrize("op", ["add", "max", "min", "xchg"])
def test_masked_64_bit_atomics(dtype, op):
    # Masked-off lanes (n is not a multiple of the block) must not update; uint64 values
    # above 2^63 check that max/min compare unsigned.
    if dtype == torch.uint64 and op == "add":
        pytest.skip("torch has no uint64 index_add to compare with")
    n, slots, block = 1000, 37, 256
    generator = torch.Generator().manual_seed(len(op))
    if dtype == torch.float64:
        values = torch.randint(-64, 65, (n,), generator=generator).double() / 2
    elif dtype == torch.uint64:
        bits = torch.randint(0, 1 << 62, (n,), generator=generator)
        # Every third value has the top bit set (above 2^63 as unsigned).
        values = (bits ^ torch.where(torch.arange(n) % 3 == 0, -(1 << 63), 0)).view(torch.uint64)
    else:
        values = torch.randint(-(1 << 40), 1 << 40, (n,), generator=generator)
    size = n if op == "xchg" else slots
    start = values[:size].clone()  # compare against real data, not zeros
    dst = start.clone()
    masked_rmw_kernel[(triton.cdiv(n, block),)](dst, values, n, op, slots, block)
    index = torch.arange(n) % slots
    if op == "xchg":
        expected = values
    elif op == "add":
        expected = start.clone().index_add_(0, index, values)
    else:
        reduce = "amax" if op == "max" else "amin"
        as_int = dtype == torch.uint64
        key = (lambda t: t.view(torch.int64) ^ (-(1 << 63))) if as_int else (lambda t: t)
        expected = key(start.clone()).scatter_reduce_(0, index, key(values), reduce)
        expected = key(expected).view(torch.uint64) if as_int else expected
    assert torch.equal(dst.view(torch.int64) if dtype == torch.uint64 else dst,
                       expected.view(torch.int64) if dtype == torch.uint64 else expected)
