// REQUIRES: spirv-val-cooperative-matrix
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/attention_fwd_two_stage.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.spv" | FileCheck %s --check-prefix=W4
// RUN: spirv-val --target-env vulkan1.3 %t.spv
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/attention_fwd_two_stage.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=8" | FileCheck %s --check-prefix=W8
//
// Tutorial 06's causal forward (128 x 32 blocks: a key loop up to the
// diagonal, then its 4 masked blocks) on the NVIDIA profile. The diagonal loop
// is always DontUnroll (short-matrix-loops). At 4 warps each subgroup owns 32
// rows, so the key loop starts 4 score fragments afresh per iteration and is
// rolled too (paired-matrix-loops: 0.86x the time on the H200); at 8 warps it
// owns 16 rows (2 fragments) and the key loop is left to the driver's
// unrolling, which pays there.

// W4-LABEL:  spirv.func @attention_fwd_two_stage
// W4-NOT:      spirv.KHR.CooperativeMatrixMulAdd
// W4:          spirv.mlir.loop control(DontUnroll)
// W4:          spirv.KHR.CooperativeMatrixMulAdd
// W4:          spirv.mlir.loop control(DontUnroll)
// W4:          spirv.KHR.CooperativeMatrixMulAdd

// W8-LABEL:  spirv.func @attention_fwd_two_stage
// W8-NOT:      DontUnroll
// W8:          spirv.KHR.CooperativeMatrixMulAdd
// W8:          spirv.mlir.loop control(DontUnroll)
// W8:          spirv.KHR.CooperativeMatrixMulAdd
