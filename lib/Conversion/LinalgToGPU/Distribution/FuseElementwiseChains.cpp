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

/// A reshape (expand_shape or collapse_shape, possibly of another such
/// reshape) of a generic that computes only from its indices and scalars (a
/// range such as `start + arange(0, N)`) -> that generic at the reshaped
/// shape, each original index recomputed from the new ones (row-major order
/// is kept). Ranges reshaped to rows and columns then fuse into their
/// consumers instead of becoming buffers read back per element.
template <typename ReshapeOp>
struct ReshapeIndexGeneric : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern<ReshapeOp>::OpRewritePattern;

  /// The index-only generic under a chain of reshapes, and its result type.
  static linalg::GenericOp indexOnlyProducer(Value value) {
    while (true) {
      if (auto expand = value.getDefiningOp<tensor::ExpandShapeOp>())
        value = expand.getSrc();
      else if (auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>())
        value = collapse.getSrc();
      else
        break;
    }
    auto producer = value.getDefiningOp<linalg::GenericOp>();
    if (!producer || producer->getNumResults() != 1 ||
        producer.getNumDpsInits() != 1 ||
        producer.getNumParallelLoops() != producer.getNumLoops() ||
        !producer.getIndexingMapsArray().back().isIdentity() ||
        producer.payloadUsesValueFromOperand(producer.getDpsInitOperand(0)) ||
        !isCheapPureArithmetic(producer) ||
        !cast<RankedTensorType>(producer.getResult(0).getType()).hasStaticShape())
      return nullptr;
    // Inputs may only be scalars broadcast to every point.
    for (OpOperand *input : producer.getDpsInputOperands())
      if (producer.getMatchingIndexingMap(input).getNumResults() != 0)
        return nullptr;
    return producer;
  }

  LogicalResult matchAndRewrite(ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    linalg::GenericOp producer = indexOnlyProducer(reshape.getSrc());
    auto type = cast<RankedTensorType>(reshape.getResult().getType());
    if (!producer || !type.hasStaticShape())
      return failure();
    ArrayRef<int64_t> from =
        cast<RankedTensorType>(producer.getResult(0).getType()).getShape();
    Location loc = reshape.getLoc();
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType());
    unsigned rank = type.getRank();
    SmallVector<AffineMap> maps;
    SmallVector<Value> inputs;
    for (OpOperand *input : producer.getDpsInputOperands()) {
      inputs.push_back(input->get());
      maps.push_back(AffineMap::get(rank, 0, rewriter.getContext()));
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, inputs, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange arguments) {
          auto constant = [&](int64_t v) {
            return arith::ConstantIndexOp::create(b, l, v);
          };
          // The flat (row-major) position of this point, then the producer's
          // indices of that position.
          Value flat = constant(0);
          for (unsigned d = 0; d < rank; ++d)
            flat = arith::AddIOp::create(
                b, l, arith::MulIOp::create(b, l, flat, constant(type.getDimSize(d))),
                linalg::IndexOp::create(b, l, d));
          SmallVector<Value> original(from.size());
          for (int64_t d = from.size() - 1; d >= 0; --d) {
            if (from[d] == 1) {
              original[d] = constant(0);
              continue;
            }
            original[d] = d == 0 ? flat : arith::RemUIOp::create(b, l, flat, constant(from[d]));
            if (d > 0)
              flat = arith::DivUIOp::create(b, l, flat, constant(from[d]));
          }
          IRMapping mapping;
          Block *body = producer.getBody();
          for (auto [argument, value] :
               llvm::zip(body->getArguments().drop_back(), arguments.drop_back()))
            mapping.map(argument, value);
          for (Operation &op : body->without_terminator()) {
            if (auto index = dyn_cast<linalg::IndexOp>(op))
              mapping.map(index.getResult(), original[index.getDim()]);
            else
              b.clone(op, mapping);
          }
          linalg::YieldOp::create(
              b, l, mapping.lookupOrDefault(body->getTerminator()->getOperand(0)));
        });
    rewriter.replaceOp(reshape, generic.getResults());
    return success();
  }
};

/// A consumer of a generic that fusion kept (its result has other users, or
/// its loads could not move) joins it as extra results when both run over the same
/// points, the consumer reads the producer's results at the point and its
/// other operands are already available: one loop nest, so one phase and
/// one barrier after distribution instead of two (attention's m_new and
/// alpha = exp(m_i - m_new); p and p.to(f16)).
struct MergeConsumerIntoProducer : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  static bool allParallelStatic(linalg::GenericOp op) {
    return op.hasPureTensorSemantics() &&
           op.getNumParallelLoops() == op.getNumLoops() &&
           llvm::none_of(op.getStaticLoopRanges(), ShapedType::isDynamic) &&
           llvm::all_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
             return op.getMatchingIndexingMap(&init).isIdentity();
           });
  }

  LogicalResult matchAndRewrite(linalg::GenericOp consumer,
                                PatternRewriter &rewriter) const override {
    if (!allParallelStatic(consumer) || readsMemory(consumer) ||
        writesMemory(consumer))
      return failure();
    linalg::GenericOp producer;
    for (OpOperand *input : consumer.getDpsInputOperands()) {
      auto candidate = input->get().getDefiningOp<linalg::GenericOp>();
      if (candidate && candidate->getBlock() == consumer->getBlock()) {
        producer = candidate;
        break;
      }
    }
    if (!producer || !allParallelStatic(producer) || writesMemory(producer) ||
        producer.getStaticLoopRanges() != consumer.getStaticLoopRanges())
      return failure();
    Block *block = producer->getBlock();
    // Block arguments the consumer can use are this block's or an enclosing
    // one's; ops defined in an enclosing block come before the producer too.
    auto availableAtProducer = [&](Value v) {
      Operation *def = v.getDefiningOp();
      if (!def || def == producer.getOperation())
        return true;
      Operation *top = block->findAncestorOpInBlock(*def);
      return !top || top->isBeforeInBlock(producer);
    };
    for (OpOperand &operand : consumer->getOpOperands()) {
      Value v = operand.get();
      // An empty init only gives the shape: made again at the producer.
      if (consumer.isDpsInit(&operand) && v.getDefiningOp<tensor::EmptyOp>())
        continue;
      if (v.getDefiningOp() == producer.getOperation()) {
        if (consumer.isDpsInit(&operand) ||
            !consumer.getMatchingIndexingMap(&operand).isIdentity())
          return failure();
        continue;
      }
      if (!availableAtProducer(v))
        return failure();
    }

    SmallVector<Value> inputs(producer.getDpsInputs());
    SmallVector<AffineMap> maps;
    for (OpOperand *input : producer.getDpsInputOperands())
      maps.push_back(producer.getMatchingIndexingMap(input));
    SmallVector<OpOperand *> consumerInputs;
    for (OpOperand *input : consumer.getDpsInputOperands())
      if (input->get().getDefiningOp() != producer.getOperation()) {
        consumerInputs.push_back(input);
        inputs.push_back(input->get());
        maps.push_back(consumer.getMatchingIndexingMap(input));
      }
    rewriter.setInsertionPoint(producer);
    SmallVector<Value> inits(producer.getDpsInits());
    for (Value init : consumer.getDpsInits()) {
      if (auto empty = init.getDefiningOp<tensor::EmptyOp>())
        init = rewriter.clone(*empty)->getResult(0);
      inits.push_back(init);
    }
    maps.append(inits.size(),
                rewriter.getMultiDimIdentityMap(producer.getNumLoops()));
    SmallVector<Type> types(producer->getResultTypes());
    llvm::append_range(types, consumer->getResultTypes());

    rewriter.setInsertionPoint(producer);
    auto merged = linalg::GenericOp::create(
        rewriter, producer.getLoc(), types, inputs, inits, maps,
        producer.getIteratorTypesArray(),
        [&](OpBuilder &b, Location l, ValueRange arguments) {
          IRMapping mapping;
          Block *producerBody = producer.getBody();
          unsigned producerInputs = producer.getNumDpsInputs();
          unsigned producerInits = producer.getNumDpsInits();
          unsigned extraInputs = consumerInputs.size();
          for (unsigned i = 0; i < producerInputs; ++i)
            mapping.map(producerBody->getArgument(i), arguments[i]);
          for (unsigned i = 0; i < producerInits; ++i)
            mapping.map(producerBody->getArgument(producerInputs + i),
                        arguments[producerInputs + extraInputs + i]);
          for (Operation &op : producerBody->without_terminator())
            b.clone(op, mapping);
          SmallVector<Value> yielded;
          for (Value v : producerBody->getTerminator()->getOperands())
            yielded.push_back(mapping.lookupOrDefault(v));
          Block *consumerBody = consumer.getBody();
          IRMapping consumerMapping;
          unsigned extra = 0;
          for (OpOperand *input : consumer.getDpsInputOperands()) {
            BlockArgument argument = consumerBody->getArgument(input->getOperandNumber());
            if (auto result = dyn_cast<OpResult>(input->get());
                result && result.getOwner() == producer.getOperation())
              consumerMapping.map(argument, yielded[result.getResultNumber()]);
            else
              consumerMapping.map(argument, arguments[producerInputs + extra++]);
          }
          for (unsigned i = 0; i < consumer.getNumDpsInits(); ++i)
            consumerMapping.map(
                consumerBody->getArgument(consumer.getNumDpsInputs() + i),
                arguments[producerInputs + extraInputs + producerInits + i]);
          for (Operation &op : consumerBody->without_terminator())
            b.clone(op, consumerMapping);
          for (Value v : consumerBody->getTerminator()->getOperands())
            yielded.push_back(consumerMapping.lookupOrDefault(v));
          linalg::YieldOp::create(b, l, yielded);
        });
    merged->setDiscardableAttrs(producer->getDiscardableAttrDictionary());
    unsigned producerResults = producer->getNumResults();
    rewriter.replaceOp(consumer, merged.getResults().drop_front(producerResults));
    rewriter.replaceOp(producer, merged.getResults().take_front(producerResults));
    return success();
  }
};

/// `e + tl.sum(x)` where the sum starts from zero and is read only there
/// -> the sum starts from `e` (a generic computing e alone): the addition
/// becomes the reduction's own, one phase fewer after distribution
/// (attention's l_i = l_i * alpha + tl.sum(p, 1)). Floating-point sums then
/// add e first instead of last, as any reduction order may.
struct StartSumFromAddend : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  static bool isZero(Value v) {
    Attribute attr;
    if (!matchPattern(v, m_Constant(&attr)))
      return false;
    if (auto f = dyn_cast<FloatAttr>(attr))
      return f.getValue().isZero();
    if (auto i = dyn_cast<IntegerAttr>(attr))
      return i.getValue().isZero();
    return false;
  }

  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    if (!generic.hasPureTensorSemantics() || generic->getNumResults() != 1 ||
        generic.getNumParallelLoops() != generic.getNumLoops() ||
        !generic.getIndexingMapsArray().back().isIdentity() ||
        readsMemory(generic) || writesMemory(generic))
      return failure();
    Block *body = generic.getBody();
    Operation *add = body->getTerminator()->getOperand(0).getDefiningOp();
    if (!add || !isa<arith::AddFOp, arith::AddIOp>(add))
      return failure();
    for (OpOperand *input : generic.getDpsInputOperands()) {
      auto reduce = input->get().getDefiningOp<linalg::ReduceOp>();
      if (!reduce || reduce->getNumResults() != 1 || !input->get().hasOneUse() ||
          reduce->getBlock() != generic->getBlock() ||
          !generic.getMatchingIndexingMap(input).isIdentity())
        continue;
      Block &combiner = reduce.getCombiner().front();
      Operation *reduceAdd = combiner.getTerminator()->getOperand(0).getDefiningOp();
      auto fill = reduce.getInits()[0].getDefiningOp<linalg::FillOp>();
      if (combiner.getOperations().size() != 2 || !reduceAdd ||
          reduceAdd->getName() != add->getName() || !fill ||
          !isZero(fill.value()))
        continue;
      BlockArgument sum = body->getArgument(input->getOperandNumber());
      if (!sum.hasOneUse() || *sum.getUsers().begin() != add ||
          generic->getResult(0).getType() != reduce->getResult(0).getType())
        continue;
      Value addend = add->getOperand(0) == sum ? add->getOperand(1) : add->getOperand(0);
      // The addend alone: the generic without the sum's input.
      SmallVector<Value> inputs;
      SmallVector<AffineMap> maps;
      for (OpOperand *other : generic.getDpsInputOperands())
        if (other != input) {
          inputs.push_back(other->get());
          maps.push_back(generic.getMatchingIndexingMap(other));
        }
      maps.push_back(generic.getIndexingMapsArray().back());
      rewriter.setInsertionPoint(generic);
      auto start = linalg::GenericOp::create(
          rewriter, generic.getLoc(), generic->getResultTypes(), inputs,
          generic.getDpsInits(), maps, generic.getIteratorTypesArray(),
          [&](OpBuilder &b, Location l, ValueRange arguments) {
            IRMapping mapping;
            unsigned next = 0;
            for (BlockArgument argument : body->getArguments())
              if (argument != sum)
                mapping.map(argument, arguments[next++]);
            for (Operation &op : body->without_terminator())
              if (&op != add)
                b.clone(op, mapping);
            linalg::YieldOp::create(b, l, mapping.lookupOrDefault(addend));
          });
      // The sum, starting from the addend, after both.
      IRMapping mapping;
      mapping.map(reduce.getInits()[0], start->getResult(0));
      Operation *startedSum = rewriter.clone(*reduce, mapping);
      rewriter.replaceOp(generic, startedSum->getResults());
      rewriter.eraseOp(reduce);
      return success();
    }
    return failure();
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
      if (producer->hasOneUse())
        return true;
      if (!isCheapPureArithmetic(producer))
        return false;
      // Recomputing from tensors saves the buffer only when every user takes
      // the producer in; one that keeps it (a reduction, a matmul) makes the
      // buffer anyway, and reading it costs no more than recomputing. From
      // indices and scalars alone (a constant, a range) recomputing is free.
      bool readsTensors = llvm::any_of(producer->getOperands(), [&](Value v) {
        return isa<RankedTensorType>(v.getType()) &&
               !llvm::is_contained(cast<linalg::GenericOp>(producer).getDpsInits(), v);
      });
      return !readsTensors ||
             llvm::all_of(producer->getUsers(),
                          [](Operation *user) { return isa<linalg::GenericOp>(user); });
    };
    RewritePatternSet patterns(context);
    patterns.add<ReshapeIndexGeneric<tensor::ExpandShapeOp>,
                 ReshapeIndexGeneric<tensor::CollapseShapeOp>>(context);
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
      // A generic reshaped for one user but read by others keeps its shape:
      // expanding it would leave the others a collapse of it (attention's
      // m_new, expanded for m_new[:, None] but also read by alpha).
      if (isa<tensor::ExpandShapeOp>(operand->getOwner()) &&
          !operand->get().hasOneUse())
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
      return signalPassFailure();
    // Once producers are fused into their consumers, consumers of producers
    // that stay join them.
    RewritePatternSet merges(context);
    merges.add<StartSumFromAddend>(context, /*benefit=*/2);
    merges.add<MergeConsumerIntoProducer>(context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(merges))))
      signalPassFailure();
  }
};
} // namespace
