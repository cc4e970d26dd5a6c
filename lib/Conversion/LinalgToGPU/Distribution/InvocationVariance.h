//===- InvocationVariance.h - values that differ between invocations ------===//
//
// Which values of a distributed function may differ between the invocations
// of a workgroup: the invocation ids, what is computed from them, and what
// flows from those through loop-carried values, loop bounds and branch
// results. A loop's carried value whose initial and yielded values are the
// same for every invocation is too (a tile counter of a persistent kernel).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_DISTRIBUTION_INVOCATIONVARIANCE_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_DISTRIBUTION_INVOCATIONVARIANCE_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::triton_spirv {

/// Whether `op` yields the invocation's own id (thread, lane or subgroup).
bool isInvocationId(Operation *op);

class InvocationVariance {
public:
  /// Analyses every value under `root` (a function).
  explicit InvocationVariance(Operation *root);

  /// Whether `value` may differ between invocations. Values defined outside
  /// the analysed function vary only if they are block arguments of ops
  /// other than functions.
  bool varies(Value value) const;

private:
  llvm::DenseSet<Value> varying;
  Operation *root;
};

} // namespace mlir::triton_spirv

#endif
