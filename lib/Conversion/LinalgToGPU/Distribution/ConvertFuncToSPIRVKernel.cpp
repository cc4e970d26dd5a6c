//===- ConvertFuncToSPIRVKernel.cpp - kernels into a gpu.module -----------===//
#include "triton-spirv/Conversion/Passes.h"

#include "MemorySpaces.h"
#include "triton-spirv/Target/SPIRV/DeviceProfile.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_CONVERTFUNCTOSPIRVKERNEL
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;
using namespace mlir::triton_spirv;

namespace {
struct ConvertFuncToSPIRVKernelPass
    : public triton_spirv::impl::ConvertFuncToSPIRVKernelBase<
          ConvertFuncToSPIRVKernelPass> {
  using ConvertFuncToSPIRVKernelBase::ConvertFuncToSPIRVKernelBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    std::optional<DeviceProfile> deviceProfile = lookupDeviceProfile(profile);
    if (!deviceProfile) {
      module.emitError("unknown device profile '") << profile << "'";
      return signalPassFailure();
    }
    if (numThreads < 1 || numThreads > deviceProfile->maxWorkgroupInvocations) {
      module.emitError("num-threads ")
          << numThreads.getValue() << " is outside [1, "
          << deviceProfile->maxWorkgroupInvocations << "] for " << profile;
      return signalPassFailure();
    }

    OpBuilder builder(context);
    builder.setInsertionPointToEnd(module.getBody());
    auto gpuModule =
        gpu::GPUModuleOp::create(builder, module.getLoc(), "triton_spirv");
    gpuModule->setAttr(spirv::getTargetEnvAttrName(),
                       getTargetEnv(context, *deviceProfile));
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    builder.getUnitAttr());

    auto globalMemory = spirv::StorageClassAttr::get(
        context, spirv::StorageClass::PhysicalStorageBuffer);
    auto entryPointABI = spirv::getEntryPointABIAttr(
        context, {static_cast<int32_t>(numThreads), 1, 1});

    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp func : funcs) {
      if (func.isExternal())
        continue;
      if (!func->hasAttr("triton_spirv.kernel")) {
        func.emitError("convert-func-to-spirv-kernel: calls to non-inlined "
                       "functions are not supported yet");
        return signalPassFailure();
      }
      // Pointer arguments address global memory through buffer device
      // addresses.
      SmallVector<Type> argTypes;
      for (Type type : func.getArgumentTypes()) {
        if (auto memref = dyn_cast<MemRefType>(type))
          type = MemRefType::Builder(memref).setMemorySpace(globalMemory);
        argTypes.push_back(type);
      }
      builder.setInsertionPointToEnd(gpuModule.getBody());
      auto kernel = gpu::GPUFuncOp::create(
          builder, func.getLoc(), func.getName(),
          builder.getFunctionType(argTypes, {}));
      kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                      builder.getUnitAttr());
      kernel->setAttr(spirv::getEntryPointABIAttrName(), entryPointABI);
      if (func->hasAttr(triton_spirv::kVolatileLoadsAttr))
        kernel->setAttr(triton_spirv::kVolatileLoadsAttr, builder.getUnitAttr());
      for (unsigned i = 0; i < argTypes.size(); ++i) {
        if (DictionaryAttr attrs = func.getArgAttrDict(i))
          for (NamedAttribute attr : attrs)
            kernel.setArgAttr(i, attr.getName(), attr.getValue());
        if (isa<MemRefType>(argTypes[i]))
          kernel.setArgAttr(i, spirv::DecorationAttr::name,
                            spirv::DecorationAttr::get(
                                context, spirv::Decoration::Aliased));
      }
      Block &entry = kernel.getBody().front();
      IRMapping mapping;
      for (auto [from, to] :
           llvm::zip(func.getArguments(), entry.getArguments()))
        mapping.map(from, to);
      if (!func.getBody().hasOneBlock()) {
        func.emitError("convert-func-to-spirv-kernel: kernels must be a "
                       "single block after structured lowering");
        return signalPassFailure();
      }
      builder.setInsertionPointToStart(&entry);
      for (Operation &op : func.getBody().front()) {
        if (isa<func::ReturnOp>(op)) {
          gpu::ReturnOp::create(builder, op.getLoc());
          continue;
        }
        builder.clone(op, mapping);
      }
      // Views of raw addresses (atomics through them) are global memory too.
      kernel.walk([&](UnrealizedConversionCastOp addressView) {
        if (!triton_spirv::isRawAddressView(addressView))
          return;
        auto view = cast<MemRefType>(addressView.getResult(0).getType());
        if (!view.getMemorySpace())
          addressView.getResult(0).setType(
              MemRefType::Builder(view).setMemorySpace(globalMemory));
      });
      func.erase();
    }
  }
};
} // namespace
