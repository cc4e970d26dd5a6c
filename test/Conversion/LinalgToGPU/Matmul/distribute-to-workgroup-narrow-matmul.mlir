// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=8 contiguity=4 narrow-matmul-contiguity=2}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=8 contiguity=4 max-matmul-accumulators=128}))' | FileCheck %s --check-prefix=MAX

// 8x16 outputs over 8 invocations: 16 each, fewer than the 64 an invocation
// may keep in registers, so the kernel runs runs of 2 instead of 4. Each
// invocation then owns 8 rows x 2 columns (2 B loads per k) instead of
// 4 rows x 4 columns (4 B loads per k).
// MAX-LABEL: func.func @few_outputs(
// MAX:         %{{.*}}:16 = scf.for
// CHECK-LABEL: func.func @few_outputs(
// CHECK:         %{{.*}}:16 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK-COUNT-2:   memref.load %{{.*}}[%[[K]], %{{.*}}] : memref<4x16xf32
// CHECK-NOT:       memref.load %{{.*}}[%[[K]], %{{.*}}] : memref<4x16xf32
// CHECK-COUNT-8:   memref.load %{{.*}}[%{{.*}}, %[[K]]] : memref<8x4xf32
// CHECK:           arith.addi %[[K]], %c1
func.func @few_outputs(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<8x4xf32>
  %B = memref.alloc() : memref<4x16xf32>
  %C = memref.alloc() : memref<8x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<8x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<4x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %b[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<8x16xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x16xf32>) outs(%C : memref<8x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<8x16xf32>) {
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

// 32x32 outputs: 128 per invocation, beyond 64: runs of 4 stay (4 columns,
// 4 B loads per k, in chunks of 16 rows).
// With max-matmul-accumulators=128 all 128 outputs stay in registers through
// one K loop instead of two chunks of 64 running it twice.
// MAX-LABEL: func.func @many_outputs(
// MAX:         %{{.*}}:128 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// MAX-NOT:     scf.for %{{.*}} iter_args(
// CHECK-LABEL: func.func @many_outputs(
// CHECK:         %{{.*}}:64 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK-COUNT-4:   memref.load %{{.*}}[%[[K]], %{{.*}}] : memref<4x32xf32
// CHECK-NOT:       memref.load %{{.*}}[%[[K]], %{{.*}}] : memref<4x32xf32
// CHECK:           memref.load %{{.*}}[%{{.*}}, %[[K]]] : memref<32x4xf32
func.func @many_outputs(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<32x4xf32>
  %B = memref.alloc() : memref<4x32xf32>
  %C = memref.alloc() : memref<32x32xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<32x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<4x32xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 32 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %b[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<32x32xf32>)
  linalg.matmul ins(%A, %B : memref<32x4xf32>, memref<4x32xf32>) outs(%C : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<32x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 32 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}
