//===- EliminateRedundantBarriers.cpp - drop barriers nothing needs -------===//
//
// distribute-to-workgroup puts a barrier after every phase that touches
// workgroup memory. A barrier is only needed where the workgroup accesses
// before it (back to the previous barrier kept) and after it (up to the next
// barrier) conflict on a buffer: a write on one side, any access on the
// other. Global memory counts as well: a barrier also keeps one
// invocation's read of a kernel argument ahead of another invocation's write
// to it (test_dot's `z += tl.load(Z + cols)[None, :]` then `tl.store(Zs, z)`:
// the dot's init was read from row 0 of the matrix other invocations were
// already storing). Within one block, straight-line segments between barriers are
// compared; a segment that reaches the start or end of a region other than
// the function body (a loop body: the previous iteration's tail comes
// before it) or that holds a barrier in a nested region keeps its barriers,
// except the last barrier of an scf.for body, which is compared with the
// body's tail, the next iteration's head and the code after the loop.
// Barriers the kernel asked for (`tl.debug_barrier`) always stay.
// Profiles opt in: llvmpipe switches every subgroup's coroutine at each
// barrier, while NVIDIA measured slower with fewer barriers.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"
#include "Shared/WorkgroupAccesses.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_ELIMINATEREDUNDANTBARRIERS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

using mlir::triton_spirv::Accesses;
using mlir::triton_spirv::accessesOf;

namespace {
bool removable(gpu::BarrierOp barrier) {
  return !barrier->hasAttr(triton_spirv::kUserBarrierAttr) &&
         !barrier->hasAttr(triton_spirv::kGlobalMemoryBarrierAttr);
}

bool conflicts(const Accesses &before, const Accesses &after) {
  return before.conflictsWith(after) || before.globalConflictsWith(after);
}

/// What runs after `loop` up to the next barrier of its block (to the end of
/// the kernel when the block is the function body); nullopt when that is not
/// known (the block ends first inside another region).
std::optional<Accesses> accessesAfterLoop(scf::ForOp loop, bool isFunctionBody) {
  Block *block = loop->getBlock();
  auto next = std::next(loop->getIterator());
  auto barrier = std::find_if(next, block->end(), [](Operation &op) {
    return isa<gpu::BarrierOp>(op);
  });
  if (barrier == block->end() && !isFunctionBody)
    return std::nullopt;
  return accessesOf(next, barrier);
}

/// The last barrier of a loop body orders this iteration's tail before the
/// next iteration's head (up to the first barrier kept) and before the code
/// after the loop. It goes when neither conflicts with what ran since the
/// barrier before it: a row loop whose two reductions use two buffers needs
/// no barrier after the second one's reads, since the first one's barrier
/// already separates them from the next row's writes.
void eliminateLastInLoopBody(Block &block, scf::ForOp loop,
                             bool loopInFunctionBody) {
  SmallVector<gpu::BarrierOp> barriers;
  for (Operation &op : block)
    if (auto barrier = dyn_cast<gpu::BarrierOp>(op))
      barriers.push_back(barrier);
  // With one barrier the body would be compared with itself.
  if (barriers.size() < 2 || !removable(barriers.back()))
    return;
  gpu::BarrierOp last = barriers.back();
  Accesses before = accessesOf(std::next(barriers[barriers.size() - 2]->getIterator()),
                               last->getIterator());
  Accesses after = accessesOf(std::next(last->getIterator()), block.end());
  after.merge(accessesOf(block.begin(), barriers.front()->getIterator()));
  std::optional<Accesses> afterLoop = accessesAfterLoop(loop, loopInFunctionBody);
  if (!afterLoop)
    return;
  after.merge(*afterLoop);
  if (!before.nestedBarrier && !after.nestedBarrier && !conflicts(before, after))
    last.erase();
}

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
    if (removable(barrier) && beforeKnown &&
        afterKnown && !before.nestedBarrier &&
        !after.nestedBarrier && !conflicts(before, after)) {
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
    for (Block *block : blocks)
      if (auto loop = dyn_cast_or_null<scf::ForOp>(block->getParentOp()))
        eliminateLastInLoopBody(*block, loop,
                                loop->getBlock()->getParent() == &func.getBody());
  }
};
} // namespace
