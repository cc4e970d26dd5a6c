//===- Float64Math.cpp - f64 exp/log family and erf without GLSL.std.450 ---===//
//
// GLSL.std.450's transcendentals are 16/32-bit. For f64 the exp/log family
// is expanded into arithmetic SPIR-V has for doubles:
//  - exp: x = k ln2 + r (Cody-Waite, |r| <= ln2/2), a degree-13 Taylor
//    polynomial for e^r, times 2^k built from exponent bits in two halves
//    (so that subnormal and near-overflow results stay exact);
//  - log: x = 2^e m with m in [sqrt(1/2), sqrt(2)), log m = 2 atanh(s),
//    s = (m-1)/(m+1), an odd series to s^23;
//  - log1p/expm1 without cancellation near 0, exp2/log2/log10 by scaling,
//    erfc, asinh/acosh/atanh and cbrt from them (below),
//    pow as exp(y log |x|) inside C's special cases (PowSpecialCases.cpp).
// Accuracy: a few ulp for exp/log; pow's error grows with |y log x|.
// f32's inverse trig, hyperbolic, log1p/expm1, erfc and cbrt use them too,
// rounded once, where the device has f64 (GLSL.std.450's lose relative
// accuracy near 0); cbrt has an f32 expansion for devices without.
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kLn2 = 0.693147180559945309417232121458;

class F64 {
public:
  F64(OpBuilder &b, Location loc) : b(b), loc(loc) {}
  Value c(double v) {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(v));
  }
  Value i(int64_t v) { return arith::ConstantIntOp::create(b, loc, v, 64); }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value fma(Value x, Value y, Value z) { return math::FmaOp::create(b, loc, x, y, z); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value sel(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Value bits(Value x) { return arith::BitcastOp::create(b, loc, b.getI64Type(), x); }
  Value fromBits(Value x) { return arith::BitcastOp::create(b, loc, b.getF64Type(), x); }

  /// 2^k for an integer-valued f64 k in [-1022, 1023].
  Value pow2(Value k) {
    Value biased = arith::AddIOp::create(
        b, loc, arith::FPToSIOp::create(b, loc, b.getI64Type(), k), i(1023));
    return fromBits(arith::ShLIOp::create(b, loc, biased, i(52)));
  }

  Value exp(Value x) {
    Value k = math::RoundEvenOp::create(b, loc, mul(x, c(1.0 / kLn2)));
    Value r = fma(k, c(-kLn2Lo), fma(k, c(-kLn2Hi), x));
    // Taylor polynomial of e^r to degree 13 (Horner).
    Value p = c(1.0 / 6227020800.0);
    const double coefficients[] = {1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0,
                                   1.0 / 362880.0,    1.0 / 40320.0,    1.0 / 5040.0,
                                   1.0 / 720.0,       1.0 / 120.0,      1.0 / 24.0,
                                   1.0 / 6.0,         0.5,              1.0,
                                   1.0};
    for (double coefficient : coefficients)
      p = fma(p, r, c(coefficient));
    // 2^k in two halves keeps subnormal and near-overflow results.
    Value clamped = arith::MinimumFOp::create(
        b, loc, arith::MaximumFOp::create(b, loc, k, c(-2100.0)), c(2100.0));
    Value half = math::FloorOp::create(b, loc, mul(clamped, c(0.5)));
    Value result = mul(mul(p, pow2(half)), pow2(sub(clamped, half)));
    result = sel(cmp(arith::CmpFPredicate::OGT, x, c(709.782712893384)),
                 c(INFINITY), result);
    result = sel(cmp(arith::CmpFPredicate::OLT, x, c(-745.1332191019412)), c(0.0),
                 result);
    return sel(cmp(arith::CmpFPredicate::UNO, x, x), x, result);
  }

  Value log(Value x) {
    // Subnormals: scale into the normal range first.
    Value tiny = cmp(arith::CmpFPredicate::OLT, x, c(2.2250738585072014e-308));
    Value scaled = sel(tiny, mul(x, c(18014398509481984.0)), x); // 2^54
    Value exponentBias = sel(tiny, c(-54.0), c(0.0));
    Value word = bits(scaled);
    Value exponent = arith::SubIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, word, i(52)), i(1023));
    Value mantissa = fromBits(arith::OrIOp::create(
        b, loc, arith::AndIOp::create(b, loc, word, i(0x000fffffffffffffLL)),
        i(0x3ff0000000000000LL)));
    Value e = add(arith::SIToFPOp::create(b, loc, b.getF64Type(), exponent), exponentBias);
    Value big = cmp(arith::CmpFPredicate::OGT, mantissa, c(1.4142135623730951));
    mantissa = sel(big, mul(mantissa, c(0.5)), mantissa);
    e = sel(big, add(e, c(1.0)), e);
    Value f = sub(mantissa, c(1.0));
    Value s = div(f, add(f, c(2.0)));
    Value s2 = mul(s, s);
    Value series = c(1.0 / 23.0);
    for (int n = 21; n >= 1; n -= 2)
      series = fma(series, s2, c(1.0 / n));
    Value logM = mul(mul(c(2.0), s), series);
    Value result = fma(e, c(kLn2Hi), fma(e, c(kLn2Lo), logM));
    // log(0) = -inf, log(x < 0) = NaN, log(inf) = inf, NaN stays.
    result = sel(cmp(arith::CmpFPredicate::OEQ, x, c(0.0)), c(-INFINITY), result);
    result = sel(cmp(arith::CmpFPredicate::OLT, x, c(0.0)), c(NAN), result);
    result = sel(cmp(arith::CmpFPredicate::OEQ, x, c(INFINITY)), x, result);
    return sel(cmp(arith::CmpFPredicate::UNO, x, x), x, result);
  }

  // log1p(x) = log(u) + (x - (u - 1)) / u with u = 1 + x rounded: the
  // second term is what the rounding lost (u - 1 is exact for u >= 1/2, and
  // below it u is exact), so tiny x keep their relative accuracy. A plain
  // log(1 + x) was 65 ulp off at x = 0.015. (All f64 arithmetic is
  // NoContraction: drivers may not fold u - 1 into x.)
  Value log1p(Value x) {
    Value u = add(c(1.0), x);
    Value logU = log(u);
    Value lost = div(sub(x, sub(u, c(1.0))), u);
    Value result = add(logU, lost);
    // u = 0 or inf: log(u) (-inf, inf); -0 stays -0; NaN stays.
    Value special = arith::OrIOp::create(
        b, loc, cmp(arith::CmpFPredicate::OEQ, u, c(0.0)),
        cmp(arith::CmpFPredicate::OEQ, u, c(INFINITY)));
    result = sel(special, logU, result);
    return sel(cmp(arith::CmpFPredicate::OEQ, x, c(0.0)), x, result);
  }

  // expm1(x) = 2^k (e^r - 1) + (2^k - 1) with x = k ln2 + r: e^r - 1 is a
  // polynomial without its constant term (exact r for k = 0, |x| < 0.35),
  // and 2^k - 1 is exact, so nothing cancels (exp(x) - 1 was 65 ulp off at
  // x = 0.012). For |x| <= 40 (2^k stays normal).
  Value expm1Near(Value x) {
    Value k = math::RoundEvenOp::create(b, loc, mul(x, c(1.0 / kLn2)));
    Value r = fma(k, c(-kLn2Lo), fma(k, c(-kLn2Hi), x));
    // (e^r - 1) / r = sum r^n / (n + 1)! for n <= 12 (Horner).
    double factorial = 6227020800.0; // 13!
    Value q = c(1.0 / factorial);
    for (int n = 11; n >= 0; --n) {
      factorial /= (n + 2);
      q = fma(q, r, c(1.0 / factorial));
    }
    Value scale = pow2(k);
    return fma(scale, mul(r, q), sub(scale, c(1.0)));
  }
  /// Beyond |x| = 40, exp(x) - 1 is exact enough (or -1).
  Value expm1(Value x) {
    Value inRange = cmp(arith::CmpFPredicate::OLE, math::AbsFOp::create(b, loc, x),
                        c(40.0));
    Value result = sel(inRange, expm1Near(x), sub(exp(x), c(1.0)));
    return sel(cmp(arith::CmpFPredicate::OEQ, x, c(0.0)), x, result); // -0
  }

  Value pow(Value x, Value y) {
    return triton_spirv::powWithSpecialCases(
        b, loc, x, y, [&](Value ax) { return exp(mul(y, log(ax))); });
  }

  // erf: for |x| <= 2.5 the series 2/sqrt(pi) e^(-x^2) sum (2x^2)^n x /
  // (1*3*...*(2n+1)) (positive terms, 40 of them); beyond, 1 - erfc with
  // erfc(x) = e^(-x^2) / (sqrt(pi) (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))))
  // (60 levels); 1 from |x| >= 6, where erfc < 2e-17. Odd; NaN stays.
  /// erfc(ax) for ax > 2.5 by the continued fraction (no cancellation).
  Value erfcTail(Value ax, Value gaussian) {
    constexpr double kOneOverSqrtPi = 0.56418958354775628695;
    Value fraction = ax;
    for (int k = 60; k >= 1; --k)
      fraction = add(ax, div(c(k * 0.5), fraction));
    return div(mul(c(kOneOverSqrtPi), gaussian), fraction);
  }
  Value erf(Value x) {
    constexpr double kTwoOverSqrtPi = 1.12837916709551257390;
    Value ax = math::AbsFOp::create(b, loc, x);
    Value gaussian = exp(arith::NegFOp::create(b, loc, mul(ax, ax)));
    Value y = mul(c(2.0), mul(ax, ax));
    Value sum = c(1.0);
    for (int k = 40; k >= 1; --k)
      sum = fma(mul(sum, y), c(1.0 / (2 * k + 1)), c(1.0));
    Value series = mul(mul(c(kTwoOverSqrtPi), gaussian), mul(ax, sum));
    Value tail = sub(c(1.0), erfcTail(ax, gaussian));
    Value result = sel(cmp(arith::CmpFPredicate::OLE, ax, c(2.5)), series, tail);
    result = sel(cmp(arith::CmpFPredicate::OGE, ax, c(6.0)), c(1.0), result);
    result = math::CopySignOp::create(b, loc, result, x);
    return sel(cmp(arith::CmpFPredicate::UNO, x, x), x, result);
  }

  // erfc: the continued fraction above 2.5 (relative accuracy where
  // 1 - erf would cancel), 1 - erf below (erfc >= 4e-4 there: absolute
  // error 5e-16, relative up to ~1e-12 near 2.5).
  Value erfc(Value x) {
    Value ax = math::AbsFOp::create(b, loc, x);
    Value gaussian = exp(arith::NegFOp::create(b, loc, mul(ax, ax)));
    Value tail = erfcTail(ax, gaussian);
    return sel(cmp(arith::CmpFPredicate::OGT, x, c(2.5)), tail, sub(c(1.0), erf(x)));
  }

  // Inverse hyperbolics through log1p, whose argument keeps the small-x
  // terms exact: asinh |x| = log1p(|x| + x^2 / (1 + sqrt(1 + x^2))),
  // acosh x = log1p(t + sqrt(2t + t^2)) with t = x - 1, atanh |x| =
  // log1p(2|x| / (1 - |x|)) / 2; log(|x|) + ln 2 beyond 2^28 (x^2 would
  // overflow long before the result does).
  Value asinh(Value x) {
    Value ax = math::AbsFOp::create(b, loc, x);
    Value x2 = mul(ax, ax);
    Value near = log1p(add(ax, div(x2, add(c(1.0), math::SqrtOp::create(
                                                     b, loc, add(c(1.0), x2))))));
    Value far = add(log(ax), c(kLn2));
    Value result = sel(cmp(arith::CmpFPredicate::OGT, ax, c(268435456.0)), far, near);
    return math::CopySignOp::create(b, loc, result, x);
  }
  Value acosh(Value x) {
    Value t = sub(x, c(1.0));
    Value near = log1p(add(t, math::SqrtOp::create(b, loc, fma(t, t, mul(c(2.0), t)))));
    Value far = add(log(x), c(kLn2));
    Value result = sel(cmp(arith::CmpFPredicate::OGT, x, c(268435456.0)), far, near);
    return sel(cmp(arith::CmpFPredicate::ULT, x, c(1.0)), c(NAN), result);
  }
  Value atanh(Value x) {
    Value ax = math::AbsFOp::create(b, loc, x);
    Value result = mul(c(0.5), log1p(div(mul(c(2.0), ax), sub(c(1.0), ax))));
    result = sel(cmp(arith::CmpFPredicate::OEQ, ax, c(1.0)), c(INFINITY), result);
    result = sel(cmp(arith::CmpFPredicate::OGT, ax, c(1.0)), c(NAN), result);
    return math::CopySignOp::create(b, loc, result, x);
  }
  // cbrt: e^(log|x| / 3), then two Newton steps y -= (y^3 - |x|) / (3 y^2)
  // (the first estimate is good to ~1e-14); zeros, infinities and NaN stay.
  Value cbrt(Value x) {
    Value ax = math::AbsFOp::create(b, loc, x);
    Value y = exp(mul(log(ax), c(1.0 / 3.0)));
    for (int step = 0; step < 2; ++step)
      y = sub(y, div(sub(mul(mul(y, y), y), ax), mul(c(3.0), mul(y, y))));
    Value result = math::CopySignOp::create(b, loc, y, x);
    Value special = arith::OrIOp::create(
        b, loc, cmp(arith::CmpFPredicate::OEQ, ax, c(0.0)),
        cmp(arith::CmpFPredicate::UEQ, ax, c(INFINITY)));
    return sel(special, x, result);
  }

  // Hyperbolic functions: tanh x = -expm1(-2|x|) / (2 + expm1(-2|x|)) with
  // x's sign; sinh x = (expm1(|x|) - expm1(-|x|)) / 2 below 20 (no
  // cancellation near 0), e^|x| / 2 above; cosh x = e^|x| / 2 + e^-|x| / 2.
  // e^|x| / 2 is (e^(|x|/2) / 2) e^(|x|/2): exact halving, no overflow
  // before the result's own.
  Value tanh(Value x) {
    Value ax = math::AbsFOp::create(b, loc, x);
    // Below -40, expm1 is -1 in f64.
    Value e = expm1Near(arith::MaximumFOp::create(b, loc, mul(c(-2.0), ax), c(-40.0)));
    Value result = div(arith::NegFOp::create(b, loc, e), add(c(2.0), e));
    result = math::CopySignOp::create(b, loc, result, x);
    return sel(cmp(arith::CmpFPredicate::UNO, x, x), x, result);
  }
  Value halfExp(Value ax) {
    Value root = exp(mul(ax, c(0.5)));
    return mul(mul(root, c(0.5)), root);
  }
  Value sinh(Value x) {
    Value ax = math::AbsFOp::create(b, loc, x);
    Value bounded = arith::MinimumFOp::create(b, loc, ax, c(20.0));
    Value small = mul(sub(expm1Near(bounded),
                          expm1Near(arith::NegFOp::create(b, loc, bounded))),
                      c(0.5));
    Value large = cmp(arith::CmpFPredicate::OGT, ax, c(20.0));
    Value result = math::CopySignOp::create(b, loc, sel(large, halfExp(ax), small), x);
    return sel(cmp(arith::CmpFPredicate::UNO, x, x), x, result);
  }
  Value cosh(Value x) {
    Value half = halfExp(math::AbsFOp::create(b, loc, x));
    Value result = add(half, div(c(0.25), half));
    return sel(cmp(arith::CmpFPredicate::UNO, x, x), x, result);
  }

  // sin/cos/tan: x = k pi/2 + r with pi/2 in three parts of at most 33
  // significant bits (each k * part exact for |k| < 2^20, so |x| up to about
  // 1.6e6 reduces accurately), Taylor polynomials on |r| <= pi/4, and the
  // quadrant k mod 4 choosing between +-sin r and +-cos r.
  struct Reduced {
    Value r, quadrant; // quadrant: k mod 4 in [0, 4), as i64
  };
  Reduced reduceByHalfPi(Value x) {
    Value k = math::RoundEvenOp::create(b, loc, mul(x, c(0.6366197723675814)));
    Value r = fma(k, c(-1.5707963267341256), x);
    r = fma(k, c(-6.077100506303966e-11), r);
    r = fma(k, c(-2.0222662487959506e-21), r);
    Value q = arith::FPToSIOp::create(b, loc, b.getI64Type(), k);
    return {r, arith::AndIOp::create(b, loc, q, i(3))};
  }
  Value sinPolynomial(Value r) { // r - r^3/3! + ... - r^19/19!
    Value r2 = mul(r, r);
    double factorial = 121645100408832000.0; // 19!
    Value p = c(-1.0 / factorial);
    for (int n = 17; n >= 3; n -= 2) {
      factorial /= (n + 1) * (n + 2);
      p = fma(p, r2, c(((n / 2) % 2 ? -1.0 : 1.0) / factorial));
    }
    return fma(mul(p, r2), r, r);
  }
  Value cosPolynomial(Value r) { // 1 - r^2/2! + ... + r^20/20!
    Value r2 = mul(r, r);
    double factorial = 2432902008176640000.0; // 20!
    Value p = c(1.0 / factorial);
    for (int n = 18; n >= 2; n -= 2) {
      factorial /= (n + 1) * (n + 2);
      p = fma(p, r2, c(((n / 2) % 2 ? -1.0 : 1.0) / factorial));
    }
    return fma(p, r2, c(1.0));
  }
  /// sin (cosine = false) or cos of x, from the quadrant's +-sin r / +-cos r.
  Value sinOrCos(Value x, bool cosine) {
    Reduced red = reduceByHalfPi(x);
    Value s = sinPolynomial(red.r), co = cosPolynomial(red.r);
    Value q = red.quadrant;
    if (cosine) // cos(x) = sin(x + pi/2): one quadrant further
      q = arith::AndIOp::create(b, loc, arith::AddIOp::create(b, loc, q, i(1)), i(3));
    auto is = [&](int64_t v) {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, q, i(v));
    };
    Value result = sel(is(0), s,
                       sel(is(1), co,
                           sel(is(2), arith::NegFOp::create(b, loc, s),
                               arith::NegFOp::create(b, loc, co))));
    // inf and NaN give NaN (k is meaningless there).
    if (!cosine) // sin(-0) = -0
      result = sel(cmp(arith::CmpFPredicate::OEQ, x, c(0.0)), x, result);
    Value finite = cmp(arith::CmpFPredicate::OLT, math::AbsFOp::create(b, loc, x),
                       c(INFINITY));
    return sel(finite, result, c(NAN));
  }
  Value tan(Value x) {
    Reduced red = reduceByHalfPi(x);
    Value s = sinPolynomial(red.r), co = cosPolynomial(red.r);
    // Odd quadrants: tan = -cos r / sin r; even: sin r / cos r.
    Value odd = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::AndIOp::create(b, loc, red.quadrant, i(1)), i(1));
    Value result = sel(odd, div(arith::NegFOp::create(b, loc, co), s), div(s, co));
    result = sel(cmp(arith::CmpFPredicate::OEQ, x, c(0.0)), x, result); // tan(-0) = -0
    Value finite = cmp(arith::CmpFPredicate::OLT, math::AbsFOp::create(b, loc, x),
                       c(INFINITY));
    return sel(finite, result, c(NAN));
  }

  // atan: |x| > 1 through pi/2 - atan(1/|x|), two halvings t / (1 +
  // sqrt(1 + t^2)) down to |t| <= tan(pi/16), the odd series to t^25, times 4;
  // asin and acos from atan of sqrt forms ((1-x)(1+x) keeps precision near 1).
  Value atan(Value x) {
    Value ax = math::AbsFOp::create(b, loc, x);
    Value big = cmp(arith::CmpFPredicate::OGT, ax, c(1.0));
    Value t = sel(big, div(c(1.0), ax), ax);
    for (int halving = 0; halving < 2; ++halving)
      t = div(t, add(c(1.0), math::SqrtOp::create(b, loc, fma(t, t, c(1.0)))));
    Value t2 = mul(t, t);
    Value series = c(1.0 / 25.0);
    for (int n = 23; n >= 3; n -= 2)
      series = fma(series, t2, c(((n / 2) % 2 ? -1.0 : 1.0) / n));
    Value a = mul(c(4.0), fma(mul(series, t2), t, t));
    Value result = sel(big, sub(c(M_PI / 2), a), a);
    return math::CopySignOp::create(b, loc, result, x);
  }
  Value asin(Value x) {
    Value cosine = math::SqrtOp::create(
        b, loc, mul(sub(c(1.0), x), add(c(1.0), x)));
    return atan(div(x, cosine));
  }
  Value acos(Value x) {
    Value ratio = div(sub(c(1.0), x), add(c(1.0), x));
    return mul(c(2.0), atan(math::SqrtOp::create(b, loc, ratio)));
  }

private:
  OpBuilder &b;
  Location loc;
};

template <typename OpTy>
struct ExpandF64 : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    if (!op.getType().isF64())
      return failure();
    F64 f(rewriter, op.getLoc());
    Value x = op->getOperand(0), result;
    if constexpr (std::is_same_v<OpTy, math::ExpOp>)
      result = f.exp(x);
    else if constexpr (std::is_same_v<OpTy, math::Exp2Op>)
      result = f.exp(f.mul(x, f.c(kLn2)));
    else if constexpr (std::is_same_v<OpTy, math::ExpM1Op>)
      result = f.expm1(x);
    else if constexpr (std::is_same_v<OpTy, math::LogOp>)
      result = f.log(x);
    else if constexpr (std::is_same_v<OpTy, math::Log2Op>)
      result = f.mul(f.log(x), f.c(1.0 / kLn2));
    else if constexpr (std::is_same_v<OpTy, math::Log10Op>)
      result = f.mul(f.log(x), f.c(0.43429448190325182765));
    else if constexpr (std::is_same_v<OpTy, math::Log1pOp>)
      result = f.log1p(x);
    else if constexpr (std::is_same_v<OpTy, math::PowFOp>)
      result = f.pow(x, op->getOperand(1));
    else if constexpr (std::is_same_v<OpTy, math::ErfOp>)
      result = f.erf(x);
    else if constexpr (std::is_same_v<OpTy, math::TanhOp>)
      result = f.tanh(x);
    else if constexpr (std::is_same_v<OpTy, math::SinhOp>)
      result = f.sinh(x);
    else if constexpr (std::is_same_v<OpTy, math::CoshOp>)
      result = f.cosh(x);
    else if constexpr (std::is_same_v<OpTy, math::SinOp>)
      result = f.sinOrCos(x, /*cosine=*/false);
    else if constexpr (std::is_same_v<OpTy, math::CosOp>)
      result = f.sinOrCos(x, /*cosine=*/true);
    else if constexpr (std::is_same_v<OpTy, math::TanOp>)
      result = f.tan(x);
    else if constexpr (std::is_same_v<OpTy, math::AtanOp>)
      result = f.atan(x);
    else if constexpr (std::is_same_v<OpTy, math::AsinOp>)
      result = f.asin(x);
    else if constexpr (std::is_same_v<OpTy, math::AcosOp>)
      result = f.acos(x);
    else if constexpr (std::is_same_v<OpTy, math::ErfcOp>)
      result = f.erfc(x);
    else if constexpr (std::is_same_v<OpTy, math::AsinhOp>)
      result = f.asinh(x);
    else if constexpr (std::is_same_v<OpTy, math::AcoshOp>)
      result = f.acosh(x);
    else if constexpr (std::is_same_v<OpTy, math::AtanhOp>)
      result = f.atanh(x);
    else if constexpr (std::is_same_v<OpTy, math::CbrtOp>)
      result = f.cbrt(x);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// `op`'s scalar function on each lane of `x` (a scalar or a vector).
Value perLane(OpBuilder &b, Location loc, Value x,
              llvm::function_ref<Value(Value)> scalarFn) {
  auto vector = dyn_cast<VectorType>(x.getType());
  if (!vector)
    return scalarFn(x);
  SmallVector<Value> lanes;
  for (int64_t lane = 0; lane < vector.getNumElements(); ++lane)
    lanes.push_back(scalarFn(
        vector::ExtractOp::create(b, loc, x, ArrayRef<int64_t>{lane})));
  return vector::FromElementsOp::create(b, loc, vector, lanes);
}

/// libdevice's f32 functions for which Vulkan asks only an absolute error
/// (lavapipe: tanh, expm1, asinh hundreds of ulp or worse near 0, asin/acos
/// thousands, cosh 5, erfc's polynomial 61), computed by the f64 expansions
/// above and rounded once: within 1 ulp, as CUDA's libdevice. cbrt has no
/// GLSL.std.450 instruction at all. The f64 ops go lane by lane.
template <typename OpTy>
struct Float32ThroughFloat64 : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isF32())
      return failure();
    Location loc = op.getLoc();
    Type f64 = rewriter.getF64Type(), f32 = rewriter.getF32Type();
    rewriter.replaceOp(op, perLane(rewriter, loc, op->getOperand(0), [&](Value x) {
      Value wide = OpTy::create(rewriter, loc,
                                arith::ExtFOp::create(rewriter, loc, f64, x));
      return arith::TruncFOp::create(rewriter, loc, f32, wide).getResult();
    }));
    return success();
  }
};

/// cbrt on f16/f32 without f64: e^(log|x| / 3) (GL.Exp/Log, ~1e-6
/// relative) and one Newton step y -= (y - |x| / y^2) / 3 in f32 (no y^3,
/// which would overflow near the largest finite values), x's sign;
/// zeros, infinities and NaN stay. f16 computes in f32.
struct ExpandCbrtInFloat32 : public OpRewritePattern<math::CbrtOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::CbrtOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType(), element = getElementTypeOrSelf(type);
    if (!element.isF32() && !element.isF16())
      return failure();
    Location loc = op.getLoc();
    Type wideType = triton_spirv::withElementType(type, rewriter.getF32Type());
    auto c = [&](double v) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc, wideType, triton_spirv::scalarOrSplatAttr(wideType, v));
    };
    Value x = op.getOperand();
    if (element.isF16())
      x = arith::ExtFOp::create(rewriter, loc, wideType, x);
    Value ax = math::AbsFOp::create(rewriter, loc, x);
    Value y = math::ExpOp::create(
        rewriter, loc,
        arith::MulFOp::create(rewriter, loc, math::LogOp::create(rewriter, loc, ax),
                              c(1.0 / 3.0)));
    Value quotient = arith::DivFOp::create(
        rewriter, loc, ax, arith::MulFOp::create(rewriter, loc, y, y));
    Value step = arith::MulFOp::create(
        rewriter, loc, arith::SubFOp::create(rewriter, loc, y, quotient), c(1.0 / 3.0));
    y = arith::SubFOp::create(rewriter, loc, y, step);
    Value result = math::CopySignOp::create(rewriter, loc, y, x);
    Value special = arith::OrIOp::create(
        rewriter, loc,
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OEQ, ax, c(0.0)),
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::UEQ, ax,
                              c(INFINITY)));
    result = arith::SelectOp::create(rewriter, loc, special, x, result);
    if (element.isF16())
      result = arith::TruncFOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateFloat64MathExpansionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ExpandF64<math::ExpOp>, ExpandF64<math::Exp2Op>,
               ExpandF64<math::ExpM1Op>, ExpandF64<math::LogOp>,
               ExpandF64<math::Log2Op>, ExpandF64<math::Log10Op>,
               ExpandF64<math::Log1pOp>, ExpandF64<math::PowFOp>,
               ExpandF64<math::ErfOp>, ExpandF64<math::TanhOp>,
               ExpandF64<math::SinhOp>, ExpandF64<math::CoshOp>,
               ExpandF64<math::SinOp>, ExpandF64<math::CosOp>,
               ExpandF64<math::TanOp>, ExpandF64<math::AtanOp>,
               ExpandF64<math::AsinOp>, ExpandF64<math::AcosOp>,
               ExpandF64<math::ErfcOp>, ExpandF64<math::AsinhOp>,
               ExpandF64<math::AcoshOp>, ExpandF64<math::AtanhOp>,
               ExpandF64<math::CbrtOp>>(
      // Before upstream's f32-precision polynomial approximations (erfc).
      patterns.getContext(), /*benefit=*/2);
}

void mlir::triton_spirv::populateFloat32MathExpansionPatterns(
    RewritePatternSet &patterns, bool throughFloat64) {
  MLIRContext *context = patterns.getContext();
  // Benefit 2: before upstream's f32 erfc polynomial (61 ulp at x = 6.7).
  if (throughFloat64)
    patterns.add<Float32ThroughFloat64<math::AtanOp>,
                 Float32ThroughFloat64<math::AsinOp>,
                 Float32ThroughFloat64<math::AcosOp>,
                 Float32ThroughFloat64<math::TanhOp>,
                 Float32ThroughFloat64<math::SinhOp>,
                 Float32ThroughFloat64<math::CoshOp>,
                 Float32ThroughFloat64<math::AsinhOp>,
                 Float32ThroughFloat64<math::AcoshOp>,
                 Float32ThroughFloat64<math::AtanhOp>,
                 Float32ThroughFloat64<math::Log1pOp>,
                 Float32ThroughFloat64<math::ExpM1Op>,
                 Float32ThroughFloat64<math::ErfcOp>,
                 Float32ThroughFloat64<math::CbrtOp>>(context, /*benefit=*/2);
  patterns.add<ExpandCbrtInFloat32>(context);
}
