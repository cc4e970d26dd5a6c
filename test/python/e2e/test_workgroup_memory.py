"""Kernels whose workgroup buffers exceed the device's workgroup memory (lavapipe: 32 KiB) still
run: the largest buffers move to a per-program slice of global scratch memory
(spirv-spill-workgroup-memory), which the launcher provides."""
import pytest
import torch
import triton
import triton.language as tl

# torch CPU tensors on lavapipe; CUDA tensors on the cuda route (TRITON_SPIRV_BACKEND=1).
DEVICE = triton.runtime.driver.active.get_active_torch_device()

from triton_spirv import _vulkan_runtime as runtime


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        ks = k * BLOCK_K + rk
        a = tl.load(a_ptr + rm[:, None] * K + ks[None, :], mask=(rm[:, None] < M) & (ks[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + ks[:, None] * N + rn[None, :], mask=(ks[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def device_shared_memory():
    return runtime.get_device().device_properties()["max_shared_mem"]


@pytest.mark.parametrize("dtype, blocks, num_warps", [
    (torch.float16, (128, 128, 128), 4),
    (torch.float32, (128, 256, 32), 4),
    (torch.float32, (128, 128, 64), 8),
])
def test_tiles_beyond_workgroup_memory(dtype, blocks, num_warps):
    block_m, block_n, block_k = blocks
    M, N, K = 200, 272, 160  # partial tiles in every dimension
    generator = torch.Generator().manual_seed(7)
    a = torch.randn(M, K, generator=generator).to(dtype).to(DEVICE)
    b = torch.randn(K, N, generator=generator).to(dtype).to(DEVICE)
    c = torch.full((M, N), float("nan"), device=DEVICE)
    grid = (triton.cdiv(M, block_m), triton.cdiv(N, block_n))
    compiled = matmul_kernel[grid](a, b, c, M, N, K, BLOCK_M=block_m, BLOCK_N=block_n,
                                   BLOCK_K=block_k, num_warps=num_warps, num_stages=3)
    # The staged A and B tiles alone exceed lavapipe's 32 KiB; what stays in workgroup memory
    # fits the device, the rest is scratch.
    assert (block_m + block_n) * block_k * a.element_size() > 32768
    metadata = compiled.metadata
    assert metadata.shared <= device_shared_memory()
    if device_shared_memory() <= 32768:
        assert metadata.scratch_bytes_per_program > 0
    expected = a.cpu().double().matmul(b.cpu().double()).float()
    torch.testing.assert_close(c.cpu(), expected, rtol=1e-4, atol=1e-3)


@triton.jit
def scans_kernel(x_ptr, sums_ptr, products_ptr, maxima_ptr, BLOCK: tl.constexpr):
    # Several scans of a large block: each keeps its own workgroup buffers.
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + tl.program_id(0) * BLOCK + offsets)
    tl.store(sums_ptr + tl.program_id(0) * BLOCK + offsets, tl.cumsum(x, axis=0))
    tl.store(products_ptr + tl.program_id(0) * BLOCK + offsets, tl.cumprod(x, axis=0))
    tl.store(maxima_ptr + tl.program_id(0) * BLOCK + offsets,
             tl.associative_scan(x, 0, _maximum))


@triton.jit
def _maximum(a, b):
    return tl.maximum(a, b)


def test_scans_beyond_workgroup_memory():
    programs, block = 3, 4096
    generator = torch.Generator().manual_seed(3)
    x = 1 + 0.001 * torch.randn(programs, block, generator=generator)
    sums, products, maxima = (torch.full_like(x, float("nan"), device=DEVICE) for _ in range(3))
    compiled = scans_kernel[(programs,)](x.to(DEVICE), sums, products, maxima, BLOCK=block)
    assert compiled.metadata.shared <= device_shared_memory()
    torch.testing.assert_close(sums.cpu(), x.double().cumsum(1).float(), rtol=1e-5, atol=1e-3)
    torch.testing.assert_close(products.cpu(), x.double().cumprod(1).float(), rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(maxima.cpu(), x.cummax(1).values)
