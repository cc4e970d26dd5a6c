"""Pointer arguments in the forms Triton accepts: triton.reinterpret's TensorWrapper,
views at an offset into their storage, zero-size tensors; and clear errors for the rest."""
import pytest
import torch
import triton
import triton.language as tl


@triton.jit
def add_one_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + 1, mask=mask)


def test_reinterpreted_tensors():
    # int32 bits read as uint32 and written through a float32 buffer read as int32.
    x = torch.randint(-(1 << 30), 1 << 30, (3000,), dtype=torch.int32)
    out = torch.full((3000,), float("nan"), dtype=torch.float32)
    add_one_kernel[(3,)](triton.reinterpret(x, tl.uint32), triton.reinterpret(out, tl.uint32),
                         x.numel(), BLOCK=1024)
    assert torch.equal(out.view(torch.int32), x + 1)


def test_views_at_an_offset():
    base = torch.randn(5000)
    x = base[123:123 + 2000]
    out_base = torch.full((4000,), float("nan"))
    out = out_base[1000:3000]
    add_one_kernel[(2,)](x, out, 2000, BLOCK=1024)
    assert torch.allclose(out, x + 1)
    assert torch.isnan(out_base[:1000]).all() and torch.isnan(out_base[3000:]).all()


def test_zero_size_tensors():
    x = torch.empty(0)
    out = torch.empty(0)
    add_one_kernel[(1,)](x, out, 0, BLOCK=1024)  # nothing to touch; must not fail


def test_pointer_without_storage_is_named():
    # Triton takes any object with data_ptr() and dtype as a pointer; memory
    # Vulkan cannot be told the extent of is refused, naming the argument.
    class RawPointer:
        dtype = torch.float32

        def data_ptr(self):
            return 1 << 20

    out = torch.zeros(16)
    with pytest.raises(TypeError, match="argument 'x_ptr' is a RawPointer"):
        add_one_kernel[(1,)](RawPointer(), out, 16, BLOCK=16)
