//===- ContiguousReshapeToSPIRV.cpp - reshapes of row-major memrefs --------===//
//
// A memref.expand_shape or collapse_shape between two memrefs with identity
// (row-major) layouts renames no element: the SPIR-V type converter lays both
// out as the same flat array, and the linear index of an access is the same
// on either side. fold-memref-alias-ops folds such reshapes into the loads and
// stores that use them; one that reaches conversion is used through something
// that does not fold (an arith.select or scf.if choosing between two workgroup
// buffers, one of them reshaped), and becomes its source's pointer.
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace {
template <typename ReshapeOp>
struct ContiguousReshapeAsSource : public OpConversionPattern<ReshapeOp> {
  using OpConversionPattern<ReshapeOp>::OpConversionPattern;
  using OpAdaptor = typename ReshapeOp::Adaptor;

  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MemRefType source = op.getSrcType(), result = op.getResultType();
    if (!source.getLayout().isIdentity() || !result.getLayout().isIdentity())
      return rewriter.notifyMatchFailure(op, "strided layouts are not flat arrays");
    Type converted = this->getTypeConverter()->convertType(result);
    if (!converted || converted != adaptor.getSrc().getType())
      return rewriter.notifyMatchFailure(op, "source and result lower to different types");
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateContiguousReshapeToSPIRVPatterns(
    SPIRVTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ContiguousReshapeAsSource<memref::ExpandShapeOp>,
               ContiguousReshapeAsSource<memref::CollapseShapeOp>>(
      converter, patterns.getContext());
}
