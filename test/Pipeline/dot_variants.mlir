// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/dot_variants.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel dot_variants: tt.dot in several precisions / element types, and a
// batched dot.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.
// (The launch checks the workgroup memory, 26 KiB here, against the
// device's maxComputeSharedMemorySize.)

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_dot_variants : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i64 [24], i64 [32])>, PushConstant>
// CHECK:         spirv.func @dot_variants() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 40 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @dot_variants, @__triton_spirv_args_dot_variants
// CHECK-NEXT:    spirv.ExecutionMode @dot_variants "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %dot_variants "dot_variants" %__triton_spirv_args_dot_variants
// BIN-NEXT:    OpExecutionMode %dot_variants LocalSize 32 1 1
