// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/print_and_assert.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
//
// Corpus kernel print_and_assert: device_print and device_assert (scalars and tensors) become records in a debug buffer argument,
// written with atomics and read back by the launcher; then the full
// pipeline (lavapipe, num_warps = 4) to a binary spirv-val accepts.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @print_and_assert()
// CHECK:         spirv.ExecutionMode @print_and_assert "LocalSize", 32, 1, 1
