"""Offsets wrapped by a remainder (`(pid * BLOCK + arange) % N`, the way Triton's matmul tutorial
and FlagGems' mm write their tiles' rows and columns) still give vector accesses where each
aligned vector provably stays consecutive: N a multiple of the vector (Triton specializes 16),
the dividend not negative (or Triton's contiguity hint on it). FlagGems' mm keeps those offsets
in workgroup memory; the index of a vector access is then recomputed from what was stored.
Checked on lavapipe at the NVIDIA profile's 16-byte vectors and scalar, against torch, and
compiled for the NVIDIA profile. A negative dividend, which breaks the rule, stays per lane."""
import re
from collections import Counter

import pytest
import torch
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


@triton.jit
def wrapped_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                          WIDE_OFFSETS: tl.constexpr, HINTED: tl.constexpr):
    pid = tl.program_id(0)
    blocks_n = tl.cdiv(N, BLOCK_N)
    rm = (pid // blocks_n) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = (pid % blocks_n) * BLOCK_N + tl.arange(0, BLOCK_N)
    if WIDE_OFFSETS:  # FlagGems' form: 64-bit offsets
        rm = rm.to(tl.int64)
        rn = rn.to(tl.int64)
    if HINTED:
        ram = tl.max_contiguous(tl.multiple_of(rm % M, BLOCK_M), BLOCK_M)
        rbn = tl.max_contiguous(tl.multiple_of(rn % N, BLOCK_N), BLOCK_N)
    else:
        ram = rm % M
        rbn = rn % N
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        rk = k * BLOCK_K + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + ram[:, None] * stride_am + rk[None, :], mask=rk[None, :] < K, other=0.0)
        b = tl.load(b_ptr + rk[:, None] * stride_bk + rbn[None, :], mask=rk[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def peeled_wrapped_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                                 BLOCK_K: tl.constexpr):
    # FlagGems' mm's shape: 64-bit program ids, hinted wrapped offsets, whole K blocks unmasked
    # and a masked last one. The offsets feed two loops, so they are kept in workgroup memory.
    pid = tl.program_id(0).to(tl.int64)
    blocks_n = tl.cdiv(N, BLOCK_N)
    rm = (pid // blocks_n) * BLOCK_M + tl.arange(0, BLOCK_M).to(tl.int64)
    rn = (pid % blocks_n) * BLOCK_N + tl.arange(0, BLOCK_N).to(tl.int64)
    ram = tl.max_contiguous(tl.multiple_of(rm % M, BLOCK_M), BLOCK_M)
    rbn = tl.max_contiguous(tl.multiple_of(rn % N, BLOCK_N), BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    whole = (K // BLOCK_K) * BLOCK_K
    for k0 in range(0, whole, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K).to(tl.int64)
        a = tl.load(a_ptr + ram[:, None] * stride_am + rk[None, :])
        b = tl.load(b_ptr + rk[:, None] * stride_bk + rbn[None, :])
        acc = tl.dot(a, b, acc, input_precision="ieee")
    if whole < K:
        rk = whole + tl.arange(0, BLOCK_K).to(tl.int64)
        a = tl.load(a_ptr + ram[:, None] * stride_am + rk[None, :], mask=rk[None, :] < K, other=0.0)
        b = tl.load(b_ptr + rk[:, None] * stride_bk + rbn[None, :], mask=rk[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def wrapped_copy_kernel(x_ptr, out_ptr, shift, n, BLOCK: tl.constexpr):
    # (offs - shift) % n is negative for the first programs: x_ptr points n elements into its
    # buffer. With shift a multiple of the vector, the vector rule's other conditions hold, so
    # only the sign keeps it per lane (at offs - shift = -n, lane 0 reads 0 and lane 1 -n + 1).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + (offs - shift) % n))


CASES = pytest.mark.parametrize("wide, hinted", [(False, False), (True, True), (False, True)])


@CASES
@pytest.mark.parametrize("vector_bytes", [0, 16])
def test_wrapped_matmul(wide, hinted, vector_bytes):
    # N = 136: the last column block wraps past N (columns 128..191 read 128..135, 0..55).
    M, N, K, block_m, block_n, block_k = 200, 136, 72, 64, 64, 32
    a, b = torch.randn(M, K), torch.randn(K, N)
    c = torch.full((M, N), float("nan"))
    grid = (triton.cdiv(M, block_m) * triton.cdiv(N, block_n),)
    wrapped_matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0),
                                BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k,
                                WIDE_OFFSETS=wide, HINTED=hinted, num_warps=4,
                                vector_bytes=vector_bytes)
    assert not c.isnan().any()
    torch.testing.assert_close(c, a @ b, atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("K", [96, 72])
@pytest.mark.parametrize("vector_bytes", [0, 16])
def test_peeled_wrapped_matmul(K, vector_bytes):
    M, N, block_m, block_n, block_k = 200, 136, 64, 64, 32
    a, b = torch.randn(M, K), torch.randn(K, N)
    c = torch.full((M, N), float("nan"))
    grid = (triton.cdiv(M, block_m) * triton.cdiv(N, block_n),)
    peeled_wrapped_matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0),
                                       BLOCK_M=block_m, BLOCK_N=block_n, BLOCK_K=block_k,
                                       num_warps=4, vector_bytes=vector_bytes)
    assert not c.isnan().any()
    torch.testing.assert_close(c, a @ b, atol=1e-4, rtol=1e-4)


def _global_loads(kernel):
    return Counter(re.findall(r'spirv\.Load "PhysicalStorageBuffer" %\S+ \[[^]]*\] : (\S+)',
                              kernel.asm["spirvir"]))


def _compile_for_nvidia(fn, signature, constexprs, num_warps):
    signature = dict(signature, **{name: "constexpr" for name in constexprs})
    aligned = {(i,): [["tt.divisibility", 16]] for i, (name, kind) in enumerate(signature.items())
               if kind != "constexpr"}
    return triton.compile(ASTSource(fn, signature, constexprs=constexprs, attrs=aligned),
                          target=GPUTarget("spirv", "nvidia", 32),
                          options={"num_warps": num_warps})


@CASES
def test_wrapped_matmul_tiles_load_vectors_on_nvidia(wide, hinted):
    signature = {"a_ptr": "*fp32", "b_ptr": "*fp32", "c_ptr": "*fp32",
                 **{name: "i32" for name in ("M", "N", "K", "stride_am", "stride_bk",
                                             "stride_cm")}}
    kernel = _compile_for_nvidia(
        wrapped_matmul_kernel, signature,
        dict(BLOCK_M=128, BLOCK_N=64, BLOCK_K=32, WIDE_OFFSETS=wide, HINTED=hinted), 8)
    loads = _global_loads(kernel)
    # Both tiles' staging loads 16 bytes per access (the masked K tail keeps per-lane loads
    # beside them): before, every load of these kernels was a scalar f32.
    assert loads["vector<4xf32>"] >= 2, loads


def test_peeled_wrapped_matmul_tiles_load_vectors_on_nvidia():
    # The offsets live in workgroup memory here; each vector access's index is recomputed.
    signature = {"a_ptr": "*fp32", "b_ptr": "*fp32", "c_ptr": "*fp32",
                 **{name: "i32" for name in ("M", "N", "K", "stride_am", "stride_bk",
                                             "stride_cm")}}
    kernel = _compile_for_nvidia(peeled_wrapped_matmul_kernel, signature,
                                 dict(BLOCK_M=128, BLOCK_N=64, BLOCK_K=32), 8)
    loads = _global_loads(kernel)
    assert loads["vector<4xf32>"] >= 4, loads


@pytest.mark.parametrize("vector_bytes", [0, 16])
def test_negative_wrapped_offsets_stay_exact(vector_bytes):
    n, block = 64, 64
    data = torch.randn(2 * n)
    out = torch.full((4 * block,), float("nan"))
    wrapped_copy_kernel[(4,)](data[n:], out, 64, n, BLOCK=block, vector_bytes=vector_bytes)
    offs = torch.arange(4 * block)
    expected = data[n + torch.fmod(offs - 64, n)]
    assert torch.equal(out, expected)


def test_negative_wrapped_offsets_are_not_vectorized_on_nvidia():
    kernel = _compile_for_nvidia(wrapped_copy_kernel,
                                 {"x_ptr": "*fp32", "out_ptr": "*fp32", "shift": "i32", "n": "i32"},
                                 {"BLOCK": 256}, 2)
    loads = _global_loads(kernel)
    assert loads["f32"] > 0 and "vector<4xf32>" not in loads, loads
