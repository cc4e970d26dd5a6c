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

#include "NarrowFloatStorage.h"

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
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (failed(triton_spirv::storeFloatsAsIntegers(
            func, [](Type type) { return type.isBF16(); })))
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
    storeRawAccessesAsI16(func);
  }

  /// Loads and stores through raw addresses (kernels whose pointers have no
  /// single base argument) move i16 too.
  static void storeRawAccessesAsI16(func::FuncOp func) {
    auto asInteger = [](Type type) -> Type {
      if (auto vector = dyn_cast<VectorType>(type))
        return vector.getElementType().isBF16()
                   ? VectorType::get(vector.getShape(), IntegerType::get(type.getContext(), 16))
                   : Type();
      return type.isBF16() ? IntegerType::get(type.getContext(), 16) : Type();
    };
    func.walk([&](LLVM::LoadOp load) {
      Type integer = asInteger(load.getType());
      if (!integer)
        return;
      OpBuilder builder(load);
      builder.setInsertionPointAfter(load);
      Type original = load.getType();
      load.getResult().setType(integer);
      auto value = arith::BitcastOp::create(builder, load.getLoc(), original, load.getResult());
      load.getResult().replaceAllUsesExcept(value.getResult(), value);
    });
    func.walk([&](LLVM::StoreOp store) {
      Type integer = asInteger(store.getValue().getType());
      if (!integer)
        return;
      OpBuilder builder(store);
      Value bits = arith::BitcastOp::create(builder, store.getLoc(), integer, store.getValue());
      store.getValueMutable().assign(bits);
    });
  }
};
} // namespace
