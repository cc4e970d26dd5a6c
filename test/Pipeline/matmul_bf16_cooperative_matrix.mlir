// REQUIRES: spirv-val-cooperative-matrix
// RUN: sed 's/f16/bf16/g' %S/../Dialect/Triton/Corpus/Inputs/matmul_fp16_acc_fp32.nodebug.mlir > %t.mlir
// RUN: triton-spirv-opt %t.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.3 %t.spv
// RUN: triton-spirv-opt %t.mlir --convert-triton-to-spirv="profile=nvidia-no-bf16 num-warps=4" | FileCheck %s --check-prefix=NOBF16
//
// The fp16 tutorial matmul with bf16 operands (f32 accumulator): on a device
// with bf16 cooperative matrices its fragments are bf16 matrices loaded from
// the f16-typed workgroup tiles (vectors of 4) that hold their bits, copied
// there by vector accesses; the binary declares
// BFloat16CooperativeMatrixKHR and passes spirv-val (SPIRV-Tools >= 2025).
// Without them (nvidia-no-bf16) the dot runs on FMAs.
// CHECK:     spirv.module {{.*}} requires #spirv.vce<v1.6, [{{.*}}BFloat16CooperativeMatrixKHR{{.*}}], [{{.*}}SPV_KHR_bfloat16{{.*}}]>
// CHECK:     spirv.KHR.CooperativeMatrixLoad {{.*}} : !spirv.ptr<vector<4xf16>, Workgroup>, i32 -> !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>
// CHECK:     spirv.KHR.CooperativeMatrixLoad {{.*}} : !spirv.ptr<vector<4xf16>, Workgroup>, i32 -> !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB>
// CHECK:     spirv.KHR.CooperativeMatrixMulAdd {{.*}} : !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NOT: coopmatrix<16x16xf16
// NOBF16-NOT: BFloat16
// NOBF16-NOT: spirv.KHR.CooperativeMatrixMulAdd
