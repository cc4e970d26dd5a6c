// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// unsplat reads the single element with tensor.extract; join and split are
// parallel generics (split reads the minor dimension through constant map
// entries, so both fuse with producers and consumers); cat (along dim 0,
// twice the elements) inserts both halves into one block.

// CHECK-LABEL: func.func private @unsplat(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<1xf32>, %[[Y:[^:]*]]: tensor<1x1xi32>) -> (f32, i32)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[A:.*]] = tensor.extract %[[X]][%[[C0]]] : tensor<1xf32>
// CHECK:         %[[B:.*]] = tensor.extract %[[Y]][%{{.*}}, %{{.*}}] : tensor<1x1xi32>
// CHECK:         return %[[A]], %[[B]] : f32, i32
tt.func private @unsplat(%x: tensor<1xf32>, %y: tensor<1x1xi32>) -> (f32, i32) {
  %a = tt.unsplat %x : tensor<1xf32>
  %b = tt.unsplat %y : tensor<1x1xi32>
  tt.return %a, %b : f32, i32
}

// -----

// CHECK-DAG: #[[OPERAND:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[RESULT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func private @join(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4x8xf32>, %[[B:[^:]*]]: tensor<4x8xf32>) -> tensor<4x8x2xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x8x2xf32>
// CHECK:         %[[J:.*]] = linalg.generic {indexing_maps = [#[[OPERAND]], #[[OPERAND]], #[[RESULT]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[E]] : tensor<4x8x2xf32>) {
// CHECK-NEXT:    ^bb0(%[[INA:[^:]*]]: f32, %[[INB:[^:]*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[MINOR:.*]] = linalg.index 2 : index
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[ISA:.*]] = arith.cmpi eq, %[[MINOR]], %[[ZERO]] : index
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[ISA]], %[[INA]], %[[INB]] : f32
// CHECK-NEXT:      linalg.yield %[[V]] : f32
// CHECK:         return %[[J]]
tt.func private @join(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8x2xf32> {
  %j = tt.join %a, %b : tensor<4x8xf32> -> tensor<4x8x2xf32>
  tt.return %j : tensor<4x8x2xf32>
}

// -----

// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0) -> (d0, 0)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0) -> (d0, 1)>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func private @split(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<16x2xi32>)
// CHECK:         %[[R:[^:]*]]:2 = linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[X]], %[[X]] : tensor<16x2xi32>, tensor<16x2xi32>) outs(%{{.*}}, %{{.*}} : tensor<16xi32>, tensor<16xi32>) {
// CHECK-NEXT:    ^bb0(%[[L:[^:]*]]: i32, %[[H:[^:]*]]: i32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK-NEXT:      linalg.yield %[[L]], %[[H]] : i32, i32
// CHECK:         return %[[R]]#0, %[[R]]#1
tt.func private @split(%x: tensor<16x2xi32>) -> (tensor<16xi32>, tensor<16xi32>) {
  %l, %r = tt.split %x : tensor<16x2xi32> -> tensor<16xi32>
  tt.return %l, %r : tensor<16xi32>, tensor<16xi32>
}

// -----

// CHECK-LABEL: func.func private @cat(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4x8xf32>, %[[B:[^:]*]]: tensor<4x8xf32>) -> tensor<8x8xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8x8xf32>
// CHECK:         %[[LO:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
// CHECK:         %[[HI:.*]] = tensor.insert_slice %[[B]] into %[[LO]][4, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
// CHECK:         return %[[HI]]
tt.func private @cat(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %c = tt.cat %a, %b : tensor<4x8xf32> -> tensor<8x8xf32>
  tt.return %c : tensor<8x8xf32>
}
