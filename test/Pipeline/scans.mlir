// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/scans.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/scans.nodebug.mlir --convert-triton-to-spirv="profile=nvidia" | FileCheck %s --check-prefix=NVIDIA
//
// Corpus kernel scans: cumsum/cumprod along each axis of an 8x128 block,
// reverse scans and a 2-operand (affine-recurrence) scan; every scan is
// ceil(log2 N) Hillis-Steele steps, each a distributed phase followed by a
// workgroup barrier.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations. The lavapipe
// profile asks the driver not to unroll loops over workgroup memory; the
// nvidia profile leaves unrolling to the driver.
// Its eleven workgroup buffers (37 KiB) exceed lavapipe's 32 KiB, but those
// of one type that are never live at once share one variable
// (--share-workgroup-buffers): six of 4 KiB and two of 512 bytes remain,
// so nothing moves to global scratch and the push constants are the four
// pointers alone.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_scans : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i64 [24])>, PushConstant>
// CHECK-COUNT-8: spirv.GlobalVariable @__workgroup_mem__{{[0-9]+}} : !spirv.ptr<!spirv.struct<(!spirv.array<{{128 x i32|1024 x f32}}>)>, Workgroup>
// CHECK:         spirv.func @scans() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 32 : i64
// CHECK-SAME:      scratch_bytes_per_program = 0 : i64
// CHECK:         spirv.mlir.loop control(DontUnroll)
// CHECK:         spirv.Store "Workgroup" %{{.*}}, %{{.*}} ["Volatile"]
// CHECK:         spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// CHECK-NOT:     spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease
// CHECK:         spirv.EntryPoint "GLCompute" @scans, @__triton_spirv_args_scans
// CHECK-NEXT:    spirv.ExecutionMode @scans "LocalSize", 32, 1, 1

// NVIDIA-LABEL: spirv.func @scans
// NVIDIA-NOT:   DontUnroll
// NVIDIA:       spirv.EntryPoint

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %scans "scans" %__triton_spirv_args_scans
// BIN-NEXT:    OpExecutionMode %scans LocalSize 32 1 1
