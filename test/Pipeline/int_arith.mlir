// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/int_arith.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel int_arith: integer arithmetic (division, remainders, shifts,
// min/max).
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_int_arith : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i64 [24], i64 [32], i64 [40], i32 [48])>, PushConstant>
// CHECK:         spirv.func @int_arith() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 52 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @int_arith, @__triton_spirv_args_int_arith
// CHECK-NEXT:    spirv.ExecutionMode @int_arith "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %int_arith "int_arith" %__triton_spirv_args_int_arith
// BIN-NEXT:    OpExecutionMode %int_arith LocalSize 32 1 1
