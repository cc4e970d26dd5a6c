// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/shape_ops.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel shape_ops: join/split/interleave, trans/permute, reshape,
// cat, expand_dims/broadcast.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_shape_ops : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16])>, PushConstant>
// CHECK:         spirv.func @shape_ops() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 24 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @shape_ops, @__triton_spirv_args_shape_ops
// CHECK-NEXT:    spirv.ExecutionMode @shape_ops "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %shape_ops "shape_ops" %__triton_spirv_args_shape_ops
// BIN-NEXT:    OpExecutionMode %shape_ops LocalSize 32 1 1
