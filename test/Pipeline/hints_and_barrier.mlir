// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/hints_and_barrier.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel hints_and_barrier: llvm.intr.assume hints (dropped),
// multiple_of/max_contiguous hints and an explicit tl.debug_barrier, which
// orders global memory too (as bar.sync does for Triton-CUDA).
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_hints_and_barrier : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i32 [16], i32 [20])>, PushConstant>
// CHECK:         spirv.func @hints_and_barrier() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 24 : i64
// CHECK:         spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
// CHECK:         spirv.EntryPoint "GLCompute" @hints_and_barrier, @__triton_spirv_args_hints_and_barrier
// CHECK-NEXT:    spirv.ExecutionMode @hints_and_barrier "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %hints_and_barrier "hints_and_barrier" %__triton_spirv_args_hints_and_barrier
// BIN-NEXT:    OpExecutionMode %hints_and_barrier LocalSize 32 1 1
