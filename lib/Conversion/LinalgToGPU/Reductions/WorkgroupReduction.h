//===- WorkgroupReduction.h - linalg.reduce over a workgroup -----*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_REDUCTIONS_WORKGROUPREDUCTION_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_REDUCTIONS_WORKGROUPREDUCTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::triton_spirv {

/// The constants a Shared reduction's accumulators start from, when the fill
/// that wrote them just before was dropped (one typed attribute per init).
constexpr llvm::StringLiteral kInitialValuesAttr = "triton_spirv.initial_values";

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
