//===- FragmentRowPhaseMatch.h - row phases fragment-row-phases takes -*- C++ -*-===//
//
// What --fragment-row-phases recognizes: the straight-line row phase between
// two barriers that reads dot outputs stored as fragments (S; attention
// backward: S and dP) one row per invocation and writes P for the next
// dot's A fragments, with its values classified per row, per column element
// and as partial row reductions.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_FRAGMENTS_FRAGMENTROWPHASEMATCH_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_FRAGMENTS_FRAGMENTROWPHASEMATCH_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <tuple>

namespace mlir::triton_spirv::fragment_rows {

constexpr int64_t kFragment = 16;
// Components per invocation of a 16x16 fragment at subgroup size 32, and
// those of one of its two rows.
constexpr int64_t kComponents = 8;
constexpr int64_t kRowComponents = 4;

enum class Kind { Row, Element, Partial };

struct ValueInfo {
  Kind kind;
  int64_t column = -1; // Element
  int64_t chain = -1;  // Partial
};

/// A row reduction of the phase: `init` (optional, per-row) combined with
/// every column's element by one associative op, in a chain of such ops.
struct Chain {
  OperationName combiner;
  Value init;
  Operation *last = nullptr;
  DenseMap<int64_t, Value> perColumn;
};

/// A vector along the columns read from global memory: column j's element
/// at `memref[root + offset + j]`.
struct ColumnVector {
  Value memref, root;
  int64_t offset = 0;
  SmallVector<Value> loads; // per column
};

/// One row phase between two barriers of a block and what it reads and
/// writes, when it matches.
struct RowPhase {
  gpu::BarrierOp first, second;
  // The phase's ops, inside `guard` (`if thread < rows`) when the workgroup
  // has more invocations than S has rows.
  SmallVector<Operation *> ops;
  SmallVector<Operation *> others;
  scf::IfOp guard;
  int64_t rows = 0;
  Value threadId;
  // The dot outputs the phase reads (S; attention backward: S and dP), each
  // stored as fragments with the same tiling.
  SmallVector<Value> scores;
  Value probabilities;
  SmallVector<Value> stateBuffers;
  int64_t columns = 0;
  DenseMap<Value, ValueInfo> info;
  SmallVector<Chain> chains;
  // Per column: the element ops in order, the score load, the stored value.
  SmallVector<SmallVector<Operation *>> slices;
  // Per score buffer and column: its load.
  SmallVector<SmallVector<Value>> scoreLoads;
  SmallVector<Value> storedProbabilities;
  SmallVector<ColumnVector> columnVectors;
  // Values from before the phase that column j's code uses plus j (the
  // causal mask's start_n + j), and column 0's ops computing on them, which
  // run per element with the element's column.
  SmallVector<Value> columnLeaves;
  SmallVector<Operation *> columnOps;
  // Score buffers the phase writes back in place (attention backward's P^T,
  // which a later phase reads): the buffer's index and per column the value.
  SmallVector<std::pair<int64_t, SmallVector<Value>>> scoreUpdates;
  // Per score buffer: its fragment stores grouped by their rows (the same
  // rows in every subgroup; group g covers the same rows in every buffer),
  // each group's stores ordered by column.
  SmallVector<SmallVector<SmallVector<gpu::SubgroupMmaStoreMatrixOp>>> groups;
  // Each P fragment load: the group and column tile it reads.
  SmallVector<std::tuple<gpu::SubgroupMmaLoadMatrixOp, int64_t, int64_t>>
      probabilityLoads;
};

/// The row phase that starts after `first` when it matches, for a workgroup
/// of `numThreads` invocations in subgroups of `subgroupSize`.
std::optional<RowPhase> matchRowPhase(gpu::BarrierOp first, int64_t numThreads,
                                      int64_t subgroupSize);

} // namespace mlir::triton_spirv::fragment_rows

#endif
