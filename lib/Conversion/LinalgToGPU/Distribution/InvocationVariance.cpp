//===- InvocationVariance.cpp - values that differ between invocations ----===//
#include "Distribution/InvocationVariance.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

bool triton_spirv::isInvocationId(Operation *op) {
  return isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp>(op);
}

triton_spirv::InvocationVariance::InvocationVariance(Operation *root) : root(root) {
  SmallVector<Value> work;
  auto mark = [&](Value v) {
    if (varying.insert(v).second)
      work.push_back(v);
  };
  auto markResults = [&](Operation *op) {
    for (Value result : op->getResults())
      mark(result);
  };
  root->walk([&](Operation *op) {
    // Sources: ids, and values an atomic returns (one per invocation).
    if (isInvocationId(op) ||
        (op->getNumResults() != 0 && hasEffect<MemoryEffects::Write>(op)))
      markResults(op);
    // Block arguments of region ops not followed below are taken as varying.
    if (!isa<func::FuncOp, scf::ForOp, scf::IfOp>(op) && op != root)
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            mark(arg);
  });
  while (!work.empty()) {
    Value value = work.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      unsigned index = use.getOperandNumber();
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (index < loop.getNumControlOperands()) {
          // A varying trip count: everything the loop carries varies.
          mark(loop.getInductionVar());
          for (BlockArgument arg : loop.getRegionIterArgs())
            mark(arg);
          markResults(loop);
        } else {
          mark(loop.getRegionIterArgs()[index - loop.getNumControlOperands()]);
          mark(loop->getResult(index - loop.getNumControlOperands()));
        }
        continue;
      }
      if (isa<scf::IfOp>(user)) { // the condition
        markResults(user);
        continue;
      }
      if (user->hasTrait<OpTrait::IsTerminator>()) {
        Operation *parent = user->getParentOp();
        if (auto loop = dyn_cast<scf::ForOp>(parent)) {
          mark(loop.getRegionIterArgs()[index]);
          mark(loop->getResult(index));
        } else if (isa<scf::IfOp>(parent)) {
          mark(parent->getResult(index));
        } else if (parent != root) {
          markResults(parent);
        }
        continue;
      }
      markResults(user);
    }
  }
}

bool triton_spirv::InvocationVariance::varies(Value value) const {
  if (varying.contains(value))
    return true;
  Operation *scope = value.getParentRegion()->getParentOp();
  if (root == scope || root->isProperAncestor(scope))
    return false;
  // Defined outside the analysed function: only its own arguments are safe.
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && !isa<func::FuncOp>(arg.getOwner()->getParentOp());
}
