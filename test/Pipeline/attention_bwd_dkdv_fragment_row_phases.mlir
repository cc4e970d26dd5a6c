// REQUIRES: spirv-val-cooperative-matrix
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/attention_bwd_dkdv.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.3 %t.spv
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/attention_bwd_dkdv.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=8 output=%t.w8.spv" -o /dev/null
// RUN: spirv-val --target-env vulkan1.3 %t.w8.spv
//
// Tutorial 06's backward, keys' side (32 queries x 64 keys per block) on the
// NVIDIA profile: both steps between its dots run on the fragments
// (fragment-row-phases). In the query loop, P^T = exp2(S^T * scale - lse) reads
// S^T out of the accumulator and lse from global memory at the invocation's
// columns, and builds P^T's A fragments for the dV dot; dS^T then reads the
// written-back P^T (a fragment rebuilt from the first step's values) and dP^T
// out of the accumulator, with delta read the same way, and builds dS^T's A
// fragments for the dK dot. The binary is valid (4 warps: 16 keys per
// subgroup; 8 warps: 8, the steps stay per row).
// CHECK:       spirv.mlir.loop
// CHECK:       spirv.mlir.loop
// CHECK:         spirv.KHR.CooperativeMatrixMulAdd
// CHECK:         spirv.CompositeExtract %{{.*}}[0 : i32] : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK:         spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 4] : f32
// CHECK:         spirv.CompositeInsert %{{.*}}, %{{.*}}[0 : i32] : f16 into !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK:         spirv.KHR.CooperativeMatrixMulAdd
// CHECK:         spirv.KHR.CooperativeMatrixMulAdd
// CHECK:         spirv.CompositeExtract %{{.*}}[0 : i32] : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK:         spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 4] : f32
// CHECK:         spirv.CompositeInsert %{{.*}}, %{{.*}}[0 : i32] : f16 into !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK-NOT:     spirv.KHR.CooperativeMatrixStore
// CHECK:         spirv.KHR.CooperativeMatrixMulAdd
