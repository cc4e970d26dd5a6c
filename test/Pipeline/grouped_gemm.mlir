// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/grouped_gemm.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
//
// Corpus kernel grouped_gemm: its matrices' addresses are read from pointer
// tables (tt.int_to_ptr of a loaded i64). Each address is a base of its own,
// as a pointer argument is: one PhysicalStorageBuffer pointer per matrix,
// indexed by element offsets, rather than a 64-bit address per element.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @grouped_gemm()
// CHECK:           %[[A:.*]] = spirv.ConvertUToPtr %{{.*}} : i64 to !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, PhysicalStorageBuffer>
// CHECK:           spirv.AccessChain %[[A]][%{{.*}}, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, PhysicalStorageBuffer>, i32, i32
