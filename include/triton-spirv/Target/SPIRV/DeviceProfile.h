//===- DeviceProfile.h - what a Vulkan device offers the compiler -*- C++ -*-===//
#ifndef TRITON_SPIRV_TARGET_SPIRV_DEVICEPROFILE_H
#define TRITON_SPIRV_TARGET_SPIRV_DEVICEPROFILE_H

#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::triton_spirv {

/// A device as the compiler sees it: the SPIR-V it may use and the limits
/// that shape code generation. Built-in profiles describe lavapipe and
/// NVIDIA; the runtime can report a live device's values.
struct DeviceProfile {
  std::string name;
  int64_t subgroupSize;
  int64_t maxSharedMemoryBytes;
  int64_t maxPushConstantBytes;
  int64_t maxWorkgroupInvocations;
  /// Consecutive elements an invocation handles in a run (vector width).
  int64_t contiguity;
  /// Bytes of one vector global access (0: scalar accesses only).
  int64_t vectorBytes;
  bool hasFloat64;
  /// Subgroup reductions give wrong results when the workgroup is a single
  /// subgroup (lavapipe, Mesa 22.3: tl.sum with num_warps=1 returned 0).
  bool singleSubgroupReductionsBroken;
  bool hasCooperativeMatrix;
  /// bf16 cooperative matrices (VK_KHR_shader_bfloat16's
  /// shaderBFloat16CooperativeMatrix): bf16 dots run on them as f16 ones do.
  bool hasBFloat16CooperativeMatrix;
  /// Signed 8-bit cooperative matrices into 32-bit accumulators at 16x16x32
  /// (the driver lists that shape): int8 dots run on them.
  bool hasInt8CooperativeMatrix;
  /// bf16 memory holds its bits as f16 rather than i16 (store-bf16-as-i16
  /// container=f16): the driver's compiler moves 16-bit integer data slowly.
  bool bf16StorageAsF16;
  /// K loops whose staged tiles are read element-wise (FMA dots) also get
  /// two copies of them; loops reading cooperative-matrix fragments always
  /// do (where they fit).
  bool doubleBufferElementTiles;
  /// How many iterations ahead (at most) element-read tiles are loaded,
  /// whatever num_stages asks; 0: num_stages - 1.
  int64_t elementTilePrefetchDistance;
  /// Loop classes marked DontUnroll for the driver (spirv-loop-control,
  /// comma-separated): "none", "all", "workgroup-memory", "nested-global".
  std::string dontUnrollLoops;
  /// Distributed loops that own no private element give each subgroup one
  /// contiguous span (llvmpipe runs a workgroup's subgroups one after
  /// another: each then walks memory sequentially).
  bool subgroupContiguousLoops;
  /// 8-byte global vector accesses load/store one 64-bit integer (llvmpipe
  /// issues one scalar access per lane and per vector component).
  bool vectorsAsInt64;
  /// No barrier after block loops that touch no workgroup memory
  /// (distribute-to-workgroup barrier-after-private-phases=false), partials
  /// folded into the reduction's init.
  bool minimalBarriers;
  /// Barriers whose neighbouring work shares no workgroup buffer go
  /// (eliminate-redundant-barriers).
  bool eliminateRedundantBarriers;
  /// Subgroup-uniform values used after a barrier are read again through a
  /// subgroup broadcast (spirv-rebroadcast-uniforms): llvmpipe saves values
  /// across barriers as per-lane vectors and forgets they are uniform.
  bool rebroadcastUniforms;
  /// Invocations numbered subgroup * size + lane instead of by
  /// LocalInvocationId (thread-id-from-subgroups): llvmpipe divides by the
  /// runtime workgroup size for the builtin at every subgroup call.
  bool threadIdFromSubgroups;
  /// Subgroup operations take 8-, 16- and 64-bit values
  /// (shaderSubgroupExtendedTypes).
  bool subgroupExtendedTypes;
  /// Runs that are vector-aligned only for some values of run-time
  /// arguments get a checked vector copy (vectorize-contiguous-runs
  /// runtime-alignment-checks).
  bool runtimeAlignmentChecks;
  /// Offsets wrapped by a remainder (Triton's `offs % N`) vectorized, with
  /// run-time sign checks and indices recomputed from where they were kept
  /// (vectorize-contiguous-runs wrapped-offsets).
  bool wrappedOffsetVectors;
  /// Workgroup variables a loop both writes and reads (tiles staged each
  /// iteration) live in a global scratch slice instead (spirv-spill-
  /// workgroup-memory loop-staged): llvmpipe reads workgroup memory at
  /// lane-varying addresses lane by lane, each behind its own branch, and
  /// global memory with one gather.
  bool loopStagedTilesInGlobalMemory;
  /// Reads of a staged global tile compute its element at the source, with
  /// aligned vector loads for consecutive columns (recompute-staged-tiles):
  /// on llvmpipe the copy (a gather and a scatter per element) and its
  /// barriers cost more than reading the matrices again from cache.
  bool recomputeStagedTiles;
  /// Block loops that update a private accumulator element by element move
  /// inside the loop over the invocation's runs (interchange-accumulation-
  /// loops): llvmpipe accesses private arrays at run-time indices lane by
  /// lane, while one run's array stays in registers.
  bool interchangeAccumulationLoops;
  /// Whole-workgroup reductions to a scalar fold the subgroup partials in
  /// every invocation, into a private copy of the result (distribute-to-
  /// workgroup private-reduction-results): one barrier per reduction.
  bool privateReductionResults;
  /// FMA matmuls read A elements a subgroup's lanes share through one load
  /// per lane and subgroup broadcasts (distribute-to-workgroup
  /// broadcast-shared-rows): llvmpipe gathers even a uniform address inside
  /// a loop, while a broadcast of a constant lane is one shuffle.
  bool broadcastSharedMatmulRows;
  /// Run length (instead of `contiguity`) in kernels whose FMA matmuls keep
  /// fewer than 64 outputs per invocation (distribute-to-workgroup
  /// narrow-matmul-contiguity; 0: `contiguity`).
  int64_t narrowMatmulContiguity;
  /// Outputs an invocation of an FMA matmul keeps in registers across the K
  /// loop (distribute-to-workgroup max-matmul-accumulators).
  int64_t maxMatmulAccumulators;
  /// FMA matmuls with a K block up to this long unroll it entirely
  /// (distribute-to-workgroup fully-unrolled-matmul-k).
  int64_t fullyUnrolledMatmulK;
  /// The same for A elements of at most 16 bits (fp16, bf16, int8; 0: as
  /// fullyUnrolledMatmulK).
  int64_t fullyUnrolledNarrowMatmulK;
  /// Unrolled multiply-accumulates per invocation the FMA matmuls of a
  /// kernel with several may emit together before their K loops unroll less
  /// (distribute-to-workgroup matmul-unroll-budget; 0: no limit).
  int64_t matmulUnrollBudget;
  /// Bytes of one row of shared-memory banks: workgroup buffers with rows a
  /// multiple of it long get padded rows (pad-workgroup-rows; 0: none).
  int64_t workgroupBankBytes;
  /// Chains of row-local ops on tiles with a row per invocation (online
  /// softmax) run as one loop over rows (fuse-row-phases): one phase and
  /// one barrier instead of one per op.
  bool rowPhaseLoops;
  /// Tile staging ops of a block move together (group-tile-staging) and
  /// adjacent phases on disjoint workgroup buffers share one barrier
  /// (distribute-to-workgroup share-barriers).
  bool shareBarriers;
  /// The driver's 16x16 cooperative-matrix fragments: invocation l holds
  /// rows l/4 and l/4 + 8 (components 0-3 and 4-7), each row's 16 columns
  /// spread over the 4 invocations of a quad; accumulators in the A
  /// operand's component order (NVIDIA, measured in
  /// bench/gpu/coopmat_probes/element_layout_probe.py). Attention's row phase
  /// then runs on the fragments (fragment-row-phases).
  bool fragmentQuadLayout;
  /// With fragmentQuadLayout: the row phases' per-row state (attention's
  /// running max and sum) stays in registers through loops that hold at
  /// most this many registers per invocation by fragment-row-phases'
  /// estimate (0: always in workgroup memory).
  int64_t carriedRowStateRegisterLimit;
  /// The driver's GLSL FMax/FMin return the other operand when one is NaN
  /// (IEEE maxNum; NVIDIA: FMNMX; Mesa 25's llvmpipe). arith.maxnumf /
  /// minnumf (tl.max, tl.maximum) are then one instruction instead of a
  /// compare, a NaN test and two selects (convert-kernel-to-spirv
  /// native-max-num).
  bool nativeMaxNum;
  /// The device runs a workgroup's invocations on one thread, so that a
  /// barrier orders memory by itself: barriers for workgroup memory carry
  /// no memory semantics, its accesses are Volatile (spirv-execution-only-
  /// barriers).
  bool executionOnlyBarriers;
  /// f32 atomic adds on global memory (VK_EXT_shader_atomic_float's
  /// shaderBufferFloat32AtomicAdd): tl.atomic_add of f32 is one
  /// OpAtomicFAddEXT instead of a compare-exchange loop.
  bool hasFloat32AtomicAdd;
  /// The same for f64 (shaderBufferFloat64AtomicAdd).
  bool hasFloat64AtomicAdd;
  /// GLSL.std.450 Fma is one fused operation (one rounding). Where it is not,
  /// tl.fma is expanded into exactly rounded arithmetic (exact-float-ops).
  bool fusedFma;
  /// f32 square roots and divisions are correctly rounded. Where they are
  /// not, the ones Triton asks to be (tl.math.sqrt_rn, div_rn, libdevice's
  /// _rn functions) are computed in f64 and rounded once (exact-float-ops).
  bool correctlyRoundedFloat32SqrtDiv;
  /// Workgroup arrays of 16-bit integers hold 32-bit elements
  /// (spirv-widen-int16-workgroup-variables): NVIDIA's driver lost the sign
  /// of i16 values loaded from workgroup memory.
  bool int16WorkgroupDataIn32Bits;
  /// The driver reassociates float arithmetic not marked NoContraction
  /// (NVIDIA: `(a + b) + b` as `a + 2b`): what no multiply-add contracts is
  /// marked (spirv-keep-arithmetic-exact ordered-float-arithmetic).
  bool reassociatesFloatArithmetic;
  /// The driver leaves an overflowed 8- or 16-bit result unwrapped in its
  /// register (NVIDIA compared a 16-bit -(-32768) as +32768): such
  /// arithmetic runs in 32 bits, wrapped (spirv-keep-arithmetic-exact
  /// wrap-narrow-integers).
  bool leavesNarrowOverflowUnwrapped;
  /// The driver turns a float -> 64-bit integer conversion truncated to a
  /// narrower integer into one saturating conversion (NVIDIA); the low word
  /// is read through a bitcast (spirv-keep-arithmetic-exact
  /// split-wide-truncations).
  bool foldsTruncatedWideConversions;
  /// The driver's f32 Sin, Cos, Log and Log2 are accurate only in absolute
  /// terms, as Vulkan allows (NVIDIA: 1e-6 near their zeros; llvmpipe: 688
  /// ulp there at |x| = 4476, log of subnormals flushed; Triton-CUDA's are
  /// within 1.5 ulp): they become arithmetic (convert-kernel-to-spirv
  /// accurate-transcendentals).
  bool absoluteErrorTranscendentals;
  /// Recorded in the SPIR-V target environment. On a CPU device the caches
  /// are coherent: volatile loads see other workgroups' writes, which a GPU's
  /// per-SM L1 does not guarantee (spin-locked data is read atomically there).
  spirv::DeviceType deviceType;
};

/// The built-in profile called `name` ("lavapipe", "lavapipe-mesa22", "nvidia").
std::optional<DeviceProfile> lookupDeviceProfile(llvm::StringRef name);

/// The SPIR-V target environment (Vulkan 1.2 / SPIR-V 1.5, physical storage
/// buffer addressing) for a profile.
spirv::TargetEnvAttr getTargetEnv(MLIRContext *context,
                                  const DeviceProfile &profile);

} // namespace mlir::triton_spirv

#endif
