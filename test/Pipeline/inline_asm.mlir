// RUN: not triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/inline_asm.nodebug.mlir --convert-triton-to-spirv 2>&1 | FileCheck %s
//
// Corpus kernel inline_asm is outside what SPIR-V targets can run (documented in
// docs/architecture.md): the pipeline stops with a diagnostic naming the op.

// CHECK: error: triton-to-linalg: inline assembly (PTX) cannot run on SPIR-V targets; tt.elementwis
