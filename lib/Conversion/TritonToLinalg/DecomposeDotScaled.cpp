//===- DecomposeDotScaled.cpp - microscaled dot as f32 operands + tt.dot --===//
//
// tt.dot_scaled multiplies operands in OCP microscaling formats: each group
// of 32 elements along K shares an e8m0 scale (2^(s-127)). Without
// block-scaled MMA on SPIR-V targets, both operands are widened to f32 and
// scaled, then multiplied by an ordinary tt.dot:
//  - fp8 (e5m2/e4m3) by tt.fp_to_fp, bf16/fp16 by arith.extf;
//  - e2m1 (fp4, two per byte along K, the first in the low nibble) by
//    splitting nibbles (tt.join + reshape) and decoding them to
//    {0, 0.5, 1, 1.5, 2, 3, 4, 6} with their sign;
//  - scales: e8m0 bytes as f32 exponents (0 is 2^-127, 255 is NaN),
//    broadcast over their 32 elements.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_DECOMPOSEDOTSCALED
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using namespace mlir::triton;

namespace {
constexpr int64_t kGroupSize = 32;

class Decomposer {
public:
  Decomposer(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value splat(Type type, Attribute value) {
    auto tensor = cast<RankedTensorType>(type);
    return arith::ConstantOp::create(b, loc, tensor,
                                     SplatElementsAttr::get(tensor, value));
  }
  Value i8s(Type like, int64_t v) {
    return splat(like, b.getIntegerAttr(b.getI8Type(), v));
  }
  Value f32s(ArrayRef<int64_t> shape, float v) {
    return splat(RankedTensorType::get(shape, b.getF32Type()), b.getF32FloatAttr(v));
  }

  /// fp4 (e2m1) nibbles packed two per byte along `axis` -> f32, K doubled.
  Value unpackE2M1(Value packed, unsigned axis) {
    auto type = cast<RankedTensorType>(packed.getType());
    Value low = arith::AndIOp::create(b, loc, packed, i8s(type, 0x0f));
    Value high = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, packed, i8s(type, 4)), i8s(type, 0x0f));
    SmallVector<int64_t> joinedShape(type.getShape());
    joinedShape.push_back(2);
    Value joined = JoinOp::create(
        b, loc, RankedTensorType::get(joinedShape, type.getElementType()), low, high);
    if (axis == 0) {
      // [K/2, N, 2] -> [K/2, 2, N] so that the pair is adjacent along K.
      SmallVector<int64_t> transposed{joinedShape[0], 2, joinedShape[1]};
      joined = TransOp::create(
          b, loc, RankedTensorType::get(transposed, type.getElementType()), joined,
          ArrayRef<int32_t>{0, 2, 1});
    }
    SmallVector<int64_t> shape(type.getShape());
    shape[axis] *= 2;
    Value nibbles = ReshapeOp::create(
        b, loc, RankedTensorType::get(shape, type.getElementType()), joined);
    // Decode: magnitude by table (select chain), then the sign bit.
    auto i8Type = cast<RankedTensorType>(nibbles.getType());
    Value magnitudeBits = arith::AndIOp::create(b, loc, nibbles, i8s(i8Type, 7));
    const float table[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
    Value value = f32s(shape, 0.0f);
    for (int code = 1; code < 8; ++code) {
      Value is = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, magnitudeBits,
                                       i8s(i8Type, code));
      value = arith::SelectOp::create(b, loc, is, f32s(shape, table[code]), value);
    }
    Value negative = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(b, loc, nibbles, i8s(i8Type, 8)), i8s(i8Type, 0));
    return arith::SelectOp::create(b, loc, negative,
                                   arith::NegFOp::create(b, loc, value), value);
  }

  /// e8m0 scales [rows, K/32] -> f32 factors [rows, K] (or [K, rows]).
  Value scaleFactors(Value scales, bool transposeToKMajor) {
    auto type = cast<RankedTensorType>(scales.getType());
    int64_t rows = type.getDimSize(0), groups = type.getDimSize(1);
    auto i32Type = RankedTensorType::get(type.getShape(), b.getI32Type());
    Value bits = arith::ShLIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i32Type, scales),
        splat(i32Type, b.getI32IntegerAttr(23)));
    // e8m0 0 is 2^-127 (an f32 subnormal), 255 is NaN.
    Value zeroByte = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, scales,
                                           i8s(type, 0));
    Value nanByte = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, scales,
                                          i8s(type, -1));
    bits = arith::SelectOp::create(b, loc, zeroByte,
                                   splat(i32Type, b.getI32IntegerAttr(0x00400000)), bits);
    bits = arith::SelectOp::create(b, loc, nanByte,
                                   splat(i32Type, b.getI32IntegerAttr(0x7fc00000)), bits);
    auto f32Type = RankedTensorType::get(type.getShape(), b.getF32Type());
    Value factors = arith::BitcastOp::create(b, loc, f32Type, bits);
    Value expanded = ExpandDimsOp::create(
        b, loc, RankedTensorType::get({rows, groups, 1}, b.getF32Type()), factors, 2);
    Value broadcast = BroadcastOp::create(
        b, loc, RankedTensorType::get({rows, groups, kGroupSize}, b.getF32Type()),
        expanded);
    Value flat = ReshapeOp::create(
        b, loc, RankedTensorType::get({rows, groups * kGroupSize}, b.getF32Type()),
        broadcast);
    if (!transposeToKMajor)
      return flat;
    return TransOp::create(
        b, loc, RankedTensorType::get({groups * kGroupSize, rows}, b.getF32Type()),
        flat, ArrayRef<int32_t>{1, 0});
  }

  /// One operand widened to f32 and scaled; `kAxis` is its K dimension.
  FailureOr<Value> operand(Operation *op, Value value, Value scale,
                           ScaleDotElemType format, unsigned kAxis) {
    auto type = cast<RankedTensorType>(value.getType());
    Value wide;
    switch (format) {
    case ScaleDotElemType::E2M1:
      if (!type.getElementType().isInteger(8))
        return op->emitError("tt.dot_scaled: e2m1 operands must be packed i8");
      wide = unpackE2M1(value, kAxis);
      break;
    case ScaleDotElemType::E4M3:
    case ScaleDotElemType::E5M2:
    case ScaleDotElemType::BF16:
    case ScaleDotElemType::FP16: {
      auto f32Type = RankedTensorType::get(type.getShape(), b.getF32Type());
      if (isa<FloatType>(type.getElementType()) &&
          type.getElementType().getIntOrFloatBitWidth() == 8)
        wide = FpToFpOp::create(b, loc, f32Type, value, RoundingModeAttr());
      else if (isa<FloatType>(type.getElementType()))
        wide = arith::ExtFOp::create(b, loc, f32Type, value);
      else
        return op->emitError("tt.dot_scaled: expected a float operand for ")
               << stringifyScaleDotElemType(format);
      break;
    }
    default:
      return op->emitError("tt.dot_scaled: operand format ")
             << stringifyScaleDotElemType(format) << " is not supported";
    }
    if (!scale)
      return wide;
    return Value(arith::MulFOp::create(b, loc, wide,
                                       scaleFactors(scale, /*transposeToKMajor=*/kAxis == 0)));
  }

private:
  OpBuilder &b;
  Location loc;
};

struct DecomposeDotScaledPass
    : public triton_spirv::impl::DecomposeDotScaledBase<DecomposeDotScaledPass> {
  void runOnOperation() override {
    SmallVector<DotScaledOp> dots;
    getOperation().walk([&](DotScaledOp op) { dots.push_back(op); });
    for (DotScaledOp op : dots) {
      if (!op.getLhsKPack() || !op.getRhsKPack()) {
        op.emitError("tt.dot_scaled: fp4 operands packed along M/N are not supported");
        return signalPassFailure();
      }
      OpBuilder b(op);
      Decomposer decomposer(b, op.getLoc());
      FailureOr<Value> a = decomposer.operand(op, op.getA(), op.getAScale(),
                                              op.getAElemType(), /*kAxis=*/1);
      FailureOr<Value> rhs = decomposer.operand(op, op.getB(), op.getBScale(),
                                                op.getBElemType(), /*kAxis=*/0);
      if (failed(a) || failed(rhs))
        return signalPassFailure();
      Value dot = DotOp::create(b, op.getLoc(), op.getType(), *a, *rhs, op.getC(),
                                InputPrecision::IEEE, 0);
      op.replaceAllUsesWith(dot);
      op.erase();
    }
  }
};
} // namespace
