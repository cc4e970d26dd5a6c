"""Offsets wrapped by a remainder (`(pid * BLOCK + arange) % N`, the way Triton's matmul tutorial
and FlagGems' mm write their tiles' rows and columns) still give vector accesses where each
aligned vector provably stays consecutive: N a multiple of the vector (Triton specializes 16),
the dividend not negative (or Triton's contiguity hint on it). FlagGems' mm keeps those offsets
in workgroup memory; the index of a vector access is then recomputed from what was stored.
Checked on lavapipe at the NVIDIA profile's 16-byte vectors with the transform on (the
lavapipe profile leaves it off) and scalar, against torch, and compiled for the NVIDIA profile. A negative dividend, which breaks the rule, stays per lane."""
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
def grouped_wrapped_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
                                  stride_bn, stride_cm, stride_cn, BLOCK_M: tl.constexpr,
                                  BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                                  GROUP_M: tl.constexpr):
    # Triton's matmul tutorial's form: programs in groups of GROUP_M block rows (the row block
    # from a min(), so not provably non-negative: checked at run time), unhinted wrapped
    # offsets, pointers advanced each K step (kept per invocation in a private array), K masked.
    pid = tl.program_id(0)
    blocks_m = tl.cdiv(M, BLOCK_M)
    blocks_n = tl.cdiv(N, BLOCK_N)
    in_group = GROUP_M * blocks_n
    first_m = (pid // in_group) * GROUP_M
    group_m = min(blocks_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % in_group) % group_m)
    pid_n = (pid % in_group) // group_m
    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak
    b_ptrs = b_ptr + offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    tl.store(c_ptr + offs_cm[:, None] * stride_cm + offs_cn[None, :] * stride_cn,
             acc.to(c_ptr.dtype.element_ty), mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))


@triton.jit
def wrapped_copy_kernel(x_ptr, out_ptr, shift, n, BLOCK: tl.constexpr):
    # (offs - shift) % n is negative for the first programs: x_ptr points n elements into its
    # buffer. With shift a multiple of the vector, the vector rule's other conditions hold, so
    # only the sign keeps it per lane (at offs - shift = -n, lane 0 reads 0 and lane 1 -n + 1).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + (offs - shift) % n))


@triton.jit
def base_shifted_copy_kernel(x_ptr, out_ptr, shift, n, BLOCK: tl.constexpr):
    # The same with the shift in the program's base: the dividend's run-invariant part is
    # checked at run time (negative for the first program, which takes the per-lane copy).
    base = tl.program_id(0) * BLOCK - shift
    offs = base + tl.arange(0, BLOCK)
    tl.store(out_ptr + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK), tl.load(x_ptr + offs % n))


@triton.jit
def inductor_bias_add_kernel(in_out_ptr0, in_ptr0, xnumel, COLUMNS: tl.constexpr,
                             XBLOCK: tl.constexpr):
    # Inductor's pointwise form: a flat index, and a broadcast row's column as a remainder by
    # a constant (signed: Triton's `%` on int32).
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex % COLUMNS
    total = tl.load(in_out_ptr0 + xindex, xmask) + tl.load(in_ptr0 + x0, xmask)
    tl.store(in_out_ptr0 + xindex, total, xmask)


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
                                vector_bytes=vector_bytes,
        wrapped_offset_vectors=int(vector_bytes > 0))
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
                                       num_warps=4, vector_bytes=vector_bytes,
        wrapped_offset_vectors=int(vector_bytes > 0))
    assert not c.isnan().any()
    torch.testing.assert_close(c, a @ b, atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("vector_bytes", [0, 16])
def test_grouped_wrapped_matmul(dtype, vector_bytes):
    M, N, K = 200, 136, 72
    a, b = torch.randn(M, K).to(dtype), torch.randn(K, N).to(dtype)
    c = torch.full((M, N), float("nan"), dtype=dtype)
    grid = (triton.cdiv(M, 64) * triton.cdiv(N, 64),)
    grouped_wrapped_matmul_kernel[grid](a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride(),
                                        BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, GROUP_M=2,
                                        num_warps=4, vector_bytes=vector_bytes,
        wrapped_offset_vectors=int(vector_bytes > 0))
    assert not c.isnan().any()
    tolerance = 1e-4 if dtype == torch.float32 else 2e-2
    torch.testing.assert_close(c.float(), a.float() @ b.float(), atol=tolerance, rtol=tolerance)


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


@pytest.mark.parametrize("dtype", ["fp32", "fp16"])
def test_grouped_wrapped_matmul_tiles_load_vectors_on_nvidia(dtype):
    # Both tiles' pointers are kept per invocation; B's columns need pid_n >= 0, checked once.
    signature = {"a_ptr": f"*{dtype}", "b_ptr": f"*{dtype}", "c_ptr": f"*{dtype}",
                 **{name: "i32" for name in ("M", "N", "K", "stride_am", "stride_bk",
                                             "stride_cm")},
                 "stride_ak": "constexpr", "stride_bn": "constexpr", "stride_cn": "constexpr"}
    signature = {name: signature[name] for name in (
        "a_ptr", "b_ptr", "c_ptr", "M", "N", "K", "stride_am", "stride_ak", "stride_bk",
        "stride_bn", "stride_cm", "stride_cn")}
    kernel = _compile_for_nvidia(
        grouped_wrapped_matmul_kernel, signature,
        dict(stride_ak=1, stride_bn=1, stride_cn=1, BLOCK_M=128, BLOCK_N=64, BLOCK_K=32,
             GROUP_M=8), 4)
    loads = _global_loads(kernel)
    vector = "vector<4xf32>" if dtype == "fp32" else "vector<4xf16>"
    assert loads[vector] >= 4, loads
    assert "SGreaterThanEqual" in kernel.asm["spirvir"]  # the run-time check of pid_n


@pytest.mark.parametrize("vector_bytes", [0, 16])
def test_negative_wrapped_offsets_stay_exact(vector_bytes):
    n, block = 64, 64
    data = torch.randn(2 * n)
    out = torch.full((4 * block,), float("nan"))
    wrapped_copy_kernel[(4,)](data[n:], out, 64, n, BLOCK=block, vector_bytes=vector_bytes,
        wrapped_offset_vectors=int(vector_bytes > 0))
    offs = torch.arange(4 * block)
    expected = data[n + torch.fmod(offs - 64, n)]
    assert torch.equal(out, expected)


@pytest.mark.parametrize("vector_bytes", [0, 16])
def test_base_shifted_wrapped_offsets_stay_exact(vector_bytes):
    n, block = 64, 64
    data = torch.randn(2 * n)
    out = torch.full((4 * block,), float("nan"))
    base_shifted_copy_kernel[(4,)](data[n:], out, 64, n, BLOCK=block, vector_bytes=vector_bytes,
        wrapped_offset_vectors=int(vector_bytes > 0))
    expected = data[n + torch.fmod(torch.arange(4 * block) - 64, n)]
    assert torch.equal(out, expected)


def test_base_shifted_wrapped_offsets_are_checked_on_nvidia():
    kernel = _compile_for_nvidia(base_shifted_copy_kernel,
                                 {"x_ptr": "*fp32", "out_ptr": "*fp32", "shift": "i32", "n": "i32"},
                                 {"BLOCK": 256}, 2)
    loads = _global_loads(kernel)
    assert loads["vector<4xf32>"] > 0 and loads["f32"] > 0, loads
    assert "SGreaterThanEqual" in kernel.asm["spirvir"]


@pytest.mark.parametrize("vector_bytes", [0, 16])
def test_inductor_bias_add(vector_bytes):
    rows, columns = 37, 768
    x, bias = torch.randn(rows, columns), torch.randn(columns)
    expected = x + bias
    inductor_bias_add_kernel[(triton.cdiv(x.numel(), 1024),)](
        x, bias, x.numel(), COLUMNS=columns, XBLOCK=1024, vector_bytes=vector_bytes,
        wrapped_offset_vectors=int(vector_bytes > 0))
    assert torch.equal(x, expected)


def test_inductor_bias_column_loads_a_vector_on_nvidia():
    # Was 4 scalar loads per run (a constant remainder counted only unsigned).
    kernel = _compile_for_nvidia(inductor_bias_add_kernel,
                                 {"in_out_ptr0": "*fp32", "in_ptr0": "*fp32", "xnumel": "i32"},
                                 {"COLUMNS": 768, "XBLOCK": 1024}, 4)
    assert _global_loads(kernel) == {"vector<4xf32>": 2}, _global_loads(kernel)


def test_negative_wrapped_offsets_are_not_vectorized_on_nvidia():
    kernel = _compile_for_nvidia(wrapped_copy_kernel,
                                 {"x_ptr": "*fp32", "out_ptr": "*fp32", "shift": "i32", "n": "i32"},
                                 {"BLOCK": 256}, 2)
    loads = _global_loads(kernel)
    assert loads["f32"] > 0 and "vector<4xf32>" not in loads, loads
