//===- TritonToLinalg.cpp - the --triton-to-linalg pass --------------------===//
#include "TritonToLinalgPatterns.h"

#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"
#include "triton-spirv/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_TRITONTOLINALG
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton_spirv;

TritonPointerTypeConverter::TritonPointerTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](PointerType type) -> Type {
    return IntegerType::get(type.getContext(), 64);
  });
  addConversion([](RankedTensorType type) -> Type {
    if (isa<PointerType>(type.getElementType()))
      return type.clone(IntegerType::get(type.getContext(), 64));
    return type;
  });
  // A kernel pointer argument (memref) used where a pointer value (i64
  // offset) is expected is offset 0 from itself.
  auto zeroOffset = [](OpBuilder &builder, Type type, ValueRange inputs,
                       Location loc) -> Value {
    if (inputs.size() != 1 || !isa<MemRefType>(inputs[0].getType()) ||
        !type.isInteger(64))
      return Value();
    return arith::ConstantIntOp::create(builder, loc, 0, 64);
  };
  addTargetMaterialization(zeroOffset);
  addSourceMaterialization(zeroOffset);
}

namespace {
/// memref<?xT> standing for the memory from a pointer argument on. Memory of
/// i1 is stored as bytes, as Triton does.
MemRefType memrefForPointer(PointerType ptr) {
  Type element = ptr.getPointeeType();
  if (element.isInteger(1))
    element = IntegerType::get(ptr.getContext(), 8);
  return MemRefType::get({ShapedType::kDynamic}, element);
}

struct ConvertFunc : public OpConversionPattern<FuncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
      if (auto ptr = dyn_cast<PointerType>(argType)) {
        if (isa<RankedTensorType>(ptr.getPointeeType()))
          return op.emitError("triton-to-linalg: block pointers as kernel "
                              "arguments are not supported");
        // Raw-address kernels take their pointers as i64 addresses.
        if (op->hasAttr(kRawAddressAttr) && !op.getArgAttr(i, kDebugBufferAttr))
          signature.addInputs(i, IntegerType::get(op.getContext(), 64));
        else
          signature.addInputs(i, memrefForPointer(ptr));
        continue;
      }
      signature.addInputs(i, getTypeConverter()->convertType(argType));
    }
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return failure();
    auto func = func::FuncOp::create(
        rewriter, op.getLoc(), op.getName(),
        rewriter.getFunctionType(signature.getConvertedTypes(), results));
    // Keep Triton's argument attributes (divisibility hints) and visibility.
    if (ArrayAttr argAttrs = op.getAllArgAttrs())
      func.setAllArgAttrs(argAttrs);
    if (op.getSymVisibility())
      func.setSymVisibility(*op.getSymVisibility());
    if (op.isPublic())
      func->setAttr("triton_spirv.kernel", rewriter.getUnitAttr());
    // Callees are inlined before: the kernel's own body has every load.
    bool volatileLoads = false;
    op.walk([&](Operation *access) {
      if (auto load = dyn_cast<LoadOp>(access))
        volatileLoads |= load.getIsVolatile();
      // Triton 3.9's atomic loads and polls read what other programs write.
      volatileLoads |= isa<AtomicLoadOp, AtomicPollOp>(access);
    });
    if (volatileLoads)
      func->setAttr(triton_spirv::kVolatileLoadsAttr, rewriter.getUnitAttr());
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(),
                                           *getTypeConverter(), &signature)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConvertReturn : public OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

struct ConvertCall : public OpConversionPattern<CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    for (Type type : op.getOperandTypes())
      if (isa<PointerType>(getElementTypeOrSelf(type)))
        return rewriter.notifyMatchFailure(
            op, "calls passing pointers are not supported; let the inliner "
                "inline the callee");
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), results)))
      return failure();
    rewriter.replaceOpWithNewOp<func::CallOp>(op, op.getCallee(), results,
                                              adaptor.getOperands());
    return success();
  }
};

/// A select between pointers is a select between their i64 offsets (the
/// pointer-base analysis has checked both sides share one base). Tensors of
/// them become the same select on offset tensors, which the elementwise
/// patterns then turn into a linalg.generic; it outranks those patterns,
/// which would keep the pointer types.
struct ConvertPointerSelect : public OpConversionPattern<arith::SelectOp> {
  ConvertPointerSelect(TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(arith::SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || type == op.getType())
      return failure();
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, type, adaptor.getCondition(),
                                                 adaptor.getTrueValue(),
                                                 adaptor.getFalseValue());
    return success();
  }
};

struct TritonToLinalgPass
    : public triton_spirv::impl::TritonToLinalgBase<TritonToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    if (failed(liftControlFlowToSCF(module)) || failed(prepareDebugOps(module)) ||
        failed(annotatePointerBases(module)))
      return signalPassFailure();

    TritonPointerTypeConverter converter;
    RewritePatternSet patterns(context);
    populateFunctionConversionPatterns(converter, patterns);
    patterns.add<ConvertPointerSelect>(converter, context);
    populateMemoryOpConversionPatterns(converter, patterns);
    populateTensorOpConversionPatterns(converter, patterns);
    populateShapeOpConversionPatterns(converter, patterns);
    populateScanConversionPatterns(converter, patterns);
    populateExternElementwiseConversionPatterns(converter, patterns);
    populateElementwiseRegionConversionPatterns(converter, patterns);
    populateDebugOpConversionPatterns(converter, patterns);
    linalg::populateElementwiseToLinalgConversionPatterns(patterns);

    ConversionTarget target(*context);
    target.addIllegalDialect<TritonDialect, ttg::TritonGPUDialect>();
    target.addLegalDialect<linalg::LinalgDialect, tensor::TensorDialect,
                           memref::MemRefDialect, gpu::GPUDialect,
                           func::FuncDialect>();
    // Raw-address accesses (lower-raw-pointers).
    target.addLegalOp<LLVM::IntToPtrOp, LLVM::LoadOp, LLVM::StoreOp>();
    // Scalar arith/math stay (pointer selects become offset selects); their
    // tensor forms become linalg.generic.
    auto isScalarOp = [&](Operation *op) {
      auto notTensor = [](Type t) { return !isa<RankedTensorType>(t); };
      return llvm::all_of(op->getOperandTypes(), notTensor) &&
             llvm::all_of(op->getResultTypes(), notTensor) && converter.isLegal(op);
    };
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        isScalarOp);
    // Tensor constants are legal only when they are not splats (splats become
    // linalg.fill so that they fuse and never reach memory).
    target.addDynamicallyLegalOp<arith::ConstantOp>([](arith::ConstantOp op) {
      auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
      return !dense || !dense.isSplat();
    });
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    target.addDynamicallyLegalDialect<cf::ControlFlowDialect>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace

void mlir::triton_spirv::populateFunctionConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertFunc, ConvertReturn, ConvertCall>(converter,
                                                        patterns.getContext());
}
