//===- Privatization.cpp - block temporaries in invocation-private memory -===//
#include "Distribution/Privatization.h"
#include "Shared/BlockOwnership.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/EquivalenceClasses.h"

using namespace mlir;
using namespace mlir::triton_spirv;

namespace {
/// The top-level block loop around `op`, if any.
scf::ParallelOp blockLoopOf(Operation *op) {
  scf::ParallelOp outermost;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto loop = dyn_cast<scf::ParallelOp>(parent))
      outermost = loop;
  return outermost;
}

/// Looks through `affine.apply` of a bare dimension (what loop lowering
/// emits for identity indexing maps).
Value stripIdentityApply(Value index) {
  auto apply = index.getDefiningOp<affine::AffineApplyOp>();
  if (!apply)
    return index;
  AffineMap map = apply.getAffineMap();
  auto dim = dyn_cast<AffineDimExpr>(map.getResult(0));
  if (map.getNumResults() != 1 || !dim || map.getNumSymbols() != 0)
    return index;
  return apply.getMapOperands()[dim.getPosition()];
}

/// Whether `indices` are exactly the induction variables of `loop`, and the
/// loop iterates exactly over `shape` from 0 with step 1.
bool indexesOwnElement(scf::ParallelOp loop, ValueRange indices,
                       ArrayRef<int64_t> shape) {
  if (!loop || loop->hasAttr(kRowPhaseAttr) ||
      indices.size() != loop.getNumLoops() ||
      indices.size() != shape.size())
    return false;
  for (auto [i, index] : llvm::enumerate(indices)) {
    if (stripIdentityApply(index) != loop.getInductionVars()[i])
      return false;
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[i]);
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[i]);
    std::optional<int64_t> step = getConstantIntValue(loop.getStep()[i]);
    if (!lb || !ub || !step || *lb != 0 || *step != 1 || *ub != shape[i])
      return false;
  }
  return true;
}
} // namespace

DenseSet<Value> mlir::triton_spirv::privatizeBlockBuffers(func::FuncOp func,
                                                          int64_t numThreads,
                                                          int64_t contiguity,
                                                          bool useSubgroupOps) {
  // Buffers joined by loop-carried values and if results share one storage.
  llvm::EquivalenceClasses<Value> classes;
  auto join = [&](Value a, Value b) {
    if (isa<MemRefType>(a.getType()) && isa<MemRefType>(b.getType()))
      classes.unionSets(a, b);
  };
  SmallVector<Value> candidates;
  func.walk([&](Operation *op) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      classes.insert(alloc.getResult());
      candidates.push_back(alloc.getResult());
    } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      for (auto [init, arg, yielded, result] :
           llvm::zip(forOp.getInitArgs(), forOp.getRegionIterArgs(),
                     forOp.getBody()->getTerminator()->getOperands(),
                     forOp.getResults())) {
        join(init, arg);
        join(arg, yielded);
        join(yielded, result);
      }
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      if (ifOp.getNumResults() && ifOp.elseBlock())
        for (auto [a, b, result] :
             llvm::zip(ifOp.thenYield().getOperands(),
                       ifOp.elseYield().getOperands(), ifOp.getResults())) {
          join(a, result);
          join(b, result);
        }
    }
  });

  SmallVector<SmallVector<Value>> allClasses;
  for (auto it = classes.begin(); it != classes.end(); ++it)
    if ((*it)->isLeader())
      allClasses.emplace_back(classes.member_begin(**it), classes.member_end());

  DenseSet<Value> privatized;
  for (SmallVector<Value> &members : allClasses) {
    auto type = dyn_cast<MemRefType>(members.front().getType());
    if (!type || !type.hasStaticShape() || type.getMemorySpace())
      continue;
    bool ok = llvm::all_of(members, [&](Value member) {
      if (member.getType() != type)
        return false;
      // Only allocations and values of scf ops; never kernel arguments.
      if (auto arg = dyn_cast<BlockArgument>(member))
        if (!isa<scf::ForOp>(arg.getOwner()->getParentOp()))
          return false;
      if (auto result = dyn_cast<OpResult>(member))
        if (!isa<memref::AllocOp, scf::ForOp>(result.getOwner()))
          return false;
      return llvm::all_of(member.getUses(), [&](OpOperand &use) {
        Operation *user = use.getOwner();
        if (isa<scf::YieldOp, memref::DeallocOp>(user))
          return true;
        if (auto forOp = dyn_cast<scf::ForOp>(user))
          return llvm::is_contained(forOp.getInitArgs(), member);
        if (auto load = dyn_cast<memref::LoadOp>(user))
          return indexesOwnElement(blockLoopOf(load), load.getIndices(),
                                   type.getShape());
        // The owned-elements reduction reads each element where its owner
        // invocation is (same distribution as the block loops).
        // A matmul computed by its outputs' owners writes the accumulator
        // at owned elements only.
        if (auto matmul = dyn_cast<linalg::MatmulOp>(user))
          return matmul.getOutputs()[0] == member &&
                 !llvm::is_contained(matmul.getInputs(), member) &&
                 computesOwnedOutputs(matmul, numThreads, contiguity);
        if (auto reduce = dyn_cast<linalg::ReduceOp>(user)) {
          switch (classifyReduction(reduce, numThreads, contiguity, useSubgroupOps)) {
          case ReductionOwnership::WholeWorkgroup:
            return reduce.getInputs()[0] == member;
          case ReductionOwnership::PerInvocation:
          case ReductionOwnership::RowClasses:
            return true; // inputs and outputs alike
          case ReductionOwnership::Shared:
            return false;
          }
        }
        if (auto store = dyn_cast<memref::StoreOp>(user))
          return store.getMemRef() == member &&
                 indexesOwnElement(blockLoopOf(store), store.getIndices(),
                                   type.getShape());
        return false;
      });
    });
    if (!ok)
      continue;
    Distribution d = Distribution::of(type.getNumElements(), numThreads, contiguity);
    auto privateType = MemRefType::get(
        {d.elementsPerInvocation()}, type.getElementType(), AffineMap(),
        spirv::StorageClassAttr::get(func.getContext(),
                                     spirv::StorageClass::Function));
    for (Value member : members) {
      if (auto alloc = member.getDefiningOp<memref::AllocOp>()) {
        OpBuilder builder(alloc);
        auto alloca =
            memref::AllocaOp::create(builder, alloc.getLoc(), privateType);
        alloc.getResult().replaceAllUsesWith(alloca.getResult());
        alloc.erase();
        privatized.insert(alloca.getResult());
        continue;
      }
      member.setType(privateType);
      privatized.insert(member);
    }
  }
  // Deallocations of private buffers go.
  func.walk([&](memref::DeallocOp dealloc) {
    if (privatized.contains(dealloc.getMemref()))
      dealloc.erase();
  });
  return privatized;
}

void mlir::triton_spirv::privatizeReductionResults(
    func::FuncOp func, int64_t numThreads, int64_t contiguity,
    bool useSubgroupOps) {
  // Scalar code (outside the block loops) runs in every invocation alike.
  auto inScalarCode = [](Operation *op) {
    return !op->getParentOfType<scf::ParallelOp>() &&
           !op->getParentOfType<linalg::LinalgOp>();
  };
  SmallVector<memref::AllocOp> scalars;
  func.walk([&](memref::AllocOp alloc) {
    MemRefType type = alloc.getType();
    if (type.getRank() != 0 || type.getMemorySpace())
      return;
    bool accumulates = false;
    bool ok = llvm::all_of(alloc->getUses(), [&](OpOperand &use) {
      Operation *user = use.getOwner();
      if (isa<memref::LoadOp, memref::DeallocOp>(user))
        return true;
      if (auto store = dyn_cast<memref::StoreOp>(user))
        return store.getMemRef() == alloc.getResult() && inScalarCode(store);
      auto reduce = dyn_cast<linalg::ReduceOp>(user);
      if (!reduce || !inScalarCode(reduce) ||
          !llvm::is_contained(reduce.getInits(), alloc.getResult()) ||
          classifyReduction(reduce, numThreads, contiguity, useSubgroupOps) !=
              ReductionOwnership::WholeWorkgroup)
        return false;
      accumulates = true;
      return true;
    });
    if (ok && accumulates)
      scalars.push_back(alloc);
  });
  for (memref::AllocOp alloc : scalars) {
    OpBuilder builder(alloc);
    auto alloca = memref::AllocaOp::create(
        builder, alloc.getLoc(),
        MemRefType::get({}, alloc.getType().getElementType(), AffineMap(),
                        spirv::StorageClassAttr::get(
                            func.getContext(), spirv::StorageClass::Function)));
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    alloc.getResult().replaceAllUsesWith(alloca.getResult());
    alloc.erase();
  }
}

namespace {
/// A block-level copy `from` -> `to` (distributed like any block loop).
void copyBlockBuffer(OpBuilder &b, Location loc, Value from, Value to) {
  auto type = cast<MemRefType>(to.getType());
  if (type.getRank() == 0) {
    Value v = memref::LoadOp::create(b, loc, from, ValueRange{});
    memref::StoreOp::create(b, loc, v, to, ValueRange{});
    return;
  }
  SmallVector<Value> lower, upper, steps;
  for (int64_t size : type.getShape()) {
    lower.push_back(arith::ConstantIndexOp::create(b, loc, 0));
    upper.push_back(arith::ConstantIndexOp::create(b, loc, size));
    steps.push_back(arith::ConstantIndexOp::create(b, loc, 1));
  }
  scf::ParallelOp::create(b, loc, lower, upper, steps,
                          [&](OpBuilder &lb, Location l, ValueRange ivs) {
                            Value v = memref::LoadOp::create(lb, l, from, ivs);
                            memref::StoreOp::create(lb, l, v, to, ivs);
                          });
}

/// A fresh buffer of `type` at the start of the kernel.
Value allocAtEntry(func::FuncOp func, Location loc, MemRefType type) {
  OpBuilder builder(func.getBody());
  builder.setInsertionPointToStart(&func.getBody().front());
  return memref::AllocOp::create(builder, loc, type);
}

bool isStaticBuffer(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.hasStaticShape();
}
} // namespace

/// An scf.while's buffers (a mask carried by a compare-and-swap retry loop)
/// go the same way: each buffer before-argument becomes a fixed buffer the
/// init is copied into and the after-region's yield copies into; each buffer
/// the condition forwards becomes a fixed buffer the before-region copies
/// into, read by the after-region and after the loop. The loop is rebuilt
/// without them (privatization follows no while arguments).
static void carryOneWhile(func::FuncOp func, scf::WhileOp loop) {
  Location loc = loop.getLoc();
  Block &before = loop.getBefore().front();
  Block &after = loop.getAfter().front();
  auto yield = cast<scf::YieldOp>(after.getTerminator());
  scf::ConditionOp condition = loop.getConditionOp();
  llvm::BitVector beforeGone(before.getNumArguments());
  llvm::BitVector forwardedGone(after.getNumArguments());
  for (BlockArgument arg : before.getArguments()) {
    if (!isStaticBuffer(arg.getType()))
      continue;
    unsigned i = arg.getArgNumber();
    Value carried = allocAtEntry(func, loc, cast<MemRefType>(arg.getType()));
    OpBuilder builder(loop);
    copyBlockBuffer(builder, loc, loop.getInits()[i], carried);
    builder.setInsertionPoint(yield);
    copyBlockBuffer(builder, loc, yield.getOperand(i), carried);
    arg.replaceAllUsesWith(carried);
    beforeGone.set(i);
  }
  for (BlockArgument arg : after.getArguments()) {
    if (!isStaticBuffer(arg.getType()))
      continue;
    unsigned j = arg.getArgNumber();
    Value forwarded = condition.getArgs()[j];
    // Bufferization forwards a fresh copy of the before-argument; its fixed
    // buffer serves as well (the before region is over when the after region
    // or the code after the loop reads it, and the after region's yield copy
    // comes last). A copy loop in the before region would also nest a loop
    // in the SPIR-V loop header, which the serializer gets wrong (OpPhi of a
    // block that is not a predecessor).
    if (auto alloc = forwarded.getDefiningOp<memref::AllocOp>();
        alloc && alloc->getBlock() == &before) {
      memref::CopyOp copy;
      bool onlyCopied = llvm::all_of(alloc->getUsers(), [&](Operation *user) {
        if (user == condition.getOperation())
          return true;
        auto c = dyn_cast<memref::CopyOp>(user);
        if (!c || c.getTarget() != forwarded || copy)
          return false;
        copy = c;
        return true;
      });
      if (onlyCopied && copy &&
          !loop->isAncestor(copy.getSource().getParentBlock()->getParentOp())) {
        Value source = copy.getSource();
        condition->replaceUsesOfWith(forwarded, source);
        copy.erase();
        alloc.erase();
        forwarded = source;
      }
    }
    if (!loop->isAncestor(forwarded.getParentBlock()->getParentOp())) {
      arg.replaceAllUsesWith(forwarded);
      loop.getResult(j).replaceAllUsesWith(forwarded);
      forwardedGone.set(j);
      continue;
    }
    Value carried = allocAtEntry(func, loc, cast<MemRefType>(arg.getType()));
    OpBuilder builder(condition);
    copyBlockBuffer(builder, loc, forwarded, carried);
    arg.replaceAllUsesWith(carried);
    loop.getResult(j).replaceAllUsesWith(carried);
    forwardedGone.set(j);
  }
  if (beforeGone.none() && forwardedGone.none())
    return;
  auto kept = [](ValueRange values, const llvm::BitVector &gone) {
    SmallVector<Value> result;
    for (auto [i, v] : llvm::enumerate(values))
      if (!gone.test(i))
        result.push_back(v);
    return result;
  };
  SmallVector<Value> inits = kept(loop.getInits(), beforeGone);
  SmallVector<Type> resultTypes;
  for (Value v : kept(loop.getResults(), forwardedGone))
    resultTypes.push_back(v.getType());
  SmallVector<Value> oldResults = kept(loop.getResults(), forwardedGone);
  yield->setOperands(kept(yield.getOperands(), beforeGone));
  condition.getArgsMutable().assign(kept(condition.getArgs(), forwardedGone));
  before.eraseArguments(beforeGone);
  after.eraseArguments(forwardedGone);
  OpBuilder builder(loop);
  auto rebuilt = scf::WhileOp::create(builder, loc, resultTypes, inits);
  rebuilt.getBefore().takeBody(loop.getBefore());
  rebuilt.getAfter().takeBody(loop.getAfter());
  for (auto [from, to] : llvm::zip(oldResults, rebuilt.getResults()))
    from.replaceAllUsesWith(to);
  loop.erase();
}

void mlir::triton_spirv::carryWhileBuffersInPlace(func::FuncOp func) {
  SmallVector<scf::WhileOp> whiles;
  func.walk([&](scf::WhileOp op) { whiles.push_back(op); });
  for (scf::WhileOp op : whiles)
    carryOneWhile(func, op);
}

void mlir::triton_spirv::carryBuffersInPlace(func::FuncOp func) {
  SmallVector<scf::ForOp> loops;
  SmallVector<scf::IfOp> branches;
  func.walk([&](Operation *op) {
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      loops.push_back(forOp);
    else if (auto ifOp = dyn_cast<scf::IfOp>(op))
      if (llvm::any_of(ifOp.getResultTypes(), isStaticBuffer))
        branches.push_back(ifOp);
  });
  for (scf::ForOp forOp : loops) {
    for (unsigned i = 0; i < forOp.getNumRegionIterArgs(); ++i) {
      BlockArgument iterArg = forOp.getRegionIterArgs()[i];
      if (!isStaticBuffer(iterArg.getType()))
        continue;
      Location loc = forOp.getLoc();
      Value carried =
          allocAtEntry(func, loc, cast<MemRefType>(iterArg.getType()));
      OpBuilder builder(forOp);
      copyBlockBuffer(builder, loc, forOp.getInitArgs()[i], carried);
      Operation *yield = forOp.getBody()->getTerminator();
      builder.setInsertionPoint(yield);
      copyBlockBuffer(builder, loc, yield->getOperand(i), carried);
      iterArg.replaceAllUsesWith(carried);
      forOp.getResult(i).replaceAllUsesWith(carried);
      yield->setOperand(i, carried);
      forOp.getInitArgsMutable()[i].assign(carried);
    }
  }
  // Each branch copies the buffer it produced into one fixed buffer; the
  // if keeps only its non-buffer results.
  for (scf::IfOp ifOp : branches) {
    Location loc = ifOp.getLoc();
    SmallVector<Value> kept;
    SmallVector<unsigned> keptIndices;
    for (auto [i, result] : llvm::enumerate(ifOp.getResults())) {
      if (!isStaticBuffer(result.getType())) {
        keptIndices.push_back(i);
        continue;
      }
      Value carried =
          allocAtEntry(func, loc, cast<MemRefType>(result.getType()));
      for (scf::YieldOp yield : {ifOp.thenYield(), ifOp.elseYield()}) {
        OpBuilder builder(yield);
        copyBlockBuffer(builder, loc, yield.getOperand(i), carried);
      }
      result.replaceAllUsesWith(carried);
    }
    OpBuilder builder(ifOp);
    SmallVector<Type> keptTypes;
    for (unsigned i : keptIndices)
      keptTypes.push_back(ifOp.getResult(i).getType());
    auto newIf = scf::IfOp::create(builder, loc, keptTypes,
                                   ifOp.getCondition(), /*withElse=*/true);
    for (auto [from, to] : {std::pair{&ifOp.getThenRegion(), &newIf.getThenRegion()},
                            std::pair{&ifOp.getElseRegion(), &newIf.getElseRegion()}}) {
      to->front().erase();
      to->takeBody(*from);
      auto yield = cast<scf::YieldOp>(to->front().getTerminator());
      SmallVector<Value> operands;
      for (unsigned i : keptIndices)
        operands.push_back(yield.getOperand(i));
      yield->setOperands(operands);
    }
    for (auto [newIndex, oldIndex] : llvm::enumerate(keptIndices))
      ifOp.getResult(oldIndex).replaceAllUsesWith(newIf.getResult(newIndex));
    ifOp.erase();
  }
}
