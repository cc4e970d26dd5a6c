//===- SPIRVRequireTargetVersion.cpp - declare the target's SPIR-V version -===//
//
// spirv-update-vce picks the lowest version the ops need, but SPIR-V < 1.4
// only lists Input/Output variables in OpEntryPoint, while our kernels read
// push constants. Raise the module's version to the target environment's.
//
//===----------------------------------------------------------------------===//
#include "triton-spirv/Conversion/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"

namespace mlir::triton_spirv {
#define GEN_PASS_DEF_SPIRVREQUIRETARGETVERSION
#include "triton-spirv/Conversion/Passes.h.inc"
} // namespace mlir::triton_spirv

using namespace mlir;

namespace {
struct SPIRVRequireTargetVersionPass
    : public triton_spirv::impl::SPIRVRequireTargetVersionBase<
          SPIRVRequireTargetVersionPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    spirv::TargetEnvAttr target = spirv::lookupTargetEnv(module);
    std::optional<spirv::VerCapExtAttr> triple = module.getVceTriple();
    if (!target || !triple)
      return;
    if (triple->getVersion() >= target.getVersion())
      return;
    SmallVector<spirv::Capability> capabilities(triple->getCapabilities());
    SmallVector<spirv::Extension> extensions(triple->getExtensions());
    module.setVceTripleAttr(spirv::VerCapExtAttr::get(
        target.getVersion(), capabilities, extensions, &getContext()));
  }
};
} // namespace
