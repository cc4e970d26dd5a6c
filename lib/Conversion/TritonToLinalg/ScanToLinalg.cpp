//===- ScanToLinalg.cpp - tt.scan as Hillis-Steele steps -------------------===//
//
// An inclusive scan along `axis` of extent N is ceil(log2 N) parallel
// Hillis-Steele steps. The step with distance d = 1, 2, 4, ... computes
//
//   y[i] = i >= d ? combine(x[i - d], x[i]) : x[i]
//
// along the axis, so after it each y[i] combines the last 2d elements up to
// i. The earlier elements are always the combiner's left operand, so
// associative but non-commutative combiners work. x[i] is an input of the
// step; x[i - d] is read with tensor.extract, which keeps the step's input a
// block buffer (steps never fuse into one another) and makes every step one
// distributed phase followed by a barrier.
//
// Each step is a linalg.map per scanned operand whose init is that operand's
// block from two steps earlier (dead by then): the bufferizer writes in place
// and all steps share two buffers per operand, instead of one buffer per
// step. (A linalg.generic would lose this: elementwise fusion replaces inits
// the body does not read by tensor.empty. An scf.for over the steps would
// yield buffers allocated inside the loop, which alias across iterations once
// allocations become static workgroup memory.)
//
// `reverse` scans from the end: the mirrored index, y[i] = combine(x[i + d],
// x[i]) for i + d < N (Triton flips, scans and flips back).
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton_spirv;

namespace {
/// Clones the scan combiner with (left..., right...) as its arguments.
SmallVector<Value> cloneCombiner(OpBuilder &b, Block &combiner,
                                 ValueRange left, ValueRange right) {
  IRMapping mapping;
  unsigned n = left.size();
  for (unsigned i = 0; i < n; ++i) {
    mapping.map(combiner.getArgument(i), left[i]);
    mapping.map(combiner.getArgument(n + i), right[i]);
  }
  for (Operation &inner : combiner.without_terminator())
    b.clone(inner, mapping);
  SmallVector<Value> results;
  for (Value v : combiner.getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(v));
  return results;
}

struct ConvertScan : public OpConversionPattern<ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Block &combiner = op.getCombineOp().front();
    if (combiner.getNumArguments() != 2 * adaptor.getSrcs().size())
      return rewriter.notifyMatchFailure(op, "combiner arity");
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    auto type = cast<RankedTensorType>(adaptor.getSrcs()[0].getType());
    unsigned rank = type.getRank();
    int64_t extent = type.getDimSize(axis);
    SmallVector<Type> elementTypes;
    for (Value src : adaptor.getSrcs())
      elementTypes.push_back(getElementTypeOrSelf(src.getType()));

    // x_{k-1} (the input of the step) and x_{k-2} (its buffer is reused).
    SmallVector<Value> current(adaptor.getSrcs());
    SmallVector<Value> older;
    unsigned numOperands = current.size();
    for (int64_t distance = 1; distance < extent; distance *= 2) {
      SmallVector<Value> previous = current;
      current.clear();
      for (unsigned j = 0; j < numOperands; ++j) {
        Value init = older.empty()
                         ? Value(tensor::EmptyOp::create(rewriter, loc,
                                                         type.getShape(),
                                                         elementTypes[j]))
                         : older[j];
        auto step = linalg::MapOp::create(
            rewriter, loc, previous, init,
            [&](OpBuilder &b, Location l, ValueRange args) {
              ValueRange here = args.take_front(numOperands);
              SmallVector<Value> coords;
              for (unsigned d = 0; d < rank; ++d)
                coords.push_back(linalg::IndexOp::create(b, l, d));
              Value i = coords[axis];
              Value d = arith::ConstantIndexOp::create(b, l, distance);
              // Forward: the partner is i - d, present when i >= d. Reverse:
              // i + d, present when i + d < N.
              Value hasPartner =
                  reverse ? arith::CmpIOp::create(
                                b, l, arith::CmpIPredicate::ult,
                                arith::AddIOp::create(b, l, i, d),
                                arith::ConstantIndexOp::create(b, l, extent))
                          : arith::CmpIOp::create(
                                b, l, arith::CmpIPredicate::uge, i, d);
              auto ifOp = scf::IfOp::create(
                  b, l, hasPartner,
                  [&](OpBuilder &bb, Location ll) {
                    SmallVector<Value> partnerCoords = coords;
                    partnerCoords[axis] =
                        reverse ? Value(arith::AddIOp::create(bb, ll, i, d))
                                : Value(arith::SubIOp::create(bb, ll, i, d));
                    SmallVector<Value> partner;
                    for (Value tensor : previous)
                      partner.push_back(tensor::ExtractOp::create(
                          bb, ll, tensor, partnerCoords));
                    scf::YieldOp::create(
                        bb, ll, cloneCombiner(bb, combiner, partner, here)[j]);
                  },
                  [&](OpBuilder &bb, Location ll) {
                    scf::YieldOp::create(bb, ll, here[j]);
                  });
              linalg::YieldOp::create(b, l, ifOp.getResults());
            });
        current.push_back(step->getResult(0));
      }
      older = previous;
    }
    rewriter.replaceOp(op, current);
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateScanConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertScan>(converter, patterns.getContext());
}
