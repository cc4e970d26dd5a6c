//===- InitAll.cpp - register everything triton-spirv defines -------------===//
#include "triton-spirv/InitAll.h"

#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Dialect/Triton/IR/Dialect.h"
#include "triton-spirv/Dialect/TritonGPU/IR/Dialect.h"
#include "triton-spirv/Pipeline/Pipeline.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

using namespace mlir;

namespace {
struct PassSummary {
  std::string argument;
  std::string description;
};

std::vector<PassSummary> &ourPasses() {
  static std::vector<PassSummary> passes;
  return passes;
}

// Registers a pass and remembers its name for the tool's overview.
template <typename CreateFn> void registerOurPass(CreateFn create) {
  std::unique_ptr<Pass> pass = create();
  ourPasses().push_back(
      {pass->getArgument().str(), pass->getDescription().str()});
  registerPass([create]() -> std::unique_ptr<Pass> { return create(); });
}
} // namespace

void triton_spirv::registerAllDialects(DialectRegistry &registry) {
  registry.insert<triton::TritonDialect, ttg::TritonGPUDialect>();
}

void triton_spirv::registerAllPasses() {
  static bool registered = false;
  if (registered)
    return;
  registered = true;
  registerOurPass([] { return triton_spirv::createAccumulateInPlace(); });
  registerOurPass([] { return triton_spirv::createConvertFuncToSPIRVKernel(); });
  registerOurPass([] { return triton_spirv::createConvertKernelToSPIRV(); });
  registerOurPass([] { return triton_spirv::createDistributeToWorkgroup(); });
  registerOurPass([] { return triton_spirv::createDoubleBufferWorkgroupTiles(); });
  registerOurPass([] { return triton_spirv::createEliminateRedundantBarriers(); });
  registerOurPass([] { return triton_spirv::createInterchangeAccumulationLoops(); });
  registerOurPass([] { return triton_spirv::createRecomputeStagedTiles(); });
  registerOurPass([] { return triton_spirv::createHoistInvariantFragments(); });
  registerOurPass([] { return triton_spirv::createPadWorkgroupRows(); });
  registerOurPass([] { return triton_spirv::createShareWorkgroupBuffers(); });
  registerOurPass([] { return triton_spirv::createFragmentEpilogue(); });
  registerOurPass([] { return triton_spirv::createFragmentRowPhases(); });
  registerOurPass([] { return triton_spirv::createEmulateFloatConversions(); });
  registerOurPass([] { return triton_spirv::createExactFloatOps(); });
  registerOurPass([] { return triton_spirv::createFuseElementwiseChains(); });
  registerOurPass([] { return triton_spirv::createFuseRowPhases(); });
  registerOurPass([] { return triton_spirv::createGroupTileStaging(); });
  registerOurPass([] { return triton_spirv::createGuardZeroTripLoops(); });
  registerOurPass([] { return triton_spirv::createSPIRVWidenInt16WorkgroupVariables(); });
  registerOurPass([] { return triton_spirv::createSerializeSPIRV(); });
  registerOurPass([] { return triton_spirv::createSPIRVPushConstantABI(); });
  registerOurPass([] { return triton_spirv::createSPIRVCompleteVCE(); });
  registerOurPass([] { return triton_spirv::createSPIRVExecutionOnlyBarriers(); });
  registerOurPass([] { return triton_spirv::createSPIRVLoopControl(); });
  registerOurPass([] { return triton_spirv::createSPIRVKeepArithmeticExact(); });
  registerOurPass([] { return triton_spirv::createSPIRVPadWorkgroupVariables(); });
  registerOurPass([] { return triton_spirv::createSPIRVResolveWorkgroupPointerSelects(); });
  registerOurPass([] { return triton_spirv::createSPIRVRebroadcastUniforms(); });
  registerOurPass([] { return triton_spirv::createSPIRVSpillWorkgroupMemory(); });
  registerOurPass([] { return triton_spirv::createStoreBF16AsI16(); });
  registerOurPass([] { return triton_spirv::createBF16MatmulOperandsAsF16(); });
  registerOurPass([] { return triton_spirv::createSubstituteInductionTensors(); });
  registerOurPass([] { return triton_spirv::createThreadIdFromSubgroups(); });
  registerOurPass([] { return triton_spirv::createPrefetchWorkgroupTiles(); });
  registerOurPass([] { return triton_spirv::createUnswitchAlignmentVersions(); });
  registerOurPass([] { return triton_spirv::createTransposeColumnLoads(); });
  registerOurPass([] { return triton_spirv::createVectorizeContiguousRuns(); });
  registerOurPass([] { return triton_spirv::createDecomposeDotScaled(); });
  registerOurPass([] { return triton_spirv::createLowerBlockPointers(); });
  registerOurPass([] { return triton_spirv::createSplitLoopsAtMaskBounds(); });
  registerOurPass([] { return triton_spirv::createLowerRawPointers(); });
  registerOurPass([] { return triton_spirv::createLowerTensorDescriptors(); });
  registerOurPass([] { return triton_spirv::createTritonToLinalg(); });
  triton_spirv::registerPipelines();
  ourPasses().insert(ourPasses().begin(),
                     {"convert-triton-to-spirv",
                      "the whole pipeline, TTIR -> SPIR-V (pipeline)"});
}

std::string triton_spirv::getToolOverview() {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "triton-spirv-opt: run triton-spirv's passes (and upstream MLIR's) "
        "on TTIR and its lowerings\n\ntriton-spirv passes and pipelines:\n";
  for (const PassSummary &pass : ourPasses())
    os << "  --" << pass.argument << "  " << pass.description << "\n";
  return text;
}
