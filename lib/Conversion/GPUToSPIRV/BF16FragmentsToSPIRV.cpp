//===- BF16FragmentsToSPIRV.cpp - bf16 cooperative-matrix fragments -------===//
//
// bf16 matmul operands reach the gpu dialect as f16 bit patterns
// (bf16-matmul-operands-as-f16), their multiply-adds marked; the marker goes
// to the A/B fragment loads right before conversion (upstream rewrites such
// as fold-memref-alias-ops rebuild loads and drop attributes: a bf16 tail dot
// after its K loop was multiplied as f16). The marked loads convert like
// upstream's (keeping the marker), and once the module
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

LogicalResult mlir::triton_spirv::markBF16FragmentLoads(Operation *root) {
  bool failed = false;
  root->walk([&](gpu::SubgroupMmaComputeOp compute) {
    if (!compute->hasAttr(kBF16OperandsAttr))
      return;
    for (Value operand : {compute.getOpA(), compute.getOpB()}) {
      auto load = operand.getDefiningOp<gpu::SubgroupMmaLoadMatrixOp>();
      if (!load) {
        compute.emitError("a bf16 multiply-add whose operand is not a fragment load");
        failed = true;
        return;
      }
      load->setAttr(kBF16OperandsAttr, UnitAttr::get(compute.getContext()));
    }
  });
  root->walk([&](gpu::SubgroupMmaLoadMatrixOp load) {
    if (!load->hasAttr(kBF16OperandsAttr))
      return;
    for (Operation *user : load->getUsers()) {
      auto compute = dyn_cast<gpu::SubgroupMmaComputeOp>(user);
      if (!compute || !compute->hasAttr(kBF16OperandsAttr)) {
        user->emitError("a bf16 fragment feeds an operation other than a bf16 multiply-add");
        failed = true;
      }
    }
  });
  return failure(failed);
}

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
