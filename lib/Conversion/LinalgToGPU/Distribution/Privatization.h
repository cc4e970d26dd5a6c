//===- Privatization.h - block temporaries in invocation-private memory -*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_DISTRIBUTION_PRIVATIZATION_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_DISTRIBUTION_PRIVATIZATION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::triton_spirv {

/// Finds buffers (with everything they flow into through scf.for/scf.if)
/// that are only accessed element-wise by the block loops that produce and
/// consume them, at the loops' own iteration index: each invocation then only
/// touches its own elements, so the buffer becomes a Function-storage array
/// of elementsPerInvocation() entries, and no barrier guards it. Retypes
/// them and returns the new private buffer values; their loads and stores
/// are re-indexed by distribution (see privateIndex).
DenseSet<Value> privatizeBlockBuffers(func::FuncOp func, int64_t numThreads,
                                      int64_t contiguity, bool useSubgroupOps);

/// Scalars (rank-0 temporaries) each invocation can hold itself: written
/// only by scalar (uniform) code and as the accumulator of whole-workgroup
/// reductions, which then fold the subgroup partials in every invocation in
/// the same order (the same bits everywhere). They become Function-storage
/// allocas: no workgroup slot, and no barrier around their writes and reads.
void privatizeReductionResults(func::FuncOp func, int64_t numThreads,
                               int64_t contiguity, bool useSubgroupOps);

/// Loop-carried buffers and buffers chosen by an scf.if would be pointers
/// (to Workgroup or Function storage) that logical SPIR-V cannot carry
/// (lavapipe crashes on Function-storage ones). Each memref iter_arg of an
/// scf.for becomes one fixed buffer: the init is copied in before the loop
/// and the yielded buffer at the end of each iteration; each memref result
/// of an scf.if becomes one fixed buffer both branches copy into. The copies
/// are block loops, distributed like any other (and private when the
/// buffers are). Canonicalization then drops the now invariant iter_args.
void carryBuffersInPlace(func::FuncOp func);

/// The same for scf.while (run before memref.copy is lowered): each buffer
/// before-argument becomes a fixed buffer (init copied in before the loop,
/// the yielded buffer at the end of the after region); a forwarded buffer
/// that is a copy of one is that fixed buffer, any other is copied into one
/// in the before region. The loop is rebuilt without them.
void carryWhileBuffersInPlace(func::FuncOp func);

} // namespace mlir::triton_spirv

#endif
