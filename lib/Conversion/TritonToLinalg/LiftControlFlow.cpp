//===- LiftControlFlow.cpp - cf branches to scf before the conversion -----===//
//
// Triton's frontend emits unstructured control flow (cf.cond_br between
// blocks) for a `return` inside an `if` and for early exits in a
// map_elementwise region. Linalg bodies and our kernels are single blocks,
// so both are lifted to scf.if/scf.while first (upstream's CFG-to-SCF
// transformation).
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Dominance.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
/// Paths where a value is undefined get a zero where the type has one
/// (instead of ub.poison, which later stages do not lower); the lifted code
/// never loops forever.
struct StructuredControlFlowLifting : public ControlFlowToSCFTransformation {
  Value getUndefValue(Location loc, OpBuilder &builder, Type type) override {
    if (TypedAttr zero = dyn_cast_or_null<TypedAttr>(builder.getZeroAttr(type)))
      return arith::ConstantOp::create(builder, loc, zero);
    return ub::PoisonOp::create(builder, loc, type);
  }
  FailureOr<Operation *> createUnreachableTerminator(Location, OpBuilder &,
                                                     Region &) override {
    return failure();
  }
};
} // namespace

LogicalResult mlir::triton_spirv::liftControlFlowToSCF(Operation *root) {
  SmallVector<Region *> regions;
  root->walk([&](Operation *op) {
    if (auto func = dyn_cast<FuncOp>(op)) {
      if (!func.isExternal() && !func.getBody().hasOneBlock())
        regions.push_back(&func.getBody());
    } else if (auto map = dyn_cast<MapElementwiseOp>(op)) {
      if (!map.getScalarOp().hasOneBlock())
        regions.push_back(&map.getScalarOp());
    }
  });
  StructuredControlFlowLifting lifting;
  for (Region *region : regions) {
    Operation *owner = region->getParentOp();
    DominanceInfo dominance(owner);
    if (failed(transformCFGToSCF(*region, lifting, dominance)))
      return owner->emitError("triton-to-linalg: cannot lift the control flow "
                              "of this ")
             << owner->getName() << " to scf";
  }
  return success();
}
