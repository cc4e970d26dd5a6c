// RUN: triton-spirv-opt %s --split-input-file --convert-func-to-spirv-kernel="profile=nvidia num-threads=128" --verify-diagnostics
// RUN: echo "module {}" | not triton-spirv-opt --convert-func-to-spirv-kernel="profile=mali" 2>&1 | FileCheck %s --check-prefix=PROFILE
// (num-threads out of range: convert-func-to-spirv-kernel-num-threads.mlir)

// PROFILE: error: unknown device profile 'mali'

// A function that is not a kernel (it was not inlined) cannot be called from
// a SPIR-V kernel yet.
// expected-error @+1 {{convert-func-to-spirv-kernel: calls to non-inlined functions are not supported yet}}
func.func private @helper(%x: i32) -> i32 {
  return %x : i32
}

// -----

// expected-error @+1 {{convert-func-to-spirv-kernel: kernels must be a single block after structured lowering}}
func.func public @multi_block(%a: memref<?xf32>, %c: i1) attributes {triton_spirv.kernel} {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  return
}
