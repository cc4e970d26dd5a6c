//===- ShareWorkgroupBuffers.cpp - one buffer for tiles never live at once -===//
//
// Each block temporary gets its own workgroup variable, for the whole
// kernel. A kernel with two loops over the same tiles (causal attention: the
// key blocks left of the diagonal, then the masked diagonal block) needs
// twice the memory it uses at any time: at 128x32 tiles, 131 KiB where the
// device has 48, so the scores moved to global scratch and the causal kernel
// ran at 80% of the non-causal one's time for half the work.
//
// Buffers of one type whose uses lie in disjoint ranges of the kernel's
// top-level ops, with a barrier between the ranges, become one (the first,
// moved to the kernel's entry): the barrier keeps the later buffer's first
// use from overtaking the earlier one's last use in another invocation.
// Buffers whose value flows anywhere but into accesses and views
// (loop-carried, yielded, passed to a call) keep their own variable.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SHAREWORKGROUPBUFFERS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Positions of top-level ops: [first, last] of a buffer's uses.
struct LiveRange {
  int64_t first, last;
};

/// The range of top-level ops (by position in `positions`) that use
/// `alloc` or a view of it, or nothing when it is unused or some use lets
/// it escape.
std::optional<LiveRange>
liveRangeOf(memref::AllocOp alloc, Block &entry,
            const DenseMap<Operation *, int64_t> &positions) {
  std::optional<LiveRange> range;
  SmallVector<Value> worklist{alloc.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() != value)
          return std::nullopt;
        llvm::append_range(worklist, user->getResults());
      } else if (!isa<memref::LoadOp, memref::StoreOp, vector::LoadOp,
                      vector::StoreOp, gpu::SubgroupMmaLoadMatrixOp,
                      gpu::SubgroupMmaStoreMatrixOp, memref::DeallocOp>(user)) {
        return std::nullopt;
      }
      int64_t position = positions.lookup(entry.findAncestorOpInBlock(*user));
      if (!range)
        range = LiveRange{position, position};
      range->first = std::min(range->first, position);
      range->last = std::max(range->last, position);
    }
  }
  return range;
}

struct ShareWorkgroupBuffersPass
    : triton_spirv::impl::ShareWorkgroupBuffersBase<ShareWorkgroupBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.getBody().getBlocks().size() != 1)
      return;
    Block &entry = func.getBody().front();
    DenseMap<Operation *, int64_t> positions;
    SmallVector<Operation *> topLevel;
    for (Operation &op : entry) {
      positions[&op] = topLevel.size();
      topLevel.push_back(&op);
    }

    struct Candidate {
      memref::AllocOp alloc;
      LiveRange range;
    };
    SmallVector<Candidate> candidates;
    func.walk([&](memref::AllocOp alloc) {
      MemRefType type = alloc.getType();
      if (!triton_spirv::isWorkgroupMemref(alloc) || !type.hasStaticShape())
        return;
      if (std::optional<LiveRange> range = liveRangeOf(alloc, entry, positions))
        candidates.push_back({alloc, *range});
    });
    llvm::stable_sort(candidates, [](const Candidate &a, const Candidate &b) {
      return a.range.first < b.range.first;
    });

    // Greedily: each buffer joins the first earlier one of its type that is
    // dead by then, with a barrier between the two ranges (one added there
    // would cost more than it saves: on lavapipe each barrier switches
    // every subgroup's coroutine).
    SmallVector<int64_t> barriersBefore(topLevel.size() + 1, 0);
    for (auto [i, op] : llvm::enumerate(topLevel))
      barriersBefore[i + 1] = barriersBefore[i] + isa<gpu::BarrierOp>(op);
    SmallVector<Candidate> shared;
    for (Candidate &candidate : candidates) {
      Candidate *host = nullptr;
      for (Candidate &earlier : shared)
        if (earlier.alloc.getType() == candidate.alloc.getType() &&
            earlier.range.last < candidate.range.first &&
            barriersBefore[candidate.range.first] >
                barriersBefore[earlier.range.last + 1]) {
          host = &earlier;
          break;
        }
      if (!host) {
        shared.push_back(candidate);
        continue;
      }
      host->alloc->moveBefore(&entry, entry.begin());
      candidate.alloc.getResult().replaceAllUsesWith(host->alloc.getResult());
      candidate.alloc.erase();
      host->range.last = candidate.range.last;
    }
  }
};
} // namespace
