//===- ExactWidening.cpp - float widening as integer code -----------------===//
#include "FloatEmulation/ExactWidening.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;

namespace {
/// An IEEE binary format's layout.
struct Layout {
  unsigned width, mantissa;
  int64_t bias;
};

Layout layoutOf(FloatType type) {
  if (type.isF16())
    return {16, 10, 15};
  if (type.isF32())
    return {32, 23, 127};
  return {64, 52, 1023};
}

/// `element` in the shape of `like` (a vector type, or scalar).
Type shaped(Type like, Type element) {
  if (auto vector = dyn_cast<VectorType>(like))
    return vector.clone(element);
  return element;
}

} // namespace

bool mlir::triton_spirv::canWidenExactly(Type narrow, Type wide) {
  Type from = getElementTypeOrSelf(narrow), to = getElementTypeOrSelf(wide);
  return (from.isF16() && (to.isF32() || to.isF64())) || (from.isF32() && to.isF64());
}

Value mlir::triton_spirv::widenExactly(OpBuilder &b, Location loc, Value value,
                                       Type wide) {
  auto from = cast<FloatType>(getElementTypeOrSelf(value.getType()));
  auto to = cast<FloatType>(getElementTypeOrSelf(wide));
  if (from.isF16() && to.isF64()) {
    // Through f32: its widening to f64 is not a round trip's.
    Value single = widenExactly(b, loc, value, shaped(wide, b.getF32Type()));
    return arith::ExtFOp::create(b, loc, wide, single);
  }
  Layout n = layoutOf(from), w = layoutOf(to);
  Type narrowBits = shaped(value.getType(), b.getIntegerType(n.width));
  Type wideBits = shaped(wide, b.getIntegerType(w.width));
  auto c = [&](uint64_t v) {
    return createScalarOrSplatConstant(b, loc, wideBits, APInt(w.width, v));
  };
  Value word = arith::ExtUIOp::create(
      b, loc, wideBits, arith::BitcastOp::create(b, loc, narrowBits, value));
  uint64_t signBit = uint64_t(1) << (n.width - 1);
  Value sign = arith::ShLIOp::create(b, loc, arith::AndIOp::create(b, loc, word, c(signBit)),
                                     c(w.width - n.width));
  Value magnitude = arith::AndIOp::create(b, loc, word, c(signBit - 1));
  Value exponent = arith::ShRUIOp::create(b, loc, magnitude, c(n.mantissa));
  Value normal = arith::AddIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, magnitude, c(w.mantissa - n.mantissa)),
      c(uint64_t(w.bias - n.bias) << w.mantissa));
  // A subnormal is magnitude * 2^(1 - bias - mantissa bits): exact in `to`.
  APFloat scale(std::ldexp(1.0, int(1 - n.bias - n.mantissa)));
  bool inexact;
  scale.convert(to.getFloatSemantics(), APFloat::rmNearestTiesToEven, &inexact);
  Value subnormal = arith::BitcastOp::create(
      b, loc, wideBits,
      arith::MulFOp::create(b, loc, arith::UIToFPOp::create(b, loc, wide, magnitude),
                            createScalarOrSplatConstant(b, loc, wide, scale)));
  uint64_t allOnes = (uint64_t(1) << (n.width - 1 - n.mantissa)) - 1;
  uint64_t wideExponentBits = ((uint64_t(1) << (w.width - 1 - w.mantissa)) - 1) << w.mantissa;
  Value special = arith::OrIOp::create(
      b, loc, c(wideExponentBits),
      arith::ShLIOp::create(
          b, loc, arith::AndIOp::create(b, loc, magnitude, c((uint64_t(1) << n.mantissa) - 1)),
          c(w.mantissa - n.mantissa)));
  Value result = arith::SelectOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponent, c(0)),
      subnormal, normal);
  result = arith::SelectOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponent, c(allOnes)),
      special, result);
  result = arith::OrIOp::create(b, loc, result, sign);
  return arith::BitcastOp::create(b, loc, wide, result);
}
