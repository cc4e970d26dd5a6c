//===- EmulateFloatConversions.cpp - conversions SPIR-V cannot express ----===//
//
// Vulkan allows FPRoundingMode only on conversions stored straight to 16-bit
// memory, so a truncf toward zero, upward or downward becomes a nearest-even
// truncf stepped one ulp where it rounded the other way.
//
// SPIR-V (without SPV_EXT_float8) has no 8-bit float type. fp8 memory and
// control flow carry i8, and the only fp8 operations Triton emits,
// conversions from and to wider floats, become integer code:
//  - fp8 -> f32 is exact: rebias the exponent, scale subnormals;
//  - f32 -> fp8 rounds to nearest even (or toward zero for rtz) and saturates
//    finite overflow to the largest finite value, as Triton's CUDA backend
//    does (cvt.rn.satfinite); NaN stays NaN.
// Wider or narrower sources/destinations go through f32, exactly for
// f16/bf16 (f64 sources round twice). |x| of fp8 clears the sign bit. math
// ops on bf16 compute in f32 and round back. Ops that only move bf16 or fp8
// values (select, vector shuffles and broadcasts, subgroup shuffles) move
// their bits: bf16 becomes f32 in SPIR-V, fp8 has no type there. f64 -> bf16
// rounds once (through f32 rounded to odd); bf16 -> f64 widens through f32.
//
//===----------------------------------------------------------------------===//
#include "FloatEmulation/ExactWidening.h"
#include "FloatEmulation/NarrowFloatStorage.h"
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_EMULATEFLOATCONVERSIONS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// The parameters of one 8-bit float encoding (sign, exponent, mantissa).
struct Fp8Format {
  unsigned mantissaBits;
  int bias;
  uint32_t largestFinite; // Magnitude bits of the largest finite value.
  bool hasInfinity;       // E5M2: exponent all ones is inf/NaN like IEEE.
};

std::optional<Fp8Format> lookupFp8Format(Type type) {
  if (isa<Float8E5M2Type>(type))
    return Fp8Format{2, 15, 0x7b, true};
  if (isa<Float8E4M3FNType>(type))
    return Fp8Format{3, 7, 0x7e, false};
  return std::nullopt;
}

bool isFp8(Type type) {
  auto floatType = dyn_cast<FloatType>(type);
  return floatType && floatType.getWidth() == 8;
}

/// Integer/float code built at one insertion point.
class Fp8Builder {
public:
  Fp8Builder(OpBuilder &builder, Location loc) : b(builder), loc(loc) {}

  Value i32(int64_t value) {
    return arith::ConstantIntOp::create(b, loc, value, 32);
  }
  Value f32(float value) {
    return arith::ConstantFloatOp::create(b, loc, b.getF32Type(),
                                          APFloat(value));
  }

  /// fp8 bits (i8) -> f32, exactly.
  Value extend(Value bits, const Fp8Format &format) {
    unsigned m = format.mantissaBits;
    Value word = arith::ExtUIOp::create(b, loc, b.getI32Type(), bits);
    Value sign = shl(andi(word, 0x80), 24);
    Value magnitude = andi(word, 0x7f);
    Value exponent = arith::ShRUIOp::create(b, loc, magnitude, i32(m));
    Value normal = arith::AddIOp::create(
        b, loc, shl(magnitude, 23 - m), i32(int64_t(127 - format.bias) << 23));
    // A subnormal is magnitude * 2^(1 - bias - m); the product is exact.
    Value subnormal = arith::MulFOp::create(
        b, loc, arith::UIToFPOp::create(b, loc, b.getF32Type(), magnitude),
        f32(std::ldexp(1.0f, 1 - format.bias - int(m))));
    Value isSubnormal = cmp(arith::CmpIPredicate::eq, exponent, i32(0));
    Value result = arith::SelectOp::create(b, loc, isSubnormal,
                                           bitcastToI32(subnormal), normal);
    if (format.hasInfinity) {
      Value special = arith::OrIOp::create(
          b, loc, i32(0x7f800000), shl(andi(magnitude, (1 << m) - 1), 23 - m));
      Value isSpecial =
          cmp(arith::CmpIPredicate::eq, exponent, i32((0x7f >> m)));
      result = arith::SelectOp::create(b, loc, isSpecial, special, result);
    } else {
      Value isNaN = cmp(arith::CmpIPredicate::eq, magnitude, i32(0x7f));
      result = arith::SelectOp::create(b, loc, isNaN, i32(0x7fc00000), result);
    }
    result = arith::OrIOp::create(b, loc, result, sign);
    return arith::BitcastOp::create(b, loc, b.getF32Type(), result);
  }

  /// f32 -> fp8 bits (i8), rounding to nearest even or toward zero.
  Value truncate(Value value, const Fp8Format &format, bool towardZero) {
    unsigned m = format.mantissaBits;
    unsigned dropped = 23 - m;
    Value bits = bitcastToI32(value);
    Value sign = andi(arith::ShRUIOp::create(b, loc, bits, i32(24)), 0x80);
    Value abs = andi(bits, 0x7fffffff);
    Value rounded = abs;
    if (!towardZero) {
      Value lsb = andi(arith::ShRUIOp::create(b, loc, abs, i32(dropped)), 1);
      rounded = arith::AddIOp::create(
          b, loc, arith::AddIOp::create(b, loc, abs, i32((1 << (dropped - 1)) - 1)),
          lsb);
    }
    Value normal = arith::SubIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, rounded, i32(dropped)),
        i32(int64_t(127 - format.bias) << m));
    // Below the smallest normal the result is round(|x| / 2^(1-bias-m)).
    Value scaled = arith::MulFOp::create(
        b, loc, arith::BitcastOp::create(b, loc, b.getF32Type(), abs),
        f32(std::ldexp(1.0f, format.bias - 1 + int(m))));
    if (!towardZero)
      scaled = math::RoundEvenOp::create(b, loc, scaled);
    Value subnormal = arith::FPToUIOp::create(b, loc, b.getI32Type(), scaled);
    Value isSubnormal = cmp(arith::CmpIPredicate::ult, abs,
                            i32(int64_t(127 + 1 - format.bias) << 23));
    Value magnitude = arith::SelectOp::create(b, loc, isSubnormal, subnormal, normal);
    magnitude = arith::MinUIOp::create(b, loc, magnitude, i32(format.largestFinite));
    if (towardZero && format.hasInfinity) {
      Value isInf = cmp(arith::CmpIPredicate::eq, abs, i32(0x7f800000));
      magnitude = arith::SelectOp::create(b, loc, isInf,
                                          i32(format.largestFinite + 1), magnitude);
    }
    Value isNaN = cmp(arith::CmpIPredicate::ugt, abs, i32(0x7f800000));
    magnitude = arith::SelectOp::create(b, loc, isNaN, i32(0x7f), magnitude);
    Value word = arith::OrIOp::create(b, loc, sign, magnitude);
    return arith::TruncIOp::create(b, loc, b.getI8Type(), word);
  }

  /// Any float -> f32 (exact for narrower types).
  Value toF32(Value value, bool towardZero) {
    auto type = cast<FloatType>(value.getType());
    if (type.isF32())
      return value;
    if (type.getWidth() < 32)
      return arith::ExtFOp::create(b, loc, b.getF32Type(), value);
    auto truncf = arith::TruncFOp::create(b, loc, b.getF32Type(), value);
    if (towardZero)
      truncf.setRoundingmodeAttr(arith::RoundingModeAttr::get(
          b.getContext(), arith::RoundingMode::toward_zero));
    return truncf;
  }

  /// f32 -> any float (exact for every type an fp8 value fits).
  Value fromF32(Value value, Type type) {
    if (type.isF32())
      return value;
    if (type.getIntOrFloatBitWidth() > 32)
      return arith::ExtFOp::create(b, loc, type, value);
    return arith::TruncFOp::create(b, loc, type, value);
  }

private:
  Value andi(Value value, int64_t mask) {
    return arith::AndIOp::create(b, loc, value, i32(mask));
  }
  Value shl(Value value, int64_t amount) {
    return arith::ShLIOp::create(b, loc, value, i32(amount));
  }
  Value cmp(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
  }
  Value bitcastToI32(Value value) {
    return arith::BitcastOp::create(b, loc, b.getI32Type(), value);
  }

  OpBuilder &b;
  Location loc;
};

/// truncf toward zero, upward or downward without a rounding-mode decoration:
/// round to nearest even, then step one ulp where that rounded the wrong way
/// (including finite values that rounded to infinity).
Value truncateDirected(OpBuilder &b, Location loc, Value value, FloatType type,
                       arith::RoundingMode mode) {
  Value nearest = arith::TruncFOp::create(b, loc, type, value);
  // Widened by integer code: a driver folding fpext(fptrunc(x)) to x (NVIDIA)
  // would otherwise never see the rounding.
  Value back = triton_spirv::canWidenExactly(type, value.getType())
                   ? triton_spirv::widenExactly(b, loc, nearest, value.getType())
                   : arith::ExtFOp::create(b, loc, value.getType(), nearest).getResult();
  Type bitsType = b.getIntegerType(type.getWidth());
  auto constant = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, bitsType, v).getResult();
  };
  Value bits = arith::BitcastOp::create(b, loc, bitsType, nearest);
  Value one = constant(1);
  Value smaller = arith::SubIOp::create(b, loc, bits, one);
  Value wrongWay, stepped;
  if (mode == arith::RoundingMode::toward_zero) {
    // Rounded away from zero: the result is not zero, one ulp less magnitude.
    Value nearestMagnitude = math::AbsFOp::create(b, loc, back);
    Value magnitude = math::AbsFOp::create(b, loc, value);
    wrongWay = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     nearestMagnitude, magnitude);
    stepped = smaller;
  } else {
    bool upward = mode == arith::RoundingMode::upward;
    Value larger = arith::AddIOp::create(b, loc, bits, one);
    wrongWay = arith::CmpFOp::create(
        b, loc, upward ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OGT,
        back, value);
    // Up from a negative value (down from a positive one) is one ulp less
    // magnitude; from zero it is the smallest subnormal of the value's sign.
    Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                           bits, constant(0));
    Value zero = arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::OEQ, nearest,
        arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0)));
    int64_t signBit = llvm::APInt::getSignMask(type.getWidth()).getSExtValue();
    Value tiniest = upward ? one : constant(signBit | 1);
    Value away = upward ? arith::SelectOp::create(b, loc, negative, smaller, larger)
                        : arith::SelectOp::create(b, loc, negative, larger, smaller);
    stepped = arith::SelectOp::create(b, loc, zero, tiniest, away);
  }
  Value result = arith::SelectOp::create(b, loc, wrongWay, stepped, bits);
  return arith::BitcastOp::create(b, loc, type, result);
}

/// `type` with its (element) type replaced by `element`.
Type withElementType(Type type, Type element) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(element);
  return element;
}

/// math ops on bf16 (which arith-emulate-unsupported-floats leaves alone, and
/// which would reach SPIR-V as bf16 values) compute in f32 and round back:
/// exact for absf, and what Triton-CUDA does for the others.
void widenBF16Math(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    // Float arithmetic too: arith-emulate-unsupported-floats marks its
    // truncf/extf pairs `contract`, which the canonicalizer folds, so a
    // chain of bf16 ops was rounded once at its end (x + 1 + 1: 2.203125,
    // not 2.1875).
    if (!isa_and_nonnull<math::MathDialect>(op->getDialect()) &&
        !isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
             arith::RemFOp, arith::NegFOp, arith::MaximumFOp, arith::MinimumFOp,
             arith::MaxNumFOp, arith::MinNumFOp, arith::CmpFOp>(op))
      return;
    auto isBF16 = [](Type t) { return getElementTypeOrSelf(t).isBF16(); };
    if (llvm::any_of(op->getResultTypes(), isBF16) ||
        llvm::any_of(op->getOperandTypes(), isBF16))
      ops.push_back(op);
  });
  OpBuilder b(func.getContext());
  Type f32 = b.getF32Type();
  for (Operation *op : ops) {
    b.setInsertionPoint(op);
    Location loc = op->getLoc();
    OperationState state(loc, op->getName());
    state.addAttributes(op->getAttrs());
    for (Value operand : op->getOperands())
      state.addOperands(
          getElementTypeOrSelf(operand.getType()).isBF16()
              ? arith::ExtFOp::create(b, loc,
                                      withElementType(operand.getType(), f32),
                                      operand)
                    .getResult()
              : operand);
    for (Type type : op->getResultTypes())
      state.addTypes(getElementTypeOrSelf(type).isBF16()
                         ? withElementType(type, f32)
                         : type);
    Operation *wide = b.create(state);
    for (auto [old, now] : llvm::zip(op->getResults(), wide->getResults()))
      old.replaceAllUsesWith(
          old.getType() == now.getType()
              ? now
              : arith::TruncFOp::create(b, loc, old.getType(), now).getResult());
    op->erase();
  }
}

/// |x| of an fp8 value: clear the sign bit (no fp8 arithmetic exists).
Value fp8AbsoluteValue(OpBuilder &b, Location loc, Value value) {
  Type i8 = b.getI8Type();
  Value bits = arith::BitcastOp::create(b, loc, i8, value);
  Value magnitude = arith::AndIOp::create(
      b, loc, bits, arith::ConstantIntOp::create(b, loc, i8, 0x7f));
  return arith::BitcastOp::create(b, loc, value.getType(), magnitude);
}

/// Whether `type`'s elements are bf16 or fp8, whose values SPIR-V cannot
/// carry as they are.
bool isCarriedAsBits(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isBF16() || isFp8(element);
}

/// Ops whose results are some of their operands' values, rearranged.
bool movesValuesOnly(Operation *op) {
  return isa<arith::SelectOp, vector::BroadcastOp, vector::FromElementsOp,
             vector::ToElementsOp, vector::ExtractOp, vector::InsertOp,
             vector::ShuffleOp, vector::ExtractStridedSliceOp,
             vector::InsertStridedSliceOp, vector::ShapeCastOp,
             vector::TransposeOp, vector::InterleaveOp, vector::DeinterleaveOp,
             gpu::ShuffleOp>(op);
}

/// Retypes an op that only moves bf16/fp8 values to move same-width integers,
/// with bitcasts around it (the pairs then fold into the loads, stores and
/// conversions around it).
void moveBits(OpBuilder &b, Operation *op) {
  auto bitsOf = [&](Type type) {
    return withElementType(
        type, b.getIntegerType(getElementTypeOrSelf(type).getIntOrFloatBitWidth()));
  };
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  for (OpOperand &operand : op->getOpOperands())
    if (isCarriedAsBits(operand.get().getType()))
      operand.set(arith::BitcastOp::create(b, loc, bitsOf(operand.get().getType()),
                                           operand.get()));
  b.setInsertionPointAfter(op);
  for (OpResult result : op->getResults()) {
    Type type = result.getType();
    if (!isCarriedAsBits(type))
      continue;
    result.setType(bitsOf(type));
    auto value = arith::BitcastOp::create(b, loc, type, result);
    result.replaceAllUsesExcept(value.getResult(), value);
  }
}

/// f64 -> f32 rounded to odd: the nearest f32, or where that is inexact the
/// odd one of the two f32 around x. A later rounding to bf16 (8 bits of
/// mantissa, 24 here) then rounds as if from x itself.
Value roundToOddF32(OpBuilder &b, Location loc, Value x) {
  Type f32 = withElementType(x.getType(), b.getF32Type());
  Type i32 = withElementType(x.getType(), b.getI32Type());
  Value nearest = arith::TruncFOp::create(b, loc, f32, x);
  Value back = triton_spirv::widenExactly(b, loc, nearest, x.getType());
  Value bits = arith::BitcastOp::create(b, loc, i32, nearest);
  Value one = createScalarOrSplatConstant(b, loc, i32, 1);
  // Rounded away from zero: one ulp less magnitude is the other neighbour
  // (NaN compares false and keeps its bits).
  Value away = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     math::AbsFOp::create(b, loc, back),
                                     math::AbsFOp::create(b, loc, x));
  Value towardZero = arith::SelectOp::create(
      b, loc, away, arith::SubIOp::create(b, loc, bits, one), bits);
  Value inexact = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, back, x);
  Value odd = arith::OrIOp::create(b, loc, towardZero, one);
  return arith::BitcastOp::create(
      b, loc, f32, arith::SelectOp::create(b, loc, inexact, odd, bits));
}

/// Conversions between f64 and bf16, which arith-expand leaves alone (its
/// bf16 expansions take f32 only), and f64 -> f16, which lavapipe rounds
/// twice (through f32: 1 + 2^-11 + 2^-40 became 1, not 1 + 2^-10).
void convertBetweenF64AndHalfFloats(func::FuncOp func) {
  OpBuilder b(func.getContext());
  func.walk([&](Operation *op) {
    if (!isa<arith::TruncFOp, arith::ExtFOp>(op))
      return;
    Type from = getElementTypeOrSelf(op->getOperand(0).getType());
    Type to = getElementTypeOrSelf(op->getResult(0).getType());
    b.setInsertionPoint(op);
    Location loc = op->getLoc();
    Type f32 = withElementType(op->getResult(0).getType(), b.getF32Type());
    Value converted;
    if (from.isF64() && (to.isBF16() || to.isF16()))
      converted = arith::TruncFOp::create(
          b, loc, op->getResult(0).getType(),
          roundToOddF32(b, loc, op->getOperand(0)));
    else if (from.isBF16() && to.isF64())
      converted = arith::ExtFOp::create(
          b, loc, op->getResult(0).getType(),
          arith::ExtFOp::create(b, loc, f32, op->getOperand(0)).getResult());
    else
      return;
    op->getResult(0).replaceAllUsesWith(converted);
    op->erase();
  });
}

struct EmulateFloatConversionsPass
    : public triton_spirv::impl::EmulateFloatConversionsBase<
          EmulateFloatConversionsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    bool failedConversion = false;
    func.walk([&](Operation *op) {
      if (failedConversion)
        return;
      for (Type type : llvm::concat<Type>(op->getOperandTypes(),
                                          op->getResultTypes()))
        if (!failedConversion && isFp8(getElementTypeOrSelf(type)) &&
            !lookupFp8Format(getElementTypeOrSelf(type))) {
          op->emitError("fp8 type ") << getElementTypeOrSelf(type)
                                     << " is not supported (only f8E5M2 and "
                                        "f8E4M3FN)";
          failedConversion = true;
        }
    });
    if (failedConversion)
      return signalPassFailure();
    if (failed(triton_spirv::storeFloatsAsIntegers(func, isFp8)))
      return signalPassFailure();
    widenBF16Math(func);

    OpBuilder builder(context);
    // Round trips (x rounded to a narrower float, widened again) widen by
    // integer code, which drivers cannot fold away (ExactWidening.h).
    func.walk([&](arith::ExtFOp extf) {
      if (!extf.getIn().getDefiningOp<arith::TruncFOp>() ||
          !triton_spirv::canWidenExactly(extf.getIn().getType(), extf.getType()))
        return;
      builder.setInsertionPoint(extf);
      extf.replaceAllUsesWith(triton_spirv::widenExactly(builder, extf.getLoc(),
                                                         extf.getIn(), extf.getType()));
      extf.erase();
    });
    Type i8 = builder.getI8Type();
    auto asBits = [&](Location loc, Value value) {
      return arith::BitcastOp::create(builder, loc, i8, value).getResult();
    };
    func.walk([&](Operation *op) {
      builder.setInsertionPoint(op);
      Fp8Builder fp8(builder, op->getLoc());
      Location loc = op->getLoc();
      if (auto extf = dyn_cast<arith::ExtFOp>(op)) {
        std::optional<Fp8Format> format = lookupFp8Format(extf.getIn().getType());
        if (!format)
          return;
        Value wide = fp8.extend(asBits(loc, extf.getIn()), *format);
        extf.replaceAllUsesWith(fp8.fromF32(wide, extf.getType()));
        extf.erase();
      } else if (auto truncf = dyn_cast<arith::TruncFOp>(op)) {
        std::optional<arith::RoundingMode> mode = truncf.getRoundingmode();
        bool towardZero = mode == arith::RoundingMode::toward_zero;
        bool directed = towardZero || mode == arith::RoundingMode::upward ||
                        mode == arith::RoundingMode::downward;
        std::optional<Fp8Format> format = lookupFp8Format(truncf.getType());
        if (!format) {
          auto type = dyn_cast<FloatType>(truncf.getType());
          if (!directed || !type)
            return;
          truncf.replaceAllUsesWith(
              truncateDirected(builder, loc, truncf.getIn(), type, *mode));
          truncf.erase();
          return;
        }
        Value bits = fp8.truncate(fp8.toF32(truncf.getIn(), towardZero),
                                  *format, towardZero);
        truncf.replaceAllUsesWith(arith::BitcastOp::create(
            builder, loc, truncf.getType(), bits).getResult());
        truncf.erase();
      } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        auto value = dyn_cast<FloatAttr>(constant.getValue());
        if (!value || !isFp8(value.getType()))
          return;
        Value bits = arith::ConstantOp::create(
            builder, loc, IntegerAttr::get(i8, value.getValue().bitcastToAPInt()));
        constant.replaceAllUsesWith(
            arith::BitcastOp::create(builder, loc, value.getType(), bits).getResult());
        constant.erase();
      } else if (auto abs = dyn_cast<math::AbsFOp>(op)) {
        if (!isFp8(abs.getType()))
          return;
        abs.replaceAllUsesWith(fp8AbsoluteValue(builder, loc, abs.getOperand()));
        abs.erase();
      } else if (movesValuesOnly(op) &&
                 (llvm::any_of(op->getOperandTypes(), isCarriedAsBits) ||
                  llvm::any_of(op->getResultTypes(), isCarriedAsBits))) {
        moveBits(builder, op);
      }
    });
    // After the directed truncations above, which make nearest ones.
    convertBetweenF64AndHalfFloats(func);

    // Fold the bitcast pairs; whatever still computes on fp8 is unsupported.
    RewritePatternSet patterns(context);
    arith::BitcastOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    func.walk([&](Operation *op) {
      if (failedConversion)
        return;
      for (Type type : llvm::concat<Type>(op->getOperandTypes(),
                                          op->getResultTypes()))
        if (isFp8(getElementTypeOrSelf(type))) {
          op->emitError("arithmetic on ")
              << getElementTypeOrSelf(type)
              << " is not supported; convert to a wider float first";
          failedConversion = true;
          return;
        }
    });
    if (failedConversion)
      signalPassFailure();
  }
};
} // namespace
