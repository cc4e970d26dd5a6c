// RUN: triton-spirv-opt %s --split-input-file --lower-tensor-descriptors | FileCheck %s

// A descriptor argument becomes its base pointer plus an i1 "pad with NaN"
// argument; shape and strides are the frontend's arguments after it. The
// load is a masked tt.load whose padding is selected by that flag.
// CHECK-LABEL: tt.func public @load_argument(
// CHECK-SAME:    %[[BASE:.*]]: !tt.ptr<f32>, %[[NAN:.*]]: i1, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[S0:.*]]: i64, %[[S1:.*]]: i64, %[[OUT:.*]]: !tt.ptr<f32>
// CHECK:         %[[ROWS:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32}
// CHECK:         arith.cmpi sge
// CHECK:         %[[MSPLAT:.*]] = tt.splat %[[M]] : i32 -> tensor<16xi32>
// CHECK:         arith.cmpi slt, %{{.*}}, %[[MSPLAT]]
// CHECK:         %[[NSPLAT:.*]] = tt.splat %[[N]] : i32 -> tensor<32xi32>
// CHECK:         arith.cmpi slt, %{{.*}}, %[[NSPLAT]]
// CHECK:         tt.splat %[[S0]] : i64 -> tensor<16x32xi64>
// CHECK:         tt.splat %[[S1]] : i64 -> tensor<16x32xi64>
// CHECK:         %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<16x32xi1>
// CHECK:         %[[PTRS:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi64>
// CHECK:         %[[PAD:.*]] = arith.select %[[NAN]], %{{.*}}, %{{.*}} : tensor<16x32xf32>
// CHECK:         tt.load %[[PTRS]], %[[MASK]], %[[PAD]] : tensor<16x32x!tt.ptr<f32>>
// CHECK-NOT:     tensordesc
tt.func public @load_argument(%desc: !tt.tensordesc<tensor<16x32xf32>>, %m: i32, %n: i32, %s0: i64, %s1: i64, %out: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %block = tt.descriptor_load %desc[%c0, %c0] : !tt.tensordesc<tensor<16x32xf32>> -> tensor<16x32xf32>
  %p = tt.splat %out : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
  tt.store %p, %block : tensor<16x32x!tt.ptr<f32>>
  tt.return
}

// -----

// Reductions become masked atomics; min/max follow the block's signedness.
// CHECK-LABEL: tt.func public @reduce_made(
// CHECK-NOT:     tt.make_tensor_descriptor
// CHECK:         tt.atomic_rmw min, relaxed, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<8x16x!tt.ptr<i32>>, tensor<8x16xi32>, tensor<8x16xi1>)
// CHECK:         tt.atomic_rmw umax, relaxed, gpu
// CHECK:         tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<8x16x!tt.ptr<i32>>
tt.func public @reduce_made(%p: !tt.ptr<i32>, %m: i32, %n: i32, %v: tensor<8x16xi32>) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %ld = arith.extsi %n : i32 to i64
  %signed = tt.make_tensor_descriptor %p, [%m, %n], [%ld, %c1] : <i32>, <tensor<8x16xsi32>>
  %unsigned = tt.make_tensor_descriptor %p, [%m, %n], [%ld, %c1] : <i32>, <tensor<8x16xui32>>
  tt.descriptor_reduce min, %signed[%c0, %c0], %v : !tt.tensordesc<tensor<8x16xsi32>>, tensor<8x16xi32>
  tt.descriptor_reduce max, %unsigned[%c0, %c0], %v : !tt.tensordesc<tensor<8x16xui32>>, tensor<8x16xi32>
  tt.descriptor_store %signed[%c0, %c0], %v : !tt.tensordesc<tensor<8x16xsi32>>, tensor<8x16xi32>
  tt.return
}

// -----

// Gathers take their rows from a tensor and a contiguous run of columns.
// CHECK-LABEL: tt.func public @gather(
// CHECK-SAME:    %{{.*}}: !tt.ptr<f16>, %{{.*}}: i32, %{{.*}}: i32, %[[ROWS:.*]]: tensor<4xi32>, %[[COL:.*]]: i32
// CHECK:         tt.expand_dims %[[ROWS]] {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
// CHECK:         tt.splat %[[COL]] : i32 -> tensor<64xi32>
// CHECK:         %[[G:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<4x64x!tt.ptr<f16>>
// CHECK:         tt.return %[[G]]
tt.func public @gather(%p: !tt.ptr<f16>, %m: i32, %n: i32, %rows: tensor<4xi32>, %col: i32) -> tensor<4x64xf16> {
  %c1 = arith.constant 1 : i64
  %ld = arith.extsi %n : i32 to i64
  %d = tt.make_tensor_descriptor %p, [%m, %n], [%ld, %c1] : <f16>, <tensor<1x64xf16>>
  %g = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<4xi32>, i32) -> tensor<4x64xf16>
  tt.return %g : tensor<4x64xf16>
}
