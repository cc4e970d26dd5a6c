"""Kernels that take one feature away from an end-to-end kernel, to locate a cost on the GPU
(bench/cases.py `probe` set). Not tests: the end-to-end kernels are in test/python/e2e."""
import triton
import triton.language as tl


@triton.jit
def _matmul_tile(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                 stride_cm, stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 BLOCK_K: tl.constexpr, MASKS: tl.constexpr):
    # kernels.matmul_kernel with its masks (MASKS 2), without them (0: shapes must be multiples
    # of the blocks) or with masks constant along each contiguous run (1: A by rows, B by k), so
    # that one condition guards each vector access (K must be a multiple of BLOCK_K).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        if MASKS == 2:
            k_left = K - k * BLOCK_K
            a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
            b = tl.load(b_ptrs, mask=(rk[:, None] < k_left) & (rn[None, :] < N), other=0.0)
        elif MASKS == 1:
            a = tl.load(a_ptrs, mask=rm[:, None] < M, other=0.0)
            b = tl.load(b_ptrs, mask=rk[:, None] < K - k * BLOCK_K, other=0.0)
        else:
            a = tl.load(a_ptrs)
            b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc, input_precision="ieee")
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn
    if MASKS == 2:
        tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))
    else:
        tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty))


@triton.jit
def matmul_probe_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                        stride_cm, stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                        BLOCK_K: tl.constexpr, RUN_UNIFORM_MASKS: tl.constexpr):
    # kernels.matmul_kernel without its load masks or with run-uniform ones (_matmul_tile).
    _matmul_tile(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                 stride_cm, stride_cn, BLOCK_M, BLOCK_N, BLOCK_K,
                 1 if RUN_UNIFORM_MASKS else 0)


@triton.jit
def matmul_versioned_probe_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
                                  stride_bn, stride_cm, stride_cn, BLOCK_M: tl.constexpr,
                                  BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # kernels.matmul_kernel written twice by hand: programs whose tiles lie inside the matrices
    # (and K a multiple of BLOCK_K) run a copy of the loop without load masks. What a compiler
    # that versions the loop on its masks would give.
    inside = ((tl.program_id(0) + 1) * BLOCK_M <= M) & ((tl.program_id(1) + 1) * BLOCK_N <= N) \
        & (K % BLOCK_K == 0)
    if inside:
        _matmul_tile(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                     stride_cm, stride_cn, BLOCK_M, BLOCK_N, BLOCK_K, 0)
    else:
        _matmul_tile(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                     stride_cm, stride_cn, BLOCK_M, BLOCK_N, BLOCK_K, 2)
