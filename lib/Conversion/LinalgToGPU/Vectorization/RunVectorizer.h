//===- RunVectorizer.h - one contiguous run as vector code ------*- C++ -*-===//
//
// The widening behind --vectorize-contiguous-runs: a run loop (scf.for marked
// `triton_spirv.contiguous_run` by distribute-to-workgroup) becomes a loop
// over vectors of `width` lanes, its loads and stores of lane-consecutive,
// aligned global elements one vector access each, masked accesses a vector
// access when every lane is in and the scalar code per lane otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_VECTORIZATION_RUNVECTORIZER_H
#define TRITON_SPIRV_LIB_CONVERSION_LINALGTOGPU_VECTORIZATION_RUNVECTORIZER_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

namespace mlir::triton_spirv {

/// The attribute distribute-to-workgroup puts on an invocation's run loop.
constexpr llvm::StringLiteral kContiguousRunAttr = "triton_spirv.contiguous_run";

/// The memref a memref.load or memref.store accesses; null for other ops.
Value accessedMemref(Operation *op);

/// Whether any memref of `func` still holds bf16 elements.
bool hasBF16Memory(Operation *func);

/// Widens one run loop: isLegal, findVarying, then run (which replaces the
/// loop) once hasVectorAccess says a vector access would come of it.
class RunVectorizer {
public:
  /// `wrappedOffsets`: remainders by run-uniform values may be consecutive
  /// (vectorize-contiguous-runs wrapped-offsets).
  RunVectorizer(scf::ForOp loop, int64_t width, bool bf16Values, bool wrappedOffsets = true)
      : loop(loop), width(width), bf16Values(bf16Values), wrappedOffsets(wrappedOffsets) {}

  scf::ForOp getLoop() { return loop; }
  int64_t getWidth() const { return width; }
  /// Workgroup tiles retyped to vector<width x T> elements.
  void setVectorTiles(const DenseMap<Value, int64_t> *tiles) { vectorTiles = tiles; }

  /// Whether the body is made only of what this pass knows how to widen.
  bool isLegal();

  /// Marks values that differ between lanes: anything computed from the
  /// induction variable, and results of ifs whose condition or yielded
  /// values differ.
  void findVarying();

  /// Elements between lane k and lane k+1 of `v` (0: uniform).
  std::optional<int64_t> stride(Value v);

  /// A number `v` is known (or assumed) to be a multiple of at lane 0.
  int64_t divisor(Value v);

  /// Whether `rem` (x % n) takes a consecutive x, starting each vector at a
  /// multiple of the width, modulo a run-uniform multiple of the width (with
  /// wrapped offsets on): then it wraps only between vectors.
  bool wrapsBetweenVectors(Operation *rem);

  /// Whether `v` is provably (or assumed) not negative.
  bool isNonNegative(Value v, int depth = 0);

  /// Run-invariant values whose not being negative would make a signed
  /// remainder of the run consecutive (`(pid_n * B + arange) % N` with pid_n
  /// from a min(): checked at run time). Empty when none would.
  SmallVector<Value> nonNegativityTerms();

  /// Takes `terms` as not negative from now on (replacing any earlier
  /// assumption).
  void assumeNonNegative(ArrayRef<Value> terms) {
    assumedNonNegative = DenseSet<Value>(terms.begin(), terms.end());
  }

  /// Run-invariant values (defined before the loop) that, each a multiple of
  /// its modulus (the width; for the address of a view of an address read
  /// from memory, the vector's bytes), make every contiguous global access
  /// of the run an aligned vector and every `linear < bound` mask uniform
  /// over a vector: the divisibility Triton specializes (16) misses strides
  /// like 1000, and table addresses have none. Empty when nothing would gain
  /// or a lane-varying part would still be unaligned.
  SmallVector<std::pair<Value, int64_t>> alignmentTerms();

  /// Whether a load or store of the run states (tl.multiple_of) that its
  /// runs start at addresses aligned to a whole vector: then a runtime check
  /// of the run-invariant terms pays even without runtime-alignment-checks.
  bool hasAlignmentHint();

  /// Takes `terms` as multiples of their moduli from now on (replacing any
  /// earlier assumption).
  void assumeMultiples(ArrayRef<std::pair<Value, int64_t>> terms);

  /// Whether an access of `memref` at `indices` reads or writes consecutive
  /// elements of a rank-1 global buffer.
  bool isConsecutive(Value memref, ValueRange indices);

  /// Bytes of one vector of `memref`'s elements.
  int64_t vectorBytesOf(Value memref);

  /// The address (defined before the run) that `memref` views, when it is a
  /// view of an address read from memory.
  Value viewAddress(Value memref);

  /// Whether `memref` starts at a vector-aligned address: a kernel argument
  /// by its tt.divisibility, a view of an address read from memory once a
  /// runtime check has proven it.
  bool hasAlignedBase(Value memref);

  /// Whether an access of `memref` at `indices` reads or writes consecutive
  /// elements of a rank-1 global buffer whose base is vector-aligned.
  bool isContiguous(Value memref, ValueRange indices);

  /// Whether an access of `memref` at `indices` is one aligned vector.
  bool isAlignedContiguous(Value memref, ValueRange indices);

  /// Whether `op`, a load or store directly in the run loop, reads or
  /// writes one whole vector at a lane-0 column that is a multiple of the
  /// width (a vector-aligned element of a tile retyped to vectors).
  bool accessesAlignedVector(Operation *op, ValueRange indices);

  bool isVectorTileAccess(Operation *op, Value memref, ValueRange indices);

  bool hasVectorAccess();

  /// Loads and stores of the run that are aligned global vector accesses.
  int64_t alignedContiguousAccesses();

  void run();

private:
  VectorType vectorOf(Type t) { return VectorType::get({width}, t); }

  /// Adds to `terms` the run-invariant summands of `v` (through casts, adds
  /// and subtractions) not known to be multiples of the width; false when a
  /// lane-varying summand is such a value or an invariant one is computed
  /// inside the loop.
  bool splitIntoTerms(Value v, SetVector<Value> &terms, int depth = 0);

  /// Whether `v` can never be a multiple of the width: a constant that is
  /// not, or a known multiple plus or minus such a constant (a check would
  /// only ever fail).
  bool neverMultiple(Value v);

  /// The (linear value of stride 1, run-invariant bound) pairs compared in
  /// an and-tree of ordered comparisons: the masks isRunUniform can decide
  /// at lane 0 once both sides are multiples of the width.
  SmallVector<std::pair<Value, Value>> linearBounds(Value cond, int depth = 0);

  /// Lane 0's indices into a tile retyped to vectors: the column in vectors.
  SmallVector<Value> tileIndices(OpBuilder &b, Location loc, ValueRange indices);

  /// Lane 0's indices of a contiguous access: where its vector starts.
  SmallVector<Value> laneZeroIndices(OpBuilder &b, Location loc, ValueRange indices);

  Value vec(OpBuilder &b, Location loc, Value v);

  /// The scalar value of `v` in lane k, built at the insertion point.
  Value lane(OpBuilder &b, Location loc, Value v, int64_t k);

  /// Clones `op` (with its regions) as the scalar code of lane k.
  Operation *cloneForLane(OpBuilder &b, Operation *op, int64_t k);

  /// Fills `dst` (of a new if) from `src`: widened ops, then a yield of the
  /// widened values when the if has results.
  void fillWidened(Block &dst, Block &src, bool hasResults);

  void emitBlock(OpBuilder &b, Block &block);

  void emitOp(OpBuilder &b, Operation *op);

  /// Whether `cond` has one value in all lanes of a run: comparisons of
  /// run-uniform values, and `x < B` (or `x >= B`) with x linear of stride
  /// s and both x's lane 0 and B multiples of s * width (x0 < B implies
  /// x0 + s * (width - 1) < B). With `tt.divisibility` on the bound this
  /// is the usual `offs < K - k * BLOCK_K` mask.
  bool isRunUniform(Value cond, int depth = 0);

  /// Whether `cond` holds in every lane. An ordered comparison of linear
  /// values holds on an interval of lanes, so its two end lanes decide.
  Value allLanes(OpBuilder &b, Location loc, Value cond);

  bool containsVarying(Operation *op);

  void emitIf(OpBuilder &b, scf::IfOp ifOp);

  scf::ForOp loop;
  int64_t width;
  bool bf16Values; // bf16 values may become vectors (memory holds bits already)
  Value laneZero;
  Block *topBlock = nullptr;
  const DenseMap<Value, int64_t> *vectorTiles = nullptr;
  DenseSet<Value> varying;
  DenseMap<Value, Value> vectors;
  IRMapping uniform;
  DenseMap<std::pair<Value, int64_t>, Value> laneCache;
  /// Lanes built by the outermost lane() call below the top block (inside a
  /// per-lane if): the values it cloned, reused within that call.
  DenseMap<std::pair<Value, int64_t>, Value> *nestedLaneCache = nullptr;
  /// Run-invariant values a runtime check has proven multiples of the width.
  DenseSet<Value> assumed;
  DenseSet<Value> assumedNonNegative;
  bool wrappedOffsets;
};

} // namespace mlir::triton_spirv

#endif
