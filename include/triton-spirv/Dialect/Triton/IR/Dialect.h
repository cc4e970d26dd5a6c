//===- Dialect.h - the `tt` dialect (Triton 3.6.0 TTIR) ---------*- C++ -*-===//
#ifndef TRITON_SPIRV_DIALECT_TRITON_IR_DIALECT_H
#define TRITON_SPIRV_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "triton-spirv/Dialect/Triton/IR/TritonDialect.h.inc"
#include "triton-spirv/Dialect/Triton/IR/TritonEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "triton-spirv/Dialect/Triton/IR/TritonTypes.h.inc"
#define GET_ATTRDEF_CLASSES
#include "triton-spirv/Dialect/Triton/IR/TritonAttrs.h.inc"

namespace mlir::triton {

/// The side-effect resource of global (device) memory.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};

/// Type helpers used by the op definitions' type inference.
bool isTensorPointerType(Type type);
/// ptr<T> -> T; tensor<S x ptr<T>> -> tensor<S x T>; ptr<tensor<..>> -> tensor.
Type getPointeeType(Type type);
/// Same shape as `type`, element type i1 (scalar i1 for scalars).
Type getI1SameShape(Type type);
/// T -> ptr<T>; tensor<S x T> -> tensor<S x ptr<T>>.
Type getPointerTypeSameShape(Type type);
/// ptr<tensor<S x T>, A> -> ptr<T, A>.
Type getBasePointerType(Type tensorPointerType);

/// Tensors have a power-of-two number of elements, at most this many.
constexpr int64_t kMaxTensorNumElements = 1 << 20;
LogicalResult verifyTensorSizes(Operation *op);

/// Checks every ranked-tensor operand and result of a tt op.
template <typename ConcreteType>
class TensorSizeTrait : public OpTrait::TraitBase<ConcreteType, TensorSizeTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyTensorSizes(op);
  }
};

} // namespace mlir::triton

#define GET_OP_CLASSES
#include "triton-spirv/Dialect/Triton/IR/TritonOps.h.inc"

#endif
