//===- PhaseBarriers.cpp - barriers between workgroup-memory phases -------===//
//
// distribute-to-workgroup's barrier placement: after every uniform op (a
// distributed loop, a reduction, a matmul, a scalar access) that touches
// workgroup memory, a barrier, unless the next phase touches none of the
// buffers accessed since the last one.
//
//===----------------------------------------------------------------------===//
#include "Distribution/PhaseBarriers.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using mlir::triton_spirv::isInsideDistributedWork;
using mlir::triton_spirv::kSingleInvocationAttr;
using mlir::triton_spirv::usesMemref;

namespace {

SmallVector<Operation *> getAncestors(Operation *op) {
  SmallVector<Operation *> ancestors;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    ancestors.push_back(parent);
  return ancestors;
}

bool touchesWorkgroupMemory(Operation *op, Attribute workgroup) {
  return usesMemref(op, [&](Value memref) {
    return cast<MemRefType>(memref.getType()).getMemorySpace() == workgroup;
  });
}

/// The workgroup allocations `op` (or an op inside it) accesses, through
/// views.
DenseSet<Value> workgroupFootprint(Operation *op, Attribute workgroup) {
  DenseSet<Value> buffers;
  op->walk([&](Operation *inner) {
    for (Value operand : inner->getOperands()) {
      auto type = dyn_cast<MemRefType>(operand.getType());
      if (!type || type.getMemorySpace() != workgroup)
        continue;
      while (auto view = operand.getDefiningOp<ViewLikeOpInterface>())
        operand = view.getViewSource();
      buffers.insert(operand);
    }
  });
  return buffers;
}

/// The op after (or before) `op` in its block, pure ops and allocations
/// aside.
Operation *adjacentAccess(Operation *op, bool after) {
  auto step = [&](Operation *o) { return after ? o->getNextNode() : o->getPrevNode(); };
  Operation *next = step(op);
  while (next && next->getNumRegions() == 0 &&
         (isMemoryEffectFree(next) || isa<memref::AllocOp>(next)))
    next = step(next);
  return next;
}

/// Which phases end without a barrier of their own: those followed directly
/// by another phase that touches none of the workgroup buffers accessed
/// since the last barrier (this phase's and those of the barrier-less
/// phases just before it). The barrier after the last of such a run orders
/// them all.
class SharedBarriers {
public:
  SharedBarriers(const DenseSet<Operation *> &phases, Attribute workgroup)
      : phases(phases), workgroup(workgroup) {}

  bool skipsBarrier(Operation *phase) {
    if (auto it = skips.find(phase); it != skips.end())
      return it->second;
    Operation *next = adjacentAccess(phase, /*after=*/true);
    bool skip = false;
    if (next && phases.contains(next)) {
      const DenseSet<Value> &since = pendingAfter(phase);
      skip = llvm::none_of(footprint(next),
                           [&](Value buffer) { return since.contains(buffer); });
    }
    skips[phase] = skip;
    return skip;
  }

private:
  const DenseSet<Value> &footprint(Operation *op) {
    auto [it, inserted] = footprints.try_emplace(op);
    if (inserted)
      it->second = workgroupFootprint(op, workgroup);
    return it->second;
  }

  /// Buffers accessed since the last barrier, `phase` included.
  const DenseSet<Value> &pendingAfter(Operation *phase) {
    if (auto it = pending.find(phase); it != pending.end())
      return it->second;
    DenseSet<Value> since = footprint(phase);
    Operation *previous = adjacentAccess(phase, /*after=*/false);
    if (previous && phases.contains(previous) && skipsBarrier(previous))
      for (Value buffer : pendingAfter(previous))
        since.insert(buffer);
    return pending[phase] = std::move(since);
  }

  const DenseSet<Operation *> &phases;
  Attribute workgroup;
  DenseMap<Operation *, DenseSet<Value>> footprints, pending;
  DenseMap<Operation *, bool> skips;
};
} // namespace

namespace mlir::triton_spirv {

/// Whether `op` or an op inside it has a memref operand satisfying `pred`.
bool usesMemref(Operation *op, function_ref<bool(Value)> pred) {
  return op
      ->walk([&](Operation *inner) {
        return llvm::any_of(inner->getOperands(),
                            [&](Value operand) {
                              return isa<MemRefType>(operand.getType()) &&
                                     pred(operand);
                            })
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

bool isInsideDistributedWork(Operation *op) {
  return op->getParentOfType<scf::ParallelOp>() != nullptr;
}

void placePhaseBarriers(func::FuncOp func, Attribute workgroup,
                        ArrayRef<scf::ParallelOp> loops,
                        ArrayRef<linalg::ReduceOp> reductions,
                        ArrayRef<linalg::MatmulOp> matmuls,
                        bool barrierAfterPrivatePhases, bool shareBarriers) {
  if (!touchesWorkgroupMemory(func, workgroup))
    return;
  OpBuilder builder(func.getContext());
  SmallVector<Operation *> phases;
  for (scf::ParallelOp loop : loops)
    if (barrierAfterPrivatePhases || touchesWorkgroupMemory(loop, workgroup))
      phases.push_back(loop);
  for (linalg::ReduceOp reduce : reductions)
    phases.push_back(reduce);
  for (linalg::MatmulOp matmul : matmuls)
    phases.push_back(matmul);
  func.walk([&](Operation *op) {
    // Code run by one invocation must not wait at a barrier.
    if (op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>() &&
        llvm::any_of(getAncestors(op), [](Operation *ancestor) {
          return ancestor->hasAttr(kSingleInvocationAttr);
        }))
      return;
    if (isInsideDistributedWork(op) || op->getNumRegions() != 0 ||
        isa<scf::ParallelOp, linalg::ReduceOp, linalg::MatmulOp>(op) ||
        op->getParentOfType<linalg::ReduceOp>() ||
        op->getParentOfType<linalg::MatmulOp>())
      return;
    // Only accesses order memory; passing a buffer along (views, loop
    // yields) does not.
    if (op->hasTrait<OpTrait::IsTerminator>() || isMemoryEffectFree(op))
      return;
    if (touchesWorkgroupMemory(op, workgroup))
      phases.push_back(op);
  });
  // With barrier-after-private-phases, loops on private (and global)
  // memory only get one too: on the H100 fewer barriers (none after such
  // phases, none after dead loads) measured up to 2.4x slower softmax
  // (NVIDIA's compiler then interleaves the phases' private arrays, we
  // suspect). On lavapipe each barrier switches every subgroup's
  // coroutine: without them layer norm 1024x4096 ran 21 -> 13.6 ms.
  DenseSet<Operation *> phaseSet(phases.begin(), phases.end());
  SharedBarriers shared(phaseSet, workgroup);
  for (Operation *phase : phases) {
    if (shareBarriers && shared.skipsBarrier(phase))
      continue;
    builder.setInsertionPointAfter(phase);
    gpu::BarrierOp::create(builder, phase->getLoc());
  }
}

} // namespace mlir::triton_spirv
