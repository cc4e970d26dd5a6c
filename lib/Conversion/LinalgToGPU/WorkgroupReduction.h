//===- WorkgroupReduction.h - linalg.reduce over a workgroup -----*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_WORKGROUPREDUCTION_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_WORKGROUPREDUCTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::triton_spirv {

/// The extent a 1-D linalg.reduce reduces, recorded before privatization
/// shrinks its input buffer to the per-invocation part.
constexpr llvm::StringLiteral kReducedExtentAttr = "triton_spirv.reduced_extent";

/// Replaces a linalg.reduce on memrefs by code every invocation of the
/// workgroup runs: outputs are spread over groups of invocations, each
/// invocation folds a contiguous chunk of the reduced dimension, and the
/// group combines its partials pairwise (order-preserving) through workgroup
/// memory. Barriers are uniform; the combiner region is cloned, so any
/// associative combiner works (argmax with several operands too).
/// A 1-D reduction with a commutative single-op combiner (sum, min, max)
/// instead folds the elements each invocation owns under the block-loop
/// distribution, so its input may be an invocation-private buffer
/// (`privateBuffers`), then combines with subgroup operations.
LogicalResult lowerReduceToWorkgroup(linalg::ReduceOp reduce, Value threadId,
                                     int64_t numThreads, int64_t contiguity,
                                     const DenseSet<Value> &privateBuffers,
                                     Attribute workgroup);

/// Whether `reduce` takes the owned-elements path above (then it reads
/// `input` only at elements the reading invocation owns).
bool reducesOwnedElements(linalg::ReduceOp reduce);

} // namespace mlir::triton_spirv

#endif
