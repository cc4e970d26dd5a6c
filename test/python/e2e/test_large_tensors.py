"""CPU tensors larger than one Vulkan import (lavapipe: maxMemoryAllocationSize 2 GiB): the
runtime imports them in pieces that the kernel sees as one range (FlagGems' mean over a
1024^3 fp32 tensor failed with VK_ERROR_OUT_OF_DEVICE_MEMORY)."""
import pytest
import torch
import triton
import triton.language as tl

from triton_spirv import _vulkan_runtime as runtime


@triton.jit
def chunk_sums_kernel(x_ptr, out_ptr, CHUNK: tl.constexpr, BLOCK: tl.constexpr):
    # Offsets past 2^31 elements' bytes: 64-bit from the start.
    start = tl.program_id(0).to(tl.int64) * CHUNK
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, CHUNK, BLOCK):
        acc += tl.load(x_ptr + start + i + tl.arange(0, BLOCK))
    tl.store(out_ptr + tl.program_id(0), tl.sum(acc, axis=0))


def test_tensor_past_one_import_is_read_whole():
    device = runtime.get_device()
    limit = device.device_properties()["max_memory_allocation_size"]
    if limit > 3 << 30:
        pytest.skip(f"the device imports {limit} bytes at once; the test needs more memory")
    chunk = 1 << 18
    programs = (limit + (limit >> 3)) // 4 // chunk + 1  # ~1.125x the import limit
    x = torch.rand(programs * chunk)
    assert x.numel() * 4 > limit
    out = torch.full((programs,), float("nan"))
    chunk_sums_kernel[(programs,)](x, out, CHUNK=chunk, BLOCK=1024)
    want = x.view(programs, chunk).sum(dim=1)
    torch.testing.assert_close(out, want, rtol=1e-4, atol=1e-2)
    # Launching again finds the pieces: no new import.
    imports = device.host_import_count()
    out2 = torch.full((programs,), float("nan"))
    chunk_sums_kernel[(programs,)](x, out2, CHUNK=chunk, BLOCK=1024)
    assert torch.equal(out, out2)
    assert device.host_import_count() <= imports + 1  # out2's own import
