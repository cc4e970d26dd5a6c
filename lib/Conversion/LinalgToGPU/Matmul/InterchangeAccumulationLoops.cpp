//===- InterchangeAccumulationLoops.cpp - accumulate one run at a time ----===//
//
// `acc += f(tl.load(...))` over block loops, then `tl.sum(acc)`, distributes
// to a private array holding the invocation's whole share of the block (128
// floats at BLOCK 8192 over 64 invocations), filled, updated in every block
// loop and folded after them:
//
//   for a: for b: acc[p(a, b)] = c
//   for off: for a: for b: acc[p(a, b)] = g(acc[p(a, b)], off, a, b)
//   s = init; for i: for j: s = combine(s, acc[q(i, j)])
//
// llvmpipe reads and writes such an array lane by lane (an indirect private
// access), while an array of one run (`for b`, unrolled by the driver) stays
// in registers. When every nest visits the array in order (p and q count
// 0, 1, ... N-1) and the fold's inner trip count is the run's, the block
// loops move inside the run loop:
//
//   for a: { for b: run[b] = c; for off: for b: run[b] = g(run[b], ...);
//            for j: s = combine(s, run[j]) }
//
// with each block loop's first iteration peeled and both parts behind a
// uniform `if` (llvmpipe's loop entries are costly; see interchange()).
//
// Each element sees the same updates in the same order, and the fold the
// same elements in the same order: the results are bit-identical. The block
// loops write nothing but the array, so their reads may interleave
// differently.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "Shared/IndexEvaluation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_INTERCHANGEACCUMULATIONLOOPS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Enumerating more iterations than this is not worth the compile time.
constexpr int64_t kMaxElements = 4096;

struct Bounds {
  int64_t lower, upper, step;
  int64_t tripCount() const { return (upper - lower + step - 1) / step; }
  bool operator==(const Bounds &other) const {
    return lower == other.lower && upper == other.upper && step == other.step;
  }
  bool operator!=(const Bounds &other) const { return !(*this == other); }
};

std::optional<Bounds> constantBounds(scf::ForOp loop) {
  auto lower = getConstantIntValue(loop.getLowerBound());
  auto upper = getConstantIntValue(loop.getUpperBound());
  auto step = getConstantIntValue(loop.getStep());
  if (!lower || !upper || !step || *step <= 0 || *upper < *lower)
    return std::nullopt;
  return Bounds{*lower, *upper, *step};
}

/// The single scf.for among `block`'s ops, when every other op is pure.
scf::ForOp onlyLoopAmongPureOps(Block &block) {
  scf::ForOp found;
  for (Operation &op : block.without_terminator()) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if (found)
        return {};
      found = loop;
    } else if (!isMemoryEffectFree(&op)) {
      return {};
    }
  }
  return found;
}

/// `for a { pure ops; for b { ... } }` with constant bounds: the shape
/// distribution gives the loops over an invocation's owned elements (runs
/// of consecutive elements, a run per iteration of `a`).
struct RunNest {
  mutable scf::ForOp outer, inner; // op handles; their accessors are not const
  Bounds outerBounds, innerBounds;
};

std::optional<RunNest> matchRunNest(scf::ForOp outer, unsigned iterArgs) {
  if (!outer || outer.getNumRegionIterArgs() != iterArgs)
    return std::nullopt;
  scf::ForOp inner = onlyLoopAmongPureOps(*outer.getBody());
  if (!inner || inner.getNumRegionIterArgs() != iterArgs)
    return std::nullopt;
  auto outerBounds = constantBounds(outer);
  auto innerBounds = constantBounds(inner);
  if (!outerBounds || !innerBounds)
    return std::nullopt;
  return RunNest{outer, inner, *outerBounds, *innerBounds};
}

/// Whether `index` takes the values 0, 1, ..., n - 1 in the nest's
/// iteration order, n being its iteration count.
bool countsInOrder(const RunNest &nest, Value index) {
  int64_t n = nest.outerBounds.tripCount() * nest.innerBounds.tripCount();
  if (n <= 0 || n > kMaxElements)
    return false;
  DenseMap<Value, int64_t> known;
  int64_t expected = 0;
  for (int64_t a = nest.outerBounds.lower; a < nest.outerBounds.upper;
       a += nest.outerBounds.step) {
    known[nest.outer.getInductionVar()] = a;
    for (int64_t b = nest.innerBounds.lower; b < nest.innerBounds.upper;
         b += nest.innerBounds.step) {
      known[nest.inner.getInductionVar()] = b;
      auto value = triton_spirv::evaluateIndex(index, [&](Value leaf) -> std::optional<int64_t> {
        auto it = known.find(leaf);
        return it == known.end() ? std::nullopt : std::optional<int64_t>(it->second);
      });
      if (value != expected++)
        return false;
    }
  }
  return true;
}

/// The accesses of the array inside `root`, when they all index it with one
/// value; null otherwise.
Value commonIndex(Operation *root, Value array) {
  Value index;
  bool same = true;
  root->walk([&](Operation *op) {
    Value memref, at;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      memref = load.getMemRef();
      at = load.getIndices().empty() ? Value() : load.getIndices().front();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      memref = store.getMemRef();
      at = store.getIndices().empty() ? Value() : store.getIndices().front();
    }
    if (memref != array)
      return;
    if (!at || (index && at != index))
      same = false;
    index = at;
  });
  return same ? index : Value();
}

/// Whether `root` writes nothing but the array and has no effect the pass
/// cannot see (barriers, atomics, unknown ops).
bool writesOnlyArray(Operation *root, Value array) {
  WalkResult result = root->walk([&](Operation *op) {
    if (op == root)
      return WalkResult::advance();
    if (auto store = dyn_cast<memref::StoreOp>(op))
      return store.getMemRef() == array ? WalkResult::advance()
                                        : WalkResult::interrupt();
    if (isMemoryEffectFree(op) || op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    return effects && effects.onlyHasEffect<MemoryEffects::Read>()
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// One private accumulator and the nests that fill, update and fold it.
struct Accumulation {
  memref::AllocaOp array;
  RunNest fill;
  SmallVector<std::pair<scf::ForOp, RunNest>> updates; // block loop, its nest
  RunNest fold;
};

std::optional<Accumulation> matchAccumulation(memref::AllocaOp alloca) {
  auto type = alloca.getType();
  if (type.getRank() != 1 || !type.hasStaticShape() ||
      !isa_and_nonnull<spirv::StorageClassAttr>(type.getMemorySpace()) ||
      cast<spirv::StorageClassAttr>(type.getMemorySpace()).getValue() !=
          spirv::StorageClass::Function)
    return std::nullopt;
  Value array = alloca.getResult();
  Block *block = alloca->getBlock();
  // The top-level ops of the block that hold the array's accesses.
  llvm::SetVector<Operation *> holders;
  for (Operation *user : array.getUsers()) {
    if (!isa<memref::LoadOp, memref::StoreOp>(user))
      return std::nullopt;
    if (auto store = dyn_cast<memref::StoreOp>(user);
        store && store.getValueToStore() == array)
      return std::nullopt;
    Operation *holder = block->findAncestorOpInBlock(*user);
    if (!holder || holder == user)
      return std::nullopt;
    holders.insert(holder);
  }
  SmallVector<Operation *> ordered(holders.begin(), holders.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  if (ordered.size() < 3)
    return std::nullopt;

  Accumulation acc;
  acc.array = alloca;
  // The fill: a run nest that only stores to the array.
  auto fill = matchRunNest(dyn_cast<scf::ForOp>(ordered.front()), 0);
  if (!fill)
    return std::nullopt;
  Value fillIndex = commonIndex(fill->inner, array);
  bool onlyStores = true;
  fill->inner->walk([&](memref::LoadOp load) {
    if (load.getMemRef() == array)
      onlyStores = false;
  });
  if (!fillIndex || !onlyStores || !writesOnlyArray(fill->outer, array) ||
      !countsInOrder(*fill, fillIndex))
    return std::nullopt;
  // The fill runs later, beside the block loops: nothing in between may
  // write what it reads.
  for (Operation *op = fill->outer->getNextNode(); op != ordered[1];
       op = op->getNextNode())
    if (!isMemoryEffectFree(op))
      return std::nullopt;
  acc.fill = *fill;

  // The block loops, one after another, each holding one run nest.
  for (Operation *holder : ArrayRef(ordered).drop_front().drop_back()) {
    auto blockLoop = dyn_cast<scf::ForOp>(holder);
    if (!blockLoop || blockLoop.getNumRegionIterArgs() != 0 ||
        !writesOnlyArray(blockLoop, array))
      return std::nullopt;
    if (!acc.updates.empty() &&
        acc.updates.back().first->getNextNode() != blockLoop.getOperation())
      return std::nullopt;
    auto nest = matchRunNest(onlyLoopAmongPureOps(*blockLoop.getBody()), 0);
    if (!nest || nest->outerBounds != fill->outerBounds ||
        nest->innerBounds != fill->innerBounds)
      return std::nullopt;
    Value index = commonIndex(nest->inner, array);
    if (!index || !countsInOrder(*nest, index))
      return std::nullopt;
    acc.updates.push_back({blockLoop, *nest});
  }

  // The fold: one carried value, the array read once per inner iteration.
  auto foldLoop = dyn_cast<scf::ForOp>(ordered.back());
  auto fold = matchRunNest(foldLoop, 1);
  if (!fold || foldLoop.getNumResults() != 1 ||
      fold->inner.getInitArgs().front() != foldLoop.getRegionIterArgs().front() ||
      foldLoop.getBody()->getTerminator()->getOperand(0) != fold->inner.getResult(0) ||
      fold->outerBounds.tripCount() != fill->outerBounds.tripCount() ||
      fold->innerBounds.tripCount() != fill->innerBounds.tripCount())
    return std::nullopt;
  Value foldIndex = commonIndex(fold->inner, array);
  // It moves to the first block loop: it may read nothing but the array.
  bool pureFold = true;
  foldLoop.getBody()->walk([&](Operation *op) {
    auto load = dyn_cast<memref::LoadOp>(op);
    if (load ? load.getMemRef() != array
             : !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
                   !isMemoryEffectFree(op))
      pureFold = false;
  });
  if (!foldIndex || !pureFold || !countsInOrder(*fold, foldIndex))
    return std::nullopt;
  acc.fold = *fold;
  return acc;
}

/// `(iv - lower) / step` at the start of `loop`'s body: the run position.
Value positionInRun(OpBuilder &b, scf::ForOp loop, const Bounds &bounds) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Location loc = loop.getLoc();
  Value offset = arith::SubIOp::create(
      b, loc, loop.getInductionVar(),
      arith::ConstantIndexOp::create(b, loc, bounds.lower));
  return arith::DivUIOp::create(b, loc, offset,
                                arith::ConstantIndexOp::create(b, loc, bounds.step));
}

/// Clones `nest`'s inner loop (and the pure ops before it) with its outer
/// induction variable replaced by `outerValue`, its accesses of `array`
/// redirected to `run` at the run position.
scf::ForOp cloneRun(OpBuilder &b, const RunNest &nest, Value outerValue,
                    IRMapping &mapping, Value array, Value run) {
  mapping.map(nest.outer.getInductionVar(), outerValue);
  for (Operation &op : nest.outer.getBody()->without_terminator())
    if (&op != nest.inner.getOperation())
      b.clone(op, mapping);
  auto inner = cast<scf::ForOp>(b.clone(*nest.inner, mapping));
  Value position = positionInRun(b, inner, nest.innerBounds);
  inner->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op); load && load.getMemRef() == array) {
      load.getMemrefMutable().assign(run);
      load.getIndicesMutable().assign(position);
    } else if (auto store = dyn_cast<memref::StoreOp>(op);
               store && store.getMemRef() == array) {
      store.getMemrefMutable().assign(run);
      store.getIndicesMutable().assign(position);
    }
  });
  return inner;
}

/// Whether every value `root` uses from outside it is available before `at`.
bool usesAvailableBefore(Operation *root, Operation *at, DominanceInfo &dominance) {
  WalkResult result = root->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      Operation *owner = isa<BlockArgument>(operand)
                             ? operand.getParentBlock()->getParentOp()
                             : operand.getDefiningOp();
      if (root->isAncestor(owner))
        continue;
      if (!dominance.properlyDominates(operand, at))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

void interchange(Accumulation &acc) {
  Value array = acc.array.getResult();
  scf::ForOp firstBlockLoop = acc.updates.front().first;
  auto foldLoop = acc.fold.outer;
  const RunNest &fold = acc.fold;
  OpBuilder b(acc.array);
  Location loc = firstBlockLoop.getLoc();
  auto arrayType = acc.array.getType();
  auto runType = MemRefType::get({acc.fill.innerBounds.tripCount()},
                                 arrayType.getElementType(), MemRefLayoutAttrInterface(),
                                 arrayType.getMemorySpace());
  Value run = memref::AllocaOp::create(b, acc.array.getLoc(), runType);

  b.setInsertionPoint(firstBlockLoop);
  const Bounds &runs = acc.fill.outerBounds;
  auto constant = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  auto fused = scf::ForOp::create(b, loc, constant(0), constant(runs.tripCount()),
                                  constant(1), ValueRange{foldLoop.getInitArgs()});
  b.setInsertionPointToStart(fused.getBody());
  Value k = fused.getInductionVar();
  auto outerValue = [&](const Bounds &bounds) -> Value {
    return arith::AddIOp::create(
        b, loc, constant(bounds.lower),
        arith::MulIOp::create(b, loc, k, constant(bounds.step)));
  };

  IRMapping fillMapping;
  cloneRun(b, acc.fill, outerValue(acc.fill.outerBounds), fillMapping, array, run);
  for (auto &[blockLoop, nest] : acc.updates) {
    // One iteration of the block loop at `iv`, at the builder's position.
    auto emitIteration = [&](Value iv) {
      IRMapping mapping;
      mapping.map(blockLoop.getInductionVar(), iv);
      for (Operation &op : blockLoop.getBody()->without_terminator())
        if (&op != nest.outer.getOperation())
          b.clone(op, mapping);
      cloneRun(b, nest, outerValue(nest.outerBounds), mapping, array, run);
    };
    auto predicate = blockLoop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                : arith::CmpIPredicate::slt;
    auto emitLoop = [&](Value lower) {
      auto clone = scf::ForOp::create(b, blockLoop.getLoc(), lower,
                                      blockLoop.getUpperBound(), blockLoop.getStep());
      clone->setAttrs(blockLoop->getAttrs());
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(clone.getBody());
      emitIteration(clone.getInductionVar());
    };
    auto emitGuarded = [&](Value lower, auto emitThen) {
      Value enters = arith::CmpIOp::create(b, loc, predicate, lower, blockLoop.getUpperBound());
      auto guardIf = scf::IfOp::create(b, loc, enters, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(guardIf.thenBlock());
      emitThen();
    };
    // Each run now enters the block loops: llvmpipe pays for a loop's entry
    // (its lane masks) even when it runs once or not at all, and the block
    // loops of a block as wide as the row run once (the main loop) and not
    // at all (the masked tail). So the first iteration is peeled and each
    // part entered under a uniform branch: layer norm 1151x8192 B8192
    // 24.0 -> 16.1 ms (19.1 with the guards alone).
    Value lower = blockLoop.getLowerBound();
    emitGuarded(lower, [&] {
      emitIteration(lower);
      Value next = arith::AddIOp::create(b, loc, lower, blockLoop.getStep());
      emitGuarded(next, [&] { emitLoop(next); });
    });
  }

  // The running value is folded run by run, in the original order.
  IRMapping foldMapping;
  foldMapping.map(foldLoop.getRegionIterArgs().front(), fused.getRegionIterArgs().front());
  scf::ForOp foldRun = cloneRun(b, fold, outerValue(fold.outerBounds), foldMapping, array, run);
  scf::YieldOp::create(b, loc, foldRun.getResult(0));
  foldLoop.getResult(0).replaceAllUsesWith(fused.getResult(0));

  foldLoop->erase();
  for (auto &update : acc.updates)
    update.first->erase();
  acc.fill.outer->erase();
  acc.array->erase();
}

struct InterchangeAccumulationLoopsPass
    : public triton_spirv::impl::InterchangeAccumulationLoopsBase<
          InterchangeAccumulationLoopsPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocaOp> allocas;
    getOperation().walk([&](memref::AllocaOp alloca) { allocas.push_back(alloca); });
    for (memref::AllocaOp alloca : allocas) {
      std::optional<Accumulation> acc = matchAccumulation(alloca);
      if (!acc)
        continue;
      // Everything runs at the first block loop: the fold and the later
      // block loops may use nothing defined after it.
      DominanceInfo dominance(getOperation());
      Operation *first = acc->updates.front().first;
      bool available =
          usesAvailableBefore(acc->fold.outer, first, dominance) &&
          llvm::all_of(acc->updates, [&](auto &update) {
            return usesAvailableBefore(update.first, first, dominance);
          });
      if (available)
        interchange(*acc);
    }
  }
};
} // namespace
