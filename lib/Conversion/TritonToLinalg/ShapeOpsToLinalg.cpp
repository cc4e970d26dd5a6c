//===- ShapeOpsToLinalg.cpp - unsplat/join/split/cat/gather/histogram ------===//
//
// Ops that move elements between positions of a block. Every result is a
// parallel linalg.generic (or a tensor insert/extract the bufferizer turns
// into copies), so it is fused and distributed like any elementwise op.
// Data-dependent positions (gather) read their source with tensor.extract
// inside the body; the source then stays a block buffer.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton_spirv;

namespace {
RankedTensorType convertedTensorType(const TypeConverter *converter,
                                     Type type) {
  return cast<RankedTensorType>(converter->convertType(type));
}

/// Identity map over `rank` loops with dimension `dropped` left out (a
/// tensor with one dimension less than the iteration space).
AffineMap mapDroppingDim(unsigned rank, unsigned dropped, MLIRContext *ctx) {
  SmallVector<AffineExpr> exprs;
  for (unsigned d = 0; d < rank; ++d)
    if (d != dropped)
      exprs.push_back(getAffineDimExpr(d, ctx));
  return AffineMap::get(rank, 0, exprs, ctx);
}

/// Identity over `rank` loops plus a trailing constant index `value`.
AffineMap mapWithTrailingConstant(unsigned rank, int64_t value,
                                  MLIRContext *ctx) {
  SmallVector<AffineExpr> exprs;
  for (unsigned d = 0; d < rank; ++d)
    exprs.push_back(getAffineDimExpr(d, ctx));
  exprs.push_back(getAffineConstantExpr(value, ctx));
  return AffineMap::get(rank, 0, exprs, ctx);
}

/// The loop indices of the enclosing linalg.generic, as `index` values.
SmallVector<Value> loopIndices(OpBuilder &b, Location loc, unsigned rank) {
  SmallVector<Value> indices;
  for (unsigned d = 0; d < rank; ++d)
    indices.push_back(linalg::IndexOp::create(b, loc, d));
  return indices;
}

/// tt.unsplat: the single element of a one-element tensor.
struct ConvertUnsplat : public OpConversionPattern<UnsplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UnsplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(adaptor.getSrc().getType());
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    SmallVector<Value> indices(type.getRank(), zero);
    rewriter.replaceOpWithNewOp<tensor::ExtractOp>(op, adaptor.getSrc(),
                                                   indices);
    return success();
  }
};

/// tt.join: result[..., 0] = lhs[...], result[..., 1] = rhs[...].
struct ConvertJoin : public OpConversionPattern<JoinOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(JoinOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto type = convertedTensorType(getTypeConverter(), op.getType());
    unsigned rank = type.getRank(), minor = rank - 1;
    AffineMap operandMap = mapDroppingDim(rank, minor, ctx);
    SmallVector<AffineMap> maps{operandMap, operandMap,
                                AffineMap::getMultiDimIdentityMap(rank, ctx)};
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType());
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type},
        ValueRange{adaptor.getLhs(), adaptor.getRhs()}, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value index = linalg::IndexOp::create(b, l, minor);
          Value isLhs = arith::CmpIOp::create(
              b, l, arith::CmpIPredicate::eq, index,
              arith::ConstantIndexOp::create(b, l, 0));
          linalg::YieldOp::create(
              b, l, Value(arith::SelectOp::create(b, l, isLhs, args[0],
                                                  args[1])));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// tt.split: the two halves of the minor dimension (of size 2), read through
/// constant indices so the op fuses with its producer and consumers.
struct ConvertSplit : public OpConversionPattern<SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto type = convertedTensorType(getTypeConverter(), op.getOutLHS().getType());
    unsigned rank = type.getRank();
    Value src = adaptor.getSrc();
    AffineMap identity = AffineMap::getMultiDimIdentityMap(rank, ctx);
    SmallVector<AffineMap> maps{mapWithTrailingConstant(rank, 0, ctx),
                                mapWithTrailingConstant(rank, 1, ctx), identity,
                                identity};
    SmallVector<Value> inits;
    for (int i = 0; i < 2; ++i)
      inits.push_back(tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                              type.getElementType()));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type, type}, ValueRange{src, src}, inits,
        maps, iterators, [](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, ValueRange{args[0], args[1]});
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// tt.cat: Triton concatenates along dimension 0 (the result has twice the
/// elements). Both halves are inserted into one block; the bufferizer makes
/// the producers write into it directly or copies them.
struct ConvertCat : public OpConversionPattern<CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = convertedTensorType(getTypeConverter(), op.getType());
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    int64_t rank = type.getRank();
    Value result = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                           type.getElementType());
    SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
    for (int64_t size : lhsType.getShape())
      sizes.push_back(rewriter.getIndexAttr(size));
    int64_t offset = 0;
    for (Value half : {adaptor.getLhs(), adaptor.getRhs()}) {
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets[0] = rewriter.getIndexAttr(offset);
      result = tensor::InsertSliceOp::create(rewriter, loc, half, result,
                                             offsets, sizes, strides);
      offset += lhsType.getDimSize(0);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// tt.gather: result[i...] = src[i... with i[axis] = indices[i...]]. One
/// parallel generic over the indices; the source is read with tensor.extract.
struct ConvertGather : public OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = convertedTensorType(getTypeConverter(), op.getType());
    unsigned rank = type.getRank(), axis = op.getAxis();
    Value src = adaptor.getSrc();
    Value result = buildElementwiseGeneric(
        rewriter, loc, type.getShape(), {adaptor.getIndices()},
        {type.getElementType()},
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> coords = loopIndices(b, l, rank);
          coords[axis] = arith::IndexCastOp::create(b, l, b.getIndexType(),
                                                    args[0]);
          return SmallVector<Value>{tensor::ExtractOp::create(b, l, src, coords)};
        })[0];
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// tt.histogram: result[b] = #{i : src[i] == b and mask[i]}. A generic over
/// (bins, source elements) whose second loop is a reduction: the loop
/// lowering makes the bins a parallel loop (distributed over the workgroup,
/// each invocation owning whole bins) with a sequential loop over the source
/// inside, so nothing of size bins x elements is ever materialized. Values
/// outside [0, bins) are not counted.
struct ConvertHistogram : public OpConversionPattern<HistogramOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    auto type = convertedTensorType(getTypeConverter(), op.getType());
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    if (srcType.getRank() != 1 || type.getRank() != 1)
      return rewriter.notifyMatchFailure(op, "histogram of a 1-D tensor");
    Type countType = type.getElementType();
    Type valueType = srcType.getElementType();

    Value zero = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getZeroAttr(countType));
    Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                          countType);
    Value counts =
        linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);

    // Loops: d0 = bin (parallel), d1 = source element (reduction).
    AffineMap element = AffineMap::get(2, 0, {getAffineDimExpr(1, ctx)}, ctx);
    AffineMap bin = AffineMap::get(2, 0, {getAffineDimExpr(0, ctx)}, ctx);
    SmallVector<Value> inputs{adaptor.getSrc()};
    SmallVector<AffineMap> maps{element};
    Value mask = adaptor.getMask();
    if (mask) {
      inputs.push_back(mask);
      maps.push_back(element);
    }
    maps.push_back(bin);
    SmallVector<utils::IteratorType> iterators{utils::IteratorType::parallel,
                                               utils::IteratorType::reduction};
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, inputs, ValueRange{counts}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value binIndex = arith::IndexCastOp::create(
              b, l, valueType, linalg::IndexOp::create(b, l, 0));
          Value hit = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                            args[0], binIndex);
          if (mask)
            hit = arith::AndIOp::create(b, l, hit, args[1]);
          Value one = arith::ExtUIOp::create(b, l, countType, hit);
          Value count = args.back();
          linalg::YieldOp::create(
              b, l, Value(arith::AddIOp::create(b, l, count, one)));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateShapeOpConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertUnsplat, ConvertJoin, ConvertSplit, ConvertCat,
               ConvertGather, ConvertHistogram>(converter,
                                                patterns.getContext());
}
