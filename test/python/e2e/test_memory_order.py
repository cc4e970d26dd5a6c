"""Loads keep their place relative to stores (fuse-elementwise-chains): a block loaded and stored
back in place at permuted positions, a store between a load and its use, and an in-place update at
the addresses it read (which stays one fused loop)."""
import pytest
import torch
import triton
import triton.language as tl

# torch CPU tensors on lavapipe; CUDA tensors on the cuda route (TRITON_SPIRV_BACKEND=1).
DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def permute_in_place_kernel(x_ptr, key_ptr, BLOCK: tl.constexpr):
    # Element i moves to where the i-th smallest key is (keys are distinct).
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    keys = tl.load(key_ptr + offsets)
    packed = (keys.to(tl.int64) << 32) | offsets.to(tl.int64)
    destination = (tl.sort(packed) & 0xFFFFFFFF).to(tl.int32)
    tl.store(x_ptr + destination, x)


@pytest.mark.parametrize("dtype", [torch.float32, torch.int64, torch.float16])
@pytest.mark.parametrize("block, num_warps", [(64, 4), (512, 4), (256, 1)])
def test_block_permuted_in_place(dtype, block, num_warps):
    generator = torch.Generator().manual_seed(block + num_warps)
    x = (torch.randn(block, generator=generator) * 100).to(dtype)
    keys = torch.randperm(block, generator=generator).to(torch.int32)
    expected = x.clone()
    expected[torch.argsort(keys.long())] = x
    y = x.clone().to(DEVICE)
    permute_in_place_kernel[(1,)](y, keys.to(DEVICE), BLOCK=block, num_warps=num_warps)
    assert torch.equal(y.cpu(), expected)


@triton.jit
def store_between_kernel(a_ptr, b_ptr, z_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    old = tl.load(a_ptr + offsets, mask=mask)
    tl.store(a_ptr + offsets, tl.load(z_ptr + offsets, mask=mask), mask=mask)
    tl.store(b_ptr + offsets, old * 2, mask=mask)


def test_store_between_load_and_use():
    generator = torch.Generator().manual_seed(5)
    n = 1000
    a = torch.randn(n, generator=generator)
    z = torch.randn(n, generator=generator)
    a_dev, b_dev = a.clone().to(DEVICE), torch.full((n,), float("nan"), device=DEVICE)
    store_between_kernel[(triton.cdiv(n, 256),)](a_dev, b_dev, z.to(DEVICE), n, BLOCK=256)
    assert torch.equal(b_dev.cpu(), a * 2)
    assert torch.equal(a_dev.cpu(), z)


@triton.jit
def update_in_place_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(x_ptr + offsets, x * 2 - 3, mask=mask)  # exact: no FMA rounding


def test_update_in_place():
    generator = torch.Generator().manual_seed(6)
    n = 3000
    x = torch.randn(n, generator=generator)
    y = x.clone().to(DEVICE)
    update_in_place_kernel[(triton.cdiv(n, 1024),)](y, n, BLOCK=1024)
    assert torch.equal(y.cpu(), x * 2 - 3)
