// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/tensor_desc_int_reduce.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
//
// Corpus kernel tensor_desc_int_reduce: tensor descriptor ops lowered by
// lower-tensor-descriptors to masked pointer tensors, then the full
// pipeline (lavapipe, num_warps = 4) to a binary spirv-val accepts.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @tensor_desc_int_reduce()
// CHECK:         spirv.ExecutionMode @tensor_desc_int_reduce "LocalSize", 32, 1, 1
