//===- SplitLoopsAtMaskBounds.cpp - mask-free main loops -------------------===//
//
// K loops mask their loads against the iteration: `rk < K - k * BK`, or
// `off + arange(0, BLOCK) < N` with `off` the induction variable. The
// comparison holds for every element up to some iteration and fails only
// in the last one or two. Such a loop becomes two: a main loop up to that
// iteration, where the comparison is `true` (canonicalization then drops
// it from the mask), and the original loop for the rest (usually one
// iteration or none). Per-element mask tests, a branch around every run
// of a tile on GPUs and a per-lane test on lavapipe, leave the hot loop.
// A K loop with a tt.dot is instead versioned (versionOnMasks): the rest of
// its block, the loop first, is written twice, one copy without the masks
// for the programs whose tiles lie inside (fp16 matmul 4096^3 on the H200:
// 0.657 -> 0.513 ms).
//
// A comparison qualifies when it feeds a load or store mask inside the
// loop and both sides are, element by element, an affine function of the
// induction variable (loop-invariant scalars, constants, make_range,
// splat/expand_dims/broadcast, add/sub, multiplication by constants) whose
// coefficient makes the comparison fail from some iteration on.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPLITLOOPSATMASKBOUNDS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using namespace mlir::triton;

namespace {
constexpr int kMaxDepth = 12;

/// Elements of an integer tensor (or a scalar) as
///   sum(terms[i].second * terms[i].first) + constant + ivCoeff * iv + e,
/// e ranging over [minOffset, maxOffset] across the elements; terms are
/// loop-invariant scalars.
struct Affine {
  SmallVector<std::pair<Value, int64_t>> terms;
  int64_t constant = 0, ivCoeff = 0, minOffset = 0, maxOffset = 0;

  Affine scaled(int64_t factor) const {
    Affine r = *this;
    for (auto &term : r.terms)
      term.second *= factor;
    r.constant *= factor;
    r.ivCoeff *= factor;
    r.minOffset = std::min(minOffset * factor, maxOffset * factor);
    r.maxOffset = std::max(minOffset * factor, maxOffset * factor);
    return r;
  }
  Affine plus(const Affine &other) const {
    Affine r = *this;
    r.terms.append(other.terms.begin(), other.terms.end());
    r.constant += other.constant;
    r.ivCoeff += other.ivCoeff;
    r.minOffset += other.minOffset;
    r.maxOffset += other.maxOffset;
    return r;
  }
};

/// Affine form of `v` over `loop`'s induction variable; nullopt when `v`
/// is not of that shape. Offsets large enough to overflow are refused.
std::optional<Affine> affineOf(Value v, scf::ForOp loop, int depth = 0) {
  if (depth > kMaxDepth || !getElementTypeOrSelf(v.getType()).isSignlessInteger())
    return std::nullopt;
  if (v == loop.getInductionVar()) {
    Affine a;
    a.ivCoeff = 1;
    return a;
  }
  // A constant, scalar or splat tensor.
  if (auto c = getConstantIntValue(v)) {
    Affine a;
    a.constant = *c;
    return a;
  }
  Operation *def = v.getDefiningOp();
  if (!isa<ShapedType>(v.getType()) && loop.isDefinedOutsideOfLoop(v)) {
    Affine a;
    a.terms.push_back({v, 1});
    return a;
  }
  if (!def)
    return std::nullopt;
  if (auto range = dyn_cast<MakeRangeOp>(def)) {
    Affine a;
    a.minOffset = range.getStart();
    a.maxOffset = int64_t(range.getEnd()) - 1;
    return a;
  }
  if (isa<SplatOp, ExpandDimsOp, BroadcastOp>(def))
    return affineOf(def->getOperand(0), loop, depth + 1);
  if (isa<arith::AddIOp, arith::SubIOp>(def)) {
    auto lhs = affineOf(def->getOperand(0), loop, depth + 1);
    auto rhs = affineOf(def->getOperand(1), loop, depth + 1);
    if (!lhs || !rhs)
      return std::nullopt;
    return lhs->plus(isa<arith::SubIOp>(def) ? rhs->scaled(-1) : *rhs);
  }
  if (isa<arith::MulIOp>(def)) {
    for (int i = 0; i < 2; ++i) {
      Value factor = def->getOperand(i);
      std::optional<int64_t> c = getConstantIntValue(factor);
      if (!c)
        if (auto splat = affineOf(factor, loop, depth + 1);
            splat && splat->terms.empty() && !splat->ivCoeff &&
            splat->minOffset == 0 && splat->maxOffset == 0)
          c = splat->constant;
      if (!c || std::abs(*c) > (int64_t(1) << 20))
        continue;
      auto other = affineOf(def->getOperand(1 - i), loop, depth + 1);
      if (other)
        return other->scaled(*c);
    }
  }
  return std::nullopt;
}

/// The mask of a tt.load or tt.store (null for other ops or none).
Value maskOf(Operation *op) {
  if (auto load = dyn_cast<LoadOp>(op))
    return load.getMask();
  if (auto store = dyn_cast<StoreOp>(op))
    return store.getMask();
  return Value();
}

/// A masked tt.load or tt.store made unmasked (a load's `other` goes too).
void dropMask(Operation *op) {
  if (auto load = dyn_cast<LoadOp>(op)) {
    load.getMaskMutable().clear();
    load.getOtherMutable().clear();
  } else {
    cast<StoreOp>(op).getMaskMutable().clear();
  }
}

/// Whether `cond` reaches the mask of a load or store in `loop` through
/// i1 shape and logic ops.
bool feedsMask(Value cond, scf::ForOp loop) {
  SmallVector<Value> work{cond};
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (!loop->isAncestor(user))
        continue;
      if (maskOf(user) == v)
        return true;
      if (isa<arith::AndIOp, BroadcastOp, ExpandDimsOp>(user))
        work.push_back(user->getResult(0));
    }
  }
  return false;
}

/// One comparison that holds for every element while `step * iv < bound`:
/// the loop-invariant affine bound and the positive coefficient of iv.
struct Holds {
  arith::CmpIOp cmp;
  Affine bound; // holds while ivCoeff * iv < -(bound) (ivCoeff > 0)
};

/// `cmp` as `ivCoeff * iv + bound < 0`, the condition under which it holds
/// for every element: max(lhs) < min(rhs) (slt; +1 for sle).
std::optional<Affine> comparisonBound(arith::CmpIOp cmp, scf::ForOp loop) {
  auto pred = cmp.getPredicate();
  Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
  if (pred == arith::CmpIPredicate::sgt || pred == arith::CmpIPredicate::sge) {
    std::swap(lhs, rhs);
    pred = pred == arith::CmpIPredicate::sgt ? arith::CmpIPredicate::slt
                                             : arith::CmpIPredicate::sle;
  }
  if (pred != arith::CmpIPredicate::slt && pred != arith::CmpIPredicate::sle)
    return std::nullopt;
  auto l = affineOf(lhs, loop), r = affineOf(rhs, loop);
  if (!l || !r)
    return std::nullopt;
  Affine diff = l->plus(r->scaled(-1));
  diff.constant += l->maxOffset - r->minOffset +
                   (pred == arith::CmpIPredicate::sle ? 1 : 0);
  diff.minOffset = diff.maxOffset = 0;
  if (std::abs(diff.constant) > (int64_t(1) << 40))
    return std::nullopt;
  return diff;
}

std::optional<Holds> matchHoldingPrefix(arith::CmpIOp cmp, scf::ForOp loop) {
  std::optional<Affine> bound = comparisonBound(cmp, loop);
  if (!bound || bound->ivCoeff <= 0)
    return std::nullopt; // invariant, or failing first: not a prefix
  return Holds{cmp, *bound};
}

Value toI64(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
  if (v.getType().getIntOrFloatBitWidth() < 64)
    return arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
  return v;
}

Value fromI64(OpBuilder &b, Location loc, Value v, Type type) {
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, type, v);
  if (type.getIntOrFloatBitWidth() < 64)
    return arith::TruncIOp::create(b, loc, type, v);
  return v;
}

/// First iteration value at which some comparison may fail (as i64), from
/// `ivCoeff * iv + invariant < 0`  <=>  iv < ceil(-invariant / ivCoeff).
/// The loop-invariant part of `a` (terms and constant) as an i64.
Value invariantPart(OpBuilder &b, Location loc, const Affine &a) {
  Type i64 = b.getI64Type();
  Value sum = arith::ConstantIntOp::create(b, loc, i64, a.constant);
  for (auto [term, factor] : a.terms) {
    Value scaled = arith::MulIOp::create(
        b, loc, toI64(b, loc, term), arith::ConstantIntOp::create(b, loc, i64, factor));
    sum = arith::AddIOp::create(b, loc, sum, scaled);
  }
  return sum;
}

Value firstFailing(OpBuilder &b, Location loc, const Holds &h) {
  Type i64 = b.getI64Type();
  Value sum = invariantPart(b, loc, h.bound);
  Value negated = arith::SubIOp::create(
      b, loc, arith::ConstantIntOp::create(b, loc, i64, 0), sum);
  return arith::CeilDivSIOp::create(
      b, loc, negated, arith::ConstantIntOp::create(b, loc, i64, h.bound.ivCoeff));
}

/// Replaces an i1 value known to be all-true: masks it alone forms go,
/// `x & it` becomes `x`, broadcasts of it follow, other uses get a constant.
void replaceWithTrue(Value v) {
  SmallVector<Operation *> users(v.getUsers().begin(), v.getUsers().end());
  llvm::SmallPtrSet<Operation *, 8> done;
  for (Operation *user : users) {
    if (!done.insert(user).second)
      continue;
    if (isa<BroadcastOp, ExpandDimsOp>(user)) {
      replaceWithTrue(user->getResult(0));
      if (user->use_empty())
        user->erase();
    } else if (auto both = dyn_cast<arith::AndIOp>(user)) {
      Value other = both.getLhs() == v ? both.getRhs() : both.getLhs();
      both.replaceAllUsesWith(other);
      both->erase();
    } else if (maskOf(user) == v) {
      dropMask(user);
    }
  }
  if (v.use_empty())
    return;
  OpBuilder b(v.getContext());
  b.setInsertionPointAfterValue(v);
  Type type = v.getType();
  Value yes = arith::ConstantOp::create(
      b, v.getLoc(), type,
      isa<ShapedType>(type)
          ? cast<TypedAttr>(DenseElementsAttr::get(cast<ShapedType>(type), ArrayRef<bool>{true}))
          : cast<TypedAttr>(b.getBoolAttr(true)));
  v.replaceAllUsesWith(yes);
}

void splitLoop(scf::ForOp loop, ArrayRef<Holds> holds) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Type ivType = loop.getInductionVar().getType();
  Value lb = toI64(b, loc, loop.getLowerBound());
  Value ub = toI64(b, loc, loop.getUpperBound());
  Value step = toI64(b, loc, loop.getStep());
  Value bound = firstFailing(b, loc, holds.front());
  for (const Holds &h : holds.drop_front())
    bound = arith::MinSIOp::create(b, loc, bound, firstFailing(b, loc, h));
  // The first iteration value lb + j * step at or past the bound, in [lb, ub].
  Value zero = arith::ConstantIntOp::create(b, loc, b.getI64Type(), 0);
  Value ahead = arith::MaxSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, bound, lb), zero);
  Value steps = arith::CeilDivSIOp::create(b, loc, ahead, step);
  Value split = arith::AddIOp::create(
      b, loc, lb, arith::MulIOp::create(b, loc, steps, step));
  split = arith::MinSIOp::create(b, loc, split, arith::MaxSIOp::create(b, loc, ub, lb));
  split = fromI64(b, loc, split, ivType);

  IRMapping mapping;
  auto main = cast<scf::ForOp>(b.clone(*loop, mapping));
  main.getUpperBoundMutable().assign(split);
  for (const Holds &h : holds) {
    arith::CmpIOp original = h.cmp;
    Operation *cloned = mapping.lookup(original.getResult()).getDefiningOp();
    replaceWithTrue(cloned->getResult(0));
    if (cloned->use_empty())
      cloned->erase();
  }
  loop.getLowerBoundMutable().assign(split);
  loop.getInitArgsMutable().assign(main.getResults());
}

bool hasDot(scf::ForOp loop) {
  return loop.getBody()
      ->walk([](Operation *op) {
        return isa<DotOp, DotScaledOp>(op) ? WalkResult::interrupt()
                                           : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The comparisons an i1 mask is made of through and, broadcast, expand_dims
/// and splat; false when it is made of anything else.
bool maskComparisons(Value mask, SmallVectorImpl<arith::CmpIOp> &leaves, int depth = 0) {
  Operation *def = mask.getDefiningOp();
  if (!def || depth > kMaxDepth)
    return false;
  if (auto cmp = dyn_cast<arith::CmpIOp>(def)) {
    leaves.push_back(cmp);
    return true;
  }
  if (isa<arith::AndIOp>(def))
    return maskComparisons(def->getOperand(0), leaves, depth + 1) &&
           maskComparisons(def->getOperand(1), leaves, depth + 1);
  if (isa<BroadcastOp, ExpandDimsOp, SplatOp>(def))
    return maskComparisons(def->getOperand(0), leaves, depth + 1);
  return false;
}

/// A comparison that holds for every element and every iteration of `loop`
/// when `condition` (an i1 built before the loop) does.
struct UniformlyTrue {
  arith::CmpIOp cmp;
  Affine bound;
};

/// Whether `cmp`'s bound is made of values known before `loop` runs.
std::optional<UniformlyTrue> uniformlyTrue(arith::CmpIOp cmp, scf::ForOp loop,
                                           DominanceInfo &dominance) {
  std::optional<Affine> bound = comparisonBound(cmp, loop);
  if (!bound || std::abs(bound->ivCoeff) > (int64_t(1) << 20))
    return std::nullopt;
  for (auto &term : bound->terms)
    if (!dominance.properlyDominates(term.first, loop))
      return std::nullopt;
  return UniformlyTrue{cmp, *bound};
}

/// `ivCoeff * iv + bound < 0` for every iteration: at the last iteration
/// value (at most ub - 1) when the coefficient is positive, else at lb.
Value holdsThroughout(OpBuilder &b, Location loc, const UniformlyTrue &u,
                      scf::ForOp loop) {
  Type i64 = b.getI64Type();
  Value sum = invariantPart(b, loc, u.bound);
  if (u.bound.ivCoeff != 0) {
    Value iv = toI64(b, loc, u.bound.ivCoeff > 0 ? loop.getUpperBound()
                                                 : loop.getLowerBound());
    if (u.bound.ivCoeff > 0)
      iv = arith::SubIOp::create(b, loc, iv, arith::ConstantIntOp::create(b, loc, i64, 1));
    sum = arith::AddIOp::create(
        b, loc, sum,
        arith::MulIOp::create(b, loc, iv,
                              arith::ConstantIntOp::create(b, loc, i64, u.bound.ivCoeff)));
  }
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, sum,
                               arith::ConstantIntOp::create(b, loc, i64, 0));
}

/// A K loop of dots whose every load and store mask is made of comparisons
/// that hold throughout when some condition on the kernel's scalars does
/// (tiles inside the matrices, K a multiple of BLOCK_K): the rest of its
/// block, the loop first, runs under `scf.if` as two copies, the first
/// without those masks. The block is the kernel's body, or the
/// body of an outer loop over tiles (a persistent kernel), whose yielded
/// values the `scf.if` then yields. Splitting the loop instead would hand
/// its accumulator from one loop to the next through memory; each copy
/// here keeps its own. Masks after the loop (the epilogue's store) go in
/// the first copy where their comparisons qualify too. Returns whether the
/// loop was versioned.
bool versionOnMasks(scf::ForOp loop, DominanceInfo &dominance) {
  Block *block = loop->getBlock();
  Operation *ret = block->getTerminator();
  bool kernelBody = isa<ReturnOp>(ret) && ret->getNumOperands() == 0 &&
                    isa<FuncOp>(loop->getParentOp());
  // A tile loop carrying only scalars: one that carries tensors (an outer
  // accumulator) would receive them through the scf.if, that is through
  // memory.
  auto tileLoop = dyn_cast<scf::ForOp>(loop->getParentOp());
  bool loopBody = isa<scf::YieldOp>(ret) && tileLoop &&
                  llvm::none_of(tileLoop.getResultTypes(),
                                [](Type type) { return isa<ShapedType>(type); });
  if (!kernelBody && !loopBody)
    return false;
  SmallVector<UniformlyTrue> holding;
  SmallVector<Operation *> unmasked; // loads and stores whose masks go
  DenseSet<Operation *> seen;
  bool loopMasked = false, loopQualifies = true;
  auto collect = [&](Operation *op, bool inLoop) {
    Value mask = maskOf(op);
    if (!mask)
      return;
    SmallVector<arith::CmpIOp> leaves;
    SmallVector<UniformlyTrue> found;
    bool all = maskComparisons(mask, leaves);
    for (arith::CmpIOp cmp : leaves) {
      std::optional<UniformlyTrue> u = uniformlyTrue(cmp, loop, dominance);
      if (!u) {
        all = false;
        break;
      }
      found.push_back(*u);
    }
    if (inLoop) {
      loopMasked = true;
      loopQualifies &= all;
    }
    if (!all)
      return;
    unmasked.push_back(op);
    for (const UniformlyTrue &u : found)
      if (seen.insert(u.cmp).second)
        holding.push_back(u);
  };
  loop.getBody()->walk([&](Operation *op) { collect(op, true); });
  if (!loopMasked || !loopQualifies)
    return false;
  for (Operation *op = loop->getNextNode(); op != ret; op = op->getNextNode())
    op->walk([&](Operation *inner) { collect(inner, false); });

  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value condition;
  for (const UniformlyTrue &u : holding) {
    Value holds = holdsThroughout(b, loc, u, loop);
    condition = condition ? arith::AndIOp::create(b, loc, condition, holds) : holds;
  }
  // The values the block yields come out of whichever copy ran.
  SmallVector<Value> yielded(ret->getOperands());
  auto versions = scf::IfOp::create(b, loc, ValueRange(yielded).getTypes(),
                                    condition, /*withElseRegion=*/true);
  for (Block *copy : {versions.thenBlock(), versions.elseBlock()})
    if (!copy->empty())
      copy->getTerminator()->erase(); // the yields are made below
  SmallVector<Operation *> rest;
  for (Operation *op = loop; op != ret; op = op->getNextNode())
    rest.push_back(op);
  IRMapping mapping;
  OpBuilder inside(versions.getContext());
  inside.setInsertionPointToStart(versions.thenBlock());
  for (Operation *op : rest)
    inside.clone(*op, mapping);
  SmallVector<Value> yieldedCopies;
  for (Value value : yielded)
    yieldedCopies.push_back(mapping.lookupOrDefault(value));
  scf::YieldOp::create(inside, loc, yieldedCopies);
  OpBuilder original(versions.getContext());
  original.setInsertionPointToStart(versions.elseBlock());
  scf::YieldOp::create(original, loc, yielded);
  for (Operation *op : rest)
    op->moveBefore(versions.elseBlock()->getTerminator());
  ret->setOperands(versions.getResults());
  // The masks themselves go (their comparisons may lie before the loop,
  // outside the copy); comparisons copied with the loop become `true` for
  // their other users too.
  for (Operation *op : unmasked)
    dropMask(mapping.lookup(op));
  for (UniformlyTrue &u : holding) {
    Value copy = mapping.lookupOrNull(u.cmp.getResult());
    if (!copy)
      continue;
    replaceWithTrue(copy);
    if (copy.use_empty())
      copy.getDefiningOp()->erase();
  }
  return true;
}

struct SplitLoopsAtMaskBounds
    : triton_spirv::impl::SplitLoopsAtMaskBoundsBase<SplitLoopsAtMaskBounds> {
  void runOnOperation() override {
    DominanceInfo dominance(getOperation());
    SmallVector<scf::ForOp> dotLoops;
    getOperation().walk([&](scf::ForOp loop) {
      if (isa<FuncOp, scf::ForOp>(loop->getParentOp()) && hasDot(loop))
        dotLoops.push_back(loop);
    });
    for (scf::ForOp loop : dotLoops) {
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      if (step && *step > 0 && !loop.getUnsignedCmp() &&
          versionOnMasks(loop, dominance))
        break; // the loops after it are copied with it
    }
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      // The split point is computed with signed arithmetic.
      std::optional<int64_t> step = getConstantIntValue(loop.getStep());
      if (!step || *step <= 0 || loop.getUnsignedCmp())
        continue;
      // K loops of dots stay whole: their accumulators stay in registers
      // and their tiles are prefetched only as one loop (two moved the C
      // tile to workgroup memory and lost the prefetch).
      if (hasDot(loop))
        continue;
      SmallVector<Holds> holds;
      loop.getBody()->walk([&](arith::CmpIOp cmp) {
        if (!isa<ShapedType>(cmp.getType()) || !feedsMask(cmp.getResult(), loop))
          return;
        if (auto h = matchHoldingPrefix(cmp, loop))
          holds.push_back(*h);
      });
      if (!holds.empty())
        splitLoop(loop, holds);
    }
  }
};
} // namespace
