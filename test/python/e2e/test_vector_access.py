"""Contiguous runs as vector code (vectorize-contiguous-runs): aligned 16-byte
accesses where Triton's divisibility facts prove them, per-lane code where
they do not (misaligned views, odd offsets, partial masks). The NVIDIA
profile uses 16-byte vectors; lavapipe's default is scalar, so each test runs
both ways here (vector_bytes is a backend option)."""
import pytest
import torch
import triton
import triton.language as tl

from . import kernels

torch.manual_seed(0)


def _poisoned(n, dtype):
    # Elements the kernel never wrote keep a marker value.
    if dtype.is_floating_point:
        return torch.full((n,), float("nan"), dtype=dtype)
    return torch.full((n,), torch.iinfo(dtype).min, dtype=dtype)


@triton.jit
def axpy_kernel(x_ptr, y_ptr, out_ptr, a, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, (a * x.to(tl.float32) + y.to(tl.float32)).to(out_ptr.dtype.element_ty), mask=mask)


@triton.jit
def shifted_copy_kernel(x_ptr, out_ptr, shift, n, BLOCK: tl.constexpr):
    # Reads at a runtime offset nothing proves aligned.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + shift + offs, mask=mask) * 2, mask=mask)


@triton.jit
def int_mix_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=0)
    tl.store(out_ptr + offs, (a.to(tl.int32) * 3 - b.to(tl.int32)).to(out_ptr.dtype.element_ty), mask=mask)


VECTOR_BYTES = pytest.mark.parametrize("vector_bytes", [0, 16])


@VECTOR_BYTES
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("n", [3, 1001, 4096])
def test_aligned_and_partial_runs(dtype, n, vector_bytes):
    x, y = torch.randn(n).to(dtype), torch.randn(n).to(dtype)
    out = _poisoned(n, dtype)
    axpy_kernel[(triton.cdiv(n, 512),)](x, y, out, 1.5, n, BLOCK=512, vector_bytes=vector_bytes)
    ref = (1.5 * x.float() + y.float()).to(dtype)
    torch.testing.assert_close(out, ref, atol=1e-3, rtol=1e-3)


@VECTOR_BYTES
@pytest.mark.parametrize("offsets", [(1, 3, 2), (4, 0, 8)])
def test_views_at_unaligned_addresses(offsets, vector_bytes):
    # Views starting 4/8/12 bytes into their storage lose Triton's 16-byte
    # divisibility; the kernel must still be right (per-lane accesses).
    n = 777
    ox, oy, oo = offsets
    xs, ys, outs = torch.randn(n + ox), torch.randn(n + oy), _poisoned(n + oo, torch.float32)
    x, y, out = xs[ox:], ys[oy:], outs[oo:]
    axpy_kernel[(triton.cdiv(n, 256),)](x, y, out, -0.5, n, BLOCK=256, vector_bytes=vector_bytes)
    torch.testing.assert_close(out, -0.5 * x + y)
    assert torch.isnan(outs[:oo]).all()


@VECTOR_BYTES
@pytest.mark.parametrize("shift", [0, 1, 6, 16])
def test_runtime_offsets(shift, vector_bytes):
    n = 1000
    x = torch.randn(n + shift)
    out = _poisoned(n, torch.float32)
    shifted_copy_kernel[(triton.cdiv(n, 128),)](x, out, shift, n, BLOCK=128, vector_bytes=vector_bytes)
    torch.testing.assert_close(out, 2 * x[shift:shift + n])


@VECTOR_BYTES
@pytest.mark.parametrize("dtype", [torch.int8, torch.int32, torch.int64])
def test_integer_runs(dtype, vector_bytes):
    n = 2050
    info = torch.iinfo(dtype)
    low, high = max(info.min, -1000) // 4, min(info.max, 1000) // 4
    a = torch.randint(low, high, (n,), dtype=dtype)
    b = torch.randint(low, high, (n,), dtype=dtype)
    out = _poisoned(n, dtype)
    int_mix_kernel[(triton.cdiv(n, 1024),)](a, b, out, n, BLOCK=1024, vector_bytes=vector_bytes)
    assert torch.equal(out, (a.int() * 3 - b.int()).to(dtype))


@triton.jit
def softmax_rows_kernel(out_ptr, in_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * stride + cols, mask=cols < n_cols, other=-float("inf"))
    num = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * stride + cols, num / tl.sum(num, axis=0), mask=cols < n_cols)


@pytest.mark.parametrize("n_cols", [1000, 1024])
def test_rows_with_strides_vectorized(n_cols):
    # Row offsets are aligned only when the stride is a multiple of 4.
    x = torch.randn(37, n_cols)
    out = torch.full_like(x, float("nan"))
    softmax_rows_kernel[(37,)](out, x, x.stride(0), n_cols, BLOCK=1024, vector_bytes=16)
    torch.testing.assert_close(out, torch.softmax(x, dim=1))


def _check_matmul_tiles(dtype, M, N, K, block_k, **launch_options):
    """kernels.matmul_kernel with 32x32 blocks on the vector path, against float64."""
    a = torch.randn(M, K).to(dtype)
    b = torch.randn(K, N).to(dtype)
    c = torch.full((M, N), float("nan"), dtype=dtype)
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
    kernels.matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                c.stride(0), c.stride(1), BLOCK_M=32, BLOCK_N=32, BLOCK_K=block_k,
                                vector_bytes=16, **launch_options)
    ref = a.double() @ b.double()
    tol = 1e-4 if dtype == torch.float32 else 2e-2
    assert not c.isnan().any()
    torch.testing.assert_close(c.double(), ref, atol=tol * ref.abs().max().item(), rtol=tol)


@pytest.mark.parametrize("num_stages", [2, 3, 5])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("M,N,K", [(64, 64, 64), (100, 72, 40), (33, 130, 136), (48, 40, 8)])
def test_matmul_tiles_vectorized(dtype, M, N, K, num_stages):
    # 2-D tile loads (a run of 4 within a row, masked at ragged edges), staged
    # into workgroup memory num_stages - 1 K steps ahead
    # (prefetch-workgroup-tiles); K=8 and K=40 have fewer steps than that.
    _check_matmul_tiles(dtype, M, N, K, 16, num_stages=num_stages)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("M,N,K", [(80, 48, 48), (96, 112, 80), (16, 16, 16)])
def test_matmul_masks_decided_per_run(dtype, M, N, K):
    # Sizes divisible by 16 (tt.divisibility) but not by the blocks: the masks
    # rk < K - k * BLOCK_K and rn < N are constant over each run of 4, so the
    # vector path has no per-lane fallback; the last K step and the last
    # column block are half outside.
    _check_matmul_tiles(dtype, M, N, K, 32)


@pytest.mark.parametrize("vector_bytes", [8, 16])
@pytest.mark.parametrize("stride,cols", [(1000, 1000), (781, 781), (1004, 998), (1000, 1)])
def test_runtime_alignment_checks(stride, cols, vector_bytes):
    # Strides and widths Triton does not specialize (only multiples of 16
    # are): rows whose offset and width are multiples of the vector width
    # take the checked vector copy of each run, the others the scalar run.
    # Both must write exactly the row's first `cols` elements.
    rows = 37
    x = torch.randn(rows * stride + 16)
    out = _poisoned(rows * stride + 16, torch.float32)
    kernels.softmax_kernel[(rows,)](out, x, stride, stride, cols, BLOCK=1024,
                                    vector_bytes=vector_bytes, runtime_alignment_checks=1)
    got = out[:rows * stride].view(rows, stride)
    ref = torch.softmax(x[:rows * stride].view(rows, stride)[:, :cols], dim=1)
    torch.testing.assert_close(got[:, :cols], ref)
    assert torch.isnan(got[:, cols:]).all() and torch.isnan(out[rows * stride:]).all()
