//===- FuseElementwiseChains.cpp - elementwise fusion that keeps effects --===//
//
// Upstream linalg elementwise fusion inlines a producer into its consumer and
// leaves the producer for dead-code removal. A producer that writes memory
// (Triton's atomics return the old values) is never dead, so it would run
// twice. Fuse only producers without memory writes.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
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
bool writesMemory(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (effects) {
      if (effects.hasEffect<MemoryEffects::Write>())
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    // Unknown effects count as writes unless the op only holds regions.
    if (!nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
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
      if (!producer || writesMemory(producer))
        return false;
      return producer->hasOneUse() || isCheapPureArithmetic(producer);
    };
    RewritePatternSet patterns(context);
    patterns.add<ExpandIndexGeneric>(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseProducer);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, fuseProducer);
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
