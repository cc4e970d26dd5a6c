// REQUIRES: spirv-val-cooperative-matrix
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/dot_variants.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.3 %t.spv
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/dot_variants.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 cooperative-matrix=0" | FileCheck %s --check-prefix=FMA
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/dot_variants.nodebug.mlir --convert-triton-to-spirv="profile=nvidia-fma num-warps=4" | FileCheck %s --check-prefix=FMA
//
// The corpus kernel dot_variants on the nvidia profile: its int8 x int8 ->
// int32 dot (32x32x32) runs on 16x32 and 32x16 signed 8-bit matrices into
// 16x16 int32 accumulators, the shape the driver lists (s8 x s8 -> s32), and
// the multiply-add says the components are signed (the KHR operation reads
// them as unsigned otherwise). The 8-bit tiles are vectors of 4 in workgroup
// memory (fragment strides count vectors). Without cooperative matrices (the
// option, or the nvidia-fma profile of drivers without them) the dot runs on
// integer FMAs.

// CHECK:     spirv.KHR.CooperativeMatrixLoad {{.*}} : !spirv.ptr<vector<4xi8>, Workgroup>, i32 -> !spirv.coopmatrix<16x32xsi8, Subgroup, MatrixA>
// CHECK:     spirv.KHR.CooperativeMatrixLoad {{.*}} : !spirv.ptr<vector<4xi8>, Workgroup>, i32 -> !spirv.coopmatrix<32x16xsi8, Subgroup, MatrixB>
// CHECK:     spirv.KHR.CooperativeMatrixMulAdd {{.*}}, <ASigned|BSigned|CSigned|ResultSigned> : !spirv.coopmatrix<16x32xsi8, Subgroup, MatrixA>, !spirv.coopmatrix<32x16xsi8, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xi32, Subgroup, MatrixAcc>
// FMA-NOT:   coopmatrix
// FMA:       spirv.IMul {{.*}} : i32
