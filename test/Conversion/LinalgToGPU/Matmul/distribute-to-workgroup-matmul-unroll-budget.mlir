// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=4 matmul-unroll-budget=512}))' | FileCheck %s --check-prefixes=FULL,ONE
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=4 matmul-unroll-budget=256}))' | FileCheck %s --check-prefixes=STEPS,ONE
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=4 matmul-unroll-budget=64}))' | FileCheck %s --check-prefixes=ROLLED,ONE

// Two 4x16x16 matmuls on 4 invocations: 16 outputs each, K 16 unrolled
// entirely by default, 256 multiply-accumulates per matmul (512 together).
// Within the budget both stay so; over it the K loops advance four steps an
// iteration (64 each), and over that too one step (16 each).
// FULL-LABEL: func.func @two_matmuls(
// FULL:         scf.for %{{.*}} = %{{.*}} to %c16{{(_[0-9]+)?}} step %c16{{(_[0-9]+)?}} iter_args(
// FULL-COUNT-256: math.fma
// FULL-NOT:       math.fma
// FULL:           scf.yield
// FULL:         scf.for %{{.*}} = %{{.*}} to %c16{{(_[0-9]+)?}} step %c16{{(_[0-9]+)?}} iter_args(
// FULL-COUNT-256: math.fma
// FULL-NOT:       math.fma
// FULL:           scf.yield
// STEPS-LABEL: func.func @two_matmuls(
// STEPS:         scf.for %{{.*}} = %{{.*}} to %c16{{(_[0-9]+)?}} step %c4{{(_[0-9]+)?}} iter_args(
// STEPS-COUNT-64: math.fma
// STEPS-NOT:      math.fma
// STEPS:          scf.yield
// STEPS:         scf.for %{{.*}} = %{{.*}} to %c16{{(_[0-9]+)?}} step %c4{{(_[0-9]+)?}} iter_args(
// STEPS-COUNT-64: math.fma
// STEPS-NOT:      math.fma
// STEPS:          scf.yield
// ROLLED-LABEL: func.func @two_matmuls(
// ROLLED:         scf.for %{{.*}} = %{{.*}} to %c16{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} iter_args(
// ROLLED-COUNT-16: math.fma
// ROLLED-NOT:      math.fma
// ROLLED:          scf.yield
// ROLLED:         scf.for %{{.*}} = %{{.*}} to %c16{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} iter_args(
// ROLLED-COUNT-16: math.fma
// ROLLED-NOT:      math.fma
// ROLLED:          scf.yield
func.func @two_matmuls(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<4x16xf32>
  %B = memref.alloc() : memref<16x16xf32>
  %C = memref.alloc() : memref<4x16xf32>
  %D = memref.alloc() : memref<4x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<4x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<16x16xf32>) {
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
  linalg.matmul ins(%A, %B : memref<4x16xf32>, memref<16x16xf32>) outs(%C : memref<4x16xf32>)
  linalg.fill ins(%zero : f32) outs(%D : memref<4x16xf32>)
  linalg.matmul ins(%C, %B : memref<4x16xf32>, memref<16x16xf32>) outs(%D : memref<4x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%D : memref<4x16xf32>) {
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

// -----

// A kernel with one matmul keeps its unrolling whatever the budget: its code
// is bounded by the accumulator and full-unroll limits already.
// ONE-LABEL: func.func @one_matmul(
// ONE:         scf.for %{{.*}} = %{{.*}} to %c16{{(_[0-9]+)?}} step %c16{{(_[0-9]+)?}} iter_args(
// ONE-COUNT-256: math.fma
// ONE-NOT:       math.fma
// ONE:           scf.yield
func.func @one_matmul(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<4x16xf32>
  %B = memref.alloc() : memref<16x16xf32>
  %C = memref.alloc() : memref<4x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<4x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<16x16xf32>) {
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
  linalg.matmul ins(%A, %B : memref<4x16xf32>, memref<16x16xf32>) outs(%C : memref<4x16xf32>)
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
