// RUN: not triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/libdevice_calls.nodebug.mlir --convert-triton-to-spirv 2>&1 | FileCheck %s
//
// Corpus kernel libdevice_calls is outside what SPIR-V targets can run (documented in
// docs/architecture.md): the pipeline stops with a diagnostic naming the op.

// CHECK: error: 'math.powf' on f64 has no SPIR-V lowering yet (GLSL.std.450 transcendentals are 16/
