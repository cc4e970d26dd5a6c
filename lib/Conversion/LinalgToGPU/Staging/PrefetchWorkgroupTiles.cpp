//===- PrefetchWorkgroupTiles.cpp - load the next tile during this one ----===//
//
// A K loop stages its operand tiles into workgroup memory: per invocation a
// few rounds of "load from a kernel-argument buffer, store into workgroup
// memory", a barrier, the product, a barrier. Each round's store waits for
// its load, so the loop pays one global-memory latency per round before any
// multiply starts. This pass software-pipelines the staging: the rounds are
// unrolled, the values of iteration i+d are loaded at the top of iteration i
// (d = `distance`; carried as d sets of loop values), and the stores write
// the set carried in for i. The loads of the next tiles are then in flight
// while the current one is multiplied.
//
// Legal when the loop writes no global memory (the early loads can not miss
// a write) and the staged values depend only on the induction variable,
// loop-invariant values and global loads. No load executes that the original
// loop would not execute in some iteration: the prologue is guarded by the
// trip condition, and past the end an iteration loads its own values again
// (unguarded: a load inside a branch makes the branch wait for it).
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_PREFETCHWORKGROUPTILES
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using mlir::triton_spirv::isGlobalBuffer;
using mlir::triton_spirv::isWorkgroupMemref;

namespace {
/// Unrolled stores per loop and bytes carried per invocation: beyond these
/// the carried registers cost more occupancy than the latency they hide.
constexpr int64_t kMaxStores = 64;
constexpr int64_t kMaxCarriedBytes = 256;
/// Carried values plus the loop's cooperative-matrix accumulators, per
/// invocation: 128x128 tiles with 4x4 f32 fragments per subgroup (512 bytes)
/// and two 128-byte sets ahead spilled on the H200 (1.10 ms against 0.66 ms
/// with one set at 4096^3).
constexpr int64_t kMaxLiveBytes = 640;

Value storedValue(Operation *op) {
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getValue();
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return store.getValueToStore();
  return {};
}

Value storedMemref(Operation *op) {
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getMemRef();
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return store.getBase();
  return {};
}

Value loadedMemref(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return load.getBase();
  return {};
}

int64_t byteSize(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  Type element = vector ? vector.getElementType() : type;
  int64_t bits = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  return (vector ? vector.getNumElements() : 1) * std::max<int64_t>(1, bits / 8);
}

class TilePrefetcher {
public:
  TilePrefetcher(scf::ForOp loop, int64_t distance, int64_t subgroupSize)
      : loop(loop), distance(distance), subgroupSize(subgroupSize) {}

  /// Whether the loop may load ahead: nothing in it writes or atomically
  /// updates memory other than workgroup and private buffers, and it has a
  /// barrier (it stages tiles for other invocations).
  bool loopAllowsEarlyLoads() {
    bool hasBarrier = false;
    WalkResult result = loop.getBody()->walk([&](Operation *op) {
      if (isa<gpu::BarrierOp>(op)) {
        hasBarrier = true;
        return WalkResult::advance();
      }
      if (Value memref = storedMemref(op)) {
        if (isGlobalBuffer(memref) || !isa<MemRefType>(memref.getType()))
          return WalkResult::interrupt();
        return WalkResult::advance();
      }
      // Products stored into workgroup memory inside the loop (attention's
      // scores, a rescaled accumulator) are stores like any other.
      if (auto fragmentStore = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(op))
        return isGlobalBuffer(fragmentStore.getDstMemref()) ? WalkResult::interrupt()
                                                            : WalkResult::advance();
      if (isa<func::CallOp>(op) || isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op))
        return WalkResult::interrupt();
      if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
        SmallVector<MemoryEffects::EffectInstance> list;
        effects.getEffects(list);
        for (auto &effect : list)
          if (isa<MemoryEffects::Write>(effect.getEffect()) &&
              (!effect.getValue() || !isa<MemRefType>(effect.getValue().getType()) ||
               isGlobalBuffer(effect.getValue())))
            return WalkResult::interrupt();
      } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
                 !isa<gpu::BarrierOp>(op)) {
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return hasBarrier && !result.wasInterrupted();
  }

  /// Whether `v` can be computed for another iteration of the loop: it
  /// depends only on the induction variable, values from outside and global
  /// loads (never on loop-carried values or workgroup memory). `nestIvs`
  /// are induction variables of copy loops about to be unrolled.
  bool isPrefetchable(Value v, const DenseSet<Value> &nestIvs) {
    if (v == loop.getInductionVar() || nestIvs.contains(v))
      return true;
    if (!loop->isAncestor(v.getParentRegion()->getParentOp()))
      return true;
    if (isa<BlockArgument>(v))
      return false;
    return isPrefetchableOp(v.getDefiningOp(), nestIvs);
  }

  bool isPrefetchableOp(Operation *op, const DenseSet<Value> &nestIvs) {
    if (auto it = known.find(op); it != known.end())
      return it->second;
    known[op] = false; // cycles through regions are not prefetchable
    bool ok = false;
    if (Value memref = loadedMemref(op)) {
      ok = isGlobalBuffer(memref);
    } else if (isa<scf::IfOp>(op)) {
      ok = true;
      op->walk([&](Operation *inner) {
        if (inner == op || isa<scf::YieldOp>(inner))
          return;
        if (!(loadedMemref(inner) && isGlobalBuffer(loadedMemref(inner))) &&
            !(isMemoryEffectFree(inner) && inner->getNumRegions() == 0) &&
            !isa<scf::IfOp>(inner))
          ok = false;
      });
      // Values the regions use from above must be prefetchable too.
      op->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (!op->isAncestor(operand.getParentRegion()->getParentOp()) || inner == op)
            ok = ok && isPrefetchable(operand, nestIvs);
      });
    } else {
      ok = isMemoryEffectFree(op) && op->getNumRegions() == 0;
    }
    if (ok && !isa<scf::IfOp>(op))
      for (Value operand : op->getOperands())
        ok = ok && isPrefetchable(operand, nestIvs);
    known[op] = ok;
    return ok;
  }

  /// A top-level loop nest of the body whose every store writes workgroup
  /// memory with a prefetchable value that comes from a global load.
  bool isCopyNest(scf::ForOp nest, int64_t &stores, int64_t &bytes) {
    DenseSet<Value> ivs;
    int64_t trips = 1;
    bool ok = true;
    nest->walk([&](scf::ForOp inner) {
      std::optional<APInt> tripCount = inner.getStaticTripCount();
      if (!tripCount || inner.getNumResults() != 0) {
        ok = false;
        return;
      }
      trips *= tripCount->getSExtValue();
      ivs.insert(inner.getInductionVar());
    });
    if (!ok)
      return false;
    int64_t storesPerTrip = 0, bytesPerTrip = 0;
    bool fromGlobal = false;
    nest->walk([&](Operation *op) {
      if (isa<scf::ForOp, scf::YieldOp>(op))
        return;
      if (Value memref = storedMemref(op)) {
        ++storesPerTrip;
        bytesPerTrip += byteSize(storedValue(op).getType());
        ok = ok && isWorkgroupMemref(memref) && isPrefetchable(storedValue(op), ivs);
        for (Value index : op->getOperands().drop_front(2))
          ok = ok && isPrefetchable(index, ivs);
        if (Operation *def = storedValue(op).getDefiningOp())
          fromGlobal |= readsGlobal(def);
        return;
      }
      // Everything else must be recomputable (checked through the stored
      // values and indices) or belong to a prefetchable if.
      if (op->getParentOp() == nest || isa<scf::ForOp>(op->getParentOp()))
        ok = ok && isPrefetchableOp(op, ivs);
    });
    stores = trips * storesPerTrip;
    bytes = trips * bytesPerTrip;
    return ok && fromGlobal;
  }

  bool readsGlobal(Operation *op) {
    bool found = false;
    SmallVector<Operation *> work{op};
    DenseSet<Operation *> seen;
    while (!work.empty() && !found) {
      Operation *current = work.pop_back_val();
      if (!seen.insert(current).second || !loop->isAncestor(current))
        continue;
      current->walk([&](Operation *inner) {
        if (Value memref = loadedMemref(inner))
          found |= isGlobalBuffer(memref);
      });
      for (Value operand : current->getOperands())
        if (Operation *def = operand.getDefiningOp())
          work.push_back(def);
    }
    return found;
  }

  /// Unrolls the copy nests; false when they are too large to carry.
  bool unrollCopyNests() {
    SmallVector<scf::ForOp> nests;
    int64_t totalStores = 0, totalBytes = 0;
    for (Operation &op : loop.getBody()->without_terminator()) {
      auto nest = dyn_cast<scf::ForOp>(op);
      int64_t stores = 0, bytes = 0;
      if (nest && isCopyNest(nest, stores, bytes)) {
        nests.push_back(nest);
        totalStores += stores;
        totalBytes += bytes;
      }
    }
    // No nest: the copies may already be straight-line (one vector each).
    if (totalStores > kMaxStores || totalBytes > kMaxCarriedBytes)
      return false;
    for (scf::ForOp nest : nests) {
      SmallVector<scf::ForOp> inners;
      nest->walk([&](scf::ForOp inner) { inners.push_back(inner); }); // post-order
      for (scf::ForOp inner : inners)
        if (failed(loopUnrollFull(inner)))
          return false;
    }
    return true;
  }

  /// Carries every top-level workgroup store's value one iteration ahead.
  LogicalResult pipeline() {
    known.clear();
    DenseSet<Value> none;
    SmallVector<Operation *> stores;
    SmallVector<Value> roots; // per store: the value carried for it
    SetVector<Value> values;
    for (Operation &op : loop.getBody()->without_terminator()) {
      Value value = storedValue(&op);
      if (!value || !isWorkgroupMemref(storedMemref(&op)))
        continue;
      Operation *def = value.getDefiningOp();
      if (!def || !loop->isAncestor(def) || !readsGlobal(def) ||
          !isPrefetchable(value, none))
        continue;
      stores.push_back(&op);
      roots.push_back(carriedRoot(value));
      values.insert(roots.back());
    }
    int64_t bytes = 0;
    for (Value v : values)
      bytes += byteSize(v.getType());
    if (stores.empty() || bytes > kMaxCarriedBytes)
      return failure();
    // Fewer steps ahead where the requested ones do not fit the budget
    // (num_stages 4 or 5 in autotuning configs).
    distance = std::max<int64_t>(
        1, std::min(distance, kMaxCarriedBytes / std::max<int64_t>(1, bytes)));
    int64_t accumulatorBytes = 0;
    for (Value carried : loop.getRegionIterArgs())
      if (auto fragment = dyn_cast<gpu::MMAMatrixType>(carried.getType()))
        accumulatorBytes += fragment.getShape()[0] * fragment.getShape()[1] *
                            fragment.getElementType().getIntOrFloatBitWidth() / 8 /
                            std::max<int64_t>(1, subgroupSize);
    if (accumulatorBytes > 0)
      distance = std::max<int64_t>(
          1, std::min(distance, (kMaxLiveBytes - accumulatorBytes) /
                                    std::max<int64_t>(1, bytes)));

    // The ops of the body the values are computed from, in body order.
    SetVector<Operation *> slice;
    collectSlice(values.getArrayRef(), slice);
    SmallVector<Operation *> ordered;
    for (Operation &op : loop.getBody()->without_terminator())
      if (slice.contains(&op))
        ordered.push_back(&op);

    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value lb = loop.getLowerBound(), ub = loop.getUpperBound(), step = loop.getStep();
    // Prologue: iterations lb .. lb + (distance - 1) * step, each guarded by
    // its trip condition.
    SmallVector<Value> initial;
    for (int64_t d = 0; d < distance; ++d) {
      Value iv = lb;
      if (d)
        iv = arith::AddIOp::create(
            b, loc, lb,
            arith::MulIOp::create(
                b, loc, step,
                arith::ConstantOp::create(b, loc, b.getIntegerAttr(step.getType(), d))));
      Value runs = arith::CmpIOp::create(b, loc, cmpPredicate(), iv, ub);
      llvm::append_range(initial, computeAt(b, loc, runs, loop.getInductionVar(), iv,
                                            ordered, values.getArrayRef()));
    }
    const size_t count = values.size();

    IRRewriter rewriter(b);
    FailureOr<LoopLikeOpInterface> carried = loop.replaceWithAdditionalYields(
        rewriter, initial, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument> newArgs) {
          // The new body is empty: the old one (still using the old
          // induction variable) is merged after it once this returns.
          Block *body = newArgs.front().getOwner();
          OpBuilder at = OpBuilder::atBlockBegin(body);
          Value iv = body->getArgument(0);
          Value ahead = arith::AddIOp::create(
              at, loc, iv,
              arith::MulIOp::create(
                  at, loc, step,
                  arith::ConstantOp::create(at, loc,
                                            at.getIntegerAttr(step.getType(), distance))));
          // Past the end, this iteration's own values are loaded again:
          // always legal, and no branch the loads would have to complete in.
          Value more = arith::CmpIOp::create(at, loc, cmpPredicate(), ahead, ub);
          Value source = arith::SelectOp::create(at, loc, more, ahead, iv);
          SmallVector<Value> yielded(newArgs.begin() + count, newArgs.end());
          llvm::append_range(yielded, computeAt(at, loc, Value(), loop.getInductionVar(),
                                                source, ordered, values.getArrayRef()));
          return yielded;
        });
    if (failed(carried))
      return failure();
    auto newLoop = cast<scf::ForOp>(carried->getOperation());
    // The values of the current iteration: the first of the carried sets.
    ArrayRef<BlockArgument> args =
        newLoop.getRegionIterArgs().take_back(count * distance).take_front(count);
    for (auto [store, root] : llvm::zip(stores, roots)) {
      // The stores were moved into the new loop with the body.
      Value value = storedValue(store);
      Value carriedValue = args[llvm::find(values, root) - values.begin()];
      if (root != value) {
        auto extract = cast<vector::ExtractOp>(value.getDefiningOp());
        OpBuilder at(store);
        carriedValue = vector::ExtractOp::create(at, extract.getLoc(), carriedValue,
                                                 extract.getStaticPosition());
      }
      store->setOperand(0, carriedValue);
    }
    // The loads of the current iteration are dead now.
    SmallVector<Operation *> bodyOps;
    for (Operation &op : newLoop.getBody()->without_terminator())
      bodyOps.push_back(&op);
    for (Operation *op : llvm::reverse(bodyOps))
      if (isOpTriviallyDead(op))
        op->erase();
    dropBarriersBetweenStagingStores(newLoop.getBody());
    return success();
  }

  /// The staging stores now need no loads before them, so consecutive
  /// store phases into different tiles are split by a barrier that orders
  /// nothing: no invocation reads workgroup memory on either side.
  static void dropBarriersBetweenStagingStores(Block *body) {
    SmallVector<SmallVector<Operation *>> phases(1);
    SmallVector<gpu::BarrierOp> barriers;
    for (Operation &op : body->without_terminator()) {
      if (auto barrier = dyn_cast<gpu::BarrierOp>(op)) {
        barriers.push_back(barrier);
        phases.emplace_back();
        continue;
      }
      phases.back().push_back(&op);
    }
    // The workgroup buffers a phase writes, or nullopt when it does
    // anything else to workgroup memory (or anything unknown).
    auto writtenTiles = [](ArrayRef<Operation *> phase)
        -> std::optional<SmallPtrSet<Value, 4>> {
      SmallPtrSet<Value, 4> tiles;
      for (Operation *op : phase) {
        if (Value memref = storedMemref(op)) {
          if (!isWorkgroupMemref(memref))
            return std::nullopt;
          tiles.insert(rootBuffer(memref));
          continue;
        }
        bool touchesWorkgroup = false;
        op->walk([&](Operation *inner) {
          for (Value operand : inner->getOperands())
            if (isa<MemRefType>(operand.getType()) && isWorkgroupMemref(operand))
              touchesWorkgroup = true;
        });
        // Global loads (the prefetch) and masked ones (ifs) are fine, and so
        // is allocating a tile.
        if (isa<memref::AllocOp>(op))
          continue;
        if (touchesWorkgroup ||
            (!isMemoryEffectFree(op) &&
             !isa<scf::IfOp, memref::LoadOp, vector::LoadOp>(op)))
          return std::nullopt;
      }
      return tiles;
    };
    for (auto [i, barrier] : llvm::enumerate(barriers)) {
      auto before = writtenTiles(phases[i]), after = writtenTiles(phases[i + 1]);
      if (!before || !after || before->empty() || after->empty())
        continue;
      if (llvm::any_of(*after, [&](Value tile) { return before->contains(tile); }))
        continue;
      // The next phase is merged into this one for the following barrier.
      phases[i + 1].append(phases[i].begin(), phases[i].end());
      barrier.erase();
    }
  }

  static Value rootBuffer(Value memref) {
    while (auto view = memref.getDefiningOp<memref::SubViewOp>())
      memref = view.getSource();
    return memref;
  }

private:
  /// A lane extracted from a loaded vector carries the vector (one register
  /// tuple instead of a value per lane).
  Value carriedRoot(Value value) {
    auto extract = value.getDefiningOp<vector::ExtractOp>();
    if (!extract || !extract.getDynamicPosition().empty())
      return value;
    Value source = extract.getSource();
    Operation *def = source.getDefiningOp();
    DenseSet<Value> none;
    if (!def || !loop->isAncestor(def) || !isPrefetchable(source, none))
      return value;
    return source;
  }

  arith::CmpIPredicate cmpPredicate() {
    return loop.getUnsignedCmp() ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
  }

  /// The ops of the loop body (top level) the values depend on.
  void collectSlice(ArrayRef<Value> roots, SetVector<Operation *> &slice) {
    SmallVector<Value> work(roots.begin(), roots.end());
    while (!work.empty()) {
      Value v = work.pop_back_val();
      Operation *def = v.getDefiningOp();
      if (!def)
        continue;
      Operation *top = loop.getBody()->findAncestorOpInBlock(*def);
      if (!top || !slice.insert(top))
        continue;
      top->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          work.push_back(operand);
      });
    }
  }

  /// The values as iteration `iv` computes them; with a `guard`, only when
  /// it holds (zeros otherwise: they are never stored).
  SmallVector<Value> computeAt(OpBuilder &b, Location loc, Value guard, Value bodyIv,
                               Value iv, ArrayRef<Operation *> ordered,
                               ArrayRef<Value> values) {
    IRMapping mapping;
    mapping.map(bodyIv, iv);
    auto cloneSlice = [&](OpBuilder &at) {
      for (Operation *op : ordered)
        at.clone(*op, mapping);
      SmallVector<Value> mapped;
      for (Value v : values)
        mapped.push_back(mapping.lookupOrDefault(v));
      return mapped;
    };
    if (!guard)
      return cloneSlice(b);
    SmallVector<Type> types;
    for (Value v : values)
      types.push_back(v.getType());
    auto ifOp = scf::IfOp::create(b, loc, types, guard, /*withElseRegion=*/true);
    OpBuilder then = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
    if (ifOp.getThenRegion().front().mightHaveTerminator())
      ifOp.getThenRegion().front().getTerminator()->erase();
    scf::YieldOp::create(then, loc, cloneSlice(then));
    OpBuilder otherwise = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
    if (ifOp.getElseRegion().front().mightHaveTerminator())
      ifOp.getElseRegion().front().getTerminator()->erase();
    SmallVector<Value> zeros;
    for (Type type : types)
      zeros.push_back(arith::ConstantOp::create(otherwise, loc, cast<TypedAttr>(
                                                                    otherwise.getZeroAttr(type))));
    scf::YieldOp::create(otherwise, loc, zeros);
    return SmallVector<Value>(ifOp.getResults());
  }

  scf::ForOp loop;
  int64_t distance; // iterations ahead the loads run
  int64_t subgroupSize; // a fragment's elements are spread over these
  DenseMap<Operation *, bool> known;
};

struct PrefetchWorkgroupTilesPass
    : public triton_spirv::impl::PrefetchWorkgroupTilesBase<PrefetchWorkgroupTilesPass> {
  using PrefetchWorkgroupTilesBase::PrefetchWorkgroupTilesBase;
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      loops.push_back(loop); // post-order: inner loops first
    });
    for (scf::ForOp loop : loops) {
      if (!loop->getBlock())
        continue;
      // Loops whose tiles are read element-wise (FMA dots) may be capped.
      bool readsFragments = loop.getBody()
                                ->walk([](gpu::SubgroupMmaLoadMatrixOp) {
                                  return WalkResult::interrupt();
                                })
                                .wasInterrupted();
      int64_t loopDistance = distance;
      if (!readsFragments && elementTileDistance > 0)
        loopDistance = std::min<int64_t>(loopDistance, elementTileDistance);
      TilePrefetcher prefetcher(loop, std::max<int64_t>(1, loopDistance), subgroupSize);
      if (!prefetcher.loopAllowsEarlyLoads() || !prefetcher.unrollCopyNests())
        continue;
      (void)prefetcher.pipeline();
    }
  }
};
} // namespace
