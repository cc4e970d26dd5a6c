// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// gather: a parallel generic over the indices that reads the source with
// tensor.extract (the axis coordinate comes from the index operand).
// histogram: a generic over (bins, source elements) whose second loop is a
// reduction, accumulating into zero-filled counts; the loop lowering makes
// the bins one distributed parallel loop with a sequential loop inside.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func private @gather(
// CHECK-SAME:    %[[SRC:[^:]*]]: tensor<16x32xf32>, %[[IDX:[^:]*]]: tensor<16x8xi32>) -> tensor<16x8xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<16x8xf32>
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[IDX]] : tensor<16x8xi32>) outs(%[[E]] : tensor<16x8xf32>) {
// CHECK-NEXT:    ^bb0(%[[I:[^:]*]]: i32, %{{.*}}: f32):
// CHECK-NEXT:      %[[ROW:.*]] = linalg.index 0 : index
// CHECK-NEXT:      linalg.index 1 : index
// CHECK-NEXT:      %[[COL:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT:      %[[V:.*]] = tensor.extract %[[SRC]][%[[ROW]], %[[COL]]] : tensor<16x32xf32>
// CHECK-NEXT:      linalg.yield %[[V]] : f32
// CHECK:         return %[[G]]
tt.func private @gather(%src: tensor<16x32xf32>, %idx: tensor<16x8xi32>) -> tensor<16x8xf32> {
  %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
  tt.return %g : tensor<16x8xf32>
}

// -----

// Gather along axis 0 of a 1-D source.
// CHECK-LABEL: func.func private @gather_1d(
// CHECK-SAME:    %[[SRC:[^:]*]]: tensor<64xi64>, %[[IDX:[^:]*]]: tensor<128xi32>) -> tensor<128xi64>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[IDX]] : tensor<128xi32>)
// CHECK:           %[[I:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:      %[[V:.*]] = tensor.extract %[[SRC]][%[[I]]] : tensor<64xi64>
// CHECK-NEXT:      linalg.yield %[[V]] : i64
tt.func private @gather_1d(%src: tensor<64xi64>, %idx: tensor<128xi32>) -> tensor<128xi64> {
  %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64xi64>, tensor<128xi32>) -> tensor<128xi64>
  tt.return %g : tensor<128xi64>
}

// -----

// CHECK-DAG: #[[ELEM:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[BIN:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func private @histogram(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<512xi32>, %[[M:[^:]*]]: tensor<512xi1>) -> (tensor<64xi32>, tensor<64xi32>)
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<64xi32>
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%[[E]] : tensor<64xi32>) -> tensor<64xi32>
// CHECK:         %[[H:.*]] = linalg.generic {indexing_maps = [#[[ELEM]], #[[BIN]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<512xi32>) outs(%[[INIT]] : tensor<64xi32>) {
// CHECK-NEXT:    ^bb0(%[[V:[^:]*]]: i32, %[[COUNT:[^:]*]]: i32):
// CHECK-NEXT:      %[[B:.*]] = linalg.index 0 : index
// CHECK-NEXT:      %[[BI:.*]] = arith.index_cast %[[B]] : index to i32
// CHECK-NEXT:      %[[HIT:.*]] = arith.cmpi eq, %[[V]], %[[BI]] : i32
// CHECK-NEXT:      %[[ONE:.*]] = arith.extui %[[HIT]] : i1 to i32
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[COUNT]], %[[ONE]] : i32
// CHECK-NEXT:      linalg.yield %[[SUM]] : i32
// With a mask, masked-off elements never count.
// CHECK:         %[[HM:.*]] = linalg.generic {indexing_maps = [#[[ELEM]], #[[ELEM]], #[[BIN]]], iterator_types = ["parallel", "reduction"]} ins(%[[X]], %[[M]] : tensor<512xi32>, tensor<512xi1>) outs(%{{.*}} : tensor<64xi32>) {
// CHECK-NEXT:    ^bb0(%[[V2:[^:]*]]: i32, %[[MASK:[^:]*]]: i1, %[[COUNT2:[^:]*]]: i32):
// CHECK:           %[[HIT2:.*]] = arith.cmpi eq, %[[V2]], %{{.*}} : i32
// CHECK-NEXT:      %[[BOTH:.*]] = arith.andi %[[HIT2]], %[[MASK]] : i1
// CHECK-NEXT:      %[[ONE2:.*]] = arith.extui %[[BOTH]] : i1 to i32
// CHECK-NEXT:      %[[SUM2:.*]] = arith.addi %[[COUNT2]], %[[ONE2]] : i32
// CHECK:         return %[[H]], %[[HM]]
tt.func private @histogram(%x: tensor<512xi32>, %m: tensor<512xi1>) -> (tensor<64xi32>, tensor<64xi32>) {
  %h = tt.histogram %x : tensor<512xi32> -> tensor<64xi32>
  %hm = tt.histogram %x, %m : tensor<512xi32> -> tensor<64xi32>
  tt.return %h, %hm : tensor<64xi32>, tensor<64xi32>
}
