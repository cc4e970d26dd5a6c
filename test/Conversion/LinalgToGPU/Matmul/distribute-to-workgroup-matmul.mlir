// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=4}))' | FileCheck %s

// A matmul computed by the owners of its outputs: 8x16 outputs over 4
// invocations in runs of 4 (rounds of 16 = one row), so each invocation owns
// 8 rows x the same 4 columns. The accumulator is invocation-private (32
// entries); the K loop carries the 32 outputs in registers, loads the 4 B
// values of its columns once per k and one A value per row, and accumulates
// with one fused multiply-add per output.
// CHECK-LABEL: func.func @matmul(
// CHECK-DAG:     %[[A:.*]] = memref.alloc() : memref<8x4xf16, #spirv.storage_class<Workgroup>>
// CHECK-DAG:     %[[B:.*]] = memref.alloc() : memref<4x16xf16, #spirv.storage_class<Workgroup>>
// CHECK-DAG:     %[[C:.*]] = memref.alloca() : memref<32xf32, #spirv.storage_class<Function>>
// CHECK-NOT:     memref<8x16xf32
// The copies into A and B and the fill of C write every element of their
// buffers (identity output maps): their round loops are marked (for
// recompute-staged-tiles).
// CHECK-COUNT-3: } {triton_spirv.writes_whole_buffer}
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-COUNT-32:  memref.load %[[C]]
// CHECK:           %{{.*}}:32 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-COUNT-4:     memref.load %[[B]][%[[K]], %{{.*}}] : memref<4x16xf16
// CHECK:             memref.load %[[A]][%{{.*}}, %[[K]]] : memref<8x4xf16
// CHECK-NOT:         arith.mulf
// CHECK-COUNT-4:     math.fma %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK:             memref.load %[[A]][%{{.*}}, %[[K]]] : memref<8x4xf16
// K advances 4 steps per iteration: the next step reads k + 1.
// CHECK:             %[[K1:.*]] = arith.addi %[[K]], %c1{{.*}} : index
// CHECK-COUNT-4:     memref.load %[[B]][%[[K1]], %{{.*}}] : memref<4x16xf16
// CHECK:             memref.load %[[A]][%{{.*}}, %[[K1]]] : memref<8x4xf16
// CHECK:             scf.yield
// CHECK-COUNT-32:  memref.store %{{.*}}, %[[C]]
// The epilogue writes no block buffer.
// CHECK-NOT:     writes_whole_buffer
func.func @matmul(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<8x4xf16>
  %B = memref.alloc() : memref<4x16xf16>
  %C = memref.alloc() : memref<8x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<8x4xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    %h = arith.truncf %v : f32 to f16
    linalg.yield %h : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<4x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %b[%f] : memref<?xf32>
    %h = arith.truncf %v : f32 to f16
    linalg.yield %h : f16
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<8x16xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf16>, memref<4x16xf16>) outs(%C : memref<8x16xf32>)
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
