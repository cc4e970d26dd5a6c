"""Element types, casts, math: fp16/bf16/fp8/int8/int16/int64/uint32, rounding casts, bitcasts,
tl.math and libdevice calls, precise sqrt/div, umulhi/clamp/fma, inline asm, map_elementwise
and the random number generators.  See kernels_basic.py for the CORPUS entry format."""
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def int_types(i8_ptr, i16_ptr, i64_ptr, u32_ptr, u8_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(i8_ptr + offs)
    b = tl.load(i16_ptr + offs)
    c = tl.load(i64_ptr + offs)
    u = tl.load(u32_ptr + offs)
    ub = tl.load(u8_ptr + offs)
    # Mixed-width promotion: sign-extends i8/i16, zero-extends unsigned values.
    s = a + b  # -> i16
    w = s.to(tl.int64) * c + u.to(tl.int64) + ub.to(tl.int64)
    # Narrowing (trunci) and int <-> float in both signednesses.
    tl.store(i8_ptr + offs, (w >> 8).to(tl.int8))
    tl.store(i16_ptr + offs, w.to(tl.int16))
    tl.store(u32_ptr + offs, (w.to(tl.float32) * 0.5).to(tl.uint32))
    tl.store(out_ptr + offs, u.to(tl.float32) + c.to(tl.float64).to(tl.float32) + a.to(tl.float32))
    # Booleans: i1 compares stored as int8.
    tl.store(u8_ptr + offs, ((a > 0) ^ (u < 7)).to(tl.uint8))


@triton.jit
def float_casts(f32_ptr, f16_ptr, bf16_ptr, f64_ptr, e4_ptr, e5_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(f32_ptr + offs)
    h = tl.load(f16_ptr + offs)
    bf = tl.load(bf16_ptr + offs)
    d = tl.load(f64_ptr + offs)
    # Downcasts with explicit rounding: rtne is arith.truncf; rtz needs tt.fp_to_fp.
    tl.store(f16_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz"))
    tl.store(bf16_ptr + offs, x.to(tl.bfloat16, fp_downcast_rounding="rtne"))
    tl.store(f32_ptr + offs, d.to(tl.float32, fp_downcast_rounding="rtz"))
    # fp8 round trips, via fp32 and via fp16.  The e4 slot's type comes from the signature:
    # the frontend rejects fp8e4nv (e4m3fn) below sm89, and fp8e4b15 (the sm80 alternative)
    # is lowered to NVIDIA inline PTX, so the cuda:80 entry uses e5m2 in both slots.
    tl.store(e4_ptr + offs, x.to(e4_ptr.dtype.element_ty))
    tl.store(e5_ptr + offs, h.to(tl.float8e5))
    e4 = tl.load(e4_ptr + offs).to(tl.float32)
    e5 = tl.load(e5_ptr + offs).to(tl.float16)
    tl.store(e5_ptr + BLOCK + offs, bf.to(tl.float8e5, fp_downcast_rounding="rtne"))
    # Upcasts (extf) and f16 <-> bf16 through fp32.
    y = h.to(tl.float32) + bf.to(tl.float32) + e4 + e5.to(tl.float32) + d.to(tl.float32)
    tl.store(out_ptr + offs, y)


@triton.jit
def bitcasts(f32_ptr, f16_ptr, i32_ptr, i16_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(f32_ptr + offs)
    h = tl.load(f16_ptr + offs)
    bits = x.to(tl.int32, bitcast=True)
    # Flip the sign bit in the integer domain, then reinterpret back.
    tl.store(f32_ptr + offs, (bits ^ (-2147483648)).to(tl.float32, bitcast=True))
    tl.store(i32_ptr + offs, bits.to(tl.uint32, bitcast=True).to(tl.int32, bitcast=True))
    tl.store(i16_ptr + offs, h.to(tl.int16, bitcast=True))


@triton.jit
def math_ops(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    ax = tl.abs(x) + 1.0
    r = tl.exp(x) + tl.exp2(x) + tl.log(ax) + tl.log2(ax)
    r += tl.sin(x) + tl.cos(x) + tl.rsqrt(ax) + tl.sqrt(ax)
    r += tl.floor(x) + tl.ceil(x) + tl.erf(x)
    r += tl.math.fma(x, x, r) + tl.fdiv(x, ax)
    r += tl.sigmoid(x) + tl.abs(offs - 3).to(tl.float32)
    # Float remainder (remf), float -> signed int (fptosi), NaN-propagating max (maximumf).
    r += (x % 1.5) + (-x).to(tl.int32).to(tl.float32)
    r += tl.maximum(r, x, propagate_nan=tl.PropagateNan.ALL)
    tl.store(out_ptr + offs, r)


@triton.jit
def precise_and_misc(x_ptr, y_ptr, u_ptr, out_ptr, uout_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    u = tl.load(u_ptr + offs)
    r = tl.sqrt_rn(tl.abs(x)) + tl.div_rn(x, y + 2.0)
    r += tl.fma(x, y, 1.0)
    r += tl.clamp(x, -1.0, y)  # float clamp: tt.clampf
    r += tl.clamp(x, -1.0, 1.0, propagate_nan=tl.PropagateNan.ALL)
    r += tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL) + tl.maximum(x, y)
    tl.store(out_ptr + offs, r)
    # High 32 bits of the 64-bit unsigned product (tt.mulhiui); int clamp is min/max.
    # (tl.clamp is float-only in 3.6.)
    hi = tl.umulhi(u, u + 0x9E3779B9)
    tl.store(uout_ptr + offs, hi + tl.minimum(tl.maximum(u, 3), 1000))


@triton.jit
def libdevice_calls(x_ptr, y_ptr, out_ptr, flag_ptr, d_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    d = tl.load(d_ptr + offs)
    r = libdevice.pow(x, y) + libdevice.erf(x) + libdevice.tanh(x) + libdevice.rint(x)
    r += libdevice.fast_expf(x) + libdevice.atan2(y, x)
    tl.store(out_ptr + offs, r)
    tl.store(d_ptr + offs, libdevice.pow(d, d) + libdevice.log1p(d))
    flags = libdevice.isnan(r).to(tl.int32) + libdevice.isinf(y).to(tl.int32) * 2
    tl.store(flag_ptr + offs, flags + libdevice.signbit(x))


@triton.jit
def inline_asm(x_ptr, y_ptr, out_ptr, out2_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    # One pure, one-element-per-call op (shift-left by 1).
    s = tl.inline_asm_elementwise("shl.b32 $0, $1, 1;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    # Two results from two operands.
    lo, hi = tl.inline_asm_elementwise("min.s32 $0, $2, $3;\n\tmax.s32 $1, $2, $3;", "=r,=r,r,r", [x, y],
                                       dtype=(tl.int32, tl.int32), is_pure=True, pack=1)
    tl.store(out_ptr + offs, s + lo)
    # Non-pure, packed four int8 per 32-bit register.
    b = x.to(tl.int8)
    p = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [b], dtype=tl.int8, is_pure=False, pack=4)
    tl.store(out2_ptr + offs, p.to(tl.int32) + hi)


@triton.jit
def _selu_scalar(x, alpha):
    # Runs per element inside tt.map_elementwise, so a real branch is fine here.
    if x > 0:
        return x
    else:
        return alpha * (tl.exp(x) - 1)


@triton.jit
def _divmod_pair(a0, a1, b0, b1):
    # pack=2: operands arrive as (a0, a1, b0, b1); results are grouped per result, then element.
    return a0 // b0, a1 // b1, a0 % b0, a1 % b1


@triton.jit
def map_elementwise(x_ptr, a_ptr, b_ptr, out_ptr, q_ptr, r_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    alpha = tl.full([BLOCK], 1.67, tl.float32)  # every operand must be a tensor
    tl.store(out_ptr + offs, tl.map_elementwise(_selu_scalar, x, alpha))
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    q, r = tl.map_elementwise(_divmod_pair, a, b + 1, pack=2)
    tl.store(q_ptr + offs, q)
    tl.store(r_ptr + offs, r)


@triton.jit
def random_numbers(u_ptr, n_ptr, i_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(u_ptr + offs, tl.rand(seed, offs))
    tl.store(n_ptr + offs, tl.randn(seed, offs))
    tl.store(i_ptr + offs, tl.randint(seed, offs))
    # Four streams at once, fewer rounds.
    a, b, c, d = tl.randint4x(seed, offs + BLOCK, n_rounds=7)
    tl.store(i_ptr + BLOCK + offs, a ^ b ^ c ^ d)


CORPUS = [
    dict(name="int_types", fn=int_types, divisible=("i8_ptr", "i16_ptr", "i64_ptr", "u32_ptr", "u8_ptr", "out_ptr"),
         signature={"i8_ptr": "*i8", "i16_ptr": "*i16", "i64_ptr": "*i64", "u32_ptr": "*u32", "u8_ptr": "*u8",
                    "out_ptr": "*fp32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    dict(name="float_casts", fn=float_casts,
         divisible=("f32_ptr", "f16_ptr", "bf16_ptr", "f64_ptr", "e4_ptr", "e5_ptr", "out_ptr"),
         signature={"f32_ptr": "*fp32", "f16_ptr": "*fp16", "bf16_ptr": "*bf16", "f64_ptr": "*fp64",
                    "e4_ptr": "*fp8e5", "e5_ptr": "*fp8e5", "out_ptr": "*fp32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    # The frontend rejects fp8e4nv below sm89, so this variant targets cuda:89.
    dict(name="float_casts_fp8e4nv", fn=float_casts, arch=89,
         divisible=("f32_ptr", "f16_ptr", "bf16_ptr", "f64_ptr", "e4_ptr", "e5_ptr", "out_ptr"),
         signature={"f32_ptr": "*fp32", "f16_ptr": "*fp16", "bf16_ptr": "*bf16", "f64_ptr": "*fp64",
                    "e4_ptr": "*fp8e4nv", "e5_ptr": "*fp8e5", "out_ptr": "*fp32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    dict(name="bitcasts", fn=bitcasts, divisible=("f32_ptr", "f16_ptr", "i32_ptr", "i16_ptr"),
         signature={"f32_ptr": "*fp32", "f16_ptr": "*fp16", "i32_ptr": "*i32", "i16_ptr": "*i16",
                    "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    dict(name="math_ops", fn=math_ops, divisible=("x_ptr", "out_ptr"),
         signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "BLOCK": "constexpr"}, constexprs={"BLOCK": 256}),
    dict(name="precise_and_misc", fn=precise_and_misc, divisible=("x_ptr", "y_ptr", "u_ptr", "out_ptr", "uout_ptr"),
         signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "u_ptr": "*u32", "out_ptr": "*fp32", "uout_ptr": "*u32",
                    "BLOCK": "constexpr"},
         constexprs={"BLOCK": 256}),
    dict(name="libdevice_calls", fn=libdevice_calls, divisible=("x_ptr", "y_ptr", "out_ptr", "flag_ptr", "d_ptr"),
         signature={"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "flag_ptr": "*i32", "d_ptr": "*fp64",
                    "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    dict(name="inline_asm", fn=inline_asm, divisible=("x_ptr", "y_ptr", "out_ptr", "out2_ptr"),
         signature={"x_ptr": "*i32", "y_ptr": "*i32", "out_ptr": "*i32", "out2_ptr": "*i32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    dict(name="map_elementwise", fn=map_elementwise,
         divisible=("x_ptr", "a_ptr", "b_ptr", "out_ptr", "q_ptr", "r_ptr"),
         signature={"x_ptr": "*fp32", "a_ptr": "*i32", "b_ptr": "*i32", "out_ptr": "*fp32", "q_ptr": "*i32",
                    "r_ptr": "*i32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 128}),
    dict(name="random_numbers", fn=random_numbers, divisible=("u_ptr", "n_ptr", "i_ptr"),
         signature={"u_ptr": "*fp32", "n_ptr": "*fp32", "i_ptr": "*u32", "seed": "i32", "BLOCK": "constexpr"},
         constexprs={"BLOCK": 256}),
]
