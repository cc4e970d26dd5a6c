// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/libdevice_calls.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/libdevice_calls.nodebug.mlir --convert-triton-to-spirv | FileCheck %s --check-prefix=NOF64
//
// Corpus kernel libdevice_calls: f32 libdevice functions map onto GLSL.std.450
// (erf approximated, atan2 expanded, pow through f64); f64 pow and log1p, which GLSL.std.450
// lacks, are expanded into f64 arithmetic (no GL op on f64).

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @libdevice_calls()
// f32 pow: 2^(y log2|x|) in f64, rounded once to f32 (no GL.Pow).
// CHECK-NOT:       spirv.GL.Pow %{{.*}} : f32
// CHECK:           spirv.GL.RoundEven %{{.*}} : f64
// NOF64-NOT:       spirv.GL.Pow %{{.*}} : f64
// NOF64-NOT:       spirv.GL.Log %{{.*}} : f64
// NOF64-NOT:       spirv.GL.Exp %{{.*}} : f64
