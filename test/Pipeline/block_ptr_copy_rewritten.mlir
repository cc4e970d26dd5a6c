// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/block_ptr_copy_rewritten.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel block_ptr_copy_rewritten: a block-pointer copy after Triton rewrote the block
// pointers into plain pointer arithmetic.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_block_ptr_copy : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i32 [24], i32 [28], i32 [32])>, PushConstant>
// CHECK:         spirv.func @block_ptr_copy() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 36 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @block_ptr_copy, @__triton_spirv_args_block_ptr_copy
// CHECK-NEXT:    spirv.ExecutionMode @block_ptr_copy "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %block_ptr_copy "block_ptr_copy" %__triton_spirv_args_block_ptr_copy
// BIN-NEXT:    OpExecutionMode %block_ptr_copy LocalSize 32 1 1
