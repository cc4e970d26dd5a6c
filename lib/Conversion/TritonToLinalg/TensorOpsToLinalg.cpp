//===- TensorOpsToLinalg.cpp - tt tensor/compute ops to linalg & tensor ----===//
#include "TritonToLinalgPatterns.h"
#include "triton-spirv/Conversion/Passes.h"

#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton_spirv;

namespace {
RankedTensorType convertedTensorType(const TypeConverter *converter, Type type) {
  return cast<RankedTensorType>(converter->convertType(type));
}

struct ConvertMakeRange : public OpConversionPattern<MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    int64_t start = op.getStartAttr().getInt();
    Value result = buildElementwiseGeneric(
        rewriter, op.getLoc(), type.getShape(), {}, {type.getElementType()},
        [&](OpBuilder &b, Location l, ValueRange) {
          Value index = linalg::IndexOp::create(b, l, 0);
          Value value = arith::IndexCastOp::create(b, l, b.getI32Type(), index);
          if (start != 0)
            value = arith::AddIOp::create(
                b, l, value, arith::ConstantIntOp::create(b, l, start, 32));
          return SmallVector<Value>{value};
        })[0];
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertSplat : public OpConversionPattern<SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value scalar = pointerOffset(rewriter, loc, adaptor.getSrc());
    if (isa<RankedTensorType>(scalar.getType()))
      return rewriter.notifyMatchFailure(op, "splat of a tensor");
    auto type = convertedTensorType(getTypeConverter(), op.getType());
    rewriter.replaceOp(op, splatScalar(rewriter, loc, type.getShape(), scalar));
    return success();
  }
};

struct ConvertSplatConstant : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!dense || !dense.isSplat() || !type)
      return failure();
    Location loc = op.getLoc();
    Value scalar = arith::ConstantOp::create(
        rewriter, loc, cast<TypedAttr>(dense.getSplatValue<Attribute>()));
    rewriter.replaceOp(op, splatScalar(rewriter, loc, type.getShape(), scalar));
    return success();
  }
};

struct ConvertBroadcast : public OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
    auto type = convertedTensorType(getTypeConverter(), op.getType());
    MLIRContext *context = rewriter.getContext();
    // Broadcast dimensions read index 0 of the source.
    SmallVector<AffineExpr> srcExprs;
    for (int64_t d = 0; d < type.getRank(); ++d)
      srcExprs.push_back(srcType.getDimSize(d) == type.getDimSize(d)
                             ? getAffineDimExpr(d, context)
                             : getAffineConstantExpr(0, context));
    SmallVector<AffineMap> maps{
        AffineMap::get(type.getRank(), 0, srcExprs, context),
        AffineMap::getMultiDimIdentityMap(type.getRank(), context)};
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                         type.getElementType());
    SmallVector<utils::IteratorType> iterators(type.getRank(),
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{adaptor.getSrc()},
        ValueRange{init}, maps, iterators,
        [](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(b, l, args[0]);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct ConvertExpandDims : public OpConversionPattern<ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedTensorType(getTypeConverter(), op.getType());
    int64_t srcRank = type.getRank() - 1;
    int64_t axis = op.getAxis();
    SmallVector<ReassociationIndices> groups;
    for (int64_t d = 0; d < srcRank; ++d) {
      int64_t first = d < axis ? d : d + 1;
      ReassociationIndices group{first};
      if (d == axis)
        group.insert(group.begin(), axis);
      else if (axis == srcRank && d == srcRank - 1)
        group.push_back(axis);
      groups.push_back(group);
    }
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type,
                                                       adaptor.getSrc(), groups);
    return success();
  }
};

struct ConvertReshape : public OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = convertedTensorType(getTypeConverter(), op.getType());
    Value src = adaptor.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    // Row-major reshape = collapse to 1-D, then expand.
    if (srcType.getRank() > 1) {
      ReassociationIndices all;
      for (int64_t d = 0; d < srcType.getRank(); ++d)
        all.push_back(d);
      src = tensor::CollapseShapeOp::create(rewriter, loc, src,
                                            ArrayRef<ReassociationIndices>{all});
    }
    if (type.getRank() > 1) {
      ReassociationIndices all;
      for (int64_t d = 0; d < type.getRank(); ++d)
        all.push_back(d);
      src = tensor::ExpandShapeOp::create(rewriter, loc, type, src,
                                          ArrayRef<ReassociationIndices>{all});
    }
    rewriter.replaceOp(op, src);
    return success();
  }
};

struct ConvertTrans : public OpConversionPattern<TransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = convertedTensorType(getTypeConverter(), op.getType());
    Value init = tensor::EmptyOp::create(rewriter, op.getLoc(), type.getShape(),
                                         type.getElementType());
    SmallVector<int64_t> permutation(op.getOrder().begin(), op.getOrder().end());
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getSrc(), init, permutation);
    rewriter.replaceOp(op, transpose.getResults());
    return success();
  }
};

/// tt.reduce has no identity element, so the first slice along the axis is
/// the initial accumulator and the rest is reduced into it.
/// The identity of a single-operand combiner that is one arith op of its two
/// arguments (sum, product, min, max, bitwise ops), if it has one.
std::optional<TypedAttr> combinerIdentity(ReduceOp op) {
  Block &combiner = op.getCombineOp().front();
  if (combiner.getNumArguments() != 2 ||
      !llvm::hasSingleElement(combiner.without_terminator()))
    return std::nullopt;
  Operation &inner = combiner.front();
  Operation *terminator = combiner.getTerminator();
  if (inner.getNumOperands() != 2 || inner.getNumResults() != 1 ||
      terminator->getNumOperands() != 1 ||
      terminator->getOperand(0) != inner.getResult(0))
    return std::nullopt;
  bool usesBoth = (inner.getOperand(0) == combiner.getArgument(0) &&
                   inner.getOperand(1) == combiner.getArgument(1)) ||
                  (inner.getOperand(0) == combiner.getArgument(1) &&
                   inner.getOperand(1) == combiner.getArgument(0));
  if (!usesBoth)
    return std::nullopt;
  return arith::getNeutralElement(&inner);
}

struct ConvertReduce : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t axis = op.getAxis();
    auto srcType = cast<RankedTensorType>(adaptor.getSrcs()[0].getType());
    int64_t rank = srcType.getRank(), extent = srcType.getDimSize(axis);
    SmallVector<int64_t> resultShape(srcType.getShape());
    resultShape.erase(resultShape.begin() + axis);

    auto slice = [&](Value src, int64_t begin, int64_t size,
                     bool dropAxis) -> Value {
      auto type = cast<RankedTensorType>(src.getType());
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      for (int64_t d = 0; d < rank; ++d)
        sizes.push_back(rewriter.getIndexAttr(d == axis ? size : type.getDimSize(d)));
      offsets[axis] = rewriter.getIndexAttr(begin);
      SmallVector<int64_t> shape(type.getShape());
      shape[axis] = size;
      RankedTensorType sliceType =
          dropAxis ? RankedTensorType::get(resultShape, type.getElementType())
                   : RankedTensorType::get(shape, type.getElementType());
      return tensor::ExtractSliceOp::create(rewriter, loc, sliceType, src,
                                            offsets, sizes, strides);
    };

    SmallVector<Value> inits, inputs;
    std::optional<TypedAttr> identity;
    if (extent > 1)
      identity = combinerIdentity(op);
    if (identity) {
      // Start from the combiner's identity and reduce every element: later
      // stages then read each element where its owner invocation wrote it.
      Value init = tensor::EmptyOp::create(rewriter, loc, resultShape,
                                           identity->getType());
      Value value = arith::ConstantOp::create(rewriter, loc, *identity);
      inits.push_back(
          linalg::FillOp::create(rewriter, loc, value, init).getResult(0));
      inputs.push_back(adaptor.getSrcs()[0]);
    } else {
      // Any other combiner: the first slice is the initial value.
      for (Value src : adaptor.getSrcs()) {
        inits.push_back(slice(src, 0, 1, /*dropAxis=*/true));
        if (extent > 1)
          inputs.push_back(slice(src, 1, extent - 1, /*dropAxis=*/false));
      }
    }
    SmallVector<Value> results = inits;
    if (!inputs.empty()) {
      unsigned n = inputs.size();
      Block &combiner = op.getCombineOp().front();
      auto reduce = linalg::ReduceOp::create(
          rewriter, loc, inputs, inits, SmallVector<int64_t>{axis},
          [&](OpBuilder &b, Location l, ValueRange args) {
            // linalg passes (inputs..., accumulators...); the combiner takes
            // (accumulated..., new...).
            IRMapping mapping;
            for (unsigned i = 0; i < n; ++i) {
              mapping.map(combiner.getArgument(i), args[n + i]);
              mapping.map(combiner.getArgument(n + i), args[i]);
            }
            for (Operation &inner : combiner.without_terminator())
              b.clone(inner, mapping);
            SmallVector<Value> yielded;
            for (Value v : combiner.getTerminator()->getOperands())
              yielded.push_back(mapping.lookupOrDefault(v));
            linalg::YieldOp::create(b, l, yielded);
          });
      results.assign(reduce.getResults().begin(), reduce.getResults().end());
    }
    if (resultShape.empty())
      for (Value &result : results)
        result = tensor::ExtractOp::create(rewriter, loc, result, ValueRange{});
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// `x` as `parts` terms x ~ t0 + t1 + ..., each rounded to bf16 (kept in
/// f32), each the bf16 rounding of what the terms before it leave over.
SmallVector<Value> splitIntoBF16Terms(OpBuilder &b, Location loc, Value x,
                                      int parts) {
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<Type> resultTypes(parts, type.getElementType());
  return buildElementwiseGeneric(
      b, loc, type.getShape(), ValueRange{x}, resultTypes,
      [&](OpBuilder &ib, Location l, ValueRange args) {
        SmallVector<Value> terms;
        Value rest = args[0];
        for (int i = 0; i < parts; ++i) {
          Value bf16 = arith::TruncFOp::create(ib, l, ib.getBF16Type(), rest);
          Value rounded = arith::ExtFOp::create(ib, l, ib.getF32Type(), bf16);
          terms.push_back(rounded);
          if (i + 1 < parts)
            rest = arith::SubFOp::create(ib, l, rest, rounded);
        }
        return terms;
      });
}

struct ConvertDot : public OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool batched = cast<RankedTensorType>(op.getType()).getRank() == 3;
    InputPrecision precision = op.getInputPrecision();
    auto product = [&](Value a, Value b, Value c) -> Operation * {
      Operation *matmul =
          batched ? (Operation *)linalg::BatchMatmulOp::create(
                        rewriter, loc, ValueRange{a, b}, ValueRange{c})
                  : (Operation *)linalg::MatmulOp::create(
                        rewriter, loc, ValueRange{a, b}, ValueRange{c});
      // Recorded for later stages; fp32 is computed in full precision.
      matmul->setAttr("triton_spirv.input_precision",
                      rewriter.getStringAttr(stringifyInputPrecision(precision)));
      return matmul;
    };
    bool split = (precision == InputPrecision::BF16x3 ||
                  precision == InputPrecision::BF16x6) &&
                 getElementTypeOrSelf(adaptor.getA().getType()).isF32() &&
                 getElementTypeOrSelf(adaptor.getB().getType()).isF32();
    if (!split) {
      // A narrow float result (out_dtype=float16) accumulates in f32 and is
      // rounded once: summing products in f16 lost digits to cancellation
      // (test_dot3d, 8x32x32x32: 0.0178 for 0.0316). Triton's interpreter
      // (numpy) and NVIDIA's MMA round once per dot or per 16-wide step.
      auto resultType = cast<RankedTensorType>(op.getType());
      auto narrow = dyn_cast<FloatType>(resultType.getElementType());
      if (!narrow || narrow.getWidth() >= 32) {
        rewriter.replaceOp(
            op, product(adaptor.getA(), adaptor.getB(), adaptor.getC())->getResults());
        return success();
      }
      Type f32 = rewriter.getF32Type();
      Value wideC = buildElementwiseGeneric(
          rewriter, loc, resultType.getShape(), ValueRange{adaptor.getC()}, {f32},
          [&](OpBuilder &b, Location l, ValueRange args) {
            return SmallVector<Value>{arith::ExtFOp::create(b, l, f32, args[0])};
          })[0];
      Value wide = product(adaptor.getA(), adaptor.getB(), wideC)->getResult(0);
      Value rounded = buildElementwiseGeneric(
          rewriter, loc, resultType.getShape(), ValueRange{wide}, {narrow},
          [&](OpBuilder &b, Location l, ValueRange args) {
            return SmallVector<Value>{arith::TruncFOp::create(b, l, narrow, args[0])};
          })[0];
      rewriter.replaceOp(op, rounded);
      return success();
    }
    // bf16x3 / bf16x6: the fp32 operands as sums of bf16 terms, and the dot
    // as the sum of the products of those terms that matter (fp32
    // accumulation), smallest first: x3 = a0b1 + a1b0 + a0b0; x6 adds
    // a1b1, a0b2 and a2b0.
    int parts = precision == InputPrecision::BF16x3 ? 2 : 3;
    SmallVector<Value> a = splitIntoBF16Terms(rewriter, loc, adaptor.getA(), parts);
    SmallVector<Value> b = splitIntoBF16Terms(rewriter, loc, adaptor.getB(), parts);
    SmallVector<std::pair<int, int>> terms =
        parts == 2 ? SmallVector<std::pair<int, int>>{{0, 1}, {1, 0}, {0, 0}}
                   : SmallVector<std::pair<int, int>>{
                         {0, 2}, {2, 0}, {1, 1}, {0, 1}, {1, 0}, {0, 0}};
    Value acc = adaptor.getC();
    for (auto [i, j] : terms)
      acc = product(a[i], b[j], acc)->getResult(0);
    rewriter.replaceOp(op, acc);
    return success();
  }
};


template <typename OpTy, typename GpuOpTy>
struct ConvertGridQuery : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dimension = static_cast<gpu::Dimension>(static_cast<int>(op.getAxis()));
    Value index = GpuOpTy::create(rewriter, op.getLoc(), dimension);
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, rewriter.getI32Type(),
                                                    index);
    return success();
  }
};

/// tt elementwise ops with a scalar body: on tensors the body runs inside a
/// linalg.generic.
template <typename OpTy>
struct ConvertElementwise : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using ScalarBody = Value (*)(OpBuilder &, Location, OpTy, ValueRange);

  ConvertElementwise(TypeConverter &converter, MLIRContext *context,
                     ScalarBody body)
      : OpConversionPattern<OpTy>(converter, context), body(body) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = op->getResult(0).getType();
    ValueRange operands = adaptor.getOperands();
    auto tensor = dyn_cast<RankedTensorType>(resultType);
    if (!tensor) {
      rewriter.replaceOp(op, body(rewriter, op.getLoc(), op, operands));
      return success();
    }
    Value result = buildElementwiseGeneric(
        rewriter, op.getLoc(), tensor.getShape(), operands,
        {tensor.getElementType()},
        [&](OpBuilder &b, Location l, ValueRange args) {
          return SmallVector<Value>{body(b, l, op, args)};
        })[0];
    rewriter.replaceOp(op, result);
    return success();
  }

  ScalarBody body;
};

Value clampBody(OpBuilder &b, Location l, ClampFOp op, ValueRange args) {
  if (op.getPropagateNan() == PropagateNan::ALL)
    return arith::MinimumFOp::create(
        b, l, arith::MaximumFOp::create(b, l, args[0], args[1]), args[2]);
  return arith::MinNumFOp::create(
      b, l, arith::MaxNumFOp::create(b, l, args[0], args[1]), args[2]);
}

Value preciseSqrtBody(OpBuilder &b, Location l, PreciseSqrtOp, ValueRange args) {
  auto sqrt = math::SqrtOp::create(b, l, args[0]);
  sqrt->setAttr(kCorrectlyRoundedAttr, b.getUnitAttr());
  return sqrt;
}

Value preciseDivBody(OpBuilder &b, Location l, PreciseDivFOp, ValueRange args) {
  auto div = arith::DivFOp::create(b, l, args[0], args[1]);
  div->setAttr(kCorrectlyRoundedAttr, b.getUnitAttr());
  return div;
}

// tl.fdiv(approx=True): a division at least as accurate as the approximation.
Value approxDivBody(OpBuilder &b, Location l, ApproxDivFOp, ValueRange args) {
  return arith::DivFOp::create(b, l, args[0], args[1]);
}

Value mulhiBody(OpBuilder &b, Location l, MulhiUIOp, ValueRange args) {
  return arith::MulUIExtendedOp::create(b, l, args[0], args[1]).getHigh();
}

Value fpToFpBody(OpBuilder &b, Location l, FpToFpOp op, ValueRange args) {
  Type to = getElementTypeOrSelf(op.getType());
  Type from = args[0].getType();
  if (to.getIntOrFloatBitWidth() > from.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(b, l, to, args[0]);
  auto truncf = arith::TruncFOp::create(b, l, to, args[0]);
  if (op.getRounding() == RoundingMode::RTZ)
    truncf.setRoundingmodeAttr(arith::RoundingModeAttr::get(
        b.getContext(), arith::RoundingMode::toward_zero));
  return truncf;
}

Value bitcastBody(OpBuilder &b, Location l, BitcastOp op, ValueRange args) {
  return arith::BitcastOp::create(b, l, getElementTypeOrSelf(op.getType()),
                                  args[0]);
}
} // namespace

void mlir::triton_spirv::populateTensorOpConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ConvertMakeRange, ConvertSplat, ConvertSplatConstant,
               ConvertBroadcast, ConvertExpandDims, ConvertReshape,
               ConvertTrans, ConvertReduce, ConvertDot,
               ConvertGridQuery<GetProgramIdOp, gpu::BlockIdOp>,
               ConvertGridQuery<GetNumProgramsOp, gpu::GridDimOp>>(converter,
                                                                   context);
  patterns.add<ConvertElementwise<ClampFOp>>(converter, context, clampBody);
  patterns.add<ConvertElementwise<PreciseSqrtOp>>(converter, context,
                                                  preciseSqrtBody);
  patterns.add<ConvertElementwise<PreciseDivFOp>>(converter, context,
                                                  preciseDivBody);
  patterns.add<ConvertElementwise<ApproxDivFOp>>(converter, context,
                                                 approxDivBody);
  patterns.add<ConvertElementwise<MulhiUIOp>>(converter, context, mulhiBody);
  patterns.add<ConvertElementwise<FpToFpOp>>(converter, context, fpToFpBody);
  patterns.add<ConvertElementwise<BitcastOp>>(converter, context, bitcastBody);
}
