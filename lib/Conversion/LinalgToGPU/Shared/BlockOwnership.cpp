//===- BlockOwnership.cpp - which invocation owns which elements ---------===//
#include "Shared/BlockOwnership.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton_spirv;

Distribution Distribution::of(int64_t total, int64_t numThreads,
                              int64_t contiguity) {
  Distribution d;
  d.run = std::max<int64_t>(1, std::min(contiguity, total));
  d.perRound = numThreads * d.run;
  d.rounds = (total + d.perRound - 1) / d.perRound;
  return d;
}

Value Distribution::privateSlot(OpBuilder &b, Location loc, Value round,
                                Value inRun) const {
  return arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, round, arith::ConstantIndexOp::create(b, loc, run)),
      inRun);
}

Distribution::OwnedRuns Distribution::ownedRuns(OpBuilder &b, Location loc,
                                                Value threadId,
                                                int64_t subgroupSize) const {
  auto constant = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  int64_t numThreads = perRound / run;
  if (subgroupSize <= 0 || rounds <= 1 || numThreads <= subgroupSize ||
      numThreads % subgroupSize != 0)
    return {arith::MulIOp::create(b, loc, threadId, constant(run)), perRound};
  int64_t roundStep = subgroupSize * run;
  Value size = constant(subgroupSize);
  Value subgroup = arith::DivUIOp::create(b, loc, threadId, size);
  Value lane = arith::RemUIOp::create(b, loc, threadId, size);
  Value spanStart =
      arith::MulIOp::create(b, loc, subgroup, constant(rounds * roundStep));
  Value laneStart = arith::MulIOp::create(b, loc, lane, constant(run));
  return {arith::AddIOp::create(b, loc, spanStart, laneStart), roundStep};
}

std::optional<std::array<int64_t, 3>> mlir::triton_spirv::matmulShape(linalg::MatmulOp matmul) {
  if (auto recorded = matmul->getAttrOfType<DenseI64ArrayAttr>(kMatmulShapeAttr))
    return std::array<int64_t, 3>{recorded[0], recorded[1], recorded[2]};
  auto a = dyn_cast<MemRefType>(matmul.getInputs()[0].getType());
  auto c = dyn_cast<MemRefType>(matmul.getOutputs()[0].getType());
  if (!a || !c || !a.hasStaticShape() || !c.hasStaticShape() ||
      a.getRank() != 2 || c.getRank() != 2)
    return std::nullopt;
  return std::array<int64_t, 3>{c.getDimSize(0), c.getDimSize(1), a.getDimSize(1)};
}

bool mlir::triton_spirv::computesOwnedOutputs(linalg::MatmulOp matmul,
                                              int64_t numThreads,
                                              int64_t contiguity) {
  if (!matmul.hasPureBufferSemantics() ||
      matmul->hasAttr(kCooperativeMatrixAttr))
    return false;
  std::optional<std::array<int64_t, 3>> shape = matmulShape(matmul);
  if (!shape)
    return false;
  auto [m, n, k] = *shape;
  Distribution d = Distribution::of(m * n, numThreads, contiguity);
  return n % d.run == 0 && (m * n) % d.perRound == 0 &&
         d.run <= kDefaultMatmulAccumulators;
}

std::optional<SubgroupCombiner> mlir::triton_spirv::matchSubgroupCombiner(linalg::ReduceOp reduce) {
  Block &body = reduce.getCombiner().front();
  if (reduce.getInputs().size() != 1 || body.getOperations().size() != 2)
    return std::nullopt;
  Operation &op = body.front();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      body.getTerminator()->getOperand(0) != op.getResult(0) ||
      !llvm::is_contained(op.getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(op.getOperands(), body.getArgument(1)))
    return std::nullopt;
  Type type = op.getResult(0).getType();
  Builder b(reduce.getContext());
  auto floatType = dyn_cast<FloatType>(type);
  auto intType = dyn_cast<IntegerType>(type);
  if (floatType && floatType.getWidth() == 32) {
    auto inf = [&](bool negative) {
      return b.getFloatAttr(type, APFloat::getInf(floatType.getFloatSemantics(), negative));
    };
    if (isa<arith::AddFOp>(op))
      return SubgroupCombiner{gpu::AllReduceOperation::ADD, b.getFloatAttr(type, 0.0)};
    if (isa<arith::MaxNumFOp>(op))
      return SubgroupCombiner{gpu::AllReduceOperation::MAXNUMF, inf(true)};
    if (isa<arith::MaximumFOp>(op))
      return SubgroupCombiner{gpu::AllReduceOperation::MAXIMUMF, inf(true)};
    if (isa<arith::MinNumFOp>(op))
      return SubgroupCombiner{gpu::AllReduceOperation::MINNUMF, inf(false)};
    if (isa<arith::MinimumFOp>(op))
      return SubgroupCombiner{gpu::AllReduceOperation::MINIMUMF, inf(false)};
  }
  if (intType && intType.getWidth() == 32) {
    unsigned w = intType.getWidth();
    if (isa<arith::AddIOp>(op))
      return SubgroupCombiner{gpu::AllReduceOperation::ADD, b.getIntegerAttr(type, 0)};
    if (isa<arith::MaxSIOp>(op))
      return SubgroupCombiner{gpu::AllReduceOperation::MAXSI,
                              b.getIntegerAttr(type, APInt::getSignedMinValue(w))};
    if (isa<arith::MinSIOp>(op))
      return SubgroupCombiner{gpu::AllReduceOperation::MINSI,
                              b.getIntegerAttr(type, APInt::getSignedMaxValue(w))};
  }
  return std::nullopt;
}

SmallVector<int64_t> mlir::triton_spirv::logicalShape(linalg::ReduceOp reduce) {
  if (auto recorded = reduce->getAttrOfType<DenseI64ArrayAttr>(
          triton_spirv::kReducedShapeAttr))
    return SmallVector<int64_t>(recorded.asArrayRef());
  return SmallVector<int64_t>(
      cast<MemRefType>(reduce.getInputs()[0].getType()).getShape());
}

ReduceGeometry mlir::triton_spirv::geometryOf(ArrayRef<int64_t> shape, int64_t axis) {
  ReduceGeometry g{shape[axis], 1, 1, 1};
  for (auto [d, size] : llvm::enumerate(shape)) {
    g.total *= size;
    if (static_cast<int64_t>(d) > axis)
      g.inner *= size;
  }
  g.outputs = g.total / g.extent;
  return g;
}

triton_spirv::ReductionOwnership mlir::triton_spirv::classifyReduction(
    linalg::ReduceOp reduce, int64_t numThreads, int64_t contiguity,
    bool useSubgroupOps) {
  auto inputType = dyn_cast<MemRefType>(reduce.getInputs()[0].getType());
  if (!inputType || !inputType.hasStaticShape() ||
      reduce.getDimensions().size() != 1)
    return ReductionOwnership::Shared;
  SmallVector<int64_t> shape = logicalShape(reduce);
  int64_t axis = reduce.getDimensions()[0];
  if (useSubgroupOps && shape.size() == 1 && reduce.getInputs().size() == 1 &&
      matchSubgroupCombiner(reduce))
    return ReductionOwnership::WholeWorkgroup;
  auto [extent, inner, outputs, total] = geometryOf(shape, axis);
  Distribution in = Distribution::of(total, numThreads, contiguity);
  Distribution out = Distribution::of(outputs, numThreads, contiguity);
  if (shape.size() > 1 && inner % in.perRound == 0 && in.run == out.run)
    return ReductionOwnership::PerInvocation;
  // Whole rows per round, runs inside a row, whole classes per reduction.
  if (shape.size() > 1 && inner % in.run == 0 && in.perRound % inner == 0 &&
      extent % (in.perRound / inner) == 0)
    return ReductionOwnership::RowClasses;
  return ReductionOwnership::Shared;
}
