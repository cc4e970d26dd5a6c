"""Tensor descriptors (made in the kernel, or passed as TensorDescriptor
arguments): bounds-checked block loads/stores with zero or NaN padding,
atomic reductions, row gathers and scatters."""
import pytest
import torch
from triton.tools.tensor_descriptor import TensorDescriptor

from . import kernels_descriptors as k

torch.manual_seed(0)


def _cdiv(a, b):
    return (a + b - 1) // b


@pytest.mark.parametrize("M,N", [(50, 70), (64, 32)])
def test_descriptor_load_store_reduce_at_edges(M, N):
    ld = 80  # row stride beyond N: columns N..ld must stay untouched
    BM, BN = 16, 32
    x = torch.randn(M, ld)
    y = torch.full((M, ld), float("nan"))
    acc = torch.randn(M, ld)
    acc_before = acc.clone()
    k.descriptor_scale_kernel[(_cdiv(M, BM), _cdiv(N, BN))](x, y, acc, M, N, ld, BM=BM, BN=BN)
    torch.testing.assert_close(y[:, :N], x[:, :N] * 2 + 1)
    assert y[:, N:].isnan().all()
    torch.testing.assert_close(acc[:, :N], acc_before[:, :N] + x[:, :N])
    assert torch.equal(acc[:, N:], acc_before[:, N:])


@pytest.mark.parametrize("padding", ["zero", "nan"])
def test_descriptor_argument_padding(padding):
    M, N, BM, BN = 40, 24, 16, 16
    x = torch.randn(M, N)
    desc = TensorDescriptor.from_tensor(x, [BM, BN], padding=padding)
    grid = (_cdiv(M, BM), _cdiv(N, BN))
    out = torch.full((grid[0] * BM, grid[1] * BN), -7.0)
    k.descriptor_argument_kernel[grid](desc, out, BM=BM, BN=BN)
    assert torch.equal(out[:M, :N], x)
    pad = out.clone()
    pad[:M, :N] = 0.0
    if padding == "zero":
        assert (pad == 0).all()
    else:
        outside = torch.ones_like(out, dtype=torch.bool)
        outside[:M, :N] = False
        assert out[outside].isnan().all()


def test_descriptor_gather_scatter():
    M, N, R, BN = 40, 128, 16, 64
    src = torch.randn(M, N)
    dst = torch.full((M, N), float("nan"))
    rows = torch.randperm(M)[:R].to(torch.int32)
    rows[3] = M + 5  # out of bounds: gathers padding, scatters nothing
    k.descriptor_gather_scatter_kernel[(N // BN,)](src, dst, rows, M, N, R=R, BN=BN)
    valid = rows[rows < M].long()
    torch.testing.assert_close(dst[valid], src[valid] + 1)
    untouched = torch.ones(M, dtype=torch.bool)
    untouched[valid] = False
    assert dst[untouched].isnan().all()


def test_descriptor_int_reductions():
    M, N, BM, BN = 32, 16, 16, 16
    src = torch.randint(-1000, 1000, (M, N), dtype=torch.int32)
    dst = torch.randint(-1000, 1000, (M, N), dtype=torch.int32)
    ref = dst.clone()
    k.descriptor_int_reduce_kernel[(1,)](dst, src, M, N, BM=BM, BN=BN)
    # Program 0: rows 0..15 get min then xor; rows 16..31 get max of rows 0..15.
    ref[:BM] = torch.minimum(ref[:BM], src[:BM]) ^ src[:BM]
    ref[M // 2:M // 2 + BM] = torch.maximum(ref[M // 2:M // 2 + BM], src[:BM])
    assert torch.equal(dst, ref)
