"""1-D reductions where an invocation holds one element or none (block <= workgroup size): each
invocation's partial loop runs zero times, whose result SCF-to-SPIR-V left undefined
(guard-zero-trip-loops)."""
import pytest
import torch
import triton
import triton.language as tl

# torch CPU tensors on lavapipe; CUDA tensors on the cuda route (TRITON_SPIRV_BACKEND=1).
DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def _multiply(a, b):
    return a * b


@triton.jit
def reductions_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    ones = tl.load(x_ptr + offsets, mask=mask, other=1)
    tl.store(out_ptr + 0, tl.sum(x, axis=0))
    tl.store(out_ptr + 1, tl.reduce(ones, 0, _multiply))
    tl.store(out_ptr + 2, tl.max(tl.where(mask, x, -1000), axis=0))
    tl.store(out_ptr + 3, tl.min(tl.where(mask, x, 1000), axis=0))


@pytest.mark.parametrize("dtype", [torch.int32, torch.int64, torch.float32])
@pytest.mark.parametrize("block, n, num_warps", [(8, 8, 1), (8, 5, 4), (32, 32, 4), (16, 16, 8),
                                                  (64, 40, 4)])
def test_reductions_of_small_blocks(dtype, block, n, num_warps):
    generator = torch.Generator().manual_seed(block + n)
    if dtype.is_floating_point:
        x = 1 + 0.1 * torch.randn(n, generator=generator)
    else:
        x = torch.randint(-9, 10, (n,), generator=generator, dtype=dtype)
        x[x == 0] = 3  # a zero would make the product trivially right
    out = torch.full((4,), 77, dtype=dtype, device=DEVICE)
    reductions_kernel[(1,)](x.to(DEVICE), out, n, BLOCK=block, num_warps=num_warps)
    out = out.cpu()
    expected = torch.stack([x.sum(), x.prod(), x.max(), x.min()]).to(dtype)
    if dtype.is_floating_point:
        torch.testing.assert_close(out, expected, rtol=1e-5, atol=1e-5)
    else:
        assert torch.equal(out, expected), (out, expected)
