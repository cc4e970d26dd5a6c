//===- Pipeline.cpp - the one TTIR -> SPIR-V pipeline ----------------------===//
#include "triton-spirv/Pipeline/Pipeline.h"

#include "triton-spirv/Conversion/Passes.h"
#include "triton-spirv/Target/SPIRV/DeviceProfile.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRVPass.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton_spirv;

void mlir::triton_spirv::buildTritonToLinalgPipeline(OpPassManager &pm) {
  pm.addPass(createInlinerPass());
  pm.addPass(createSplitLoopsAtMaskBounds());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createDecomposeDotScaled());
  pm.addPass(createLowerBlockPointers());
  pm.addPass(createLowerTensorDescriptors());
  pm.addPass(createLowerRawPointers());
  pm.addPass(createTritonToLinalg());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

LogicalResult
mlir::triton_spirv::buildLinalgToSPIRVPipeline(OpPassManager &pm,
                                               const TritonToSPIRVOptions &options) {
  std::optional<DeviceProfile> profile = lookupDeviceProfile(options.profile);
  if (!profile)
    return failure();
  int64_t numThreads = options.numWarps * profile->subgroupSize;

  // tl.fma and the _rn ops as Triton rounds them, before any pass makes
  // math.fma of its own.
  ExactFloatOpsOptions exactFloatOps;
  exactFloatOps.expandFma = !profile->fusedFma && profile->hasFloat64;
  // bf16 has no fma instruction of its own: f32's, rounded to bf16, rounds
  // twice (NVIDIA; Triton-CUDA's fma.rn.bf16 rounds once).
  exactFloatOps.expandBF16Fma = profile->hasFloat64;
  exactFloatOps.viaFloat64Ops =
      !profile->correctlyRoundedFloat32SqrtDiv && profile->hasFloat64;
  pm.addNestedPass<func::FuncOp>(createExactFloatOps(exactFloatOps));
  // Pointer tensors advanced through loops become p0 + i * d, then fuse
  // elementwise chains so intermediates never reach memory.
  pm.addNestedPass<func::FuncOp>(createSubstituteInductionTensors());
  pm.addPass(createCanonicalizerPass());
  const bool cooperativeMatrix = options.cooperativeMatrix >= 0
                                     ? options.cooperativeMatrix > 0
                                     : profile->hasCooperativeMatrix;
  // Attention's row phases run on the dots' fragments (the driver's fragment
  // layout is known).
  const bool fragmentRowPhases =
      cooperativeMatrix && profile->fragmentQuadLayout;
  const bool int8Matrices =
      cooperativeMatrix && profile->hasInt8CooperativeMatrix;
  // bf16 dots reach cooperative matrices as f16 bits (before fusion, so
  // that the bitcasts fuse into the loads).
  if (cooperativeMatrix && profile->hasBFloat16CooperativeMatrix)
    pm.addNestedPass<func::FuncOp>(createBF16MatmulOperandsAsF16());
  pm.addNestedPass<func::FuncOp>(createFuseElementwiseChains());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Blocks loaded through transposed pointers (attention's K^T, x @ w.T's
  // B): loaded in memory order, read column-major by the cooperative matmul.
  if (cooperativeMatrix) {
    TransposeColumnLoadsOptions transposeLoads;
    transposeLoads.int8 = int8Matrices;
    pm.addNestedPass<func::FuncOp>(createTransposeColumnLoads(transposeLoads));
  }
  // Loop accumulators (acc += x) bufferize in place: no per-iteration copy.
  pm.addNestedPass<func::FuncOp>(createAccumulateInPlace());

  // Bufferize: what is left as a tensor becomes a block-sized buffer.
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  pm.addNestedPass<func::FuncOp>(bufferization::createEmptyTensorToAllocTensorPass());
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = false;
  bufferizeOptions.bufferAlignment = 0;
  // Tensors carried by scf.for (accumulators, running maxima) bufferize to
  // buffers swapped per iteration.
  bufferizeOptions.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(memref::createFoldMemRefAliasOpsPass());
  pm.addPass(createCanonicalizerPass());

  // Tiles a loop stages from global memory, staged together.
  if (profile->shareBarriers)
    pm.addNestedPass<func::FuncOp>(createGroupTileStaging());
  // Online softmax's row phases (max, update, exponentials, sum) as one.
  if (profile->rowPhaseLoops) {
    FuseRowPhasesOptions rowPhases;
    rowPhases.numThreads = numThreads;
    // Whole 16-row fragments per subgroup are enough for the fragment form.
    if (fragmentRowPhases)
      rowPhases.minRowsAfterDot = 16 * (numThreads / profile->subgroupSize);
    pm.addNestedPass<func::FuncOp>(createFuseRowPhases(rowPhases));
  }

  // One program = one workgroup.
  DistributeToWorkgroupOptions distribute;
  distribute.numThreads = numThreads;
  distribute.contiguity = profile->contiguity;
  distribute.minSubgroupReduceThreads = profile->singleSubgroupReductionsBroken
                                            ? profile->subgroupSize
                                            : 0;
  distribute.cooperativeMatrix = cooperativeMatrix;
  distribute.cooperativeInt8 = int8Matrices;
  distribute.subgroupSize = profile->subgroupSize;
  distribute.subgroupContiguous = profile->subgroupContiguousLoops;
  distribute.barrierAfterPrivatePhases = !profile->minimalBarriers;
  distribute.foldPartialsIntoInit = profile->minimalBarriers;
  distribute.privateReductionResults = profile->privateReductionResults;
  distribute.broadcastSharedRows = profile->broadcastSharedMatmulRows;
  distribute.narrowMatmulContiguity = profile->narrowMatmulContiguity;
  distribute.maxMatmulAccumulators = profile->maxMatmulAccumulators;
  distribute.fullyUnrolledMatmulK = profile->fullyUnrolledMatmulK;
  distribute.fullyUnrolledNarrowMatmulK = profile->fullyUnrolledNarrowMatmulK;
  distribute.matmulUnrollBudget = profile->matmulUnrollBudget;
  distribute.shareBarriers = profile->shareBarriers;
  distribute.subgroupOwnedRows = fragmentRowPhases;
  pm.addNestedPass<func::FuncOp>(createDistributeToWorkgroup(distribute));
  // Parallel loops nested in distributed work (generics whose reduction
  // dimension sits between parallel ones) run sequentially per invocation.
  pm.addNestedPass<func::FuncOp>(createParallelForToNestedForsPass());
  // Views (reduce slices, lowered copies) fold into their loads and stores.
  pm.addPass(createLowerAffinePass());
  pm.addPass(memref::createFoldMemRefAliasOpsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Private accumulators shrink to one run of owned elements.
  if (profile->interchangeAccumulationLoops) {
    pm.addNestedPass<func::FuncOp>(createInterchangeAccumulationLoops());
    pm.addPass(createCanonicalizerPass());
  }
  // Where workgroup memory is host memory too, staged tiles are read at
  // their source: no copy, no barriers.
  if (profile->recomputeStagedTiles) {
    RecomputeStagedTilesOptions recompute;
    recompute.vectorBytes = profile->vectorBytes;
    pm.addNestedPass<func::FuncOp>(createRecomputeStagedTiles(recompute));
    pm.addPass(createCanonicalizerPass());
  }
  // Attention's scores and probabilities stay in fragments.
  if (fragmentRowPhases) {
    FragmentRowPhasesOptions rowPhases;
    rowPhases.numThreads = numThreads;
    rowPhases.subgroupSize = profile->subgroupSize;
    rowPhases.carryStateRegisterLimit = profile->carriedRowStateRegisterLimit;
    pm.addNestedPass<func::FuncOp>(createFragmentRowPhases(rowPhases));
  }
  // bf16 memory holds 16-bit bits (i16, or f16 where the profile says so)
  // before vectorizing: the runs then vectorize, bf16 arithmetic included
  // (lavapipe: bf16 add 34%, softmax 38%, layer norm 19% faster), and bf16
  // matmul operands copy into f16-typed tiles like fp16 ones.
  StoreBF16AsI16Options bf16Storage;
  bf16Storage.container = profile->bf16StorageAsF16 ? "f16" : "i16";
  pm.addNestedPass<func::FuncOp>(createStoreBF16AsI16(bf16Storage));
  pm.addPass(createCanonicalizerPass());
  // Contiguous runs become vector code with 128-bit global accesses.
  VectorizeContiguousRunsOptions vectorize;
  vectorize.vectorBytes =
      options.vectorBytes >= 0 ? options.vectorBytes : profile->vectorBytes;
  vectorize.runtimeAlignmentChecks = options.runtimeAlignmentChecks >= 0
                                         ? options.runtimeAlignmentChecks > 0
                                         : profile->runtimeAlignmentChecks;
  vectorize.wrappedOffsets = options.wrappedOffsetVectors >= 0
                                 ? options.wrappedOffsetVectors > 0
                                 : profile->wrappedOffsetVectors;
  pm.addNestedPass<func::FuncOp>(createVectorizeContiguousRuns(vectorize));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // bf16: f32 in arithmetic (integer ops for the casts); fp8: i8 in memory,
  // conversions as integer code.
  pm.addNestedPass<func::FuncOp>(createEmulateFloatConversions());
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"bf16"};
  emulate.targetTypeStr = "f32";
  pm.addNestedPass<func::FuncOp>(arith::createArithEmulateUnsupportedFloats(emulate));
  arith::ArithExpandOpsPassOptions expandBF16;
  expandBF16.includeBf16 = true;
  pm.addNestedPass<func::FuncOp>(arith::createArithExpandOpsPass(expandBF16));
  pm.addPass(createCanonicalizerPass());
  // Cooperative-matrix accumulators stay in registers: frees workgroup
  // memory for the tiles' second copies.
  FragmentEpilogueOptions fragmentEpilogue;
  fragmentEpilogue.subgroupSize = profile->subgroupSize;
  pm.addNestedPass<func::FuncOp>(createFragmentEpilogue(fragmentEpilogue));
  // Fragments of tiles no iteration writes (attention's Q) stay in registers.
  if (cooperativeMatrix)
    pm.addNestedPass<func::FuncOp>(createHoistInvariantFragments());
  // Alignment checks of hinted runs move in front of the K loop (two copies
  // of it), so that its staging rounds are straight-line code to prefetch.
  pm.addNestedPass<func::FuncOp>(createUnswitchAlignmentVersions());
  // Staged tiles: the next iteration's global loads overlap this one's work.
  PrefetchWorkgroupTilesOptions prefetch;
  prefetch.distance = std::max<int64_t>(1, options.numStages - 1);
  prefetch.elementTileDistance = profile->elementTilePrefetchDistance;
  prefetch.subgroupSize = profile->subgroupSize;
  pm.addNestedPass<func::FuncOp>(createPrefetchWorkgroupTiles(prefetch));
  // num_stages >= 2 also buffers the staged tiles twice (one barrier per
  // iteration) where workgroup memory allows.
  if (options.numStages >= 2) {
    DoubleBufferWorkgroupTilesOptions doubleBuffer;
    doubleBuffer.workgroupBytes = profile->maxSharedMemoryBytes;
    doubleBuffer.fragmentLoopsOnly = !profile->doubleBufferElementTiles;
    pm.addNestedPass<func::FuncOp>(createDoubleBufferWorkgroupTiles(doubleBuffer));
  }
  if (profile->eliminateRedundantBarriers)
    pm.addNestedPass<func::FuncOp>(createEliminateRedundantBarriers());
  // Rows of workgroup buffers that would put a column in one bank get
  // longer (attention 4x32 heads, 4096 keys, 64x32: 25.7 -> 16.8 ms).
  if (profile->workgroupBankBytes > 0) {
    PadWorkgroupRowsOptions pad;
    pad.bankBytes = profile->workgroupBankBytes;
    pm.addNestedPass<func::FuncOp>(createPadWorkgroupRows(pad));
  }
  // Tiles of loops that run one after the other share memory (causal
  // attention's two key loops: 131 KiB of buffers, 93 KiB shared).
  pm.addNestedPass<func::FuncOp>(createShareWorkgroupBuffers());
  // llvmpipe divides for LocalInvocationId at every subgroup call.
  if (profile->threadIdFromSubgroups)
    pm.addNestedPass<func::FuncOp>(createThreadIdFromSubgroups());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  ConvertFuncToSPIRVKernelOptions kernel;
  kernel.profile = options.profile;
  kernel.numThreads = numThreads;
  pm.addPass(createConvertFuncToSPIRVKernel(kernel));
  // Ops SPIR-V has no instruction for become ones it has.
  OpPassManager &gpuModule = pm.nest<gpu::GPUModuleOp>();
  gpuModule.addPass(arith::createArithExpandOpsPass());
  gpuModule.addPass(createGuardZeroTripLoops());
  ConvertKernelToSPIRVOptions toSPIRV;
  toSPIRV.vectorsAsInt64 = profile->vectorsAsInt64;
  toSPIRV.nativeMaxNum = profile->nativeMaxNum;
  toSPIRV.accurateTranscendentals = profile->absoluteErrorTranscendentals;
  pm.addPass(createConvertKernelToSPIRV(toSPIRV));

  OpPassManager &spirvModule = pm.nest<spirv::ModuleOp>();
  // Arithmetic the driver would rewrite into other answers stays as written.
  SPIRVKeepArithmeticExactOptions exact;
  exact.contractProducts = options.fpFusion;
  exact.orderedFloatArithmetic = profile->reassociatesFloatArithmetic;
  exact.wrapNarrowIntegers = profile->leavesNarrowOverflowUnwrapped;
  exact.splitWideTruncations = profile->foldsTruncatedWideConversions;
  exact.exactHalfArithmetic = profile->deviceType == spirv::DeviceType::CPU;
  spirvModule.addPass(createSPIRVKeepArithmeticExact(exact));
  // A workgroup on one thread: barriers need no fences (lavapipe).
  if (profile->executionOnlyBarriers)
    spirvModule.addPass(createSPIRVExecutionOnlyBarriers());
  // No pointer chosen at run time among workgroup buffers (NVIDIA).
  spirvModule.addPass(createSPIRVResolveWorkgroupPointerSelects());
  // i16 workgroup data held in i32 (NVIDIA lost the sign of i16 loads).
  if (profile->int16WorkgroupDataIn32Bits)
    spirvModule.addPass(createSPIRVWidenInt16WorkgroupVariables());
  // Each workgroup variable on a 16-byte boundary (cooperative matrices).
  spirvModule.addPass(createSPIRVPadWorkgroupVariables());
  // Workgroup buffers beyond the device's limit: a global scratch slice.
  SPIRVSpillWorkgroupMemoryOptions spill;
  spill.maxWorkgroupBytes = profile->maxSharedMemoryBytes;
  spill.loopStaged = profile->loopStagedTilesInGlobalMemory;
  spirvModule.addPass(createSPIRVSpillWorkgroupMemory(spill));
  SPIRVPushConstantABIOptions abi;
  abi.maxPushConstantBytes = profile->maxPushConstantBytes;
  spirvModule.addPass(createSPIRVPushConstantABI(abi));
  spirvModule.addPass(spirv::createSPIRVLowerABIAttributesPass());
  if (profile->rebroadcastUniforms) {
    SPIRVRebroadcastUniformsOptions rebroadcast;
    rebroadcast.extendedTypes = profile->subgroupExtendedTypes;
    spirvModule.addPass(createSPIRVRebroadcastUniforms(rebroadcast));
  }
  spirvModule.addPass(spirv::createSPIRVUpdateVCEPass());
  spirvModule.addPass(createSPIRVCompleteVCE());
  SPIRVLoopControlOptions loopControl;
  loopControl.dontUnroll = profile->dontUnrollLoops;
  spirvModule.addPass(createSPIRVLoopControl(loopControl));
  spirvModule.addPass(createCanonicalizerPass());
  return success();
}

LogicalResult
mlir::triton_spirv::buildTritonToSPIRVPipeline(OpPassManager &pm,
                                               const TritonToSPIRVOptions &options) {
  buildTritonToLinalgPipeline(pm);
  if (failed(buildLinalgToSPIRVPipeline(pm, options)))
    return failure();
  if (!options.output.empty()) {
    SerializeSPIRVOptions serialize;
    serialize.output = options.output;
    pm.addPass(createSerializeSPIRV(serialize));
  }
  return success();
}

LogicalResult mlir::triton_spirv::serializeSPIRV(ModuleOp module,
                                                 SmallVectorImpl<uint32_t> &binary) {
  SmallVector<spirv::ModuleOp> spirvModules(module.getOps<spirv::ModuleOp>());
  if (spirvModules.size() != 1)
    return module.emitError("expected exactly one spirv.module, found ")
           << spirvModules.size();
  return spirv::serialize(spirvModules.front(), binary);
}

void mlir::triton_spirv::registerPipelines() {
  PassPipelineRegistration<TritonToSPIRVOptions>(
      "convert-triton-to-spirv",
      "TTIR -> linalg -> workgroup-distributed GPU code -> SPIR-V (and a "
      "binary with output=FILE)",
      [](OpPassManager &pm, const TritonToSPIRVOptions &options) {
        if (failed(buildTritonToSPIRVPipeline(pm, options)))
          llvm::report_fatal_error("convert-triton-to-spirv: unknown profile");
      });
}
