//===- WorkgroupReduction.h - linalg.reduce over a workgroup -----*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_WORKGROUPREDUCTION_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_WORKGROUPREDUCTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::triton_spirv {

/// Replaces a linalg.reduce on memrefs by code every invocation of the
/// workgroup runs: outputs are spread over groups of invocations, each
/// invocation folds a contiguous chunk of the reduced dimension, and the
/// group combines its partials pairwise (order-preserving) through workgroup
/// memory. Barriers are uniform; the combiner region is cloned, so any
/// associative combiner works (argmax with several operands too).
LogicalResult lowerReduceToWorkgroup(linalg::ReduceOp reduce, Value threadId,
                                     int64_t numThreads, Attribute workgroup);

} // namespace mlir::triton_spirv

#endif
