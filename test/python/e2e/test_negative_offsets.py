"""Offsets below the pointer argument: a view into the middle of a tensor read and written
backwards (flip's negative strides, `p + offs - k`), loads, stores and atomics. On GPUs such
accesses are address arithmetic (an access-chain index below the array faulted NVIDIA's
driver, SignedGlobalOffsets.cpp); lavapipe takes them as they are."""
import pytest
import torch
import triton
import triton.language as tl

# torch CPU tensors on lavapipe; CUDA tensors on the cuda route (TRITON_SPIRV_BACKEND=1).
DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def shifted_copy_kernel(src_ptr, dst_ptr, shift, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(dst_ptr + offsets - shift, tl.load(src_ptr + offsets - shift))


def test_offsets_below_a_view():
    generator = torch.Generator().manual_seed(11)
    x = torch.randn(256, generator=generator)
    src = x.clone().to(DEVICE)
    dst = torch.full((256,), float("nan"), device=DEVICE)
    # Both pointers at element 64; offsets -64 .. 63.
    shifted_copy_kernel[(1,)](src[64:], dst[64:], 64, BLOCK=128)
    assert torch.equal(dst[:128].cpu(), x[:128])
    assert dst[128:].isnan().all()


@triton.jit
def strided_copy_kernel(src_ptr, dst_ptr, rows, cols, row_stride, col_stride,
                        BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    r = tl.arange(0, BLOCK_R)[:, None]
    c = tl.arange(0, BLOCK_C)[None, :]
    mask = (r < rows) & (c < cols)
    value = tl.load(src_ptr + r * row_stride + c * col_stride, mask=mask)
    tl.store(dst_ptr + r * cols + c, value, mask=mask)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.int64])
@pytest.mark.parametrize("rows, cols, flip", [(100, 1, (0,)), (33, 65, (0, 1)), (33, 65, (1,))])
def test_flip_through_negative_strides(dtype, rows, cols, flip):
    generator = torch.Generator().manual_seed(rows * cols)
    x = (torch.randn(rows, cols, generator=generator) * 100).to(dtype)
    expected = torch.flip(x, flip)
    row_stride = -cols if 0 in flip else cols
    col_stride = -1 if 1 in flip else 1
    start = (rows - 1) * cols * (0 in flip) + (cols - 1) * (1 in flip)
    src = x.clone().to(DEVICE)
    dst = torch.zeros(rows, cols, dtype=dtype, device=DEVICE)
    strided_copy_kernel[(1,)](src.view(-1)[start:], dst, rows, cols, row_stride, col_stride,
                              BLOCK_R=triton.next_power_of_2(rows),
                              BLOCK_C=triton.next_power_of_2(cols))
    assert torch.equal(dst.cpu(), expected)


@triton.jit
def reversed_atomic_add_kernel(counts_ptr, values_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    tl.atomic_add(counts_ptr - offsets, tl.load(values_ptr + offsets, mask=mask), mask=mask)


def test_atomics_below_the_pointer():
    n = 200
    generator = torch.Generator().manual_seed(13)
    values = torch.randint(-9, 10, (n,), generator=generator, dtype=torch.int32)
    base = torch.randint(-9, 10, (n,), generator=generator, dtype=torch.int32)
    counts = base.clone().to(DEVICE)
    reversed_atomic_add_kernel[(1,)](counts[n - 1:], values.to(DEVICE), n, BLOCK=256)
    assert torch.equal(counts.cpu(), base + torch.flip(values, (0,)))
