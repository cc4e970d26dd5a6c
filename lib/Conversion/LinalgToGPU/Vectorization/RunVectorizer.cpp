//===- RunVectorizer.cpp - one contiguous run as vector code --------------===//
#include "Vectorization/RunVectorizer.h"
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"
#include "Vectorization/VectorTiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/ScopeExit.h"
#include <numeric>

using namespace mlir;
using namespace mlir::triton_spirv;

Value mlir::triton_spirv::accessedMemref(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getMemRef();
  return Value();
}

namespace {
bool isElementwise(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
      isa<arith::ConstantOp>(op) || op->getNumRegions() || op->getNumResults() != 1)
    return false;
  return llvm::all_of(op->getOperandTypes(), [](Type t) { return t.isIntOrIndexOrFloat(); }) &&
         op->getResult(0).getType().isIntOrIndexOrFloat();
}

/// Types the later passes handle as vectors (bf16 memory, fp8 emulation and
/// the f64 transcendental expansion are scalar-only). bf16 values are fine
/// once bf16 memory holds bits (store-bf16-as-i16 ran): what is left is arith
/// that upstream's bf16 expansion widens lane by lane.
bool isVectorizableType(Type t, bool bf16Values) {
  if (t.isIndex() || t.isInteger())
    return true;
  return t.isF16() || t.isF32() || t.isF64() || (bf16Values && t.isBF16());
}

} // namespace

bool mlir::triton_spirv::hasBF16Memory(Operation *func) {
  auto isBF16Memref = [](Type t) {
    auto memref = dyn_cast<MemRefType>(t);
    return memref && memref.getElementType().isBF16();
  };
  bool found = false;
  func->walk([&](Operation *op) {
    found |= llvm::any_of(op->getResultTypes(), isBF16Memref);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        found |= llvm::any_of(block.getArgumentTypes(), isBF16Memref);
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

/// Whether the body is made only of what this pass knows how to widen.
bool RunVectorizer::isLegal() {
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    bool typesOk = llvm::all_of(op->getResultTypes(), [&](Type t) {
                     return isVectorizableType(t, bf16Values);
                   }) &&
                   llvm::all_of(op->getOperandTypes(), [&](Type t) {
                     return isa<MemRefType>(t)
                                ? isVectorizableType(
                                      cast<MemRefType>(t).getElementType(), false)
                                : isVectorizableType(t, bf16Values);
                   });
    if (!typesOk)
      return WalkResult::interrupt();
    if (isa<math::MathDialect>(op->getDialect()) &&
        getElementTypeOrSelf(op->getResult(0).getType()).isF64())
      return WalkResult::interrupt();
    if (auto truncf = dyn_cast<arith::TruncFOp>(op))
      if (truncf.getRoundingmodeAttr())
        return WalkResult::interrupt();
    if (isElementwise(op) || isa<arith::ConstantOp, memref::LoadOp,
                                 memref::StoreOp, scf::IfOp, scf::YieldOp>(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted() && loop.getNumResults() == 0;
}

/// Marks values that differ between lanes: anything computed from the
/// induction variable, and results of ifs whose condition or yielded
/// values differ.
void RunVectorizer::findVarying() {
  varying.insert(loop.getInductionVar());
  bool changed = true;
  while (changed) {
    changed = false;
    loop.getBody()->walk([&](Operation *op) {
      bool isVarying = llvm::any_of(op->getOperands(), [&](Value v) {
        return varying.contains(v);
      });
      if (auto ifOp = dyn_cast<scf::IfOp>(op))
        for (Region &region : ifOp->getRegions())
          if (!region.empty())
            for (Value y : region.front().getTerminator()->getOperands())
              isVarying |= varying.contains(y);
      if (isVarying)
        for (Value r : op->getResults())
          changed |= varying.insert(r).second;
    });
  }
}

/// Elements between lane k and lane k+1 of `v` (0: uniform).
std::optional<int64_t> RunVectorizer::stride(Value v) {
  if (v == loop.getInductionVar())
    return 1;
  if (!varying.contains(v))
    return 0;
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (isa<arith::IndexCastOp, arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastUIOp>(def))
    return stride(def->getOperand(0));
  if (isa<arith::AddIOp, arith::SubIOp>(def)) {
    auto a = stride(def->getOperand(0)), b = stride(def->getOperand(1));
    if (!a || !b)
      return std::nullopt;
    return isa<arith::AddIOp>(def) ? *a + *b : *a - *b;
  }
  if (isa<arith::MulIOp>(def)) {
    for (int i = 0; i < 2; ++i)
      if (auto c = getConstantIntValue(def->getOperand(1 - i)))
        if (auto s = stride(def->getOperand(i)))
          return *s * *c;
    if (stride(def->getOperand(0)) == 0 && stride(def->getOperand(1)) == 0)
      return 0;
  }
  // Delinearized run indices: x = q * c + r with x consecutive and the run
  // starting at a multiple of the width, which divides c, never crosses a
  // multiple of c, so r stays consecutive and q uniform.
  if (isa<arith::RemUIOp, arith::DivUIOp>(def)) {
    auto c = getConstantIntValue(def->getOperand(1));
    if (c && *c > 0 && *c % width == 0 && stride(def->getOperand(0)) == 1 &&
        divisor(def->getOperand(0)) % width == 0)
      return isa<arith::RemUIOp>(def) ? 1 : 0;
  }
  // The same with a run-uniform modulus known to be a multiple of the width
  // (Triton's `offs % N`, N specialized as a multiple of 16): x % n and x
  // differ by a multiple of n, and none falls strictly inside an aligned
  // vector. A signed remainder follows x's sign, so x must not be negative:
  // known from its operations, or stated by Triton's contiguity hint on the
  // op (tl.max_contiguous), which Triton-CUDA vectorizes by as well.
  if (isa<arith::RemUIOp, arith::RemSIOp>(def) && wrapsBetweenVectors(def) &&
      (isa<arith::RemUIOp>(def) || def->hasAttr("tt.contiguity") ||
       isNonNegative(def->getOperand(0))))
    return 1;
  auto allUniform = [&](ValueRange operands) {
    return llvm::all_of(operands, [&](Value operand) { return stride(operand) == 0; });
  };
  // Any pure op of values equal in all lanes (a row index the run's lanes
  // share, divided or taken modulo) is itself uniform.
  if (def->getNumResults() == 1 && !def->getNumRegions() && isMemoryEffectFree(def) &&
      allUniform(def->getOperands()))
    return 0;
  // So is a read of one element of a workgroup or private buffer that the
  // run does not write (an index tensor kept in workgroup memory), accessed
  // only by loads and stores (no views that could write it elsewhere).
  if (auto load = dyn_cast<memref::LoadOp>(def))
    if (!isGlobalBuffer(load.getMemRef()) && allUniform(load.getIndices()) &&
        isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(load.getMemRef().getDefiningOp()) &&
        llvm::all_of(load.getMemRef().getUsers(), [&](Operation *user) {
          return isa<memref::LoadOp>(user) ||
                 (isa<memref::StoreOp>(user) && !loop->isAncestor(user));
        }))
      return 0;
  return std::nullopt;
}

/// Whether `rem` (x % n) takes a consecutive x, starting each vector at a
/// multiple of the width, modulo a run-uniform multiple of the width.
bool RunVectorizer::wrapsBetweenVectors(Operation *rem) {
  Value x = rem->getOperand(0), n = rem->getOperand(1);
  return wrappedOffsets && stride(n) == 0 && stride(x) == 1 && divisor(x) % width == 0 &&
         divisor(n) % width == 0;
}

int64_t RunVectorizer::alignedContiguousAccesses() {
  int64_t count = 0;
  loop.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op))
      count += isAlignedContiguous(load.getMemRef(), load.getIndices());
    if (auto store = dyn_cast<memref::StoreOp>(op))
      count += isAlignedContiguous(store.getMemRef(), store.getIndices());
  });
  return count;
}

SmallVector<Value> RunVectorizer::nonNegativityTerms() {
  SetVector<Value> terms;
  // Summands of `x` (through casts and adds): provably non-negative, or
  // defined before the loop (then a term); false otherwise.
  std::function<bool(Value, int)> split = [&](Value x, int depth) {
    if (isNonNegative(x))
      return true;
    if (loop.isDefinedOutsideOfLoop(x)) {
      terms.insert(x);
      return true;
    }
    Operation *def = x.getDefiningOp();
    if (!def || depth > 8)
      return false;
    if (isa<arith::IndexCastOp, arith::ExtSIOp>(def))
      return split(def->getOperand(0), depth + 1);
    if (isa<arith::AddIOp>(def))
      return split(def->getOperand(0), depth + 1) && split(def->getOperand(1), depth + 1);
    return false;
  };
  loop.getBody()->walk([&](arith::RemSIOp rem) {
    Value x = rem.getLhs();
    if (rem->hasAttr("tt.contiguity") || !wrapsBetweenVectors(rem) || isNonNegative(x))
      return;
    // A remainder whose dividend has other parts stays per lane.
    SetVector<Value> before = terms;
    if (!split(x, 0))
      terms = before;
  });
  return terms.takeVector();
}

/// Whether `v` is provably not negative: ids, constants, run and loop
/// indices from non-negative bounds, and sums, products, quotients and
/// remainders of such values (index arithmetic, which does not wrap here).
bool RunVectorizer::isNonNegative(Value v, int depth) {
  if (depth > 16)
    return false;
  if (assumedNonNegative.contains(v))
    return true;
  if (auto c = getConstantIntValue(v))
    return *c >= 0;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    auto step = forOp ? getConstantIntValue(forOp.getStep()) : std::nullopt;
    return forOp && arg == forOp.getInductionVar() && step && *step > 0 &&
           isNonNegative(forOp.getLowerBound(), depth + 1);
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::SubgroupIdOp, gpu::LaneIdOp>(def))
    return true;
  if (isa<arith::IndexCastOp, arith::ExtSIOp, arith::AddIOp, arith::MulIOp, arith::DivSIOp,
          arith::RemSIOp, arith::DivUIOp, arith::RemUIOp>(def))
    return llvm::all_of(isa<arith::RemSIOp>(def) ? def->getOperands().take_front()
                                                 : def->getOperands(),
                        [&](Value operand) { return isNonNegative(operand, depth + 1); });
  return false;
}

/// A number `v` is known (or assumed) to be a multiple of at lane 0.
int64_t RunVectorizer::divisor(Value v) {
  return knownDivisor(v, loop.getInductionVar(), width, &assumed);
}

/// Run-invariant values (defined before the loop) that, each a multiple of
/// its modulus (the width; for the address of a view of an address read
/// from memory, the vector's bytes), make every contiguous global access
/// of the run an aligned vector and every `linear < bound` mask uniform
/// over a vector: the divisibility Triton specializes (16) misses strides
/// like 1000, and table addresses have none. Empty when nothing would gain
/// or a lane-varying part would still be unaligned.
SmallVector<std::pair<Value, int64_t>> RunVectorizer::alignmentTerms() {
  SetVector<Value> terms;
  DenseMap<Value, int64_t> addressBytes;
  bool needed = false, feasible = true;
  auto requireMultiple = [&](Value v) {
    if (divisor(v) % width == 0)
      return;
    needed = true;
    feasible &= splitIntoTerms(v, terms);
  };
  auto requireAccess = [&](Value memref, ValueRange indices) {
    if (!isConsecutive(memref, indices))
      return;
    if (!hasAlignedBase(memref)) {
      Value address = viewAddress(memref);
      if (!address)
        return;
      needed = true;
      terms.insert(address);
      addressBytes[address] = vectorBytesOf(memref);
    }
    requireMultiple(indices.back());
  };
  loop.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op))
      requireAccess(load.getMemRef(), load.getIndices());
    if (auto store = dyn_cast<memref::StoreOp>(op))
      requireAccess(store.getMemRef(), store.getIndices());
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      for (auto [linear, bound] : linearBounds(ifOp.getCondition())) {
        requireMultiple(linear);
        requireMultiple(bound);
      }
  });
  if (!needed || !feasible)
    return {};
  SmallVector<std::pair<Value, int64_t>> moduli;
  for (Value term : terms) {
    int64_t bytes = addressBytes.lookup(term);
    moduli.emplace_back(term, bytes ? bytes : width);
  }
  return moduli;
}

/// Whether a load or store of the run states (tl.multiple_of) that its
/// runs start at addresses aligned to a whole vector: then a runtime check
/// of the run-invariant terms pays even without runtime-alignment-checks.
bool RunVectorizer::hasAlignmentHint() {
  WalkResult hinted = loop.getBody()->walk([&](Operation *op) {
    auto hint = op->getAttrOfType<IntegerAttr>(triton_spirv::kHintedAlignmentAttr);
    Value memref = accessedMemref(op);
    return hint && memref && hint.getInt() % vectorBytesOf(memref) == 0
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return hinted.wasInterrupted();
}

/// Takes `terms` as multiples of their moduli from now on (replacing any
/// earlier assumption).
void RunVectorizer::assumeMultiples(ArrayRef<std::pair<Value, int64_t>> terms) {
  assumed.clear();
  for (auto [term, modulus] : terms)
    assumed.insert(term);
}

/// Whether an access of `memref` at `indices` reads or writes consecutive
/// elements of a rank-1 global buffer.
bool RunVectorizer::isConsecutive(Value memref, ValueRange indices) {
  if (!isGlobalBuffer(memref) || indices.empty() ||
      cast<MemRefType>(memref.getType()).getRank() != 1)
    return false;
  for (Value index : indices.drop_back())
    if (stride(index) != 0)
      return false;
  return stride(indices.back()) == 1;
}

/// Bytes of one vector of `memref`'s elements.
int64_t RunVectorizer::vectorBytesOf(Value memref) {
  return elementBytes(cast<MemRefType>(memref.getType()).getElementType()) * width;
}

/// The address (defined before the run) that `memref` views, when it is a
/// view of an address read from memory.
Value RunVectorizer::viewAddress(Value memref) {
  auto view = memref.getDefiningOp<UnrealizedConversionCastOp>();
  if (!view || !triton_spirv::isRawAddressView(view) ||
      !loop.isDefinedOutsideOfLoop(view.getOperand(0)))
    return Value();
  return view.getOperand(0);
}

/// Whether `memref` starts at a vector-aligned address: a kernel argument
/// by its tt.divisibility, a view of an address read from memory once a
/// runtime check has proven it.
bool RunVectorizer::hasAlignedBase(Value memref) {
  auto arg = dyn_cast<BlockArgument>(memref);
  if (!arg) {
    Value address = viewAddress(memref);
    return address && assumed.contains(address);
  }
  auto func = cast<func::FuncOp>(arg.getOwner()->getParentOp());
  auto baseAlign = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                      "tt.divisibility");
  return baseAlign && baseAlign.getInt() % vectorBytesOf(memref) == 0;
}

/// Whether an access of `memref` at `indices` reads or writes consecutive
/// elements of a rank-1 global buffer whose base is vector-aligned.
bool RunVectorizer::isContiguous(Value memref, ValueRange indices) {
  return isConsecutive(memref, indices) && hasAlignedBase(memref);
}

/// Whether an access of `memref` at `indices` is one aligned vector.
bool RunVectorizer::isAlignedContiguous(Value memref, ValueRange indices) {
  return isContiguous(memref, indices) && divisor(indices.back()) % width == 0;
}

/// Whether `op`, a load or store directly in the run loop, reads or
/// writes one whole vector at a lane-0 column that is a multiple of the
/// width (a vector-aligned element of a tile retyped to vectors).
bool RunVectorizer::accessesAlignedVector(Operation *op, ValueRange indices) {
  if (op->getParentOp() != loop.getOperation() || indices.empty())
    return false;
  for (Value index : indices.drop_back())
    if (stride(index) != 0)
      return false;
  return stride(indices.back()) == 1 && divisor(indices.back()) % width == 0;
}

bool RunVectorizer::isVectorTileAccess(Operation *op, Value memref, ValueRange indices) {
  if (!vectorTiles)
    return false;
  auto tile = vectorTiles->find(memref);
  return tile != vectorTiles->end() && tile->second == width &&
         accessesAlignedVector(op, indices);
}

bool RunVectorizer::hasVectorAccess() {
  bool found = false;
  loop.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op))
      found |= isAlignedContiguous(load.getMemRef(), load.getIndices()) ||
               isVectorTileAccess(op, load.getMemRef(), load.getIndices());
    if (auto store = dyn_cast<memref::StoreOp>(op))
      found |= isAlignedContiguous(store.getMemRef(), store.getIndices()) ||
               isVectorTileAccess(op, store.getMemRef(), store.getIndices());
  });
  return found;
}

void RunVectorizer::run() {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  auto newLoop = scf::ForOp::create(
      b, loc, loop.getLowerBound(), loop.getUpperBound(),
      arith::ConstantIndexOp::create(b, loc, width));
  newLoop->setAttr(kContiguousRunAttr, b.getUnitAttr());
  newLoop->setAttr("triton_spirv.vector_width", b.getI64IntegerAttr(width));
  laneZero = newLoop.getInductionVar();
  b.setInsertionPointToStart(newLoop.getBody());
  topBlock = newLoop.getBody();
  emitBlock(b, *loop.getBody());
  loop.erase();
}

/// Adds to `terms` the run-invariant summands of `v` (through casts, adds
/// and subtractions) not known to be multiples of the width; false when a
/// lane-varying summand is such a value or an invariant one is computed
/// inside the loop.
bool RunVectorizer::splitIntoTerms(Value v, SetVector<Value> &terms, int depth) {
  if (divisor(v) % width == 0)
    return true;
  if (!varying.contains(v)) {
    if (neverMultiple(v) || !loop.isDefinedOutsideOfLoop(v) ||
        !v.getType().isIntOrIndex())
      return false;
    terms.insert(v);
    return true;
  }
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16)
    return false;
  if (isa<arith::IndexCastOp, arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastUIOp>(def))
    return splitIntoTerms(def->getOperand(0), terms, depth + 1);
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    return splitIntoTerms(def->getOperand(0), terms, depth + 1) &&
           splitIntoTerms(def->getOperand(1), terms, depth + 1);
  // A product is a multiple when its run-invariant factor is (a row index
  // times a stride Triton did not specialize).
  if (isa<arith::MulIOp>(def))
    for (Value factor : def->getOperands())
      if (!varying.contains(factor) && loop.isDefinedOutsideOfLoop(factor) &&
          !neverMultiple(factor)) {
        terms.insert(factor);
        return true;
      }
  return false;
}

/// Whether `v` can never be a multiple of the width: a constant that is
/// not, or a known multiple plus or minus such a constant (a check would
/// only ever fail).
bool RunVectorizer::neverMultiple(Value v) {
  if (auto c = getConstantIntValue(v))
    return *c % width != 0;
  Operation *def = v.getDefiningOp();
  if (!isa_and_nonnull<arith::AddIOp, arith::SubIOp>(def))
    return false;
  for (int i = 0; i < 2; ++i) {
    auto c = getConstantIntValue(def->getOperand(i));
    if (c && *c % width != 0 && divisor(def->getOperand(1 - i)) % width == 0)
      return true;
  }
  return false;
}

/// The (linear value of stride 1, run-invariant bound) pairs compared in
/// an and-tree of ordered comparisons: the masks isRunUniform can decide
/// at lane 0 once both sides are multiples of the width.
SmallVector<std::pair<Value, Value>> RunVectorizer::linearBounds(Value cond, int depth) {
  SmallVector<std::pair<Value, Value>> pairs;
  Operation *def = cond.getDefiningOp();
  if (!def || depth > 16 || !varying.contains(cond))
    return pairs;
  if (isa<arith::AndIOp>(def)) {
    for (Value operand : def->getOperands())
      llvm::append_range(pairs, linearBounds(operand, depth + 1));
    return pairs;
  }
  auto cmp = dyn_cast<arith::CmpIOp>(def);
  if (!cmp || cmp.getPredicate() == arith::CmpIPredicate::eq ||
      cmp.getPredicate() == arith::CmpIPredicate::ne)
    return pairs;
  Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
  if (stride(lhs) == 1 && stride(rhs) == 0)
    pairs.push_back({lhs, rhs});
  else if (stride(rhs) == 1 && stride(lhs) == 0)
    pairs.push_back({rhs, lhs});
  return pairs;
}

/// Lane 0's indices into a tile retyped to vectors: the column in vectors.
SmallVector<Value> RunVectorizer::tileIndices(OpBuilder &b, Location loc, ValueRange indices) {
  SmallVector<Value> result = laneZeroIndices(b, loc, indices);
  result.back() = arith::DivUIOp::create(
      b, loc, result.back(), arith::ConstantIndexOp::create(b, loc, width));
  return result;
}

/// Lane 0's indices of a contiguous access: where its vector starts.
SmallVector<Value> RunVectorizer::laneZeroIndices(OpBuilder &b, Location loc,
                                                  ValueRange indices) {
  SmallVector<Value> lane0;
  for (Value index : indices)
    lane0.push_back(lane(b, loc, index, 0));
  return lane0;
}

Value RunVectorizer::vec(OpBuilder &b, Location loc, Value v) {
  if (auto it = vectors.find(v); it != vectors.end())
    return it->second;
  if (v == loop.getInductionVar()) {
    SmallVector<Attribute> steps;
    for (int64_t k = 0; k < width; ++k)
      steps.push_back(b.getIndexAttr(k));
    Value offsets = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(vectorOf(b.getIndexType()), steps));
    Value base = vector::BroadcastOp::create(b, loc, vectorOf(b.getIndexType()), laneZero);
    return arith::AddIOp::create(b, loc, base, offsets);
  }
  Value scalar = uniform.lookupOrDefault(v);
  return vector::BroadcastOp::create(b, loc, vectorOf(scalar.getType()), scalar);
}

/// The scalar value of `v` in lane k, built at the insertion point.
Value RunVectorizer::lane(OpBuilder &b, Location loc, Value v, int64_t k) {
  if (!varying.contains(v))
    return uniform.lookupOrDefault(v);
  bool cacheable = b.getInsertionBlock() == topBlock;
  auto key = std::make_pair(v, k);
  if (cacheable)
    if (auto it = laneCache.find(key); it != laneCache.end())
      return it->second;
  // Below the top block, memoize within the outermost call (its clones go
  // to one insertion point): a DAG cloned as a tree is exponential (three
  // chained fmas, emulated by exact-float-ops, took minutes).
  DenseMap<std::pair<Value, int64_t>, Value> nested;
  bool outermostNested = !cacheable && !nestedLaneCache;
  if (outermostNested)
    nestedLaneCache = &nested;
  auto finishNested = llvm::make_scope_exit([&] {
    if (outermostNested)
      nestedLaneCache = nullptr;
  });
  if (!cacheable)
    if (auto it = nestedLaneCache->find(key); it != nestedLaneCache->end())
      return it->second;
  Value result;
  Operation *def = v.getDefiningOp();
  std::optional<int64_t> step;
  if (k != 0 && (v.getType().isIndex() ||
                 (v.getType().isInteger() && !v.getType().isInteger(1))))
    step = stride(v);
  if (step && *step == 0) {
    result = lane(b, loc, v, 0); // uniform within the run
  } else if (step) {
    // Lane k of a linear value is lane 0 plus k strides: one add instead
    // of the whole index computation again.
    Value first = lane(b, loc, v, 0);
    Value offset = arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(v.getType(), *step * k));
    result = arith::AddIOp::create(b, loc, first, offset);
  } else if (v == loop.getInductionVar()) {
    result = arith::AddIOp::create(b, loc, laneZero,
                                   arith::ConstantIndexOp::create(b, loc, k));
  } else if (cacheable && vectors.count(v) && v.getType().isF32() &&
             vectors.lookup(v).getParentBlock() == topBlock) {
    // Already computed as a vector earlier in the run (attention's exp,
    // stored as f16 for the dot and as f32 for the row sum): its element,
    // not the math again. (f32 only: narrower floats are emulated later.)
    result = vector::ExtractOp::create(b, loc, vectors.lookup(v), k);
  } else if (def && !def->getNumRegions() && isMemoryEffectFree(def)) {
    IRMapping m;
    for (Value operand : def->getOperands())
      m.map(operand, lane(b, loc, operand, k));
    result = b.clone(*def, m)->getResult(cast<OpResult>(v).getResultNumber());
  } else {
    result = vector::ExtractOp::create(b, loc, vec(b, loc, v), k);
  }
  if (cacheable)
    laneCache[key] = result;
  else
    (*nestedLaneCache)[key] = result;
  return result;
}

/// Clones `op` (with its regions) as the scalar code of lane k.
Operation *RunVectorizer::cloneForLane(OpBuilder &b, Operation *op, int64_t k) {
  IRMapping m;
  op->walk([&](Operation *inner) {
    for (Value operand : inner->getOperands()) {
      if (m.contains(operand) ||
          op->isAncestor(operand.getParentRegion()->getParentOp()))
        continue;
      m.map(operand, lane(b, op->getLoc(), operand, k));
    }
  });
  return b.clone(*op, m);
}

/// Fills `dst` (of a new if) from `src`: widened ops, then a yield of the
/// widened values when the if has results.
void RunVectorizer::fillWidened(Block &dst, Block &src, bool hasResults) {
  OpBuilder b = OpBuilder::atBlockEnd(&dst);
  if (!hasResults) {
    b.setInsertionPoint(dst.getTerminator());
    emitBlock(b, src);
    return;
  }
  emitBlock(b, src);
  SmallVector<Value> values;
  for (Value v : src.getTerminator()->getOperands())
    values.push_back(vec(b, src.getTerminator()->getLoc(), v));
  scf::YieldOp::create(b, src.getTerminator()->getLoc(), values);
}

void RunVectorizer::emitBlock(OpBuilder &b, Block &block) {
  for (Operation &op : block.without_terminator())
    emitOp(b, &op);
}

void RunVectorizer::emitOp(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  // An if differs per lane when anything in it (condition, nested
  // operands, yielded values) does.
  auto ifOp = dyn_cast<scf::IfOp>(op);
  if (!containsVarying(op)) {
    b.clone(*op, uniform);
    return;
  }
  if (isElementwise(op)) {
    OperationState state(loc, op->getName());
    for (Value operand : op->getOperands())
      state.addOperands(vec(b, loc, operand));
    state.addTypes(vectorOf(op->getResult(0).getType()));
    state.addAttributes(op->getAttrs());
    vectors[op->getResult(0)] = b.create(state)->getResult(0);
    return;
  }
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    if (isVectorTileAccess(op, load.getMemRef(), load.getIndices())) {
      vectors[load.getResult()] = memref::LoadOp::create(
          b, loc, uniform.lookupOrDefault(load.getMemRef()),
          tileIndices(b, loc, load.getIndices()));
      return;
    }
    if (isAlignedContiguous(load.getMemRef(), load.getIndices())) {
      vectors[load.getResult()] = vector::LoadOp::create(
          b, loc, vectorOf(load.getType()), uniform.lookupOrDefault(load.getMemRef()),
          laneZeroIndices(b, loc, load.getIndices()));
      return;
    }
    SmallVector<Value> elements;
    for (int64_t k = 0; k < width; ++k)
      elements.push_back(cloneForLane(b, op, k)->getResult(0));
    vectors[load.getResult()] =
        vector::FromElementsOp::create(b, loc, vectorOf(load.getType()), elements);
    return;
  }
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    if (isVectorTileAccess(op, store.getMemRef(), store.getIndices())) {
      memref::StoreOp::create(b, loc, vec(b, loc, store.getValue()),
                              uniform.lookupOrDefault(store.getMemRef()),
                              tileIndices(b, loc, store.getIndices()));
      return;
    }
    if (isAlignedContiguous(store.getMemRef(), store.getIndices())) {
      vector::StoreOp::create(b, loc, vec(b, loc, store.getValue()),
                              uniform.lookupOrDefault(store.getMemRef()),
                              laneZeroIndices(b, loc, store.getIndices()));
      return;
    }
    for (int64_t k = 0; k < width; ++k)
      cloneForLane(b, op, k);
    return;
  }
  if (ifOp) {
    emitIf(b, ifOp);
    return;
  }
  llvm_unreachable("checked by isLegal");
}

/// Whether `cond` has one value in all lanes of a run: comparisons of
/// run-uniform values, and `x < B` (or `x >= B`) with x linear of stride
/// s and both x's lane 0 and B multiples of s * width (x0 < B implies
/// x0 + s * (width - 1) < B). With `tt.divisibility` on the bound this
/// is the usual `offs < K - k * BLOCK_K` mask.
bool RunVectorizer::isRunUniform(Value cond, int depth) {
  if (!varying.contains(cond))
    return true;
  Operation *def = cond.getDefiningOp();
  if (!def || depth > 16)
    return false;
  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(def))
    return isRunUniform(def->getOperand(0), depth + 1) &&
           isRunUniform(def->getOperand(1), depth + 1);
  auto cmp = dyn_cast<arith::CmpIOp>(def);
  if (!cmp)
    return false;
  if (stride(cmp.getLhs()) == 0 && stride(cmp.getRhs()) == 0)
    return true;
  Value linear, bound;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::sge:
  case arith::CmpIPredicate::uge:
    linear = cmp.getLhs(), bound = cmp.getRhs();
    break;
  case arith::CmpIPredicate::sgt:
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::sle:
  case arith::CmpIPredicate::ule:
    linear = cmp.getRhs(), bound = cmp.getLhs();
    break;
  default:
    return false;
  }
  std::optional<int64_t> step = stride(linear);
  if (!step || *step <= 0 || stride(bound) != 0)
    return false;
  int64_t period = *step * width;
  return divisor(linear) % period == 0 && divisor(bound) % period == 0;
}

/// Whether `cond` holds in every lane. An ordered comparison of linear
/// values holds on an interval of lanes, so its two end lanes decide.
Value RunVectorizer::allLanes(OpBuilder &b, Location loc, Value cond) {
  if (isRunUniform(cond))
    return lane(b, loc, cond, 0);
  if (auto andOp = cond.getDefiningOp<arith::AndIOp>())
    return arith::AndIOp::create(b, loc, allLanes(b, loc, andOp.getLhs()),
                                 allLanes(b, loc, andOp.getRhs()));
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (cmp && cmp.getPredicate() != arith::CmpIPredicate::eq &&
      cmp.getPredicate() != arith::CmpIPredicate::ne && stride(cmp.getLhs()) &&
      stride(cmp.getRhs()))
    return arith::AndIOp::create(b, loc, lane(b, loc, cond, 0),
                                 lane(b, loc, cond, width - 1));
  Value all;
  for (int64_t k = 0; k < width; ++k) {
    Value c = lane(b, loc, cond, k);
    all = all ? arith::AndIOp::create(b, loc, all, c) : c;
  }
  return all;
}

bool RunVectorizer::containsVarying(Operation *op) {
  bool found = false;
  op->walk([&](Operation *inner) {
    for (Value operand : inner->getOperands())
      found |= varying.contains(operand);
  });
  return found;
}

void RunVectorizer::emitIf(OpBuilder &b, scf::IfOp ifOp) {
  Location loc = ifOp.getLoc();
  SmallVector<Type> types;
  for (Value r : ifOp.getResults())
    types.push_back(vectorOf(r.getType()));
  bool hasResults = !types.empty();
  if (isRunUniform(ifOp.getCondition())) {
    // A branch the whole run takes one way (lane 0 decides) around
    // varying work: widen both sides.
    bool hasElse = !ifOp.getElseRegion().empty();
    Value cond = varying.contains(ifOp.getCondition())
                     ? lane(b, loc, ifOp.getCondition(), 0)
                     : uniform.lookupOrDefault(ifOp.getCondition());
    auto newIf = scf::IfOp::create(b, loc, types, cond,
                                   /*withElseRegion=*/hasElse);
    fillWidened(newIf.getThenRegion().front(), ifOp.getThenRegion().front(), hasResults);
    if (hasElse)
      fillWidened(newIf.getElseRegion().front(), ifOp.getElseRegion().front(), hasResults);
    for (auto [r, n] : llvm::zip(ifOp.getResults(), newIf.getResults()))
      vectors[r] = n;
    return;
  }
  // A per-element condition (a mask): when every lane takes the then
  // side, run it widened; otherwise run the original per lane.
  Value all = allLanes(b, loc, ifOp.getCondition());
  auto newIf = scf::IfOp::create(b, loc, types, all, /*withElseRegion=*/true);
  fillWidened(newIf.getThenRegion().front(), ifOp.getThenRegion().front(), hasResults);
  Block &otherwise = newIf.getElseRegion().front();
  OpBuilder eb = OpBuilder::atBlockEnd(&otherwise);
  if (!hasResults)
    eb.setInsertionPoint(otherwise.getTerminator());
  SmallVector<SmallVector<Value>> perResult(ifOp.getNumResults());
  for (int64_t k = 0; k < width; ++k) {
    Operation *laneIf = cloneForLane(eb, ifOp, k);
    for (auto [i, r] : llvm::enumerate(laneIf->getResults()))
      perResult[i].push_back(r);
  }
  if (hasResults) {
    SmallVector<Value> values;
    for (auto [type, elements] : llvm::zip(types, perResult))
      values.push_back(vector::FromElementsOp::create(eb, loc, cast<VectorType>(type), elements));
    scf::YieldOp::create(eb, loc, values);
  }
  for (auto [r, n] : llvm::zip(ifOp.getResults(), newIf.getResults()))
    vectors[r] = n;
}
