//===- SPIRVCompleteVCE.cpp - what spirv-update-vce leaves out ------------===//
//
// spirv-update-vce picks the lowest version the ops need, but SPIR-V < 1.4
// only lists Input/Output variables in OpEntryPoint, while our kernels read
// push constants. Raise the module's version to 1.5 (within the target's).
// It also misses Int64Atomics for atomics on 64-bit integers, and
// GroupNonUniform for the subgroup builtins (SubgroupId, ...) a kernel reads
// without any subgroup op (cooperative-matrix tile ownership). A shader with
// cooperative matrices must use the Vulkan memory model (VulkanMemoryModel,
// and VulkanMemoryModelDeviceScope where an op synchronizes at Device scope).
// bf16 cooperative matrices need BFloat16CooperativeMatrixKHR, which the
// type's own capabilities (BFloat16TypeKHR) do not imply.
// A logical pointer chosen at run time (select, phi) needs VariablePointers.
// Every entry point declares SignedZeroInfNanPreserve for 32-bit floats where
// the target has the capability: without it Vulkan lets drivers ignore signed
// zeros, infinities and NaN, and Mesa's NIR folds x * 0.0 and x - x to 0
// (inf * 0 gave 0 instead of NaN). f64 arithmetic is NoContraction already,
// which NIR reads as exact.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVCOMPLETEVCE
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
struct SPIRVCompleteVCEPass
    : public triton_spirv::impl::SPIRVCompleteVCEBase<
          SPIRVCompleteVCEPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    spirv::TargetEnvAttr target = spirv::lookupTargetEnv(module);
    std::optional<spirv::VerCapExtAttr> triple = module.getVceTriple();
    if (!target || !triple)
      return;
    SmallVector<spirv::Capability> capabilities(triple->getCapabilities());
    auto addCapability = [&](spirv::Capability capability) {
      if (!llvm::is_contained(capabilities, capability))
        capabilities.push_back(capability);
    };
    bool has64BitAtomics = false;
    module.walk([&](Operation *op) {
      if (op->getName().getStringRef().starts_with("spirv.Atomic"))
        for (Type type : op->getResultTypes())
          has64BitAtomics |= type.isInteger(64);
    });
    if (has64BitAtomics)
      addCapability(spirv::Capability::Int64Atomics);
    if (llvm::is_contained(target.getCapabilities(),
                           spirv::Capability::SignedZeroInfNanPreserve)) {
      SmallVector<spirv::EntryPointOp> entryPoints(
          module.getOps<spirv::EntryPointOp>());
      OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
      for (spirv::EntryPointOp entryPoint : entryPoints) {
        auto function = module.lookupSymbol<spirv::FuncOp>(entryPoint.getFn());
        if (!function)
          continue;
        spirv::ExecutionModeOp::create(
            builder, entryPoint.getLoc(), function,
            spirv::ExecutionMode::SignedZeroInfNanPreserve, {32});
      }
      if (!entryPoints.empty())
        addCapability(spirv::Capability::SignedZeroInfNanPreserve);
    }
    bool readsSubgroupBuiltins = false;
    module.walk([&](spirv::GlobalVariableOp variable) {
      std::optional<StringRef> builtIn = variable.getBuiltIn();
      readsSubgroupBuiltins |=
          builtIn && llvm::is_contained({"SubgroupId", "NumSubgroups", "SubgroupSize",
                                         "SubgroupLocalInvocationId"},
                                        *builtIn);
    });
    if (readsSubgroupBuiltins)
      addCapability(spirv::Capability::GroupNonUniform);
    // A logical pointer chosen at run time (an OpSelect or a phi between two
    // workgroup buffers: scf.if yielding either of two tensors bufferizes to
    // a select of their buffers) needs VariablePointers.
    Operation *choosesPointer = nullptr;
    auto isLogicalPointer = [](Type type) {
      auto pointer = dyn_cast<spirv::PointerType>(type);
      return pointer && pointer.getStorageClass() !=
                            spirv::StorageClass::PhysicalStorageBuffer;
    };
    module.walk([&](Operation *op) {
      if (choosesPointer)
        return;
      if (isa<spirv::SelectOp>(op) && isLogicalPointer(op->getResult(0).getType()))
        choosesPointer = op;
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.isEntryBlock() &&
              llvm::any_of(block.getArgumentTypes(), isLogicalPointer))
            choosesPointer = op;
    });
    if (choosesPointer) {
      if (!llvm::is_contained(target.getCapabilities(),
                              spirv::Capability::VariablePointers)) {
        choosesPointer->emitError()
            << "chooses between workgroup buffers at run time, which needs the "
               "VariablePointers capability, and the device profile's target "
               "environment has none";
        return signalPassFailure();
      }
      addCapability(spirv::Capability::VariablePointers);
    }
    bool bf16Matrices = false;
    module.walk([&](Operation *op) {
      for (Type type : op->getResultTypes())
        if (auto matrix = dyn_cast<spirv::CooperativeMatrixType>(type))
          bf16Matrices |= matrix.getElementType().isBF16();
    });
    if (bf16Matrices) {
      addCapability(spirv::Capability::BFloat16TypeKHR);
      addCapability(spirv::Capability::BFloat16CooperativeMatrixKHR);
    }
    if (llvm::is_contained(capabilities, spirv::Capability::CooperativeMatrixKHR) &&
        llvm::is_contained(capabilities, spirv::Capability::Shader)) {
      module.setMemoryModel(spirv::MemoryModel::Vulkan);
      addCapability(spirv::Capability::VulkanMemoryModel);
      bool deviceScope = false;
      module.walk([&](Operation *op) {
        for (NamedAttribute attribute : op->getAttrs())
          if (auto scope = dyn_cast<spirv::ScopeAttr>(attribute.getValue()))
            deviceScope |= scope.getValue() == spirv::Scope::Device;
      });
      if (deviceScope)
        addCapability(spirv::Capability::VulkanMemoryModelDeviceScope);
    }
    // 1.5 (Vulkan 1.2) unless an op needs more (cooperative matrices: 1.6).
    spirv::Version version = std::max(
        triple->getVersion(), std::min(target.getVersion(), spirv::Version::V_1_5));
    // Extensions folded into the core by the target version need no
    // declaration; declaring the EXT variant of physical storage buffers even
    // fails Vulkan validation where only the KHR/core one is supported.
    SmallVector<spirv::Extension> extensions;
    bool atLeast15 = version >= spirv::Version::V_1_5;
    for (spirv::Extension extension : triple->getExtensions()) {
      bool core = extension == spirv::Extension::SPV_KHR_storage_buffer_storage_class ||
                  extension == spirv::Extension::SPV_KHR_16bit_storage ||
                  (atLeast15 && (extension == spirv::Extension::SPV_KHR_8bit_storage ||
                                 extension == spirv::Extension::SPV_KHR_physical_storage_buffer ||
                                 extension == spirv::Extension::SPV_EXT_physical_storage_buffer));
      if (!core)
        extensions.push_back(extension);
    }
    if (bf16Matrices &&
        !llvm::is_contained(extensions, spirv::Extension::SPV_KHR_bfloat16))
      extensions.push_back(spirv::Extension::SPV_KHR_bfloat16);
    module.setVceTripleAttr(spirv::VerCapExtAttr::get(
        version, capabilities, extensions, &getContext()));
  }
};
} // namespace
