// RUN: triton-spirv-opt %s --lower-block-pointers | FileCheck %s

// A loop-carried block pointer becomes its base, shape, strides and offsets;
// tt.advance adds to the offsets; the boundary-checked load masks dimension 1
// only and pads with NaN; the store has no mask (no boundary check).
// CHECK-LABEL: tt.func public @copy_along_columns(
// CHECK-SAME:    %[[IN:.*]]: !tt.ptr<f32>, %[[OUT:.*]]: !tt.ptr<f32>, %[[M:.*]]: i64, %[[N:.*]]: i64
// CHECK:         scf.for %{{.*}} iter_args(%[[BASE:[a-z0-9_]+]] = %[[IN]], %{{[a-z0-9_]+}} = %[[M]], %[[NN:[a-z0-9_]+]] = %[[N]], %{{[a-z0-9_]+}} = %[[N]], %{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}, %[[ROW:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[COL:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} = %[[OUT]], {{.*}}) -> (!tt.ptr<f32>, i64, i64, i64, i64, i32, i32, !tt.ptr<f32>
// CHECK:           tt.make_range {end = 8 : i32, start = 0 : i32}
// CHECK:           tt.make_range {end = 16 : i32, start = 0 : i32}
// CHECK:           %[[NSPLAT:.*]] = tt.splat %[[NN]] : i64 -> tensor<16xi64>
// CHECK:           arith.cmpi slt, %{{.*}}, %[[NSPLAT]] : tensor<16xi64>
// CHECK:           %[[MASK:.*]] = tt.broadcast %{{.*}} : tensor<1x16xi1> -> tensor<8x16xi1>
// CHECK:           %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<8x16xf32>
// CHECK:           tt.load %{{.*}}, %[[MASK]], %[[NAN]] : tensor<8x16x!tt.ptr<f32>>
// CHECK:           tt.store %{{.*}}, %{{.*}} : tensor<8x16x!tt.ptr<f32>>
// CHECK:           %[[NEXT:.*]] = arith.addi %[[COL]], %{{.*}} : i32
// CHECK:           scf.yield %[[BASE]], {{.*}}, %[[NEXT]], %{{.*}} : !tt.ptr<f32>, i64, i64, i64, i64, i32, i32
// CHECK-NOT:     tt.make_tensor_ptr
// CHECK-NOT:     tt.advance
tt.func public @copy_along_columns(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i64, %n: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c16 = arith.constant 16 : i32
  %one = arith.constant 1 : i64
  %src = tt.make_tensor_ptr %in, [%m, %n], [%n, %one], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<8x16xf32>>
  %dst = tt.make_tensor_ptr %out, [%m, %n], [%n, %one], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<8x16xf32>>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %src, %d = %dst) -> (!tt.ptr<tensor<8x16xf32>>, !tt.ptr<tensor<8x16xf32>>) : i32 {
    %t = tt.load %s {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<8x16xf32>>
    tt.store %d, %t : !tt.ptr<tensor<8x16xf32>>
    %s2 = tt.advance %s, [%c0, %c16] : <tensor<8x16xf32>>
    %d2 = tt.advance %d, [%c0, %c16] : <tensor<8x16xf32>>
    scf.yield %s2, %d2 : !tt.ptr<tensor<8x16xf32>>, !tt.ptr<tensor<8x16xf32>>
  }
  tt.return
}
