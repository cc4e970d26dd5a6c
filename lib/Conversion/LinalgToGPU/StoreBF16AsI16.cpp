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

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_STOREBF16ASI16
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
struct StoreBF16AsI16Pass
    : public triton_spirv::impl::StoreBF16AsI16Base<StoreBF16AsI16Pass> {
  void runOnOperation() override {
    if (failed(triton_spirv::storeFloatsAsIntegers(
            getOperation(), [](Type type) { return type.isBF16(); })))
      signalPassFailure();
  }
};
} // namespace
