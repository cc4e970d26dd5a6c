//===- ElementwiseRegionsToLinalg.cpp - map_elementwise, inline asm, hints -===//
//
// tt.map_elementwise applies a scalar region to every element: the region
// becomes the body of a parallel linalg.generic. Regions with branches are
// first lifted to scf (liftControlFlowToSCF, LiftControlFlow.cpp, run before
// the conversion) since a linalg body is a single block.
//
// tt.elementwise_inline_asm holds PTX, which cannot run on SPIR-V targets:
// it is rejected with a diagnostic. llvm.intr.assume is only an optimization
// hint and is dropped.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton_spirv;

namespace {
/// Reshapes `value` (a tensor of the block shape) to [numel / pack, pack]
/// in row-major order, or back with `toShape`.
Value reshapeForPacking(OpBuilder &b, Location loc, Value value,
                        ArrayRef<int64_t> toShape) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == toShape)
    return value;
  ReassociationIndices all;
  for (int64_t d = 0; d < type.getRank(); ++d)
    all.push_back(d);
  if (type.getRank() > 1)
    value = tensor::CollapseShapeOp::create(b, loc, value,
                                            ArrayRef<ReassociationIndices>{all});
  if (toShape.size() > 1) {
    ReassociationIndices allOut;
    for (size_t d = 0; d < toShape.size(); ++d)
      allOut.push_back(d);
    value = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(toShape, type.getElementType()), value,
        ArrayRef<ReassociationIndices>{allOut});
  }
  return value;
}

/// tt.map_elementwise: the region, applied to `pack` elements of every
/// source at a time. Triton lets the backend choose which elements form a
/// pack; here they are `pack` consecutive elements in row-major order.
struct ConvertMapElementwise : public OpConversionPattern<MapElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Region &region = op.getScalarOp();
    if (!region.hasOneBlock())
      return op.emitError("triton-to-linalg: tt.map_elementwise with control "
                          "flow that cannot be lifted to scf is not supported");
    Block &body = region.front();
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    int64_t pack = op.getPack();
    auto type = cast<RankedTensorType>(adaptor.getSrcs()[0].getType());
    int64_t numel = type.getNumElements();
    if (pack < 1 || numel % pack != 0)
      return op.emitError("triton-to-linalg: tt.map_elementwise pack size ")
             << pack << " does not divide the block";
    SmallVector<int64_t> packedShape{numel / pack, pack};

    // Loop d0 = pack index; input k of a pack reads column k.
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (Value src : adaptor.getSrcs()) {
      Value packed = pack == 1 ? src
                               : reshapeForPacking(rewriter, loc, src,
                                                   packedShape);
      for (int64_t k = 0; k < pack; ++k) {
        inputs.push_back(packed);
        maps.push_back(
            pack == 1 ? AffineMap::getMultiDimIdentityMap(type.getRank(), ctx)
                      : AffineMap::get(1, 0,
                                       {getAffineDimExpr(0, ctx),
                                        getAffineConstantExpr(k, ctx)},
                                       ctx));
      }
    }
    if (body.getNumArguments() != inputs.size())
      return op.emitError("triton-to-linalg: tt.map_elementwise region "
                          "arguments do not match sources x pack");
    SmallVector<int64_t> loopShape =
        pack == 1 ? SmallVector<int64_t>(type.getShape())
                  : SmallVector<int64_t>{numel / pack};
    unsigned loops = loopShape.size();
    SmallVector<Value> outputs;
    SmallVector<Type> outputTypes;
    for (Type resultType : op.getResultTypes()) {
      Type element = getElementTypeOrSelf(
          getTypeConverter()->convertType(resultType));
      for (int64_t k = 0; k < pack; ++k) {
        outputs.push_back(tensor::EmptyOp::create(rewriter, loc, loopShape,
                                                  element));
        outputTypes.push_back(RankedTensorType::get(loopShape, element));
        maps.push_back(AffineMap::getMultiDimIdentityMap(loops, ctx));
      }
    }
    SmallVector<utils::IteratorType> iterators(loops,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, outputTypes, inputs, outputs, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          IRMapping mapping;
          mapping.map(body.getArguments(), args.take_front(inputs.size()));
          for (Operation &inner : body.without_terminator())
            b.clone(inner, mapping);
          SmallVector<Value> yielded;
          for (Value v : body.getTerminator()->getOperands())
            yielded.push_back(mapping.lookupOrDefault(v));
          linalg::YieldOp::create(b, l, yielded);
        });
    if (pack == 1) {
      rewriter.replaceOp(op, generic.getResults());
      return success();
    }
    // Region results come as (result0 of element 0..pack-1, result1 ...):
    // interleave each result's `pack` columns back into one block.
    SmallVector<Value> results;
    for (unsigned r = 0; r < op.getNumResults(); ++r) {
      ValueRange columns = generic.getResults().slice(r * pack, pack);
      Type element = getElementTypeOrSelf(columns[0].getType());
      Value init = tensor::EmptyOp::create(rewriter, loc, packedShape, element);
      SmallVector<AffineMap> joinMaps(
          pack, AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx));
      joinMaps.push_back(AffineMap::getMultiDimIdentityMap(2, ctx));
      auto join = linalg::GenericOp::create(
          rewriter, loc, TypeRange{init.getType()}, columns, ValueRange{init},
          joinMaps,
          SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel),
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value column = linalg::IndexOp::create(b, l, 1);
            Value value = args[0];
            for (int64_t k = 1; k < pack; ++k) {
              Value isK = arith::CmpIOp::create(
                  b, l, arith::CmpIPredicate::eq, column,
                  arith::ConstantIndexOp::create(b, l, k));
              value = arith::SelectOp::create(b, l, isK, args[k], value);
            }
            linalg::YieldOp::create(b, l, value);
          });
      results.push_back(reshapeForPacking(rewriter, loc, join.getResult(0),
                                          type.getShape()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct RejectInlineAsm : public OpConversionPattern<ElementwiseInlineAsmOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OpAdaptor,
                  ConversionPatternRewriter &) const override {
    return op.emitError("triton-to-linalg: inline assembly (PTX) cannot run "
                        "on SPIR-V targets; tt.elementwise_inline_asm is not "
                        "supported");
  }
};

/// llvm.intr.assume only informs optimizations; dropping it is always valid.
struct DropAssume : public OpConversionPattern<LLVM::AssumeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LLVM::AssumeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateElementwiseRegionConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertMapElementwise, RejectInlineAsm, DropAssume>(
      converter, patterns.getContext());
}
