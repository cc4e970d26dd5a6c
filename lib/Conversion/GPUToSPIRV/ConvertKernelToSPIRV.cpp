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
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"

#include <cmath>
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_CONVERTKERNELTOSPIRV
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
/// GLSL.std.450's Atan2 is not in the SPIR-V dialect: atan(y / x) with the
/// quadrant fixed up (x < 0 adds ±pi; x == 0 gives ±pi/2 or 0).
struct ExpandAtan2 : public OpRewritePattern<math::Atan2Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::Atan2Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value y = op.getLhs(), x = op.getRhs();
    Type type = op.getType();
    auto constant = [&](double v) { // vectors in widened runs
      return arith::ConstantOp::create(rewriter, loc,
                                       triton_spirv::scalarOrSplatAttr(type, v));
    };
    auto cmp = [&](arith::CmpFPredicate p, Value a, Value b) {
      return arith::CmpFOp::create(rewriter, loc, p, a, b);
    };
    Value zero = constant(0.0), pi = constant(M_PI), halfPi = constant(M_PI / 2);
    Value base = math::AtanOp::create(rewriter, loc,
                                      arith::DivFOp::create(rewriter, loc, y, x));
    Value shift = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpFPredicate::OGE, y, zero), pi,
        arith::NegFOp::create(rewriter, loc, pi));
    Value left = arith::AddFOp::create(rewriter, loc, base, shift);
    Value onAxis = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpFPredicate::OGT, y, zero), halfPi,
        arith::SelectOp::create(rewriter, loc, cmp(arith::CmpFPredicate::OLT, y, zero),
                                arith::NegFOp::create(rewriter, loc, halfPi), zero));
    Value result = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpFPredicate::OLT, x, zero), left, base);
    result = arith::SelectOp::create(
        rewriter, loc, cmp(arith::CmpFPredicate::OEQ, x, zero), onAxis, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// GLSL.std.450's Trunc is not in the SPIR-V dialect: the floor of the
/// magnitude with the operand's sign (-0.5 gives -0; infinities and NaN pass).
struct ExpandTrunc : public OpRewritePattern<math::TruncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TruncOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value magnitude = math::AbsFOp::create(rewriter, loc, op.getOperand());
    Value floor = math::FloorOp::create(rewriter, loc, magnitude);
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, floor, op.getOperand());
    return success();
  }
};

/// Arithmetic on i1 (Triton's `a * b` on booleans) has no SPIR-V integer
/// instruction (OpIMul takes 8-64-bit integers): modulo 2, a product is an
/// and, a sum or difference an exclusive or.
template <typename OpTy, typename LogicalOp>
struct BooleanArithmetic : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isInteger(1))
      return failure();
    rewriter.replaceOpWithNewOp<LogicalOp>(op, op.getLhs(), op.getRhs());
    return success();
  }
};

/// Integer multiply-adds whose operands are signed matrices (int8 dots,
/// sign-extended): the KHR operation reads components as unsigned unless told,
/// and Triton's int32 accumulator is signed as well.
void markSignedIntegerMultiplyAdds(Operation *root) {
  root->walk([](spirv::KHRCooperativeMatrixMulAddOp mulAdd) {
    auto a = cast<spirv::CooperativeMatrixType>(mulAdd.getA().getType());
    auto element = dyn_cast<IntegerType>(a.getElementType());
    if (!element || !element.isSigned())
      return;
    using Operands = spirv::CooperativeMatrixOperandsKHR;
    mulAdd.setMatrixOperandsAttr(spirv::CooperativeMatrixOperandsKHRAttr::get(
        mulAdd.getContext(), Operands::ASigned | Operands::BSigned |
                                 Operands::CSigned | Operands::ResultSigned));
  });
}

/// A barrier that also orders global memory: upstream's gpu.barrier lowering
/// orders workgroup memory only.
struct GlobalMemoryBarrier : public OpConversionPattern<gpu::BarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(triton_spirv::kGlobalMemoryBarrierAttr))
      return failure();
    // GLSL's memoryBarrier(); barrier(): each invocation's global writes are
    // made visible device-wide first (a release by one invocation after the
    // barrier, as a spin lock's unlock, then covers all of them).
    spirv::MemoryBarrierOp::create(rewriter, op.getLoc(), spirv::Scope::Device,
                                   spirv::MemorySemantics::AcquireRelease |
                                       spirv::MemorySemantics::UniformMemory);
    rewriter.replaceOpWithNewOp<spirv::ControlBarrierOp>(
        op, spirv::Scope::Workgroup, spirv::Scope::Workgroup,
        spirv::MemorySemantics::AcquireRelease |
            spirv::MemorySemantics::WorkgroupMemory |
            spirv::MemorySemantics::UniformMemory);
    return success();
  }
};

/// A bitcast between 16-bit bits and bf16 where the target has no bf16 type
/// and bf16 converts to f32: the bits are the f32's high half. Narrowing
/// rounds to nearest even (an f32 computation on bf16 values may have
/// reached here unrounded) and keeps NaN a NaN. emulate-float-conversions
/// moves bf16 values as bits wherever it can; this is for the rest.
struct BF16AsF32Bitcast final : OpConversionPattern<arith::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool widening = getElementTypeOrSelf(op.getType()).isBF16();
    if (widening == getElementTypeOrSelf(op.getIn().getType()).isBF16())
      return failure();
    Type type = getTypeConverter()->convertType(op.getType());
    Value in = adaptor.getIn();
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported type");
    Type wide = getElementTypeOrSelf(widening ? type : in.getType());
    Type narrow = getElementTypeOrSelf(widening ? in.getType() : type);
    if (!wide.isF32() || narrow.getIntOrFloatBitWidth() != 16)
      return failure(); // bf16 has a SPIR-V type: a plain bitcast
    Location loc = op.getLoc();
    Type i16 = triton_spirv::withElementType(type, rewriter.getI16Type());
    Type i32 = triton_spirv::withElementType(type, rewriter.getI32Type());
    auto constant = [&](int64_t v) -> Value {
      TypedAttr value = rewriter.getI32IntegerAttr(v);
      if (auto vector = dyn_cast<VectorType>(i32))
        value = DenseElementsAttr::get(vector, value);
      return spirv::ConstantOp::create(rewriter, loc, i32, value);
    };
    Value sixteen = constant(16);
    if (widening) {
      Value bits = narrow.isInteger(16) ? in : spirv::BitcastOp::create(rewriter, loc, i16, in);
      Value word = spirv::UConvertOp::create(rewriter, loc, i32, bits);
      Value high = spirv::ShiftLeftLogicalOp::create(rewriter, loc, word, sixteen);
      rewriter.replaceOpWithNewOp<spirv::BitcastOp>(op, type, high);
      return success();
    }
    Value word = spirv::BitcastOp::create(rewriter, loc, i32, in);
    Value lsb = spirv::BitwiseAndOp::create(
        rewriter, loc, spirv::ShiftRightLogicalOp::create(rewriter, loc, word, sixteen),
        constant(1));
    Value rounded = spirv::IAddOp::create(
        rewriter, loc, spirv::IAddOp::create(rewriter, loc, word, constant(0x7fff)), lsb);
    // NaN by its bits (drivers may assume no NaN in float compares): sign
    // and payload kept, quiet bit set so that no payload truncates to inf.
    Value isNaN = spirv::UGreaterThanOp::create(
        rewriter, loc, spirv::BitwiseAndOp::create(rewriter, loc, word, constant(0x7fffffff)),
        constant(0x7f800000));
    Value quiet = spirv::BitwiseOrOp::create(rewriter, loc, word, constant(0x400000));
    Value chosen = spirv::SelectOp::create(rewriter, loc, isNaN, quiet, rounded);
    Value bits = spirv::UConvertOp::create(
        rewriter, loc, i16, spirv::ShiftRightLogicalOp::create(rewriter, loc, chosen, sixteen));
    if (narrow.isInteger(16))
      rewriter.replaceOp(op, bits);
    else
      rewriter.replaceOpWithNewOp<spirv::BitcastOp>(op, type, bits);
    return success();
  }
};

/// arith.remsi (Triton's `%` on integers: the dividend's sign) as the
/// remainder of the magnitudes, negated for a negative dividend. Upstream's
/// emulation (Vulkan's OpSRem is undefined for negative operands) takes the
/// sign from `lhs == |lhs|`, which holds for the most negative value: INT_MIN
/// % 3 came out 2 instead of -2. Its magnitude, read unsigned, is right.
struct SignedRemainder final : OpConversionPattern<arith::RemSIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::RemSIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported type");
    Location loc = op.getLoc();
    Value lhs = adaptor.getLhs();
    Value lhsMagnitude = spirv::GLSAbsOp::create(rewriter, loc, type, lhs);
    Value rhsMagnitude =
        spirv::GLSAbsOp::create(rewriter, loc, type, adaptor.getRhs());
    Value magnitude =
        spirv::UModOp::create(rewriter, loc, lhsMagnitude, rhsMagnitude);
    Value zero = spirv::ConstantOp::getZero(type, loc, rewriter);
    Value negative = spirv::SLessThanOp::create(rewriter, loc, lhs, zero);
    Value negated = spirv::SNegateOp::create(rewriter, loc, magnitude);
    rewriter.replaceOpWithNewOp<spirv::SelectOp>(op, negative, negated,
                                                 magnitude);
    return success();
  }
};

/// arith.maxnumf / minnumf (IEEE maxNum: a NaN operand yields the other) as
/// a bare GLSL FMax / FMin, for drivers whose own have that semantics.
/// Upstream's pattern wraps them in two IsNan tests and two selects, which
/// NVIDIA's compiler keeps (attention's row max: 3 instructions instead of
/// one FMNMX).
template <typename ArithOp, typename GLOp>
struct NativeMaxNum final : OpConversionPattern<ArithOp> {
  using OpConversionPattern<ArithOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ArithOp op, typename ArithOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unsupported type");
    rewriter.replaceOpWithNewOp<GLOp>(op, type, adaptor.getLhs(), adaptor.getRhs());
    return success();
  }
};

/// arith-expand's form of maxnumf / minnumf, `isnan(a) ? b : (a > b or
/// unordered ? a : b)` (`<` for minnumf), back as the op: upstream expands
/// them before the SPIR-V conversion, which then sees two compares and two
/// selects. maximumf's expansion tests b instead and is left alone.
struct RaiseMaxNumIdiom final : OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto isNan = select.getCondition().getDefiningOp<arith::CmpFOp>();
    auto inner = select.getFalseValue().getDefiningOp<arith::SelectOp>();
    if (!isNan || !inner || isNan.getPredicate() != arith::CmpFPredicate::UNO ||
        isNan.getLhs() != isNan.getRhs())
      return failure();
    auto order = inner.getCondition().getDefiningOp<arith::CmpFOp>();
    Value a = isNan.getLhs(), b = select.getTrueValue();
    if (!order || order.getLhs() != a || order.getRhs() != b ||
        inner.getTrueValue() != a || inner.getFalseValue() != b)
      return failure();
    if (order.getPredicate() == arith::CmpFPredicate::UGT)
      rewriter.replaceOpWithNewOp<arith::MaxNumFOp>(select, a, b);
    else if (order.getPredicate() == arith::CmpFPredicate::ULT)
      rewriter.replaceOpWithNewOp<arith::MinNumFOp>(select, a, b);
    else
      return failure();
    return success();
  }
};

struct ConvertKernelToSPIRVPass
    : public triton_spirv::impl::ConvertKernelToSPIRVBase<
          ConvertKernelToSPIRVPass> {
  using Base::Base;
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // f32 math taken in f64 goes lane by lane (vector.extract).
    registry.insert<vector::VectorDialect>();
  }
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SmallVector<gpu::GPUModuleOp> gpuModules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      if (failed(triton_spirv::markBF16FragmentLoads(gpuModule)))
        return signalPassFailure();
      // GLSL.std.450 has no erf: polynomial approximations (f32); atan2 and
      // trunc are expanded; pow's special cases are selected explicitly.
      RewritePatternSet approximations(context);
      populatePolynomialApproximateErfPattern(approximations);
      populatePolynomialApproximateErfcPattern(approximations);
      approximations.add<ExpandAtan2, ExpandTrunc>(context);
      approximations.add<BooleanArithmetic<arith::MulIOp, arith::AndIOp>,
                         BooleanArithmetic<arith::AddIOp, arith::XOrIOp>,
                         BooleanArithmetic<arith::SubIOp, arith::XOrIOp>>(context);
      triton_spirv::populateFloat64MathExpansionPatterns(approximations);
      // f32 pow takes y * log2|x| in f64 where the device has f64: GL.Pow's
      // f32 exp2(y * log2 x) loses |y log2 x| ulps (pow(x, 100) 7.9e-6 off).
      // So do libdevice's tanh, log1p, atan, ...: GL's lose relative
      // accuracy near 0.
      bool hasFloat64 = spirv::TargetEnv(spirv::lookupTargetEnvOrDefault(gpuModule))
                            .allows(spirv::Capability::Float64);
      triton_spirv::populatePowExpansionPatterns(approximations, hasFloat64);
      triton_spirv::populateFloat32MathExpansionPatterns(approximations, hasFloat64);
      if (accurateTranscendentals && hasFloat64)
        triton_spirv::populateAccurateFloat32TranscendentalPatterns(approximations);
      // SPIR-V indices are 32-bit (SPIRVConversionOptions::use64bitIndex is
      // off below): i64 offset chains ending in an index narrow to i32.
      triton_spirv::populateNarrowIndexArithmeticPatterns(approximations);
      if (nativeMaxNum)
        approximations.add<RaiseMaxNumIdiom>(context);
      if (failed(applyPatternsGreedily(gpuModule, std::move(approximations))))
        return signalPassFailure();
      // The f64 transcendentals not expanded above: say so instead of failing
      // in the SPIR-V verifier.
      WalkResult f64 = gpuModule.walk([](Operation *op) {
        if (op->getDialect() && op->getDialect()->getNamespace() == "math" &&
            !isa<math::AbsFOp, math::SqrtOp, math::RsqrtOp, math::FmaOp,
                 math::FloorOp, math::CeilOp, math::RoundOp, math::RoundEvenOp,
                 math::TruncOp, math::CopySignOp, math::IsNaNOp, math::IsInfOp,
                 math::IsFiniteOp>(op) &&
            llvm::any_of(op->getOperandTypes(),
                         [](Type t) { return getElementTypeOrSelf(t).isF64(); })) {
          op->emitError("'") << op->getName()
                             << "' on f64 has no SPIR-V lowering yet "
                                "(GLSL.std.450 transcendentals are 16/32-bit)";
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      if (f64.wasInterrupted())
        return signalPassFailure();
      if (vectorsAsInt64)
        triton_spirv::packWorkgroupVectorsAsInt64(gpuModule);


      spirv::TargetEnvAttr targetAttr = spirv::lookupTargetEnvOrDefault(gpuModule);
      std::unique_ptr<ConversionTarget> target =
          SPIRVConversionTarget::get(targetAttr);
      target->addDynamicallyLegalOp<UnrealizedConversionCastOp>(
          [](UnrealizedConversionCastOp cast) {
            return !triton_spirv::isMemrefViewOfAddress(cast);
          });
      SPIRVConversionOptions options;
      SPIRVTypeConverter typeConverter(targetAttr, options);
      populateMMAToSPIRVCoopMatrixTypeConversion(typeConverter);

      RewritePatternSet patterns(context);
      populateGPUToSPIRVPatterns(typeConverter, patterns);
      populateGpuWMMAToSPIRVCoopMatrixKHRConversionPatterns(typeConverter,
                                                            patterns);
      triton_spirv::populateBF16FragmentLoadPatterns(typeConverter, patterns);
      ScfToSPIRVContext scfContext;
      populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
      arith::populateArithToSPIRVPatterns(typeConverter, patterns);
      patterns.add<SignedRemainder, BF16AsF32Bitcast>(
          typeConverter, context, /*benefit=*/2);
      if (nativeMaxNum)
        patterns.add<NativeMaxNum<arith::MaxNumFOp, spirv::GLFMaxOp>,
                     NativeMaxNum<arith::MinNumFOp, spirv::GLFMinOp>>(
            typeConverter, context, /*benefit=*/2);
      populateMathToSPIRVPatterns(typeConverter, patterns);
      triton_spirv::populateExp2ToSPIRVPatterns(typeConverter, patterns);
      populateMemRefToSPIRVPatterns(typeConverter, patterns);
      populateFuncToSPIRVPatterns(typeConverter, patterns);
      patterns.add<GlobalMemoryBarrier>(typeConverter, context, /*benefit=*/2);
      triton_spirv::populateGenericAtomicToSPIRVPatterns(typeConverter, patterns);
      triton_spirv::populateNonNegativePowToSPIRVPatterns(typeConverter, patterns);
      triton_spirv::populateRawAddressToSPIRVPatterns(typeConverter, patterns);
      triton_spirv::populateContiguousReshapeToSPIRVPatterns(typeConverter, patterns);
      triton_spirv::populateVectorAccessToSPIRVPatterns(typeConverter, patterns,
                                                        vectorsAsInt64);
      if (failed(applyFullConversion(gpuModule, *target, std::move(patterns))))
        return signalPassFailure();
    }
    // (The conversion replaced each gpu.module with a spirv.module.)
    if (failed(triton_spirv::retypeBF16Fragments(getOperation())))
      return signalPassFailure();
    markSignedIntegerMultiplyAdds(getOperation());
    triton_spirv::makeGlobalAccessesCoherentWhereOrdered(getOperation());
    triton_spirv::addressGlobalElementsWithSignedOffsets(getOperation());
  }
};
} // namespace
