//===- WorkgroupAccesses.h - workgroup buffers a stretch of code uses -*- C++ -*-===//
//
// Which workgroup allocations ops read and write (through views), for passes
// that decide whether a barrier orders anything. Global buffers are recorded
// too: a barrier also orders one invocation's read of a global element before
// another's write of it (a dot's init loaded from the matrix it is stored to).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_SHARED_WORKGROUPACCESSES_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_SHARED_WORKGROUPACCESSES_H

#include "MemorySpaces.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetOperations.h"

namespace mlir::triton_spirv {

/// The workgroup buffers a stretch of code reads and writes. `unknown`: a
/// workgroup memref was used in a way not modelled here.
struct Accesses {
  llvm::SmallDenseSet<Value> reads, writes;
  bool unknown = false;
  bool nestedBarrier = false;
  /// Kernel argument buffers read and written; raw addresses (and views of
  /// addresses) may be any global memory.
  llvm::SmallDenseSet<Value> globalReads, globalWrites;
  bool rawRead = false, rawWrite = false;

  void merge(const Accesses &other) {
    llvm::set_union(reads, other.reads);
    llvm::set_union(writes, other.writes);
    unknown |= other.unknown;
    nestedBarrier |= other.nestedBarrier;
    llvm::set_union(globalReads, other.globalReads);
    llvm::set_union(globalWrites, other.globalWrites);
    rawRead |= other.rawRead;
    rawWrite |= other.rawWrite;
  }
  /// Whether a write on one side may touch global memory the other side
  /// accesses (distinct kernel arguments taken as distinct, as Triton does).
  bool globalConflictsWith(const Accesses &other) const {
    auto intersects = [](const llvm::SmallDenseSet<Value> &a,
                         const llvm::SmallDenseSet<Value> &b) {
      return llvm::any_of(a, [&](Value v) { return b.contains(v); });
    };
    auto anyGlobal = [](const Accesses &a) {
      return a.rawRead || a.rawWrite || !a.globalReads.empty() ||
             !a.globalWrites.empty();
    };
    auto anyGlobalWrite = [](const Accesses &a) {
      return a.rawWrite || !a.globalWrites.empty();
    };
    if ((rawWrite && anyGlobal(other)) || (other.rawWrite && anyGlobal(*this)) ||
        (rawRead && anyGlobalWrite(other)) || (other.rawRead && anyGlobalWrite(*this)))
      return true;
    return intersects(globalWrites, other.globalReads) ||
           intersects(globalWrites, other.globalWrites) ||
           intersects(globalReads, other.globalWrites);
  }
  /// Whether both touch a buffer (or either is unknown), whatever the kind
  /// of access.
  bool sharesBufferWith(const Accesses &other) const {
    if (unknown || other.unknown)
      return true;
    auto touched = [](const Accesses &a, Value v) {
      return a.reads.contains(v) || a.writes.contains(v);
    };
    return llvm::any_of(reads, [&](Value v) { return touched(other, v); }) ||
           llvm::any_of(writes, [&](Value v) { return touched(other, v); });
  }
  bool conflictsWith(const Accesses &other) const {
    if (unknown || other.unknown)
      return true;
    auto intersects = [](const llvm::SmallDenseSet<Value> &a,
                         const llvm::SmallDenseSet<Value> &b) {
      return llvm::any_of(a, [&](Value v) { return b.contains(v); });
    };
    return intersects(writes, other.reads) ||
           intersects(writes, other.writes) || intersects(reads, other.writes);
  }
};

/// The alloc a workgroup memref is a view of, or null.
inline Value rootBuffer(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref.getDefiningOp<memref::AllocOp>() ? memref : Value();
}

/// The global buffer (kernel argument or address view) a memref is a view
/// of, or null.
inline Value globalRoot(Value memref) {
  if (!isa<MemRefType>(memref.getType()))
    return Value();
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return isGlobalBuffer(memref) ? memref : Value();
}

inline void recordAccess(Operation *op, Accesses &accesses) {
  if (isa<gpu::BarrierOp>(op)) {
    accesses.nestedBarrier = true;
    return;
  }
  // Views only name memory; the accesses through them are recorded.
  if (isa<ViewLikeOpInterface>(op))
    return;
  if (isa<LLVM::LoadOp>(op)) {
    accesses.rawRead = true;
    return;
  }
  if (isa<LLVM::StoreOp>(op) || isa<LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp>(op)) {
    accesses.rawRead = accesses.rawWrite = true;
    return;
  }
  for (Value operand : op->getOperands()) {
    if (Value global = globalRoot(operand)) {
      if (isa<UnrealizedConversionCastOp>(op))
        continue;
      bool isArgument = isa<BlockArgument>(global);
      bool reads = !isa<memref::StoreOp, vector::StoreOp>(op);
      bool writes = !isa<memref::LoadOp, vector::LoadOp>(op);
      if (reads)
        (isArgument ? (void)accesses.globalReads.insert(global)
                    : void(accesses.rawRead = true));
      if (writes)
        (isArgument ? (void)accesses.globalWrites.insert(global)
                    : void(accesses.rawWrite = true));
      continue;
    }
    if (!isWorkgroupMemref(operand))
      continue;
    Value root = rootBuffer(operand);
    if (!root) {
      accesses.unknown = true;
      return;
    }
    if (isa<memref::LoadOp, vector::LoadOp, gpu::SubgroupMmaLoadMatrixOp>(op)) {
      accesses.reads.insert(root);
    } else if (isa<memref::StoreOp, vector::StoreOp,
                   gpu::SubgroupMmaStoreMatrixOp>(op) &&
               op->getOperand(1) == operand) {
      accesses.writes.insert(root);
    } else {
      // Atomics, copies, calls, ...: both.
      accesses.reads.insert(root);
      accesses.writes.insert(root);
    }
  }
}

inline Accesses accessesOf(Block::iterator begin, Block::iterator end) {
  Accesses accesses;
  for (Operation &op : llvm::make_range(begin, end))
    op.walk([&](Operation *inner) { recordAccess(inner, accesses); });
  return accesses;
}

} // namespace mlir::triton_spirv

#endif
