//===- WidenInt16Arithmetic.cpp - i16 compares and divisions in 32 bits ---===//
//
// Operations whose result depends on the signedness of a 16-bit integer get
// operands extended to 32 bits by an explicit extsi / extui, and integer
// results are truncated back; values in memory stay 16-bit. Added for NVIDIA's
// wrong int16 scans (min(-26, 25) came out 25), which it did not fix (H200):
// the sign was lost in i16 loads from workgroup memory, which
// spirv-widen-int16-workgroup-variables addresses. Kept on the nvidia profile
// until that is checked on the GPU; it computes the same values.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_WIDENINT16ARITHMETIC
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
bool isInt16(Type type) { return getElementTypeOrSelf(type).isInteger(16); }

Type widened(Type type) {
  Type i32 = IntegerType::get(type.getContext(), 32);
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(i32);
  return i32;
}

bool isUnsignedPredicate(arith::CmpIPredicate predicate) {
  switch (predicate) {
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::ule:
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::uge:
    return true;
  default:
    return false;
  }
}

/// Whether `op` reads its 16-bit operands as unsigned (zero-extended), as
/// signed (sign-extended), or is not one this pass widens.
std::optional<bool> readsUnsigned(Operation *op) {
  if (auto cmp = dyn_cast<arith::CmpIOp>(op))
    return isUnsignedPredicate(cmp.getPredicate());
  if (isa<arith::MinSIOp, arith::MaxSIOp, arith::DivSIOp, arith::RemSIOp,
          arith::ShRSIOp>(op))
    return false;
  if (isa<arith::MinUIOp, arith::MaxUIOp, arith::DivUIOp, arith::RemUIOp,
          arith::ShRUIOp>(op))
    return true;
  return std::nullopt;
}

void widen(Operation *op, bool zeroExtend) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  SmallVector<Value> operands;
  for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
    Type type = widened(operand.getType());
    // A shift amount is a count: never negative, so zero-extended.
    bool unsignedOperand = zeroExtend || (index == 1 && isa<arith::ShRSIOp>(op));
    operands.push_back(
        unsignedOperand
            ? arith::ExtUIOp::create(builder, loc, type, operand).getResult()
            : arith::ExtSIOp::create(builder, loc, type, operand).getResult());
  }
  // The same op on i32 operands; a compare keeps its i1 result.
  Type resultType = op->getResult(0).getType();
  bool integerResult = isInt16(resultType);
  OperationState state(loc, op->getName(), operands,
                       {integerResult ? widened(resultType) : resultType},
                       op->getAttrs());
  Value result = builder.create(state)->getResult(0);
  if (integerResult)
    result = arith::TruncIOp::create(builder, loc, resultType, result);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

struct WidenInt16ArithmeticPass
    : public triton_spirv::impl::WidenInt16ArithmeticBase<
          WidenInt16ArithmeticPass> {
  void runOnOperation() override {
    SmallVector<std::pair<Operation *, bool>> ops;
    getOperation()->walk([&](Operation *op) {
      if (op->getNumOperands() == 0 || !isInt16(op->getOperand(0).getType()))
        return;
      if (std::optional<bool> zeroExtend = readsUnsigned(op))
        ops.push_back({op, *zeroExtend});
    });
    for (auto [op, zeroExtend] : ops)
      widen(op, zeroExtend);
  }
};
} // namespace
