//===- ExactFloatOps.cpp - fused fma and _rn ops on every device ----------===//
//
// Triton promises one rounding for tl.fma (llvm.fma) and correct rounding for
// tl.math.sqrt_rn / div_rn and libdevice's _rn functions. Vulkan leaves both
// to the device: llvmpipe lowers every Fma to a multiply and an add, and
// NVIDIA's f32 Sqrt and FDiv are approximations. Where the profile says so,
// this pass expands the ops (scalars, as in linalg bodies; run before any
// pass creates math.fma of its own):
//
//  - f32 fma: the product is exact in f64; the f64 sum is made round-to-odd
//    (TwoSum gives its error; an inexact even result moves one ulp toward
//    it), which rounds to f32 correctly (53 >= 24 + 2 bits).
//  - f16/bf16 fma: the same, the round-to-odd sum rounded once to the
//    type (53 >= 11 + 2 bits). bf16 on every device with f64 (bf16-fma):
//    no device has a bf16 fma here, and f32's rounded to bf16 rounds twice.
//  - f64 fma: Boldo and Melquiond's emulation: a*b = uh + ul exactly
//    (Dekker, Veltkamp splitting), c + ul and uh + th by TwoSum, the two
//    low parts summed round-to-odd, one final rounded sum. Operands whose
//    splitting could overflow or whose low parts could underflow, and zero
//    or non-finite results, keep a*b + c.
//  - f64 sums marked round-to-odd (libdevice's directed-rounding f32 sums,
//    narrowed in their direction afterwards): always, whatever the device.
//  - f32 sqrt and division marked correctly rounded: computed in f64 and
//    rounded once (f64 results are correctly rounded where measured; a
//    double rounding of sqrt and division is innocuous at 53 >= 2*24 + 2).
//
// All of it is f64 arithmetic, which spirv-keep-arithmetic-exact decorates
// NoContraction: drivers (Mesa's NIR) must not fuse or reassociate the
// error-free sums.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_EXACTFLOATOPS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using mlir::triton_spirv::kCorrectlyRoundedAttr;
using mlir::triton_spirv::kRoundToOddAttr;

namespace {

/// Scalar f64 arithmetic (each operation rounded on its own: see above).
class ExactArith {
public:
  ExactArith(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value f64(double value) {
    return arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value));
  }
  Value i64(int64_t value) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value));
  }

  /// s = x + y rounded, and its error: x + y = s + e exactly (Knuth).
  std::pair<Value, Value> twoSum(Value x, Value y) {
    Value s = add(x, y);
    Value yPart = sub(s, x);
    Value xPart = sub(s, yPart);
    Value xError = sub(x, xPart);
    Value yError = sub(y, yPart);
    return {s, add(xError, yError)};
  }

  /// x + y rounded to odd: the rounded sum, or, when it is inexact and its
  /// last significand bit is even, its neighbour toward the exact sum.
  Value addRoundToOdd(Value x, Value y) {
    auto [s, e] = twoSum(x, y);
    Type i64Type = b.getI64Type();
    Value bits = arith::BitcastOp::create(b, loc, i64Type, s);
    Value zero = f64(0.0);
    Value inexact =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE, e, zero);
    Value lowBit = arith::AndIOp::create(b, loc, bits, i64(1));
    Value even =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lowBit, i64(0));
    // Away from zero when the error has the sum's sign (s is not zero here:
    // an inexact sum is at least one ulp of the smaller operand).
    Value errorPositive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, e, zero);
    Value sumPositive =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, s, zero);
    Value away = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       errorPositive, sumPositive);
    Value up = i64(1), down = i64(-1);
    Value step = arith::SelectOp::create(b, loc, away, up, down);
    Value moved = arith::AddIOp::create(b, loc, bits, step);
    Value adjust = arith::AndIOp::create(b, loc, inexact, even);
    Value result = arith::SelectOp::create(b, loc, adjust, moved, bits);
    return arith::BitcastOp::create(b, loc, b.getF64Type(), result);
  }

  /// x * y = p + e exactly (Dekker; |x|, |y| < 2^995 and no underflow).
  std::pair<Value, Value> twoProduct(Value x, Value y) {
    auto split = [&](Value v) {
      Value scaled = mul(f64(134217729.0), v); // 2^27 + 1
      Value rest = sub(scaled, v);
      Value high = sub(scaled, rest);
      return std::pair<Value, Value>{high, sub(v, high)};
    };
    auto [xh, xl] = split(x);
    auto [yh, yl] = split(y);
    Value p = mul(x, y);
    // Each step exact: ((xh*yh - p) + xh*yl + xl*yh) + xl*yl.
    Value e = sub(mul(xh, yh), p);
    e = add(e, mul(xh, yl));
    e = add(e, mul(xl, yh));
    e = add(e, mul(xl, yl));
    return {p, e};
  }

private:
  OpBuilder &b;
  Location loc;
};

Value fma32(OpBuilder &b, Location loc, Value x, Value y, Value z) {
  ExactArith exact(b, loc);
  Type f64 = b.getF64Type();
  Value xd = arith::ExtFOp::create(b, loc, f64, x);
  Value yd = arith::ExtFOp::create(b, loc, f64, y);
  Value zd = arith::ExtFOp::create(b, loc, f64, z);
  // 24 x 24 bits: exact in f64.
  Value product = exact.mul(xd, yd);
  Value sum = exact.addRoundToOdd(product, zd);
  return arith::TruncFOp::create(b, loc, x.getType(), sum);
}

/// f16/bf16 fma: the product is exact in f64 (at most 22 bits) and the sum
/// rounded to odd there, so rounding it to the type is the one rounding
/// (emulate-float-conversions narrows f64 -> f16/bf16 through f32 rounded
/// to odd, not twice to nearest).
Value fmaHalf(OpBuilder &b, Location loc, Value x, Value y, Value z) {
  ExactArith exact(b, loc);
  Type f32 = b.getF32Type(), f64 = b.getF64Type();
  auto widen = [&](Value v) -> Value {
    Value single = arith::ExtFOp::create(b, loc, f32, v);
    return arith::ExtFOp::create(b, loc, f64, single);
  };
  Value xd = widen(x), yd = widen(y), zd = widen(z);
  Value sum = exact.addRoundToOdd(exact.mul(xd, yd), zd);
  return arith::TruncFOp::create(b, loc, x.getType(), sum);
}

Value fma64(OpBuilder &b, Location loc, Value x, Value y, Value z) {
  ExactArith exact(b, loc);
  auto [uh, ul] = exact.twoProduct(x, y);
  auto [th, tl] = exact.twoSum(z, ul);
  auto [vh, vl] = exact.twoSum(uh, th);
  Value lowSum = exact.addRoundToOdd(tl, vl);
  Value result = exact.add(vh, lowSum);
  // Where the splitting may overflow, the low product underflow, or the
  // result is not finite, the plain a*b + c.
  Value product = arith::MulFOp::create(b, loc, x, y);
  Value plain = arith::AddFOp::create(b, loc, product, z);
  // low <= |v| < high, or v = 0 (false for NaN).
  auto within = [&](Value v, double low, double high) {
    Value magnitude = math::AbsFOp::create(b, loc, v);
    Value aboveLow = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE,
                                           magnitude, exact.f64(low));
    Value isZero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                         magnitude, exact.f64(0.0));
    Value belowHigh = arith::CmpFOp::create(
        b, loc, arith::CmpFPredicate::OLT, magnitude, exact.f64(high));
    Value inRange = arith::OrIOp::create(b, loc, aboveLow, isZero);
    return arith::AndIOp::create(b, loc, inRange, belowHigh);
  };
  constexpr double kSplitLimit = 0x1p995, kLowLimit = 0x1p-900;
  Value safeX = within(x, 0x1p-450, kSplitLimit);
  Value safeY = within(y, 0x1p-450, kSplitLimit);
  Value safeProduct = within(uh, kLowLimit, 0x1p1000);
  // A zero result takes the plain sum's sign (-0 + -0 is -0; TwoSums lose it).
  Value finite = within(result, 0.0, 0x1p1023);
  Value nonzero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE,
                                        result, exact.f64(0.0));
  Value nonzeroFinite = arith::AndIOp::create(b, loc, finite, nonzero);
  Value safe = arith::AndIOp::create(
      b, loc, arith::AndIOp::create(b, loc, safeX, safeY),
      arith::AndIOp::create(b, loc, safeProduct, nonzeroFinite));
  return arith::SelectOp::create(b, loc, safe, result, plain);
}

/// `op` (f32 sqrt or division) computed in f64 and rounded once.
Value viaFloat64(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  Type f64 = b.getF64Type();
  SmallVector<Value> wide;
  for (Value operand : op->getOperands())
    wide.push_back(arith::ExtFOp::create(b, loc, f64, operand));
  Value result = isa<math::SqrtOp>(op)
                     ? Value(math::SqrtOp::create(b, loc, wide[0]))
                     : Value(arith::DivFOp::create(b, loc, wide[0], wide[1]));
  return arith::TruncFOp::create(b, loc, op->getResult(0).getType(), result);
}

struct ExactFloatOpsPass
    : public triton_spirv::impl::ExactFloatOpsBase<ExactFloatOpsPass> {
  using ExactFloatOpsBase::ExactFloatOpsBase;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<math::FmaOp>(op) || op->hasAttr(kCorrectlyRoundedAttr) ||
          op->hasAttr(kRoundToOddAttr))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      Type type = op->getResult(0).getType();
      OpBuilder b(op);
      Value replacement;
      if (op->hasAttr(kRoundToOddAttr) && type.isF64() &&
          isa<arith::AddFOp, arith::SubFOp>(op)) {
        ExactArith exact(b, op->getLoc());
        Value rhs = op->getOperand(1);
        if (isa<arith::SubFOp>(op))
          rhs = arith::NegFOp::create(b, op->getLoc(), rhs);
        replacement = exact.addRoundToOdd(op->getOperand(0), rhs);
      } else if (auto fma = dyn_cast<math::FmaOp>(op)) {
        if (expandFma && type.isF32())
          replacement = fma32(b, op->getLoc(), fma.getA(), fma.getB(), fma.getC());
        else if (expandFma && type.isF64())
          replacement = fma64(b, op->getLoc(), fma.getA(), fma.getB(), fma.getC());
        else if ((expandFma && type.isF16()) ||
                 ((expandFma || expandBF16Fma) && type.isBF16()))
          replacement = fmaHalf(b, op->getLoc(), fma.getA(), fma.getB(), fma.getC());
      } else {
        op->removeAttr(kCorrectlyRoundedAttr);
        if (viaFloat64Ops && type.isF32() &&
            isa<math::SqrtOp, arith::DivFOp>(op))
          replacement = viaFloat64(b, op);
      }
      if (!replacement)
        continue;
      op->getResult(0).replaceAllUsesWith(replacement);
      op->erase();
    }
  }
};
} // namespace
