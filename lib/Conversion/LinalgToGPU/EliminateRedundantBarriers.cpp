//===- EliminateRedundantBarriers.cpp - drop barriers nothing needs -------===//
//
// distribute-to-workgroup puts a barrier after every phase that touches
// workgroup memory. A barrier is only needed where the workgroup accesses
// before it (back to the previous barrier kept) and after it (up to the next
// barrier) conflict on a buffer: a write on one side, any access on the
// other. Within one block, straight-line segments between barriers are
// compared; a segment that reaches the start or end of a region other than
// the function body (a loop body: the previous iteration's tail comes
// before it) or that holds a barrier in a nested region keeps its barriers.
// Barriers the kernel asked for (`tl.debug_barrier`) always stay.
// Profiles opt in: llvmpipe switches every subgroup's coroutine at each
// barrier, while NVIDIA measured slower with fewer barriers.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"
#include "WorkgroupAccesses.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_ELIMINATEREDUNDANTBARRIERS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

using mlir::triton_spirv::Accesses;
using mlir::triton_spirv::accessesOf;

namespace {
void eliminateInBlock(Block &block, bool isFunctionBody) {
  SmallVector<gpu::BarrierOp> barriers;
  for (Operation &op : block)
    if (auto barrier = dyn_cast<gpu::BarrierOp>(op))
      barriers.push_back(barrier);
  if (barriers.empty())
    return;
  // A segment touching the region's start or end is only known when the
  // region is the function body (nothing runs before or after it).
  Accesses before = accessesOf(block.begin(), barriers.front()->getIterator());
  bool beforeKnown = isFunctionBody;
  for (size_t i = 0; i < barriers.size(); ++i) {
    gpu::BarrierOp barrier = barriers[i];
    bool last = i + 1 == barriers.size();
    Block::iterator next =
        last ? block.end() : barriers[i + 1]->getIterator();
    Accesses after = accessesOf(std::next(barrier->getIterator()), next);
    bool afterKnown = !last || isFunctionBody;
    if (!barrier->hasAttr(triton_spirv::kUserBarrierAttr) &&
        !barrier->hasAttr(triton_spirv::kGlobalMemoryBarrierAttr) && beforeKnown &&
        afterKnown && !before.nestedBarrier &&
        !after.nestedBarrier && !before.conflictsWith(after)) {
      barrier.erase();
      before.merge(after);
    } else {
      before = after;
      beforeKnown = true;
    }
  }
}

struct EliminateRedundantBarriersPass
    : public triton_spirv::impl::EliminateRedundantBarriersBase<
          EliminateRedundantBarriersPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    SmallVector<Block *> blocks;
    func.walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      eliminateInBlock(*block, block->getParent() == &func.getBody());
  }
};
} // namespace
