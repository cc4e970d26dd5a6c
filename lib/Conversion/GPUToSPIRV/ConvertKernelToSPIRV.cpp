//===- ConvertKernelToSPIRV.cpp - gpu.module kernels -> spirv.module ------===//
//
// Upstream convert-gpu-to-spirv plus math and the patterns upstream lacks
// (atomics of any kind). Each gpu.module becomes a spirv.module under its
// own target environment; the gpu.module is not kept (nothing launches it
// from the host side of the IR).
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_CONVERTKERNELTOSPIRV
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
struct ConvertKernelToSPIRVPass
    : public triton_spirv::impl::ConvertKernelToSPIRVBase<
          ConvertKernelToSPIRVPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SmallVector<gpu::GPUModuleOp> gpuModules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      // GLSL.std.450 has no erf: polynomial approximations (f32).
      RewritePatternSet approximations(context);
      populatePolynomialApproximateErfPattern(approximations);
      populatePolynomialApproximateErfcPattern(approximations);
      if (failed(applyPatternsGreedily(gpuModule, std::move(approximations))))
        return signalPassFailure();

      spirv::TargetEnvAttr targetAttr = spirv::lookupTargetEnvOrDefault(gpuModule);
      std::unique_ptr<ConversionTarget> target =
          SPIRVConversionTarget::get(targetAttr);
      SPIRVConversionOptions options;
      SPIRVTypeConverter typeConverter(targetAttr, options);

      RewritePatternSet patterns(context);
      populateGPUToSPIRVPatterns(typeConverter, patterns);
      ScfToSPIRVContext scfContext;
      populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
      arith::populateArithToSPIRVPatterns(typeConverter, patterns);
      populateMathToSPIRVPatterns(typeConverter, patterns);
      populateMemRefToSPIRVPatterns(typeConverter, patterns);
      populateFuncToSPIRVPatterns(typeConverter, patterns);
      triton_spirv::populateGenericAtomicToSPIRVPatterns(typeConverter, patterns);
      if (failed(applyFullConversion(gpuModule, *target, std::move(patterns))))
        return signalPassFailure();
    }
  }
};
} // namespace
