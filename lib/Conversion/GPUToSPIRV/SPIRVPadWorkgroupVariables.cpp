//===- SPIRVPadWorkgroupVariables.cpp - 16-byte workgroup variables -------===//
//
// A cooperative-matrix load or store needs its pointer aligned to 16 bytes
// (Vulkan's VUID-RuntimeSpirv-OpCooperativeMatrixLoadKHR-08986, for rows of
// 16 halves). Workgroup variables have no explicit layout: the driver places
// them. NVIDIA's places them one after another at their types' alignment, so
// a 4- or 8-byte variable (a reduction's scalar result) put the staged dot
// operands after it 8 bytes off 16: every element of the dot came out wrong
// (H100, fuzzer seeds 6201122 and 6200461). Every workgroup variable's size
// is therefore rounded up to a multiple of 16 bytes, which keeps each one
// after it on a 16-byte boundary; the padding is never read.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "KernelToSPIRVPatterns.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVPADWORKGROUPVARIABLES
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
constexpr int64_t kAlignment = 16;

/// Bytes of a scalar or vector element, a boolean counted as one: an array
/// of 16n booleans spans a multiple of 16 bytes whatever size the driver
/// gives them. 0 for anything else.
int64_t elementBytes(Type type) {
  Type scalar = getElementTypeOrSelf(type);
  if (scalar.isInteger(1))
    return isa<VectorType>(type) ? cast<VectorType>(type).getNumElements() : 1;
  return triton_spirv::scalarOrVectorBytes(type);
}

/// `array` grown to a multiple of kAlignment bytes; null where it needs no
/// padding or its elements are not scalars or vectors.
spirv::ArrayType paddedArray(spirv::ArrayType array) {
  int64_t bytes = elementBytes(array.getElementType());
  if (bytes == 0 || array.getArrayStride() != 0)
    return {};
  int64_t total = bytes * array.getNumElements();
  if (total % kAlignment == 0)
    return {};
  int64_t padded = llvm::divideCeil(total, kAlignment) * kAlignment;
  if (padded % bytes != 0)
    return {};
  return spirv::ArrayType::get(array.getElementType(), padded / bytes);
}

struct SPIRVPadWorkgroupVariables
    : triton_spirv::impl::SPIRVPadWorkgroupVariablesBase<
          SPIRVPadWorkgroupVariables> {
  void runOnOperation() override {
    triton_spirv::retypeWorkgroupVariables(
        getOperation(),
        [](Type pointee, ArrayRef<spirv::AddressOfOp> addresses) -> Type {
          // Element pointers keep their types; a use of the whole variable
          // (a select between two buffers) would change, so such a one stays.
          bool onlyElementAccess = llvm::all_of(addresses, [](spirv::AddressOfOp address) {
            return llvm::all_of(address->getUsers(), [](Operation *user) {
              return isa<spirv::AccessChainOp>(user);
            });
          });
          if (!onlyElementAccess)
            return {};
          return triton_spirv::rewriteWorkgroupArray(pointee, paddedArray);
        });
  }
};
} // namespace
