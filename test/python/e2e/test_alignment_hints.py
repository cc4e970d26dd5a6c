"""tl.multiple_of on pointers whose base was read from a table (tutorial 08's grouped GEMM):
the hint makes the staged tile loads one vector per run when a run-time check finds the
addresses and strides aligned, and the per-element loads otherwise (a hint that does not hold
must not give a wrong answer). Random data against float64, NaN-poisoned outputs."""
import pytest
import torch
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

from .kernels import hinted_grouped_gemm_kernel

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def _matrix(rows, cols, generator, row_stride, element_offset):
    """A (rows, cols) fp16 view with the given row stride, starting `element_offset` elements
    into its storage (1: an address that is not 16-byte aligned)."""
    storage = torch.randn(element_offset + rows * row_stride, generator=generator).half()
    return storage[element_offset:].as_strided((rows, cols), (row_stride, 1))


def _run(shapes, row_pad, element_offset, seed):
    generator = torch.Generator().manual_seed(seed)
    block_m, block_n, block_k = 32, 32, 32
    a = [_matrix(m, k, generator, k + row_pad, element_offset) for m, n, k in shapes]
    b = [_matrix(k, n, generator, n + row_pad, element_offset) for m, n, k in shapes]
    a = [t.to(DEVICE) for t in a] if DEVICE.type != "cpu" else a
    b = [t.to(DEVICE) for t in b] if DEVICE.type != "cpu" else b
    c = [torch.full((m, n), float("nan"), device=DEVICE) for m, n, k in shapes]
    tables = [torch.tensor([t.data_ptr() for t in ts], dtype=torch.int64, device=DEVICE)
              for ts in (a, b, c)]
    sizes = torch.tensor([d for s in shapes for d in s], dtype=torch.int32, device=DEVICE)
    lds = torch.tensor([d for x, y, z in zip(a, b, c) for d in (x.stride(0), y.stride(0),
                                                                  z.stride(0))],
                       dtype=torch.int32, device=DEVICE)
    tiles = sum((m // block_m) * (n // block_n) for m, n, k in shapes)
    hinted_grouped_gemm_kernel[(tiles,)](*tables, sizes, lds, len(shapes), BLOCK_M=block_m,
                                         BLOCK_N=block_n, BLOCK_K=block_k)
    for x, y, z in zip(a, b, c):
        assert not z.isnan().any()
        torch.testing.assert_close(z.double().cpu(), x.double().cpu() @ y.double().cpu(),
                                   atol=1e-3, rtol=1e-3)


SHAPES = [(64, 64, 64), (32, 96, 128), (96, 32, 32)]


def test_hinted_and_aligned():
    _run(SHAPES, row_pad=0, element_offset=0, seed=1)


@pytest.mark.parametrize("row_pad, element_offset", [(0, 1), (2, 0)])
def test_hint_that_does_not_hold_stays_right(row_pad, element_offset):
    # A base 2 bytes past alignment, or rows 2 elements longer than the tile: the run-time
    # check fails and the loads stay per element.
    _run(SHAPES, row_pad, element_offset, seed=2)


@pytest.mark.parametrize("hints", [True, False])
def test_hint_gives_vector_loads_on_nvidia(hints):
    signature = {"a_table": "*i64", "b_table": "*i64", "c_table": "*i64", "sizes_ptr": "*i32",
                 "lds_ptr": "*i32", "groups": "i32", "BLOCK_M": "constexpr",
                 "BLOCK_N": "constexpr", "BLOCK_K": "constexpr", "HINTS": "constexpr"}
    source = ASTSource(hinted_grouped_gemm_kernel, signature,
                       {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32, "HINTS": hints})
    spirv = triton.compile(source, target=GPUTarget("spirv", "nvidia", 32),
                           options={"num_warps": 4}).asm["spirvir"]
    # With the hints: 8-byte loads of 4 halves in the checked copy, 2-byte ones in the
    # other; without them, 2-byte loads only.
    assert ('["Aligned", 8] : vector<4xf16>' in spirv) == hints
    assert '["Aligned", 2] : f16' in spirv
