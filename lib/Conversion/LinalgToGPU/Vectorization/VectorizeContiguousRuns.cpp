//===- VectorizeContiguousRuns.cpp - vector global access per invocation --===//
//
// distribute-to-workgroup gives each invocation runs of consecutive elements
// (`scf.for` marked `triton_spirv.contiguous_run`). This pass turns such a run
// loop into a loop over vectors of V lanes: element-wise arith/math become
// vector ops, and loads/stores of kernel-argument buffers whose index is
// lane-consecutive and provably aligned become one vector access (16 bytes
// on the NVIDIA profile: LDG.128/STG.128). A masked access (`scf.if` on a
// per-element condition) becomes: all lanes in -> the vector access; else
// the original scalar code per lane. Anything else (other accesses, atomics,
// nested loops, narrow float emulation) leaves the loop as it is.
//
// Workgroup tiles (workgroup allocs) that every run accesses as whole
// aligned vectors, and cooperative-matrix ops at aligned columns otherwise,
// are retyped to arrays of vectors: one 8- or 16-byte shared-memory access
// per run instead of one per element (SPIR-V's Logical addressing has no
// pointer casts, so the element type itself must be the vector): see
// VectorTiles.cpp.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"
#include "Vectorization/RunVectorizer.h"
#include "Vectorization/VectorTiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include <functional>
#include <numeric>

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_VECTORIZECONTIGUOUSRUNS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using mlir::triton_spirv::elementBytes;
using mlir::triton_spirv::isGlobalBuffer;
using mlir::triton_spirv::isWorkgroupSpace;
using mlir::triton_spirv::knownDivisor;

namespace {
using mlir::triton_spirv::accessedMemref;
using mlir::triton_spirv::hasBF16Memory;
using mlir::triton_spirv::kContiguousRunAttr;
using mlir::triton_spirv::RunVectorizer;

/// Runs a copy of `loop` when every one of `terms` is a multiple of its
/// modulus (a power of two) and none of `nonNegative` is negative, `loop`
/// itself otherwise; returns the copy.
scf::ForOp versionOnFacts(scf::ForOp loop, ArrayRef<std::pair<Value, int64_t>> terms,
                          ArrayRef<Value> nonNegative) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value all;
  auto require = [&](Value fact) {
    all = all ? arith::AndIOp::create(b, loc, all, fact) : fact;
  };
  auto constant = [&](Type type, int64_t value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
  };
  for (auto [term, modulus] : terms) {
    Value lowBits = arith::AndIOp::create(b, loc, term, constant(term.getType(), modulus - 1));
    require(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lowBits,
                                  constant(term.getType(), 0)));
  }
  for (Value term : nonNegative)
    require(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, term,
                                  constant(term.getType(), 0)));
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, all, /*withElseRegion=*/true);
  ifOp->setAttr(triton_spirv::kAlignmentVersionAttr, b.getUnitAttr());
  loop->moveBefore(ifOp.elseBlock()->getTerminator());
  OpBuilder tb = OpBuilder::atBlockTerminator(ifOp.thenBlock());
  return cast<scf::ForOp>(tb.clone(*loop));
}

/// The single store that fills `buffer`, a rank-1 workgroup or private
/// buffer every other user of which only loads from it.
memref::StoreOp soleStoreInto(Value buffer) {
  auto alloc = buffer.getDefiningOp();
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(alloc) ||
      cast<MemRefType>(buffer.getType()).getRank() != 1)
    return nullptr;
  memref::StoreOp store;
  for (Operation *user : buffer.getUsers()) {
    if (isa<memref::LoadOp>(user))
      continue;
    auto candidate = dyn_cast<memref::StoreOp>(user);
    if (!candidate || candidate.getMemRef() != buffer || store)
      return nullptr;
    store = candidate;
  }
  return store;
}

/// Whether `v` may differ between the invocations of a workgroup (it is
/// computed from an invocation or subgroup id, or from a load).
bool dependsOnInvocation(Value v, int depth = 0) {
  if (depth > 24)
    return true;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa<func::FuncOp>(owner))
      return false;
    auto loop = dyn_cast<scf::ForOp>(owner);
    return !loop || arg != loop.getInductionVar() ||
           llvm::any_of(ValueRange{loop.getLowerBound(), loop.getUpperBound(), loop.getStep()},
                        [&](Value bound) { return dependsOnInvocation(bound, depth + 1); });
  }
  Operation *def = v.getDefiningOp();
  if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp>(def) || !isMemoryEffectFree(def) ||
      def->getNumRegions())
    return true;
  return llvm::any_of(def->getOperands(),
                      [&](Value operand) { return dependsOnInvocation(operand, depth + 1); });
}

/// The scf.for loops around `op` inside `stop` (innermost first).
SmallVector<scf::ForOp> loopsAround(Operation *op, Operation *stop) {
  SmallVector<scf::ForOp> loops;
  for (Operation *parent = op->getParentOp(); parent && parent != stop;
       parent = parent->getParentOp())
    if (auto loop = dyn_cast<scf::ForOp>(parent))
      loops.push_back(loop);
  return loops;
}

/// Whether `a` computes what `b` does once `mapping` holds: the same ops of
/// the same values (or of values the mapping pairs).
bool sameComputation(Value a, Value b, const IRMapping &mapping, int depth = 0) {
  if (a == b || mapping.lookupOrNull(a) == b)
    return true;
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  if (!x || !y || depth > 16 || x->getName() != y->getName() ||
      x->getAttrDictionary() != y->getAttrDictionary() || x->getNumRegions() ||
      x->getNumOperands() != y->getNumOperands() || !isMemoryEffectFree(x) ||
      cast<OpResult>(a).getResultNumber() != cast<OpResult>(b).getResultNumber())
    return false;
  for (auto [u, v] : llvm::zip(x->getOperands(), y->getOperands()))
    if (!sameComputation(u, v, mapping, depth + 1))
      return false;
  return true;
}

/// Pairs the loops around `store` with those around `load` when both nests
/// have the same constant bounds and the producer's writes each element of
/// its buffer once (marked writes_whole_buffer, as many iterations as
/// elements), and the load reads the element the same iteration wrote: an
/// invocation's elements kept in a private array, read back by a loop of
/// the same shape (tutorial 03's pointer offsets).
bool pairLoopNests(memref::StoreOp store, memref::LoadOp load, IRMapping &mapping) {
  Operation *common = store->getParentOp();
  while (common && !common->isAncestor(load))
    common = common->getParentOp();
  SmallVector<scf::ForOp> producer = loopsAround(store, common);
  SmallVector<scf::ForOp> consumer = loopsAround(load, common);
  if (producer.empty() || producer.size() > consumer.size())
    return false;
  // An invocation's own array only: in workgroup memory the slot another
  // invocation wrote would be recomputed with this one's values.
  auto type = cast<MemRefType>(store.getMemRef().getType());
  if (!store.getMemRef().getDefiningOp<memref::AllocaOp>() || isWorkgroupSpace(type) ||
      !type.hasStaticShape() || !producer.back()->hasAttr("triton_spirv.writes_whole_buffer"))
    return false;
  int64_t iterations = 1;
  for (auto [p, c] : llvm::zip(producer, consumer)) {
    auto lb = getConstantIntValue(p.getLowerBound()), ub = getConstantIntValue(p.getUpperBound());
    auto step = getConstantIntValue(p.getStep());
    if (!lb || !ub || !step || *step <= 0 || lb != getConstantIntValue(c.getLowerBound()) ||
        ub != getConstantIntValue(c.getUpperBound()) ||
        step != getConstantIntValue(c.getStep()))
      return false;
    iterations *= (*ub - *lb + *step - 1) / *step;
    mapping.map(p.getInductionVar(), c.getInductionVar());
  }
  return iterations == type.getNumElements() &&
         sameComputation(store.getIndices()[0], load.getIndices()[0], mapping);
}

/// Clones before `load` the computation of what `store` wrote to the element
/// `load` reads (the clones into `clones`): pure ops of the store's index,
/// or of its loops' indices paired with the load's (pairLoopNests), and of
/// values that dominate `load`. Null (nothing left behind) when the value
/// depends on anything else.
Value recomputeStored(memref::StoreOp store, memref::LoadOp load, DominanceInfo &dominance,
                      SmallVectorImpl<Operation *> &clones) {
  // Workgroup memory: another invocation may have written the element, so
  // what it stored must be the same in every invocation.
  bool shared = isWorkgroupSpace(cast<MemRefType>(store.getMemRef().getType()));
  auto attempt = [&](IRMapping mapping) -> Value {
    SmallVector<Operation *> slice;
    DenseSet<Operation *> seen;
    std::function<bool(Value, int)> collect = [&](Value v, int depth) {
      if (mapping.contains(v))
        return true;
      if (dominance.properlyDominates(v, load))
        return !shared || !dependsOnInvocation(v);
      Operation *def = v.getDefiningOp();
      if (!def || depth > 24 || def->getNumRegions() || !isMemoryEffectFree(def))
        return false;
      if (!seen.insert(def).second)
        return true;
      for (Value operand : def->getOperands())
        if (!collect(operand, depth + 1))
          return false;
      slice.push_back(def);
      return true;
    };
    if (!collect(store.getValueToStore(), 0))
      return Value();
    OpBuilder b(load);
    for (Operation *op : slice)
      clones.push_back(b.clone(*op, mapping));
    return mapping.lookupOrDefault(store.getValueToStore());
  };
  IRMapping byIndex;
  byIndex.map(store.getIndices()[0], load.getIndices()[0]);
  if (Value value = attempt(byIndex))
    return value;
  IRMapping byIteration;
  if (pairLoopNests(store, load, byIteration))
    return attempt(byIteration);
  return Value();
}

/// Global accesses of `loop` that are consecutive but for an index read
/// from a buffer (Triton's `offs = (pid * B + arange) % N`, kept in
/// workgroup memory and read per element): that index recomputed from what
/// the buffer's one store wrote, where it makes the access an aligned
/// vector (lane 0's index only, once per vector instead of a shared-memory
/// read per element). Other loads stay.
void recomputeIndicesOfVectorAccesses(scf::ForOp loop, int64_t width, bool bf16Values,
                                      DominanceInfo &dominance) {
  SmallVector<memref::LoadOp> indexLoads;
  loop.getBody()->walk([&](memref::LoadOp load) {
    if (!isGlobalBuffer(load.getMemRef()) && load.getIndices().size() == 1 &&
        load.getType().isIntOrIndex() && soleStoreInto(load.getMemRef()))
      indexLoads.push_back(load);
  });
  for (memref::LoadOp load : indexLoads) {
    RunVectorizer before(loop, width, bf16Values);
    before.findVarying();
    before.assumeNonNegative(before.nonNegativityTerms());
    int64_t vectorAccesses = before.alignedContiguousAccesses();
    SmallVector<Operation *> clones;
    Value recomputed = recomputeStored(soleStoreInto(load.getMemRef()), load, dominance, clones);
    // (A stored value computed outside the producer is left alone: undoing
    // its replacement would touch its other uses.)
    if (!recomputed || clones.empty())
      continue;
    Value loaded = load.getResult();
    loaded.replaceAllUsesWith(recomputed);
    RunVectorizer after(loop, width, bf16Values);
    after.findVarying();
    // (Counted as the checked copy will have them: dividends not negative.)
    after.assumeNonNegative(after.nonNegativityTerms());
    if (after.isLegal() && after.alignedContiguousAccesses() > vectorAccesses) {
      load.erase();
      continue;
    }
    // No vector access gained: the load again, the clones gone.
    recomputed.replaceAllUsesWith(loaded);
    for (Operation *op : llvm::reverse(clones))
      op->erase();
  }
}

struct VectorizeContiguousRunsPass
    : public triton_spirv::impl::VectorizeContiguousRunsBase<VectorizeContiguousRunsPass> {
  using VectorizeContiguousRunsBase::VectorizeContiguousRunsBase;

  void runOnOperation() override {
    if (vectorBytes <= 0)
      return;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kContiguousRunAttr) && !loop->hasAttr("triton_spirv.vector_width"))
        loops.push_back(loop);
    });
    const bool bf16Values = !hasBF16Memory(getOperation());
    DominanceInfo dominance(getOperation());
    SmallVector<std::unique_ptr<RunVectorizer>> vectorizers;
    DenseMap<Operation *, RunVectorizer *> byLoop;
    for (scf::ForOp loop : loops) {
      auto lb = getConstantIntValue(loop.getLowerBound());
      auto ub = getConstantIntValue(loop.getUpperBound());
      auto step = getConstantIntValue(loop.getStep());
      if (!lb || !ub || !step || *lb != 0 || *step != 1)
        continue;
      // The widest global element sets the lane count.
      int64_t widest = 1;
      loop.getBody()->walk([&](Operation *op) {
        Value memref = accessedMemref(op);
        if (memref && isGlobalBuffer(memref))
          widest = std::max(widest, elementBytes(cast<MemRefType>(memref.getType()).getElementType()));
      });
      // SPIR-V vectors have at most 4 components (without Vector16).
      int64_t width = std::min<int64_t>({*ub, vectorBytes / widest, 4});
      if (width < 2 || *ub % width != 0)
        continue;
      if (!RunVectorizer(loop, width, bf16Values, wrappedOffsets).isLegal())
        continue;
      if (wrappedOffsets)
        recomputeIndicesOfVectorAccesses(loop, width, bf16Values, dominance);
      auto vectorizer =
          std::make_unique<RunVectorizer>(loop, width, bf16Values, wrappedOffsets);
      if (!vectorizer->isLegal())
        continue;
      vectorizer->findVarying();
      byLoop[loop] = vectorizer.get();
      vectorizers.push_back(std::move(vectorizer));
    }
    auto isInsideRun = [&](Operation *op) {
      for (Operation *parent = op->getParentOp(); parent;
           parent = parent->getParentOp())
        if (byLoop.count(parent))
          return true;
      return false;
    };
    auto alignedVectorWidth = [&](Operation *access, ValueRange indices) {
      RunVectorizer *vectorizer = byLoop.lookup(access->getParentOp());
      return vectorizer && vectorizer->accessesAlignedVector(access, indices)
                 ? vectorizer->getWidth()
                 : int64_t(0);
    };
    triton_spirv::RunLoops runs{isInsideRun, alignedVectorWidth};
    DenseMap<Value, int64_t> tiles =
        triton_spirv::chooseVectorTiles(getOperation(), runs, vectorBytes);
    for (auto [tile, width] : tiles)
      triton_spirv::retypeAsVectors(tile, width, runs);
    for (auto &vectorizer : vectorizers) {
      vectorizer->setVectorTiles(&tiles);
      int64_t width = vectorizer->getWidth();
      // Both copies are widened (the scalar one keeps per-lane global
      // accesses), so workgroup tiles retyped to vectors are no obstacle.
      // Facts checked at run time, for a copy that takes them: dividends of
      // signed remainders not negative, then (with those) alignments.
      SmallVector<Value> nonNegative;
      if (wrappedOffsets)
        nonNegative = vectorizer->nonNegativityTerms();
      vectorizer->assumeNonNegative(nonNegative);
      SmallVector<std::pair<Value, int64_t>> terms;
      if ((runtimeAlignmentChecks || vectorizer->hasAlignmentHint()) &&
          (width & (width - 1)) == 0)
        terms = vectorizer->alignmentTerms();
      vectorizer->assumeMultiples(terms);
      bool gainsVectorAccess =
          (!terms.empty() || !nonNegative.empty()) && vectorizer->hasVectorAccess();
      vectorizer->assumeMultiples({});
      vectorizer->assumeNonNegative({});
      if (gainsVectorAccess) {
        // Terms live before the loop, so the copy shares them.
        RunVectorizer checked(versionOnFacts(vectorizer->getLoop(), terms, nonNegative), width,
                              bf16Values, wrappedOffsets);
        checked.findVarying();
        checked.assumeNonNegative(nonNegative);
        checked.assumeMultiples(terms);
        checked.setVectorTiles(&tiles);
        checked.run();
      }
      if (vectorizer->hasVectorAccess())
        vectorizer->run();
    }
  }
};
} // namespace
