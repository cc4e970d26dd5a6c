"""Kernels the ahead-of-time test compiles to C (test_aot.py)."""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        ks = k * BLOCK_K + rk
        a = tl.load(a_ptr + rm[:, None] * stride_am + ks[None, :],
                    mask=(rm[:, None] < M) & (ks[None, :] < K), other=0.0)
        b = tl.load(b_ptr + ks[:, None] * stride_bk + rn[None, :],
                    mask=(ks[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def scale_shift_kernel(x_ptr, out_ptr, index_ptr, index_out_ptr, alpha, shift, half_bias, flag,
                       n, BLOCK: tl.constexpr):
    # out = x * alpha + half_bias (or -x * alpha when flag is 0); indices + shift in int64.
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    value = x * alpha + half_bias.to(tl.float32)
    value = tl.where(flag != 0, value, -x * alpha)
    tl.store(out_ptr + offsets, value, mask=mask)
    tl.store(index_out_ptr + offsets, tl.load(index_ptr + offsets, mask=mask) + shift, mask=mask)


@triton.jit
def gather_rows_kernel(table_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Row pid of out is a copy of the array whose address row pid of the table holds (a pointer
    # table: the kernel takes an address map, which ahead-of-time launches leave empty).
    row = tl.program_id(0)
    source = tl.load(table_ptr + row).to(tl.pointer_type(tl.float32))
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + row * n + offsets, tl.load(source + offsets, mask=mask), mask=mask)
