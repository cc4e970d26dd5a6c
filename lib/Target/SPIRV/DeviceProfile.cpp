//===- DeviceProfile.cpp - built-in device profiles -----------------------===//
#include "triton-spirv/Target/SPIRV/DeviceProfile.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::triton_spirv;

std::optional<DeviceProfile>
mlir::triton_spirv::lookupDeviceProfile(llvm::StringRef name) {
  // Values measured on the devices (see docs/architecture.md).
  // Mesa 25 (the default) and older Mesa, tuned on 22.3: they differ only in
  // single-subgroup reductions.
  if (name == "lavapipe" || name == "lavapipe-mesa22")
    return DeviceProfile{name.str(), /*subgroupSize=*/8,
                         /*maxSharedMemoryBytes=*/32768,
                         /*maxPushConstantBytes=*/128,
                         /*maxWorkgroupInvocations=*/1024,
                         /*contiguity=*/8,
                         // Accessed as one i64 (vectorsAsInt64): vector add
                         // 2^24 28 -> 20.5 ms on Mesa 22.3.
                         /*vectorBytes=*/8,
                         /*hasFloat64=*/true,
                         // Mesa 22.3: tl.sum at num_warps=1 returned 0. Mesa
                         // 25 reduces right; softmax 4096x1024 at num_warps=1
                         // 15.5 -> 5.6 ms there with subgroup operations.
                         /*singleSubgroupReductionsBroken=*/name != "lavapipe",
                         /*hasCooperativeMatrix=*/false,
                         /*hasBFloat16CooperativeMatrix=*/false,
                         /*hasInt8CooperativeMatrix=*/false,
                         /*bf16StorageAsF16=*/false,
                         // Measured neutral (fp32 256^3 matmuls).
                         /*doubleBufferElementTiles=*/true,
                         // One step ahead, not num_stages - 1: matmul fp32
                         // 512^3 at num_stages 3 1.9% faster, fp16 256^3
                         // 1.3% (in-process A/B, 21 rounds).
                         /*elementTilePrefetchDistance=*/1,
                         // llvmpipe branches per lane on each workgroup
                         // access; unrolled, such loops compile slowly and
                         // ran slower (softmax 1024x1024: 3.1-4.3 -> 2.1 ms).
                         // Global-access loops inside a column loop also
                         // ran slower unrolled (layer norm 1024x1024
                         // 4.1 -> 3.3 ms rolled).
                         /*dontUnrollLoops=*/"workgroup-memory,nested-global",
                         // Vector add 2^24 at num_warps 4: 46 -> 28 ms.
                         /*subgroupContiguousLoops=*/true,
                         /*vectorsAsInt64=*/true,
                         // Each barrier switches every subgroup's coroutine:
                         // layer norm 1024x4096 21 -> 13.6 ms without the
                         // ones after private phases.
                         /*minimalBarriers=*/true,
                         /*eliminateRedundantBarriers=*/true,
                         // Row sum 17%, softmax 6%, layer norm 1024x4096
                         // 8% faster (one process, interleaved runs).
                         /*rebroadcastUniforms=*/true,
                         // matmul fp32 512^3 5%, add and softmax 1-3% faster
                         // (A/B, Mesa 25). Mesa 22.3, whose subgroup
                         // operations were wrong in places, is not measured.
                         /*threadIdFromSubgroups=*/name == "lavapipe",
                         /*subgroupExtendedTypes=*/true,
                         // llvmpipe runs both copies under masks: softmax
                         // 2048x1000 1.01x, 2048x781 1.23x the time.
                         /*runtimeAlignmentChecks=*/false,
                         // Tutorial 03's matmul 512^3 fp32 1.16x, fp16
                         // 1.05x slower (three alternating runs): llvmpipe
                         // gathers 8-byte vectors too, and runs both copies.
                         /*wrappedOffsetVectors=*/false,
                         // fp32 matmul 512^3 32x32x16: 29.7 -> 13.4 ms;
                         // softmax, whose reductions stage outside loops,
                         // ran 5-8% slower with all its buffers moved.
                         /*loopStagedTilesInGlobalMemory=*/true,
                         // fp32 matmul 512^3 32x32x16 9.38 -> 7.84 ms, fp16
                         // 256^3 0.78x (in-process A/B, Mesa 25); 22.3,
                         // whose global accesses loop over lanes, unmeasured.
                         /*recomputeStagedTiles=*/name == "lavapipe",
                         // Layer norm 1151x8192 B8192 1.55x, B2048-B4096
                         // 1.16-1.23x, 1024x4096 1.19x, 1024^2 1.50x faster,
                         // 1151x8192 B1024 w8 0.99x (in-process A/B, Mesa
                         // 25); 22.3 unmeasured.
                         /*interchangeAccumulationLoops=*/name == "lavapipe",
                         // Two barriers instead of five: softmax 1823x781
                         // w4 1.30x, w8 1.31x, 4096x1024 1.15x, layer norm
                         // 1.03-1.04x faster (in-process A/B, Mesa 25);
                         // 22.3 unmeasured.
                         /*privateReductionResults=*/name == "lavapipe",
                         // fp32 matmul 512^3 at 64-128 wide blocks: 13-17%
                         // faster (in-process A/B).
                         /*broadcastSharedMatmulRows=*/true,
                         // fp32 matmul 512^3 32x32x16 w4: 12.7 -> 11.2 ms
                         // (8 rows x 4 columns per lane instead of 4 x 8).
                         /*narrowMatmulContiguity=*/4,
                         // fp32 512^3 64x64x32 w4 11.9 -> 8.6 ms, 128x64x32
                         // w8 and fp16 25-35% faster; 256 ties 128.
                         /*maxMatmulAccumulators=*/128,
                         // fp32 512^3 128x64x32 w8 16% slower at 32 (fp16
                         // 64x64x32 16% faster), in-process A/B.
                         /*fullyUnrolledMatmulK=*/16,
                         // fp16 512^3 64x64x32 0.82x, 128x64x32 w8 0.90x the
                         // time at 32 (fp32 unchanged), in-process A/B.
                         /*fullyUnrolledNarrowMatmulK=*/32,
                         // llvmpipe builds a kernel with barriers as a
                         // coroutine, whose frame analysis grows faster than
                         // the code: flash-linear-attention's fused kkt
                         // solve (26 dots of 16x16, K 16-32, one warp) took
                         // 136 s to create (9,472 unrolled FMAs), 56 s with
                         // K loops of 4 steps and 36 s rolled, running
                         // within noise (one A/B 1.05x the time). A lone
                         // matmul is exempt (at most 128 x 32 steps).
                         /*matmulUnrollBudget=*/2048,
                         // Workgroup memory is host memory: no banks.
                         /*workgroupBankBytes=*/0,
                         // Not measured on lavapipe.
                         /*rowPhaseLoops=*/false,
                         /*shareBarriers=*/false,
                         /*fragmentQuadLayout=*/false,
                         /*carriedRowStateRegisterLimit=*/0,
                         // Mesa 25's llvmpipe: checked by test_nan_max_min.py
                         // (softmax 1823x781 8% faster); 22.3 unchecked.
                         /*nativeMaxNum=*/name == "lavapipe",
                         // llvmpipe fences (mfence) every barrier that has
                         // memory semantics, per subgroup: softmax 1823x781
                         // w4 1.18x, w8 1.41x, tutorial 02's persistent form
                         // 1.19-1.22x, layer norm 1.02-1.09x faster
                         // (in-process A/B, Mesa 25). Under 22.3 softmax
                         // came out NaN (execution-only barriers as if
                         // dropped).
                         /*executionOnlyBarriers=*/name == "lavapipe",
                         // Mesa 22.3 and 25 both.
                         /*hasFloat32AtomicAdd=*/true,
                         /*hasFloat64AtomicAdd=*/false,
                         // llvmpipe lowers every ffma to a multiply and an
                         // add (NoContraction does not keep it), Mesa 22.3
                         // and 25 alike.
                         /*fusedFma=*/false,
                         // LLVM's sqrt and fdiv: bit-exact against numpy
                         // on 65536 random operands (Mesa 22.3 and 25).
                         /*correctlyRoundedFloat32SqrtDiv=*/true,
                         /*int16WorkgroupDataIn32Bits=*/false,
                         // llvmpipe kept the order of fp32 add chains, wrapped
                         // 8/16-bit overflow and truncated f32 -> u64 -> i32
                         // (fuzzer, 20,155 programs on Mesa 25).
                         /*reassociatesFloatArithmetic=*/false,
                         /*leavesNarrowOverflowUnwrapped=*/false,
                         /*foldsTruncatedWideConversions=*/false,
                         // llvmpipe's reduce in f32: sin/cos 688 ulp near
                         // their zeros at |x| = 4476; log2 9e6 ulp near 1,
                         // log flushes subnormals (test_accurate_
                         // transcendentals.py, Mesa 25).
                         /*absoluteErrorTranscendentals=*/true,
                         /*deviceType=*/spirv::DeviceType::CPU};
  // nvidia-no-bf16: drivers without VK_KHR_shader_bfloat16 (bf16 dots on
  // FMAs); nvidia-fma: without VK_KHR_cooperative_matrix (GPUs before
  // Turing, older drivers): every dot on FMAs.
  if (name == "nvidia" || name == "nvidia-no-bf16" || name == "nvidia-fma")
    return DeviceProfile{name.str(), /*subgroupSize=*/32,
                         /*maxSharedMemoryBytes=*/49152,
                         /*maxPushConstantBytes=*/256,
                         /*maxWorkgroupInvocations=*/1024,
                         /*contiguity=*/4, /*vectorBytes=*/16,
                         /*hasFloat64=*/true,
                         /*singleSubgroupReductionsBroken=*/false,
                         /*hasCooperativeMatrix=*/name != "nvidia-fma",
                         /*hasBFloat16CooperativeMatrix=*/name == "nvidia",
                         // 16x16x32 s8 x s8 -> s32 (H100, H200).
                         /*hasInt8CooperativeMatrix=*/name != "nvidia-fma",
                         // bf16 4096^3 128x128x32 on bf16 matrices: 2.10 ms
                         // with i16 tiles, 0.72 ms (fp16's time) with f16
                         // ones; same SPIR-V otherwise (H200).
                         /*bf16StorageAsF16=*/true,
                         // The driver then overlaps the next iteration's
                         // loads with the FMAs: 95 -> 126 registers, fewer
                         // workgroups per SM, fp32 4096^3 10% slower.
                         /*doubleBufferElementTiles=*/false,
                         // num_stages 2 beat 3-6 for fp32 64x64x16 matmuls
                         // at 1024^3 and 4096^3 (95 vs 128 registers).
                         /*elementTilePrefetchDistance=*/1,
                         // Short loops of matrix work the driver unrolls
                         // entirely: causal attention 128x32 w4 0.80-0.93x
                         // the time (its diagonal blocks), others within 1%
                         // (H100, A/B). Beside them, the key loop of
                         // 128-row causal tiles: 0.62-0.86x (H200, A/B).
                         /*dontUnrollLoops=*/"short-matrix-loops,paired-matrix-loops",
                         /*subgroupContiguousLoops=*/false,
                         /*vectorsAsInt64=*/false,
                         // Fewer barriers: softmax up to 2.4x slower.
                         /*minimalBarriers=*/false,
                         // Attention backward's dK/dV, whose steps run on the
                         // fragments, 10-15% faster; softmax, layer norm,
                         // matmuls and the forward unchanged (H200, A/B).
                         /*eliminateRedundantBarriers=*/true,
                         /*rebroadcastUniforms=*/false,
                         // A register read on GPUs.
                         /*threadIdFromSubgroups=*/false,
                         /*subgroupExtendedTypes=*/true,
                         // Not measured yet (bench/gpu --set alignment).
                         /*runtimeAlignmentChecks=*/false,
                         // Tutorial 03's and FlagGems' matmul tiles: 16-byte
                         // loads instead of scalar ones (not timed yet).
                         /*wrappedOffsetVectors=*/true,
                         // Shared memory is the fast path for staged tiles.
                         /*loopStagedTilesInGlobalMemory=*/false,
                         /*recomputeStagedTiles=*/false,
                         // Registers hold an invocation's share already.
                         /*interchangeAccumulationLoops=*/false,
                         // Layer norm 4096^2 B1024 w4 1.17x, B512 w4 1.09x,
                         // B2048 w8 1.06x faster, softmax within 1-3% (H200,
                         // in-process A/B by dispatch).
                         /*privateReductionResults=*/true,
                         // A uniform shared-memory load is a hardware
                         // broadcast already.
                         /*broadcastSharedMatmulRows=*/false,
                         /*narrowMatmulContiguity=*/0,
                         // Register-file bound (fp32 64x64x16: 95 registers).
                         /*maxMatmulAccumulators=*/64,
                         // The driver does not unroll a K loop of 8 (4
                         // steps each) itself: fp32 4096^3 64x64x32 4.31 ->
                         // 3.46 ms, 128x128x32 w8 4.21 -> 3.31 (H200).
                         /*fullyUnrolledMatmulK=*/64,
                         /*fullyUnrolledNarrowMatmulK=*/0,
                         /*matmulUnrollBudget=*/0,
                         // 32 banks of 4 bytes.
                         /*workgroupBankBytes=*/128,
                         /*rowPhaseLoops=*/true,
                         /*shareBarriers=*/true,
                         /*fragmentQuadLayout=*/true,
                         // Attention 3-11% faster at estimates of 130-162
                         // (head_dim 64 128x32 w4, head_dim 128 128x64 w8
                         // and causal 64x32 w4); at 196-228 the driver
                         // spills: causal head_dim 64 128x64 w4 6%, head_dim
                         // 128 64x64 w4 5% slower (H200, A/B).
                         /*carriedRowStateRegisterLimit=*/176,
                         // FMNMX (test/python/gpu checks NaN operands):
                         // attention 2-7% faster.
                         /*nativeMaxNum=*/true,
                         // Invocations run in parallel on a GPU.
                         /*executionOnlyBarriers=*/false,
                         /*hasFloat32AtomicAdd=*/true,
                         // H200 (driver 580); f16 adds it has not.
                         /*hasFloat64AtomicAdd=*/true,
                         /*fusedFma=*/true,
                         // H200: f32 Sqrt and FDiv are the approximations
                         // Triton's tl.sqrt and `/` are (1-2 ulp; f64 ones
                         // bit-exact on 65536 operands).
                         /*correctlyRoundedFloat32SqrtDiv=*/false,
                         // int16 cummin/cummax along axis 0 were wrong in
                         // 1-18 of 16-64 elements (H100, fuzz seeds 6200548,
                         // 6201371): the sign was lost in i16 workgroup
                         // loads; right with this (H100, 2026-12-07).
                         /*int16WorkgroupDataIn32Bits=*/true,
                         // Fuzzer findings on the H100/H200 (docs/fuzzing.md):
                         // fp32 (a + b) + b computed as a + 2b; int16
                         // -(x << 15) compared unwrapped; f32 -> u64 -> i32
                         // saturated.
                         /*reassociatesFloatArithmetic=*/true,
                         /*leavesNarrowOverflowUnwrapped=*/true,
                         /*foldsTruncatedWideConversions=*/true,
                         // H100 (bench/gpu/math_accuracy.py): sin 1.1e-6,
                         // log 9e-6 absolute; Triton-CUDA's within 1.5 ulp.
                         /*absoluteErrorTranscendentals=*/true,
                         /*deviceType=*/spirv::DeviceType::DiscreteGPU};
  return std::nullopt;
}

spirv::TargetEnvAttr
mlir::triton_spirv::getTargetEnv(MLIRContext *context,
                                 const DeviceProfile &profile) {
  using spirv::Capability;
  using spirv::Extension;
  SmallVector<Capability> capabilities = {
      Capability::Shader,
      Capability::Int64,
      Capability::Int64Atomics,
      Capability::Int16,
      Capability::Int8,
      Capability::Float16,
      Capability::PhysicalStorageBufferAddresses,
      Capability::StorageBuffer8BitAccess,
      Capability::StorageBuffer16BitAccess,
      Capability::GroupNonUniform,
      Capability::GroupNonUniformVote,
      Capability::GroupNonUniformArithmetic,
      Capability::GroupNonUniformBallot,
      Capability::GroupNonUniformShuffle,
      Capability::GroupNonUniformShuffleRelative,
  };
  if (profile.hasFloat64)
    capabilities.push_back(Capability::Float64);
  // Every profile's devices (lavapipe, NVIDIA) have variablePointers, which
  // the runtime enables: a kernel may choose between workgroup buffers.
  capabilities.push_back(Capability::VariablePointers);
  capabilities.push_back(Capability::VariablePointersStorageBuffer);
  // Vulkan 1.2's float controls (shaderSignedZeroInfNanPreserveFloat32):
  // spirv-complete-vce declares the execution mode with it. Not on Mesa 22.3,
  // where a kernel of the end-to-end suite never finished with it.
  if (profile.name != "lavapipe-mesa22")
    capabilities.push_back(Capability::SignedZeroInfNanPreserve);
  SmallVector<Extension> extensions = {
      Extension::SPV_KHR_storage_buffer_storage_class,
      Extension::SPV_KHR_physical_storage_buffer,
      Extension::SPV_KHR_8bit_storage,
      Extension::SPV_KHR_16bit_storage,
  };
  if (profile.hasFloat32AtomicAdd)
    capabilities.push_back(Capability::AtomicFloat32AddEXT);
  if (profile.hasFloat64AtomicAdd && profile.hasFloat64)
    capabilities.push_back(Capability::AtomicFloat64AddEXT);
  if (profile.hasFloat32AtomicAdd || profile.hasFloat64AtomicAdd)
    extensions.push_back(Extension::SPV_EXT_shader_atomic_float_add);
  if (profile.hasCooperativeMatrix) {
    capabilities.push_back(Capability::CooperativeMatrixKHR);
    extensions.push_back(Extension::SPV_KHR_cooperative_matrix);
  }
  if (profile.hasBFloat16CooperativeMatrix) {
    capabilities.push_back(Capability::BFloat16TypeKHR);
    capabilities.push_back(Capability::BFloat16CooperativeMatrixKHR);
    extensions.push_back(Extension::SPV_KHR_bfloat16);
  }
  // SPV_KHR_cooperative_matrix is defined against SPIR-V 1.6 (Vulkan 1.3).
  spirv::Version version = profile.hasCooperativeMatrix ? spirv::Version::V_1_6
                                                        : spirv::Version::V_1_5;
  auto triple = spirv::VerCapExtAttr::get(version, capabilities,
                                          extensions, context);
  Builder builder(context);
  auto limits = spirv::ResourceLimitsAttr::get(
      context, profile.maxSharedMemoryBytes, profile.maxWorkgroupInvocations,
      builder.getI32ArrayAttr({1024, 1024, 64}), profile.subgroupSize,
      /*min_subgroup_size=*/std::nullopt, /*max_subgroup_size=*/std::nullopt,
      /*cooperative_matrix_properties_khr=*/ArrayAttr::get(context, {}),
      /*cooperative_matrix_properties_nv=*/ArrayAttr::get(context, {}));
  return spirv::TargetEnvAttr::get(triple, limits, spirv::ClientAPI::Vulkan,
                                   spirv::Vendor::Unknown, profile.deviceType,
                                   spirv::TargetEnvAttr::kUnknownDeviceID);
}
