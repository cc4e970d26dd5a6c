"""Basic kernels: element-wise arithmetic, grids, scalar control flow, integer ops, hints,
pointer selection / int64 addressing, calls, printing and asserts.

Every CORPUS entry: name, fn, signature (arg -> type string or 'constexpr'), constexprs,
divisible (args given tt.divisibility = 16, as the JIT does for 16-byte aligned values),
options (CUDA compile options), pipeline (see generate_ttir_corpus.py).
"""
import triton
import triton.language as tl


@triton.jit
def vector_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(x_ptr + offs, mask=mask)
    b = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a + b, mask=mask)


@triton.jit
def grid_3d(out_ptr, total_ptr):
    # Linearise a 3-D launch grid; exercises all program_id / num_programs axes.
    px = tl.program_id(0)
    py = tl.program_id(1)
    pz = tl.program_id(2)
    nx = tl.num_programs(0)
    ny = tl.num_programs(1)
    nz = tl.num_programs(2)
    lin = (pz * ny + py) * nx + px
    tl.store(out_ptr + lin, lin)
    if lin == 0:
        tl.store(total_ptr, nx * ny * nz)


@triton.jit
def scalar_control_flow(x_ptr, out_ptr, n, mode, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    p = x_ptr + offs
    # Loop-carried tensor of pointers, stepping by BLOCK elements.
    for i in range(0, n, BLOCK):
        acc += tl.load(p, mask=i + offs < n, other=0.0)
        p += BLOCK
    # if / elif / else on a runtime scalar argument.
    if mode == 0:
        acc = acc * 2.0
    elif mode > 5:
        acc = -acc
    else:
        acc = acc + mode.to(tl.float32)
    # while loop with a scalar float and an int carried through it.
    s = tl.sum(acc, axis=0)
    steps = 0
    while s > 1.0:
        s = s * 0.5
        steps += 1
    # Compile-time unrolled loop.
    for k in tl.static_range(3):
        acc += k
    tl.store(out_ptr + offs, acc)
    tl.store(out_ptr + BLOCK, s + steps)


@triton.jit
def unrolled_loop(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # tl.range with loop_unroll_factor: the ttir loop_unroll pass unrolls this scf.for.
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    offs = tl.arange(0, BLOCK)
    for i in tl.range(0, n, BLOCK, loop_unroll_factor=2):
        acc += tl.load(x_ptr + i + offs, mask=i + offs < n, other=0.0)
    # num_stages / flatten annotations are kept as attributes on the scf.for.
    for j in tl.range(0, n, BLOCK, num_stages=3, flatten=True):
        acc = acc * 0.5 + tl.load(x_ptr + j + offs, mask=j + offs < n, other=1.0)
    tl.store(out_ptr + offs, acc)


@triton.jit
def int_arith(a_ptr, b_ptr, ua_ptr, ub_ptr, out_ptr, uout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=1)  # int32
    b = tl.load(b_ptr + offs, mask=m, other=1)
    ua = tl.load(ua_ptr + offs, mask=m, other=1)  # uint32
    ub = tl.load(ub_ptr + offs, mask=m, other=1)
    # Signed: divsi / remsi / shrsi / minsi / maxsi; cdiv with a constant divisor.
    s = a // b + a % b + (a >> 1) + (a << 2)
    s += tl.minimum(a, b) * tl.maximum(a, b)
    s += tl.cdiv(a, 7)
    s += (a & b) | (a ^ ~b)
    s += tl.where(a < b, a, -b)
    # Unsigned: divui / remui / shrui / minui / maxui and unsigned compares.
    u = ua // ub + ua % ub + (ua >> 3)
    u += tl.minimum(ua, ub) + tl.maximum(ua, ub)
    u = tl.where(ua > ub, u, u + 1)
    tl.store(out_ptr + offs, s, mask=m)
    tl.store(uout_ptr + offs, u, mask=m)


@triton.jit
def hints_and_barrier(x_ptr, out_ptr, n, stride, BLOCK: tl.constexpr):
    tl.assume(n > 0)
    tl.assume(stride > 0)
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    # Alignment / contiguity hints end up as tt.divisibility/tt.contiguity attributes.
    offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
    row = tl.max_constancy(tl.full([BLOCK], 0, tl.int32) + pid * stride, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + row + offs, mask=m)
    tl.debug_barrier()
    tl.store(out_ptr + offs, x, mask=m)


@triton.jit
def _sq(x):
    return x * x


@triton.jit(noinline=True)
def _scaled_sum(x_ptr, scale, BLOCK: tl.constexpr):
    # Kept as a separate tt.func reached through tt.call (noinline helpers take scalars only).
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    return tl.sum(_sq(x), axis=0) * scale


@triton.jit(noinline=True)
def _min_max(a, b):
    return tl.minimum(a, b), tl.maximum(a, b)


@triton.jit
def call_noinline(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    s = _scaled_sum(x_ptr, 0.5, BLOCK)
    lo, hi = _min_max(s, tl.load(x_ptr))
    tl.store(out_ptr, s)
    tl.store(out_ptr + 1, lo)
    tl.store(out_ptr + 2, hi)
    tl.store(out_ptr + 3 + offs, _sq(x))  # plain @triton.jit helper: inlined


@triton.jit
def select_ptr_int64(a_ptr, b_ptr, out_ptr, n, stride, BLOCK: tl.constexpr):
    # int64 program offsets and int64 pointer arithmetic (n and stride are i64 args).
    pid = tl.program_id(0).to(tl.int64)
    offs = pid * BLOCK + tl.arange(0, BLOCK).to(tl.int64)
    m = offs < n
    src = tl.where(offs % 2 == 0, a_ptr + offs * stride, b_ptr + offs * stride)  # select on pointers
    v = tl.load(src, mask=m, other=0.0)
    base = out_ptr + pid * BLOCK
    tl.store(base + tl.arange(0, BLOCK), v, mask=m)
    # Scalar pointer select.
    first = tl.where(n > 100, a_ptr, b_ptr)
    tl.store(out_ptr + n, tl.load(first))


@triton.jit
def print_and_assert(x_ptr, n, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK >= 16, "BLOCK too small")
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.device_print("x ", x)
    tl.device_print("pid ", pid, offs, hex=True)
    tl.device_assert(x >= 0.0, "x must be non-negative")
    tl.device_assert(pid < 1024)


BLOCK_1K = {"BLOCK": 1024}
CORPUS = [
    dict(name="vector_add", fn=vector_add, divisible=("x_ptr", "y_ptr", "out_ptr"),
         signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"},
         constexprs=BLOCK_1K, options={"num_warps": 4}),
    dict(name="grid_3d", fn=grid_3d, divisible=("out_ptr", ),
         signature={"out_ptr": "*i32", "total_ptr": "*i32"}),
    dict(name="scalar_control_flow", fn=scalar_control_flow, divisible=("x_ptr", "out_ptr"),
         signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "mode": "i32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    dict(name="unrolled_loop", fn=unrolled_loop, divisible=("x_ptr", "out_ptr", "n"),
         signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 64}),
    dict(name="int_arith", fn=int_arith, divisible=("a_ptr", "b_ptr", "ua_ptr", "ub_ptr", "out_ptr", "uout_ptr"),
         signature={"a_ptr": "*i32", "b_ptr": "*i32", "ua_ptr": "*u32", "ub_ptr": "*u32", "out_ptr": "*i32",
                    "uout_ptr": "*u32", "n": "i32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 256}),
    dict(name="hints_and_barrier", fn=hints_and_barrier, divisible=("x_ptr", "out_ptr", "stride"),
         signature={"x_ptr": "*fp16", "out_ptr": "*fp16", "n": "i32", "stride": "i32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 256}),
    dict(name="call_noinline", fn=call_noinline, divisible=("x_ptr", "out_ptr"),
         signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "BLOCK": "constexpr"}, constexprs={"BLOCK": 128}),
    dict(name="select_ptr_int64", fn=select_ptr_int64, divisible=("a_ptr", "b_ptr", "out_ptr"),
         signature={"a_ptr": "*fp32", "b_ptr": "*fp32", "out_ptr": "*fp32", "n": "i64", "stride": "i64",
                    "BLOCK": "constexpr"},
         constexprs={"BLOCK": 512}),
    # debug=True keeps tt.assert (it is dropped otherwise).
    dict(name="print_and_assert", fn=print_and_assert, divisible=("x_ptr", ),
         signature={"x_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}, constexprs={"BLOCK": 64},
         options={"debug": True}),
]
