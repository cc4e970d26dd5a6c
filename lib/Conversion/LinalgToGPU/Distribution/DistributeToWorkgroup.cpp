//===- DistributeToWorkgroup.cpp - one program = one workgroup ------------===//
//
// After bufferization a program is scalar code plus linalg ops on memrefs
// (one per fused block operation). Each linalg op but reductions becomes an
// scf.parallel nest that is split over the workgroup: invocation `tid` takes
// runs of `contiguity` consecutive iterations,
// `tid * contiguity + k * numThreads * contiguity`. Reductions become a
// workgroup tree reduction (WorkgroupReduction.cpp). Block-sized temporaries
// (memref.alloc) go to workgroup memory, with a barrier after every phase
// that touches it. Scalar code runs redundantly in every invocation (it is
// uniform); its global stores happen once.
//
//===----------------------------------------------------------------------===//
#include "Matmul/CooperativeMatmul.h"
#include "Matmul/MatmulTiles.h"
#include "MemorySpaces.h"
#include "Distribution/PhaseBarriers.h"
#include "Distribution/Privatization.h"
#include "Reductions/WorkgroupReduction.h"
#include "Shared/BlockOwnership.h"
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_DISTRIBUTETOWORKGROUP
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using mlir::triton_spirv::isInsideDistributedWork;
using mlir::triton_spirv::usesMemref;

namespace {

/// A matmul whose f16 operands hold bf16 bits (bf16-matmul-operands-as-f16)
/// that runs on FMAs: its body widens them as bf16 again.
void widenOperandsAsBF16(linalg::MatmulOp matmul) {
  Block &body = matmul->getRegion(0).front();
  for (BlockArgument operand : body.getArguments().take_front(2)) {
    // (A fresh insertion point: the widening below erases ops.)
    OpBuilder builder = OpBuilder::atBlockBegin(&body);
    Location loc = matmul.getLoc();
    Value bits = arith::BitcastOp::create(builder, loc, builder.getBF16Type(),
                                          operand);
    for (Operation *user : llvm::make_early_inc_range(operand.getUsers())) {
      auto widen = dyn_cast<arith::ExtFOp>(user);
      if (!widen)
        continue;
      OpBuilder at(widen);
      widen.replaceAllUsesWith(
          arith::ExtFOp::create(at, loc, widen.getType(), bits).getResult());
      widen.erase();
    }
  }
  matmul->removeAttr(triton_spirv::kBF16OperandsAttr);
}
Value indexConstant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(builder, loc, value);
}

/// Replaces a top-level scf.parallel with a loop over this invocation's
/// share of its (linearized) iteration space.
LogicalResult distributeParallelLoop(scf::ParallelOp loop, Value threadId,
                                     int64_t numThreads, int64_t contiguity,
                                     int64_t spanSubgroupSize,
                                     const DenseSet<Value> &privateBuffers) {
  if (loop.getNumResults() != 0)
    return loop.emitError("distribute-to-workgroup: parallel loops with "
                          "reductions are not expected here");
  SmallVector<int64_t> lower, upper, steps, extents;
  for (auto [lb, ub, step] : llvm::zip(loop.getLowerBound(),
                                       loop.getUpperBound(), loop.getStep())) {
    std::optional<int64_t> l = getConstantIntValue(lb),
                           u = getConstantIntValue(ub),
                           s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      return loop.emitError("distribute-to-workgroup: block loops need "
                            "static bounds");
    lower.push_back(*l);
    steps.push_back(*s);
    extents.push_back((*u - *l + *s - 1) / *s);
  }
  int64_t total = 1;
  for (int64_t extent : extents)
    total *= extent;

  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  triton_spirv::Distribution distribution =
      triton_spirv::Distribution::of(total, numThreads, contiguity);
  int64_t run = distribution.run, perRound = distribution.perRound,
          rounds = distribution.rounds;

  triton_spirv::Distribution::OwnedRuns owned =
      distribution.ownedRuns(builder, loc, threadId, spanSubgroupSize);
  Value first = owned.first;
  int64_t roundStep = owned.roundStep;
  auto roundLoop = scf::ForOp::create(
      builder, loc, indexConstant(builder, loc, 0),
      indexConstant(builder, loc, rounds * roundStep),
      indexConstant(builder, loc, roundStep));
  builder.setInsertionPointToStart(roundLoop.getBody());
  Value roundBase =
      arith::AddIOp::create(builder, loc, roundLoop.getInductionVar(), first);
  auto elementLoop = scf::ForOp::create(builder, loc,
                                        indexConstant(builder, loc, 0),
                                        indexConstant(builder, loc, run),
                                        indexConstant(builder, loc, 1));
  if (loop->hasAttr(triton_spirv::kWholeBufferWriteAttr))
    roundLoop->setAttr(triton_spirv::kWholeBufferWriteAttr, builder.getUnitAttr());
  // Fully unrolled later; marks a run of consecutive accesses.
  elementLoop->setAttr("triton_spirv.contiguous_run", builder.getUnitAttr());
  builder.setInsertionPointToStart(elementLoop.getBody());
  Value linear = arith::AddIOp::create(builder, loc, roundBase,
                                       elementLoop.getInductionVar());
  if (total % perRound != 0) {
    Value inBounds = arith::CmpIOp::create(builder, loc,
                                           arith::CmpIPredicate::ult, linear,
                                           indexConstant(builder, loc, total));
    auto guard = scf::IfOp::create(builder, loc, inBounds);
    builder.setInsertionPointToStart(&guard.getThenRegion().front());
  }
  // Row-major delinearization: the last dimension varies fastest.
  IRMapping mapping;
  Value rest = linear;
  for (int64_t d = extents.size() - 1; d >= 0; --d) {
    Value index = rest;
    if (d > 0) {
      Value extent = indexConstant(builder, loc, extents[d]);
      index = arith::RemUIOp::create(builder, loc, rest, extent);
      rest = arith::DivUIOp::create(builder, loc, rest, extent);
    }
    Value iv = index;
    if (steps[d] != 1)
      iv = arith::MulIOp::create(builder, loc, iv,
                                 indexConstant(builder, loc, steps[d]));
    if (lower[d] != 0)
      iv = arith::AddIOp::create(builder, loc, iv,
                                 indexConstant(builder, loc, lower[d]));
    mapping.map(loop.getInductionVars()[d], iv);
  }
  SmallVector<Operation *> cloned;
  for (Operation &op : loop.getBody()->without_terminator())
    cloned.push_back(builder.clone(op, mapping));
  // Private buffers hold this invocation's elements only: element k of
  // round r is entry r * run + k.
  Value privateIndex;
  for (Operation *root : cloned)
    root->walk([&](Operation *op) {
      auto load = dyn_cast<memref::LoadOp>(op);
      auto store = dyn_cast<memref::StoreOp>(op);
      Value memref = load ? load.getMemRef() : store ? store.getMemRef() : Value();
      if (!memref || !privateBuffers.contains(memref))
        return;
      if (!privateIndex) {
        OpBuilder at(elementLoop.getBody(), elementLoop.getBody()->begin());
        Value round = arith::DivUIOp::create(at, loc, roundLoop.getInductionVar(),
                                             indexConstant(at, loc, roundStep));
        privateIndex = arith::AddIOp::create(
            at, loc,
            arith::MulIOp::create(at, loc, round, indexConstant(at, loc, run)),
            elementLoop.getInductionVar());
      }
      if (load)
        load.getIndicesMutable().assign(privateIndex);
      else
        store.getIndicesMutable().assign(privateIndex);
    });
  loop.erase();
  return success();
}

/// The constant a fill-like op writes to every element of its one output: a
/// linalg.fill of a constant, or a generic without inputs yielding one.
std::optional<Attribute> filledConstant(linalg::LinalgOp op) {
  Value value;
  if (auto fill = dyn_cast<linalg::FillOp>(op.getOperation())) {
    value = fill.value();
  } else if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation())) {
    if (generic.getNumDpsInputs() != 0 || generic.getNumDpsInits() != 1 ||
        generic.getNumParallelLoops() != generic.getNumLoops() ||
        !generic.getIndexingMapsArray()[0].isIdentity())
      return std::nullopt;
    value = generic.getBody()->getTerminator()->getOperand(0);
    if (auto arg = dyn_cast<BlockArgument>(value); arg && arg.getOwner() == generic.getBody())
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return attr;
}

/// When every write to `buffer` fills it with one constant and such a fill
/// dominates `at`, that constant: a loop-invariant zero accumulator that
/// bufferization copies into each iteration's matmul output, for example.
std::optional<Attribute> constantContents(Value buffer, Operation *at,
                                          DominanceInfo &dominance) {
  if (!buffer.getDefiningOp<memref::AllocOp>())
    return std::nullopt;
  std::optional<Attribute> constant;
  bool dominatingFill = false;
  for (Operation *user : buffer.getUsers()) {
    if (isa<memref::LoadOp, memref::DeallocOp>(user))
      continue;
    if (auto copy = dyn_cast<memref::CopyOp>(user)) {
      if (copy.getTarget() == buffer)
        return std::nullopt;
      continue;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(user);
    if (!linalgOp)
      return std::nullopt;
    if (!llvm::is_contained(linalgOp.getDpsInits(), buffer))
      continue;
    // A writer after `at` in its block, outside any loop, runs after it
    // (layer norm's zero accumulator, copied for one sum, then the next
    // sum's own).
    if (user->getBlock() == at->getBlock() && at->isBeforeInBlock(user) &&
        !user->getParentOfType<LoopLikeOpInterface>())
      continue;
    std::optional<Attribute> filled = filledConstant(linalgOp);
    if (!filled || (constant && *constant != *filled))
      return std::nullopt;
    constant = filled;
    dominatingFill |= dominance.properlyDominates(user, at);
  }
  if (!dominatingFill)
    return std::nullopt;
  return constant;
}

/// Bufferization copies whole buffers with memref.copy; as an scf.parallel
/// nest (a scalar load/store for rank 0) the copy is distributed like any
/// other block loop.
LogicalResult lowerCopy(memref::CopyOp copy) {
  auto type = cast<MemRefType>(copy.getSource().getType());
  if (!type.hasStaticShape())
    return copy.emitError("distribute-to-workgroup: dynamic memref.copy");
  OpBuilder builder(copy);
  Location loc = copy.getLoc();
  if (type.getRank() == 0) {
    Value value = memref::LoadOp::create(builder, loc, copy.getSource());
    memref::StoreOp::create(builder, loc, value, copy.getTarget());
  } else {
    SmallVector<Value> lower, upper, steps;
    for (int64_t size : type.getShape()) {
      lower.push_back(indexConstant(builder, loc, 0));
      upper.push_back(indexConstant(builder, loc, size));
      steps.push_back(indexConstant(builder, loc, 1));
    }
    scf::ParallelOp::create(
        builder, loc, lower, upper, steps,
        [&](OpBuilder &b, Location l, ValueRange ivs) {
          Value value = memref::LoadOp::create(b, l, copy.getSource(), ivs);
          memref::StoreOp::create(b, l, value, copy.getTarget(), ivs);
        });
  }
  copy.erase();
  return success();
}

/// Kernel arguments address global memory; every other memref value in the
/// function (allocations, their views, loop-carried buffers) is a block
/// temporary and moves to workgroup memory.
void moveTemporariesToWorkgroupMemory(func::FuncOp func, Attribute workgroup) {
  DenseSet<Value> global;
  SmallVector<Value> worklist(func.getArguments().begin(),
                              func.getArguments().end());
  // A memref view of a raw address (an atomic through it) is global memory.
  func.walk([&](UnrealizedConversionCastOp cast) {
    if (triton_spirv::isRawAddressView(cast))
      worklist.push_back(cast.getResult(0));
  });
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!isa<MemRefType>(value.getType()) || !global.insert(value).second)
      continue;
    for (Operation *user : value.getUsers())
      if (auto view = dyn_cast<ViewLikeOpInterface>(user))
        if (view.getViewSource() == value)
          llvm::append_range(worklist, user->getResults());
  }
  auto move = [&](Value value) {
    auto type = dyn_cast<MemRefType>(value.getType());
    if (!type || type.getMemorySpace() || global.contains(value))
      return;
    value.setType(MemRefType::Builder(type).setMemorySpace(workgroup));
  };
  func.walk([&](Operation *op) {
    for (Value result : op->getResults())
      move(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (&block != &func.getBody().front())
          for (BlockArgument argument : block.getArguments())
            move(argument);
  });
}

struct DistributeToWorkgroupPass
    : public triton_spirv::impl::DistributeToWorkgroupBase<
          DistributeToWorkgroupPass> {
  using DistributeToWorkgroupBase::DistributeToWorkgroupBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    MLIRContext *context = &getContext();
    // Barriers so far are the kernel's own; the ones added below are ours.
    func.walk([&](gpu::BarrierOp barrier) {
      barrier->setAttr(triton_spirv::kUserBarrierAttr, UnitAttr::get(context));
      barrier->setAttr(triton_spirv::kGlobalMemoryBarrierAttr,
                       UnitAttr::get(context));
    });
    auto workgroup =
        spirv::StorageClassAttr::get(context, spirv::StorageClass::Workgroup);

    // Buffers carried by while loops become fixed buffers while the copies
    // bufferization put in the loops are still recognizable.
    triton_spirv::carryWhileBuffersInPlace(func);

    SmallVector<memref::CopyOp> copies;
    func.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    // A copy of a buffer that only ever holds one constant is a fill (which
    // --fragment-epilogue turns into constant matrices for an accumulator).
    DominanceInfo dominance(func);
    for (memref::CopyOp &copy : copies) {
      std::optional<Attribute> constant =
          constantContents(copy.getSource(), copy, dominance);
      auto typed = dyn_cast_or_null<TypedAttr>(constant.value_or(nullptr));
      if (!typed)
        continue;
      OpBuilder builder(copy);
      Value value = arith::ConstantOp::create(builder, copy.getLoc(), typed);
      linalg::FillOp::create(builder, copy.getLoc(), value, copy.getTarget());
      copy.erase();
      copy = nullptr;
    }
    for (memref::CopyOp copy : copies)
      if (copy && failed(lowerCopy(copy)))
        return signalPassFailure();

    // A kernel whose FMA matmuls keep fewer than 64 outputs per invocation
    // runs shorter runs: each invocation owns more rows and fewer columns of
    // the block, and reads fewer B elements per k.
    constexpr int64_t kNarrowMatmulOutputs = 64;
    int64_t runLength = contiguity;
    if (narrowMatmulContiguity > 0 && narrowMatmulContiguity < contiguity &&
        !cooperativeMatrix) {
      WalkResult narrow = func.walk([&](linalg::MatmulOp matmul) {
        auto c = dyn_cast<MemRefType>(matmul.getOutputs()[0].getType());
        if (c && c.hasStaticShape() &&
            c.getNumElements() < kNarrowMatmulOutputs * numThreads &&
            triton_spirv::computesOwnedOutputs(matmul, numThreads,
                                               narrowMatmulContiguity))
          return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (narrow.wasInterrupted())
        runLength = narrowMatmulContiguity;
    }

    // Every linalg op but reductions and matmuls computed by the owners of
    // their outputs becomes a parallel loop nest.
    SmallVector<linalg::LinalgOp> linalgOps;
    DenseMap<Operation *, triton_spirv::CooperativeTiling> cooperative;
    func.walk([&](linalg::LinalgOp op) {
      auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
      std::optional<triton_spirv::CooperativeTiling> tiling;
      if (matmul && cooperativeMatrix)
        tiling = triton_spirv::cooperativeTiling(
            matmul, numThreads / subgroupSize, /*wholeRows=*/false,
            cooperativeInt8);
      if (tiling) {
        matmul->setAttr(triton_spirv::kCooperativeMatrixAttr,
                        UnitAttr::get(context));
        cooperative[matmul] = *tiling;
        return;
      }
      if (matmul && matmul->hasAttr(triton_spirv::kBF16OperandsAttr))
        widenOperandsAsBF16(matmul);
      if (matmul && triton_spirv::computesOwnedOutputs(matmul, numThreads,
                                                       runLength)) {
        auto a = cast<MemRefType>(matmul.getInputs()[0].getType());
        auto c = cast<MemRefType>(matmul.getOutputs()[0].getType());
        matmul->setAttr(triton_spirv::kMatmulShapeAttr,
                        DenseI64ArrayAttr::get(context, {c.getDimSize(0),
                                                         c.getDimSize(1),
                                                         a.getDimSize(1)}));
        return;
      }
      if (!isa<linalg::ReduceOp>(op))
        linalgOps.push_back(op);
    });
    if (subgroupOwnedRows)
      triton_spirv::giveAttentionDotsWholeRows(cooperative,
                                               numThreads / subgroupSize);
    // A Shared reduction whose accumulators were filled with constants just
    // before starts from those constants: the fill (a phase and a barrier)
    // goes, the reduction writes every output.
    bool subgroupOpsForReductions = numThreads > minSubgroupReduceThreads;
    DenseSet<Operation *> foldedFills;
    func.walk([&](linalg::ReduceOp reduce) {
      if (triton_spirv::classifyReduction(reduce, numThreads, runLength,
                                          subgroupOpsForReductions) !=
          triton_spirv::ReductionOwnership::Shared)
        return;
      SmallVector<Attribute> initial;
      SmallVector<Operation *> fills;
      Operation *previous = reduce->getPrevNode();
      for (Value init : llvm::reverse(reduce.getInits())) {
        auto fill = dyn_cast_or_null<linalg::LinalgOp>(previous);
        std::optional<Attribute> constant =
            fill ? filledConstant(fill) : std::nullopt;
        if (!constant || fill.getDpsInits()[0] != init)
          return;
        initial.insert(initial.begin(), *constant);
        fills.push_back(fill);
        previous = previous->getPrevNode();
      }
      reduce->setAttr(triton_spirv::kInitialValuesAttr,
                      ArrayAttr::get(context, initial));
      foldedFills.insert(fills.begin(), fills.end());
    });
    llvm::erase_if(linalgOps, [&](linalg::LinalgOp op) {
      return foldedFills.contains(op.getOperation());
    });
    for (Operation *fill : foldedFills)
      fill->erase();

    // Transposes a cooperative matmul reads through and row scales of its
    // carried accumulator stay until it is lowered.
    DenseSet<Operation *> readThrough;
    for (auto &[matmul, tiling] : cooperative) {
      for (linalg::TransposeOp transpose : {tiling.transposeA, tiling.transposeB})
        if (transpose)
          readThrough.insert(transpose);
      for (linalg::GenericOp scale : tiling.rowScales)
        readThrough.insert(scale);
    }
    llvm::erase_if(linalgOps, [&](linalg::LinalgOp op) {
      return readThrough.contains(op.getOperation());
    });
    IRRewriter rewriter(context);
    for (linalg::LinalgOp op : linalgOps) {
      rewriter.setInsertionPoint(op);
      bool wholeBuffer =
          op.getNumDpsInits() == 1 &&
          op.getNumLoops() == op.getNumParallelLoops() &&
          op.getDpsInits()[0].getDefiningOp<memref::AllocOp>() &&
          op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity();
      FailureOr<linalg::LinalgLoops> lowered =
          linalg::linalgOpToParallelLoops(rewriter, op);
      if (failed(lowered)) {
        op.emitError("distribute-to-workgroup: cannot lower to loops");
        return signalPassFailure();
      }
      if (wholeBuffer && !lowered->empty())
        lowered->front()->setAttr(triton_spirv::kWholeBufferWriteAttr,
                                  rewriter.getUnitAttr());
      rewriter.eraseOp(op);
    }

    // Buffers that are only written (outputs of fused ops nobody reads; loop
    // lowering also loads outputs it then ignores) are dead; dropping them
    // keeps them out of workgroup memory.
    SmallVector<memref::AllocOp> deadAllocs;
    func.walk([&](memref::AllocOp alloc) {
      if (llvm::all_of(alloc->getUsers(), [&](Operation *user) {
            auto store = dyn_cast<memref::StoreOp>(user);
            auto load = dyn_cast<memref::LoadOp>(user);
            return isa<memref::DeallocOp>(user) ||
                   (load && load.getResult().use_empty()) ||
                   (store && store.getMemRef() == alloc.getResult());
          }))
        deadAllocs.push_back(alloc);
    });
    for (memref::AllocOp alloc : deadAllocs) {
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        user->erase();
      alloc.erase();
    }

    triton_spirv::carryBuffersInPlace(func);
    bool useSubgroupOps = numThreads > minSubgroupReduceThreads;

    // Privatization shrinks buffers to their per-invocation part; reductions
    // keep the logical extent they reduce.
    func.walk([&](linalg::ReduceOp reduce) {
      auto type = cast<MemRefType>(reduce.getInputs()[0].getType());
      if (type.hasStaticShape())
        reduce->setAttr(triton_spirv::kReducedShapeAttr,
                        DenseI64ArrayAttr::get(context, type.getShape()));
    });

    // Buffers each invocation only touches at its own elements stay private.
    DenseSet<Value> privateBuffers =
        triton_spirv::privatizeBlockBuffers(func, numThreads, runLength,
                                            useSubgroupOps);

    // Reduced scalars every invocation can compute itself stay private (their
    // fold reads one partial per subgroup: the subgroup size must be known).
    if (privateReductionResults && useSubgroupOps && subgroupSize > 0)
      triton_spirv::privatizeReductionResults(func, numThreads, runLength,
                                              useSubgroupOps);

    // Block-sized temporaries are shared by the whole workgroup: every
    // memref that is not (a view of) a kernel argument, loop-carried ones too.
    WalkResult dynamic = func.walk([&](memref::AllocOp alloc) {
      if (alloc.getType().hasStaticShape())
        return WalkResult::advance();
      alloc.emitError("distribute-to-workgroup: dynamic allocation");
      return WalkResult::interrupt();
    });
    if (dynamic.wasInterrupted())
      return signalPassFailure();
    moveTemporariesToWorkgroupMemory(func, workgroup);
    func.walk([&](memref::DeallocOp dealloc) { dealloc.erase(); });

    OpBuilder builder(context);
    builder.setInsertionPointToStart(&func.getBody().front());
    Value threadId = gpu::ThreadIdOp::create(builder, func.getLoc(),
                                             gpu::Dimension::x);

    // Global stores in scalar (uniform) code must happen once.
    SmallVector<memref::StoreOp> scalarStores;
    func.walk([&](memref::StoreOp store) {
      auto type = store.getMemRefType();
      // Kernel arguments have no memory space yet; temporaries have one.
      if (!isInsideDistributedWork(store) && !type.getMemorySpace())
        scalarStores.push_back(store);
    });
    for (memref::StoreOp store : scalarStores) {
      builder.setInsertionPoint(store);
      Value isFirst = arith::CmpIOp::create(
          builder, store.getLoc(), arith::CmpIPredicate::eq, threadId,
          indexConstant(builder, store.getLoc(), 0));
      auto guard = scf::IfOp::create(builder, store.getLoc(), isFirst);
      store->moveBefore(guard.getThenRegion().front().getTerminator());
    }

    // Atomics in scalar code happen once; every invocation sees the old value
    // through workgroup memory.
    SmallVector<memref::GenericAtomicRMWOp> scalarAtomics;
    func.walk([&](memref::GenericAtomicRMWOp atomic) {
      if (!isInsideDistributedWork(atomic))
        scalarAtomics.push_back(atomic);
    });
    for (memref::GenericAtomicRMWOp atomic : scalarAtomics) {
      Location loc = atomic.getLoc();
      builder.setInsertionPoint(atomic);
      auto shared = memref::AllocOp::create(
          builder, loc,
          MemRefType::get({}, atomic.getType(), AffineMap(), workgroup));
      Value isFirst = arith::CmpIOp::create(builder, loc,
                                            arith::CmpIPredicate::eq, threadId,
                                            indexConstant(builder, loc, 0));
      auto guard = scf::IfOp::create(builder, loc, isFirst);
      guard->setAttr(triton_spirv::kSingleInvocationAttr, builder.getUnitAttr());
      atomic->moveBefore(guard.getThenRegion().front().getTerminator());
      builder.setInsertionPointAfter(atomic);
      memref::StoreOp::create(builder, loc, atomic.getResult(), shared);
      builder.setInsertionPointAfter(guard);
      auto barrier = gpu::BarrierOp::create(builder, loc);
      // What invocation 0 acquired, the others see too (acq_rel atomics).
      if (!atomic->hasAttr(triton_spirv::kRelaxedAtomicAttr))
        barrier->setAttr(triton_spirv::kGlobalMemoryBarrierAttr,
                         builder.getUnitAttr());
      Value old = memref::LoadOp::create(builder, loc, shared.getResult(),
                                         ValueRange{});
      atomic.getResult().replaceUsesWithIf(old, [&](OpOperand &use) {
        return use.getOwner()->getParentOp() != guard;
      });
    }

    SmallVector<scf::ParallelOp> loops;
    func.walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        loops.push_back(loop);
    });
    SmallVector<linalg::ReduceOp> reductions;
    func.walk([&](linalg::ReduceOp reduce) { reductions.push_back(reduce); });
    SmallVector<linalg::MatmulOp> matmuls;
    func.walk([&](linalg::MatmulOp matmul) { matmuls.push_back(matmul); });
    // Barriers: after every uniform op that touches workgroup memory, so no
    // phase reads what another is still writing (or overwrites what another
    // still reads).
    triton_spirv::placePhaseBarriers(func, workgroup, loops, reductions,
                                     matmuls, barrierAfterPrivatePhases,
                                     shareBarriers);
    // Subgroup spans: for any loop or fold whose iterations own no private
    // element; for those that do only when every lowering that touches a
    // private buffer takes the same ownership (loops and 1-D owned-elements
    // folds do; matmul owners and the other reduction kinds assume
    // round-major rounds).
    auto isPrivate = [&](Value memref) { return privateBuffers.contains(memref); };
    bool privateSpans =
        subgroupContiguous &&
        llvm::none_of(matmuls,
                      [&](linalg::MatmulOp matmul) {
                        return usesMemref(matmul, isPrivate);
                      }) &&
        llvm::all_of(reductions, [&](linalg::ReduceOp reduce) {
          return !usesMemref(reduce, isPrivate) ||
                 triton_spirv::classifyReduction(reduce, numThreads, runLength,
                                                 useSubgroupOps) ==
                     triton_spirv::ReductionOwnership::WholeWorkgroup;
        });
    auto spanSubgroupSize = [&](Operation *op) -> int64_t {
      return subgroupContiguous &&
                     (privateSpans || !usesMemref(op, isPrivate))
                 ? subgroupSize
                 : 0;
    };
    for (scf::ParallelOp loop : loops)
      if (failed(distributeParallelLoop(
              loop, threadId, numThreads,
              loop->hasAttr(triton_spirv::kRowPhaseAttr) ? 1 : runLength,
              spanSubgroupSize(loop), privateBuffers)))
        return signalPassFailure();
    SmallVector<linalg::MatmulOp> ownedOutputMatmuls;
    for (linalg::MatmulOp matmul : matmuls)
      if (!cooperative.contains(matmul))
        ownedOutputMatmuls.push_back(matmul);
    triton_spirv::OwnedOutputsOptions ownedOutputs =
        triton_spirv::fitMatmulUnrollBudget(
            ownedOutputMatmuls, numThreads, runLength,
            {/*broadcastLanes=*/broadcastSharedRows ? subgroupSize : 0,
             maxMatmulAccumulators, fullyUnrolledMatmulK,
             fullyUnrolledNarrowMatmulK},
            matmulUnrollBudget);
    for (linalg::MatmulOp matmul : matmuls) {
      auto tiling = cooperative.find(matmul);
      if (tiling != cooperative.end())
        triton_spirv::lowerMatmulToCooperativeMatrix(matmul, tiling->second);
      else
        triton_spirv::lowerMatmulToOwnedOutputs(matmul, threadId, numThreads,
                                                runLength, privateBuffers,
                                                ownedOutputs);
    }
    for (linalg::ReduceOp reduce : reductions)
      if (failed(triton_spirv::lowerReduceToWorkgroup(
              reduce, threadId, numThreads, runLength, privateBuffers,
              workgroup, useSubgroupOps, spanSubgroupSize(reduce),
              foldPartialsIntoInit, useSubgroupOps ? subgroupSize : 0)))
        return signalPassFailure();
    // Phases with only allocations between them leave barriers back to back.
    func.walk([](Block *block) { triton_spirv::eraseRepeatedBarriers(block); });
  }
};
} // namespace
