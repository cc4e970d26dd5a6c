//===- AccumulateInPlace.cpp - loop-carried tensors updated in place ------===//
//
// `acc += tl.load(...)` in a loop becomes, after fusion,
//
//   scf.for ... iter_args(%acc = %init) {
//     %next = linalg.generic ins(%acc, ...) outs(%empty) { %in + ... }
//     scf.yield %next
//   }
//
// whose result bufferizes to a fresh buffer that is copied back into the
// carried one every iteration (two copy phases, each followed by a barrier
// after distribution). Writing the result into %acc itself (outs(%acc), the
// body reading %out) lets bufferization update the carried buffer in place.
// The same holds when ops that update the result in place (a matmul
// accumulating into it) stand between it and the yield. Likewise, an
// elementwise result may take over the buffer of an input it is the last
// reader of (scores scaled after their dot): one block-sized buffer fewer.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_ACCUMULATEINPLACE
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// An input of `generic` that is the carried value one of its results is
/// yielded as, when the generic can write that result there instead; with
/// the result's index.
std::optional<std::pair<OpOperand *, unsigned>> carriedInput(linalg::GenericOp generic) {
  auto loop = dyn_cast<scf::ForOp>(generic->getParentOp());
  if (!loop || !generic.hasPureTensorSemantics() ||
      generic.getNumParallelLoops() != generic.getNumLoops())
    return std::nullopt;
  for (auto [index, result] : llvm::enumerate(generic->getResults())) {
    // The result may reach the yield through ops that update it in place (a
    // matmul accumulating into it: attention's acc * alpha + p v).
    Value yielded = result;
    bool chain = true;
    while (chain && yielded.hasOneUse() &&
           !isa<scf::YieldOp>(*yielded.getUsers().begin())) {
      OpOperand &use = *yielded.getUses().begin();
      auto updater = dyn_cast<linalg::LinalgOp>(use.getOwner());
      if (!updater || !updater.isDpsInit(&use) || updater->getNumResults() != 1 ||
          updater->getBlock() != generic->getBlock())
        chain = false;
      else
        yielded = updater->getResult(0);
    }
    if (!chain)
      continue;
    // Other readers of the yielded value (m_new, also broadcast for the exp)
    // read the updated buffer.
    OpOperand *yieldUse = nullptr;
    for (OpOperand &use : yielded.getUses())
      if (use.getOwner() == loop.getBody()->getTerminator())
        yieldUse = &use;
    if (!yieldUse)
      continue;
    BlockArgument carried = loop.getRegionIterArgs()[yieldUse->getOperandNumber()];
    OpOperand *init = generic.getDpsInitOperand(index);
    // The init's values must be unused: it is only the result's shape.
    if (generic.payloadUsesValueFromOperand(init) ||
        carried.getType() != result.getType())
      continue;
    AffineMap outputMap = generic.getMatchingIndexingMap(init);
    for (OpOperand *input : generic.getDpsInputOperands())
      if (input->get() == carried &&
          generic.getMatchingIndexingMap(input) == outputMap)
        return std::make_pair(input, static_cast<unsigned>(index));
  }
  return std::nullopt;
}

/// Whether `generic` is the last reader of `value`: every other user is a
/// linalg op before it in its block that only reads `value`.
bool isLastReader(Value value, linalg::GenericOp generic) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (user == generic.getOperation())
      continue;
    auto reader = dyn_cast<linalg::LinalgOp>(user);
    if (!reader || user->getBlock() != generic->getBlock() ||
        !user->isBeforeInBlock(generic) || reader.isDpsInit(&use))
      return false;
  }
  return true;
}

/// An input of an elementwise `generic` that it reads last and whose buffer
/// its result i can take over: a value a linalg op in the same block made,
/// of result i's type and indexing (attention's scores scaled after their
/// dot, then exponentiated: without this a block-sized buffer each).
std::optional<std::pair<OpOperand *, unsigned>> deadInput(linalg::GenericOp generic) {
  if (!generic.hasPureTensorSemantics() ||
      generic.getNumParallelLoops() != generic.getNumLoops())
    return std::nullopt;
  for (OpOperand &init : generic.getDpsInitsMutable()) {
    if (generic.payloadUsesValueFromOperand(&init))
      continue;
    AffineMap outputMap = generic.getMatchingIndexingMap(&init);
    if (!outputMap.isIdentity())
      continue;
    unsigned index = init.getOperandNumber() - generic.getNumDpsInputs();
    for (OpOperand *input : generic.getDpsInputOperands()) {
      Value value = input->get();
      auto producer = value.getDefiningOp<linalg::LinalgOp>();
      if (!producer || producer->getBlock() != generic->getBlock() ||
          llvm::count(generic->getOperands(), value) != 1 ||
          !isLastReader(value, generic) || value.getType() != init.get().getType() ||
          generic.getMatchingIndexingMap(input) != outputMap)
        continue;
      return std::make_pair(input, index);
    }
  }
  return std::nullopt;
}

/// generic ins(%acc, rest) outs(..., %init_i, ...) -> generic ins(rest)
/// outs(..., %acc, ...), the body reading %acc's element from output i's
/// argument.
void writeIntoInput(linalg::GenericOp generic, OpOperand *inputOperand,
                    unsigned initIndex, RewriterBase &rewriter) {
  Value reused = inputOperand->get();
  unsigned inputIndex = inputOperand->getOperandNumber();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    if (input == inputOperand)
      continue;
    inputs.push_back(input->get());
    maps.push_back(generic.getMatchingIndexingMap(input));
  }
  SmallVector<Value> inits(generic.getDpsInits());
  inits[initIndex] = reused;
  for (OpOperand &init : generic.getDpsInitsMutable())
    maps.push_back(generic.getMatchingIndexingMap(&init));

  rewriter.setInsertionPoint(generic);
  auto updated = linalg::GenericOp::create(
      rewriter, generic.getLoc(), generic.getResultTypes(), inputs, inits, maps,
      generic.getIteratorTypesArray());
  updated->setDiscardableAttrs(generic->getDiscardableAttrDictionary());
  Region &body = updated.getRegion();
  rewriter.inlineRegionBefore(generic.getRegion(), body, body.end());
  Block &block = body.front();
  // Block arguments: inputs..., outputs. The reused input's uses move to
  // output i's argument.
  BlockArgument inputArgument = block.getArgument(inputIndex);
  BlockArgument output = block.getArgument(generic.getNumDpsInputs() + initIndex);
  rewriter.replaceAllUsesWith(inputArgument, output);
  block.eraseArgument(inputIndex);
  rewriter.replaceOp(generic, updated.getResults());
}

/// Whether `value` is a tile every element of which is one constant: a
/// generic with no inputs over a tensor.empty, yielding a value defined
/// outside its body.
bool isConstantFill(Value value) {
  auto fill = value.getDefiningOp<linalg::GenericOp>();
  if (!fill || fill.getNumDpsInputs() != 0 || fill->getNumResults() != 1 ||
      !fill.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>())
    return false;
  Block &body = fill.getRegion().front();
  if (body.getOperations().size() != 1)
    return false;
  Value yielded = body.getTerminator()->getOperand(0);
  return yielded.getParentRegion() != &fill.getRegion() &&
         !llvm::is_contained(body.getArguments(), yielded);
}

/// Loops that start from one shared constant tile (one kernel body written
/// twice under an `if`, the tile's constant hoisted and uniqued) would
/// share one buffer, so neither accumulator could stay out of memory: each
/// loop gets a fill of its own, made right before it.
void giveLoopsTheirOwnFills(Operation *root) {
  SmallVector<OpOperand *> shared;
  root->walk([&](scf::ForOp loop) {
    for (OpOperand &init : loop.getInitArgsMutable())
      if (isConstantFill(init.get()) && !init.get().hasOneUse())
        shared.push_back(&init);
  });
  for (OpOperand *init : shared) {
    Operation *fill = init->get().getDefiningOp();
    OpBuilder builder(init->getOwner());
    IRMapping mapping;
    builder.clone(*fill->getOperand(0).getDefiningOp(), mapping);
    init->set(builder.clone(*fill, mapping)->getResult(0));
  }
}

struct AccumulateInPlacePass
    : triton_spirv::impl::AccumulateInPlaceBase<AccumulateInPlacePass> {
  void runOnOperation() override {
    giveLoopsTheirOwnFills(getOperation());
    // One result per generic and round: a generic yielding several carried
    // values (attention's m_new and l_i * alpha) takes several rounds.
    IRRewriter rewriter(&getContext());
    for (int round = 0; round < 8; ++round) {
      SmallVector<std::tuple<linalg::GenericOp, OpOperand *, unsigned>> candidates;
      getOperation().walk([&](linalg::GenericOp generic) {
        if (auto carried = carriedInput(generic))
          candidates.emplace_back(generic, carried->first, carried->second);
        else if (auto dead = deadInput(generic))
          candidates.emplace_back(generic, dead->first, dead->second);
      });
      if (candidates.empty())
        break;
      for (auto [generic, input, initIndex] : candidates)
        writeIntoInput(generic, input, initIndex, rewriter);
    }
  }
};
} // namespace
