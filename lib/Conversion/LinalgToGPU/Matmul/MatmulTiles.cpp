//===- MatmulTiles.cpp - linalg.matmul on the owners of its outputs -------===//
#include "Matmul/MatmulTiles.h"
#include "Matmul/CooperativeMatmul.h"
#include "Shared/BlockOwnership.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton_spirv;

namespace {
Value constantIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// The multiply of a float body `acc + x * y`, which becomes one fused
/// multiply-add: Triton-CUDA's FMA dot rounds once per step, and so do we
/// on every driver (NVIDIA contracts OpFMul + OpFAdd itself; measured no
/// faster with the explicit Fma, but llvmpipe need not contract).
arith::MulFOp fusableProduct(Block &body) {
  arith::MulFOp mul = accumulatedProduct(body);
  return mul && mul->hasOneUse() ? mul : nullptr;
}

/// The matmul's scalar body (casts, multiply, accumulate) applied once.
Value multiplyAccumulate(OpBuilder &b, linalg::MatmulOp matmul, Value a,
                         Value bValue, Value acc) {
  Block &body = matmul->getRegion(0).front();
  IRMapping mapping;
  mapping.map(body.getArgument(0), a);
  mapping.map(body.getArgument(1), bValue);
  mapping.map(body.getArgument(2), acc);
  arith::MulFOp product = fusableProduct(body);
  Operation *sum = product ? *product->getUsers().begin() : nullptr;
  for (Operation &op : body.without_terminator()) {
    if (&op == product.getOperation())
      continue;
    if (&op == sum) {
      mapping.map(sum->getResult(0),
                  math::FmaOp::create(b, op.getLoc(),
                                      mapping.lookupOrDefault(product.getLhs()),
                                      mapping.lookupOrDefault(product.getRhs()), acc));
      continue;
    }
    b.clone(op, mapping);
  }
  return mapping.lookupOrDefault(body.getTerminator()->getOperand(0));
}

int64_t largestDivisorAtMost(int64_t n, int64_t limit) {
  for (int64_t d = std::max<int64_t>(1, std::min(n, limit)); d > 1; --d)
    if (n % d == 0)
      return d;
  return 1;
}

/// Rounds whose outputs an invocation keeps in registers at once.
int64_t accumulatedRounds(const Distribution &d, const OwnedOutputsOptions &options) {
  return largestDivisorAtMost(d.rounds, options.maxAccumulators / d.run);
}

/// k steps per iteration of the K loop. Short K blocks are unrolled
/// entirely (H100, 64x64x16 fp32: 0.73 -> 0.97x of Triton-CUDA for the dot
/// alone).
int64_t kStepsPerIteration(int64_t kExtent, unsigned aBits,
                           const OwnedOutputsOptions &options) {
  int64_t fullyUnrolled = aBits <= 16 && options.fullyUnrolledNarrowK > 0
                              ? options.fullyUnrolledNarrowK
                              : options.fullyUnrolledK;
  if (kExtent <= fullyUnrolled)
    return kExtent;
  return kExtent % options.partialKUnroll == 0 ? options.partialKUnroll : 1;
}

unsigned aElementBits(linalg::MatmulOp matmul) {
  return cast<MemRefType>(matmul.getInputs()[0].getType())
      .getElementType()
      .getIntOrFloatBitWidth();
}
} // namespace

int64_t mlir::triton_spirv::unrolledMatmulSteps(
    linalg::MatmulOp matmul, int64_t numThreads, int64_t contiguity,
    const OwnedOutputsOptions &options) {
  auto [m, n, kExtent] = *matmulShape(matmul);
  Distribution d = Distribution::of(m * n, numThreads, contiguity);
  return accumulatedRounds(d, options) * d.run *
         kStepsPerIteration(kExtent, aElementBits(matmul), options);
}

OwnedOutputsOptions mlir::triton_spirv::fitMatmulUnrollBudget(
    ArrayRef<linalg::MatmulOp> matmuls, int64_t numThreads, int64_t contiguity,
    OwnedOutputsOptions options, int64_t budget) {
  auto fits = [&] {
    int64_t total = 0;
    for (linalg::MatmulOp matmul : matmuls)
      total += unrolledMatmulSteps(matmul, numThreads, contiguity, options);
    return total <= budget;
  };
  if (budget <= 0 || matmuls.size() < 2 || fits())
    return options;
  options.fullyUnrolledK = 0;
  options.fullyUnrolledNarrowK = 0;
  // Rolled loops read their tiles at a run-time k, so the tiles stay scalar
  // (more accesses on llvmpipe), yet the fewer instructions won where
  // measured: flash-linear-attention's kkt solve 56 s at four steps, 36-50 s
  // rolled (a chain of 17 plain dots lost: 41.6 s against 18.8 for 16).
  if (!fits())
    options.partialKUnroll = 1;
  return options;
}

void mlir::triton_spirv::lowerMatmulToOwnedOutputs(
    linalg::MatmulOp matmul, Value threadId, int64_t numThreads,
    int64_t contiguity, const DenseSet<Value> &privateBuffers,
    const OwnedOutputsOptions &options) {
  int64_t broadcastLanes = options.broadcastLanes;
  auto [m, n, kExtent] = *matmulShape(matmul);
  Distribution d = Distribution::of(m * n, numThreads, contiguity);
  Value a = matmul.getInputs()[0], bMatrix = matmul.getInputs()[1];
  Value c = matmul.getOutputs()[0];
  bool privateC = privateBuffers.contains(c);
  // Rounds whose outputs are kept in registers at once.
  int64_t chunk = accumulatedRounds(d, options);
  // When every round covers whole rows, an invocation's columns are the same
  // in all rounds and B's values are shared by its rows.
  bool sameColumns = d.perRound % n == 0;
  // When every round covers whole rows, a subgroup's lanes (adjacent runs,
  // round-major) own the same rows, or `rowGroups` = 2 groups of lanes own
  // two adjacent rows each round.
  Type aElement = cast<MemRefType>(a.getType()).getElementType();
  int64_t subgroupRun = broadcastLanes * d.run;
  int64_t rowGroups = broadcastLanes == 0                 ? 0
                      : n % subgroupRun == 0              ? 1
                      : subgroupRun == 2 * n              ? 2
                                                          : 0;
  // Narrower A elements travel through the 32-bit shuffle zero-extended.
  unsigned aBits = aElement.getIntOrFloatBitWidth();
  Type aBitsType = IntegerType::get(matmul.getContext(), aBits);
  bool broadcastA = rowGroups > 0 && sameColumns &&
                    numThreads % broadcastLanes == 0 && aBits <= 32;
  // Lanes per row group: each loads the A elements of that many rounds.
  int64_t groupLanes = broadcastA ? broadcastLanes / rowGroups : 0;

  OpBuilder b(matmul);
  Location loc = matmul.getLoc();
  Value start = arith::MulIOp::create(b, loc, threadId, constantIndex(b, loc, d.run));
  auto chunks = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                   constantIndex(b, loc, d.rounds),
                                   constantIndex(b, loc, chunk));
  b.setInsertionPointToStart(chunks.getBody());
  // This invocation's flat output index in `round` (a run's first element).
  auto flatIndex = [&](Value round) -> Value {
    return arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, round, constantIndex(b, loc, d.perRound)),
        start);
  };
  SmallVector<Value> rows, firstColumns, cIndices;
  SmallVector<SmallVector<Value>> cIndex; // per accumulator
  SmallVector<Value> initial;
  for (int64_t r = 0; r < chunk; ++r) {
    Value round = arith::AddIOp::create(b, loc, chunks.getInductionVar(),
                                        constantIndex(b, loc, r));
    Value flat = flatIndex(round);
    rows.push_back(arith::DivUIOp::create(b, loc, flat, constantIndex(b, loc, n)));
    firstColumns.push_back(arith::RemUIOp::create(b, loc, flat, constantIndex(b, loc, n)));
    for (int64_t j = 0; j < d.run; ++j) {
      SmallVector<Value> index;
      if (privateC)
        index.push_back(d.privateSlot(b, loc, round, constantIndex(b, loc, j)));
      else
        index = {rows.back(), arith::AddIOp::create(b, loc, firstColumns.back(),
                                                    constantIndex(b, loc, j))};
      cIndex.push_back(index);
      initial.push_back(memref::LoadOp::create(b, loc, c, index));
    }
  }
  // Rows whose A elements this lane loads for its row group: the row (its
  // own, as its group's) of round chunk + g * groupLanes + lane % groupLanes
  // for each g (the chunk's last round when that is beyond it).
  SmallVector<Value> sharedRows;
  Value inUpperGroup;
  if (broadcastA) {
    Value lane = gpu::LaneIdOp::create(b, loc, /*upper_bound=*/nullptr);
    Value laneInGroup = arith::RemUIOp::create(
        b, loc, lane, constantIndex(b, loc, groupLanes));
    if (rowGroups == 2)
      inUpperGroup =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, lane,
                                constantIndex(b, loc, groupLanes));
    for (int64_t g = 0; g * groupLanes < chunk; ++g) {
      Value index = arith::MinUIOp::create(
          b, loc,
          arith::AddIOp::create(b, loc, laneInGroup,
                                constantIndex(b, loc, g * groupLanes)),
          constantIndex(b, loc, chunk - 1));
      Value round = arith::AddIOp::create(b, loc, chunks.getInductionVar(), index);
      sharedRows.push_back(arith::DivUIOp::create(b, loc, flatIndex(round),
                                                  constantIndex(b, loc, n)));
    }
  }
  // k advances kUnroll at a time: the unrolled steps read kUnroll
  // consecutive A elements per row (one vector once the tile holds vectors).
  int64_t kUnroll = kStepsPerIteration(kExtent, aBits, options);
  auto kLoop = scf::ForOp::create(
      b, loc, constantIndex(b, loc, 0), constantIndex(b, loc, kExtent),
      constantIndex(b, loc, kUnroll), initial,
      [&](OpBuilder &kb, Location l, Value kBase, ValueRange accumulators) {
        SmallVector<Value> acc(accumulators);
        for (int64_t step = 0; step < kUnroll; ++step) {
          Value k = step == 0 ? kBase
                              : arith::AddIOp::create(kb, l, kBase,
                                                      constantIndex(kb, l, step));
          auto loadFromB = [&](int64_t r, int64_t j) -> Value {
            Value column = arith::AddIOp::create(kb, l, firstColumns[r],
                                                 constantIndex(kb, l, j));
            return memref::LoadOp::create(kb, l, bMatrix, ValueRange{k, column});
          };
          SmallVector<Value> sharedB;
          if (sameColumns)
            for (int64_t j = 0; j < d.run; ++j)
              sharedB.push_back(loadFromB(0, j));
          auto loadB = [&](int64_t r, int64_t j) -> Value {
            return sameColumns ? sharedB[j] : loadFromB(r, j);
          };
          SmallVector<Value> sharedA;
          for (Value row : sharedRows) {
            Value element = memref::LoadOp::create(kb, l, a, ValueRange{row, k});
            if (aBits < 32) {
              if (element.getType() != aBitsType)
                element = arith::BitcastOp::create(kb, l, aBitsType, element);
              element = arith::ExtUIOp::create(kb, l, kb.getI32Type(), element);
            }
            sharedA.push_back(element);
          }
          Value width = broadcastA ? arith::ConstantIntOp::create(
                                         kb, l, broadcastLanes, 32)
                                   : Value();
          for (int64_t r = 0; r < chunk; ++r) {
            Value aValue;
            if (broadcastA) {
              // Round r's element of each row group, from the group's lane
              // r % groupLanes; a lane takes its own group's.
              auto fromGroup = [&](int64_t group) {
                Value source = arith::ConstantIntOp::create(
                    kb, l, group * groupLanes + r % groupLanes, 32);
                Value shuffled =
                    gpu::ShuffleOp::create(kb, l, sharedA[r / groupLanes],
                                           source, width, gpu::ShuffleMode::IDX)
                        .getShuffleResult();
                if (aBits == 32)
                  return shuffled;
                shuffled = arith::TruncIOp::create(kb, l, aBitsType, shuffled);
                return aElement == aBitsType
                           ? shuffled
                           : arith::BitcastOp::create(kb, l, aElement, shuffled)
                                 .getResult();
              };
              aValue = fromGroup(0);
              if (rowGroups == 2)
                aValue = arith::SelectOp::create(kb, l, inUpperGroup,
                                                 fromGroup(1), aValue);
            } else {
              aValue = memref::LoadOp::create(kb, l, a, ValueRange{rows[r], k});
            }
            for (int64_t j = 0; j < d.run; ++j) {
              Value &accumulator = acc[r * d.run + j];
              accumulator = multiplyAccumulate(kb, matmul, aValue, loadB(r, j), accumulator);
            }
          }
        }
        scf::YieldOp::create(kb, l, acc);
      });
  for (auto [index, value] : llvm::zip(cIndex, kLoop.getResults()))
    memref::StoreOp::create(b, loc, value, c, index);
  matmul.erase();
}
