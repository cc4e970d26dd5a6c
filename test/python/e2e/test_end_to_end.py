"""Triton kernels compiled by triton-spirv and run on the default Vulkan device (lavapipe here)."""

import pytest
import torch
import triton

from . import kernels, references

torch.manual_seed(0)


def _fresh(shape):
    # NaN marks elements the kernel never wrote.
    return torch.full(shape if isinstance(shape, tuple) else (shape,), float("nan"))


@pytest.mark.parametrize("n", [1, 1000, 1024, 98_432])
def test_vector_add(n):
    x, y = torch.rand(n), torch.rand(n)
    out = _fresh(n)
    kernels.add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
    assert not out.isnan().any()
    torch.testing.assert_close(out, x + y)


@pytest.mark.parametrize("num_warps", [1, 2, 4, 8])
def test_vector_add_num_warps(num_warps):
    n = 5000
    x, y = torch.randn(n), torch.randn(n)
    out = _fresh(n)
    kernels.add_kernel[(triton.cdiv(n, 256),)](x, y, out, n, BLOCK=256, num_warps=num_warps)
    torch.testing.assert_close(out, x + y)


def test_vector_add_does_not_write_past_mask():
    n = 1000
    x, y = torch.rand(n + 24), torch.rand(n + 24)
    out = _fresh(n + 24)
    kernels.add_kernel[(1,)](x, y, out, n, BLOCK=1024)
    torch.testing.assert_close(out[:n], x[:n] + y[:n])
    assert out[n:].isnan().all()


def test_fused_elementwise_with_scalar_argument():
    n = 3001
    x = torch.randn(n)
    out = _fresh(n)
    kernels.fused_elementwise_kernel[(triton.cdiv(n, 512),)](x, out, n, 0.5, BLOCK=512)
    torch.testing.assert_close(out, torch.where(x > 0, x * 0.5, torch.exp(x) - 1.0))


@pytest.mark.parametrize("rows,cols", [(1, 7), (37, 781), (16, 1024)])
def test_softmax(rows, cols):
    x = torch.randn(rows, cols)
    out = _fresh((rows, cols))
    kernels.softmax_kernel[(rows,)](out, x, x.stride(0), out.stride(0), cols, BLOCK=1024)
    assert not out.isnan().any()
    torch.testing.assert_close(out, torch.softmax(x, dim=1))


@pytest.mark.parametrize("num_warps", [1, 2])
def test_softmax_small_workgroups(num_warps):
    # num_warps=1 on lavapipe is one subgroup of 8 invocations, where its
    # subgroup reductions are wrong; the compiler avoids them there.
    x = torch.randn(5, 300)
    out = _fresh((5, 300))
    kernels.softmax_kernel[(5,)](out, x, x.stride(0), out.stride(0), 300, BLOCK=512,
                                 num_warps=num_warps)
    torch.testing.assert_close(out, torch.softmax(x, dim=1))


def test_grid_with_two_dimensions():
    rows, cols = 45, 70
    out = _fresh((rows, cols))
    grid = (triton.cdiv(rows, 16), triton.cdiv(cols, 32))
    kernels.grid_2d_kernel[grid](out, rows, cols, BLOCK_R=16, BLOCK_C=32)
    r = torch.arange(rows)[:, None]
    c = torch.arange(cols)[None, :]
    torch.testing.assert_close(out, (r * 1000 + c).float())


@pytest.mark.parametrize("M,N,K", [(64, 64, 64), (100, 70, 45), (33, 130, 129)])
def test_matmul_fp32_ieee(M, N, K):
    a, b = torch.randn(M, K), torch.randn(K, N)
    c = _fresh((M, N))
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
    kernels.matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                c.stride(0), c.stride(1), BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
    assert not c.isnan().any()
    torch.testing.assert_close(c, a @ b, atol=1e-4, rtol=1e-4)


def test_layer_norm_forward():
    rows, n = 13, 1000
    x, w, b = torch.randn(rows, n), torch.rand(n) + 0.5, torch.randn(n)
    y = _fresh((rows, n))
    mean, rstd = _fresh(rows), _fresh(rows)
    kernels.layer_norm_fwd_kernel[(rows,)](x, y, w, b, mean, rstd, x.stride(0), n, 1e-5, BLOCK=256)
    ref = torch.nn.functional.layer_norm(x, (n,), w, b, 1e-5)
    torch.testing.assert_close(y, ref, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(mean, x.mean(dim=1))
    torch.testing.assert_close(rstd, 1 / torch.sqrt(x.var(dim=1, unbiased=False) + 1e-5), atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("num_warps", [2, 4, 8, 16])
def test_row_kernels_across_num_warps(num_warps):
    # Several subgroups per workgroup: on lavapipe each owns one span of a row
    # (subgroup-contiguous loops and folds); rows ragged against the block.
    rows, n = 6, 1500
    x, w, b = torch.randn(rows, n), torch.rand(n) + 0.5, torch.randn(n)
    y = _fresh((rows, n))
    mean, rstd = _fresh(rows), _fresh(rows)
    kernels.layer_norm_fwd_kernel[(rows,)](x, y, w, b, mean, rstd, x.stride(0), n, 1e-5,
                                           BLOCK=512, num_warps=num_warps)
    ref = torch.nn.functional.layer_norm(x, (n,), w, b, 1e-5)
    torch.testing.assert_close(y, ref, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(mean, x.mean(dim=1))
    cols = 781
    sx = torch.randn(rows, cols) * 4
    out = _fresh((rows, cols))
    kernels.softmax_kernel[(rows,)](out, sx, sx.stride(0), out.stride(0), cols, BLOCK=1024,
                                    num_warps=num_warps)
    torch.testing.assert_close(out, torch.softmax(sx, dim=1))


def test_reductions_over_each_axis():
    R, C = 16, 64
    x = torch.randn(R, C)
    s, m = _fresh(C), _fresh(R)
    am = torch.full((R,), -1, dtype=torch.int32)
    kernels.reduce_axes_kernel[(1,)](x, s, m, am, R=R, C=C)
    torch.testing.assert_close(s, x.sum(dim=0), atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(m, x.max(dim=1).values)
    assert torch.equal(am.long(), x.argmax(dim=1))


def test_atomics_add_max_with_masks():
    n = 5000
    x = torch.randint(0, 1000, (n,), dtype=torch.int32)
    bins = torch.zeros(16, dtype=torch.int32)
    total = torch.zeros(1, dtype=torch.float32)
    biggest = torch.full((1,), -1, dtype=torch.int32)
    kernels.atomic_histogram_kernel[(triton.cdiv(n, 256),)](x, bins, total, biggest, n, BLOCK=256)
    assert torch.equal(bins, torch.bincount(x % 16, minlength=16).int())
    assert total.item() == pytest.approx(float(x.sum()), rel=1e-6)
    assert biggest.item() == x.max().item()


def test_atomic_cas_spin_lock():
    programs = 64
    values = torch.rand(programs)
    lock = torch.zeros(1, dtype=torch.int32)
    acc = torch.zeros(1)
    count = torch.zeros(1, dtype=torch.int32)
    kernels.locked_accumulate_kernel[(programs,)](lock, acc, values, count)
    assert count.item() == programs
    assert lock.item() == 0
    assert acc.item() == pytest.approx(values.sum().item(), rel=1e-5)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float64, torch.int8,
                                   torch.int16, torch.int32, torch.int64])
def test_element_types(dtype):
    n = 1000
    if dtype.is_floating_point:
        x = (torch.randn(n) * 4).to(dtype)
    else:
        x = torch.randint(-40, 40, (n,), dtype=dtype)
    out = torch.zeros(n + 8, dtype=dtype)
    kernels.affine_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
    if dtype in (torch.float16, torch.bfloat16):
        # A GPU driver may contract x * 3 + 1 into one FMA (one rounding, as Triton-CUDA's
        # fma.rn.f16); lavapipe rounds after each op as torch does (bf16 too: its f32
        # emulation rounds op by op). Each element is one of the two.
        once, twice = (x.float() * 3 + 1).to(dtype), x * 3 + 1
        got = out[:n]
        assert bool(((got == once) | (got == twice)).all()), (got, once, twice)
    else:
        torch.testing.assert_close(out[:n], x * 3 + 1)
    assert torch.count_nonzero(out[n:]) == 0


def test_matmul_fp16_inputs_fp32_accumulator():
    M, N, K = 64, 48, 80
    a, b = torch.randn(M, K).half(), torch.randn(K, N).half()
    c = _fresh((M, N))
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
    kernels.matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                c.stride(0), c.stride(1), BLOCK_M=32, BLOCK_N=32, BLOCK_K=16)
    torch.testing.assert_close(c, a.float() @ b.float(), atol=1e-3, rtol=1e-3)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_dot_of_loop_invariant_tiles(dtype):
    BM, BN, BK, iters, programs = 32, 32, 16, 5, 3
    a, b = torch.randn(BM, BK).to(dtype), torch.randn(BK, BN).to(dtype)
    c = _fresh((programs * BM, BN))
    kernels.dot_loop_kernel[(programs,)](a, b, c, iters, BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK)
    expected = iters * (a.double() @ b.double())
    torch.testing.assert_close(c.double(), expected.repeat(programs, 1), atol=1e-4, rtol=1e-4)


def test_persistent_softmax_sized_from_device_properties():
    from triton.runtime import driver
    props = driver.active.utils.get_device_properties(None)
    rows, cols = 300, 781
    x = torch.randn(rows, cols)
    out = _fresh((rows, cols))
    kernel = kernels.persistent_softmax_kernel.warmup(out, x, x.stride(0), out.stride(0), rows, cols,
                                                      BLOCK=1024, num_stages=2, num_warps=8, grid=(1,))
    kernel._init_handles()
    assert kernel.n_regs > 0 and 0 < kernel.metadata.shared <= props["max_shared_mem"]
    occupancy = min(props["max_num_regs"] // (kernel.n_regs * props["warpSize"] * 8),
                    props["max_shared_mem"] // kernel.metadata.shared)
    programs = min(props["multiprocessor_count"] * occupancy, rows)
    kernel[(programs, 1, 1)](out, x, x.stride(0), out.stride(0), rows, cols, 1024, 2)
    assert not out.isnan().any()
    torch.testing.assert_close(out, torch.softmax(x, dim=1))


def test_autotune_and_do_bench():
    n = 20_000
    x = torch.randn(n)
    out = _fresh(n)
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)  # noqa: E731
    kernels.autotuned_scale_kernel[grid](x, out, n)
    torch.testing.assert_close(out, x * 2)
    best = kernels.autotuned_scale_kernel.best_config
    assert best.kwargs["BLOCK"] in (256, 512, 1024)
    ms = triton.testing.do_bench(lambda: kernels.autotuned_scale_kernel[grid](x, out, n), warmup=5, rep=20)
    assert ms > 0


_INTERPRETED_DROPOUT = """
import sys, numpy, torch, triton
sys.path.insert(0, sys.argv[1])
from e2e import kernels
x = torch.from_numpy(numpy.load(sys.argv[2]))
out = torch.zeros_like(x)
kernels.dropout_kernel[(triton.cdiv(x.numel(), 512),)](x, out, x.numel(), 0.3, 1234, BLOCK=512)
numpy.save(sys.argv[3], out.numpy())
"""


def test_dropout_matches_triton_interpreter(tmp_path):
    import os
    import subprocess
    import sys
    import numpy
    from pathlib import Path
    n = 3000
    x = torch.randn(n)
    out = _fresh(n)
    kernels.dropout_kernel[(triton.cdiv(n, 512),)](x, out, n, 0.3, 1234, BLOCK=512)
    numpy.save(tmp_path / "x.npy", x.numpy())
    env = dict(os.environ, TRITON_INTERPRET="1")
    subprocess.run([sys.executable, "-c", _INTERPRETED_DROPOUT, str(Path(__file__).parents[1]),
                    str(tmp_path / "x.npy"), str(tmp_path / "ref.npy")], check=True, env=env)
    reference = torch.from_numpy(numpy.load(tmp_path / "ref.npy"))
    kept = (out != 0).float().mean().item()
    assert 0.6 < kept < 0.8
    torch.testing.assert_close(out, reference)


def test_grid_with_three_dimensions():
    gx, gy, gz, block = 3, 4, 2, 64
    out = _fresh(gx * gy * gz * block)
    kernels.grid_3d_kernel[(gx, gy, gz)](out, BLOCK=block)
    ids = torch.arange(gx * gy * gz)
    x, y, z = ids % gx, (ids // gx) % gy, ids // (gx * gy)
    torch.testing.assert_close(out, (x + 10 * y + 100 * z).float().repeat_interleave(block))


# The second case is tutorial 05's configuration: an 8192-wide row (its dw/db
# partials cross an if/else as block tensors) and 32 x 128 dw/db tiles whose
# column sums have two owner invocations per column.
@pytest.mark.parametrize("n,groups,block,block_g,block_n", [(300, 8, 512, 4, 64),
                                                            (5000, 40, 8192, 32, 128)])
def test_layer_norm_backward(n, groups, block, block_g, block_n):
    rows = 40
    x = torch.randn(rows, n, requires_grad=True)
    w = (torch.rand(n) + 0.5).requires_grad_()
    b = torch.randn(n, requires_grad=True)
    dy = torch.randn(rows, n)
    y = torch.nn.functional.layer_norm(x, (n,), w, b, 1e-5)
    y.backward(dy)
    mean = x.detach().mean(dim=1)
    rstd = 1 / torch.sqrt(x.detach().var(dim=1, unbiased=False) + 1e-5)
    dx = _fresh((rows, n))
    partial_dw, partial_db = torch.zeros(groups, n), torch.zeros(groups, n)
    locks = torch.zeros(2 * groups, dtype=torch.int32)
    kernels.layer_norm_bwd_dx_kernel[(rows,)](dx, dy, partial_dw, partial_db, x.detach(), w.detach(),
                                              mean, rstd, locks, x.stride(0), n, GROUPS=groups,
                                              BLOCK=block)
    dw, db = _fresh(n), _fresh(n)
    kernels.layer_norm_bwd_dwdb_kernel[(triton.cdiv(n, block_n),)](partial_dw, partial_db, dw, db,
                                                                  groups, n, BLOCK_G=block_g,
                                                                  BLOCK_N=block_n)
    torch.testing.assert_close(dx, x.grad, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(dw, w.grad, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(db, b.grad, atol=1e-4, rtol=1e-4)


@pytest.mark.skipif(tuple(int(v) for v in triton.__version__.split(".")[:2]) >= (3, 9),
                    reason="Triton 3.9 removed tl.make_block_ptr (its frontend refuses the kernel)")
def test_block_pointers_with_boundary_checks():
    M, N = 37, 50
    x = torch.randn(M, N)
    out = torch.full((M + 1, N), float("nan"))  # one spare row must stay untouched
    grid = (triton.cdiv(M, 16), triton.cdiv(N, 32))
    kernels.block_ptr_transpose_add_kernel[grid](x, out, M, N, BLOCK_M=16, BLOCK_N=32)
    torch.testing.assert_close(out[:M], x + 1)
    assert out[M:].isnan().all()


@pytest.mark.parametrize("causal", [False, True])
def test_attention_forward_fp16(causal):
    # Two fp16 dots per key block (q k^T with a fresh accumulator, p v into a rescaled one): the
    # in-place cooperative-matrix form on the nvidia profile, the FMA path here. 80 keys: the
    # last block masked (causal: keys after each row too).
    seq_len, head_dim = 80, 32
    q, k, v = (torch.randn(seq_len, head_dim).half() for _ in range(3))
    out = torch.full((seq_len, head_dim), float("nan")).half()
    scale = head_dim ** -0.5
    kernels.attention_fwd_kernel[(triton.cdiv(seq_len, 32),)](q, k, v, out, seq_len, scale,
                                                               BLOCK_M=32, BLOCK_N=32, HEAD_DIM=head_dim,
                                                               CAUSAL=causal)
    scores = (q.double() @ k.double().T) * scale
    if causal:
        scores = scores.masked_fill(torch.ones(seq_len, seq_len).triu(1).bool(), float("-inf"))
    ref = torch.softmax(scores, dim=1) @ v.double()
    assert not out.isnan().any()
    torch.testing.assert_close(out.double(), ref, atol=2e-3, rtol=2e-3)


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("head_dim, block_m, block_n", [(32, 32, 16), (64, 64, 32), (64, 128, 32)])
def test_multi_head_attention_forward(causal, head_dim, block_m, block_n):
    # Tutorial 06's forward: several heads, base-2 online softmax, the causal diagonal block
    # masked after the unmasked blocks left of it; the output and each row's log-sum-exp (base 2).
    # 128x32 blocks at 4 warps: on GPUs with cooperative matrices each subgroup owns 32 whole rows
    # and the softmax runs on the score fragments (fragment-row-phases).
    heads, n_ctx, sm_scale = 3, 256, 0.3
    generator = torch.Generator().manual_seed(11)
    q, k, v = (torch.randn(heads, n_ctx, head_dim, generator=generator).half() for _ in range(3))
    out = torch.full_like(q, float("nan"))
    lse = torch.full((heads, n_ctx), float("nan"))
    kernels.mha_fwd_kernel[(n_ctx // block_m, heads)](q, k, v, out, lse, sm_scale, N_CTX=n_ctx,
                                                      HEAD_DIM=head_dim, BLOCK_M=block_m,
                                                      BLOCK_N=block_n, CAUSAL=causal)
    expected_out, expected_lse = references.multi_head_attention(q, k, v, sm_scale, causal)
    assert not out.isnan().any() and not lse.isnan().any()
    torch.testing.assert_close(out.double(), expected_out, atol=2e-3, rtol=2e-3)
    torch.testing.assert_close(lse.double(), expected_lse, atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("head_dim, block_m, block_n", [(32, 16, 32), (64, 32, 64)])
def test_multi_head_attention_backward(head_dim, block_m, block_n):
    # Our forward's output and log-sum-exp, then the backward's two kernels (keys' side: dK, dV;
    # queries' side: dQ), against float64 autograd of softmax attention.
    heads, n_ctx, sm_scale = 2, 128, 0.3
    generator = torch.Generator().manual_seed(5)
    q, k, v, d_out = (torch.randn(heads, n_ctx, head_dim, generator=generator).half()
                      for _ in range(4))
    out = torch.full_like(q, float("nan"))
    lse = torch.full((heads, n_ctx), float("nan"))
    kernels.mha_fwd_kernel[(n_ctx // 32, heads)](q, k, v, out, lse, sm_scale, N_CTX=n_ctx,
                                                 HEAD_DIM=head_dim, BLOCK_M=32, BLOCK_N=32,
                                                 CAUSAL=False)
    delta = (d_out.float() * out.float()).sum(-1)
    dq, dk, dv = (torch.full_like(q, float("nan")) for _ in range(3))
    kernels.mha_bwd_dkdv_kernel[(n_ctx // block_n, heads)](
        q, k, v, d_out, lse, delta, dk, dv, sm_scale, N_CTX=n_ctx, HEAD_DIM=head_dim,
        BLOCK_M=block_m, BLOCK_N=block_n)
    kernels.mha_bwd_dq_kernel[(n_ctx // block_m, heads)](
        q, k, v, d_out, lse, delta, dq, sm_scale, N_CTX=n_ctx, HEAD_DIM=head_dim,
        BLOCK_M=block_m, BLOCK_N=block_n)
    q64, k64, v64 = (t.double().requires_grad_() for t in (q, k, v))
    reference = torch.softmax((q64 @ k64.transpose(1, 2)) * sm_scale, dim=-1) @ v64
    reference.backward(d_out.double())
    for got, expected in ((dq, q64.grad), (dk, k64.grad), (dv, v64.grad)):
        assert not got.isnan().any()
        torch.testing.assert_close(got.double(), expected, atol=2e-2, rtol=2e-2)


@pytest.mark.parametrize("num_warps", [1, 4])
def test_values_across_barriers(num_warps):
    # On lavapipe the values every lane shares are read again after each barrier
    # (spirv-rebroadcast-uniforms): a 64-bit argument, a float, pointers, program id.
    rows, n, block = 5, 300, 128
    x = torch.randn(rows, n)
    out = _fresh((rows, n))
    shift = 4294967296 + 7  # beyond 32 bits: Triton passes it as int64
    kernels.values_across_barriers_kernel[(rows,)](x, out, shift, 0.5, n, BLOCK=block,
                                                   num_warps=num_warps)
    total = (x * 0.5).sum(dim=1, keepdim=True)
    expect = x[:, :block] * total + 7.0
    torch.testing.assert_close(out[:, :block], expect, atol=1e-4, rtol=1e-4)
    assert out[:, block:].isnan().all()
