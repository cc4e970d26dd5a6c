//===- WorkgroupReduction.h - linalg.reduce over a workgroup -----*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_REDUCTIONS_WORKGROUPREDUCTION_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_REDUCTIONS_WORKGROUPREDUCTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::triton_spirv {

/// The logical input shape of a linalg.reduce, recorded before privatization
/// shrinks its buffers to their per-invocation part.
constexpr llvm::StringLiteral kReducedShapeAttr = "triton_spirv.reduced_shape";

/// The constants a Shared reduction's accumulators start from, when the fill
/// that wrote them just before was dropped (one typed attribute per init).
constexpr llvm::StringLiteral kInitialValuesAttr = "triton_spirv.initial_values";

/// How a reduction's elements fall on invocations under the block-loop
/// distribution (rounds of numThreads * run consecutive elements).
enum class ReductionOwnership {
  /// Outputs are spread over groups of invocations that exchange partials.
  Shared,
  /// 1-D with a commutative single-op combiner: each invocation folds the
  /// elements it owns, then subgroup operations combine the partials.
  WholeWorkgroup,
  /// Every output's inputs belong to the invocation that owns the output
  /// (the elements after the reduced axis are a multiple of a round): each
  /// invocation folds its outputs in order, with no communication.
  PerInvocation,
  /// Rows of the reduced axis alternate between g row classes whose owners
  /// differ (a round holds g whole rows; the elements after the axis are a
  /// multiple of the run): each invocation folds its owned column of each
  /// class, the g partials per output meet in a small workgroup scratch,
  /// and the output's owner combines them. Triton's combiners are
  /// commutative; partials are combined in class order.
  RowClasses,
};
/// `useSubgroupOps` false: no WholeWorkgroup (subgroup operations).
ReductionOwnership classifyReduction(linalg::ReduceOp reduce,
                                     int64_t numThreads, int64_t contiguity,
                                     bool useSubgroupOps);

/// Replaces a linalg.reduce on memrefs by code every invocation of the
/// workgroup runs: outputs are spread over groups of invocations, each
/// invocation folds a contiguous chunk of the reduced dimension, and the
/// group combines its partials pairwise (order-preserving) through workgroup
/// memory. Barriers are uniform; the combiner region is cloned, so any
/// associative combiner works (argmax with several operands too).
/// The WholeWorkgroup, PerInvocation and RowClasses kinds (see classifyReduction) read
/// only owned elements, so their buffers may be invocation-private
/// (`privateBuffers`). `spanSubgroupSize` > 0: a WholeWorkgroup fold owns
/// its elements by subgroup spans (Distribution::ownedRuns), as the block
/// loops around it must then. `foldPartialsIntoInit`: in a WholeWorkgroup
/// reduction, invocation 0 folds the subgroup partials straight into the
/// accumulator instead of through a workgroup slot and a second barrier.
/// `shuffleWidth` > 1 (the subgroup size, where subgroup operations may be
/// used): the pairwise steps within a subgroup are shuffles, not workgroup
/// memory and barriers.
/// A WholeWorkgroup reduction into a private (Function-storage) accumulator
/// (privatizeReductionResults) is folded by every invocation, which needs
/// the subgroup count (`shuffleWidth` > 0).
LogicalResult lowerReduceToWorkgroup(linalg::ReduceOp reduce, Value threadId,
                                     int64_t numThreads, int64_t contiguity,
                                     const DenseSet<Value> &privateBuffers,
                                     Attribute workgroup, bool useSubgroupOps,
                                     int64_t spanSubgroupSize = 0,
                                     bool foldPartialsIntoInit = false,
                                     int64_t shuffleWidth = 0);


} // namespace mlir::triton_spirv

#endif
