"""Reductions, scans and shape manipulation: max/argmax/min/argmin per axis, custom reduce and
scan combiners, cumsum/cumprod, cat/join/split, trans/permute/reshape, broadcast/expand_dims,
sort/flip, single-element tensors, and dot_scaled.  See kernels_basic.py for the CORPUS entry
format."""
import triton
import triton.language as tl


@triton.jit
def reduce_axes(x_ptr, out_ptr, idx_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    # Each of max/argmax/min/argmin over both axes of a 2-D block.
    tl.store(out_ptr + cols, tl.max(x, axis=0))
    tl.store(out_ptr + N + rows, tl.max(x, axis=1))
    tl.store(out_ptr + N + M + cols, tl.min(x, axis=0))
    tl.store(out_ptr + 2 * N + M + rows, tl.min(x, axis=1))
    tl.store(idx_ptr + cols, tl.argmax(x, axis=0))
    tl.store(idx_ptr + N + rows, tl.argmax(x, axis=1, tie_break_left=False))
    tl.store(idx_ptr + N + M + cols, tl.argmin(x, axis=0))
    tl.store(idx_ptr + 2 * N + M + rows, tl.argmin(x, axis=1))
    # Value and index together (one tt.reduce with two operands).
    vmax, imax = tl.max(x, axis=1, return_indices=True)
    tl.store(out_ptr + 2 * N + 2 * M + rows, vmax + imax.to(tl.float32))
    # Full reduction to a scalar.
    tl.store(out_ptr + 2 * N + 3 * M, tl.max(x))


@triton.jit
def _add_sq(a, b):
    return a + b * b


@triton.jit
def _max_abs_with_index(v0, i0, v1, i1):
    # Two-operand combiner: keep the entry with the larger |value|, lower index on ties.
    take0 = (tl.abs(v0) > tl.abs(v1)) | ((tl.abs(v0) == tl.abs(v1)) & (i0 < i1))
    return tl.where(take0, v0, v1), tl.where(take0, i0, i1)


@triton.jit
def reduce_custom(x_ptr, i_ptr, out_ptr, idx_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])
    # sum with keep_dims keeps a size-1 axis: [M, 1] broadcast back against x.
    centred = x - tl.sum(x, axis=1, keep_dims=True) / N
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], centred)
    tl.store(out_ptr + M * N + cols, tl.reduce(x, 0, _add_sq))
    idx = tl.broadcast_to(cols[None, :], (M, N))
    v, i = tl.reduce((x, idx), 1, _max_abs_with_index)
    tl.store(out_ptr + M * N + N + rows, v)
    tl.store(idx_ptr + rows, i)
    bits = tl.load(i_ptr + rows[:, None] * N + cols[None, :])
    tl.store(idx_ptr + M + cols, tl.xor_sum(bits, axis=0))
    tl.store(idx_ptr + M + N + rows, tl.reduce_or(bits, axis=1))
    tl.store(idx_ptr + M + N + M, tl.sum(tl.sum(bits, axis=1), axis=0))


@triton.jit
def _affine_compose(a0, b0, a1, b1):
    # Composition of affine maps x -> a*x + b, applied left to right (first-order recurrence).
    return a0 * a1, b0 * a1 + b1


@triton.jit
def scans(x_ptr, a_ptr, out_ptr, i_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    offs = rows[:, None] * N + cols[None, :]
    x = tl.load(x_ptr + offs)
    a = tl.load(a_ptr + offs)
    tl.store(out_ptr + offs, tl.cumsum(x, axis=1))
    tl.store(out_ptr + M * N + offs, tl.cumprod(x, axis=0, reverse=True))
    # h[t] = a[t] * h[t-1] + x[t] along each row, as a custom two-operand scan.
    _, h = tl.associative_scan((a, x), 1, _affine_compose)
    tl.store(out_ptr + 2 * M * N + offs, h)
    _, hr = tl.associative_scan((a, x), 0, _affine_compose, reverse=True)
    tl.store(out_ptr + 3 * M * N + offs, hr)
    iv = tl.load(i_ptr + cols)
    tl.store(i_ptr + N + cols, tl.cumsum(iv, axis=0, reverse=True))


@triton.jit
def shape_ops(x_ptr, y_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :])  # [M, N]
    y = tl.load(y_ptr + rows[:, None] * N + cols[None, :])
    # join adds a trailing axis of 2; split undoes it.
    j = tl.join(x, y)  # [M, N, 2]
    a, b = tl.split(j)
    # interleave = join + reshape: [M, 2N].
    inter = tl.interleave(a, b)
    tl.store(out_ptr + rows[:, None] * (2 * N) + tl.arange(0, 2 * N)[None, :], inter)
    # trans / permute on 2-D and 3-D blocks.
    xt = tl.trans(x)  # [N, M]
    tl.store(out_ptr + 2 * M * N + cols[:, None] * M + rows[None, :], xt + x.T)
    p = tl.permute(j, (2, 0, 1))  # [2, M, N]
    p = tl.reshape(p, (2 * M * N, ))
    tl.store(out_ptr + 3 * M * N + tl.arange(0, 2 * M * N), p)
    # cat may reorder elements (can_reorder=True is required).
    c = tl.cat(tl.ravel(x), tl.ravel(y), can_reorder=True)
    tl.store(out_ptr + 5 * M * N + tl.arange(0, 2 * M * N), c)
    # expand_dims / broadcast_to / explicit broadcast of two operands.
    e = tl.expand_dims(tl.sum(x, axis=1), 1)  # [M, 1]
    e3 = tl.expand_dims(e, (0, ))  # [1, M, 1]
    bt = tl.broadcast_to(e3, (2, M, N))
    lhs, rhs = tl.broadcast(e, cols[None, :].to(tl.float32))
    tl.store(out_ptr + 7 * M * N + tl.arange(0, 2 * M * N), tl.reshape(bt, 2 * M * N))
    tl.store(out_ptr + 9 * M * N + rows[:, None] * N + cols[None, :], lhs * rhs)
    # reshape that may reorder (view semantics).
    r = tl.reshape(x, (N, M), can_reorder=True)
    tl.store(out_ptr + 10 * M * N + cols[:, None] * M + rows[None, :], r)


@triton.jit
def sort_flip_scalar(x_ptr, out_ptr, s_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.sort(x))
    tl.store(out_ptr + N + offs, tl.sort(x, descending=True))
    tl.store(out_ptr + 2 * N + offs, tl.flip(x, 0))
    # Single-element tensors to scalars (tt.unsplat): item(), rank-1 split, 0-d reshape.
    one = tl.load(x_ptr + tl.arange(0, 1))
    s = one.item()
    lo, hi = tl.split(tl.load(x_ptr + tl.arange(0, 2)))
    t = tl.reshape(one, ())
    tl.store(s_ptr, s + lo * hi + t)


@triton.jit
def dot_variants(a_ptr, b_ptr, i8_ptr, c_ptr, ci_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    # fp32 with 3xTF32 emulation; fp16 dot with fp16 accumulation; bf16 inputs.
    c = tl.dot(a, b, input_precision="tf32x3")
    h = tl.dot(a.to(tl.float16), b.to(tl.float16), out_dtype=tl.float16)
    bf = tl.dot(a.to(tl.bfloat16), b.to(tl.bfloat16), acc=c)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c + h.to(tl.float32) + bf)
    # int8 x int8 -> int32.
    ia = tl.load(i8_ptr + rm[:, None] * K + rk[None, :])
    ib = tl.load(i8_ptr + M * K + rk[:, None] * N + rn[None, :])
    tl.store(ci_ptr + rm[:, None] * N + rn[None, :], tl.dot(ia, ib, out_dtype=tl.int32))
    # 3-D (batched) dot.
    a3 = tl.reshape(a, (2, M // 2, K))
    b3 = tl.broadcast_to(tl.expand_dims(b, 0), (2, K, N))
    c3 = tl.dot(a3, b3)
    tl.store(c_ptr + M * N + tl.arange(0, M * N), tl.reshape(c3, (M * N, )))


@triton.jit
def dot_scaled_mx(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, h_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                  K: tl.constexpr):
    # e5m2 lhs (raw bytes; e4m3 needs sm89+) and e2m1 rhs (two fp4 per byte, packed along K), e8m0 scales per
    # 32 elements.
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    rkp = tl.arange(0, K // 2)
    rs = tl.arange(0, K // 32)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rkp[:, None] * N + rn[None, :])
    sa = tl.load(a_scale_ptr + rm[:, None] * (K // 32) + rs[None, :])
    sb = tl.load(b_scale_ptr + rn[:, None] * (K // 32) + rs[None, :])
    c = tl.dot_scaled(a, sa, "e5m2", b, sb, "e2m1")
    # bf16 lhs without scale against scaled e5m2 rhs, accumulating into c.
    a16 = tl.load(h_ptr + rm[:, None] * K + rk[None, :])
    b8 = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot_scaled(a16, None, "bf16", b8, sb, "e5m2", acc=c)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)


CORPUS = [
    dict(name="reduce_axes", fn=reduce_axes, divisible=("x_ptr", "out_ptr", "idx_ptr"),
         signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "idx_ptr": "*i32", "M": "constexpr", "N": "constexpr"},
         constexprs={"M": 16, "N": 64}),
    dict(name="reduce_custom", fn=reduce_custom, divisible=("x_ptr", "i_ptr", "out_ptr", "idx_ptr"),
         signature={"x_ptr": "*fp32", "i_ptr": "*i32", "out_ptr": "*fp32", "idx_ptr": "*i32", "M": "constexpr",
                    "N": "constexpr"},
         constexprs={"M": 32, "N": 32}),
    dict(name="scans", fn=scans, divisible=("x_ptr", "a_ptr", "out_ptr", "i_ptr"),
         signature={"x_ptr": "*fp32", "a_ptr": "*fp32", "out_ptr": "*fp32", "i_ptr": "*i32", "M": "constexpr",
                    "N": "constexpr"},
         constexprs={"M": 8, "N": 128}),
    dict(name="shape_ops", fn=shape_ops, divisible=("x_ptr", "y_ptr", "out_ptr"),
         signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "M": "constexpr", "N": "constexpr"},
         constexprs={"M": 16, "N": 32}),
    dict(name="sort_flip_scalar", fn=sort_flip_scalar, divisible=("x_ptr", "out_ptr"),
         signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "s_ptr": "*fp32", "N": "constexpr"},
         constexprs={"N": 64}),
    dict(name="dot_variants", fn=dot_variants, divisible=("a_ptr", "b_ptr", "i8_ptr", "c_ptr", "ci_ptr"),
         signature={"a_ptr": "*fp32", "b_ptr": "*fp32", "i8_ptr": "*i8", "c_ptr": "*fp32", "ci_ptr": "*i32",
                    "M": "constexpr", "N": "constexpr", "K": "constexpr"},
         constexprs={"M": 32, "N": 32, "K": 32}),
    dict(name="dot_scaled_mx", fn=dot_scaled_mx, divisible=("a_ptr", "a_scale_ptr", "b_ptr", "b_scale_ptr", "h_ptr", "c_ptr"),
         signature={"a_ptr": "*u8", "a_scale_ptr": "*u8", "b_ptr": "*u8", "b_scale_ptr": "*u8", "h_ptr": "*bf16",
                    "c_ptr": "*fp32",
                    "M": "constexpr", "N": "constexpr", "K": "constexpr"},
         constexprs={"M": 32, "N": 32, "K": 64}),
]
