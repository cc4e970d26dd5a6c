// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// Shape ops: make_range is a linalg.generic over linalg.index, splat (of a
// value or a splat constant) a generic broadcasting a scalar (map to ()),
// broadcast a generic reading index 0 of the broadcast dimensions, expand_dims
// a tensor.expand_shape.

// CHECK: #[[ID1:.*]] = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func private @make_range()
// CHECK:         %[[E0:.*]] = tensor.empty() : tensor<128xi32>
// CHECK:         %[[R0:.*]] = linalg.generic {indexing_maps = [#[[ID1]]], iterator_types = ["parallel"]} outs(%[[E0]] : tensor<128xi32>) {
// CHECK-NEXT:    ^bb0(%{{.*}}: i32):
// CHECK-NEXT:      %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[V:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT:      linalg.yield %[[V]] : i32
// CHECK-NEXT:    } -> tensor<128xi32>
// A nonzero start is added to the index.
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<64xi32>
// CHECK:         %[[R1:.*]] = linalg.generic {indexing_maps = [#[[ID1]]], iterator_types = ["parallel"]} outs(%[[E1]] : tensor<64xi32>) {
// CHECK-NEXT:    ^bb0(%{{.*}}: i32):
// CHECK-NEXT:      %[[I1:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[V1:.*]] = arith.index_cast %[[I1]] : index to i32
// CHECK-NEXT:      %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[V1]], %[[C8]] : i32
// CHECK-NEXT:      linalg.yield %[[S]] : i32
// CHECK-NEXT:    } -> tensor<64xi32>
// CHECK:         return %[[R0]], %[[R1]]
tt.func private @make_range() -> (tensor<128xi32>, tensor<64xi32>) {
  %r0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r1 = tt.make_range {end = 72 : i32, start = 8 : i32} : tensor<64xi32>
  tt.return %r0, %r1 : tensor<128xi32>, tensor<64xi32>
}

// -----

// CHECK-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[SCALAR1:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[SCALAR2:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func private @splat(
// CHECK-SAME:    %[[X:.*]]: i32) -> (tensor<256xi32>, tensor<4x8xf32>)
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<256xi32>
// CHECK:         %[[S:.*]] = linalg.generic {indexing_maps = [#[[SCALAR1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[X]] : i32) outs(%[[E]] : tensor<256xi32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      linalg.yield %[[IN]] : i32
// A splat constant is not materialized as a dense tensor: it is a fill-like
// generic of the scalar constant.
// CHECK:         %[[CST:.*]] = arith.constant 1.500000e+00 : f32
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK:         %[[C:.*]] = linalg.generic {indexing_maps = [#[[SCALAR2]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[CST]] : f32) outs(%[[E2]] : tensor<4x8xf32>)
// CHECK-NOT:     dense<
// CHECK:         return %[[S]], %[[C]]
tt.func private @splat(%x: i32) -> (tensor<256xi32>, tensor<4x8xf32>) {
  %s = tt.splat %x : i32 -> tensor<256xi32>
  %c = arith.constant dense<1.5> : tensor<4x8xf32>
  tt.return %s, %c : tensor<256xi32>, tensor<4x8xf32>
}

// -----

// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func private @broadcast(
// CHECK-SAME:    %[[ROWV:.*]]: tensor<1x64xi32>, %[[COLV:.*]]: tensor<64x1xf32>)
// CHECK:         %[[E0:.*]] = tensor.empty() : tensor<32x64xi32>
// CHECK:         %[[B0:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[ROWV]] : tensor<1x64xi32>) outs(%[[E0]] : tensor<32x64xi32>) {
// CHECK-NEXT:    ^bb0(%[[IN0:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      linalg.yield %[[IN0]] : i32
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<64x16xf32>
// CHECK:         %[[B1:.*]] = linalg.generic {indexing_maps = [#[[COL]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[COLV]] : tensor<64x1xf32>) outs(%[[E1]] : tensor<64x16xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN1:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[IN1]] : f32
// CHECK:         return %[[B0]], %[[B1]]
tt.func private @broadcast(%row: tensor<1x64xi32>, %col: tensor<64x1xf32>) -> (tensor<32x64xi32>, tensor<64x16xf32>) {
  %b0 = tt.broadcast %row : tensor<1x64xi32> -> tensor<32x64xi32>
  %b1 = tt.broadcast %col : tensor<64x1xf32> -> tensor<64x16xf32>
  tt.return %b0, %b1 : tensor<32x64xi32>, tensor<64x16xf32>
}

// -----

// CHECK-LABEL: func.func private @expand_dims(
// CHECK-SAME:    %[[V:.*]]: tensor<64xi32>, %[[M:.*]]: tensor<4x8xf32>)
// CHECK:         %[[A:.*]] = tensor.expand_shape %[[V]] {{\[}}[0, 1]] output_shape [1, 64] : tensor<64xi32> into tensor<1x64xi32>
// CHECK:         %[[B:.*]] = tensor.expand_shape %[[V]] {{\[}}[0, 1]] output_shape [64, 1] : tensor<64xi32> into tensor<64x1xi32>
// CHECK:         %[[C:.*]] = tensor.expand_shape %[[M]] {{\[}}[0, 1], [2]] output_shape [1, 4, 8] : tensor<4x8xf32> into tensor<1x4x8xf32>
// CHECK:         %[[D:.*]] = tensor.expand_shape %[[M]] {{\[}}[0], [1, 2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[M]] {{\[}}[0], [1, 2]] output_shape [4, 8, 1] : tensor<4x8xf32> into tensor<4x8x1xf32>
// CHECK:         return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
tt.func private @expand_dims(%v: tensor<64xi32>, %m: tensor<4x8xf32>)
    -> (tensor<1x64xi32>, tensor<64x1xi32>, tensor<1x4x8xf32>, tensor<4x1x8xf32>, tensor<4x8x1xf32>) {
  %a = tt.expand_dims %v {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %b = tt.expand_dims %v {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c = tt.expand_dims %m {axis = 0 : i32} : tensor<4x8xf32> -> tensor<1x4x8xf32>
  %d = tt.expand_dims %m {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
  %e = tt.expand_dims %m {axis = 2 : i32} : tensor<4x8xf32> -> tensor<4x8x1xf32>
  tt.return %a, %b, %c, %d, %e : tensor<1x64xi32>, tensor<64x1xi32>, tensor<1x4x8xf32>, tensor<4x1x8xf32>, tensor<4x8x1xf32>
}

// -----

// Elementwise arith on tensors becomes linalg.generic (upstream patterns).
// CHECK-LABEL: func.func private @elementwise(
// CHECK-SAME:    %[[A:.*]]: tensor<128xf32>, %[[B:.*]]: tensor<128xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<128xf32>, tensor<128xf32>)
// CHECK:           arith.addf
// CHECK-NOT:     arith.addf {{.*}} : tensor
// CHECK:         return %[[R]]
tt.func private @elementwise(%a: tensor<128xf32>, %b: tensor<128xf32>) -> tensor<128xf32> {
  %r = arith.addf %a, %b : tensor<128xf32>
  tt.return %r : tensor<128xf32>
}
