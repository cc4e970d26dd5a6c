// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/block_ptr_copy.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
//
// Corpus kernel block_ptr_copy: block pointers (loop-carried, advanced, boundary-checked with zero and NaN padding) lowered by
// lower-block-pointers to masked pointer tensors, then the full
// pipeline (lavapipe, num_warps = 4) to a binary spirv-val accepts.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @block_ptr_copy()
// CHECK:         spirv.ExecutionMode @block_ptr_copy "LocalSize", 32, 1, 1
