//===- FuseElementwiseChains.cpp - elementwise fusion that keeps effects --===//
//
// Upstream linalg elementwise fusion inlines a producer into its consumer and
// leaves the producer for dead-code removal. A producer that writes memory
// (Triton's atomics return the old values) is never dead, so it would run
// twice. Fuse only producers without memory writes.
//
// Fusing a producer that reads memory moves its loads to the consumer. That
// keeps Triton's block semantics (the whole block is loaded, then used) only
// when nothing in between writes memory and the consumer writes no element
// the producer reads at another position (a block loaded, permuted and
// stored back in place).
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_FUSEELEMENTWISECHAINS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Whether `op` or an op nested in it may have an effect of kind `Effect`.
/// Unknown effects count, unless the op only holds regions.
template <typename Effect>
bool mayHaveEffect(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(nested))
      return effects.hasEffect<Effect>() ? WalkResult::interrupt()
                                         : WalkResult::advance();
    if (!nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

bool writesMemory(Operation *op) { return mayHaveEffect<MemoryEffects::Write>(op); }
bool readsMemory(Operation *op) { return mayHaveEffect<MemoryEffects::Read>(op); }

/// Where a memory access goes: a memref and its indices, or (base null) a
/// raw address.
struct MemoryAccess {
  Value base;
  SmallVector<Value> address;
};

std::optional<MemoryAccess> accessOf(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return MemoryAccess{load.getMemRef(), llvm::to_vector(load.getIndices())};
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return MemoryAccess{store.getMemRef(), llvm::to_vector(store.getIndices())};
  if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(op))
    return MemoryAccess{rmw.getMemref(), llvm::to_vector(rmw.getIndices())};
  if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op))
    return MemoryAccess{rmw.getMemref(), llvm::to_vector(rmw.getIndices())};
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    return MemoryAccess{Value(), {load.getAddr()}};
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return MemoryAccess{Value(), {store.getAddr()}};
  return std::nullopt;
}

/// Whether `a` (in the producer's body) and `b` (in the consumer's) compute
/// the same value at every point of an iteration space both share.
bool sameAtEveryPoint(Value a, linalg::GenericOp producer, Value b,
                      linalg::GenericOp consumer, unsigned depth = 0) {
  if (a == b)
    return true;
  if (depth > 32)
    return false;
  auto argA = dyn_cast<BlockArgument>(a);
  auto argB = dyn_cast<BlockArgument>(b);
  if (argA || argB) {
    if (!argA || !argB || argA.getOwner() != producer.getBody() ||
        argB.getOwner() != consumer.getBody())
      return false;
    OpOperand *inA = producer.getMatchingOpOperand(argA);
    OpOperand *inB = consumer.getMatchingOpOperand(argB);
    return producer.isDpsInput(inA) && consumer.isDpsInput(inB) &&
           inA->get() == inB->get() &&
           producer.getMatchingIndexingMap(inA) ==
               consumer.getMatchingIndexingMap(inB);
  }
  Operation *opA = a.getDefiningOp();
  Operation *opB = b.getDefiningOp();
  if (opA->getName() != opB->getName() ||
      opA->getAttrDictionary() != opB->getAttrDictionary() ||
      opA->getNumOperands() != opB->getNumOperands() ||
      opA->getNumRegions() != 0 || opB->getNumRegions() != 0 ||
      !isMemoryEffectFree(opA) ||
      cast<OpResult>(a).getResultNumber() != cast<OpResult>(b).getResultNumber())
    return false;
  for (auto [operandA, operandB] :
       llvm::zip(opA->getOperands(), opB->getOperands()))
    if (!sameAtEveryPoint(operandA, producer, operandB, consumer, depth + 1))
      return false;
  return true;
}

/// A producer that reads memory may move to its consumer when no operation
/// in between writes memory and every consumer write that may alias a
/// producer read is to the address that read used, at the same point.
bool loadsMayMoveTo(Operation *producerOp, OpOperand *operand) {
  if (!readsMemory(producerOp))
    return true;
  Operation *consumerOp = operand->getOwner();
  if (producerOp->getBlock() != consumerOp->getBlock() ||
      !producerOp->isBeforeInBlock(consumerOp))
    return false;
  for (Operation *op = producerOp->getNextNode(); op != consumerOp;
       op = op->getNextNode())
    if (writesMemory(op))
      return false;
  if (!writesMemory(consumerOp))
    return true;
  auto producer = dyn_cast<linalg::GenericOp>(producerOp);
  auto consumer = dyn_cast<linalg::GenericOp>(consumerOp);
  if (!producer || !consumer ||
      !consumer.getMatchingIndexingMap(operand).isIdentity() ||
      !producer.getIndexingMapMatchingResult(cast<OpResult>(operand->get()))
           .isIdentity() ||
      producer.getNumLoops() != consumer.getNumLoops())
    return false;
  SmallVector<Operation *> reads, writes;
  bool unknown = false;
  producer.getBody()->walk([&](Operation *op) {
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
      if (effects.hasEffect<MemoryEffects::Read>())
        (accessOf(op) ? reads.push_back(op) : void(unknown = true));
    }
  });
  consumer.getBody()->walk([&](Operation *op) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects && !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      unknown = true;
    else if (effects && effects.hasEffect<MemoryEffects::Write>())
      (accessOf(op) ? writes.push_back(op) : void(unknown = true));
  });
  if (unknown)
    return false;
  for (Operation *read : reads) {
    MemoryAccess from = *accessOf(read);
    for (Operation *write : writes) {
      MemoryAccess to = *accessOf(write);
      // Distinct memrefs are distinct arguments; raw addresses may alias.
      if (from.base && to.base && from.base != to.base)
        continue;
      if (from.address.size() != to.address.size())
        return false;
      for (auto [x, y] : llvm::zip(from.address, to.address))
        if (!sameAtEveryPoint(x, producer, y, consumer))
          return false;
    }
  }
  return true;
}

bool isCheapPureArithmetic(Operation *producer) {
  auto generic = dyn_cast<linalg::GenericOp>(producer);
  if (!generic || !isMemoryEffectFree(generic.getBody()->getParentOp()))
    return false;
  int64_t ops = 0;
  for (Operation &op : generic.getBody()->without_terminator()) {
    if (!isa<arith::ArithDialect>(op.getDialect()) &&
        !isa<linalg::IndexOp>(op))
      return false;
    if (isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp, arith::RemSIOp,
            arith::RemUIOp, arith::RemFOp>(op) || ++ops > 12)
      return false;
  }
  return true;
}

/// expand_shape of a generic that only computes from its indices (a range)
/// -> that generic at the expanded shape, each collapsed index linearized
/// from its expanded ones. Ranges reshaped to rows and columns then fuse
/// into their consumers instead of becoming buffers read back per element.
struct ExpandIndexGeneric : public OpRewritePattern<tensor::ExpandShapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ExpandShapeOp expand,
                                PatternRewriter &rewriter) const override {
    auto producer = expand.getSrc().getDefiningOp<linalg::GenericOp>();
    RankedTensorType type = expand.getResultType();
    if (!producer || producer.getNumDpsInputs() != 0 ||
        producer->getNumResults() != 1 || !type.hasStaticShape() ||
        producer.getNumParallelLoops() != producer.getNumLoops() ||
        !producer.getIndexingMapsArray().back().isIdentity() ||
        !producer.getBody()->getArgument(0).use_empty() ||
        !isCheapPureArithmetic(producer))
      return failure();
    Location loc = expand.getLoc();
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType());
    unsigned rank = type.getRank();
    SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    SmallVector<ReassociationIndices> groups = expand.getReassociationIndices();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{}, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> collapsed;
          for (ReassociationIndices &group : groups) {
            Value index = linalg::IndexOp::create(b, l, group.front());
            for (int64_t dim : ArrayRef<int64_t>(group).drop_front()) {
              Value size = arith::ConstantIndexOp::create(b, l, type.getDimSize(dim));
              index = arith::AddIOp::create(
                  b, l, arith::MulIOp::create(b, l, index, size),
                  linalg::IndexOp::create(b, l, dim));
            }
            collapsed.push_back(index);
          }
          IRMapping mapping;
          Block *body = producer.getBody();
          for (Operation &op : body->without_terminator()) {
            if (auto index = dyn_cast<linalg::IndexOp>(op))
              mapping.map(index.getResult(), collapsed[index.getDim()]);
            else
              b.clone(op, mapping);
          }
          linalg::YieldOp::create(
              b, l, mapping.lookupOrDefault(body->getTerminator()->getOperand(0)));
        });
    rewriter.replaceOp(expand, generic.getResults());
    return success();
  }
};

struct FuseElementwiseChainsPass
    : public triton_spirv::impl::FuseElementwiseChainsBase<
          FuseElementwiseChainsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // A producer with several consumers is fused into each when it is a
    // little pure index/mask arithmetic (offsets, masks): recomputing it is
    // cheaper than a block-sized temporary, and consumers then see the
    // access pattern (contiguous runs vectorize).
    linalg::ControlFusionFn fuseProducer = [](OpOperand *operand) {
      Operation *producer = operand->get().getDefiningOp();
      if (!producer || writesMemory(producer) ||
          !loadsMayMoveTo(producer, operand))
        return false;
      return producer->hasOneUse() || isCheapPureArithmetic(producer);
    };
    RewritePatternSet patterns(context);
    patterns.add<ExpandIndexGeneric>(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseProducer);
    // Moving a reshape through a reduction turns the linalg.reduce into a
    // generic with a reduction loop, which distribution runs serially per
    // output (a row max followed by [:, None] folded 32 elements in a row
    // through workgroup memory); reductions keep their own form.
    linalg::ControlFusionFn foldReshape = [fuseProducer](OpOperand *operand) {
      auto reduces = [](Operation *op) {
        auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
        return linalgOp && linalgOp.getNumReductionLoops() > 0;
      };
      if (reduces(operand->get().getDefiningOp()) ||
          reduces(operand->getOwner()))
        return false;
      return fuseProducer(operand);
    };
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, foldReshape);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, fuseProducer);
    if (failed(applyPatternsGreedily(
            getOperation(), std::move(patterns),
            GreedyRewriteConfig().setUseTopDownTraversal(true))))
      signalPassFailure();
  }
};
} // namespace
