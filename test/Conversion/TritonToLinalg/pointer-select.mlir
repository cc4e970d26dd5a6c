// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// arith.select between two pointers derived from the same kernel argument is
// a select between their i64 offsets (PointerBaseAnalysis resolves both
// sides to the same argument, so the load reads that argument's memref).

// CHECK-LABEL: func.func public @select_scalar(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32>, %[[OUT:[^:]*]]: memref<?xf32>, %[[K:[^:]*]]: i32)
// CHECK-DAG:     %[[P1:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// CHECK-DAG:     %[[P2:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// CHECK:         %[[COND:.*]] = arith.cmpi sgt, %[[K]], %{{.*}} : i32
// CHECK:         %[[P:.*]] = arith.select %[[COND]], %{{.*}}, %{{.*}} : i64
// CHECK:         %[[IDX:.*]] = arith.index_cast %[[P]] : i64 to index
// CHECK:         %[[V:.*]] = memref.load %[[A]][%[[IDX]]] : memref<?xf32>
// CHECK:         memref.store %[[V]], %[[OUT]][%{{.*}}] : memref<?xf32>
tt.func public @select_scalar(%a: !tt.ptr<f32>, %out: !tt.ptr<f32>, %k: i32) {
  %c8 = arith.constant 8 : i32
  %p1 = tt.addptr %a, %c8 : !tt.ptr<f32>, i32
  %p2 = tt.addptr %a, %k : !tt.ptr<f32>, i32
  %cond = arith.cmpi sgt, %k, %c8 : i32
  %p = arith.select %cond, %p1, %p2 : !tt.ptr<f32>
  %v = tt.load %p : !tt.ptr<f32>
  tt.store %out, %v : !tt.ptr<f32>
  tt.return
}

// -----

// CHECK-LABEL: func.func public @select_tensor(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32>, %[[OUT:[^:]*]]: memref<?xf32>, %[[K:[^:]*]]: i32)
// CHECK:         %[[SEL:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<16xi1>, tensor<16xi64>, tensor<16xi64>) outs(%{{.*}} : tensor<16xi64>)
// CHECK:           arith.select %{{.*}}, %{{.*}}, %{{.*}} : i64
// CHECK:         linalg.generic {{.*}} ins(%[[SEL]] : tensor<16xi64>) outs(%{{.*}} : tensor<16xf32>)
// CHECK:           memref.load %[[A]][%{{.*}}] : memref<?xf32>
// CHECK-NOT:     !tt.ptr
tt.func public @select_tensor(%a: !tt.ptr<f32>, %out: !tt.ptr<f32>, %k: i32) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %c8 = arith.constant dense<8> : tensor<16xi32>
  %p = tt.splat %a : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %p1 = tt.addptr %p, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %p2 = tt.addptr %p1, %c8 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %ks = tt.splat %k : i32 -> tensor<16xi32>
  %cond = arith.cmpi sgt, %r, %ks : tensor<16xi32>
  %ps = arith.select %cond, %p1, %p2 : tensor<16xi1>, tensor<16x!tt.ptr<f32>>
  %v = tt.load %ps : tensor<16x!tt.ptr<f32>>
  %q = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %q1 = tt.addptr %q, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %q1, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}
