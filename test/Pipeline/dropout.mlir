// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/dropout.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel dropout: Philox-based dropout; scalar i32 and f32 arguments
// travel in the push constants.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_dropout : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i32 [16], f32 [20], i32 [24])>, PushConstant>
// CHECK:         spirv.func @dropout() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 28 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @dropout, @__triton_spirv_args_dropout
// CHECK-NEXT:    spirv.ExecutionMode @dropout "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %dropout "dropout" %__triton_spirv_args_dropout
// BIN-NEXT:    OpExecutionMode %dropout LocalSize 32 1 1
