//===- MergeLoadGuards.cpp - one guard for a run of masked loads ----------===//
//
// A masked load is `scf.if %in { load } else { other }`. Consecutive ones in
// a block (a staged tile: one per run of each invocation) are checked once:
//
//   %all = arith.andi %in0, %in1, ...
//   %r:n = scf.if %all { the loads, unguarded } else { the original ifs }
//
// When every guard holds each original if takes its then-branch, so both
// branches compute the same values. The ifs merged read memory only, the
// code between them has no effects, and their results are used after the
// last one, where the merged if goes.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_MERGELOADGUARDS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Whether `op` and everything nested in it only read memory.
bool onlyReads(Operation *op) {
  bool ok = true;
  op->walk([&](Operation *inner) {
    // Region holders (the if itself) are judged by the ops they hold.
    if (inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isMemoryEffectFree(inner) || isa<scf::YieldOp>(inner))
      return;
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (!effects || !effects.onlyHasEffect<MemoryEffects::Read>())
      ok = false;
  });
  return ok;
}

/// A masked load: an scf.if with results whose then-branch only reads and
/// whose else-branch only yields values from outside it.
bool isGuardedLoad(Operation *op) {
  auto ifOp = dyn_cast<scf::IfOp>(op);
  if (!ifOp || ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
    return false;
  Block &elseBlock = ifOp.getElseRegion().front();
  if (!llvm::hasSingleElement(elseBlock))
    return false;
  for (Value v : ifOp.elseYield().getOperands())
    if (ifOp->isAncestor(v.getParentBlock()->getParentOp()))
      return false;
  bool reads = false;
  ifOp.getThenRegion().walk([&](Operation *inner) {
    reads |= !isMemoryEffectFree(inner) && !isa<scf::YieldOp>(inner);
  });
  return reads && onlyReads(ifOp);
}

/// Merges `group` (at least two guarded loads, in block order) into one if.
void merge(ArrayRef<scf::IfOp> group) {
  scf::IfOp last = group.back();
  OpBuilder b(last->getContext());
  b.setInsertionPointAfter(last);
  Location loc = last.getLoc();
  scf::IfOp first = group.front();
  Value all = first.getCondition();
  for (scf::IfOp ifOp : group.drop_front())
    all = arith::AndIOp::create(b, loc, all, ifOp.getCondition());
  SmallVector<Type> types;
  for (scf::IfOp ifOp : group)
    llvm::append_range(types, ifOp.getResultTypes());
  auto merged = scf::IfOp::create(b, loc, types, all, /*withElseRegion=*/true);
  {
    OpBuilder tb = merged.getThenBodyBuilder();
    SmallVector<Value> yielded;
    for (scf::IfOp ifOp : group) {
      IRMapping mapping;
      for (Operation &op : ifOp.getThenRegion().front().without_terminator())
        tb.clone(op, mapping);
      for (Value v : ifOp.thenYield().getOperands())
        yielded.push_back(mapping.lookupOrDefault(v));
    }
    scf::YieldOp::create(tb, loc, yielded);
  }
  {
    OpBuilder eb = merged.getElseBodyBuilder();
    SmallVector<Value> yielded;
    for (scf::IfOp ifOp : group)
      llvm::append_range(yielded, eb.clone(*ifOp)->getResults());
    scf::YieldOp::create(eb, loc, yielded);
  }
  unsigned next = 0;
  for (scf::IfOp ifOp : group) {
    for (Value result : ifOp.getResults())
      result.replaceAllUsesWith(merged.getResult(next++));
    ifOp.erase();
  }
}

/// The runs of guarded loads in `block` that can share one guard.
SmallVector<SmallVector<scf::IfOp>> groupsIn(Block &block) {
  SmallVector<SmallVector<scf::IfOp>> groups;
  SmallVector<scf::IfOp> current;
  DenseSet<Operation *> span; // ops from the group's first if on
  auto close = [&]() {
    if (current.size() >= 2)
      groups.push_back(current);
    current.clear();
    span.clear();
  };
  auto usedWithin = [&](Operation *op) {
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers()) {
        Operation *top = block.findAncestorOpInBlock(*user);
        if (top && span.contains(top))
          return true;
      }
    return false;
  };
  for (Operation &op : block) {
    if (isGuardedLoad(&op)) {
      span.insert(&op);
      current.push_back(cast<scf::IfOp>(&op));
      continue;
    }
    if (current.empty())
      continue;
    if (isMemoryEffectFree(&op) && op.getNumRegions() == 0) {
      span.insert(&op);
      continue;
    }
    close();
  }
  close();
  // A group whose results feed its own span (a load address read from an
  // earlier load) cannot move its loads to the end: split it there.
  SmallVector<SmallVector<scf::IfOp>> valid;
  for (SmallVector<scf::IfOp> &group : groups) {
    span.clear();
    SmallVector<scf::IfOp> run;
    Operation *end = group.back()->getNextNode();
    for (Operation *op = group.front(); op != end; op = op->getNextNode())
      span.insert(op);
    bool ok = llvm::none_of(group, [&](scf::IfOp ifOp) { return usedWithin(ifOp); });
    if (ok)
      valid.push_back(group);
  }
  return valid;
}

struct MergeLoadGuardsPass
    : public triton_spirv::impl::MergeLoadGuardsBase<MergeLoadGuardsPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      for (SmallVector<scf::IfOp> &group : groupsIn(*block))
        merge(group);
  }
};
} // namespace
