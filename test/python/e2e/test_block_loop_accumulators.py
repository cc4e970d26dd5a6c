"""Accumulators carried by block loops and reduced after them (`acc += tl.load(...)`, then
`tl.sum(acc)`): on lavapipe interchange-accumulation-loops runs them one run of each
invocation's elements at a time, with each block loop's first iteration peeled. Rows of
fewer, exactly one, a whole number of and a ragged number of blocks."""
import numpy as np
import pytest
import torch
import triton
import triton.language as tl

from . import kernels


def _fresh(shape):
    # NaN marks elements the kernel never wrote.
    return torch.full(shape if isinstance(shape, tuple) else (shape,), float("nan"))


@triton.jit
def row_sum_and_max_kernel(x_ptr, sum_ptr, max_ptr, stride, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_ptr += row * stride
    total = tl.zeros((BLOCK,), dtype=tl.float32)
    top = tl.full((BLOCK,), float("-inf"), dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < N, other=0.0)
        total += x * x
        top = tl.maximum(top, tl.where(cols < N, x, float("-inf")))
    tl.store(sum_ptr + row, tl.sum(total, axis=0))
    tl.store(max_ptr + row, tl.max(top, axis=0))


@pytest.mark.parametrize("n", [100, 256, 512, 700])
@pytest.mark.parametrize("num_warps", [1, 4])
def test_layer_norm_block_loops(n, num_warps):
    rows = 9
    x, w, b = torch.randn(rows, n) + 3.0, torch.rand(n) + 0.5, torch.randn(n)
    y = _fresh((rows, n))
    mean, rstd = _fresh(rows), _fresh(rows)
    kernels.layer_norm_fwd_kernel[(rows,)](x, y, w, b, mean, rstd, x.stride(0), n, 1e-5,
                                           BLOCK=256, num_warps=num_warps)
    x64 = x.double()
    mean64 = x64.mean(dim=1)
    rstd64 = 1 / torch.sqrt(x64.var(dim=1, unbiased=False) + 1e-5)
    ref = (x64 - mean64[:, None]) * rstd64[:, None] * w.double() + b.double()
    torch.testing.assert_close(mean.double(), mean64, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(rstd.double(), rstd64, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(y.double(), ref, atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("n", [100, 256, 512, 700])
@pytest.mark.parametrize("num_warps", [1, 4])
def test_sum_and_max_block_loops(n, num_warps):
    rows = 7
    x = torch.randn(rows, n)
    sums, maxima = _fresh(rows), _fresh(rows)
    row_sum_and_max_kernel[(rows,)](x, sums, maxima, x.stride(0), n, BLOCK=256,
                                    num_warps=num_warps)
    x64 = x.numpy().astype(np.float64)
    np.testing.assert_allclose(sums.numpy(), (x64 * x64).sum(axis=1), rtol=1e-5)
    np.testing.assert_array_equal(maxima.numpy(), x.numpy().max(axis=1))
