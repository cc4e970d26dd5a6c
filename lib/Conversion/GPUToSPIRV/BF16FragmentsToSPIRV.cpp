//===- BF16FragmentsToSPIRV.cpp - bf16 cooperative-matrix fragments -------===//
//
// bf16 matmul operands reach the gpu dialect as f16 bit patterns
// (bf16-matmul-operands-as-f16), their fragment loads marked. The marked
// loads convert like upstream's (keeping the marker), and once the module
// is SPIR-V their results become bf16 cooperative matrices: the load reads
// the same 16-bit words (its pointer's element type need not match), and
// the multiply-add takes bf16 A and B with the f32 accumulator.
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"

using namespace mlir;

namespace {
struct MarkedFragmentLoad
    : public OpConversionPattern<gpu::SubgroupMmaLoadMatrixOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupMmaLoadMatrixOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(triton_spirv::kBF16OperandsAttr))
      return failure();
    const auto &converter = *getTypeConverter<SPIRVTypeConverter>();
    auto matrixType =
        converter.convertType<spirv::CooperativeMatrixType>(op.getType());
    if (!matrixType)
      return rewriter.notifyMatchFailure(op, "no cooperative-matrix type");
    Location loc = op.getLoc();
    Value pointer = spirv::getElementPtr(converter, op.getSrcMemref().getType(),
                                         adaptor.getSrcMemref(),
                                         adaptor.getIndices(), loc, rewriter);
    Type i32 = rewriter.getI32Type();
    auto stride = spirv::ConstantOp::create(
        rewriter, loc, i32,
        rewriter.getI32IntegerAttr(op.getLeadDimension().getSExtValue()));
    auto layout = op.getTranspose().value_or(false)
                      ? spirv::CooperativeMatrixLayoutKHR::ColumnMajor
                      : spirv::CooperativeMatrixLayoutKHR::RowMajor;
    auto load = spirv::KHRCooperativeMatrixLoadOp::create(
        rewriter, loc, matrixType, pointer, stride, layout);
    load->setAttr(triton_spirv::kBF16OperandsAttr, rewriter.getUnitAttr());
    rewriter.replaceOp(op, load.getResult());
    return success();
  }
};
} // namespace

void mlir::triton_spirv::populateBF16FragmentLoadPatterns(
    SPIRVTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MarkedFragmentLoad>(converter, patterns.getContext(),
                                   /*benefit=*/2);
}

LogicalResult mlir::triton_spirv::retypeBF16Fragments(Operation *root) {
  bool failed = false;
  root->walk([&](spirv::KHRCooperativeMatrixLoadOp load) {
    if (!load->hasAttr(kBF16OperandsAttr))
      return;
    load->removeAttr(kBF16OperandsAttr);
    auto type = cast<spirv::CooperativeMatrixType>(load.getType());
    // Fragments are loaded where they are multiplied (never carried through
    // control flow): a retyped value feeds multiply-adds only, as A or B.
    for (OpOperand &use : load->getUses()) {
      auto mulAdd = dyn_cast<spirv::KHRCooperativeMatrixMulAddOp>(use.getOwner());
      if (!mulAdd || use.getOperandNumber() > 1) {
        use.getOwner()->emitError(
            "a bf16 cooperative-matrix fragment used other than as a "
            "multiply-add operand");
        failed = true;
        return;
      }
    }
    load.getResult().setType(spirv::CooperativeMatrixType::get(
        BFloat16Type::get(load.getContext()), type.getRows(), type.getColumns(),
        type.getScope(), type.getUse()));
  });
  return failure(failed);
}
