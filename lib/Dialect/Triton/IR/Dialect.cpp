//===- Dialect.cpp - `tt` dialect registration and types ------------------===//
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

#include "triton-spirv/Dialect/Triton/IR/TritonDialect.cpp.inc"
#include "triton-spirv/Dialect/Triton/IR/TritonEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "triton-spirv/Dialect/Triton/IR/TritonTypes.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "triton-spirv/Dialect/Triton/IR/TritonAttrs.cpp.inc"

namespace {
// Lets the inliner inline tt.call of non-noinline functions.
struct TritonInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  /// A callee of several blocks (a `return` inside an `if`): each tt.return
  /// becomes a branch to the block after the call (lifted to scf later).
  void handleTerminator(Operation *op, Block *newDest) const final {
    auto returnOp = dyn_cast<ReturnOp>(op);
    if (!returnOp)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest,
                         returnOp.getOperands());
    op->erase();
  }
  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    auto returnOp = dyn_cast<ReturnOp>(op);
    if (!returnOp)
      return;
    for (auto [value, replacement] :
         llvm::zip(valuesToRepl, returnOp.getOperands()))
      value.replaceAllUsesWith(replacement);
  }
};
} // namespace

void TritonDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "triton-spirv/Dialect/Triton/IR/TritonTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "triton-spirv/Dialect/Triton/IR/TritonAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "triton-spirv/Dialect/Triton/IR/TritonOps.cpp.inc"
      >();
  addInterfaces<TritonInlinerInterface>();
}

//===----------------------------------------------------------------------===//
// !tt.tensordesc<tensor<64x32xf16>> (Triton 3.6, 3.7) or
// !tt.tensordesc<64x32xf16> (3.8 and later)
//===----------------------------------------------------------------------===//
Type TensorDescType::parse(AsmParser &parser) {
  if (parser.parseLess())
    return {};
  RankedTensorType block;
  bool bareShape = false;
  if (succeeded(parser.parseOptionalKeyword("tensor"))) {
    // The legacy spelling: re-read the whole tensor type.
    SmallVector<int64_t> shape;
    Type element;
    if (parser.parseLess() ||
        parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
        parser.parseType(element) || parser.parseGreater())
      return {};
    block = RankedTensorType::get(shape, element);
  } else {
    SmallVector<int64_t> shape;
    Type element;
    if (parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
        parser.parseType(element))
      return {};
    block = RankedTensorType::get(shape, element);
    bareShape = true;
  }
  if (parser.parseGreater())
    return {};
  return TensorDescType::get(parser.getContext(), block, bareShape);
}

void TensorDescType::print(AsmPrinter &printer) const {
  printer << "<";
  if (getBareShape()) {
    for (int64_t dim : getBlockType().getShape())
      printer << dim << "x";
    printer << getBlockType().getElementType();
  } else {
    printer << getBlockType();
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// !tt.ptr<T[, addrspace]>
//===----------------------------------------------------------------------===//
Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = 1;
  if (parser.parseLess() || parser.parseType(pointee))
    return Type();
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return Type();
  if (parser.parseGreater())
    return Type();
  return PointerType::get(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != 1)
    printer << ", " << getAddressSpace();
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//
namespace mlir::triton {

bool isTensorPointerType(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

Type getPointeeType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    auto ptr = cast<PointerType>(tensor.getElementType());
    return tensor.clone(ptr.getPointeeType());
  }
  return cast<PointerType>(type).getPointeeType();
}

Type getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(i1);
  return i1;
}

Type getPointerTypeSameShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(PointerType::get(tensor.getElementType(), 1));
  return PointerType::get(type, 1);
}

Type getBasePointerType(Type tensorPointerType) {
  auto ptr = cast<PointerType>(tensorPointerType);
  auto block = cast<RankedTensorType>(ptr.getPointeeType());
  return PointerType::get(block.getElementType(), ptr.getAddressSpace());
}

} // namespace mlir::triton
