//===- WorkgroupReduction.cpp - linalg.reduce over a workgroup ------------===//
#include "Reductions/WorkgroupReduction.h"
#include "Shared/BlockOwnership.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using triton_spirv::geometryOf;
using triton_spirv::logicalShape;
using triton_spirv::matchSubgroupCombiner;
using triton_spirv::ReduceGeometry;
using triton_spirv::SubgroupCombiner;

namespace {
Value constantIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// combine(left, right) with the reduce body: linalg passes (element...,
/// accumulator...), the accumulator holding the earlier elements.
SmallVector<Value> combine(OpBuilder &b, linalg::ReduceOp reduce,
                           ValueRange left, ValueRange right) {
  Block &body = reduce.getCombiner().front();
  unsigned n = left.size();
  IRMapping mapping;
  for (unsigned i = 0; i < n; ++i) {
    mapping.map(body.getArgument(i), right[i]);
    mapping.map(body.getArgument(n + i), left[i]);
  }
  for (Operation &op : body.without_terminator())
    b.clone(op, mapping);
  SmallVector<Value> result;
  for (Value v : body.getTerminator()->getOperands())
    result.push_back(mapping.lookupOrDefault(v));
  return result;
}

/// Subgroup reduce of each invocation's `value`; lane 0 of each subgroup
/// stores the partial to scratch[subgroup], then all wait.
void publishSubgroupPartials(OpBuilder &b, Location loc,
                             const SubgroupCombiner &combiner, Value value,
                             Value scratch) {
  Value reduced = gpu::SubgroupReduceOp::create(b, loc, value, combiner.kind,
                                                /*uniform=*/false);
  Value laneInSubgroup = gpu::LaneIdOp::create(b, loc, /*upper_bound=*/nullptr);
  Value subgroup = gpu::SubgroupIdOp::create(b, loc, /*upper_bound=*/nullptr);
  Value firstLane = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          laneInSubgroup, constantIndex(b, loc, 0));
  scf::IfOp::create(b, loc, firstLane, [&](OpBuilder &tb, Location l) {
    memref::StoreOp::create(tb, l, reduced, scratch, ValueRange{subgroup});
    scf::YieldOp::create(tb, l);
  });
  gpu::BarrierOp::create(b, loc);
}

/// The subgroup partials of `value` through `scratch`; invocation 0 folds
/// them and hands the total to `finish` (by default: stores it to
/// scratch[0]), then all wait.
void reduceAcrossWorkgroup(
    OpBuilder &b, Location loc, linalg::ReduceOp reduce,
    const SubgroupCombiner &combiner, Value value, Value scratch, Value threadId,
    function_ref<void(OpBuilder &, Location, Value)> finish = nullptr) {
  publishSubgroupPartials(b, loc, combiner, value, scratch);
  Value subgroups = gpu::NumSubgroupsOp::create(b, loc, /*upper_bound=*/nullptr);
  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        threadId, constantIndex(b, loc, 0));
  scf::IfOp::create(b, loc, isFirst, [&](OpBuilder &tb, Location l) {
    Value first = memref::LoadOp::create(tb, l, scratch,
                                         ValueRange{constantIndex(tb, l, 0)});
    auto fold = scf::ForOp::create(
        tb, l, constantIndex(tb, l, 1), subgroups, constantIndex(tb, l, 1),
        ValueRange{first},
        [&](OpBuilder &fb, Location fl, Value i, ValueRange acc) {
          Value x = memref::LoadOp::create(fb, fl, scratch, ValueRange{i});
          scf::YieldOp::create(fb, fl, combine(fb, reduce, acc, ValueRange{x}));
        });
    if (finish)
      finish(tb, l, fold.getResult(0));
    else
      memref::StoreOp::create(tb, l, fold.getResult(0), scratch,
                              ValueRange{constantIndex(tb, l, 0)});
    scf::YieldOp::create(tb, l);
  });
  gpu::BarrierOp::create(b, loc);
}

/// The subgroup partials of `value` through `scratch`, then every
/// invocation folds them in subgroup order itself (the same bits in all):
/// no slot for the total, and no barrier for the accumulator's fill and
/// readers.
Value reduceInEveryInvocation(OpBuilder &b, Location loc,
                              linalg::ReduceOp reduce,
                              const SubgroupCombiner &combiner, Value value,
                              Value scratch, int64_t numSubgroups) {
  publishSubgroupPartials(b, loc, combiner, value, scratch);
  // Constant slots: llvmpipe reads each from workgroup memory once for the
  // whole subgroup.
  Value total =
      memref::LoadOp::create(b, loc, scratch, ValueRange{constantIndex(b, loc, 0)});
  for (int64_t i = 1; i < numSubgroups; ++i) {
    Value partial = memref::LoadOp::create(b, loc, scratch,
                                           ValueRange{constantIndex(b, loc, i)});
    total = combine(b, reduce, total, partial)[0];
  }
  // The slots are written again only after everyone has read them (a row
  // loop's next reduction); eliminate-redundant-barriers drops this barrier
  // where nothing rewrites them.
  gpu::BarrierOp::create(b, loc);
  return total;
}

/// The owned-elements path: each invocation folds the elements the block
/// loops give it (Distribution::ownedRuns), reading a private input at its
/// private index.
void lowerOwnedElementsReduce(linalg::ReduceOp reduce,
                              const SubgroupCombiner &combiner, Value threadId,
                              int64_t numThreads, int64_t contiguity,
                              int64_t spanSubgroupSize, bool privateInput,
                              Attribute workgroup, bool foldPartialsIntoInit,
                              int64_t numSubgroups) {
  OpBuilder b(reduce);
  Location loc = reduce.getLoc();
  Value input = reduce.getInputs()[0];
  Value init = reduce.getInits()[0];
  int64_t extent = logicalShape(reduce)[0];
  Type elementType = cast<MemRefType>(init.getType()).getElementType();
  triton_spirv::Distribution d =
      triton_spirv::Distribution::of(extent, numThreads, contiguity);
  Value identity = arith::ConstantOp::create(b, loc, combiner.identity);
  triton_spirv::Distribution::OwnedRuns owned =
      d.ownedRuns(b, loc, threadId, spanSubgroupSize);
  Value start = owned.first;
  int64_t roundStep = owned.roundStep;
  // Whole rounds cover the extent: every owned index is inside it.
  bool exactCover = extent % d.perRound == 0;

  auto rounds = scf::ForOp::create(
      b, loc, constantIndex(b, loc, 0), constantIndex(b, loc, d.rounds),
      constantIndex(b, loc, 1), ValueRange{identity},
      [&](OpBuilder &rb, Location l, Value round, ValueRange roundAcc) {
        auto run = scf::ForOp::create(
            rb, l, constantIndex(rb, l, 0), constantIndex(rb, l, d.run),
            constantIndex(rb, l, 1), roundAcc,
            [&](OpBuilder &fb, Location fl, Value j, ValueRange acc) {
              Value global = arith::AddIOp::create(
                  fb, fl,
                  arith::AddIOp::create(
                      fb, fl,
                      arith::MulIOp::create(fb, fl, round,
                                            constantIndex(fb, fl, roundStep)),
                      start),
                  j);
              Value index = global;
              if (privateInput)
                index = d.privateSlot(fb, fl, round, j);
              if (exactCover) {
                Value x = memref::LoadOp::create(fb, fl, input, ValueRange{index});
                scf::YieldOp::create(fb, fl, combine(fb, reduce, acc, ValueRange{x}));
                return;
              }
              Value inside = arith::CmpIOp::create(fb, fl, arith::CmpIPredicate::ult,
                                                   global, constantIndex(fb, fl, extent));
              auto element = scf::IfOp::create(
                  fb, fl, inside,
                  [&](OpBuilder &tb, Location tl) {
                    Value x = memref::LoadOp::create(tb, tl, input, ValueRange{index});
                    scf::YieldOp::create(tb, tl, combine(tb, reduce, acc, ValueRange{x}));
                  },
                  [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, acc); });
              scf::YieldOp::create(fb, fl, element.getResults());
            });
        scf::YieldOp::create(rb, l, run.getResults());
      });
  Value scratch = memref::AllocOp::create(
      b, loc, MemRefType::get({numThreads}, elementType, AffineMap(), workgroup));
  auto foldIntoInit = [&](OpBuilder &tb, Location l, Value total) {
    Value acc = memref::LoadOp::create(tb, l, init, ValueRange{});
    memref::StoreOp::create(tb, l, combine(tb, reduce, acc, total)[0], init,
                            ValueRange{});
  };
  // A private accumulator (privatizeReductionResults): every invocation
  // folds the partials into its own copy.
  auto initSpace = dyn_cast_or_null<spirv::StorageClassAttr>(
      cast<MemRefType>(init.getType()).getMemorySpace());
  if (numSubgroups > 0 && initSpace &&
      initSpace.getValue() == spirv::StorageClass::Function) {
    foldIntoInit(b, loc,
                 reduceInEveryInvocation(b, loc, reduce, combiner,
                                         rounds.getResult(0), scratch,
                                         numSubgroups));
    reduce.erase();
    return;
  }
  reduceAcrossWorkgroup(b, loc, reduce, combiner, rounds.getResult(0), scratch,
                        threadId,
                        foldPartialsIntoInit
                            ? function_ref<void(OpBuilder &, Location, Value)>(
                                  foldIntoInit)
                            : nullptr);
  if (!foldPartialsIntoInit) {
    // The total went to scratch[0]: fold it in after everyone has seen it.
    Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          threadId, constantIndex(b, loc, 0));
    scf::IfOp::create(b, loc, isFirst, [&](OpBuilder &tb, Location l) {
      foldIntoInit(tb, l,
                   memref::LoadOp::create(tb, l, scratch,
                                          ValueRange{constantIndex(tb, l, 0)}));
      scf::YieldOp::create(tb, l);
    });
    gpu::BarrierOp::create(b, loc);
  }
  reduce.erase();
}

/// Row-major indices of `flat` in `shape`.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value flat,
                               ArrayRef<int64_t> shape) {
  SmallVector<Value> indices(shape.size());
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    if (d == 0) {
      indices[d] = flat;
      break;
    }
    Value size = constantIndex(b, loc, shape[d]);
    indices[d] = arith::RemUIOp::create(b, loc, flat, size);
    flat = arith::DivUIOp::create(b, loc, flat, size);
  }
  return indices;
}

/// Where element `flat` of a block of `shape` lives: its private slot in an
/// invocation-private buffer, else its indices in the block buffer.
SmallVector<Value> elementIndex(OpBuilder &b, Location loc, Value buffer,
                                Value flat, ArrayRef<int64_t> shape,
                                const triton_spirv::Distribution &d,
                                const DenseSet<Value> &privateBuffers) {
  if (!privateBuffers.contains(buffer))
    return delinearize(b, loc, flat, shape);
  Value round = arith::DivUIOp::create(b, loc, flat, constantIndex(b, loc, d.perRound));
  Value inRun = arith::RemUIOp::create(b, loc, flat, constantIndex(b, loc, d.run));
  return {d.privateSlot(b, loc, round, inRun)};
}

/// For each output this invocation owns (the block-loop distribution of the
/// outputs): the reduce's accumulators there, folded in order with `count`
/// values `valuesAt(k)`, stored back.
void foldIntoOwnedOutputs(
    OpBuilder &b, Location loc, linalg::ReduceOp reduce, Value threadId,
    const triton_spirv::Distribution &dOut, int64_t outputs,
    ArrayRef<int64_t> outShape, int64_t count,
    const DenseSet<Value> &privateBuffers,
    function_ref<SmallVector<Value>(OpBuilder &, Location, Value output, Value k)>
        valuesAt) {
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Value> inits(reduce.getInits());
  Value start = arith::MulIOp::create(b, loc, threadId, constantIndex(b, loc, dOut.run));
  auto rounds = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                   constantIndex(b, loc, dOut.rounds),
                                   constantIndex(b, loc, 1));
  b.setInsertionPointToStart(rounds.getBody());
  auto run = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                constantIndex(b, loc, dOut.run),
                                constantIndex(b, loc, 1));
  b.setInsertionPointToStart(run.getBody());
  Value output = arith::AddIOp::create(
      b, loc,
      arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, rounds.getInductionVar(),
                                constantIndex(b, loc, dOut.perRound)),
          start),
      run.getInductionVar());
  Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, output,
                                       constantIndex(b, loc, outputs));
  scf::IfOp::create(b, loc, inside, [&](OpBuilder &tb, Location l) {
    SmallVector<Value> initial;
    SmallVector<SmallVector<Value>> initIndices;
    for (Value init : inits) {
      initIndices.push_back(
          elementIndex(tb, l, init, output, outShape, dOut, privateBuffers));
      initial.push_back(memref::LoadOp::create(tb, l, init, initIndices.back()));
    }
    auto fold = scf::ForOp::create(
        tb, l, constantIndex(tb, l, 0), constantIndex(tb, l, count),
        constantIndex(tb, l, 1), initial,
        [&](OpBuilder &fb, Location fl, Value k, ValueRange acc) {
          scf::YieldOp::create(fb, fl, combine(fb, reduce, acc, valuesAt(fb, fl, output, k)));
        });
    for (auto [init, index, value] : llvm::zip(inits, initIndices, fold.getResults()))
      memref::StoreOp::create(tb, l, value, init, index);
    scf::YieldOp::create(tb, l);
  });
}

/// PerInvocation: each invocation folds, in order, the outputs it owns.
void lowerPerInvocationReduce(linalg::ReduceOp reduce, Value threadId,
                              int64_t numThreads, int64_t contiguity,
                              const DenseSet<Value> &privateBuffers) {
  OpBuilder b(reduce);
  Location loc = reduce.getLoc();
  SmallVector<int64_t> shape = logicalShape(reduce);
  int64_t axis = reduce.getDimensions()[0];
  auto [extent, inner, outputs, total] = geometryOf(shape, axis);
  SmallVector<int64_t> outShape(shape);
  outShape.erase(outShape.begin() + axis);
  auto dIn = triton_spirv::Distribution::of(total, numThreads, contiguity);
  auto dOut = triton_spirv::Distribution::of(outputs, numThreads, contiguity);
  SmallVector<Value> inputs(reduce.getInputs());
  foldIntoOwnedOutputs(
      b, loc, reduce, threadId, dOut, outputs, outShape, extent, privateBuffers,
      [&](OpBuilder &fb, Location fl, Value output, Value k) {
        Value outer = arith::DivUIOp::create(fb, fl, output, constantIndex(fb, fl, inner));
        Value innerIndex = arith::RemUIOp::create(fb, fl, output, constantIndex(fb, fl, inner));
        Value row = arith::AddIOp::create(
            fb, fl, arith::MulIOp::create(fb, fl, outer, constantIndex(fb, fl, extent)), k);
        Value flat = arith::AddIOp::create(
            fb, fl, arith::MulIOp::create(fb, fl, row, constantIndex(fb, fl, inner)),
            innerIndex);
        SmallVector<Value> x;
        for (Value input : inputs)
          x.push_back(memref::LoadOp::create(
              fb, fl, input, elementIndex(fb, fl, input, flat, shape, dIn, privateBuffers)));
        return x;
      });
  reduce.erase();
}

/// RowClasses: row r of the reduced axis belongs to class r % g, and within
/// a round position q * inner + column is owned by one invocation.
void lowerRowClassReduce(linalg::ReduceOp reduce, Value threadId,
                         int64_t numThreads, int64_t contiguity,
                         const DenseSet<Value> &privateBuffers,
                         Attribute workgroup) {
  OpBuilder b(reduce);
  Location loc = reduce.getLoc();
  SmallVector<int64_t> shape = logicalShape(reduce);
  int64_t axis = reduce.getDimensions()[0];
  ReduceGeometry geo = geometryOf(shape, axis);
  SmallVector<int64_t> outShape(shape);
  outShape.erase(outShape.begin() + axis);
  auto dIn = triton_spirv::Distribution::of(geo.total, numThreads, contiguity);
  auto dOut = triton_spirv::Distribution::of(geo.outputs, numThreads, contiguity);
  int64_t classes = dIn.perRound / geo.inner;
  int64_t roundsPerOuter = geo.extent / classes;
  int64_t outers = geo.outputs / geo.inner;
  SmallVector<Value> inputs(reduce.getInputs()), inits(reduce.getInits());

  // scratch[i][q * outputs + output]: class q's partial of operand i.
  SmallVector<Value> scratch;
  for (Value init : inits)
    scratch.push_back(memref::AllocOp::create(
        b, loc,
        MemRefType::get({classes * geo.outputs},
                        cast<MemRefType>(init.getType()).getElementType(),
                        AffineMap(), workgroup)));

  Value start = arith::MulIOp::create(b, loc, threadId, constantIndex(b, loc, dIn.run));
  auto runLoop = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                    constantIndex(b, loc, dIn.run),
                                    constantIndex(b, loc, 1));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(runLoop.getBody());
    Value position = arith::AddIOp::create(b, loc, start, runLoop.getInductionVar());
    Value rowClass = arith::DivUIOp::create(b, loc, position, constantIndex(b, loc, geo.inner));
    Value column = arith::RemUIOp::create(b, loc, position, constantIndex(b, loc, geo.inner));
    auto outerLoop = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                        constantIndex(b, loc, outers),
                                        constantIndex(b, loc, 1));
    b.setInsertionPointToStart(outerLoop.getBody());
    Value outer = outerLoop.getInductionVar();
    Value firstRound = arith::MulIOp::create(b, loc, outer, constantIndex(b, loc, roundsPerOuter));
    auto load = [&](OpBuilder &lb, Location l, Value round) {
      Value flat = arith::AddIOp::create(
          lb, l, arith::MulIOp::create(lb, l, round, constantIndex(lb, l, dIn.perRound)),
          position);
      SmallVector<Value> x;
      for (Value input : inputs)
        x.push_back(memref::LoadOp::create(
            lb, l, input, elementIndex(lb, l, input, flat, shape, dIn, privateBuffers)));
      return x;
    };
    auto fold = scf::ForOp::create(
        b, loc, arith::AddIOp::create(b, loc, firstRound, constantIndex(b, loc, 1)),
        arith::AddIOp::create(b, loc, firstRound, constantIndex(b, loc, roundsPerOuter)),
        constantIndex(b, loc, 1), load(b, loc, firstRound),
        [&](OpBuilder &fb, Location fl, Value round, ValueRange acc) {
          scf::YieldOp::create(fb, fl, combine(fb, reduce, acc, load(fb, fl, round)));
        });
    Value slot = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, rowClass, constantIndex(b, loc, geo.outputs)),
        arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, outer, constantIndex(b, loc, geo.inner)),
            column));
    for (auto [buffer, value] : llvm::zip(scratch, fold.getResults()))
      memref::StoreOp::create(b, loc, value, buffer, ValueRange{slot});
  }
  gpu::BarrierOp::create(b, loc);

  // The owner of each output folds the class partials into it.
  foldIntoOwnedOutputs(
      b, loc, reduce, threadId, dOut, geo.outputs, outShape, classes, privateBuffers,
      [&](OpBuilder &fb, Location fl, Value output, Value q) {
        Value slot = arith::AddIOp::create(
            fb, fl, arith::MulIOp::create(fb, fl, q, constantIndex(fb, fl, geo.outputs)),
            output);
        SmallVector<Value> x;
        for (Value buffer : scratch)
          x.push_back(memref::LoadOp::create(fb, fl, buffer, ValueRange{slot}));
        return x;
      });
  gpu::BarrierOp::create(b, loc);
  reduce.erase();
}

int64_t powerOfTwoAtMost(int64_t v) {
  int64_t p = 1;
  while (p * 2 <= v)
    p *= 2;
  return p;
}
} // namespace

LogicalResult mlir::triton_spirv::lowerReduceToWorkgroup(
    linalg::ReduceOp reduce, Value threadId, int64_t numThreads,
    int64_t contiguity, const DenseSet<Value> &privateBuffers,
    Attribute workgroup, bool useSubgroupOps, int64_t spanSubgroupSize,
    bool foldPartialsIntoInit, int64_t shuffleWidth) {
  if (!reduce.hasPureBufferSemantics())
    return reduce.emitError("distribute-to-workgroup: reduce on tensors");
  ReductionOwnership ownership =
      classifyReduction(reduce, numThreads, contiguity, useSubgroupOps);
  if (ownership == ReductionOwnership::PerInvocation) {
    lowerPerInvocationReduce(reduce, threadId, numThreads, contiguity,
                             privateBuffers);
    return success();
  }
  if (ownership == ReductionOwnership::RowClasses) {
    lowerRowClassReduce(reduce, threadId, numThreads, contiguity,
                        privateBuffers, workgroup);
    return success();
  }
  if (ownership == ReductionOwnership::WholeWorkgroup) {
    lowerOwnedElementsReduce(reduce, *matchSubgroupCombiner(reduce), threadId,
                             numThreads, contiguity, spanSubgroupSize,
                             privateBuffers.contains(reduce.getInputs()[0]),
                             workgroup, foldPartialsIntoInit,
                             shuffleWidth > 0
                                 ? (numThreads + shuffleWidth - 1) / shuffleWidth
                                 : 0);
    return success();
  }
  ArrayRef<int64_t> dims = reduce.getDimensions();
  if (dims.size() != 1)
    return reduce.emitError("distribute-to-workgroup: one reduced dimension "
                            "expected");
  int64_t axis = dims[0];
  SmallVector<Value> inputs(reduce.getInputs()), inits(reduce.getInits());
  auto inputType = cast<MemRefType>(inputs[0].getType());
  if (!inputType.hasStaticShape())
    return reduce.emitError("distribute-to-workgroup: dynamic reduce shape");
  ArrayRef<int64_t> shape = inputType.getShape();
  int64_t extent = shape[axis];
  SmallVector<int64_t> outShape;
  int64_t outputs = 1;
  for (auto [d, size] : llvm::enumerate(shape))
    if (static_cast<int64_t>(d) != axis) {
      outShape.push_back(size);
      outputs *= size;
    }

  // Invocations per output: as many as fit, no more than the extent needs.
  int64_t groupSize = std::max<int64_t>(
      1, std::min(powerOfTwoAtMost(std::max<int64_t>(1, numThreads / outputs)),
                  powerOfTwoAtMost(extent)));
  int64_t numGroups = numThreads / groupSize;
  int64_t chunk = (extent + groupSize - 1) / groupSize;

  OpBuilder b(reduce);
  Location loc = reduce.getLoc();
  SmallVector<Type> elementTypes;
  for (Value init : inits)
    elementTypes.push_back(cast<MemRefType>(init.getType()).getElementType());

  // One partial per invocation and operand, in workgroup memory, unless
  // shuffles combine the whole group.
  bool shufflable = llvm::all_of(elementTypes, [](Type type) {
    return type.isIntOrFloat() && type.getIntOrFloatBitWidth() >= 8 &&
           type.getIntOrFloatBitWidth() <= 64;
  });
  bool shufflesOnly = shuffleWidth > 1 && shufflable && groupSize <= shuffleWidth &&
                      !(numGroups == 1 && useSubgroupOps && matchSubgroupCombiner(reduce));
  SmallVector<Value> scratch;
  if (groupSize > 1 && !shufflesOnly)
    for (Type type : elementTypes)
      scratch.push_back(memref::AllocOp::create(
          b, loc, MemRefType::get({numThreads}, type, AffineMap(), workgroup)));

  Value group = arith::DivUIOp::create(b, loc, threadId,
                                       constantIndex(b, loc, groupSize));
  Value lane = arith::RemUIOp::create(b, loc, threadId,
                                      constantIndex(b, loc, groupSize));
  int64_t rounds = (outputs + numGroups - 1) / numGroups;
  auto roundLoop = scf::ForOp::create(b, loc, constantIndex(b, loc, 0),
                                      constantIndex(b, loc, rounds),
                                      constantIndex(b, loc, 1));
  b.setInsertionPointToStart(roundLoop.getBody());
  Value output = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, roundLoop.getInductionVar(),
                            constantIndex(b, loc, numGroups)),
      group);
  Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       output,
                                       constantIndex(b, loc, outputs));
  // Output coordinates (row-major) for inactive groups are clamped to 0.
  Value clamped = arith::SelectOp::create(b, loc, active, output,
                                          constantIndex(b, loc, 0));
  SmallVector<Value> outIndex(outShape.size());
  Value rest = clamped;
  for (int64_t d = outShape.size() - 1; d >= 0; --d) {
    if (d == 0) {
      outIndex[d] = rest;
      break;
    }
    Value size = constantIndex(b, loc, outShape[d]);
    outIndex[d] = arith::RemUIOp::create(b, loc, rest, size);
    rest = arith::DivUIOp::create(b, loc, rest, size);
  }
  auto inputIndex = [&](Value k) {
    SmallVector<Value> index(outIndex);
    index.insert(index.begin() + axis, k);
    return index;
  };

  // This lane's elements of the reduced dimension: a chunk [begin, end), or,
  // for a commutative combiner, every groupSize-th element from its lane
  // index. Lanes of a subgroup then read neighbouring elements of a row
  // instead of the same column of different rows: in GPU shared memory the
  // latter share a bank when rows are a multiple of the bank row
  // (attention's row max and sum over 64x32 scores: 4-way conflicts each
  // step with padded rows, 16-way without).
  bool interleaved = matchSubgroupCombiner(reduce).has_value();
  Value begin = interleaved
                    ? lane
                    : arith::MulIOp::create(b, loc, lane, constantIndex(b, loc, chunk))
                          .getResult();
  Value end = interleaved
                  ? constantIndex(b, loc, extent)
                  : arith::MinUIOp::create(
                        b, loc,
                        arith::AddIOp::create(b, loc, begin, constantIndex(b, loc, chunk)),
                        constantIndex(b, loc, extent))
                        .getResult();
  int64_t elementStride = interleaved ? groupSize : 1;
  Value hasData = arith::AndIOp::create(
      b, loc, active,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, begin, end));

  // Fold the chunk, starting from its first element.
  auto partial = scf::IfOp::create(
      b, loc, hasData,
      [&](OpBuilder &tb, Location l) {
        SmallVector<Value> first;
        for (Value input : inputs)
          first.push_back(memref::LoadOp::create(tb, l, input, inputIndex(begin)));
        Value next =
            arith::AddIOp::create(tb, l, begin, constantIndex(tb, l, elementStride));
        auto fold = scf::ForOp::create(
            tb, l, next, end, constantIndex(tb, l, elementStride), first,
            [&](OpBuilder &fb, Location fl, Value k, ValueRange acc) {
              OpBuilder::InsertionGuard guard(fb);
              SmallVector<Value> x;
              for (Value input : inputs)
                x.push_back(memref::LoadOp::create(fb, fl, input, inputIndex(k)));
              scf::YieldOp::create(fb, fl, combine(fb, reduce, acc, x));
            });
        scf::YieldOp::create(tb, l, fold.getResults());
      },
      [&](OpBuilder &eb, Location l) {
        SmallVector<Value> zeros;
        for (Type type : elementTypes)
          zeros.push_back(arith::ConstantOp::create(eb, l, eb.getZeroAttr(type)));
        scf::YieldOp::create(eb, l, zeros);
      });
  SmallVector<Value> total(partial.getResults());

  std::optional<SubgroupCombiner> subgroupCombiner;
  if (useSubgroupOps)
    subgroupCombiner = matchSubgroupCombiner(reduce);
  if (groupSize > 1 && numGroups == 1 && subgroupCombiner) {
    // The whole workgroup reduces one output: subgroup operations, then one
    // partial per subgroup through workgroup memory (any subgroup layout).
    Value identity = arith::ConstantOp::create(b, loc, subgroupCombiner->identity);
    Value value = arith::SelectOp::create(b, loc, hasData, total[0], identity);
    reduceAcrossWorkgroup(b, loc, reduce, *subgroupCombiner, value, scratch[0],
                          threadId);
  } else if (groupSize > 1) {
    // Pairwise, adjacent chunks first, so the combiner sees elements in order
    // (when they are chunks).
    auto combinesWithPartner = [&](int64_t stride) -> Value {
      Value isLeft = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          arith::RemUIOp::create(b, loc, lane, constantIndex(b, loc, 2 * stride)),
          constantIndex(b, loc, 0));
      Value partnerLane = arith::AddIOp::create(b, loc, lane,
                                                constantIndex(b, loc, stride));
      Value partnerBegin =
          interleaved ? partnerLane
                      : arith::MulIOp::create(b, loc, partnerLane,
                                              constantIndex(b, loc, chunk))
                            .getResult();
      Value partnerHasData = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ult, partnerBegin,
          constantIndex(b, loc, extent));
      return arith::AndIOp::create(
          b, loc, arith::AndIOp::create(b, loc, isLeft, partnerHasData), hasData);
    };
    // Steps whose partner is in the same subgroup (groups and subgroups are
    // aligned powers of two) read it with a shuffle: no barrier.
    int64_t stride = 1;
    if (shuffleWidth > 1 && shufflable) {
      Value width = arith::ConstantIntOp::create(b, loc, shuffleWidth, 32);
      for (; stride < std::min(groupSize, shuffleWidth); stride *= 2) {
        Value offset = arith::ConstantIntOp::create(b, loc, stride, 32);
        SmallVector<Value> partner;
        for (Value value : total)
          partner.push_back(gpu::ShuffleOp::create(b, loc, value, offset, width,
                                                   gpu::ShuffleMode::DOWN)
                                .getShuffleResult());
        Value doCombine = combinesWithPartner(stride);
        SmallVector<Value> combined = combine(b, reduce, total, partner);
        for (auto [current, next] : llvm::zip(total, combined))
          current = arith::SelectOp::create(b, loc, doCombine, next, current);
      }
    }
    for (auto [buffer, value] : llvm::zip(scratch, total))
      memref::StoreOp::create(b, loc, value, buffer, ValueRange{threadId});
    if (stride < groupSize)
      gpu::BarrierOp::create(b, loc);
    assert((stride >= groupSize) == shufflesOnly && "shuffle steps");
    for (; stride < groupSize; stride *= 2) {
      Value doCombine = combinesWithPartner(stride);
      scf::IfOp::create(b, loc, doCombine, [&](OpBuilder &tb, Location l) {
        Value partner = arith::AddIOp::create(tb, l, threadId,
                                              constantIndex(tb, l, stride));
        SmallVector<Value> left, right;
        for (Value buffer : scratch) {
          left.push_back(memref::LoadOp::create(tb, l, buffer, ValueRange{threadId}));
          right.push_back(memref::LoadOp::create(tb, l, buffer, ValueRange{partner}));
        }
        for (auto [buffer, value] : llvm::zip(scratch, combine(tb, reduce, left, right)))
          memref::StoreOp::create(tb, l, value, buffer, ValueRange{threadId});
        scf::YieldOp::create(tb, l);
      });
      gpu::BarrierOp::create(b, loc);
    }
  }

  // Lane 0 folds the group's total into the initial accumulator.
  Value isLeader = arith::AndIOp::create(
      b, loc, active,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                            constantIndex(b, loc, 0)));
  auto initialValues = reduce->getAttrOfType<ArrayAttr>(kInitialValuesAttr);
  scf::IfOp::create(b, loc, isLeader, [&](OpBuilder &tb, Location l) {
    SmallVector<Value> acc, groupTotal;
    for (auto [i, init] : llvm::enumerate(inits)) {
      acc.push_back(initialValues
                        ? arith::ConstantOp::create(
                              tb, l, cast<TypedAttr>(initialValues[i])).getResult()
                        : memref::LoadOp::create(tb, l, init, outIndex).getResult());
      groupTotal.push_back(groupSize > 1 && !shufflesOnly
                               ? memref::LoadOp::create(tb, l, scratch[i],
                                                        ValueRange{threadId})
                                     .getResult()
                               : total[i]);
    }
    for (auto [init, value] : llvm::zip(inits, combine(tb, reduce, acc, groupTotal)))
      memref::StoreOp::create(tb, l, value, init, outIndex);
    scf::YieldOp::create(tb, l);
  });
  // The scratch is reused by the next round.
  if (!scratch.empty())
    gpu::BarrierOp::create(b, loc);
  reduce.erase();
  return success();
}
