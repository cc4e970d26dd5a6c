// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/map_elementwise.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel map_elementwise: a scalar region with a branch (lifted to
// scf) and a pack = 2 region with two results.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_map_elementwise : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i64 [24], i64 [32], i64 [40])>, PushConstant>
// CHECK:         spirv.func @map_elementwise() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 48 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @map_elementwise, @__triton_spirv_args_map_elementwise
// CHECK-NEXT:    spirv.ExecutionMode @map_elementwise "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %map_elementwise "map_elementwise" %__triton_spirv_args_map_elementwise
// BIN-NEXT:    OpExecutionMode %map_elementwise LocalSize 32 1 1
