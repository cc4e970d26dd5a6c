//===- VectorTiles.h - workgroup tiles as arrays of vectors ----*- C++ -*-===//
//
// Part of vectorize-contiguous-runs: workgroup tiles that every access reads
// or writes as whole aligned vectors become arrays of vector<W x T> (SPIR-V's
// Logical addressing has no pointer casts, so the element type itself must
// be the vector).
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_VECTORIZATION_VECTORTILES_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_VECTORIZATION_VECTORTILES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::triton_spirv {

/// A number `v` is known to be a multiple of. `runLane0`, when given, is a
/// run loop's induction variable, a multiple of `width` at lane 0; values in
/// `assumedMultiples` are multiples of `width` (checked at run time).
int64_t knownDivisor(Value v, Value runLane0, int64_t width,
                     const llvm::DenseSet<Value> *assumedMultiples = nullptr,
                     int depth = 0);

/// What the tile choice needs to know of the run loops about to be widened.
struct RunLoops {
  /// Whether `op` is nested in such a run loop.
  llvm::function_ref<bool(Operation *op)> isInsideRun;
  /// The width of the run loop directly holding `access` when the access
  /// reads or writes a whole aligned vector at `indices` there; 0 otherwise.
  llvm::function_ref<int64_t(Operation *access, ValueRange indices)>
      alignedVectorWidth;
};

/// The workgroup tiles every access of which is a whole aligned vector of
/// one width (loads and stores directly in a run loop about to be widened),
/// a load outside run loops at a column that is a multiple of the width
/// plus a constant (one lane of a vector), a store outside run loops that
/// with width - 1 others in its block writes all lanes of one vector
/// (nothing else touching the tile in between), or a row-major
/// cooperative-matrix access at a column and leading dimension that are
/// multiples of that width; mapped to the width. Tiles no run loop accesses
/// take vectors of `laneOnlyBytes` (at most four components).
DenseMap<Value, int64_t> chooseVectorTiles(func::FuncOp func,
                                           const RunLoops &runs,
                                           int64_t laneOnlyBytes);

/// Gives `tile` vector<width x T> elements: the last dimension shrinks by
/// `width`, cooperative-matrix accesses count columns and strides in vectors,
/// loads outside run loops read their lane of a vector, and each group of
/// lane stores becomes one vector store. (Run loops rewrite their own
/// accesses when they are widened.)
void retypeAsVectors(Value tile, int64_t width, const RunLoops &runs);

} // namespace mlir::triton_spirv

#endif
