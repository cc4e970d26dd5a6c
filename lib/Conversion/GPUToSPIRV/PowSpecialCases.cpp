//===- PowSpecialCases.cpp - pow with C's special cases --------------------===//
//
// libdevice's pow (Triton-CUDA) follows C: NaN for a negative base and a
// non-integer exponent, signed results for odd integer exponents, exact
// zeros, ones and infinities. GLSL.std.450's Pow leaves x < 0 and x = 0,
// y <= 0 undefined, and drivers differ on NaN operands (Mesa 22.3's lavapipe
// returns 0 for Pow(NaN, y)). So the special cases are selected explicitly
// around |x|^y, which GL.Pow (f16/f32) or the f64 expansion computes for a
// non-negative base only.
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cmath>

using namespace mlir;

namespace {
// A math.powf whose base the expansion made non-negative: GL.Pow as is.
constexpr llvm::StringLiteral kNonNegativeBase = "triton_spirv.nonnegative_base";
} // namespace

Value mlir::triton_spirv::powWithSpecialCases(
    OpBuilder &b, Location loc, Value x, Value y,
    llvm::function_ref<Value(Value)> magnitudeOfAbs) {
  Type type = x.getType();
  auto c = [&](double v) -> Value {
    return arith::ConstantOp::create(b, loc, type, scalarOrSplatAttr(type, v));
  };
  auto cmp = [&](arith::CmpFPredicate p, Value lhs, Value rhs) -> Value {
    return arith::CmpFOp::create(b, loc, p, lhs, rhs);
  };
  auto sel = [&](Value cond, Value onTrue, Value onFalse) -> Value {
    return arith::SelectOp::create(b, loc, cond, onTrue, onFalse);
  };
  auto both = [&](Value p, Value q) -> Value {
    return arith::AndIOp::create(b, loc, p, q);
  };
  using P = arith::CmpFPredicate;
  Value ax = math::AbsFOp::create(b, loc, x);
  // |x| = 1 gives 1 for every y, infinite ones too (exp2(0 * inf) would not).
  Value one = c(1.0);
  Value magnitude = sel(cmp(P::OEQ, ax, one), one, magnitudeOfAbs(ax));
  Value floorY = math::FloorOp::create(b, loc, y);
  // y - 2 floor(y / 2) = 1: false for infinities and NaN.
  Value halfFloor = math::FloorOp::create(b, loc, arith::MulFOp::create(b, loc, y, c(0.5)));
  Value twiceHalfFloor = arith::MulFOp::create(b, loc, c(2.0), halfFloor);
  Value yIsOdd = cmp(P::OEQ, arith::SubFOp::create(b, loc, y, twiceHalfFloor), one);
  Value negative = cmp(P::OLT, x, c(0.0));
  Value result = sel(both(negative, yIsOdd), arith::NegFOp::create(b, loc, magnitude), magnitude);
  // A finite negative base to a non-integer power has no real value
  // (-inf's powers are those of +inf).
  Value yIsFraction = cmp(P::UNE, floorY, y);
  Value finiteNegativeFraction =
      both(both(negative, cmp(P::ONE, ax, c(INFINITY))), yIsFraction);
  result = sel(finiteNegativeFraction, c(NAN), result);
  // x = +-0: +inf for y < 0, +0 for y > 0; an odd integer y keeps x's sign.
  Value zeroResult = sel(cmp(P::OLT, y, c(0.0)), c(INFINITY), c(0.0));
  zeroResult = sel(yIsOdd, math::CopySignOp::create(b, loc, zeroResult, x), zeroResult);
  result = sel(cmp(P::OEQ, x, c(0.0)), zeroResult, result);
  result = sel(cmp(P::UNO, x, y), c(NAN), result);
  // pow(1, y) and pow(x, 0) are 1 even for NaN operands.
  result = sel(cmp(P::OEQ, x, one), one, result);
  return sel(cmp(P::OEQ, y, c(0.0)), one, result);
}

namespace {
/// math.powf on f16/f32: the special cases around math.powf(|x|, y), marked so
/// that it becomes GL.Pow directly.
struct ExpandPowSpecialCases : public OpRewritePattern<math::PowFOp> {
  ExpandPowSpecialCases(MLIRContext *context, bool float32ThroughFloat64)
      : OpRewritePattern(context), float32ThroughFloat64(float32ThroughFloat64) {}

  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    if (op->hasAttr(kNonNegativeBase) || !(element.isF16() || element.isF32()))
      return failure();
    Location loc = op.getLoc();
    Value y = op.getRhs();
    bool throughFloat64 = float32ThroughFloat64 && element.isF32();
    Value result = triton_spirv::powWithSpecialCases(
        rewriter, loc, op.getLhs(), y, [&](Value ax) -> Value {
          if (throughFloat64)
            return float32PowThroughFloat64(rewriter, loc, ax, y);
          auto pow = math::PowFOp::create(rewriter, loc, ax, y);
          pow->setAttr(kNonNegativeBase, rewriter.getUnitAttr());
          return pow;
        });
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  /// |x|^y for f32 x >= 0 as 2^t, t = y * log2(x), all in f64 (the f64
  /// log and exp expansions), rounded once to f32. GL.Pow rounds t to f32
  /// first, which costs |t| ulps of the result, and lavapipe's f32 Exp2 is
  /// itself ~3 ulps off. t is clamped where the f32 result is 0 or infinite
  /// anyway.
  static Value float32PowThroughFloat64(OpBuilder &b, Location loc, Value ax,
                                        Value y) {
    Type type = ax.getType();
    // The f64 expansions take scalars: vectors go lane by lane.
    if (auto vector = dyn_cast<VectorType>(type)) {
      SmallVector<Value> lanes;
      for (int64_t lane = 0; lane < vector.getNumElements(); ++lane)
        lanes.push_back(float32PowThroughFloat64(
            b, loc, vector::ExtractOp::create(b, loc, ax, ArrayRef<int64_t>{lane}),
            vector::ExtractOp::create(b, loc, y, ArrayRef<int64_t>{lane})));
      return vector::FromElementsOp::create(b, loc, vector, lanes);
    }
    Type wide = b.getF64Type();
    auto constant = [&](double v) -> Value {
      return arith::ConstantOp::create(b, loc, wide, b.getFloatAttr(wide, v));
    };
    Value wideX = arith::ExtFOp::create(b, loc, wide, ax);
    Value wideY = arith::ExtFOp::create(b, loc, wide, y);
    Value log2X = math::Log2Op::create(b, loc, wideX);
    Value t = arith::MulFOp::create(b, loc, wideY, log2X);
    t = arith::MaximumFOp::create(b, loc, t, constant(-400.0));
    t = arith::MinimumFOp::create(b, loc, t, constant(400.0));
    Value power = math::Exp2Op::create(b, loc, t);
    return arith::TruncFOp::create(b, loc, type, power);
  }

  bool float32ThroughFloat64;
};

struct NonNegativePowToGLPow : public OpConversionPattern<math::PowFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(math::PowFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(kNonNegativeBase))
      return failure();
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<spirv::GLPowOp>(op, type, adaptor.getLhs(),
                                                adaptor.getRhs());
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populatePowExpansionPatterns(RewritePatternSet &patterns,
                                                     bool float32ThroughFloat64) {
  patterns.add<ExpandPowSpecialCases>(patterns.getContext(), float32ThroughFloat64);
}

void mlir::triton_spirv::populateNonNegativePowToSPIRVPatterns(
    SPIRVTypeConverter &converter, RewritePatternSet &patterns) {
  // Ahead of upstream's pattern, which adds its own sign handling.
  patterns.add<NonNegativePowToGLPow>(converter, patterns.getContext(),
                                      /*benefit=*/2);
}
