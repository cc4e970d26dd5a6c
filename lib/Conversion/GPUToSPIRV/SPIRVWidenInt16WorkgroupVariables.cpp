//===- SPIRVWidenInt16WorkgroupVariables.cpp - i16 workgroup data in i32 --===//
//
// NVIDIA's driver got int16 scans wrong: a cummin along axis 0, its block
// staged in workgroup memory, took min(-26, 25) as 25, whatever the width of
// the compare (H100/H200; int8, int32, and 16-bit values loaded from global
// memory were right). The sign is lost where the i16 values come from
// workgroup memory, so workgroup variables holding i16 elements hold i32
// instead: a store sign-extends, a load truncates back to i16. (Written
// from that diagnosis; the GPU check is test/python/gpu/test_nvidia_findings.py.)
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVWIDENINT16WORKGROUPVARIABLES
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
bool isInt16Element(Type type) {
  return getElementTypeOrSelf(type).isInteger(16);
}

/// `type` (i16 or a vector of i16) with 32-bit elements.
Type widened(Type type) {
  return triton_spirv::withElementType(type,
                                       IntegerType::get(type.getContext(), 32));
}

/// `array` with 32-bit elements where they are i16 or i16 vectors; null
/// otherwise.
spirv::ArrayType widenedArray(spirv::ArrayType array) {
  if (!isInt16Element(array.getElementType()) || array.getArrayStride() != 0)
    return {};
  return spirv::ArrayType::get(widened(array.getElementType()),
                               array.getNumElements());
}

/// Whether every use of the variable is an element access chain whose
/// element pointer is only loaded from or stored to (as a value, not as an
/// address stored elsewhere).
bool onlyElementLoadsAndStores(ArrayRef<spirv::AddressOfOp> addresses) {
  return llvm::all_of(addresses, [](spirv::AddressOfOp address) {
    return llvm::all_of(address->getUsers(), [](Operation *user) {
      auto chain = dyn_cast<spirv::AccessChainOp>(user);
      if (!chain)
        return false;
      auto element = cast<spirv::PointerType>(chain.getType());
      return isInt16Element(element.getPointeeType()) &&
             triton_spirv::onlyLoadedAndStoredThrough(chain);
    });
  });
}

void widenAccesses(spirv::AccessChainOp chain) {
  auto pointer = cast<spirv::PointerType>(chain.getType());
  Type narrow = pointer.getPointeeType();
  Type wide = widened(narrow);
  chain.getResult().setType(
      spirv::PointerType::get(wide, pointer.getStorageClass()));
  for (Operation *user : llvm::make_early_inc_range(chain->getUsers())) {
    OpBuilder builder(user);
    if (auto load = dyn_cast<spirv::LoadOp>(user)) {
      builder.setInsertionPointAfter(load);
      load.getValue().setType(wide);
      auto truncated =
          spirv::SConvertOp::create(builder, load.getLoc(), narrow, load.getValue());
      load.getValue().replaceAllUsesExcept(truncated.getResult(), truncated);
      continue;
    }
    auto store = cast<spirv::StoreOp>(user);
    Value extended =
        spirv::SConvertOp::create(builder, store.getLoc(), wide, store.getValue());
    store.getValueMutable().assign(extended);
  }
}

struct SPIRVWidenInt16WorkgroupVariables
    : triton_spirv::impl::SPIRVWidenInt16WorkgroupVariablesBase<
          SPIRVWidenInt16WorkgroupVariables> {
  void runOnOperation() override {
    triton_spirv::retypeWorkgroupVariables(
        getOperation(),
        [](Type pointee, ArrayRef<spirv::AddressOfOp> addresses) -> Type {
          Type wide = triton_spirv::rewriteWorkgroupArray(pointee, widenedArray);
          if (!wide || !onlyElementLoadsAndStores(addresses))
            return {};
          for (spirv::AddressOfOp address : addresses)
            for (Operation *user : llvm::make_early_inc_range(address->getUsers()))
              widenAccesses(cast<spirv::AccessChainOp>(user));
          return wide;
        });
  }
};
} // namespace
