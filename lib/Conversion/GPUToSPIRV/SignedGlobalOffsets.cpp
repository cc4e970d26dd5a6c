//===- SignedGlobalOffsets.cpp - element addresses below a pointer --------===//
//
// A pointer argument is a PhysicalStorageBuffer pointer to a runtime array,
// and an element access is OpAccessChain %base[0, %index]. Triton's offsets
// may be negative (a view into the middle of a tensor read backwards: flip's
// negative strides, `p + offs - 64`). An OpAccessChain index outside the
// array is undefined: lavapipe's LLVM sign-extends it and reads the right
// element, NVIDIA's driver faults the device (the launch never completes).
// On GPUs such an access becomes address arithmetic, base address + index *
// stride, which is defined for any address inside the allocation. (A 64-bit
// sign-extended access-chain index still faulted on the H200. The arithmetic
// costs 2-9% on fp16 matmuls whose strides are arguments, measured A/B.)
//
//===----------------------------------------------------------------------===//
#include "KernelToSPIRVPatterns.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace {
/// Whether an i32 index is non-negative by construction: constants, builtin
/// IDs, and sums, products, quotients, remainders, minima and selections of
/// such values (an i32 offset that wraps already overflowed in Triton).
bool nonNegative(Value value, unsigned depth = 0) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return !constant.isNegative();
  Operation *op = value.getDefiningOp();
  if (!op || depth > 12)
    return false;
  if (auto extract = dyn_cast<spirv::CompositeExtractOp>(op)) {
    // LocalInvocationId, WorkgroupId, ...: a load of an Input builtin.
    auto load = extract.getComposite().getDefiningOp<spirv::LoadOp>();
    return load && cast<spirv::PointerType>(load.getPtr().getType()).getStorageClass() ==
                       spirv::StorageClass::Input;
  }
  if (isa<spirv::IAddOp, spirv::IMulOp, spirv::UDivOp, spirv::UModOp, spirv::SDivOp,
          spirv::SRemOp, spirv::GLUMinOp, spirv::GLUMaxOp, spirv::GLSMinOp,
          spirv::GLSMaxOp>(op))
    return llvm::all_of(op->getOperands(),
                        [&](Value v) { return nonNegative(v, depth + 1); });
  if (isa<spirv::BitwiseAndOp>(op))
    return llvm::any_of(op->getOperands(),
                        [&](Value v) { return nonNegative(v, depth + 1); });
  if (auto select = dyn_cast<spirv::SelectOp>(op))
    return nonNegative(select.getTrueValue(), depth + 1) &&
           nonNegative(select.getFalseValue(), depth + 1);
  if (isa<spirv::UConvertOp>(op))
    return true;
  return false;
}
} // namespace

void mlir::triton_spirv::addressGlobalElementsWithSignedOffsets(Operation *root) {
  root->walk([](spirv::FuncOp func) {
    // CPU devices (LLVM sign-extends the index: negative ones are right
    // there) and targets of unknown kind keep their access chains.
    spirv::DeviceType device = spirv::lookupTargetEnvOrDefault(func).getDeviceType();
    if (device != spirv::DeviceType::DiscreteGPU &&
        device != spirv::DeviceType::IntegratedGPU)
      return;
    SmallVector<spirv::AccessChainOp> chains;
    func.walk([&](spirv::AccessChainOp chain) {
      auto pointer = cast<spirv::PointerType>(chain.getBasePtr().getType());
      auto wrapper = dyn_cast<spirv::StructType>(pointer.getPointeeType());
      if (pointer.getStorageClass() != spirv::StorageClass::PhysicalStorageBuffer ||
          !wrapper || wrapper.getNumElements() != 1 ||
          !isa<spirv::RuntimeArrayType>(wrapper.getElementType(0)) ||
          chain.getIndices().size() != 2 || nonNegative(chain.getIndices()[1]))
        return;
      chains.push_back(chain);
    });
    for (spirv::AccessChainOp chain : chains) {
      OpBuilder b(chain);
      Location loc = chain.getLoc();
      auto array = cast<spirv::RuntimeArrayType>(
          cast<spirv::StructType>(
              cast<spirv::PointerType>(chain.getBasePtr().getType()).getPointeeType())
              .getElementType(0));
      Type i64 = b.getI64Type();
      Value base = chain.getBasePtr();
      Value address = base.getDefiningOp<spirv::ConvertUToPtrOp>()
                          ? base.getDefiningOp<spirv::ConvertUToPtrOp>().getOperand()
                          : Value(spirv::ConvertPtrToUOp::create(b, loc, i64, base));
      Value index = chain.getIndices()[1];
      if (index.getType() != i64)
        index = spirv::SConvertOp::create(b, loc, i64, index);
      Value stride = spirv::ConstantOp::create(
          b, loc, i64, b.getI64IntegerAttr(array.getArrayStride()));
      Value element = spirv::IAddOp::create(
          b, loc, address, spirv::IMulOp::create(b, loc, index, stride));
      chain.replaceAllUsesWith(
          spirv::ConvertUToPtrOp::create(b, loc, chain.getType(), element).getResult());
      chain.erase();
    }
  });
}
