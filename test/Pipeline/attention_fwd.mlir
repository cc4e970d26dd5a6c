// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/attention_fwd.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/attention_fwd.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.nvidia.spv" -o /dev/null
// RUN: spirv-val --target-env vulkan1.3 %t.nvidia.spv
//
// Corpus kernel attention_fwd through the whole pipeline for both device profiles
// (lavapipe: 4 warps x 8 = 32 invocations; nvidia: 4 x 32 = 128) to
// binaries spirv-val accepts.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @attention_fwd()
// CHECK:         spirv.ExecutionMode @attention_fwd "LocalSize", 32, 1, 1
