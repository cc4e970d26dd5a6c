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


@triton.jit
def grid_scans_kernel(x_ptr, sums_ptr, maxima_ptr, GX, GY, BLOCK: tl.constexpr):
    # Program ids from the arguments, not tl.num_programs: a chunked launch cannot provide those.
    row = (tl.program_id(2) * GY + tl.program_id(1)) * GX + tl.program_id(0)
    offsets = row * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    tl.store(sums_ptr + offsets, tl.cumsum(x, axis=0))
    tl.store(maxima_ptr + offsets, tl.associative_scan(x, 0, _maximum))


def _run_grid_scans(grid, block=4096, seed=5):
    programs = grid[0] * grid[1] * grid[2]
    x = torch.randn(programs, block, generator=torch.Generator().manual_seed(seed))
    sums, maxima = (torch.full_like(x, float("nan"), device=DEVICE) for _ in range(2))
    compiled = grid_scans_kernel[grid](x.to(DEVICE), sums, maxima, grid[0], grid[1], BLOCK=block)
    return compiled, x.numpy(), sums.cpu().numpy(), maxima.cpu().numpy()


# Programs per chunk under a forced limit, for a 5 x 3 x 2 grid: parts of rows (1, 3), whole
# rows (7: one row at a time), whole planes (16), the grid at once (40).
@pytest.mark.parametrize("programs_per_chunk", [1, 3, 7, 16, 40])
def test_scratch_beyond_the_limit_runs_in_chunks(monkeypatch, programs_per_chunk):
    import numpy as np

    from triton_spirv import launcher
    grid = (5, 3, 2)
    compiled, *_ = _run_grid_scans((1, 1, 1))
    per_program = compiled.metadata.scratch_bytes_per_program
    if per_program == 0:
        pytest.skip("the device's workgroup memory holds the scans")
    monkeypatch.setenv("TRITON_SPIRV_SCRATCH_LIMIT", str(programs_per_chunk * per_program + 15))
    # A fresh buffer, sized by this launch: slices outside one chunk's would lie beyond it.
    monkeypatch.setattr(launcher, "_scratch", {})
    compiled, x, sums, maxima = _run_grid_scans(grid)
    kernel = compiled.run.kernel
    assert kernel.scratch_bytes(*grid) == min(programs_per_chunk, 30) * per_program
    assert launcher._scratch[0][2] <= max(programs_per_chunk * per_program + 15, 1 << 20)
    np.testing.assert_allclose(sums, np.cumsum(x.astype(np.float64), axis=1), rtol=1e-5, atol=1e-3)
    np.testing.assert_array_equal(maxima, np.maximum.accumulate(x, axis=1))


def test_scratch_of_one_program_beyond_the_limit_is_refused(monkeypatch):
    compiled, *_ = _run_grid_scans((1, 1, 1))
    per_program = compiled.metadata.scratch_bytes_per_program
    if per_program == 0:
        pytest.skip("the device's workgroup memory holds the scans")
    monkeypatch.setenv("TRITON_SPIRV_SCRATCH_LIMIT", str(per_program - 1))
    with pytest.raises(runtime.VulkanError) as error:
        _run_grid_scans((2, 1, 1))
    message = str(error.value)
    assert "'grid_scans_kernel'" in message and f"{per_program} bytes" in message
    assert f"limit of {per_program - 1} bytes" in message
