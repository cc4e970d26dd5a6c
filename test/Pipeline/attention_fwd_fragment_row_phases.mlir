// REQUIRES: spirv-val-cooperative-matrix
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/attention_fwd_whole_blocks.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.3 %t.spv
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/attention_fwd_whole_blocks.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=8 output=%t.w8.spv" -o /dev/null
// RUN: spirv-val --target-env vulkan1.3 %t.w8.spv
//
// Tutorial 06's forward (128x32 blocks, no masks) on the NVIDIA profile: the
// online softmax runs on the score fragments (fragment-row-phases), so the
// key loop reads scores out of cooperative matrices, reduces rows with
// subgroup shuffles and builds P's A fragments, and the binary is valid
// (4 warps: 32 rows per subgroup; 8 warps: 16, the phase guarded first).
// CHECK:       spirv.mlir.loop
// CHECK:         spirv.KHR.CooperativeMatrixMulAdd
// CHECK:         spirv.CompositeExtract %{{.*}}[0 : i32] : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK:         spirv.GroupNonUniformShuffleXor <Subgroup>
// CHECK:         spirv.CompositeInsert %{{.*}}, %{{.*}}[0 : i32] : f16 into !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK:         spirv.KHR.CooperativeMatrixMulAdd
