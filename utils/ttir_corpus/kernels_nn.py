"""Neural-network kernels: softmax, matmul (tf32 / ieee / fp16), layer norm forward and
backward, dropout, flash-style attention forward, its backward's keys' side and grouped GEMM.
See kernels_basic.py for the CORPUS entry format."""
import triton
import triton.language as tl


@triton.jit
def softmax_rows(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, BLOCK: tl.constexpr):
    # One row per program; the row length is not a power of two, so the tail is masked
    # and padded with -inf, which exp() maps to 0.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    y = e / tl.sum(e, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols, y, mask=mask)


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr,
           PRECISION: tl.constexpr):
    # Grouped tile order: GROUP_M row-tiles share each column sweep for L2 reuse.
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BM)
    tiles_n = tl.cdiv(N, BN)
    per_group = GROUP_M * tiles_n
    first_m = (pid // per_group) * GROUP_M
    group_rows = tl.minimum(tiles_m - first_m, GROUP_M)
    pid_m = first_m + (pid % per_group) % group_rows
    pid_n = (pid % per_group) // group_rows

    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        left = K - k * BK
        a = tl.load(a_ptrs, mask=rk[None, :] < left, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] < left, other=0.0)
        acc = tl.dot(a, b, acc, input_precision=PRECISION)
        a_ptrs += BK * stride_ak
        b_ptrs += BK * stride_bk
    c = acc.to(c_ptr.dtype.element_ty)
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    c_ptrs = c_ptr + cm[:, None] * stride_cm + cn[None, :] * stride_cn
    tl.store(c_ptrs, c, mask=(cm[:, None] < M) & (cn[None, :] < N))


@triton.jit
def layer_norm_fwd(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, stride, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_ptr += row * stride
    y_ptr += row * stride
    # Two chunked passes over the row: mean, then variance.
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, N, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / N
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, N, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
        d = tl.where(cols < N, x - mean, 0.0)
        acc += d * d
    rstd = 1 / tl.sqrt(tl.sum(acc, axis=0) / N + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for start in range(0, N, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        mask = cols < N
        w = tl.load(w_ptr + cols, mask=mask)
        b = tl.load(b_ptr + cols, mask=mask)
        x = tl.load(x_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        y = (x - mean) * rstd * w + b
        tl.store(y_ptr + cols, y.to(y_ptr.dtype.element_ty), mask=mask)


@triton.jit
def layer_norm_bwd_dx(dx_ptr, dy_ptr, pdw_ptr, pdb_ptr, x_ptr, w_ptr, mean_ptr, rstd_ptr, lock_ptr, stride, N,
                      GROUPS: tl.constexpr, BLOCK_N: tl.constexpr):
    # dx for one row, plus this row's dw/db contribution folded into one of GROUPS partial
    # buffers.  Rows sharing a buffer serialise on a spin lock (atomic_cas) and the first
    # writer is detected through a per-group counter (atomic_xchg).
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    dy = tl.load(dy_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=mask).to(tl.float32)
    mean = tl.load(mean_ptr + row)
    rstd = tl.load(rstd_ptr + row)
    xhat = tl.where(mask, (x - mean) * rstd, 0.0)
    wdy = tl.where(mask, w * dy, 0.0)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(dx_ptr + row * stride + cols, dx.to(dx_ptr.dtype.element_ty), mask=mask)

    g = row % GROUPS
    lock = lock_ptr + g
    count = lock_ptr + GROUPS + g
    pdw_ptrs = pdw_ptr + g * N + cols
    pdb_ptrs = pdb_ptr + g * N + cols
    part_dw = dy * xhat
    part_db = dy
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    if tl.load(count) == 0:
        tl.atomic_xchg(count, 1)
    else:
        part_dw += tl.load(pdw_ptrs, mask=mask)
        part_db += tl.load(pdb_ptrs, mask=mask)
    tl.store(pdw_ptrs, part_dw, mask=mask)
    tl.store(pdb_ptrs, part_db, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


@triton.jit
def layer_norm_bwd_dwdb(pdw_ptr, pdb_ptr, dw_ptr, db_ptr, GROUPS, N, BLOCK_G: tl.constexpr,
                        BLOCK_N: tl.constexpr):
    # Column-block reduction of the GROUPS x N partial sums.
    cols = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    dw = tl.zeros((BLOCK_G, BLOCK_N), dtype=tl.float32)
    db = tl.zeros((BLOCK_G, BLOCK_N), dtype=tl.float32)
    for start in range(0, GROUPS, BLOCK_G):
        rows = start + tl.arange(0, BLOCK_G)
        m = (rows[:, None] < GROUPS) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(pdw_ptr + offs, mask=m, other=0.0)
        db += tl.load(pdb_ptr + offs, mask=m, other=0.0)
    tl.store(dw_ptr + cols, tl.sum(dw, axis=0).to(dw_ptr.dtype.element_ty), mask=cols < N)
    tl.store(db_ptr + cols, tl.sum(db, axis=0).to(db_ptr.dtype.element_ty), mask=cols < N)


@triton.jit
def dropout(x_ptr, out_ptr, n, p, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    keep = tl.rand(seed, offs) > p  # philox stream keyed by (seed, element index)
    tl.store(out_ptr + offs, tl.where(keep, x / (1 - p), 0.0), mask=mask)


@triton.jit
def attention_fwd(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, seq_len, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    # Q/K/V/O are [batch*heads, seq_len, HEAD_DIM], contiguous.  Online softmax in base 2:
    # running max m_i and denominator l_i are rescaled whenever the max grows.
    start_m = tl.program_id(0)
    head = tl.program_id(1).to(tl.int64)
    base = head * seq_len * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], mask=offs_m[:, None] < seq_len,
                other=0.0)
    m_i = tl.full([BLOCK_M], -float("inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634  # log2(e)
    hi = tl.minimum((start_m + 1) * BLOCK_M, seq_len) if CAUSAL else seq_len
    for start_n in range(0, hi, BLOCK_N):
        cols = start_n + offs_n
        kv_offs = base + cols[:, None] * HEAD_DIM + offs_d[None, :]
        k = tl.load(k_ptr + kv_offs, mask=cols[:, None] < seq_len, other=0.0)
        qk = tl.dot(q, tl.trans(k)) * qk_scale
        valid = cols[None, :] < seq_len
        if CAUSAL:
            valid = valid & (offs_m[:, None] >= cols[None, :])
        qk = tl.where(valid, qk, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + kv_offs, mask=cols[:, None] < seq_len, other=0.0)
        acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], out.to(o_ptr.dtype.element_ty),
             mask=offs_m[:, None] < seq_len)


@triton.jit
def attention_fwd_whole_blocks(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, N_CTX: tl.constexpr, HEAD_DIM: tl.constexpr,
                               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Tutorial 06's shape of the forward: sequences a multiple of the blocks, so no masks. Every
    # column of the online softmax runs the same code (what fragment-row-phases needs).
    start_m = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * N_CTX * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    m_i = tl.full([BLOCK_M], -float("inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634  # log2(e)
    for start_n in range(0, N_CTX, BLOCK_N):
        kv_offs = base + (start_n + tl.arange(0, BLOCK_N))[:, None] * HEAD_DIM + offs_d[None, :]
        k = tl.load(k_ptr + kv_offs)
        qk = tl.dot(q, tl.trans(k)) * qk_scale
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + kv_offs)
        acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
        m_i = m_new
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], out.to(o_ptr.dtype.element_ty))


@triton.jit
def grouped_gemm(a_table, b_table, c_table, sizes_ptr, lds_ptr, group_count, NUM_PROGRAMS: tl.constexpr,
                 BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Persistent kernel: each program walks the global tile index space of all groups.
    # a/b/c tables hold raw device addresses (int64) of each group's fp16 matrices;
    # sizes_ptr holds (M, N, K) and lds_ptr the leading dimensions per group.
    tile = tl.program_id(0)
    seen = 0
    for g in range(group_count):
        M = tl.load(sizes_ptr + g * 3)
        N = tl.load(sizes_ptr + g * 3 + 1)
        K = tl.load(sizes_ptr + g * 3 + 2)
        tiles_n = tl.cdiv(N, BN)
        n_tiles = tl.cdiv(M, BM) * tiles_n
        while tile >= seen and tile < seen + n_tiles:
            a_ptr = tl.load(a_table + g).to(tl.pointer_type(tl.float16))
            b_ptr = tl.load(b_table + g).to(tl.pointer_type(tl.float16))
            c_ptr = tl.load(c_table + g).to(tl.pointer_type(tl.float16))
            lda = tl.load(lds_ptr + g * 3)
            ldb = tl.load(lds_ptr + g * 3 + 1)
            ldc = tl.load(lds_ptr + g * 3 + 2)
            local = tile - seen
            rm = (local // tiles_n) * BM + tl.arange(0, BM)
            rn = (local % tiles_n) * BN + tl.arange(0, BN)
            rk = tl.arange(0, BK)
            a_ptrs = a_ptr + rm[:, None] * lda + rk[None, :]
            b_ptrs = b_ptr + rk[:, None] * ldb + rn[None, :]
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for kk in range(0, tl.cdiv(K, BK)):
                a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < K - kk * BK), other=0.0)
                b = tl.load(b_ptrs, mask=(rk[:, None] < K - kk * BK) & (rn[None, :] < N), other=0.0)
                acc += tl.dot(a, b)
                a_ptrs += BK
                b_ptrs += BK * ldb
            tl.store(c_ptr + rm[:, None] * ldc + rn[None, :], acc.to(tl.float16),
                     mask=(rm[:, None] < M) & (rn[None, :] < N))
            tile += NUM_PROGRAMS
        seen += n_tiles


@triton.jit
def attention_bwd_dkdv(q_ptr, k_ptr, v_ptr, do_ptr, lse_ptr, delta_ptr, dk_ptr, dv_ptr, sm_scale,
                       N_CTX: tl.constexpr, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                       BLOCK_N: tl.constexpr):
    # Tutorial 06's backward, keys' side: a program owns BLOCK_N keys and walks the query blocks,
    # computing P^T and dS^T with keys as rows, so lse and delta are vectors along the columns.
    start_n = tl.program_id(0)
    head = tl.program_id(1).to(tl.int64) * N_CTX * HEAD_DIM
    rows = tl.program_id(1) * N_CTX
    offs_n = start_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    kv = head + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
    k = tl.load(k_ptr + kv)
    v = tl.load(v_ptr + kv)
    dk = tl.zeros((BLOCK_N, HEAD_DIM), tl.float32)
    dv = tl.zeros((BLOCK_N, HEAD_DIM), tl.float32)
    qk_scale = sm_scale * 1.4426950408889634
    for start_m in range(0, N_CTX, BLOCK_M):
        offs_m = start_m + tl.arange(0, BLOCK_M)
        qo = head + offs_m[:, None] * HEAD_DIM + offs_d[None, :]
        q = tl.load(q_ptr + qo)
        do = tl.load(do_ptr + qo)
        lse = tl.load(lse_ptr + rows + offs_m)
        delta = tl.load(delta_ptr + rows + offs_m)
        p_t = tl.math.exp2(tl.dot(k, tl.trans(q)) * qk_scale - lse[None, :])
        dv += tl.dot(p_t.to(do.dtype), do)
        ds_t = p_t * (tl.dot(v, tl.trans(do)) - delta[None, :])
        dk += tl.dot(ds_t.to(q.dtype), q)
    tl.store(dk_ptr + kv, (dk * sm_scale).to(dk_ptr.dtype.element_ty))
    tl.store(dv_ptr + kv, dv.to(dv_ptr.dtype.element_ty))


def _mm(name, dtype, out, precision):
    return dict(name=name, fn=matmul, divisible=("a_ptr", "b_ptr", "c_ptr", "stride_am", "stride_bk", "stride_cm"),
                signature={"a_ptr": f"*{dtype}", "b_ptr": f"*{dtype}", "c_ptr": f"*{out}", "M": "i32", "N": "i32",
                           "K": "i32", "stride_am": "i32", "stride_ak": "constexpr", "stride_bk": "i32",
                           "stride_bn": "constexpr", "stride_cm": "i32", "stride_cn": "constexpr",
                           "BM": "constexpr", "BN": "constexpr", "BK": "constexpr", "GROUP_M": "constexpr",
                           "PRECISION": "constexpr"},
                # Unit inner strides are specialised to constexpr 1, as the JIT does.
                constexprs={"stride_ak": 1, "stride_bn": 1, "stride_cn": 1, "BM": 64, "BN": 64, "BK": 32,
                            "GROUP_M": 8, "PRECISION": precision},
                options={"num_warps": 4, "num_stages": 3})


@triton.jit
def _attention_key_blocks(acc, l_i, m_i, q, k_ptr, v_ptr, base, offs_m, lo, hi, qk_scale,
                          HEAD_DIM: tl.constexpr, BLOCK_N: tl.constexpr, DIAGONAL: tl.constexpr):
    offs_d = tl.arange(0, HEAD_DIM)
    for start_n in range(lo, hi, BLOCK_N):
        offs_n = start_n + tl.arange(0, BLOCK_N)
        kv_offs = base + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
        qk = tl.dot(q, tl.trans(tl.load(k_ptr + kv_offs))) * qk_scale
        if DIAGONAL:
            qk = tl.where(offs_m[:, None] >= offs_n[None, :], qk, -1.0e6)
        m_new = tl.maximum(m_i, tl.max(qk, axis=1))
        p = tl.math.exp2(qk - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        v = tl.load(v_ptr + kv_offs)
        acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
        m_i = m_new
    return acc, l_i, m_i


@triton.jit
def attention_fwd_two_stage(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, N_CTX: tl.constexpr,
                            HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # Tutorial 06's causal forward: the key blocks left of the diagonal without a mask, then the
    # BLOCK_M / BLOCK_N blocks on it with the causal mask (a loop of a few trips between
    # run-time bounds).
    start_m = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * N_CTX * HEAD_DIM
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    m_i = tl.full([BLOCK_M], -float("inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634  # log2(e)
    acc, l_i, m_i = _attention_key_blocks(acc, l_i, m_i, q, k_ptr, v_ptr, base, offs_m, 0,
                                          start_m * BLOCK_M, qk_scale, HEAD_DIM, BLOCK_N, False)
    acc, l_i, m_i = _attention_key_blocks(acc, l_i, m_i, q, k_ptr, v_ptr, base, offs_m,
                                          start_m * BLOCK_M, (start_m + 1) * BLOCK_M, qk_scale,
                                          HEAD_DIM, BLOCK_N, True)
    out = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * HEAD_DIM + offs_d[None, :], out.to(o_ptr.dtype.element_ty))


CORPUS = [
    dict(name="softmax_rows", fn=softmax_rows, divisible=("out_ptr", "in_ptr", "in_row_stride", "out_row_stride"),
         signature={"out_ptr": "*fp32", "in_ptr": "*fp32", "in_row_stride": "i32", "out_row_stride": "i32",
                    "n_cols": "i32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 1024}, options={"num_warps": 8}),
    _mm("matmul_fp32_tf32", "fp32", "fp32", "tf32"),
    _mm("matmul_fp32_ieee", "fp32", "fp32", "ieee"),
    _mm("matmul_fp16_acc_fp32", "fp16", "fp16", None),
    dict(name="layer_norm_fwd", fn=layer_norm_fwd,
         divisible=("x_ptr", "y_ptr", "w_ptr", "b_ptr", "mean_ptr", "rstd_ptr", "stride"),
         signature={"x_ptr": "*fp16", "y_ptr": "*fp16", "w_ptr": "*fp32", "b_ptr": "*fp32", "mean_ptr": "*fp32",
                    "rstd_ptr": "*fp32", "stride": "i32", "N": "i32", "eps": "fp32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 512}),
    dict(name="layer_norm_bwd_dx", fn=layer_norm_bwd_dx,
         divisible=("dx_ptr", "dy_ptr", "pdw_ptr", "pdb_ptr", "x_ptr", "w_ptr", "mean_ptr", "rstd_ptr", "lock_ptr"),
         signature={"dx_ptr": "*fp16", "dy_ptr": "*fp16", "pdw_ptr": "*fp32", "pdb_ptr": "*fp32", "x_ptr": "*fp16",
                    "w_ptr": "*fp16", "mean_ptr": "*fp32", "rstd_ptr": "*fp32", "lock_ptr": "*i32", "stride": "i32",
                    "N": "i32", "GROUPS": "constexpr", "BLOCK_N": "constexpr"},
         constexprs={"GROUPS": 64, "BLOCK_N": 1024}),
    dict(name="layer_norm_bwd_dwdb", fn=layer_norm_bwd_dwdb, divisible=("pdw_ptr", "pdb_ptr", "dw_ptr", "db_ptr"),
         signature={"pdw_ptr": "*fp32", "pdb_ptr": "*fp32", "dw_ptr": "*fp16", "db_ptr": "*fp16", "GROUPS": "i32",
                    "N": "i32", "BLOCK_G": "constexpr", "BLOCK_N": "constexpr"},
         constexprs={"BLOCK_G": 32, "BLOCK_N": 128}),
    dict(name="dropout", fn=dropout, divisible=("x_ptr", "out_ptr"),
         signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "p": "fp32", "seed": "i32",
                    "BLOCK": "constexpr"},
         constexprs={"BLOCK": 1024}),
    dict(name="attention_fwd", fn=attention_fwd, divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr"),
         signature={"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "o_ptr": "*fp16", "sm_scale": "fp32",
                    "seq_len": "i32", "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr",
                    "CAUSAL": "constexpr"},
         constexprs={"HEAD_DIM": 64, "BLOCK_M": 128, "BLOCK_N": 64, "CAUSAL": False}, options={"num_warps": 8}),
    dict(name="attention_fwd_causal", fn=attention_fwd, divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr"),
         signature={"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "o_ptr": "*fp16", "sm_scale": "fp32",
                    "seq_len": "i32", "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr",
                    "CAUSAL": "constexpr"},
         constexprs={"HEAD_DIM": 32, "BLOCK_M": 64, "BLOCK_N": 32, "CAUSAL": True}),
    dict(name="attention_fwd_whole_blocks", fn=attention_fwd_whole_blocks,
         divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr"),
         signature={"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "o_ptr": "*fp16", "sm_scale": "fp32",
                    "N_CTX": "constexpr", "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"},
         constexprs={"N_CTX": 1024, "HEAD_DIM": 64, "BLOCK_M": 128, "BLOCK_N": 32}),
    dict(name="attention_fwd_two_stage", fn=attention_fwd_two_stage,
         divisible=("q_ptr", "k_ptr", "v_ptr", "o_ptr"),
         signature={"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "o_ptr": "*fp16", "sm_scale": "fp32",
                    "N_CTX": "constexpr", "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"},
         constexprs={"N_CTX": 1024, "HEAD_DIM": 64, "BLOCK_M": 128, "BLOCK_N": 32}),
    dict(name="attention_bwd_dkdv", fn=attention_bwd_dkdv,
         divisible=("q_ptr", "k_ptr", "v_ptr", "do_ptr", "lse_ptr", "delta_ptr", "dk_ptr", "dv_ptr"),
         signature={"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "do_ptr": "*fp16", "lse_ptr": "*fp32",
                    "delta_ptr": "*fp32", "dk_ptr": "*fp16", "dv_ptr": "*fp16", "sm_scale": "fp32",
                    "N_CTX": "constexpr", "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"},
         constexprs={"N_CTX": 1024, "HEAD_DIM": 64, "BLOCK_M": 32, "BLOCK_N": 64}),
    dict(name="grouped_gemm", fn=grouped_gemm, divisible=("a_table", "b_table", "c_table", "sizes_ptr", "lds_ptr"),
         signature={"a_table": "*i64", "b_table": "*i64", "c_table": "*i64", "sizes_ptr": "*i32", "lds_ptr": "*i32",
                    "group_count": "i32", "NUM_PROGRAMS": "constexpr", "BM": "constexpr", "BN": "constexpr",
                    "BK": "constexpr"},
         constexprs={"NUM_PROGRAMS": 108, "BM": 64, "BN": 64, "BK": 32}),
]
