"""Checks of the cuda route, run in a process of their own with TRITON_SPIRV_BACKEND=1
(the route is fixed per process). Prints one JSON object: check name -> result.

    TRITON_SPIRV_BACKEND=1 python3 test/python/gpu/cuda_route_checks.py
"""
import ctypes
import json
import os
import sys
import traceback

import torch
import triton
import triton.language as tl

# The end-to-end suite's kernels, run here on CUDA tensors.
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from e2e.kernels import (add_kernel, attention_fwd_kernel, layer_norm_fwd_kernel,  # noqa: E402
                         matmul_kernel, mha_bwd_dkdv_kernel, mha_bwd_dq_kernel, mha_fwd_kernel,
                         nan_max_min_kernel, row_reductions_everywhere_kernel,
                         softmax_kernel)
from e2e.kernels_atomics import contended_atomics_mismatches  # noqa: E402

results = {}


def check(fn):
    try:
        results[fn.__name__] = fn()
    except Exception:  # reported, the test asserts on it
        results[fn.__name__] = {"error": traceback.format_exc(limit=4)}
    return fn


@triton.jit
def scaled_row_sum_kernel(x_ptr, out_ptr, stride_row, stride_col, n_cols, scale, bias,
                          BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride_row + cols * stride_col, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(x, axis=0) * scale + bias)


@triton.jit
def increment_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + 1, mask=mask)


@triton.jit
def locked_accumulate_kernel(x_ptr, acc_ptr, lock_ptr, n, BLOCK: tl.constexpr,
                             LOCK_SEM: tl.constexpr = None):
    # Tutorial 05's pattern: programs take turns updating a shared row under a
    # spin lock; plain loads/stores between acquire and release. LOCK_SEM="relaxed" takes
    # the lock with a relaxed compare-exchange, as Triton's test_atomic_cas does.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    x = tl.load(x_ptr + row * n + cols, mask=mask)
    while tl.atomic_cas(lock_ptr, 0, 1, sem=LOCK_SEM) == 1:
        pass
    acc = tl.load(acc_ptr + cols, mask=mask)
    tl.store(acc_ptr + cols, acc + x, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(lock_ptr, 0)


@triton.jit
def pointer_table_kernel(table_ptr, out_ptr, n, BLOCK: tl.constexpr):
    source = tl.load(table_ptr).to(tl.pointer_type(tl.float32))
    offsets = tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.load(source + offsets, mask=offsets < n), mask=offsets < n)


def add(x, y):
    out = torch.full_like(x, float("nan"))
    n = x.numel()
    add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
    return out


def max_error(a, b):
    return float((a.double() - b.double()).abs().max())


@check
def driver_is_ours():
    driver = triton.runtime.driver.active
    device = driver.get_active_torch_device()
    return {"driver": type(driver).__module__ + "." + type(driver).__name__, "device": str(device),
            "target": str(driver.get_current_target())}


@check
def vector_add_sizes():
    out = {}
    for n in (1, 1000, 98432, (1 << 20) + 3):
        x = torch.rand(n, device="cuda")
        y = torch.rand(n, device="cuda")
        z = add(x, y)
        out[n] = {"max_error": max_error(z, x + y), "nan": int(torch.isnan(z).sum())}
    return out


@check
def strided_views_and_scalars():
    # A transposed view at an offset into its storage, int/float scalars.
    base = torch.randn(300, 97, device="cuda")
    x = base[3:, :].t()  # 97 rows of 297, strides (1, 97)
    out = torch.full((x.shape[0],), float("nan"), device="cuda")
    scaled_row_sum_kernel[(x.shape[0],)](x, out, x.stride(0), x.stride(1), x.shape[1], 0.5, -2.0,
                                         BLOCK=512)
    ref = x.double().sum(dim=1) * 0.5 - 2.0
    return {"max_error": max_error(out, ref), "nan": int(torch.isnan(out).sum())}


@check
def reinterpreted_argument():
    x = torch.randint(0, 1 << 30, (4096,), dtype=torch.int32, device="cuda")
    out = torch.zeros_like(x)
    increment_kernel[(4,)](triton.reinterpret(x, tl.uint32), out, x.numel(), BLOCK=1024)
    return {"mismatches": int((out != x + 1).sum())}


@check
def ordering_with_torch_ops():
    # Work queued before the kernel, the kernel, and work after it, with no
    # synchronization in between: each must see the other's results.
    n = 1 << 22
    x = torch.rand(n, device="cuda")
    y = torch.rand(n, device="cuda")
    x.mul_(3.0).add_(1.0)          # before: the kernel must read the updated x
    z = add(x, y)
    w = z * 2 + 1                   # after: must read the kernel's output
    ref = ((x.double() + y.double()) * 2 + 1)
    # A chain of dependent launches through two buffers.
    a = torch.zeros(n, device="cuda")
    b = torch.empty_like(a)
    for _ in range(50):
        increment_kernel[(triton.cdiv(n, 1024),)](a, b, n, BLOCK=1024)
        a, b = b, a
    return {"max_error": max_error(w, ref), "chain_min": float(a.min()), "chain_max": float(a.max())}


@check
def side_stream():
    stream = torch.cuda.Stream()
    x = torch.rand(1 << 20, device="cuda")
    y = torch.rand(1 << 20, device="cuda")
    with torch.cuda.stream(stream):
        x2 = x.sin()
        z = add(x2, y)
        w = z.cos()
    stream.synchronize()
    return {"max_error": max_error(w, (x.double().sin() + y.double()).cos())}


@check
def foreign_memory_is_refused():
    cuda = ctypes.CDLL("libcuda.so.1")
    pointer = ctypes.c_uint64(0)
    n = 4096
    assert cuda.cuMemAlloc_v2(ctypes.byref(pointer), ctypes.c_size_t(n * 4)) == 0

    class Foreign:
        __cuda_array_interface__ = {"shape": (n,), "typestr": "<f4", "data": (pointer.value, False),
                                    "version": 3}

    x = torch.as_tensor(Foreign(), device="cuda")
    y = torch.rand(n, device="cuda")
    try:
        add(x, y)
        message = None
    except ValueError as error:
        message = str(error)
    cuda.cuMemFree_v2(pointer)
    cpu_message = None
    try:
        add(torch.rand(16), torch.rand(16))
    except ValueError as error:
        cpu_message = str(error)
    return {"message": message, "cpu_message": cpu_message}


@check
def spin_lock_accumulation():
    rows, n = 512, 1000
    x = torch.randn(rows, n, device="cuda")
    acc = torch.zeros(n, device="cuda")
    lock = torch.zeros(1, dtype=torch.int32, device="cuda")
    locked_accumulate_kernel[(rows,)](x, acc, lock, n, BLOCK=1024)
    return {"max_error": max_error(acc, x.double().sum(dim=0))}


@check
def relaxed_spin_lock_accumulation():
    # 2000 programs, the lock taken relaxed and released by the default (acq_rel) exchange:
    # 21 of 2000 were counted before global loads of such kernels read atomically.
    rows, n = 2000, 128
    x = torch.ones(rows, n, device="cuda")
    acc = torch.zeros(n, device="cuda")
    lock = torch.zeros(1, dtype=torch.int32, device="cuda")
    locked_accumulate_kernel[(rows,)](x, acc, lock, n, BLOCK=128, LOCK_SEM="relaxed")
    return {"counts": sorted(set(acc.cpu().tolist()))}


@check
def pointer_table_translated():
    # The table holds a CUDA address; the kernel translates it through the address map. A
    # segment mapped after the first launch (a 64 MiB tensor) reaches the next one's map.
    from triton_spirv import _vulkan_runtime as runtime
    interop = runtime.cuda_interop(-1)
    x = torch.rand(64, device="cuda")
    table = torch.tensor([x.data_ptr()], dtype=torch.int64, device="cuda")
    out = torch.full((64,), float("nan"), device="cuda")
    pointer_table_kernel[(1,)](table, out, 64, BLOCK=64)
    error = max_error(out, x)
    version = interop.address_map_version()
    y = torch.rand(16 << 20, device="cuda")
    table_y = torch.tensor([y.data_ptr() + 4 * 1000], dtype=torch.int64, device="cuda")
    out_y = torch.full((64,), float("nan"), device="cuda")
    pointer_table_kernel[(1,)](table_y, out_y, 64, BLOCK=64)
    return {"max_error": max(error, max_error(out_y, y[1000:1064])),
            "unwritten": int(out.isnan().sum() + out_y.isnan().sum()),
            "version_changed": interop.address_map_version() != version}


@check
def many_launches_no_leak():
    from triton_spirv import _vulkan_runtime as runtime
    interop = runtime.cuda_interop(-1)

    def fds():
        return len(os.listdir("/proc/self/fd"))

    def round_trip():
        for size in (1000, 1 << 16, 3 << 20, 1 << 24):
            x = torch.rand(size, device="cuda")
            z = add(x, x)
            del x, z
        torch.cuda.synchronize()

    round_trip()
    before, fds_before = interop.stats(), fds()
    for _ in range(500):
        round_trip()
    after, fds_after = interop.stats(), fds()
    return {"before": before, "after": after, "fds_before": fds_before, "fds_after": fds_after}


@check
def do_bench_times_the_device():
    x = torch.rand(1 << 24, device="cuda")
    y = torch.rand(1 << 24, device="cuda")
    ms = triton.testing.do_bench(lambda: add(x, y))
    torch_ms = triton.testing.do_bench(lambda: x + y)
    return {"ms": ms, "torch_ms": torch_ms, "gbps": 3 * x.numel() * 4 / ms / 1e6}


@check
def bf16_matmul_on_cooperative_matrices():
    # bf16 operands (exactly representable products, f32 accumulation) against a float64
    # product, at sizes that are and are not multiples of the blocks; the SPIR-V must
    # multiply bf16 cooperative matrices where the driver has them.
    from triton_spirv.driver import _profile_for
    from triton_spirv import _vulkan_runtime as runtime
    profile = _profile_for(runtime.get_device().device_properties())
    cases = {}
    for M, N, K in ((256, 256, 256), (300, 200, 136)):
        a = torch.randn(M, K, device="cuda").to(torch.bfloat16)
        b = torch.randn(K, N, device="cuda").to(torch.bfloat16)
        c = torch.full((M, N), float("nan"), device="cuda")
        kernel = matmul_kernel[(triton.cdiv(M, 64), triton.cdiv(N, 64))](
            a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
            c.stride(0), c.stride(1), BLOCK_M=64, BLOCK_N=64, BLOCK_K=32, num_warps=4)
        reference = a.double() @ b.double()
        cases[f"{M}x{N}x{K}"] = {
            "max_error": float((c.double() - reference).abs().max()),
            "scale": float(reference.abs().max()),
            "unwritten": int(c.isnan().sum()),
            "bf16_matrices": "coopmatrix<16x16xbf16" in kernel.asm["spirvir"]}
    return {"profile": profile, "cases": cases}


@check
def int8_matmul_on_cooperative_matrices():
    # int8 operands into an int32 accumulator, exact: at sizes that are and are not multiples of
    # the blocks (masked edges, a K tail), B row-major and as w.T (x @ w.T: B's columns
    # contiguous, read column-major), and A as a transpose (its columns contiguous). On NVIDIA
    # the dot must run on signed 8-bit cooperative matrices (16x32 by 32x16 into 16x16 int32).
    from triton_spirv.driver import _profile_for
    from triton_spirv import _vulkan_runtime as runtime
    profile = _profile_for(runtime.get_device().device_properties())
    unwritten_mark = -(2 ** 31)
    cases = {}
    for (M, N, K), (bm, bn, bk, warps), transposed in (
            ((256, 256, 256), (128, 128, 64, 4), ""),
            ((300, 200, 136), (64, 64, 64, 4), ""),
            ((512, 384, 1000), (128, 64, 32, 8), ""),
            ((300, 256, 192), (128, 128, 64, 4), "wT"),
            ((256, 192, 160), (64, 64, 32, 4), "aT")):
        if transposed == "aT":
            a = torch.randint(-128, 128, (K, M), dtype=torch.int8, device="cuda").T
        else:
            a = torch.randint(-128, 128, (M, K), dtype=torch.int8, device="cuda")
        if transposed == "wT":
            b = torch.randint(-128, 128, (N, K), dtype=torch.int8, device="cuda").T
        else:
            b = torch.randint(-128, 128, (K, N), dtype=torch.int8, device="cuda")
        c = torch.full((M, N), unwritten_mark, dtype=torch.int32, device="cuda")
        kernel = matmul_kernel[(triton.cdiv(M, bm), triton.cdiv(N, bn))](
            a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
            c.stride(0), c.stride(1), BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
            ACC_DTYPE=tl.int32, num_warps=warps)
        # Every sum of int8 products here is an integer a double holds exactly.
        reference = a.double() @ b.double()
        spirv = kernel.asm["spirvir"]
        cases[f"{M}x{N}x{K}" + (f"-{transposed}" if transposed else "")] = {
            "mismatches": int((c.double() != reference).sum()),
            "unwritten": int((c == unwritten_mark).sum()),
            "int8_matrices": "coopmatrix<16x32xsi8" in spirv and "ASigned|BSigned" in spirv,
            "column_major": "ColumnMajor" in spirv}
    return {"profile": profile, "cases": cases}


@check
def fp16_matmul_with_transposed_weight():
    # x @ w.T with w a row-major (N, K) matrix: B's columns are contiguous (stride_bk 1), at
    # sizes that are and are not multiples of the blocks (masked edges). On NVIDIA the B block
    # is loaded row by row of w and multiplied column-major.
    from triton_spirv.driver import _profile_for
    from triton_spirv import _vulkan_runtime as runtime
    profile = _profile_for(runtime.get_device().device_properties())
    cases = {}
    for M, N, K in ((512, 512, 512), (300, 200, 136)):
        x = torch.randn(M, K, device="cuda").half()
        w = torch.randn(N, K, device="cuda").half()
        c = torch.full((M, N), float("nan"), device="cuda")
        b = w.T
        kernel = matmul_kernel[(triton.cdiv(M, 128), triton.cdiv(N, 64))](
            x, b, c, M, N, K, x.stride(0), x.stride(1), b.stride(0), b.stride(1),
            c.stride(0), c.stride(1), BLOCK_M=128, BLOCK_N=64, BLOCK_K=32, num_warps=4)
        reference = x.double() @ w.double().T
        spirv = kernel.asm["spirvir"]
        cases[f"{M}x{N}x{K}"] = {
            "max_error": float((c.double() - reference).abs().max()),
            "scale": float(reference.abs().max()),
            "unwritten": int(c.isnan().sum()),
            "column_major_b": "ColumnMajor" in spirv}
    return {"profile": profile, "cases": cases}


@check
def correctly_rounded_ops():
    # tl.fma (one rounding), tl.math.sqrt_rn / div_rn and libdevice's _rn, _rz, _ru, _rd and
    # rounding-to-integer functions, bit for bit against exact references: NVIDIA's f32 Sqrt
    # and FDiv are approximations, which the profile replaces by f64 ones rounded once.
    import numpy as np
    from e2e import kernels_rounding as rounding
    from e2e.test_correctly_rounded_ops import (_exact_fma, _fma_operands, _same_bits,
                                                directed_mismatches, directed_operands,
                                                directed_reference, round_to_integer_mismatches,
                                                round_to_integer_operands)
    torch.manual_seed(0)
    cases = {}
    n = 3000
    for dtype in (torch.float32, torch.float64):
        a, b, c = _fma_operands(n, dtype)
        out = torch.full((n,), float("nan"), dtype=dtype, device="cuda")
        rounding.fma_kernel[(triton.cdiv(n, 256),)](a.cuda(), b.cuda(), c.cuda(), out, n, BLOCK=256)
        cases[f"fma-{dtype}"] = int((~_same_bits(out.cpu(), _exact_fma(a, b, c, dtype))).sum())
    x = torch.rand(n) * torch.exp2(torch.randint(-30, 30, (n,)).float())
    y = torch.randn(n) * torch.exp2(torch.randint(-30, 30, (n,)).float())
    outs = [torch.full((n,), 12345.0, device="cuda") for _ in range(6)]
    rounding.rn_ops_kernel[(triton.cdiv(n, 256),)](x.cuda(), y.cuda(), *outs, n, BLOCK=256)
    sqrt = torch.from_numpy(np.sqrt(x.numpy()))
    div = torch.from_numpy(x.numpy() / y.numpy())
    rcp = torch.from_numpy(np.float32(1.0) / y.numpy())
    for name, got, ref in zip(("sqrt_rn", "div_rn", "rcp", "lib_sqrt_rn", "lib_div_rn", "lib_rcp_rn"),
                              outs, (sqrt, div, rcp, sqrt, div, rcp)):
        cases[name] = int((~_same_bits(got.cpu(), ref)).sum())
    # libdevice's directed roundings (f32) and roundings to integers (f32, f64).
    x, y = directed_operands(n)
    out = torch.full((18 * n,), float("nan"), device="cuda")
    rounding.directed_rounding_kernel[(triton.cdiv(n, 256),)](x.cuda(), y.cuda(), out, n, BLOCK=256)
    cases.update(directed_mismatches(out.cpu().view(18, n), directed_reference(x, y)))
    for dtype in (torch.float32, torch.float64):
        x = round_to_integer_operands(n, dtype)
        out = torch.full((5 * n,), 12345.0, dtype=dtype, device="cuda")
        rounding.round_to_integer_kernel[(triton.cdiv(n, 256),)](x.cuda(), out, n, BLOCK=256)
        for name, count in round_to_integer_mismatches(x, out.cpu().view(5, n)).items():
            cases[f"{name}-{dtype}"] = count
    return cases


@check
def bf16_memory_bound_kernels():
    # bf16 data through the NVIDIA profile's path (bf16 bits in f16 memory, vector code):
    # add, softmax and layer norm against float64 results of the same bf16 inputs, at sizes
    # that are not multiples of the blocks. Errors relative to the largest reference value.
    torch.manual_seed(0)
    cases = {}

    def record(name, got, reference):
        cases[name] = {"max_error": float((got.double() - reference).abs().max()),
                       "scale": float(reference.abs().max()),
                       "unwritten": int(got.isnan().sum())}

    n = 100003
    x = torch.randn(n, device="cuda").to(torch.bfloat16)
    y = torch.randn(n, device="cuda").to(torch.bfloat16)
    out = torch.full_like(x, float("nan"))
    add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
    record("add", out, x.double() + y.double())

    rows, cols = 37, 781
    x = torch.randn(rows, cols, device="cuda").to(torch.bfloat16)
    out = torch.full_like(x, float("nan"))
    softmax_kernel[(rows,)](out, x, cols, cols, cols, BLOCK=1024)
    record("softmax", out, torch.softmax(x.double(), dim=1))

    w = (torch.rand(cols, device="cuda") + 0.5).to(torch.bfloat16)
    b = torch.randn(cols, device="cuda").to(torch.bfloat16)
    y = torch.full_like(x, float("nan"))
    mean = torch.full((rows,), float("nan"), device="cuda")
    rstd = torch.full((rows,), float("nan"), device="cuda")
    layer_norm_fwd_kernel[(rows,)](x, y, w, b, mean, rstd, cols, cols, 1e-5, BLOCK=256)
    reference = torch.nn.functional.layer_norm(x.double(), (cols,), w.double(), b.double(), 1e-5)
    record("layer_norm", y, reference)
    return cases


def attention_errors(device):
    # Tutorial 06's forward (mha_fwd_kernel) at tiles whose scores fit workgroup memory (32x32,
    # 64x32: padded rows, scores scaled on the fragments), 128x32 (online softmax as one row
    # phase; causal: the two key loops share their buffers and hand the accumulator over in
    # registers) and larger ones; at 64x32 and up, 4 and 8 warps, the softmax runs on the score
    # fragments where each subgroup holds whole rows (fragment-row-phases); head_dim 64 and 128,
    # causal and not; output and log-sum-exp against float64.
    torch.manual_seed(0)
    heads, n_ctx, sm_scale = 3, 256, 0.5
    cases = {}
    for head_dim in (64, 128):
        q, k, v = (torch.randn(heads, n_ctx, head_dim, device=device).half() for _ in range(3))
        scores = (q.double() @ k.double().transpose(1, 2)) * sm_scale
        for causal in (False, True):
            s = scores
            if causal:
                s = s.masked_fill(torch.ones(n_ctx, n_ctx, device=device).triu(1).bool(), float("-inf"))
            expected = torch.softmax(s, dim=-1) @ v.double()
            expected_lse = torch.logsumexp(s, dim=-1) / 0.6931471805599453
            for block_m, block_n, warps in ((32, 32, 4), (64, 32, 4), (64, 64, 4), (128, 32, 4),
                                            (128, 32, 8), (128, 64, 4), (128, 64, 8)):
                out = torch.full_like(q, float("nan"))
                lse = torch.full((heads, n_ctx), float("nan"), device=device)
                mha_fwd_kernel[(n_ctx // block_m, heads)](
                    q, k, v, out, lse, sm_scale, N_CTX=n_ctx, HEAD_DIM=head_dim, BLOCK_M=block_m,
                    BLOCK_N=block_n, CAUSAL=causal, num_warps=warps)
                cases[f"d{head_dim}-{'causal-' if causal else ''}{block_m}x{block_n}-w{warps}"] = {
                    "max_error": float((out.double() - expected).abs().max()),
                    "lse_error": float((lse.double() - expected_lse).abs().max()),
                    "unwritten": int(out.isnan().sum()) + int(lse.isnan().sum())}
    return cases


@check
def multi_head_attention():
    return attention_errors("cuda")


@check
def masked_attention():
    # Attention written for any sequence length (utils/ttir_corpus/kernels_nn.py attention_fwd:
    # keys past seq_len masked in every block, the causal loop stopping at the diagonal). The key
    # loop runs in two versions (mask-free up to the last whole block, then masked) that share
    # their workgroup buffers, and both versions' softmax runs on the score fragments
    # (fragment-row-phases). Also the e2e kernel's causal form. fp16 output against float64.
    sys.path.insert(0, os.path.join(REPO, "utils", "ttir_corpus"))
    from kernels_nn import attention_fwd
    torch.manual_seed(2)
    heads = 3
    cases = {}
    for seq_len in (256, 203):
        for head_dim in (32, 64):
            q, k, v = (torch.randn(heads, seq_len, head_dim, device="cuda").half()
                       for _ in range(3))
            scale = head_dim ** -0.5
            scores = (q.double() @ k.double().transpose(1, 2)) * scale
            for causal in (False, True):
                s = scores
                if causal:
                    s = s.masked_fill(torch.ones(seq_len, seq_len, device="cuda").triu(1).bool(),
                                      float("-inf"))
                expected = torch.softmax(s, dim=-1) @ v.double()
                for block_m, block_n, warps in ((64, 32, 4), (128, 32, 4), (128, 64, 8)):
                    out = torch.full_like(q, float("nan"))
                    attention_fwd[(triton.cdiv(seq_len, block_m), heads)](
                        q, k, v, out, scale, seq_len, HEAD_DIM=head_dim, BLOCK_M=block_m,
                        BLOCK_N=block_n, CAUSAL=causal, num_warps=warps)
                    name = f"{seq_len}-d{head_dim}-{'causal-' if causal else ''}{block_m}x{block_n}-w{warps}"
                    cases[name] = {"max_error": float((out.double() - expected).abs().max()),
                                   "unwritten": int(out.isnan().sum())}
                out = torch.full_like(q[0], float("nan"))
                attention_fwd_kernel[(triton.cdiv(seq_len, 64),)](
                    q[0], k[0], v[0], out, seq_len, scale, BLOCK_M=64, BLOCK_N=32,
                    HEAD_DIM=head_dim, CAUSAL=causal)
                cases[f"e2e-{seq_len}-d{head_dim}-{'causal-' if causal else ''}64x32"] = {
                    "max_error": float((out.double() - expected[0]).abs().max()),
                    "unwritten": int(out.isnan().sum())}
    return cases


@check
def multi_head_attention_backward():
    # The backward's two kernels (cooperative dots, transposed tiles read column-major) after
    # our forward, against float64 autograd of softmax attention. At 64 and 128 query rows the
    # dQ kernel's dS = P * (dP - delta) runs on the fragments of S and dP (fragment-row-phases),
    # and at 64 and 128 keys with 16 keys per subgroup the dK/dV kernel's P^T and dS^T do.
    torch.manual_seed(1)
    heads, n_ctx, sm_scale = 2, 256, 0.3
    cases = {}
    for head_dim in (64, 128):
        q, k, v, d_out = (torch.randn(heads, n_ctx, head_dim, device="cuda").half()
                          for _ in range(4))
        out = torch.full_like(q, float("nan"))
        lse = torch.full((heads, n_ctx), float("nan"), device="cuda")
        mha_fwd_kernel[(n_ctx // 64, heads)](q, k, v, out, lse, sm_scale, N_CTX=n_ctx,
                                             HEAD_DIM=head_dim, BLOCK_M=64, BLOCK_N=32,
                                             CAUSAL=False)
        delta = (d_out.float() * out.float()).sum(-1)
        q64, k64, v64 = (t.double().requires_grad_() for t in (q, k, v))
        reference = torch.softmax((q64 @ k64.transpose(1, 2)) * sm_scale, dim=-1) @ v64
        reference.backward(d_out.double())
        for block_m, block_n in ((32, 64), (64, 32), (64, 64), (128, 32)):
            dq, dk, dv = (torch.full_like(q, float("nan")) for _ in range(3))
            mha_bwd_dkdv_kernel[(n_ctx // block_n, heads)](
                q, k, v, d_out, lse, delta, dk, dv, sm_scale, N_CTX=n_ctx, HEAD_DIM=head_dim,
                BLOCK_M=block_m, BLOCK_N=block_n)
            mha_bwd_dq_kernel[(n_ctx // block_m, heads)](
                q, k, v, d_out, lse, delta, dq, sm_scale, N_CTX=n_ctx, HEAD_DIM=head_dim,
                BLOCK_M=block_m, BLOCK_N=block_n)
            cases[f"d{head_dim}-{block_m}x{block_n}"] = {
                name: float((got.double() - expected).abs().max() / expected.abs().max())
                for name, got, expected in (("dq", dq, q64.grad), ("dk", dk, k64.grad),
                                            ("dv", dv, v64.grad))}
            cases[f"d{head_dim}-{block_m}x{block_n}"]["unwritten"] = int(
                dq.isnan().sum() + dk.isnan().sum() + dv.isnan().sum())
        # Tutorial 06's own dK/dV tile: 8 warps, 16 keys per subgroup at 128 keys (both steps on
        # the fragments, lse and delta read at each component's column).
        for block_m, block_n in ((32, 128), (64, 128)):
            dk, dv = (torch.full_like(q, float("nan")) for _ in range(2))
            mha_bwd_dkdv_kernel[(n_ctx // block_n, heads)](
                q, k, v, d_out, lse, delta, dk, dv, sm_scale, N_CTX=n_ctx, HEAD_DIM=head_dim,
                BLOCK_M=block_m, BLOCK_N=block_n, num_warps=8)
            case = {name: float((got.double() - expected).abs().max() / expected.abs().max())
                    for name, got, expected in (("dk", dk, k64.grad), ("dv", dv, v64.grad))}
            case["unwritten"] = int(dk.isnan().sum() + dv.isnan().sum())
            cases[f"d{head_dim}-dkdv-{block_m}x{block_n}-w8"] = case
    return cases


@check
def nan_operands_of_max_and_min():
    # tl.maximum / tl.minimum / tl.max / tl.min (maxnumf, minnumf): a NaN operand yields the
    # other one. The NVIDIA profile relies on the driver's own FMax/FMin for that.
    rows, block = 64, 256
    g = torch.Generator(device="cuda").manual_seed(7)
    x = torch.randn(rows * block, device="cuda", generator=g)
    y = torch.randn(rows * block, device="cuda", generator=g)
    x[torch.rand(rows * block, device="cuda", generator=g) < 0.25] = float("nan")
    y[torch.rand(rows * block, device="cuda", generator=g) < 0.25] = float("nan")
    out = {name: torch.full((rows * block,), 12345.0, device="cuda") for name in ("max", "min")}
    row_max, row_min = (torch.full((rows,), 12345.0, device="cuda") for _ in range(2))
    nan_max_min_kernel[(rows,)](x, y, out["max"], out["min"], row_max, row_min, BLOCK=block)
    by_row = x.view(rows, block)
    expected = {"max": torch.fmax(x, y), "min": torch.fmin(x, y),
                "row_max": by_row.nan_to_num(nan=float("-inf")).amax(1),
                "row_min": by_row.nan_to_num(nan=float("inf")).amin(1)}
    got = {"max": out["max"], "min": out["min"], "row_max": row_max, "row_min": row_min}
    return {name: int((~((got[name] == expected[name]) |
                         (got[name].isnan() & expected[name].isnan()))).sum())
            for name in expected} | {"nan_inputs": int(x.isnan().sum() + y.isnan().sum())}


@check
def reduction_results_in_every_invocation():
    # The nvidia profile keeps a row reduction's result in every invocation (each folds the
    # subgroup partials itself): all copies must hold the same bits, and the right ones.
    cases = {}
    g = torch.Generator(device="cuda").manual_seed(11)
    for num_warps in (2, 4, 8):
        for n in (37, 781, 4000):
            rows, block = 6, triton.next_power_of_2(n)
            x = torch.randn(rows, n, device="cuda", generator=g) * 10
            sums, maxima, minima = (torch.full((rows, block), float("nan"), device="cuda")
                                    for _ in range(3))
            row_reductions_everywhere_kernel[(rows,)](x, sums, maxima, minima, n, BLOCK=block,
                                                     num_warps=num_warps)
            x64 = x.double()
            cases[f"n{n}-w{num_warps}"] = {
                # NaN (an unwritten element) differs from everything.
                "not_identical": int(sum((out != out[:, :1]).sum() for out in (sums, maxima, minima))),
                "sum_error": float(((sums[:, 0].double() - x64.sum(1)).abs()
                                    / x64.abs().sum(1)).max()),
                "max_mismatches": int((maxima[:, 0] != x.max(1).values).sum()),
                "min_mismatches": int((minima[:, 0] != x.min(1).values).sum()),
            }
    return cases


@check
def contended_atomics():
    # Integer, f32 and f64 adds and the frontend's sign-split float max/min are single
    # SPIR-V atomics; 16-bit adds stay compare-exchange loops. Every update must land.
    g = torch.Generator(device="cuda").manual_seed(5)
    n, slots = 1 << 16, 64
    cases = {}
    for num_warps in (1, 4, 8):
        v = torch.randint(-4, 5, (n,), device="cuda", generator=g).float() / 2
        slot = torch.randint(0, slots, (n,), device="cuda", generator=g, dtype=torch.int32)
        cases[f"w{num_warps}"] = contended_atomics_mismatches(v, slot, slots, num_warps)
    return cases


@check
def device_properties():
    props = triton.runtime.driver.active.utils.get_device_properties(torch.cuda.current_device())
    return props


json.dump(results, sys.stdout, default=str)
print()
