//===- BlockOwnership.h - which invocation owns which elements --*- C++ -*-===//
//
// The ownership model that distribution, privatization and the matmul and
// reduction lowerings share: how a block loop's iterations fall on the
// workgroup's invocations (Distribution), and which matmuls and reductions
// touch only the elements their invocations own, so that privatization may
// make their buffers invocation-private and the lowerings read them there.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_SHARED_BLOCKOWNERSHIP_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_SHARED_BLOCKOWNERSHIP_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

#include <array>
#include <optional>

namespace mlir::triton_spirv {

/// Marks an scf.parallel over the rows of a tile built by fuse-row-phases:
/// distributed one row per invocation (not in runs), and never the block
/// loop that makes a buffer private (its distribution differs).
constexpr llvm::StringLiteral kRowPhaseAttr = "triton_spirv.row_phase";

/// How a block loop of `total` iterations is split over the workgroup.
struct Distribution {
  int64_t run;      // consecutive iterations per invocation
  int64_t perRound; // iterations per round (numThreads * run)
  int64_t rounds;
  static Distribution of(int64_t total, int64_t numThreads, int64_t contiguity);
  int64_t elementsPerInvocation() const { return rounds * run; }
  /// Where iteration `inRun` of round `round` lives in a private buffer.
  Value privateSlot(OpBuilder &b, Location loc, Value round, Value inRun) const;

  /// Where invocation `threadId`'s runs are: round r's run starts at
  /// r * roundStep + first. Round-major (`subgroupSize` 0): first = tid * run,
  /// roundStep = perRound. Subgroup spans (subgroupSize L > 0, several
  /// rounds, several subgroups): subgroup s covers its own rounds * L * run
  /// iterations, lanes adjacent within a round: first = s * rounds * L * run
  /// + lane * run, roundStep = L * run. Every lowering that reads or writes
  /// the same private buffers must use the same choice.
  struct OwnedRuns {
    Value first;
    int64_t roundStep;
  };
  OwnedRuns ownedRuns(OpBuilder &b, Location loc, Value threadId,
                      int64_t subgroupSize) const;
};

//===----------------------------------------------------------------------===//
// Matmuls
//===----------------------------------------------------------------------===//

/// Marks a linalg.matmul that runs on subgroup cooperative matrices (its
/// accumulator is then shared, never invocation-private).
constexpr llvm::StringLiteral kCooperativeMatrixAttr =
    "triton_spirv.cooperative_matrix";

/// [M, N, K] of a linalg.matmul, recorded before privatization shrinks its
/// accumulator to the per-invocation part.
constexpr llvm::StringLiteral kMatmulShapeAttr = "triton_spirv.matmul_shape";

/// Outputs an invocation keeps in registers across the K loop, unless the
/// caller says otherwise (distribute-to-workgroup max-matmul-accumulators).
constexpr int64_t kDefaultMatmulAccumulators = 64;

/// [M, N, K] of a matmul with static 2-D memref operands (or as recorded in
/// kMatmulShapeAttr before privatization), else nullopt.
std::optional<std::array<int64_t, 3>> matmulShape(linalg::MatmulOp matmul);

/// Whether `matmul` is computed by the invocations that own its outputs under
/// the block-loop distribution (static 2-D shapes, runs that stay within a
/// row, every invocation busy in every round). Its accumulator is then only
/// touched at owned elements and may be invocation-private.
bool computesOwnedOutputs(linalg::MatmulOp matmul, int64_t numThreads,
                          int64_t contiguity);

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The logical input shape of a linalg.reduce, recorded before privatization
/// shrinks its buffers to their per-invocation part.
constexpr llvm::StringLiteral kReducedShapeAttr = "triton_spirv.reduced_shape";

/// The subgroup operation (and its identity) a single-op combiner maps to.
struct SubgroupCombiner {
  gpu::AllReduceOperation kind;
  TypedAttr identity;
};

/// The subgroup combiner of a 1-input reduce whose body is one 32-bit add,
/// max or min of its two arguments, else nullopt.
std::optional<SubgroupCombiner> matchSubgroupCombiner(linalg::ReduceOp reduce);

/// The input shape before privatization.
SmallVector<int64_t> logicalShape(linalg::ReduceOp reduce);

/// The reduced extent, the elements after the axis, and the outputs.
struct ReduceGeometry {
  int64_t extent, inner, outputs, total;
};
ReduceGeometry geometryOf(ArrayRef<int64_t> shape, int64_t axis);

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

} // namespace mlir::triton_spirv

#endif
