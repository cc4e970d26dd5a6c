// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/dot_scaled_mx.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
//
// Corpus kernel dot_scaled_mx: tt.dot_scaled (e5m2 x e2m1 with e8m0 scales, bf16 x scaled e5m2) decomposed by
// decompose-dot-scaled into f32 operands and tt.dot, then the full
// pipeline (lavapipe, num_warps = 4) to a binary spirv-val accepts.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @dot_scaled_mx()
// CHECK:         spirv.ExecutionMode @dot_scaled_mx "LocalSize", 32, 1, 1
