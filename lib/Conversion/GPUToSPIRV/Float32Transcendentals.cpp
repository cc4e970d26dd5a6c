//===- Float32Transcendentals.cpp - f32 sin/cos/log within a few ulp -----===//
//
// Vulkan asks GLSL.std.450's f32 Sin, Cos, Log and Log2 for an absolute
// error only, and NVIDIA's driver gives no more (H100, bench/gpu/
// math_accuracy.py: sin 1.1e-6 absolute near its zeros, 1.4e-4 at |x| near
// 1000, log 9e-6 near 1, i.e. millions of ulp), where Triton-CUDA's tl.sin,
// tl.cos, tl.log and tl.log2 are within 1.5 ulp. On profiles that say so,
// these become arithmetic: sin/cos reduce the argument by pi/2 in f64 and
// evaluate minimax polynomials on [-pi/4, pi/4] in f32; log/log2 split x into
// 2^e * m with m in [sqrt(1/2), sqrt(2)) and evaluate log1p(m - 1) by a
// polynomial. exp2 becomes GL.Exp2 on every profile (math-expand-ops'
// exp(x * ln 2) lost |x| ulps: 90 at x = 120).
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;

namespace {
/// Constants and arithmetic on `type` (a scalar or vector of f32, f64 or
/// i32), for the expansions below.
struct Arithmetic {
  PatternRewriter &b;
  Location loc;

  Value constant(Type type, double value) const {
    return arith::ConstantOp::create(b, loc, type,
                                     triton_spirv::scalarOrSplatAttr(type, value));
  }
  Value add(Value x, Value y) const { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) const { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) const { return arith::MulFOp::create(b, loc, x, y); }
  Value mul(Value x, double c) const { return mul(x, constant(x.getType(), c)); }
  /// c[0] + x * (c[1] + x * (...)), Horner's scheme.
  Value polynomial(Value x, ArrayRef<double> c) const {
    Value result = constant(x.getType(), c.back());
    for (double coefficient : llvm::reverse(c.drop_back()))
      result = add(mul(result, x), constant(x.getType(), coefficient));
    return result;
  }
  Value select(Value condition, Value x, Value y) const {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }
  Value compare(arith::CmpFPredicate predicate, Value x, double c) const {
    return arith::CmpFOp::create(b, loc, predicate, x, constant(x.getType(), c));
  }
  Value testBits(Value i, int64_t mask) const {
    Value bits = arith::AndIOp::create(b, loc, i, constant(i.getType(), mask));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bits,
                                 constant(i.getType(), 0));
  }
};

bool isF32(Operation *op) {
  return getElementTypeOrSelf(op->getResult(0).getType()).isF32();
}

/// sin and cos: k = round(x * 2/pi) and r = x - k * pi/2 in f64 (pi/2 in
/// three parts, fdlibm's: k * the first part is exact for |k| < 2^20), then
/// sin or cos of r by the quadrant k mod 4, on r rounded to f32. Cephes'
/// sinf/cosf minimax coefficients on [-pi/4, pi/4]. Within 2 ulp for |x| up
/// to about 1e6; NaN and infinities give NaN; sin(-0) is -0.
template <typename OpTy>
struct SinCosByQuadrant final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    if (!isF32(op))
      return failure();
    Arithmetic a{rewriter, op.getLoc()};
    Value x = op.getOperand();
    Type type = x.getType();
    Type wide = triton_spirv::withElementType(type, rewriter.getF64Type());
    Type i32 = triton_spirv::withElementType(type, rewriter.getI32Type());
    Value xd = arith::ExtFOp::create(rewriter, a.loc, wide, x);
    Value k = math::RoundEvenOp::create(rewriter, a.loc, a.mul(xd, 2.0 / M_PI));
    Value r = a.sub(a.sub(a.sub(xd, a.mul(k, 1.57079632673412561417e+00)),
                          a.mul(k, 6.07710050630396597660e-11)),
                    a.mul(k, 2.02226624879595063154e-21));
    Value rf = arith::TruncFOp::create(rewriter, a.loc, type, r);
    Value z = a.mul(rf, rf);
    Value sinR = a.add(rf, a.mul(a.mul(rf, z),
                                 a.polynomial(z, {-1.6666654611e-1, 8.3321608736e-3,
                                                  -1.9515295891e-4})));
    // Small terms first: (z^2 P(z) - z/2) + 1.
    Value cosR = a.add(a.sub(a.mul(a.mul(z, z),
                                   a.polynomial(z, {4.166664568298827e-2,
                                                    -1.388731625493765e-3,
                                                    2.443315711809948e-5})),
                             a.mul(z, 0.5)),
                       a.constant(type, 1.0));
    // Quadrant: cos(x) = sin(x + pi/2). Infinities and NaN make k
    // meaningless, and r (so the result) NaN.
    Value quadrant = arith::FPToSIOp::create(
        rewriter, a.loc, i32,
        math::RoundEvenOp::create(rewriter, a.loc,
                                  a.sub(k, a.mul(math::FloorOp::create(
                                                     rewriter, a.loc, a.mul(k, 0.25)),
                                                 4.0))));
    if (std::is_same_v<OpTy, math::CosOp>)
      quadrant = arith::AddIOp::create(rewriter, a.loc, quadrant,
                                       a.constant(i32, 1));
    Value result = a.select(a.testBits(quadrant, 1), cosR, sinR);
    result = a.select(a.testBits(quadrant, 2),
                      arith::NegFOp::create(rewriter, a.loc, result), result);
    if (std::is_same_v<OpTy, math::SinOp>) // Keeps the sign of zero.
      result = a.select(a.compare(arith::CmpFPredicate::OEQ, x, 0.0), x, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// log and log2: subnormal x scaled by 2^23; x = 2^e * m, m in
/// [sqrt(1/2), sqrt(2)); log(m) = log1p(f), f = m - 1, by Cephes' logf
/// polynomial: f - f^2/2 + f^3 P(f); ln 2 in two parts (the first exact
/// times e). log2 multiplies log1p(f) by log2(e) and adds e. Zero gives
/// -inf, negatives NaN, +inf and NaN themselves. Within 2 ulp.
template <typename OpTy>
struct LogBySplitting final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    if (!isF32(op))
      return failure();
    Arithmetic a{rewriter, op.getLoc()};
    Value x = op.getOperand();
    Type type = x.getType();
    Type i32 = triton_spirv::withElementType(type, rewriter.getI32Type());
    Value subnormal = a.compare(arith::CmpFPredicate::OLT, x, 0x1p-126);
    Value scaled = a.select(subnormal, a.mul(x, 0x1p23), x);
    Value bits = arith::BitcastOp::create(rewriter, a.loc, i32, scaled);
    Value exponent = arith::SubIOp::create(
        rewriter, a.loc,
        arith::ShRUIOp::create(rewriter, a.loc, bits, a.constant(i32, 23)),
        a.constant(i32, 127));
    Value mantissa = arith::BitcastOp::create(
        rewriter, a.loc, type,
        arith::OrIOp::create(
            rewriter, a.loc,
            arith::AndIOp::create(rewriter, a.loc, bits, a.constant(i32, 0x7fffff)),
            a.constant(i32, 0x3f800000)));
    Value high = a.compare(arith::CmpFPredicate::OGT, mantissa, M_SQRT2);
    mantissa = a.select(high, a.mul(mantissa, 0.5), mantissa);
    Value e = a.add(arith::SIToFPOp::create(rewriter, a.loc, type, exponent),
                    a.select(high, a.constant(type, 1.0), a.constant(type, 0.0)));
    e = a.sub(e, a.select(subnormal, a.constant(type, 23.0), a.constant(type, 0.0)));
    Value f = a.sub(mantissa, a.constant(type, 1.0));
    Value f2 = a.mul(f, f);
    Value tail = a.mul(a.mul(f, f2),
                       a.polynomial(f, {3.3333331174e-1, -2.4999993993e-1,
                                        2.0000714765e-1, -1.6668057665e-1,
                                        1.4249322787e-1, -1.2420140846e-1,
                                        1.1676998740e-1, -1.1514610310e-1,
                                        7.0376836292e-2}));
    tail = a.sub(tail, a.mul(f2, 0.5));
    Value result;
    if (std::is_same_v<OpTy, math::LogOp>) {
      // e * 0.693359375 is exact; -2.12194440e-4 is ln 2's remainder.
      result = a.add(a.add(f, a.add(tail, a.mul(e, -2.12194440e-4))),
                     a.mul(e, 0.693359375));
    } else {
      result = a.add(e, a.mul(a.add(f, tail), 1.44269504088896341));
    }
    // x <= 0, +inf and NaN: the values GLSL's Log gives them as IEEE says.
    Value zero = a.compare(arith::CmpFPredicate::OEQ, x, 0.0);
    result = a.select(zero, a.constant(type, -INFINITY), result);
    Value negative = a.compare(arith::CmpFPredicate::OLT, x, 0.0);
    result = a.select(negative, a.constant(type, NAN), result);
    Value passThrough = a.compare(arith::CmpFPredicate::UEQ, x, INFINITY);
    result = a.select(passThrough, x, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// f16/f32 exp2 is GLSL's Exp2 (the f64 one is expanded elsewhere).
struct Exp2ToSPIRV final : OpConversionPattern<math::Exp2Op> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(math::Exp2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    if (!element.isF32() && !element.isF16())
      return failure();
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<spirv::GLExp2Op>(op, type, adaptor.getOperand());
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateAccurateFloat32TranscendentalPatterns(
    RewritePatternSet &patterns) {
  patterns.add<SinCosByQuadrant<math::SinOp>, SinCosByQuadrant<math::CosOp>,
               LogBySplitting<math::LogOp>, LogBySplitting<math::Log2Op>>(
      patterns.getContext(), /*benefit=*/2);
}

void mlir::triton_spirv::populateExp2ToSPIRVPatterns(
    SPIRVTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<Exp2ToSPIRV>(converter, patterns.getContext());
}
