// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup))' --verify-diagnostics

func.func @dynamic_bounds(%out: memref<?xf32>, %n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{distribute-to-workgroup: block loops need static bounds}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %x, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

func.func @dynamic_alloc(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{distribute-to-workgroup: dynamic allocation}}
  %a = memref.alloc(%n) : memref<?xf32>
  %v = memref.load %a[%c0] : memref<?xf32>
  return %v : f32
}

// -----

func.func @parallel_reduction(%in: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{distribute-to-workgroup: parallel loops with reductions are not expected here}}
  %r = scf.parallel (%i) = (%c0) to (%c64) step (%c1) init (%zero) -> f32 {
    %v = memref.load %in[%i] : memref<64xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
