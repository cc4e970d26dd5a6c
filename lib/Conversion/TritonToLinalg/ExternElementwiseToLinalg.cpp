//===- ExternElementwiseToLinalg.cpp - libdevice calls to math/arith -------===//
//
// Triton's `libdevice` functions reach TTIR as tt.extern_elementwise calls of
// CUDA libdevice symbols (`__nv_expf`, `__nv_pow`, ...). SPIR-V has no such
// library, so each known symbol becomes the math/arith op computing the same
// function (on tensors inside a linalg.generic). An unknown symbol is an
// error naming it.
//
// Not every math op has a GLSL.std.450 instruction (math.erf, math.erfc,
// math.cbrt); convert-kernel-to-spirv expands those.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"
#include "triton-spirv/Conversion/Passes.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <type_traits>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton_spirv;

namespace {
/// Builds the scalar function from its (converted scalar) arguments; the
/// result has type `resultType`.
using ScalarFn = Value (*)(OpBuilder &, Location, ValueRange args,
                           Type resultType);

Value floatConstant(OpBuilder &b, Location l, Type type, double value) {
  return arith::ConstantOp::create(b, l, b.getFloatAttr(type, value));
}

/// An i1 predicate as libdevice's int result (0 or 1).
Value predicateAsInt(OpBuilder &b, Location l, Value predicate,
                     Type resultType) {
  return arith::ExtUIOp::create(b, l, resultType, predicate);
}

/// An integer result of the op's width (popc/clz return i32 also for i64).
Value toResultWidth(OpBuilder &b, Location l, Value value, Type resultType) {
  unsigned from = value.getType().getIntOrFloatBitWidth();
  unsigned to = resultType.getIntOrFloatBitWidth();
  if (from > to)
    return arith::TruncIOp::create(b, l, resultType, value);
  if (from < to)
    return arith::ExtUIOp::create(b, l, resultType, value);
  return value;
}

template <typename OpTy>
Value unary(OpBuilder &b, Location l, ValueRange args, Type) {
  return OpTy::create(b, l, args[0]);
}

template <typename OpTy>
Value binary(OpBuilder &b, Location l, ValueRange args, Type) {
  return OpTy::create(b, l, args[0], args[1]);
}

Value fma(OpBuilder &b, Location l, ValueRange args, Type) {
  return math::FmaOp::create(b, l, args[0], args[1], args[2]);
}

/// `fn`'s result op marked as one Triton wants correctly rounded (the _rn
/// functions; exact-float-ops computes them exactly where the device's
/// instruction is an approximation).
template <ScalarFn fn>
Value correctlyRounded(OpBuilder &b, Location l, ValueRange args, Type type) {
  Value result = fn(b, l, args, type);
  result.getDefiningOp()->setAttr(kCorrectlyRoundedAttr, b.getUnitAttr());
  return result;
}

/// libdevice's f32 arithmetic rounded toward zero, up or down (`__nv_fdiv_rz`,
/// ...): computed in f64 and narrowed in that direction (a truncf with its
/// rounding mode, which emulate-float-conversions carries out). Exact: f64
/// holds a product of two f32 values, a quotient or square root of f32 values
/// is never within one f64 rounding of an f32 value it is not equal to, and
/// sums are rounded to odd (exact-float-ops).
template <typename WideOp, arith::RoundingMode mode>
Value directedRounding(OpBuilder &b, Location l, ValueRange args, Type type) {
  Type f64 = b.getF64Type();
  SmallVector<Value> wide;
  for (Value arg : args)
    wide.push_back(arith::ExtFOp::create(b, l, f64, arg));
  Value result;
  if constexpr (std::is_same_v<WideOp, math::SqrtOp>) {
    result = math::SqrtOp::create(b, l, wide[0]);
  } else if (wide.size() == 1) { // reciprocal
    result = arith::DivFOp::create(b, l, floatConstant(b, l, f64, 1.0), wide[0]);
  } else {
    Operation *op = WideOp::create(b, l, wide[0], wide[1]);
    if (isa<arith::AddFOp, arith::SubFOp>(op))
      op->setAttr(kRoundToOddAttr, b.getUnitAttr());
    result = op->getResult(0);
  }
  auto narrow = arith::TruncFOp::create(b, l, type, result);
  narrow.setRoundingmodeAttr(arith::RoundingModeAttr::get(b.getContext(), mode));
  return narrow;
}

Value exp10(OpBuilder &b, Location l, ValueRange args, Type) {
  Value scaled = arith::MulFOp::create(
      b, l, args[0], floatConstant(b, l, args[0].getType(), std::log(10.0)));
  return math::ExpOp::create(b, l, scaled);
}

Value reciprocal(OpBuilder &b, Location l, ValueRange args, Type) {
  return arith::DivFOp::create(b, l, floatConstant(b, l, args[0].getType(), 1.0),
                               args[0]);
}

Value hypot(OpBuilder &b, Location l, ValueRange args, Type) {
  Value xx = arith::MulFOp::create(b, l, args[0], args[0]);
  Value yy = arith::MulFOp::create(b, l, args[1], args[1]);
  return math::SqrtOp::create(b, l, arith::AddFOp::create(b, l, xx, yy));
}

/// fdim(x, y) = x - y if x > y, else +0 (NaN propagates).
Value fdim(OpBuilder &b, Location l, ValueRange args, Type) {
  Value diff = arith::SubFOp::create(b, l, args[0], args[1]);
  Value zero = floatConstant(b, l, args[0].getType(), 0.0);
  Value le = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, args[0],
                                   args[1]);
  return arith::SelectOp::create(b, l, le, zero, diff);
}

/// saturate(x) = clamp(x, 0, 1), NaN -> 0.
Value saturate(OpBuilder &b, Location l, ValueRange args, Type) {
  Type type = args[0].getType();
  Value low = arith::MaxNumFOp::create(b, l, args[0], floatConstant(b, l, type, 0.0));
  return arith::MinNumFOp::create(b, l, low, floatConstant(b, l, type, 1.0));
}

Value isNan(OpBuilder &b, Location l, ValueRange args, Type resultType) {
  Value nan = arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, args[0],
                                    args[0]);
  return predicateAsInt(b, l, nan, resultType);
}

Value isInf(OpBuilder &b, Location l, ValueRange args, Type resultType) {
  Value magnitude = math::AbsFOp::create(b, l, args[0]);
  Value inf = arith::CmpFOp::create(
      b, l, arith::CmpFPredicate::OEQ, magnitude,
      floatConstant(b, l, magnitude.getType(), INFINITY));
  return predicateAsInt(b, l, inf, resultType);
}

Value isFinite(OpBuilder &b, Location l, ValueRange args, Type resultType) {
  Value magnitude = math::AbsFOp::create(b, l, args[0]);
  Value finite = arith::CmpFOp::create(
      b, l, arith::CmpFPredicate::OLT, magnitude,
      floatConstant(b, l, magnitude.getType(), INFINITY));
  return predicateAsInt(b, l, finite, resultType);
}

/// The sign bit, also of -0 and NaNs.
Value signBit(OpBuilder &b, Location l, ValueRange args, Type resultType) {
  unsigned width = args[0].getType().getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(width);
  Value bits = arith::BitcastOp::create(b, l, intType, args[0]);
  Value negative = arith::CmpIOp::create(
      b, l, arith::CmpIPredicate::slt, bits,
      arith::ConstantOp::create(b, l, b.getIntegerAttr(intType, 0)));
  return predicateAsInt(b, l, negative, resultType);
}

template <typename OpTy>
Value countBits(OpBuilder &b, Location l, ValueRange args, Type resultType) {
  return toResultWidth(b, l, OpTy::create(b, l, args[0]), resultType);
}

Value mulHighSigned(OpBuilder &b, Location l, ValueRange args, Type) {
  return arith::MulSIExtendedOp::create(b, l, args[0], args[1]).getHigh();
}

Value mulHighUnsigned(OpBuilder &b, Location l, ValueRange args, Type) {
  return arith::MulUIExtendedOp::create(b, l, args[0], args[1]).getHigh();
}

Value sinPi(OpBuilder &b, Location l, ValueRange args, Type) {
  Value pi = floatConstant(b, l, args[0].getType(), llvm::numbers::pi);
  return math::SinOp::create(b, l, arith::MulFOp::create(b, l, args[0], pi));
}

Value cosPi(OpBuilder &b, Location l, ValueRange args, Type) {
  Value pi = floatConstant(b, l, args[0].getType(), llvm::numbers::pi);
  return math::CosOp::create(b, l, arith::MulFOp::create(b, l, args[0], pi));
}

Value reciprocalHypot(OpBuilder &b, Location l, ValueRange args, Type type) {
  return reciprocal(b, l, ValueRange{hypot(b, l, args, type)}, type);
}

/// pow with an integer exponent (powi/powif).
Value powInt(OpBuilder &b, Location l, ValueRange args, Type) {
  Value exponent = arith::SIToFPOp::create(b, l, args[0].getType(), args[1]);
  return math::PowFOp::create(b, l, args[0], exponent);
}

/// Reinterpretation of the bits (float_as_int, longlong_as_double, ...).
Value reinterpret(OpBuilder &b, Location l, ValueRange args, Type resultType) {
  return arith::BitcastOp::create(b, l, resultType, args[0]);
}

/// float -> integer with an explicit rounding: round first, then convert
/// (exact, as the value is integral by then).
template <typename RoundOpTy, bool isUnsigned>
Value floatToInt(OpBuilder &b, Location l, ValueRange args, Type resultType) {
  Value rounded = args[0];
  if constexpr (!std::is_same_v<RoundOpTy, void>)
    rounded = RoundOpTy::create(b, l, args[0]);
  if (isUnsigned)
    return arith::FPToUIOp::create(b, l, resultType, rounded);
  return arith::FPToSIOp::create(b, l, resultType, rounded);
}

template <bool isUnsigned>
Value intToFloat(OpBuilder &b, Location l, ValueRange args, Type resultType) {
  if (isUnsigned)
    return arith::UIToFPOp::create(b, l, resultType, args[0]);
  return arith::SIToFPOp::create(b, l, resultType, args[0]);
}

/// double2float_rn: round to nearest, arith.truncf's default.
Value narrowFloat(OpBuilder &b, Location l, ValueRange args, Type resultType) {
  return arith::TruncFOp::create(b, l, resultType, args[0]);
}

struct LibdeviceFunction {
  unsigned arity;
  ScalarFn build;
};

template <typename WideOp>
std::optional<LibdeviceFunction> directed(StringRef mode, unsigned arity) {
  using F = LibdeviceFunction;
  using arith::RoundingMode;
  if (mode == "rz")
    return F{arity, directedRounding<WideOp, RoundingMode::toward_zero>};
  if (mode == "ru")
    return F{arity, directedRounding<WideOp, RoundingMode::upward>};
  if (mode == "rd")
    return F{arity, directedRounding<WideOp, RoundingMode::downward>};
  return std::nullopt;
}

/// f32 arithmetic rounded toward zero, up or down: `f32_div_rz`, ...
std::optional<LibdeviceFunction> lookupDirectedFunction(StringRef name) {
  auto [op, mode] = name.rsplit('_');
  return llvm::StringSwitch<std::optional<LibdeviceFunction>>(op)
      .Case("f32_add", directed<arith::AddFOp>(mode, 2))
      .Case("f32_sub", directed<arith::SubFOp>(mode, 2))
      .Case("f32_mul", directed<arith::MulFOp>(mode, 2))
      .Case("f32_div", directed<arith::DivFOp>(mode, 2))
      .Case("f32_rcp", directed<arith::DivFOp>(mode, 1))
      .Case("f32_sqrt", directed<math::SqrtOp>(mode, 1))
      .Default(std::nullopt);
}

/// Floating-point functions by their name without `__nv_`, `fast_` and the
/// single-precision `f` suffix (`__nv_expf` and `__nv_exp` are both `exp`).
std::optional<LibdeviceFunction> lookupFloatFunction(StringRef name) {
  using F = LibdeviceFunction;
  return llvm::StringSwitch<std::optional<F>>(name)
      .Case("exp", F{1, unary<math::ExpOp>})
      .Case("exp2", F{1, unary<math::Exp2Op>})
      .Case("exp10", F{1, exp10})
      .Case("expm1", F{1, unary<math::ExpM1Op>})
      .Case("log", F{1, unary<math::LogOp>})
      .Case("log2", F{1, unary<math::Log2Op>})
      .Case("log10", F{1, unary<math::Log10Op>})
      .Case("log1p", F{1, unary<math::Log1pOp>})
      .Case("pow", F{2, binary<math::PowFOp>})
      .Case("sqrt", F{1, unary<math::SqrtOp>})
      .Case("rsqrt", F{1, unary<math::RsqrtOp>})
      .Case("cbrt", F{1, unary<math::CbrtOp>})
      .Case("rcp", F{1, reciprocal})
      .Case("sin", F{1, unary<math::SinOp>})
      .Case("cos", F{1, unary<math::CosOp>})
      .Case("tan", F{1, unary<math::TanOp>})
      .Case("asin", F{1, unary<math::AsinOp>})
      .Case("acos", F{1, unary<math::AcosOp>})
      .Case("atan", F{1, unary<math::AtanOp>})
      .Case("atan2", F{2, binary<math::Atan2Op>})
      .Case("sinh", F{1, unary<math::SinhOp>})
      .Case("cosh", F{1, unary<math::CoshOp>})
      .Case("tanh", F{1, unary<math::TanhOp>})
      .Case("asinh", F{1, unary<math::AsinhOp>})
      .Case("acosh", F{1, unary<math::AcoshOp>})
      .Case("atanh", F{1, unary<math::AtanhOp>})
      .Case("erf", F{1, unary<math::ErfOp>})
      .Case("erfc", F{1, unary<math::ErfcOp>})
      .Case("floor", F{1, unary<math::FloorOp>})
      .Case("ceil", F{1, unary<math::CeilOp>})
      .Case("trunc", F{1, unary<math::TruncOp>})
      .Case("round", F{1, unary<math::RoundOp>})
      .Cases({"rint", "nearbyint"}, F{1, unary<math::RoundEvenOp>})
      .Case("fabs", F{1, unary<math::AbsFOp>})
      .Case("fma", F{3, fma})
      .Case("fmax", F{2, binary<arith::MaxNumFOp>})
      .Case("fmin", F{2, binary<arith::MinNumFOp>})
      .Case("fmod", F{2, binary<arith::RemFOp>})
      .Case("copysign", F{2, binary<math::CopySignOp>})
      .Case("hypot", F{2, hypot})
      .Case("fdim", F{2, fdim})
      .Case("saturate", F{1, saturate})
      .Case("add", F{2, binary<arith::AddFOp>})
      .Case("sub", F{2, binary<arith::SubFOp>})
      .Case("mul", F{2, binary<arith::MulFOp>})
      .Case("div", F{2, binary<arith::DivFOp>})
      .Case("div_rn", F{2, correctlyRounded<binary<arith::DivFOp>>})
      .Case("sqrt_rn", F{1, correctlyRounded<unary<math::SqrtOp>>})
      .Case("rcp_rn", F{1, correctlyRounded<reciprocal>})
      .Case("sinpi", F{1, sinPi})
      .Case("cospi", F{1, cosPi})
      .Case("rhypot", F{2, reciprocalHypot})
      .Case("powi", F{2, powInt})
      .Case("as_int", F{1, reinterpret})
      .Case("to_int_rn", F{1, floatToInt<math::RoundEvenOp, false>})
      .Case("to_int_rz", F{1, floatToInt<void, false>})
      .Case("to_int_rd", F{1, floatToInt<math::FloorOp, false>})
      .Case("to_int_ru", F{1, floatToInt<math::CeilOp, false>})
      .Case("to_uint_rn", F{1, floatToInt<math::RoundEvenOp, true>})
      .Case("to_uint_rz", F{1, floatToInt<void, true>})
      .Case("to_uint_rd", F{1, floatToInt<math::FloorOp, true>})
      .Case("to_uint_ru", F{1, floatToInt<math::CeilOp, true>})
      .Case("to_float_rn", F{1, narrowFloat})
      .Case("isnan", F{1, isNan})
      .Case("isinf", F{1, isInf})
      .Case("isfinite", F{1, isFinite})
      .Case("signbit", F{1, signBit})
      .Default(std::nullopt);
}

/// Integer functions keep libdevice's names (`ll`/`u` spell the type).
std::optional<LibdeviceFunction> lookupIntegerFunction(StringRef name) {
  using F = LibdeviceFunction;
  return llvm::StringSwitch<std::optional<F>>(name)
      .Cases({"abs", "llabs"}, F{1, unary<math::AbsIOp>})
      .Cases({"min", "llmin"}, F{2, binary<arith::MinSIOp>})
      .Cases({"max", "llmax"}, F{2, binary<arith::MaxSIOp>})
      .Cases({"umin", "ullmin"}, F{2, binary<arith::MinUIOp>})
      .Cases({"umax", "ullmax"}, F{2, binary<arith::MaxUIOp>})
      .Cases({"popc", "popcll"}, F{1, countBits<math::CtPopOp>})
      .Cases({"clz", "clzll"}, F{1, countBits<math::CountLeadingZerosOp>})
      .Cases({"mulhi", "mul64hi"}, F{2, mulHighSigned})
      .Cases({"umulhi", "umul64hi"}, F{2, mulHighUnsigned})
      .Cases({"int_as_float", "uint_as_float", "longlong_as_double"},
             F{1, reinterpret})
      .Cases({"int2float_rn", "ll2float_rn", "int2double_rn", "ll2double_rn"},
             F{1, intToFloat<false>})
      .Cases({"uint2float_rn", "ull2float_rn", "uint2double_rn",
              "ull2double_rn"},
             F{1, intToFloat<true>})
      .Default(std::nullopt);
}

/// Canonical name of a floating-point libdevice function; `isF32` tells
/// whether the single-precision `f` suffix is expected.
std::string canonicalFloatName(StringRef name, bool isF32) {
  // Predicates and correctly rounded (_rn) arithmetic are spelled apart.
  std::optional<StringRef> special =
      llvm::StringSwitch<std::optional<StringRef>>(name)
          .Cases({"isnanf", "isnand"}, StringRef("isnan"))
          .Cases({"isinff", "isinfd"}, StringRef("isinf"))
          .Cases({"finitef", "isfinited"}, StringRef("isfinite"))
          .Cases({"signbitf", "signbitd"}, StringRef("signbit"))
          .Cases({"fadd_rn", "dadd_rn"}, StringRef("add"))
          .Cases({"fsub_rn", "dsub_rn"}, StringRef("sub"))
          .Cases({"fmul_rn", "dmul_rn"}, StringRef("mul"))
          .Cases({"fdiv_rn", "ddiv_rn"}, StringRef("div_rn"))
          .Case("fdividef", StringRef("div"))
          .Cases({"fsqrt_rn", "dsqrt_rn"}, StringRef("sqrt_rn"))
          .Cases({"frcp_rn", "drcp_rn"}, StringRef("rcp_rn"))
          .Cases({"fmaf_rn", "fma_rn"}, StringRef("fma"))
          .Cases({"frsqrt_rn"}, StringRef("rsqrt"))
          .Cases({"powif"}, StringRef("powi"))
          .Cases({"float_as_int", "float_as_uint", "double_as_longlong"},
                 StringRef("as_int"))
          .Case("double2float_rn", StringRef("to_float_rn"))
          .Default(std::nullopt);
  if (special)
    return special->str();
  // fadd_rz, fdiv_ru, fsqrt_rd, ...: f32 only (no wider type holds f64's).
  for (StringRef op : {"add", "sub", "mul", "div", "rcp", "sqrt"})
    for (StringRef mode : {"_rz", "_ru", "_rd"})
      if (isF32 && name == ("f" + op + mode).str())
        return ("f32_" + op + mode).str();
  // float2int_rn, double2ull_rz, ...: to_int_<mode> / to_uint_<mode>.
  for (StringRef from : {"float2", "double2"}) {
    if (!name.starts_with(from))
      continue;
    StringRef rest = name.drop_front(from.size());
    auto [to, mode] = rest.split('_');
    if (to == "int" || to == "ll")
      return ("to_int_" + mode).str();
    if (to == "uint" || to == "ull")
      return ("to_uint_" + mode).str();
  }
  name.consume_front("fast_");
  if (isF32 && name.ends_with("f"))
    name = name.drop_back();
  return name.str();
}

std::optional<LibdeviceFunction> lookupLibdevice(StringRef symbol,
                                                 Type argType) {
  if (!symbol.consume_front("__nv_"))
    return std::nullopt;
  if (isa<FloatType>(argType)) {
    std::string name = canonicalFloatName(symbol, argType.isF32());
    if (std::optional<LibdeviceFunction> function = lookupFloatFunction(name))
      return function;
    return lookupDirectedFunction(name);
  }
  if (isa<IntegerType>(argType))
    return lookupIntegerFunction(symbol);
  return std::nullopt;
}

struct ConvertExternElementwise
    : public OpConversionPattern<ExternElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef symbol = op.getSymbol();
    ValueRange operands = adaptor.getOperands();
    Type argType = operands.empty() ? Type()
                                    : getElementTypeOrSelf(operands[0]);
    std::optional<LibdeviceFunction> function =
        argType ? lookupLibdevice(symbol, argType) : std::nullopt;
    if (!function || function->arity != operands.size()) {
      op.emitError() << "triton-to-linalg: unsupported extern function '"
                     << symbol << "' in tt.extern_elementwise (no math/arith "
                     << "equivalent is known for it on SPIR-V targets)";
      return failure();
    }
    Location loc = op.getLoc();
    Type resultType = op.getType();
    Type resultElement = getElementTypeOrSelf(resultType);
    auto tensor = dyn_cast<RankedTensorType>(resultType);
    if (!tensor) {
      rewriter.replaceOp(op,
                         function->build(rewriter, loc, operands, resultElement));
      return success();
    }
    Value result = buildElementwiseGeneric(
        rewriter, loc, tensor.getShape(), operands, {resultElement},
        [&](OpBuilder &b, Location l, ValueRange args) {
          return SmallVector<Value>{function->build(b, l, args, resultElement)};
        })[0];
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateExternElementwiseConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertExternElementwise>(converter, patterns.getContext());
}
