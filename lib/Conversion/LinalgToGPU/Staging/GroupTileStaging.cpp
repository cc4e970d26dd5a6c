//===- GroupTileStaging.cpp - stage a loop's global tiles together --------===//
//
// A key loop loads K at its top and V only after the softmax: two staging
// phases (global -> workgroup tile), each ended by a barrier, with the
// scores' phases between them. This pass moves a staging op (a generic that
// only reads kernel arguments and writes block buffers) up to the previous
// staging op of its block when nothing in between touches its buffers or
// writes global memory. distribute-to-workgroup then lets adjacent phases
// on disjoint buffers share one barrier.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_GROUPTILESTAGING
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
bool isKernelArgument(Value memref) {
  auto arg = dyn_cast<BlockArgument>(memref);
  return arg && isa<func::FuncOp>(arg.getOwner()->getParentOp());
}

/// A generic that fills block buffers from kernel arguments: scalar inputs,
/// allocated outputs, a body that loads kernel arguments and accesses no
/// other memory.
bool isTileStaging(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureBufferSemantics())
    return false;
  if (llvm::any_of(generic.getDpsInputs(),
                   [](Value v) { return isa<MemRefType>(v.getType()); }))
    return false;
  if (!llvm::all_of(generic.getDpsInits(), [](Value v) {
        return v.getDefiningOp<memref::AllocOp>() != nullptr;
      }))
    return false;
  bool loadsGlobal = false;
  for (Operation &inner : generic.getRegion().front().without_terminator()) {
    if (auto load = dyn_cast<memref::LoadOp>(inner)) {
      if (!isKernelArgument(load.getMemRef()))
        return false;
      loadsGlobal = true;
    } else if (inner.getNumRegions() != 0 || !isMemoryEffectFree(&inner)) {
      return false;
    }
  }
  return loadsGlobal;
}

/// Whether `op` (and what it holds) uses any of `buffers`.
bool usesAny(Operation *op, ArrayRef<Value> buffers) {
  return op
      ->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (llvm::is_contained(buffers, operand))
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether a staging op may move above `op`: `op` does not touch the
/// staged buffers and writes no kernel argument.
bool mayPass(Operation *op, ArrayRef<Value> staged) {
  if (usesAny(op, staged))
    return false;
  if (isMemoryEffectFree(op) && op->getNumRegions() == 0)
    return true;
  if (isa<memref::AllocOp>(op))
    return true;
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return !isKernelArgument(copy.getTarget());
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.hasPureBufferSemantics() &&
           llvm::none_of(linalgOp.getDpsInits(), isKernelArgument) &&
           !linalgOp
                ->walk([](Operation *inner) {
                  return isa<memref::StoreOp>(inner) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
                })
                .wasInterrupted();
  return false;
}

struct GroupTileStaging
    : triton_spirv::impl::GroupTileStagingBase<GroupTileStaging> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) {
      if (!isa<linalg::LinalgOp>(block->getParentOp()))
        blocks.push_back(block);
    });
    for (Block *block : blocks) {
      Operation *previous = nullptr;
      for (Operation &op : llvm::make_early_inc_range(*block)) {
        if (!isTileStaging(&op))
          continue;
        if (previous)
          moveAfter(&op, previous);
        previous = &op;
      }
    }
  }

  /// Moves `staging` (and the allocations of its buffers) right after
  /// `previous` when every op in between lets it pass and everything it
  /// uses is defined before `previous`.
  void moveAfter(Operation *staging, Operation *previous) {
    auto generic = cast<linalg::GenericOp>(staging);
    SmallVector<Value> staged(generic.getDpsInits());
    SmallVector<Operation *> allocs;
    for (Operation *op = previous->getNextNode(); op != staging;
         op = op->getNextNode()) {
      if (auto alloc = dyn_cast<memref::AllocOp>(op);
          alloc && llvm::is_contained(staged, alloc.getResult())) {
        allocs.push_back(op);
        continue;
      }
      if (!mayPass(op, staged))
        return;
    }
    // Operands and captured values must exist before the new position.
    llvm::SetVector<Value> used;
    getUsedValuesDefinedAbove(generic.getRegion(), used);
    used.insert(generic->getOperands().begin(), generic->getOperands().end());
    for (Value value : used) {
      Operation *def = value.getDefiningOp();
      if (!def || def->getBlock() != staging->getBlock() ||
          llvm::is_contained(allocs, def))
        continue;
      if (!def->isBeforeInBlock(previous) && def != previous)
        return;
    }
    Operation *at = previous;
    for (Operation *alloc : allocs) {
      alloc->moveAfter(at);
      at = alloc;
    }
    staging->moveAfter(at);
  }
};
} // namespace
