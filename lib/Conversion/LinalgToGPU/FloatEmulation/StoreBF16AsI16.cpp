//===- StoreBF16AsI16.cpp - bf16 memory as 16-bit integers ----------------===//
//
// Vulkan devices without VK_KHR_shader_bfloat16 (lavapipe) have no bf16
// type, and the SPIR-V type converter would widen bf16 memory to 32 bits,
// silently doubling strides. Memory of bf16 becomes i16 here (or f16, the
// profile's choice for NVIDIA, whose compiler handles 16-bit integer data
// slowly: a bf16 GEMM ran 2.9x slower through i16 than through f16 tiles),
// with bitcasts at loads and stores; arithmetic on bf16 is emulated in f32
// afterwards (arith-emulate-unsupported-floats, arith-expand with bf16).
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "FloatEmulation/NarrowFloatStorage.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_STOREBF16ASI16
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
struct StoreBF16AsI16Pass
    : public triton_spirv::impl::StoreBF16AsI16Base<StoreBF16AsI16Pass> {
  using StoreBF16AsI16Base::StoreBF16AsI16Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = func.getContext();
    if (container != "i16" && container != "f16") {
      func.emitError("store-bf16-as-i16: container must be i16 or f16, not '")
          << container << "'";
      return signalPassFailure();
    }
    Type bits = container == "f16" ? Type(Float16Type::get(context))
                                   : Type(IntegerType::get(context, 16));
    if (failed(triton_spirv::storeFloatsAsContainers(
            func, [&](Type type) { return type.isBF16() ? bits : Type(); })))
      return signalPassFailure();
    // Scalar bf16 arguments arrive as their bits too (the argument ABI has
    // no bf16), turned back into bf16 at entry.
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    auto i16 = builder.getIntegerType(16);
    for (BlockArgument argument : func.getArguments()) {
      if (!argument.getType().isBF16())
        continue;
      argument.setType(i16);
      auto value = arith::BitcastOp::create(builder, argument.getLoc(),
                                            builder.getBF16Type(), argument);
      argument.replaceAllUsesExcept(value.getResult(), value);
    }
    func.setFunctionType(builder.getFunctionType(
        func.getBody().front().getArgumentTypes(),
        func.getFunctionType().getResults()));
    storeRawAccesses(func, bits);
  }

  /// Loads and stores through raw addresses (kernels whose pointers have no
  /// single base argument) move the container type too.
  static void storeRawAccesses(func::FuncOp func, Type bits) {
    auto asContainer = [&](Type type) -> Type {
      if (auto vector = dyn_cast<VectorType>(type))
        return vector.getElementType().isBF16() ? VectorType::get(vector.getShape(), bits)
                                                : Type();
      return type.isBF16() ? bits : Type();
    };
    func.walk([&](LLVM::LoadOp load) {
      Type container = asContainer(load.getType());
      if (!container)
        return;
      OpBuilder builder(load);
      builder.setInsertionPointAfter(load);
      Type original = load.getType();
      load.getResult().setType(container);
      auto value = arith::BitcastOp::create(builder, load.getLoc(), original, load.getResult());
      load.getResult().replaceAllUsesExcept(value.getResult(), value);
    });
    func.walk([&](LLVM::StoreOp store) {
      Type container = asContainer(store.getValue().getType());
      if (!container)
        return;
      OpBuilder builder(store);
      Value stored = arith::BitcastOp::create(builder, store.getLoc(), container, store.getValue());
      store.getValueMutable().assign(stored);
    });
  }
};
} // namespace
