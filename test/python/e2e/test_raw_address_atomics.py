"""Atomics through raw addresses: on a pointer chosen at run time between arguments and on
pointers read from a table in memory (the raw-address model). Every kind and width the
pointer model supports, masked lanes, the old values returned, against numpy-style
references computed with torch on the host."""
import pytest
import torch
import triton
import triton.language as tl

# torch CPU tensors on lavapipe; CUDA tensors on the cuda route (TRITON_SPIRV_BACKEND=1).
DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def chosen_pointer_kernel(a_ptr, b_ptr, values_ptr, old_ptr, which, n, KIND: tl.constexpr,
                          BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    if which == 0:
        target = a_ptr
    else:
        target = b_ptr
    values = tl.load(values_ptr + offsets, mask=mask)
    if KIND == "add":
        old = tl.atomic_add(target + offsets, values, mask=mask)
    elif KIND == "max":
        old = tl.atomic_max(target + offsets, values, mask=mask)
    elif KIND == "min":
        old = tl.atomic_min(target + offsets, values, mask=mask)
    else:
        old = tl.atomic_xchg(target + offsets, values, mask=mask)
    tl.store(old_ptr + offsets, old, mask=mask)


def _reference(kind, current, values):
    if kind == "add":
        return current + values
    if kind == "max":
        return torch.maximum(current, values)
    if kind == "min":
        return torch.minimum(current, values)
    return values.clone()


# Triton's frontend takes fp16 atomics for add only.
@pytest.mark.parametrize("kind, dtype", [
    (kind, dtype) for kind in ("add", "max", "min", "xchg")
    for dtype in (torch.int32, torch.int64, torch.float32, torch.float16)
    if dtype != torch.float16 or kind == "add"])
def test_atomics_on_a_pointer_chosen_at_run_time(kind, dtype):
    n, block = 100, 128
    generator = torch.Generator().manual_seed(7)
    make = (lambda: torch.randint(-50, 50, (n,), generator=generator, dtype=dtype)) \
        if not dtype.is_floating_point else \
        (lambda: torch.randint(-50, 50, (n,), generator=generator).to(dtype) / 4)
    a, b, values = make(), make(), make()
    a_dev, b_dev = a.clone().to(DEVICE), b.clone().to(DEVICE)
    old = torch.zeros(n, dtype=dtype, device=DEVICE)
    chosen_pointer_kernel[(1,)](a_dev, b_dev, values.to(DEVICE), old, 2, n, KIND=kind,
                                BLOCK=block)
    assert torch.equal(old.cpu(), b)  # the old values come back
    assert torch.equal(b_dev.cpu(), _reference(kind, b, values))
    assert torch.equal(a_dev.cpu(), a)  # the other argument is untouched


@triton.jit
def histogram_through_table_kernel(table_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    # Each program adds its values' counts into the histogram whose address row pid of the
    # table holds (pointers read from memory).
    pid = tl.program_id(0)
    counts = tl.load(table_ptr + pid).to(tl.pointer_type(tl.int32))
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    bins = tl.load(bins_ptr + pid * n + offsets, mask=mask)
    tl.atomic_add(counts + bins, 1, mask=mask)


def test_atomics_through_a_pointer_table():
    programs, n, bins = 3, 500, 16
    generator = torch.Generator().manual_seed(8)
    data = torch.randint(0, bins, (programs, n), generator=generator, dtype=torch.int32)
    histograms = [torch.full((bins,), 5, dtype=torch.int32, device=DEVICE)
                  for _ in range(programs)]
    table = torch.tensor([h.data_ptr() for h in histograms], dtype=torch.int64, device=DEVICE)
    # On the cuda route the table holds CUDA addresses, which the kernel translates.
    histogram_through_table_kernel[(programs,)](table, data.to(DEVICE), n, BLOCK=512)
    for row, histogram in zip(data, histograms):
        assert torch.equal(histogram.cpu(), 5 + torch.bincount(row.long(), minlength=bins).int())


@triton.jit
def compare_exchange_chosen_kernel(a_ptr, b_ptr, expected_ptr, old_ptr, which,
                                   BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    target = a_ptr if which == 0 else b_ptr
    old = tl.atomic_cas(target + offsets, tl.load(expected_ptr + offsets), offsets + 1000)
    tl.store(old_ptr + offsets, old)


def test_compare_exchange_on_a_pointer_chosen_at_run_time():
    block = 64
    generator = torch.Generator().manual_seed(9)
    b = torch.randint(0, 4, (block,), generator=generator, dtype=torch.int32)
    expected = torch.randint(0, 4, (block,), generator=generator, dtype=torch.int32)
    a_dev, b_dev = torch.zeros(block, dtype=torch.int32, device=DEVICE), b.clone().to(DEVICE)
    old = torch.full((block,), -1, dtype=torch.int32, device=DEVICE)
    compare_exchange_chosen_kernel[(1,)](a_dev, b_dev, expected.to(DEVICE), old, 3, BLOCK=block)
    assert torch.equal(old.cpu(), b)
    swapped = torch.where(b == expected, torch.arange(block, dtype=torch.int32) + 1000, b)
    assert torch.equal(b_dev.cpu(), swapped)
    assert not a_dev.cpu().any()
