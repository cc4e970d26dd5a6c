//===- HoistInvariantFragments.cpp - loop-invariant matrix operands -------===//
//
// A tile loaded once before a loop and multiplied in every iteration (the Q
// block of attention: `q` is loaded before the key loop, `tl.dot(q, k^T)`
// runs in it) sits in workgroup memory, and the cooperative lowering reads
// its fragments again each iteration. When nothing in the loop writes that
// tile and a barrier separates its writes from the loop, the fragment loads
// (and the subgroup-uniform index arithmetic they need) move in front of the
// loop: the fragments stay in registers, as Triton-CUDA keeps Q, and the
// tile's workgroup memory is read once.
//
//   %q = memref.alloc() : memref<32x18xvector<4xf16>, Workgroup>
//   ...writes of %q...; gpu.barrier
//   scf.for ... {
//     %a = gpu.subgroup_mma_load_matrix %q[%row, %c0] ...   // moves out
//     %c = gpu.subgroup_mma_compute %a, %b, %acc ...
//   }
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_HOISTINVARIANTFRAGMENTS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using mlir::triton_spirv::isWorkgroupMemref;

namespace {
/// Whether `user` (a user of a workgroup buffer) only reads it.
bool onlyReads(Operation *user) {
  return isa<gpu::SubgroupMmaLoadMatrixOp, memref::LoadOp, vector::LoadOp>(user);
}

/// Whether `value` is defined outside `loop` or by pure ops (collected in
/// `toHoist`, operands first) that are, up to `depth` levels.
bool hoistable(Value value, scf::ForOp loop, SmallVectorImpl<Operation *> &toHoist,
               int depth = 6) {
  if (loop.isDefinedOutsideOfLoop(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || depth == 0 || def->getParentOp() != loop.getOperation() ||
      def->getNumRegions() != 0 || !isPure(def))
    return false;
  for (Value operand : def->getOperands())
    if (!hoistable(operand, loop, toHoist, depth - 1))
      return false;
  if (!llvm::is_contained(toHoist, def))
    toHoist.push_back(def);
  return true;
}

/// Whether every write of `buffer` happens before `loop` in its block, with
/// a gpu.barrier after the last one and before the loop, and nothing inside
/// the loop writes it.
bool writesSettledBefore(Value buffer, scf::ForOp loop) {
  Block *block = loop->getBlock();
  SmallVector<Operation *> writers;
  for (Operation *user : buffer.getUsers()) {
    // Views alias the tile: their accesses are not the buffer's users.
    if (llvm::any_of(user->getResultTypes(), llvm::IsaPred<BaseMemRefType>))
      return false;
    if (loop->isAncestor(user)) {
      if (!onlyReads(user))
        return false;
      continue;
    }
    if (onlyReads(user) || isa<memref::DeallocOp>(user))
      continue;
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (!inBlock || !inBlock->isBeforeInBlock(loop))
      return false; // written elsewhere, or after the loop (a later iteration
                    // of an enclosing loop would read stale fragments)
    writers.push_back(inBlock);
  }
  for (Operation *op = loop->getPrevNode(); op; op = op->getPrevNode()) {
    if (isa<gpu::BarrierOp>(op))
      return true;
    if (llvm::is_contained(writers, op))
      return false;
  }
  return false; // no barrier between the writes (or the block's start) and the loop
}

struct HoistInvariantFragmentsPass
    : public triton_spirv::impl::HoistInvariantFragmentsBase<
          HoistInvariantFragmentsPass> {
  using HoistInvariantFragmentsBase::HoistInvariantFragmentsBase;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      SmallVector<gpu::SubgroupMmaLoadMatrixOp> loads;
      for (auto load : loop.getBody()->getOps<gpu::SubgroupMmaLoadMatrixOp>()) {
        Value buffer = load.getSrcMemref();
        if (!loop.isDefinedOutsideOfLoop(buffer) ||
            !buffer.getDefiningOp<memref::AllocOp>() || !isWorkgroupMemref(buffer) ||
            !writesSettledBefore(buffer, loop))
          continue;
        loads.push_back(load);
      }
      // Each fragment held across the loop costs registers (4-8 per lane).
      if (loads.empty() || int64_t(loads.size()) > maxFragments)
        continue;
      for (gpu::SubgroupMmaLoadMatrixOp load : loads) {
        SmallVector<Operation *> toHoist;
        if (!llvm::all_of(load.getIndices(), [&](Value index) {
              return hoistable(index, loop, toHoist);
            }))
          continue;
        for (Operation *op : toHoist)
          op->moveBefore(loop);
        load->moveBefore(loop);
      }
    }
  }
};
} // namespace
