// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(emulate-float-conversions))' --verify-diagnostics

// Arithmetic directly on fp8 has no emulation (Triton widens first).
func.func @add_fp8(%a: f8E5M2, %b: f8E5M2) -> f8E5M2 {
  // expected-error @below {{arithmetic on 'f8E5M2' is not supported; convert to a wider float first}}
  %s = arith.addf %a, %b : f8E5M2
  return %s : f8E5M2
}

// -----

func.func @fnuz(%in: memref<?xf8E4M3FNUZ>, %i: index) -> f32 {
  // expected-error @below {{fp8 type 'f8E4M3FNUZ' is not supported (only f8E5M2 and f8E4M3FN)}}
  %x = memref.load %in[%i] : memref<?xf8E4M3FNUZ>
  %w = arith.extf %x : f8E4M3FNUZ to f32
  return %w : f32
}
