//===- UnswitchAlignmentVersions.cpp - one alignment check per loop nest --===//
//
// A run vectorized under a run-time alignment check (a tl.multiple_of hint on
// an address read from a table, a loaded stride) is an `scf.if` around its
// two copies. In a K loop that branch sits in every staging round, and the
// stores inside its branches keep prefetch-workgroup-tiles from loading the
// next tile early. The check's terms are loop-invariant, so the loop is
// duplicated once instead (classic unswitching, on the conjunction of all
// the checks it holds):
//
//   scf.for %k {                          %ok = <checks, cloned in front>
//     scf.for %round {                    scf.if %ok {
//       scf.if %aligned {vector copy}       scf.for %k { ...vector copies... }
//       else {per-element copy}           } else {
//     }                                     scf.for %k { ...per-element copies... }
//     ...                                 }
//   }
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_UNSWITCHALIGNMENTVERSIONS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Whether `v` can be computed in front of `loop`: defined outside it, or by
/// pure region-free ops whose operands can.
bool isInvariantIn(Value v, scf::ForOp loop) {
  if (!loop->isAncestor(v.getParentRegion()->getParentOp()))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || def->getNumRegions() != 0 || !isPure(def))
    return false;
  return llvm::all_of(def->getOperands(),
                      [&](Value operand) { return isInvariantIn(operand, loop); });
}

/// The outermost `scf.for` around `version` in which its condition is
/// invariant (null when there is none).
scf::ForOp unswitchTarget(scf::IfOp version) {
  scf::ForOp target;
  for (Operation *parent = version->getParentOp(); parent && !isa<func::FuncOp>(parent);
       parent = parent->getParentOp()) {
    auto loop = dyn_cast<scf::ForOp>(parent);
    if (!loop)
      continue;
    if (!isInvariantIn(version.getCondition(), loop))
      break;
    target = loop;
  }
  return target;
}

/// Clones the computation of `v` in front of `loop` (an invariant value).
Value cloneInFront(Value v, scf::ForOp loop, OpBuilder &b, IRMapping &mapping) {
  if (!loop->isAncestor(v.getParentRegion()->getParentOp()))
    return v;
  if (Value done = mapping.lookupOrNull(v))
    return done;
  Operation *def = v.getDefiningOp();
  for (Value operand : def->getOperands())
    cloneInFront(operand, loop, b, mapping);
  b.clone(*def, mapping);
  return mapping.lookup(v);
}

/// Erases `v`'s computation as far as nothing else uses it.
void eraseIfDead(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def || !isOpTriviallyDead(def))
    return;
  SmallVector<Value> operands(def->getOperands());
  def->erase();
  for (Value operand : operands)
    eraseIfDead(operand);
}

/// Replaces `version` by the ops of one of its branches.
void inlineBranch(scf::IfOp version, bool thenBranch) {
  Value condition = version.getCondition();
  Block *block = thenBranch ? version.thenBlock() : version.elseBlock();
  auto yield = cast<scf::YieldOp>(block->getTerminator());
  SmallVector<Value> results(yield.getOperands());
  yield->erase();
  version->getBlock()->getOperations().splice(Block::iterator(version),
                                              block->getOperations());
  version->replaceAllUsesWith(results);
  version->erase();
  eraseIfDead(condition);
}

/// The marked versions whose unswitch target is `loop`.
SmallVector<scf::IfOp> versionsFor(scf::ForOp loop) {
  SmallVector<scf::IfOp> versions;
  loop->walk([&](scf::IfOp version) {
    if (version->hasAttr(triton_spirv::kAlignmentVersionAttr) && version.elseBlock() &&
        unswitchTarget(version) == loop)
      versions.push_back(version);
  });
  return versions;
}

void unswitch(scf::ForOp loop) {
  SmallVector<scf::IfOp> versions = versionsFor(loop);
  // The iterations' workgroup tiles become one allocation in front, shared
  // by both copies (a static workgroup buffer is one per workgroup anyway).
  for (Operation &op : llvm::make_early_inc_range(loop.getBody()->without_terminator()))
    if (auto alloc = dyn_cast<memref::AllocOp>(op);
        alloc && alloc->getNumOperands() == 0 &&
        triton_spirv::isWorkgroupMemref(alloc.getResult()) &&
        llvm::none_of(alloc->getUsers(), [](Operation *user) {
          return user->hasTrait<OpTrait::IsTerminator>(); // carried out of an iteration
        }))
      alloc->moveBefore(loop);
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  IRMapping inFront;
  Value all;
  for (scf::IfOp version : versions) {
    Value condition = cloneInFront(version.getCondition(), loop, b, inFront);
    all = all ? arith::AndIOp::create(b, loc, all, condition) : condition;
  }
  auto choice = scf::IfOp::create(b, loc, loop.getResultTypes(), all,
                                  /*withElseRegion=*/true);
  OpBuilder thenBuilder = OpBuilder::atBlockEnd(choice.thenBlock());
  if (choice.thenBlock()->mightHaveTerminator())
    thenBuilder.setInsertionPoint(choice.thenBlock()->getTerminator());
  auto aligned = cast<scf::ForOp>(thenBuilder.clone(*loop));
  loop->replaceAllUsesWith(choice.getResults());
  // Yields of the loops' results (an scf.if without results has them built).
  if (loop.getNumResults() != 0) {
    scf::YieldOp::create(thenBuilder, loc, aligned.getResults());
    OpBuilder elseBuilder = OpBuilder::atBlockEnd(choice.elseBlock());
    scf::YieldOp::create(elseBuilder, loc, loop.getResults());
  }
  loop->moveBefore(choice.elseBlock()->getTerminator());
  for (scf::IfOp version : versionsFor(aligned))
    inlineBranch(version, /*thenBranch=*/true);
  for (scf::IfOp version : versions)
    inlineBranch(version, /*thenBranch=*/false);
}

struct UnswitchAlignmentVersionsPass
    : public triton_spirv::impl::UnswitchAlignmentVersionsBase<
          UnswitchAlignmentVersionsPass> {
  void runOnOperation() override {
    // One loop per round: unswitching clones the versions other loops hold.
    while (true) {
      scf::ForOp target;
      getOperation().walk<WalkOrder::PreOrder>([&](scf::IfOp version) {
        if (!version->hasAttr(triton_spirv::kAlignmentVersionAttr) || !version.elseBlock())
          return WalkResult::advance();
        target = unswitchTarget(version);
        return target ? WalkResult::interrupt() : WalkResult::advance();
      });
      if (!target)
        return;
      unswitch(target);
    }
  }
};
} // namespace
