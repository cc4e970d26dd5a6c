// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=4}))' | FileCheck %s --check-prefix=STEPS
// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=4 fully-unrolled-matmul-k=32}))' | FileCheck %s --check-prefix=FULL

// A K block of 32 is longer than the default full unroll (16): the K loop
// advances four steps per iteration, 4 x 16 fused multiply-adds each.
// STEPS-LABEL: func.func @matmul_k32(
// STEPS:         scf.for %{{.*}} = %{{.*}} to %c32{{(_[0-9]+)?}} step %c4{{(_[0-9]+)?}} iter_args(
// STEPS-COUNT-64:  math.fma
// STEPS-NOT:       math.fma
// STEPS:           scf.yield

// With fully-unrolled-matmul-k=32 the loop runs once, all 32 steps in it
// (the driver's compiler then schedules the whole block).
// FULL-LABEL: func.func @matmul_k32(
// FULL:         scf.for %{{.*}} = %{{.*}} to %c32{{(_[0-9]+)?}} step %c32{{(_[0-9]+)?}} iter_args(
// FULL-COUNT-512: math.fma
// FULL-NOT:       math.fma
// FULL:           scf.yield
func.func @matmul_k32(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<4x32xf32>
  %B = memref.alloc() : memref<32x16xf32>
  %C = memref.alloc() : memref<4x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<4x32xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<32x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %b[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<4x16xf32>)
  linalg.matmul ins(%A, %B : memref<4x32xf32>, memref<32x16xf32>) outs(%C : memref<4x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<4x16xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}
