"""Triton kernels the end-to-end tests run (written for these tests)."""
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def fused_elementwise_kernel(x_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.where(x > 0, x * alpha, tl.exp(x) - 1.0)
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * out_stride + cols, num / tl.sum(num, axis=0), mask=mask)


@triton.jit
def grid_2d_kernel(out_ptr, n_rows, n_cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)[:, None]
    cols = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)[None, :]
    mask = (rows < n_rows) & (cols < n_cols)
    tl.store(out_ptr + rows * n_cols + cols, (rows * 1000 + cols).to(tl.float32), mask=mask)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, ACC_DTYPE: tl.constexpr = tl.float32):
    # ACC_DTYPE tl.int32 for int8 operands (exact).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=ACC_DTYPE)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < k_left) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee", out_dtype=ACC_DTYPE)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    c_ptrs = c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def dot_loop_kernel(a_ptr, b_ptr, c_ptr, ITERS, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                    BLOCK_K: tl.constexpr):
    # One tile pair loaded once, multiplied ITERS times: the dot's own cost without the staging.
    pid = tl.program_id(0)
    rm = tl.arange(0, BLOCK_M)
    rn = tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a = tl.load(a_ptr + rm[:, None] * BLOCK_K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * BLOCK_N + rn[None, :])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(ITERS):
        acc = tl.dot(a, b, acc, input_precision="ieee")
    c_ptrs = c_ptr + pid * BLOCK_M * BLOCK_N + rm[:, None] * BLOCK_N + rn[None, :]
    tl.store(c_ptrs, acc)


@triton.jit
def layer_norm_fwd_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, stride, N, eps,
                          BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_ptr += row * stride
    y_ptr += row * stride
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + cols, mask=cols < N, other=0.0)
    mean = tl.sum(acc, axis=0) / N
    var_acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < N, other=0.0)
        d = tl.where(cols < N, x - mean, 0.0)
        var_acc += d * d
    rstd = 1 / tl.sqrt(tl.sum(var_acc, axis=0) / N + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < N
        x = tl.load(x_ptr + cols, mask=mask, other=0.0)
        w = tl.load(w_ptr + cols, mask=mask)
        b = tl.load(b_ptr + cols, mask=mask)
        tl.store(y_ptr + cols, (x - mean) * rstd * w + b, mask=mask)


@triton.jit
def reduce_axes_kernel(x_ptr, sum0_ptr, max1_ptr, argmax1_ptr, R: tl.constexpr, C: tl.constexpr):
    r = tl.arange(0, R)[:, None]
    c = tl.arange(0, C)[None, :]
    x = tl.load(x_ptr + r * C + c)
    tl.store(sum0_ptr + tl.arange(0, C), tl.sum(x, axis=0))
    tl.store(max1_ptr + tl.arange(0, R), tl.max(x, axis=1))
    tl.store(argmax1_ptr + tl.arange(0, R), tl.argmax(x, axis=1))


@triton.jit
def atomic_histogram_kernel(x_ptr, bins_ptr, sum_ptr, max_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(bins_ptr + (x % 16), 1, mask=mask)
    tl.atomic_add(sum_ptr, tl.sum(tl.where(mask, x, 0).to(tl.float32), axis=0))
    tl.atomic_max(max_ptr + tl.zeros((BLOCK,), dtype=tl.int32), x, mask=mask)


@triton.jit
def locked_accumulate_kernel(lock_ptr, acc_ptr, value_ptr, count_ptr):
    pid = tl.program_id(0)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    acc = tl.load(acc_ptr)
    tl.store(acc_ptr, acc + tl.load(value_ptr + pid))
    count = tl.load(count_ptr)
    tl.store(count_ptr, count + 1)
    tl.debug_barrier()
    tl.atomic_xchg(lock_ptr, 0)


@triton.jit
def affine_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * 3 + 1, mask=mask)


@triton.jit
def persistent_softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_rows, n_cols,
                              BLOCK: tl.constexpr, num_stages: tl.constexpr):
    # Each program loops over rows start, start + num_programs, ... (tutorial 02's shape).
    for row in tl.range(tl.program_id(0), n_rows, tl.num_programs(0), num_stages=num_stages):
        cols = tl.arange(0, BLOCK)
        mask = cols < n_cols
        x = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf"))
        x = x - tl.max(x, axis=0)
        num = tl.exp(x)
        tl.store(out_ptr + row * out_stride + cols, num / tl.sum(num, axis=0), mask=mask)


@triton.autotune(
    configs=[triton.Config({"BLOCK": 256}, num_warps=2), triton.Config({"BLOCK": 1024}, num_warps=4),
             triton.Config({"BLOCK": 512}, num_warps=8)],
    key=["n"],
)
@triton.jit
def autotuned_scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0, mask=mask)


@triton.jit
def dropout_kernel(x_ptr, out_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    keep = tl.rand(seed, offs) > p
    tl.store(out_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=mask)


@triton.jit
def grid_3d_kernel(out_ptr, BLOCK: tl.constexpr):
    x, y, z = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    nx, ny = tl.num_programs(0), tl.num_programs(1)
    base = ((z * ny + y) * nx + x) * BLOCK
    tl.store(out_ptr + base + tl.arange(0, BLOCK), (x + 10 * y + 100 * z).to(tl.float32))


@triton.jit
def layer_norm_bwd_dx_kernel(dx_ptr, dy_ptr, partial_dw_ptr, partial_db_ptr, x_ptr, w_ptr,
                             mean_ptr, rstd_ptr, lock_ptr, stride, N, GROUPS: tl.constexpr,
                             BLOCK: tl.constexpr):
    # dx per row; dw/db partial sums accumulated per group of rows under a spin lock.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    dy = tl.load(dy_ptr + row * stride + cols, mask=mask, other=0.0)
    w = tl.load(w_ptr + cols, mask=mask)
    mean = tl.load(mean_ptr + row)
    rstd = tl.load(rstd_ptr + row)
    xhat = tl.where(mask, (x - mean) * rstd, 0.0)
    wdy = tl.where(mask, w * dy, 0.0)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    tl.store(dx_ptr + row * stride + cols, (wdy - (xhat * c1 + c2)) * rstd, mask=mask)
    group = row % GROUPS
    lock = lock_ptr + group
    count = lock_ptr + GROUPS + group
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    first = tl.load(count) == 0
    dw = dy * xhat
    db = dy
    if not first:
        dw += tl.load(partial_dw_ptr + group * N + cols, mask=mask)
        db += tl.load(partial_db_ptr + group * N + cols, mask=mask)
    else:
        tl.atomic_xchg(count, 1)
    tl.store(partial_dw_ptr + group * N + cols, dw, mask=mask)
    tl.store(partial_db_ptr + group * N + cols, db, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


@triton.jit
def layer_norm_bwd_dwdb_kernel(partial_dw_ptr, partial_db_ptr, dw_ptr, db_ptr, GROUPS, N,
                               BLOCK_G: tl.constexpr, BLOCK_N: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    dw = tl.zeros((BLOCK_G, BLOCK_N), dtype=tl.float32)
    db = tl.zeros((BLOCK_G, BLOCK_N), dtype=tl.float32)
    for g in range(0, GROUPS, BLOCK_G):
        rows = g + tl.arange(0, BLOCK_G)
        mask = (rows[:, None] < GROUPS) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(partial_dw_ptr + offs, mask=mask, other=0.0)
        db += tl.load(partial_db_ptr + offs, mask=mask, other=0.0)
    tl.store(dw_ptr + cols, tl.sum(dw, axis=0), mask=cols < N)
    tl.store(db_ptr + cols, tl.sum(db, axis=0), mask=cols < N)


@triton.jit
def block_ptr_transpose_add_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # out = x + 1 over tiles addressed with 2-D block pointers (boundary-checked, zero padded).
    pid_m, pid_n = tl.program_id(0), tl.program_id(1)
    src = tl.make_block_ptr(x_ptr, shape=(M, N), strides=(N, 1), offsets=(pid_m * BLOCK_M, 0),
                            block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    src = tl.advance(src, (0, pid_n * BLOCK_N))
    dst = tl.make_block_ptr(out_ptr, shape=(M, N), strides=(N, 1),
                            offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N),
                            block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tile = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    tl.store(dst, tile + 1.0, boundary_check=(0, 1))


@triton.jit
def program_id_kernel(out_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    tl.store(out_ptr + pid * BLOCK + tl.arange(0, BLOCK), pid)


@triton.jit
def num_programs_kernel(out_ptr):
    tl.store(out_ptr + tl.program_id(0), tl.num_programs(0))


@triton.jit
def attention_fwd_kernel(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, scale,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr,
                         CAUSAL: tl.constexpr = False):
    # One head, rows [pid*BLOCK_M, +BLOCK_M) of softmax(q k^T * scale) v, online softmax over
    # key blocks; fp16 inputs, fp32 statistics and accumulator (two dots per key block). Any
    # seq_len: keys past it are masked in every block (causal: also keys after the row).
    pid = tl.program_id(0)
    rm = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    rd = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + rm[:, None] * HEAD_DIM + rd[None, :], mask=rm[:, None] < seq_len, other=0.0)
    m_i = tl.full((BLOCK_M,), float("-inf"), tl.float32)
    l_i = tl.zeros((BLOCK_M,), tl.float32)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), tl.float32)
    for start in range(0, seq_len, BLOCK_N):
        rn = start + tl.arange(0, BLOCK_N)
        k = tl.load(k_ptr + rn[:, None] * HEAD_DIM + rd[None, :], mask=rn[:, None] < seq_len, other=0.0)
        v = tl.load(v_ptr + rn[:, None] * HEAD_DIM + rd[None, :], mask=rn[:, None] < seq_len, other=0.0)
        qk = tl.dot(q, tl.trans(k)) * scale
        valid = rn[None, :] < seq_len
        if CAUSAL:
            valid = valid & (rm[:, None] >= rn[None, :])
        qk = tl.where(valid, qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + rm[:, None] * HEAD_DIM + rd[None, :], out.to(tl.float16), mask=rm[:, None] < seq_len)


@triton.jit
def _head_rows(ptr, head_offset, rows, HEAD_DIM: tl.constexpr):
    # Pointers to `rows` of one head's (N_CTX, HEAD_DIM) row-major block.
    return ptr + head_offset + rows[:, None] * HEAD_DIM + tl.arange(0, HEAD_DIM)[None, :]


@triton.jit
def _mha_key_blocks(acc, l_i, m_i, q, k_ptrs, v_ptrs, offs_m, lo, hi, row_stride, qk_scale,
                    BLOCK_N: tl.constexpr, ON_DIAGONAL: tl.constexpr):
    # Key blocks [lo, hi): online softmax in base 2 (qk_scale carries log2(e)). On the
    # diagonal a key after its query row is masked out (causal).
    offs_n = tl.arange(0, BLOCK_N)
    k_ptrs += lo * row_stride
    v_ptrs += lo * row_stride
    for start_n in range(lo, hi, BLOCK_N):
        k = tl.load(k_ptrs)
        qk = tl.dot(q, k) * qk_scale
        if ON_DIAGONAL:
            qk = tl.where(offs_m[:, None] >= (start_n + offs_n)[None, :], qk, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptrs)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_new
        k_ptrs += BLOCK_N * row_stride
        v_ptrs += BLOCK_N * row_stride
    return acc, l_i, m_i


@triton.jit
def mha_fwd_kernel(q_ptr, k_ptr, v_ptr, o_ptr, lse_ptr, sm_scale, N_CTX: tl.constexpr,
                   HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                   CAUSAL: tl.constexpr):
    # Multi-head attention forward as Triton's fused-attention tutorial computes it: q, k, v, o
    # are (heads, N_CTX, HEAD_DIM) contiguous; program (m, h) owns BLOCK_M query rows of head h.
    # lse = log2 of each row's softmax denominator plus its max (what a backward pass needs).
    # Causal: key blocks left of the diagonal unmasked, then the diagonal block masked.
    start_m = tl.program_id(0)
    head_offset = tl.program_id(1).to(tl.int64) * N_CTX * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(_head_rows(q_ptr, head_offset, offs_m, HEAD_DIM))
    k_ptrs = k_ptr + head_offset + offs_n[None, :] * HEAD_DIM + offs_d[:, None]  # K^T block
    v_ptrs = _head_rows(v_ptr, head_offset, offs_n, HEAD_DIM)
    m_i = tl.full((BLOCK_M,), float("-inf"), tl.float32)
    l_i = tl.zeros((BLOCK_M,), tl.float32)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    if CAUSAL:
        acc, l_i, m_i = _mha_key_blocks(acc, l_i, m_i, q, k_ptrs, v_ptrs, offs_m, 0, start_m * BLOCK_M,
                                        HEAD_DIM, qk_scale, BLOCK_N, False)
        acc, l_i, m_i = _mha_key_blocks(acc, l_i, m_i, q, k_ptrs, v_ptrs, offs_m, start_m * BLOCK_M,
                                        (start_m + 1) * BLOCK_M, HEAD_DIM, qk_scale, BLOCK_N, True)
    else:
        acc, l_i, m_i = _mha_key_blocks(acc, l_i, m_i, q, k_ptrs, v_ptrs, offs_m, 0, N_CTX,
                                        HEAD_DIM, qk_scale, BLOCK_N, False)
    tl.store(lse_ptr + tl.program_id(1) * N_CTX + offs_m, m_i + tl.math.log2(l_i))
    out = acc / l_i[:, None]
    tl.store(_head_rows(o_ptr, head_offset, offs_m, HEAD_DIM), out.to(o_ptr.dtype.element_ty))


@triton.jit
def _mha_key_blocks_in_place(acc, l_i, m_i, q, k_desc, v_desc, offs_m, row0, lo, hi, qk_scale,
                             BLOCK_N: tl.constexpr, ON_DIAGONAL: tl.constexpr):
    # As _mha_key_blocks, in the newer tutorial's form: K and V through tensor descriptors, and
    # the scores updated in place (scaled and masked by an added -1e6, then shifted by the new
    # row max) before exp2.
    offs_n = tl.arange(0, BLOCK_N)
    for start_n in tl.range(lo, hi, BLOCK_N):
        qk = tl.dot(q, k_desc.load([row0 + start_n, 0]).T)
        if ON_DIAGONAL:
            keep = offs_m[:, None] >= (start_n + offs_n)[None, :]
            qk = qk * qk_scale + tl.where(keep, 0, -1.0e6)
            m_new = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_new[:, None]
        else:
            m_new = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_new[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_new)
        row_sum = tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = v_desc.load([row0 + start_n, 0])
        acc = tl.dot(p.to(tl.float16), v, acc)
        l_i = l_i * alpha + row_sum  # after the dot, as the tutorial orders it
        m_i = m_new
    return acc, l_i, m_i


@triton.jit
def mha_fwd_scores_in_place_kernel(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, N_CTX: tl.constexpr,
                                   HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                                   BLOCK_N: tl.constexpr):
    # Causal mha_fwd_kernel as Triton 3.6's tutorial 06 writes it: (heads * N_CTX, HEAD_DIM)
    # tensor descriptors, scores updated in place.
    start_m = tl.program_id(0)
    row0 = tl.program_id(1) * N_CTX
    rows = tl.num_programs(1) * N_CTX
    q_desc = tl.make_tensor_descriptor(q_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_M, HEAD_DIM])
    k_desc = tl.make_tensor_descriptor(k_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_N, HEAD_DIM])
    v_desc = tl.make_tensor_descriptor(v_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_N, HEAD_DIM])
    o_desc = tl.make_tensor_descriptor(o_ptr, [rows, HEAD_DIM], [HEAD_DIM, 1], [BLOCK_M, HEAD_DIM])
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    q = q_desc.load([row0 + start_m * BLOCK_M, 0])
    m_i = tl.full((BLOCK_M,), float("-inf"), tl.float32)
    l_i = tl.zeros((BLOCK_M,), tl.float32) + 1.0
    acc = tl.zeros((BLOCK_M, HEAD_DIM), tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    acc, l_i, m_i = _mha_key_blocks_in_place(acc, l_i, m_i, q, k_desc, v_desc, offs_m, row0, 0,
                                             start_m * BLOCK_M, qk_scale, BLOCK_N, False)
    acc, l_i, m_i = _mha_key_blocks_in_place(acc, l_i, m_i, q, k_desc, v_desc, offs_m, row0,
                                             start_m * BLOCK_M, (start_m + 1) * BLOCK_M,
                                             qk_scale, BLOCK_N, True)
    o_desc.store([row0 + start_m * BLOCK_M, 0], (acc / l_i[:, None]).to(tl.float16))


@triton.jit
def mha_bwd_dkdv_kernel(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr, dk_ptr, dv_ptr, sm_scale,
                        N_CTX: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                        BLOCK_N: tl.constexpr):
    # Attention backward, keys' side: program (n, h) owns BLOCK_N keys of head h and walks every
    # query block. With lse from the forward (base 2, scores scaled by sm_scale * log2(e)):
    # P = exp2(qk - lse), dV = P^T dO, dP = dO V^T, dS = P (dP - delta), dK = dS^T Q sm_scale,
    # where delta = rowsum(dO * O). Computed transposed (keys as rows).
    start_n = tl.program_id(0)
    head_offset = tl.program_id(1).to(tl.int64) * N_CTX * HEAD_DIM
    row_offset = tl.program_id(1) * N_CTX
    offs_n = start_n * BLOCK_N + tl.arange(0, BLOCK_N)
    k = tl.load(_head_rows(k_ptr, head_offset, offs_n, HEAD_DIM))
    v = tl.load(_head_rows(v_ptr, head_offset, offs_n, HEAD_DIM))
    dk = tl.zeros((BLOCK_N, HEAD_DIM), tl.float32)
    dv = tl.zeros((BLOCK_N, HEAD_DIM), tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    for start_m in range(0, N_CTX, BLOCK_M):
        offs_m = start_m + tl.arange(0, BLOCK_M)
        q = tl.load(_head_rows(q_ptr, head_offset, offs_m, HEAD_DIM))
        do = tl.load(_head_rows(do_ptr, head_offset, offs_m, HEAD_DIM))
        lse = tl.load(lse_ptr + row_offset + offs_m)
        delta = tl.load(delta_ptr + row_offset + offs_m)
        p_t = tl.math.exp2(tl.dot(k, tl.trans(q)) * qk_scale - lse[None, :])
        dv += tl.dot(p_t.to(do.dtype), do)
        ds_t = p_t * (tl.dot(v, tl.trans(do)) - delta[None, :])
        dk += tl.dot(ds_t.to(q.dtype), q)
    dk *= sm_scale
    tl.store(_head_rows(dk_ptr, head_offset, offs_n, HEAD_DIM), dk.to(dk_ptr.dtype.element_ty))
    tl.store(_head_rows(dv_ptr, head_offset, offs_n, HEAD_DIM), dv.to(dv_ptr.dtype.element_ty))


@triton.jit
def mha_bwd_dq_kernel(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr, dq_ptr, sm_scale,
                      N_CTX: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                      BLOCK_N: tl.constexpr):
    # Attention backward, queries' side: program (m, h) owns BLOCK_M query rows of head h and
    # walks every key block: dQ = sum over key blocks of dS K sm_scale (dS as above).
    start_m = tl.program_id(0)
    head_offset = tl.program_id(1).to(tl.int64) * N_CTX * HEAD_DIM
    row_offset = tl.program_id(1) * N_CTX
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    q = tl.load(_head_rows(q_ptr, head_offset, offs_m, HEAD_DIM))
    do = tl.load(_head_rows(do_ptr, head_offset, offs_m, HEAD_DIM))
    lse = tl.load(lse_ptr + row_offset + offs_m)
    delta = tl.load(delta_ptr + row_offset + offs_m)
    dq = tl.zeros((BLOCK_M, HEAD_DIM), tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    for start_n in range(0, N_CTX, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        k = tl.load(_head_rows(k_ptr, head_offset, offs_n, HEAD_DIM))
        v = tl.load(_head_rows(v_ptr, head_offset, offs_n, HEAD_DIM))
        p = tl.math.exp2(tl.dot(q, tl.trans(k)) * qk_scale - lse[:, None])
        ds = p * (tl.dot(do, tl.trans(v)) - delta[:, None])
        dq += tl.dot(ds.to(k.dtype), k)
    dq *= sm_scale
    tl.store(_head_rows(dq_ptr, head_offset, offs_m, HEAD_DIM), dq.to(dq_ptr.dtype.element_ty))


@triton.jit
def values_across_barriers_kernel(x_ptr, out_ptr, shift, scale, n_cols, BLOCK: tl.constexpr):
    # Kernel arguments (a 64-bit integer, a float, the pointers) and the program
    # id are used after barriers, inside and after a run-time loop.
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        tl.debug_barrier()
        acc += x * scale
    total = tl.sum(acc, axis=0)
    tl.debug_barrier()
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row * n_cols + cols, x * total + (shift - 4294967296).to(tl.float32),
             mask=cols < n_cols)


@triton.jit
def hinted_grouped_gemm_kernel(a_table, b_table, c_table, sizes_ptr, lds_ptr, groups,
                               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                               BLOCK_K: tl.constexpr, HINTS: tl.constexpr = True):
    # Tutorial 08's grouped GEMM, whole tiles only (sizes multiples of the blocks): program
    # `pid` finds its group's tile; the matrices' addresses come from tables.
    pid = tl.program_id(0)
    first = 0
    for g in range(groups):
        m = tl.load(sizes_ptr + 3 * g)
        n = tl.load(sizes_ptr + 3 * g + 1)
        k = tl.load(sizes_ptr + 3 * g + 2)
        tiles_n = n // BLOCK_N
        tiles = (m // BLOCK_M) * tiles_n
        if pid >= first and pid < first + tiles:
            tile = pid - first
            lda = tl.load(lds_ptr + 3 * g)
            ldb = tl.load(lds_ptr + 3 * g + 1)
            ldc = tl.load(lds_ptr + 3 * g + 2)
            a_ptr = tl.load(a_table + g).to(tl.pointer_type(tl.float16))
            b_ptr = tl.load(b_table + g).to(tl.pointer_type(tl.float16))
            c_ptr = tl.load(c_table + g).to(tl.pointer_type(tl.float32))
            rows = (tile // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
            cols = (tile % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
            ks = tl.arange(0, BLOCK_K)
            a_ptrs = a_ptr + rows[:, None] * lda + ks[None, :]
            b_ptrs = b_ptr + ks[:, None] * ldb + cols[None, :]
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
            for _ in range(0, k // BLOCK_K):
                if HINTS:  # each row of both tiles starts 16-byte aligned
                    tl.multiple_of(a_ptrs, [16, 16])
                    tl.multiple_of(b_ptrs, [16, 16])
                acc += tl.dot(tl.load(a_ptrs), tl.load(b_ptrs))
                a_ptrs += BLOCK_K
                b_ptrs += BLOCK_K * ldb
            tl.store(c_ptr + rows[:, None] * ldc + cols[None, :], acc)
        first += tiles


@triton.jit
def nan_max_min_kernel(x_ptr, y_ptr, max_ptr, min_ptr, row_max_ptr, row_min_ptr,
                       BLOCK: tl.constexpr):
    # tl.maximum / tl.minimum and the tl.max / tl.min reductions: maxnumf / minnumf, where a NaN
    # operand yields the other one.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(max_ptr + offs, tl.maximum(x, y))
    tl.store(min_ptr + offs, tl.minimum(x, y))
    tl.store(row_max_ptr + tl.program_id(0), tl.max(x, 0))
    tl.store(row_min_ptr + tl.program_id(0), tl.min(x, 0))


@triton.jit
def row_reductions_everywhere_kernel(x_ptr, sum_ptr, max_ptr, min_ptr, N, BLOCK: tl.constexpr):
    # Every element stores its row's sum, maximum and minimum as its own invocation holds them
    # (reduction results kept by every invocation must be the same bits in all).
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    total = tl.sum(x, axis=0)
    top = tl.max(tl.where(mask, x, float("-inf")), axis=0)
    bottom = tl.min(tl.where(mask, x, float("inf")), axis=0)
    zeros = tl.zeros((BLOCK,), dtype=tl.float32)
    tl.store(sum_ptr + row * BLOCK + cols, zeros + total)
    tl.store(max_ptr + row * BLOCK + cols, zeros + top)
    tl.store(min_ptr + row * BLOCK + cols, zeros + bottom)


@triton.jit
def _bitwise_and(a, b):
    return a & b


@triton.jit
def dot_beside_full_reduction_kernel(r, reduced, a, b, out, M: tl.constexpr, N: tl.constexpr,
                                     K: tl.constexpr, COMBINER: tl.constexpr):
    """A dot beside a block reduced to a scalar: "sum" (a native subgroup add; its partials take 4
    bytes per subgroup of workgroup memory), "and" (a 4-byte result) or "min64" (an 8-byte one)."""
    rows, cols, ks = tl.arange(0, M), tl.arange(0, N), tl.arange(0, K)
    block = tl.load(r + rows[:, None] * N + cols[None, :])
    if COMBINER == "sum":
        tl.store(reduced, tl.sum(block, axis=None))
    elif COMBINER == "and":
        tl.store(reduced, tl.reduce(block, None, _bitwise_and))
    else:
        tl.store(reduced, tl.min(block.to(tl.float64), axis=None).to(tl.int32))
    x = tl.load(a + rows[:, None] * K + ks[None, :])
    y = tl.load(b + ks[:, None] * N + cols[None, :])
    tl.store(out + rows[:, None] * N + cols[None, :], tl.dot(x, y))


@triton.jit
def _scan_minimum(a, b):
    return tl.minimum(a, b)


@triton.jit
def _scan_maximum(a, b):
    return tl.maximum(a, b)


# A running min/max along axis 0 (staged in workgroup memory), compared with its input.
@triton.jit
def scan_then_select_kernel(x, w, out, M: tl.constexpr, N: tl.constexpr, MAX: tl.constexpr):
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    v = tl.load(x + offsets)
    if MAX:
        s = tl.associative_scan(v, 0, _scan_maximum)
    else:
        s = tl.associative_scan(v, 0, _scan_minimum)
    tl.store(out + offsets, tl.where(s == v, v, tl.load(w + offsets)))
