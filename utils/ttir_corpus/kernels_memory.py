"""Memory kernels: atomics, load/store modifiers, pointer casts, gather/histogram, block pointers
and tensor descriptors.  See kernels_basic.py for the CORPUS entry format."""
import triton
import triton.language as tl


@triton.jit
def atomics_int(acc_ptr, uacc_ptr, val_ptr, old_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(val_ptr + offs, mask=m, other=0)
    # One slot per op so the reads of the returned old values stay distinct.
    o = tl.atomic_add(acc_ptr + offs, v, mask=m)
    o += tl.atomic_max(acc_ptr + n + offs, v, mask=m, sem="acquire", scope="cta")
    o += tl.atomic_min(acc_ptr + 2 * n + offs, v, mask=m, sem="release", scope="sys")
    o += tl.atomic_and(acc_ptr + 3 * n + offs, v, mask=m, sem="relaxed")
    o += tl.atomic_or(acc_ptr + 4 * n + offs, v, mask=m, sem="acq_rel", scope="gpu")
    o += tl.atomic_xor(acc_ptr + 5 * n + offs, v, mask=m)
    o += tl.atomic_xchg(acc_ptr + 6 * n + offs, v, mask=m)
    tl.store(old_ptr + offs, o, mask=m)
    # Unsigned max/min lower to umax/umin.
    uv = v.to(tl.uint32, bitcast=True)
    tl.atomic_max(uacc_ptr + offs, uv, mask=m)
    tl.atomic_min(uacc_ptr + n + offs, uv, mask=m)
    # Scalar atomics (no mask) and compare-and-swap, scalar and tensor forms.
    tl.atomic_add(acc_ptr + 7 * n, 1)
    prev = tl.atomic_cas(acc_ptr + 7 * n + 1, 0, tl.program_id(0))
    tl.atomic_cas(acc_ptr + 8 * n + offs, tl.zeros([BLOCK], tl.int32), v + prev, sem="acq_rel")


@triton.jit
def atomics_float(f32_ptr, f16_ptr, i64_ptr, val_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(val_ptr + offs, mask=m, other=0.0)
    tl.atomic_add(f32_ptr + offs, v, mask=m)
    # Float max/min have no native rmw kind: the frontend splits them by sign into int ops.
    tl.atomic_max(f32_ptr + n + offs, v, mask=m)
    tl.atomic_min(f32_ptr + 2 * n + offs, v, mask=m)
    old = tl.atomic_xchg(f32_ptr + 3 * n + offs, v, mask=m)
    tl.atomic_add(f16_ptr + offs, old.to(tl.float16), mask=m)
    tl.atomic_add(i64_ptr + offs, offs.to(tl.int64), mask=m)
    tl.atomic_cas(i64_ptr + n, tl.cast(0, tl.int64), tl.cast(1, tl.int64))


@triton.jit
def load_store_modifiers(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(x_ptr + offs, mask=m, other=0.0, cache_modifier=".cg", eviction_policy="evict_first")
    b = tl.load(y_ptr + offs, mask=m, other=0.0, cache_modifier=".ca", eviction_policy="evict_last")
    c = tl.load(y_ptr + n + offs, mask=m, other=0.0, volatile=True)
    tl.store(out_ptr + offs, a + b + c, mask=m, cache_modifier=".wt", eviction_policy="evict_first")
    tl.store(out_ptr + n + offs, a * b, mask=m, cache_modifier=".cs")


@triton.jit
def pointer_casts(x_ptr, out_ptr, addr_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    # Reinterpret fp32 storage as int32 through a pointer bitcast.
    bits = tl.load(x_ptr.to(tl.pointer_type(tl.int32)) + offs)
    tl.store(out_ptr + offs, bits & 0x7FFFFFFF)  # |x| on the bit pattern
    # Pointer <-> integer round trip: store the address, rebuild a pointer from it.
    addr = (x_ptr + offs).to(tl.int64)
    tl.store(addr_ptr + offs, addr)
    back = (addr + 4).to(tl.pointer_type(tl.float32))
    tl.store(out_ptr.to(tl.pointer_type(tl.float32)) + BLOCK + offs, tl.load(back))


@triton.jit
def gather_histogram(src_ptr, idx_ptr, out_ptr, hist_ptr, n, M: tl.constexpr, N: tl.constexpr,
                     BINS: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    src = tl.load(src_ptr + rows[:, None] * N + cols[None, :])
    idx = tl.load(idx_ptr + rows[:, None] * N + cols[None, :])
    # Per-row permutation along axis 1, and along axis 0.
    g1 = tl.gather(src, idx % N, axis=1)
    g0 = tl.gather(src, idx % M, axis=0)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], g1 + g0)
    flat = tl.load(idx_ptr + tl.arange(0, M * N))
    h = tl.histogram(flat % BINS, BINS)
    hm = tl.histogram(flat % BINS, BINS, mask=tl.arange(0, M * N) < n)
    tl.store(hist_ptr + tl.arange(0, BINS), h + hm)


@triton.jit
def block_ptr_copy(in_ptr, out_ptr, nan_ptr, M, N, stride_m, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    src = tl.make_block_ptr(base=in_ptr, shape=(M, N), strides=(stride_m, 1), offsets=(pid * BM, 0),
                            block_shape=(BM, BN), order=(1, 0))
    dst = tl.make_block_ptr(base=out_ptr, shape=(M, N), strides=(stride_m, 1), offsets=(pid * BM, 0),
                            block_shape=(BM, BN), order=(1, 0))
    # Block pointers are loop-carried and advanced along N.
    for _ in range(0, tl.cdiv(N, BN)):
        t = tl.load(src, boundary_check=(0, 1), padding_option="zero")
        tl.store(dst, t * 2.0, boundary_check=(0, 1))
        src = tl.advance(src, (0, BN))
        dst = tl.advance(dst, (0, BN))
    # Column-major view with NaN padding, boundary-checked on one dimension only.
    col = tl.make_block_ptr(base=in_ptr, shape=(N, M), strides=(1, stride_m), offsets=(0, pid * BM),
                            block_shape=(BN, BM), order=(0, 1))
    c = tl.load(col, boundary_check=(1, ), padding_option="nan")
    out = tl.make_block_ptr(base=nan_ptr, shape=(N, M), strides=(M, 1), offsets=(0, pid * BM),
                            block_shape=(BN, BM), order=(1, 0))
    tl.store(out, c)


@triton.jit
def tensor_desc_ops(in_ptr, out_ptr, acc_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    din = tl.make_tensor_descriptor(in_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dout = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dacc = tl.make_tensor_descriptor(acc_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    for j in range(0, N, BN):
        t = din.load([pid * BM, j])
        dout.store([pid * BM, j], t * 2.0)
        dacc.atomic_add([pid * BM, j], t)


@triton.jit
def tensor_desc_int_reduce(acc_ptr, val_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Every descriptor reduce kind that is legal for int32 without native TMA checks.
    d = tl.make_tensor_descriptor(acc_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN],
                                  padding_option="zero")
    src = tl.make_tensor_descriptor(val_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    off = tl.program_id(0) * BM
    v = src.load([off, 0])
    d.atomic_min([off, 0], v)
    d.atomic_max([off, 0], v)
    d.atomic_and([off, 0], v)
    d.atomic_or([off, 0], v)
    d.atomic_xor([off, 0], v)


@triton.jit
def tensor_desc_gather_scatter(in_ptr, out_ptr, idx_ptr, M, N, ROWS: tl.constexpr, BN: tl.constexpr):
    # Row gather/scatter: descriptor blocks must be one row tall.
    din = tl.make_tensor_descriptor(in_ptr, shape=[M, N], strides=[N, 1], block_shape=[1, BN])
    dout = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[1, BN])
    rows = tl.load(idx_ptr + tl.arange(0, ROWS))
    col = tl.program_id(0) * BN
    t = din.gather(rows, col)
    dout.scatter(t + 1.0, rows, col)


@triton.jit
def tensor_desc_arg(desc, out_ptr, N, BM: tl.constexpr, BN: tl.constexpr):
    # Host-built descriptor passed as a kernel argument (TensorDescriptor on the host side).
    t = desc.load([tl.program_id(0) * BM, 0])
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    tl.store(out_ptr + rows[:, None] * N + tl.arange(0, BN)[None, :], t)


KEEP = "ttir-keep-tensor-ptrs"
CORPUS = [
    dict(name="atomics_int", fn=atomics_int, divisible=("acc_ptr", "uacc_ptr", "val_ptr", "old_ptr"),
         signature={"acc_ptr": "*i32", "uacc_ptr": "*u32", "val_ptr": "*i32", "old_ptr": "*i32", "n": "i32",
                    "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    dict(name="atomics_float", fn=atomics_float, divisible=("f32_ptr", "f16_ptr", "i64_ptr", "val_ptr"),
         signature={"f32_ptr": "*fp32", "f16_ptr": "*fp16", "i64_ptr": "*i64", "val_ptr": "*fp32", "n": "i32",
                    "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    dict(name="load_store_modifiers", fn=load_store_modifiers, divisible=("x_ptr", "y_ptr", "out_ptr"),
         signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 256}),
    dict(name="pointer_casts", fn=pointer_casts, divisible=("x_ptr", "out_ptr", "addr_ptr"),
         signature={"x_ptr": "*fp32", "out_ptr": "*i32", "addr_ptr": "*i64", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 64}),
    dict(name="gather_histogram", fn=gather_histogram, divisible=("src_ptr", "idx_ptr", "out_ptr", "hist_ptr"),
         signature={"src_ptr": "*fp32", "idx_ptr": "*i32", "out_ptr": "*fp32", "hist_ptr": "*i32", "n": "i32",
                    "M": "constexpr", "N": "constexpr", "BINS": "constexpr"},
         constexprs={"M": 16, "N": 32, "BINS": 64}),
    # Block pointers: kept as tt.make_tensor_ptr / tt.advance, and as the stock cuda:80
    # pipeline rewrites them (plain pointer tensors + masks).
    dict(name="block_ptr_copy", fn=block_ptr_copy, pipeline=KEEP, divisible=("in_ptr", "out_ptr", "nan_ptr"),
         signature={"in_ptr": "*fp32", "out_ptr": "*fp32", "nan_ptr": "*fp32", "M": "i32", "N": "i32",
                    "stride_m": "i32", "BM": "constexpr", "BN": "constexpr"},
         constexprs={"BM": 32, "BN": 64}),
    dict(name="block_ptr_copy_rewritten", fn=block_ptr_copy, divisible=("in_ptr", "out_ptr", "nan_ptr"),
         signature={"in_ptr": "*fp32", "out_ptr": "*fp32", "nan_ptr": "*fp32", "M": "i32", "N": "i32",
                    "stride_m": "i32", "BM": "constexpr", "BN": "constexpr"},
         constexprs={"BM": 32, "BN": 64}),
    dict(name="tensor_desc_ops", fn=tensor_desc_ops, pipeline=KEEP, divisible=("in_ptr", "out_ptr", "acc_ptr", "N"),
         signature={"in_ptr": "*fp32", "out_ptr": "*fp32", "acc_ptr": "*fp32", "M": "i32", "N": "i32",
                    "BM": "constexpr", "BN": "constexpr"},
         constexprs={"BM": 32, "BN": 32}),
    # Same kernel through the stock pipeline: below sm90, descriptors become pointer math.
    dict(name="tensor_desc_ops_rewritten", fn=tensor_desc_ops, divisible=("in_ptr", "out_ptr", "acc_ptr", "N"),
         signature={"in_ptr": "*fp32", "out_ptr": "*fp32", "acc_ptr": "*fp32", "M": "i32", "N": "i32",
                    "BM": "constexpr", "BN": "constexpr"},
         constexprs={"BM": 32, "BN": 32}),
    dict(name="tensor_desc_int_reduce", fn=tensor_desc_int_reduce, pipeline=KEEP,
         divisible=("acc_ptr", "val_ptr", "N"),
         signature={"acc_ptr": "*i32", "val_ptr": "*i32", "M": "i32", "N": "i32", "BM": "constexpr",
                    "BN": "constexpr"},
         constexprs={"BM": 16, "BN": 32}),
    dict(name="tensor_desc_gather_scatter", fn=tensor_desc_gather_scatter, pipeline=KEEP,
         divisible=("in_ptr", "out_ptr", "idx_ptr", "N"),
         signature={"in_ptr": "*bf16", "out_ptr": "*bf16", "idx_ptr": "*i32", "M": "i32", "N": "i32",
                    "ROWS": "constexpr", "BN": "constexpr"},
         constexprs={"ROWS": 16, "BN": 64}),
    dict(name="tensor_desc_arg", fn=tensor_desc_arg, pipeline=KEEP, divisible=("out_ptr", ),
         signature={"desc": "tensordesc<fp16[64, 32]>", "out_ptr": "*fp16", "N": "i32", "BM": "constexpr",
                    "BN": "constexpr"},
         constexprs={"BM": 64, "BN": 32}),
]
