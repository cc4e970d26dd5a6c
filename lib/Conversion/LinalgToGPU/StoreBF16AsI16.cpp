//===- StoreBF16AsI16.cpp - bf16 memory as 16-bit integers ----------------===//
//
// Vulkan devices without VK_KHR_shader_bfloat16 (lavapipe) have no bf16
// type, and the SPIR-V type converter would widen bf16 memory to 32 bits,
// silently doubling strides. Memory of bf16 becomes i16 here, with bitcasts
// at loads and stores; arithmetic on bf16 is emulated in f32 afterwards
// (arith-emulate-unsupported-floats, arith-expand with bf16).
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_STOREBF16ASI16
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
struct StoreBF16AsI16Pass
    : public triton_spirv::impl::StoreBF16AsI16Base<StoreBF16AsI16Pass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    Type i16 = IntegerType::get(context, 16);
    auto retype = [&](Value value) {
      auto type = dyn_cast<MemRefType>(value.getType());
      if (type && type.getElementType().isBF16())
        value.setType(MemRefType::Builder(type).setElementType(i16));
    };
    bool rejected = false;
    func.walk([&](Operation *op) {
      if (isa<memref::GenericAtomicRMWOp, memref::AtomicRMWOp>(op) &&
          cast<MemRefType>(op->getOperand(0).getType()).getElementType().isBF16()) {
        op->emitError("atomics on bf16 are not supported");
        rejected = true;
      }
      for (Value result : op->getResults())
        retype(result);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument argument : block.getArguments())
            retype(argument);
    });
    if (rejected)
      return signalPassFailure();
    // The signature follows its (retyped) entry block arguments.
    func.setFunctionType(FunctionType::get(
        context, func.getBody().front().getArgumentTypes(),
        func.getFunctionType().getResults()));

    OpBuilder builder(context);
    func.walk([&](memref::LoadOp load) {
      if (!load.getType().isBF16() ||
          !load.getMemRefType().getElementType().isInteger(16))
        return;
      builder.setInsertionPointAfter(load);
      load.getResult().setType(i16);
      auto cast = arith::BitcastOp::create(builder, load.getLoc(),
                                           builder.getBF16Type(), load.getResult());
      load.getResult().replaceAllUsesExcept(cast.getResult(), cast);
    });
    func.walk([&](memref::StoreOp store) {
      if (!store.getValue().getType().isBF16())
        return;
      builder.setInsertionPoint(store);
      Value bits = arith::BitcastOp::create(builder, store.getLoc(), i16,
                                            store.getValue());
      store.getValueMutable().assign(bits);
    });

    // bf16 values carried by control flow (masked loads are scf.if results)
    // travel as i16 too, so that only arithmetic sees bf16.
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([&](BFloat16Type) { return i16; });
    auto bitcast = [](OpBuilder &b, Type type, ValueRange inputs,
                      Location loc) -> Value {
      return arith::BitcastOp::create(b, loc, type, inputs[0]);
    };
    converter.addSourceMaterialization(bitcast);
    converter.addTargetMaterialization(bitcast);
    ConversionTarget target(*context);
    RewritePatternSet patterns(context);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(func, target, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
