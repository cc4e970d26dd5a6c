//===- IndexEvaluation.h - index expressions at known values -----*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_SHARED_INDEXEVALUATION_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_SHARED_INDEXEVALUATION_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::triton_spirv {

/// The value of an index expression of constants, index casts and
/// add/sub/mul/divui/remui of non-negative values over leaves `leaf` knows
/// (induction variables, the subgroup id); nullopt for anything else.
inline std::optional<int64_t>
evaluateIndex(Value value, llvm::function_ref<std::optional<int64_t>(Value)> leaf,
              int depth = 0) {
  if (std::optional<int64_t> known = leaf(value))
    return known;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  Operation *op = value.getDefiningOp();
  if (!op || depth > 16)
    return std::nullopt;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return evaluateIndex(op->getOperand(0), leaf, depth + 1);
  if (op->getNumOperands() != 2 ||
      !isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivUIOp, arith::RemUIOp>(op))
    return std::nullopt;
  std::optional<int64_t> lhs = evaluateIndex(op->getOperand(0), leaf, depth + 1);
  std::optional<int64_t> rhs = evaluateIndex(op->getOperand(1), leaf, depth + 1);
  if (!lhs || !rhs || *lhs < 0 || *rhs < 0)
    return std::nullopt;
  if (isa<arith::AddIOp>(op))
    return *lhs + *rhs;
  if (isa<arith::SubIOp>(op))
    return *lhs - *rhs;
  if (isa<arith::MulIOp>(op))
    return *lhs * *rhs;
  if (*rhs == 0)
    return std::nullopt;
  return isa<arith::DivUIOp>(op) ? *lhs / *rhs : *lhs % *rhs;
}

} // namespace mlir::triton_spirv

#endif
