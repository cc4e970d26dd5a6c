// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/matmul_fp16_acc_fp32.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/matmul_fp16_acc_fp32.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 cooperative-matrix=0 output=%t.nvidia.spv" -o /dev/null
// RUN: spirv-val --target-env vulkan1.2 %t.nvidia.spv
//
// Corpus kernel matmul_fp16_acc_fp32 through the whole pipeline for both device profiles
// (lavapipe: 4 warps x 8 = 32 invocations; nvidia: 4 x 32 = 128) to
// binaries spirv-val accepts. The nvidia binary here uses the FMA path; its
// cooperative-matrix form is matmul_fp16_cooperative_matrix.mlir.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @matmul()
// CHECK:         spirv.ExecutionMode @matmul "LocalSize", 32, 1, 1
