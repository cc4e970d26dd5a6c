// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/int_types.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel int_types: i8/i16/i32/i64 memory and the integer/float
// conversions between them.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_int_types : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i64 [24], i64 [32], i64 [40])>, PushConstant>
// CHECK:         spirv.func @int_types() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 48 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @int_types, @__triton_spirv_args_int_types
// CHECK-NEXT:    spirv.ExecutionMode @int_types "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %int_types "int_types" %__triton_spirv_args_int_types
// BIN-NEXT:    OpExecutionMode %int_types LocalSize 32 1 1
