//===- LiftControlFlow.cpp - cf branches to scf before the conversion -----===//
//
// Triton's frontend emits unstructured control flow (cf.cond_br between
// blocks) for a `return` inside an `if` and for early exits in a
// map_elementwise region. Linalg bodies and our kernels are single blocks,
// so both are lifted to scf.if/scf.while first (upstream's CFG-to-SCF
// transformation). Its scf.index_switch (a region left through several exits:
// returns inside nested ifs that fall through elsewhere) becomes a chain of
// scf.if, which later stages handle; ub.poison (the frontend's value of a
// function that returns nothing on some path) becomes a zero.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// Cases [first, end) of `op` and its default as nested scf.if, built at the
/// builder's insertion point; returns their results.
ValueRange switchCasesAsIfs(OpBuilder &b, scf::IndexSwitchOp op, unsigned first) {
  Location loc = op.getLoc();
  if (first == op.getNumCases()) {
    // Only the default is left (one case at least came before it).
    auto ifOp = scf::IfOp::create(b, loc, op.getResultTypes(),
                                  arith::ConstantOp::create(b, loc, b.getBoolAttr(true)),
                                  /*addThenBlock=*/false, /*addElseBlock=*/false);
    ifOp.getThenRegion().takeBody(op.getDefaultRegion());
    return ifOp.getResults();
  }
  Value isCase = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, op.getArg(),
      arith::ConstantIndexOp::create(b, loc, op.getCases()[first]));
  auto ifOp = scf::IfOp::create(b, loc, op.getResultTypes(), isCase,
                                /*addThenBlock=*/false, /*addElseBlock=*/false);
  ifOp.getThenRegion().takeBody(op.getCaseRegions()[first]);
  Block *elseBlock = b.createBlock(&ifOp.getElseRegion());
  if (first + 1 == op.getNumCases()) {
    ifOp.getElseRegion().getBlocks().clear();
    ifOp.getElseRegion().takeBody(op.getDefaultRegion());
  } else {
    b.setInsertionPointToStart(elseBlock);
    ValueRange rest = switchCasesAsIfs(b, op, first + 1);
    scf::YieldOp::create(b, loc, rest);
  }
  b.setInsertionPointAfter(ifOp);
  return ifOp.getResults();
}

void switchesToIfs(Operation *root) {
  SmallVector<scf::IndexSwitchOp> switches;
  root->walk([&](scf::IndexSwitchOp op) { switches.push_back(op); });
  for (scf::IndexSwitchOp op : switches) {
    OpBuilder b(op);
    if (op.getNumCases() == 0) {
      // Only a default: its body runs unconditionally.
      auto ifOp = scf::IfOp::create(b, op.getLoc(), op.getResultTypes(),
                                    arith::ConstantOp::create(b, op.getLoc(), b.getBoolAttr(true)),
                                    false, false);
      ifOp.getThenRegion().takeBody(op.getDefaultRegion());
      op.replaceAllUsesWith(ifOp.getResults());
    } else {
      op.replaceAllUsesWith(switchCasesAsIfs(b, op, 0));
    }
    op.erase();
  }
}

/// ub.poison may be any value: a zero where the type has one.
LogicalResult poisonToZero(Operation *root) {
  SmallVector<ub::PoisonOp> poisons;
  root->walk([&](ub::PoisonOp op) { poisons.push_back(op); });
  for (ub::PoisonOp op : poisons) {
    OpBuilder b(op);
    auto zero = dyn_cast_or_null<TypedAttr>(b.getZeroAttr(op.getType()));
    if (!zero)
      return op.emitError("triton-to-linalg: an undefined (poison) value of type ")
             << op.getType() << " is not supported";
    op.replaceAllUsesWith(arith::ConstantOp::create(b, op.getLoc(), zero).getResult());
    op.erase();
  }
  return success();
}
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
  switchesToIfs(root);
  return poisonToZero(root);
}
