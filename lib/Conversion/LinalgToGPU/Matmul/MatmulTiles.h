//===- MatmulTiles.h - linalg.matmul on the owners of its outputs -*- C++ -*-===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_MATMUL_MATMULTILES_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_MATMUL_MATMULTILES_H

#include "Shared/BlockOwnership.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::triton_spirv {

/// How lowerMatmulToOwnedOutputs shapes its code (device choices).
struct OwnedOutputsOptions {
  /// The subgroup size when A elements are broadcast in subgroups; 0: off.
  int64_t broadcastLanes = 0;
  /// Outputs an invocation keeps in registers across the K loop.
  int64_t maxAccumulators = kDefaultMatmulAccumulators;
  /// K extents up to this are unrolled entirely (longer ones four steps at
  /// a time).
  int64_t fullyUnrolledK = 16;
  /// The same for A elements of at most 16 bits (0: `fullyUnrolledK`).
  int64_t fullyUnrolledNarrowK = 0;
  /// k steps per iteration of a K loop not unrolled entirely (when they
  /// divide K; one step otherwise). 1 keeps the loop rolled.
  int64_t partialKUnroll = 4;
};

/// Register-blocked matmul: each invocation keeps up to `maxAccumulators` of
/// its outputs in registers across the K loop, loading one A element per owned row and the
/// B elements of its run once per k (shared by all rows when every round
/// covers whole rows). K advances `partialKUnroll` steps per loop iteration
/// when they divide it (all of K up to `fullyUnrolledK`), so each row reads four consecutive A
/// elements at once. With `broadcastLanes` and A elements of up to 32 bits,
/// when a subgroup's lanes own the same rows (or two halves own two adjacent
/// rows each round), lane j loads the A element of its group's row of round
/// j and the others take it by a shuffle of that constant lane: one load per
/// row and subgroup instead of one per lane.
void lowerMatmulToOwnedOutputs(linalg::MatmulOp matmul, Value threadId,
                               int64_t numThreads, int64_t contiguity,
                               const DenseSet<Value> &privateBuffers,
                               const OwnedOutputsOptions &options = {});

/// Multiply-accumulates an invocation's K loop body holds for `matmul` as
/// lowerMatmulToOwnedOutputs emits it: the code its unrolling makes.
int64_t unrolledMatmulSteps(linalg::MatmulOp matmul, int64_t numThreads,
                            int64_t contiguity,
                            const OwnedOutputsOptions &options);

/// `options` with less K unrolling when the matmuls of one kernel together
/// would emit more than `budget` unrolled steps (unrolledMatmulSteps): first
/// no K block unrolled entirely, then rolled K loops. A kernel with one
/// matmul keeps `options` (its code is bounded by them already); budget 0
/// means no limit. Drivers whose compile time grows faster than the code
/// (llvmpipe's coroutines) need this for kernels with many dots.
OwnedOutputsOptions fitMatmulUnrollBudget(ArrayRef<linalg::MatmulOp> matmuls,
                                          int64_t numThreads,
                                          int64_t contiguity,
                                          OwnedOutputsOptions options,
                                          int64_t budget);

} // namespace mlir::triton_spirv

#endif
