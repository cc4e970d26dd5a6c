// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/pointer_casts.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
//
// Corpus kernel pointer_casts: pointers that do not trace to one argument, so
// lower-raw-pointers turns every pointer into a 64-bit address; accesses
// convert addresses to PhysicalStorageBuffer pointers at each use.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @pointer_casts()
// CHECK:           spirv.ConvertUToPtr %{{.*}} : i64 to !spirv.ptr<{{[a-z0-9]+}}, PhysicalStorageBuffer>
