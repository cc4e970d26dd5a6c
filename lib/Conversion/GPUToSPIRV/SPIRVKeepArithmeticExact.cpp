//===- SPIRVKeepArithmeticExact.cpp - no driver rewrites of exact results ===//
//
// A Vulkan driver may rewrite arithmetic not decorated NoContraction, and
// NVIDIA's rewrote some into other answers (fuzzer findings on the H100):
// `(a + b) + b` became `a + 2b` (1 ulp off), a 16-bit `-(x << 15)` that
// overflowed compared as +32768, and `f32 -> u64 -> i32` became one
// saturating conversion (also when the low word was read through a bitcast).
// Triton's arithmetic is LLVM's, which Triton-CUDA keeps; this pass pins it
// down where the profile says the driver does not. It owns every
// NoContraction the pipeline decides by policy (expansions mark the steps of
// their own algorithms): also widening conversions, f64 arithmetic, and f16
// arithmetic on CPU devices.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVKEEPARITHMETICEXACT
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
constexpr StringLiteral kNoContraction = "no_contraction";

bool isNarrowFloatArithmetic(Operation *op) {
  if (!isa<spirv::FAddOp, spirv::FSubOp, spirv::FMulOp>(op))
    return false;
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  return element.isF16() || element.isF32();
}

/// A multiply that a driver may fuse with the add or subtract using it, as
/// LLVM contracts a product with one use.
bool isContractibleProduct(Operation *op) {
  if (!isa_and_nonnull<spirv::FMulOp>(op) || !op->hasOneUse())
    return false;
  Operation *user = *op->getUsers().begin();
  return isa<spirv::FAddOp, spirv::FSubOp>(user) &&
         user->getBlock() == op->getBlock() &&
         user->getResult(0).getType() == op->getResult(0).getType();
}

bool addsContractibleProduct(Operation *op) {
  return isa<spirv::FAddOp, spirv::FSubOp>(op) &&
         llvm::any_of(op->getOperands(), [](Value operand) {
           return isContractibleProduct(operand.getDefiningOp());
         });
}

void markFloatArithmetic(spirv::ModuleOp module, bool keepContractions) {
  module.walk([&](Operation *op) {
    if (!isNarrowFloatArithmetic(op) || op->hasAttr(kNoContraction))
      return;
    if (keepContractions &&
        (isContractibleProduct(op) || addsContractibleProduct(op)))
      return;
    op->setAttr(kNoContraction, UnitAttr::get(op->getContext()));
  });
}

/// Conversion chains that drivers fold unless the outer conversion is exact:
/// Mesa 25's NIR turns f2f32(f2f16(x)) and f2f64(i2f32(x)) into one
/// conversion, and f2i(f2f(x)) and f2u(u2f(x)) likewise, skipping the inner
/// rounding (int32 -> f32 -> f64 kept every bit of the int32, so the f32 fma
/// emulation, which widens its operands, was an ulp off: fuzzer seed
/// 2700052), also where the inner value went through a private variable.
/// Widenings and float -> int conversions are marked, except of values
/// loaded from buffers or workgroup memory, which no conversion made;
/// narrowings are left alone (NVIDIA packs them in pairs).
void markConversions(spirv::ModuleOp module) {
  module.walk([](Operation *op) {
    if (!isa<spirv::FConvertOp, spirv::ConvertFToSOp, spirv::ConvertFToUOp>(op))
      return;
    auto from = dyn_cast<FloatType>(getElementTypeOrSelf(op->getOperand(0).getType()));
    Type to = getElementTypeOrSelf(op->getResult(0).getType());
    if (!from || !to.isIntOrFloat() ||
        (isa<spirv::FConvertOp>(op) && from.getWidth() >= to.getIntOrFloatBitWidth()))
      return;
    if (auto load = op->getOperand(0).getDefiningOp<spirv::LoadOp>())
      if (cast<spirv::PointerType>(load.getPtr().getType()).getStorageClass() !=
          spirv::StorageClass::Function)
        return;
    op->setAttr(kNoContraction, UnitAttr::get(op->getContext()));
  });
}

/// f64 arithmetic, always: drivers' algebraic passes otherwise merge the
/// expansions' two-part constants (Mesa 25's NIR turned exp's Cody-Waite
/// reduction into one product: 3e-14 relative at x = 350). f16 arithmetic
/// where asked (CPU devices: lavapipe computes it in f32 and folded away the
/// f16 rounding between two inexact ops, fuzzer finding
/// half_float_chain_skips_rounding); GPUs keep contracting f16 multiply-adds,
/// as Triton-CUDA does.
void markWideAndHalfArithmetic(spirv::ModuleOp module, bool halves) {
  module.walk([&](Operation *op) {
    if (!isa<spirv::FAddOp, spirv::FSubOp, spirv::FMulOp, spirv::FDivOp,
             spirv::FNegateOp, spirv::GLFmaOp>(op) ||
        op->getNumResults() != 1)
      return;
    Type element = getElementTypeOrSelf(op->getResult(0).getType());
    if (element.isF64() || (halves && element.isF16()))
      op->setAttr(kNoContraction, UnitAttr::get(op->getContext()));
  });
}

using triton_spirv::withElementType;

/// A spirv.Constant of a scalar or splat vector type, integer or float.
Value constant(OpBuilder &builder, Location loc, Type type, double value) {
  return builder.create<spirv::ConstantOp>(
      loc, type, triton_spirv::scalarOrSplatAttr(type, value));
}

unsigned narrowWidth(Type type) {
  auto element = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  if (!element || element.getWidth() >= 32)
    return 0;
  return element.getWidth();
}

/// 8- and 16-bit arithmetic that can overflow, computed in 32 bits and
/// wrapped there: no narrow result the driver could leave unwrapped in a
/// register reaches a compare or a conversion.
void wrapNarrowIntegers(spirv::ModuleOp module) {
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<spirv::IAddOp, spirv::ISubOp, spirv::IMulOp,
            spirv::ShiftLeftLogicalOp, spirv::SNegateOp>(op) &&
        narrowWidth(op->getResult(0).getType()))
      ops.push_back(op);
  });
  // Wrapped 32-bit values of rewritten results, so that chains stay wide.
  DenseMap<Value, Value> wide;
  for (Operation *op : ops) {
    OpBuilder builder(op);
    Location loc = op->getLoc();
    Type type = op->getResult(0).getType();
    Type wideType = withElementType(type, builder.getI32Type());
    auto widen = [&](Value value) -> Value {
      if (Value known = wide.lookup(value))
        return known;
      return builder.create<spirv::SConvertOp>(loc, wideType, value);
    };
    Value result;
    if (auto shift = dyn_cast<spirv::ShiftLeftLogicalOp>(op)) {
      Value base = widen(shift.getOperand1());
      // Shift amounts are not negative: zero-extended (or truncated).
      Value amount = shift.getOperand2();
      if (getElementTypeOrSelf(amount.getType()).getIntOrFloatBitWidth() != 32)
        amount = builder.create<spirv::UConvertOp>(loc, wideType, amount);
      result = builder.create<spirv::ShiftLeftLogicalOp>(loc, wideType, base,
                                                         amount);
    } else if (isa<spirv::SNegateOp>(op)) {
      result = builder.create<spirv::SNegateOp>(loc, wideType,
                                                widen(op->getOperand(0)));
    } else {
      Value lhs = widen(op->getOperand(0));
      Value rhs = op->getOperand(1) == op->getOperand(0)
                      ? lhs
                      : widen(op->getOperand(1));
      OperationState state(loc, op->getName());
      state.addOperands({lhs, rhs});
      state.addTypes(wideType);
      result = builder.create(state)->getResult(0);
    }
    Value bits = constant(builder, loc, wideType, 32 - narrowWidth(type));
    Value wrapped = builder.create<spirv::ShiftRightArithmeticOp>(
        loc, wideType,
        builder.create<spirv::ShiftLeftLogicalOp>(loc, wideType, result, bits),
        bits);
    Value narrow = builder.create<spirv::SConvertOp>(loc, type, wrapped);
    wide[narrow] = wrapped;
    op->getResult(0).replaceAllUsesWith(narrow);
    op->erase();
  }
}

/// The low 32 bits of `convert`'s 64-bit integer, computed without it: the
/// magnitude's remainder modulo 2^32 is exact in the source type (an integer
/// below 2^32 that is a multiple of the magnitude's ulp), converted to 32
/// bits, then negated for a negative signed source.
Value lowWordOfConversion(OpBuilder &builder, Location loc, Operation *convert) {
  Value x = convert->getOperand(0);
  Type floatType = x.getType();
  Type i32Type = withElementType(floatType, builder.getI32Type());
  auto exact = [](Value value) {
    value.getDefiningOp()->setAttr(kNoContraction,
                                   UnitAttr::get(value.getContext()));
    return value;
  };
  bool isSigned = isa<spirv::ConvertFToSOp>(convert);
  if (getElementTypeOrSelf(floatType).isF16()) // Every f16 fits in 32 bits.
    return isSigned
               ? Value(builder.create<spirv::ConvertFToSOp>(loc, i32Type, x))
               : Value(builder.create<spirv::ConvertFToUOp>(loc, i32Type, x));
  // The integer part of |x| (unsigned sources are not negative).
  Value magnitude = builder.create<spirv::GLFloorOp>(
      loc, isSigned ? Value(builder.create<spirv::GLFAbsOp>(loc, x)) : x);
  Value high = builder.create<spirv::GLFloorOp>(
      loc, exact(builder.create<spirv::FMulOp>(
               loc, magnitude, constant(builder, loc, floatType, 0x1p-32))));
  Value low = exact(builder.create<spirv::FSubOp>(
      loc, magnitude,
      exact(builder.create<spirv::FMulOp>(
          loc, high, constant(builder, loc, floatType, 0x1p32)))));
  Value word = builder.create<spirv::ConvertFToUOp>(loc, i32Type, low);
  if (!isSigned)
    return word;
  Value negative = builder.create<spirv::FOrdLessThanOp>(
      loc, x, constant(builder, loc, floatType, 0.0));
  return builder.create<spirv::SelectOp>(
      loc, negative, builder.create<spirv::SNegateOp>(loc, word), word);
}

void splitWideTruncations(spirv::ModuleOp module) {
  SmallVector<Operation *> truncations;
  module.walk([&](Operation *op) {
    if (!isa<spirv::SConvertOp, spirv::UConvertOp>(op))
      return;
    Value source = op->getOperand(0);
    if (!getElementTypeOrSelf(source.getType()).isInteger(64) ||
        getElementTypeOrSelf(op->getResult(0).getType())
                .getIntOrFloatBitWidth() >= 64 ||
        !isa_and_nonnull<spirv::ConvertFToUOp, spirv::ConvertFToSOp>(
            source.getDefiningOp()))
      return;
    truncations.push_back(op);
  });
  for (Operation *op : truncations) {
    OpBuilder builder(op);
    Location loc = op->getLoc();
    Value source = op->getOperand(0);
    Type type = op->getResult(0).getType();
    Value low = lowWordOfConversion(builder, loc, source.getDefiningOp());
    if (low.getType() != type) {
      OperationState state(loc, op->getName());
      state.addOperands(low);
      state.addTypes(type);
      low = builder.create(state)->getResult(0);
    }
    op->getResult(0).replaceAllUsesWith(low);
    op->erase();
    if (source.use_empty())
      source.getDefiningOp()->erase();
  }
}

struct SPIRVKeepArithmeticExact final
    : triton_spirv::impl::SPIRVKeepArithmeticExactBase<
          SPIRVKeepArithmeticExact> {
  using SPIRVKeepArithmeticExactBase::SPIRVKeepArithmeticExactBase;

  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    markConversions(module);
    markWideAndHalfArithmetic(module, exactHalfArithmetic);
    if (!contractProducts || orderedFloatArithmetic)
      markFloatArithmetic(module, /*keepContractions=*/contractProducts);
    if (wrapNarrowIntegers)
      ::wrapNarrowIntegers(module);
    if (splitWideTruncations)
      ::splitWideTruncations(module);
  }
};
} // namespace
