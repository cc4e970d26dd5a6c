// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=4}))' | FileCheck %s --check-prefixes=F32-STEPS,F16-STEPS
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=4 fully-unrolled-matmul-k=32}))' | FileCheck %s --check-prefixes=F32-FULL,F16-FULL
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=4 fully-unrolled-narrow-matmul-k=32}))' | FileCheck %s --check-prefixes=F32-STEPS,F16-FULL

// A K block of 32 is longer than the default full unroll (16): the K loop
// advances four steps per iteration, 4 x 16 fused multiply-adds each.
// F32-STEPS-LABEL: func.func @matmul_k32(
// F32-STEPS:         scf.for %{{.*}} = %{{.*}} to %c32{{(_[0-9]+)?}} step %c4{{(_[0-9]+)?}} iter_args(
// F32-STEPS-COUNT-64:  math.fma
// F32-STEPS-NOT:       math.fma
// F32-STEPS:           scf.yield

// With fully-unrolled-matmul-k=32 the loop runs once, all 32 steps in it
// (the driver's compiler then schedules the whole block).
// F32-FULL-LABEL: func.func @matmul_k32(
// F32-FULL:         scf.for %{{.*}} = %{{.*}} to %c32{{(_[0-9]+)?}} step %c32{{(_[0-9]+)?}} iter_args(
// F32-FULL-COUNT-512: math.fma
// F32-FULL-NOT:       math.fma
// F32-FULL:           scf.yield
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

// -----

// f16 A elements follow fully-unrolled-narrow-matmul-k where it is set, and
// fully-unrolled-matmul-k otherwise.
// F16-STEPS-LABEL: func.func @matmul_k32_f16(
// F16-STEPS:         scf.for %{{.*}} = %{{.*}} to %c32{{(_[0-9]+)?}} step %c4{{(_[0-9]+)?}} iter_args(
// F16-STEPS-COUNT-64:  math.fma
// F16-STEPS-NOT:       math.fma
// F16-STEPS:           scf.yield
// F16-FULL-LABEL: func.func @matmul_k32_f16(
// F16-FULL:         scf.for %{{.*}} = %{{.*}} to %c32{{(_[0-9]+)?}} step %c32{{(_[0-9]+)?}} iter_args(
// F16-FULL-COUNT-512: math.fma
// F16-FULL-NOT:       math.fma
// F16-FULL:           scf.yield
func.func @matmul_k32_f16(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<4x32xf16>
  %B = memref.alloc() : memref<32x16xf16>
  %C = memref.alloc() : memref<4x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<4x32xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    %h = arith.truncf %v : f32 to f16
    linalg.yield %h : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<32x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %b[%f] : memref<?xf32>
    %h = arith.truncf %v : f32 to f16
    linalg.yield %h : f16
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<4x16xf32>)
  linalg.matmul ins(%A, %B : memref<4x32xf16>, memref<32x16xf16>) outs(%C : memref<4x16xf32>)
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
