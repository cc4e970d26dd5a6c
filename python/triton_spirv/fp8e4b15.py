"""Triton's fp8e4b15 conversions, the backend's `convert_custom_types`.

fp8e4b15 has no MLIR float type: Triton's IR carries it as i8 and asks the
backend for its conversions (tl.dot upcasts such operands to fp16 with it).
The format is fp16's with the exponent's top bit dropped: sign, 4 exponent
bits of bias 15 (fp16's), 3 mantissa bits, no infinity or NaN. We follow the
CUDA backend's rounding so that results agree across backends:
  - to fp16: exact, the sign and 7 magnitude bits moved into fp16's places;
  - from fp16: |x| is clamped to 1.75 (NaN too), then rounded to 3 mantissa
    bits half away from zero on its bits; the sign is kept (-0 stays -0);
  - from fp32 (and wider): toward zero to fp16 first, then as from fp16.
The code is integer arithmetic on the bits, which every device has.
"""
from triton.language import core

FP16_MAGNITUDE_MASK = 0x7FFF
FP16_SIGN = 0x8000
# 1.75 in fp16: the largest value the CUDA backend's conversion produces.
FP16_CLAMP = 0x3F00
# fp16's magnitude bits below the 3 mantissa bits kept (7 of them); adding
# half of their range before dropping them rounds half away from zero.
DROPPED_BITS = 7
HALF_OF_DROPPED = 1 << (DROPPED_BITS - 1)


def _to_float16(arg, _semantic):
    bits = arg.to(core.uint8, bitcast=True, _semantic=_semantic).to(core.int32, _semantic=_semantic)
    sign = bits.__and__(0x80, _semantic=_semantic).__lshift__(8, _semantic=_semantic)
    magnitude = bits.__and__(0x7F, _semantic=_semantic).__lshift__(DROPPED_BITS, _semantic=_semantic)
    half = sign.__or__(magnitude, _semantic=_semantic).to(core.int16, _semantic=_semantic)
    return half.to(core.float16, bitcast=True, _semantic=_semantic)


def _from_float16(arg, _semantic):
    bits = arg.to(core.int16, bitcast=True, _semantic=_semantic).to(core.int32, _semantic=_semantic)
    sign = bits.__and__(FP16_SIGN, _semantic=_semantic).__rshift__(8, _semantic=_semantic)
    # Integer order is float order for magnitudes; NaN's bits lie above the clamp.
    magnitude = core.minimum(bits.__and__(FP16_MAGNITUDE_MASK, _semantic=_semantic), FP16_CLAMP,
                             _semantic=_semantic)
    rounded = magnitude.__add__(HALF_OF_DROPPED, _semantic=_semantic).__rshift__(DROPPED_BITS, _semantic=_semantic)
    byte = sign.__or__(rounded, _semantic=_semantic).to(core.int8, _semantic=_semantic)
    return byte.to(core.float8e4b15, bitcast=True, _semantic=_semantic)


@core.builtin
def convert_custom_types(arg, dst_ty, fp_downcast_rounding=None, _semantic=None):
    """Conversions from and to fp8e4b15 (Triton calls this for either side)."""
    dst_scalar = dst_ty.scalar if hasattr(dst_ty, "scalar") else dst_ty
    if arg.type.scalar.is_fp8e4b15():
        if dst_scalar.is_fp8e4b15():
            return arg
        half = _to_float16(arg, _semantic)
        return half if dst_scalar.is_fp16() else half.to(dst_scalar, _semantic=_semantic)
    src = arg
    if not src.type.scalar.is_fp16():
        # Toward zero through fp32 then fp16: the CUDA backend's route from fp32.
        if not src.type.scalar.is_fp32():
            src = src.to(core.float32, fp_downcast_rounding="rtz" if src.type.scalar.is_fp64() else None,
                         _semantic=_semantic)
        src = src.to(core.float16, fp_downcast_rounding="rtz", _semantic=_semantic)
    return _from_float16(src, _semantic)
