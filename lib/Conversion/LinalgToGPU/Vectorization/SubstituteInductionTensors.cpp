//===- SubstituteInductionTensors.cpp - p += d carried tensors as p0 + i*d ===//
//
// Triton kernels advance pointer tensors through loops (`a_ptrs += BLOCK_K *
// stride_ak`). Carried, such a tensor is a block-sized value that lives
// across iterations (private arrays copied every iteration, their loads
// indexed by array contents). When the increment is loop-invariant, the value
// in iteration i is p0 + i * d: an elementwise function of the loop-invariant
// p0 and d, which fusion then folds into its consumers (addresses computed
// from indices: contiguous, vectorizable accesses) and the carried value
// disappears.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SUBSTITUTEINDUCTIONTENSORS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// Whether `value` is defined inside `op` (by an op or block of its regions).
bool isDefinedIn(Value value, Operation *op) {
  return op->isAncestor(value.getParentRegion()->getParentOp());
}

/// Whether ops nested in `op` read values of `loop` defined outside `op`.
bool regionsReadLoopValues(Operation *op, scf::ForOp loop) {
  WalkResult found = op->walk([&](Operation *nested) {
    if (nested != op)
      for (Value operand : nested->getOperands())
        if (isDefinedIn(operand, loop) && !isDefinedIn(operand, op))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// Moves the pure ops computing `value` in `loop`'s body (and what they
/// need) before the loop; fails when something depends on the iteration.
bool hoistInvariant(Value value, scf::ForOp loop, int depth = 0) {
  if (!isDefinedIn(value, loop))
    return true;
  Operation *op = value.getDefiningOp();
  if (!op || depth > 4 || op->getBlock() != loop.getBody() ||
      !isMemoryEffectFree(op) || regionsReadLoopValues(op, loop))
    return false;
  for (Value operand : op->getOperands())
    if (!hoistInvariant(operand, loop, depth + 1))
      return false;
  op->moveBefore(loop);
  return true;
}

/// The update `next = generic(p, ...) { yield addi(p, d) }` of a carried
/// tensor p, with d not depending on p.
struct Increment {
  linalg::GenericOp update;
  unsigned carriedInput; // p's operand number among the inputs
  arith::AddIOp add;
};

std::optional<Increment> matchIncrement(Value next, BlockArgument carried) {
  auto update = next.getDefiningOp<linalg::GenericOp>();
  if (!update || update->getNumResults() != 1 ||
      update.getNumParallelLoops() != update.getNumLoops() ||
      !update.getIndexingMapsArray().back().isIdentity())
    return std::nullopt;
  std::optional<unsigned> carriedInput;
  for (OpOperand *input : update.getDpsInputOperands())
    if (input->get() == carried) {
      if (carriedInput ||
          !update.getMatchingIndexingMap(input).isIdentity())
        return std::nullopt;
      carriedInput = input->getOperandNumber();
    }
  if (!carriedInput)
    return std::nullopt;
  Block *body = update.getBody();
  BlockArgument element = body->getArgument(*carriedInput);
  auto add = body->getTerminator()->getOperand(0).getDefiningOp<arith::AddIOp>();
  if (!add || !element.hasOneUse() ||
      (add.getLhs() != element && add.getRhs() != element))
    return std::nullopt;
  // The output's value must not matter (only the inputs are read).
  if (!body->getArguments().back().use_empty())
    return std::nullopt;
  return Increment{update, *carriedInput, add};
}

/// p0 + i * d as a generic shaped like the update, reading p0 where the
/// update read p.
Value buildInductionValue(OpBuilder &b, Location loc, Increment inc,
                          Value initial, Value iteration) {
  linalg::GenericOp update = inc.update;
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : update.getDpsInputOperands()) {
    inputs.push_back(input->getOperandNumber() == inc.carriedInput
                         ? initial
                         : input->get());
    maps.push_back(update.getMatchingIndexingMap(input));
  }
  MLIRContext *context = b.getContext();
  inputs.push_back(iteration);
  maps.push_back(AffineMap::get(update.getNumLoops(), 0, context));
  maps.push_back(update.getIndexingMapsArray().back());
  Value output = update.getDpsInitOperand(0)->get();
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{output.getType()}, inputs, ValueRange{output}, maps,
      update.getIteratorTypesArray(),
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Block *body = update.getBody();
        IRMapping mapping;
        unsigned numInputs = update.getNumDpsInputs();
        for (unsigned i = 0; i < numInputs; ++i)
          mapping.map(body->getArgument(i), args[i]);
        mapping.map(body->getArguments().back(), args.back());
        for (Operation &op : body->without_terminator())
          if (&op != inc.add.getOperation())
            nb.clone(op, mapping);
        BlockArgument element = body->getArgument(inc.carriedInput);
        Value step = inc.add.getLhs() == element ? inc.add.getRhs()
                                                 : inc.add.getLhs();
        Type type = element.getType();
        Value count = args[numInputs];
        unsigned have = count.getType().getIntOrFloatBitWidth(),
                 want = type.getIntOrFloatBitWidth();
        if (have < want)
          count = arith::ExtSIOp::create(nb, l, type, count);
        else if (have > want)
          count = arith::TruncIOp::create(nb, l, type, count);
        Value offset = arith::MulIOp::create(nb, l, mapping.lookupOrDefault(step),
                                             count);
        Value value = arith::AddIOp::create(nb, l, args[inc.carriedInput], offset);
        linalg::YieldOp::create(nb, l, value);
      });
  return generic.getResult(0);
}

/// Substitutes every carried tensor of `loop` with a loop-invariant
/// increment; returns whether one was.
bool substitute(scf::ForOp loop) {
  bool changed = false;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  Value iteration;
  OpBuilder b(loop.getBody(), loop.getBody()->begin());
  for (auto [index, carried] : llvm::enumerate(loop.getRegionIterArgs())) {
    auto type = dyn_cast<RankedTensorType>(carried.getType());
    if (!type || !type.getElementType().isSignlessInteger() ||
        !loop.getResult(index).use_empty())
      continue;
    std::optional<Increment> inc =
        matchIncrement(yield.getOperand(index), carried);
    if (!inc)
      continue;
    // d may only read loop-invariant tensors.
    bool invariant = true;
    for (OpOperand *input : inc->update.getDpsInputOperands())
      if (input->getOperandNumber() != inc->carriedInput)
        invariant &= hoistInvariant(input->get(), loop);
    Value output = inc->update.getDpsInitOperand(0)->get();
    invariant &= hoistInvariant(output, loop);
    if (!invariant || regionsReadLoopValues(inc->update, loop))
      continue;
    Location loc = loop.getLoc();
    if (!iteration) {
      // i = (iv - lb) / step
      Value iv = loop.getInductionVar();
      iteration = arith::DivSIOp::create(
          b, loc, arith::SubIOp::create(b, loc, iv, loop.getLowerBound()),
          loop.getStep());
      if (iteration.getType().isIndex())
        iteration = arith::IndexCastOp::create(b, loc, b.getI64Type(), iteration);
    }
    Value value = buildInductionValue(b, loc, *inc, loop.getInitArgs()[index],
                                      iteration);
    carried.replaceAllUsesExcept(value, inc->update);
    // The carried value is now only its own update: make it invariant so
    // canonicalization drops it.
    yield.setOperand(index, carried);
    changed = true;
  }
  return changed;
}

struct SubstituteInductionTensorsPass
    : public triton_spirv::impl::SubstituteInductionTensorsBase<
          SubstituteInductionTensorsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      substitute(loop);
  }
};
} // namespace
