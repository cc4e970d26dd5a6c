// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/random_numbers.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel random_numbers: tl.rand / tl.randint / tl.randn (Philox, log/cos/sqrt).
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.
//
// NOTE: this kernel allocates 34 KiB of workgroup memory, more than
// lavapipe's 32 KiB (nothing checks max_compute_shared_memory_size yet).

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_random_numbers : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i32 [24])>, PushConstant>
// CHECK:         spirv.func @random_numbers() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 28 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @random_numbers, @__triton_spirv_args_random_numbers
// CHECK-NEXT:    spirv.ExecutionMode @random_numbers "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %random_numbers "random_numbers" %__triton_spirv_args_random_numbers
// BIN-NEXT:    OpExecutionMode %random_numbers LocalSize 32 1 1
