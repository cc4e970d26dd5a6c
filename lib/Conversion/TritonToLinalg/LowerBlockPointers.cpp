//===- LowerBlockPointers.cpp - block pointers as masked pointer tensors --===//
//
// A block pointer (tt.make_tensor_ptr) is a base pointer, the global
// tensor's shape and strides, and the block's offsets. It becomes those
// values themselves (a 1:N type conversion, through scf loops and branches),
// tt.advance adds to the offsets, and loads/stores through it become tensors
// of pointers whose mask covers the boundary-checked dimensions; padded lanes
// load zero or NaN.
//
//===----------------------------------------------------------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_LOWERBLOCKPOINTERS
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using namespace mlir::triton;

namespace {
bool isBlockPointer(Type type) {
  auto pointer = dyn_cast<PointerType>(type);
  return pointer && isa<RankedTensorType>(pointer.getPointeeType());
}

/// The converted values of one block pointer: base, shape (i64), strides
/// (i64), offsets (i32), each per dimension.
struct BlockPointer {
  Value base;
  ValueRange shape, strides, offsets;

  static BlockPointer unpack(ValueRange values) {
    unsigned rank = (values.size() - 1) / 3;
    return {values[0], values.slice(1, rank), values.slice(1 + rank, rank),
            values.slice(1 + 2 * rank, rank)};
  }
};

/// Pointers to the block and the mask of its boundary-checked dimensions.
std::pair<Value, Value> blockAccess(OpBuilder &b, Location loc,
                                    const BlockPointer &block,
                                    RankedTensorType blockType,
                                    ArrayRef<int32_t> boundaryCheck) {
  ArrayRef<int64_t> shape = blockType.getShape();
  auto i64Type = RankedTensorType::get(shape, b.getI64Type());
  Value offsets, mask;
  for (unsigned dim = 0; dim < shape.size(); ++dim) {
    auto rangeType = RankedTensorType::get({shape[dim]}, b.getI32Type());
    Value range = MakeRangeOp::create(b, loc, rangeType, 0, shape[dim]);
    auto wideType = RankedTensorType::get({shape[dim]}, b.getI64Type());
    Value start = arith::ExtSIOp::create(b, loc, b.getI64Type(), block.offsets[dim]);
    Value indices = arith::AddIOp::create(
        b, loc, SplatOp::create(b, loc, wideType, start),
        arith::ExtSIOp::create(b, loc, wideType, range));
    Value term = arith::MulIOp::create(
        b, loc, triton_spirv::broadcastAlongDim(b, loc, indices, shape, dim),
        SplatOp::create(b, loc, i64Type, block.strides[dim]));
    offsets = offsets ? Value(arith::AddIOp::create(b, loc, offsets, term)) : term;
    if (!llvm::is_contained(boundaryCheck, static_cast<int32_t>(dim)))
      continue;
    Value zero = arith::ConstantOp::create(
        b, loc, wideType, SplatElementsAttr::get(wideType, b.getI64IntegerAttr(0)));
    Value inside = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, indices, zero),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, indices,
                              SplatOp::create(b, loc, wideType, block.shape[dim])));
    Value dimMask = triton_spirv::broadcastAlongDim(b, loc, inside, shape, dim);
    mask = mask ? Value(arith::AndIOp::create(b, loc, mask, dimMask)) : dimMask;
  }
  auto pointerType = RankedTensorType::get(shape, block.base.getType());
  Value pointers = AddPtrOp::create(
      b, loc, pointerType, SplatOp::create(b, loc, pointerType, block.base), offsets);
  return {pointers, mask};
}

struct LowerMakeTensorPtr : public OpConversionPattern<MakeTensorPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MakeTensorPtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> values;
    for (ValueRange operand : adaptor.getOperands())
      llvm::append_range(values, operand);
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct LowerAdvance : public OpConversionPattern<AdvanceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AdvanceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    BlockPointer block = BlockPointer::unpack(adaptor.getPtr());
    SmallVector<Value> values{block.base};
    llvm::append_range(values, block.shape);
    llvm::append_range(values, block.strides);
    for (auto [offset, delta] : llvm::zip(block.offsets, adaptor.getOffsets()))
      values.push_back(arith::AddIOp::create(rewriter, op.getLoc(), offset,
                                             delta.front()));
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

struct LowerBlockLoad : public OpConversionPattern<LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isBlockPointer(op.getPtr().getType()))
      return failure();
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    auto [pointers, mask] =
        blockAccess(rewriter, loc, BlockPointer::unpack(adaptor.getPtr()), type,
                    op.getBoundaryCheck());
    Value other;
    if (mask) {
      Type element = type.getElementType();
      Attribute padding = rewriter.getZeroAttr(element);
      if (op.getPadding() == PaddingOption::PAD_NAN)
        padding = rewriter.getFloatAttr(
            element, APFloat::getQNaN(cast<FloatType>(element).getFloatSemantics()));
      other = arith::ConstantOp::create(rewriter, loc, type,
                                        SplatElementsAttr::get(type, padding));
    }
    rewriter.replaceOpWithNewOp<LoadOp>(op, pointers, mask, other,
                                        ArrayRef<int32_t>{}, nullptr, op.getCache(),
                                        op.getEvict(), op.getIsVolatile());
    return success();
  }
};

struct LowerBlockStore : public OpConversionPattern<StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isBlockPointer(op.getPtr().getType()))
      return failure();
    auto type = cast<RankedTensorType>(op.getValue().getType());
    auto [pointers, mask] =
        blockAccess(rewriter, op.getLoc(), BlockPointer::unpack(adaptor.getPtr()),
                    type, op.getBoundaryCheck());
    rewriter.replaceOpWithNewOp<StoreOp>(op, pointers, adaptor.getValue().front(),
                                         mask, ArrayRef<int32_t>{}, op.getCache(),
                                         op.getEvict());
    return success();
  }
};

struct LowerBlockPointersPass
    : public triton_spirv::impl::LowerBlockPointersBase<LowerBlockPointersPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [context](PointerType type, SmallVectorImpl<Type> &results)
            -> std::optional<LogicalResult> {
          auto block = dyn_cast<RankedTensorType>(type.getPointeeType());
          if (!block)
            return std::nullopt;
          results.push_back(
              PointerType::get(block.getElementType(), type.getAddressSpace()));
          unsigned rank = block.getRank();
          results.append(2 * rank, IntegerType::get(context, 64));
          results.append(rank, IntegerType::get(context, 32));
          return success();
        });

    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      return converter.isLegal(op->getOperandTypes()) &&
             converter.isLegal(op->getResultTypes());
    });
    target.addIllegalOp<MakeTensorPtrOp, AdvanceOp>();
    RewritePatternSet patterns(context);
    patterns.add<LowerMakeTensorPtr, LowerAdvance, LowerBlockLoad, LowerBlockStore>(
        converter, context);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
