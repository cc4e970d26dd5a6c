//===- WorkgroupAccesses.h - workgroup buffers a stretch of code uses -*- C++ -*-===//
//
// Which workgroup allocations ops read and write (through views), for passes
// that decide whether a barrier orders anything.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_WORKGROUPACCESSES_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_WORKGROUPACCESSES_H

#include "MemorySpaces.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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

  void merge(const Accesses &other) {
    llvm::set_union(reads, other.reads);
    llvm::set_union(writes, other.writes);
    unknown |= other.unknown;
    nestedBarrier |= other.nestedBarrier;
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

inline void recordAccess(Operation *op, Accesses &accesses) {
  if (isa<gpu::BarrierOp>(op)) {
    accesses.nestedBarrier = true;
    return;
  }
  // Views only name memory; the accesses through them are recorded.
  if (isa<ViewLikeOpInterface>(op))
    return;
  for (Value operand : op->getOperands()) {
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
