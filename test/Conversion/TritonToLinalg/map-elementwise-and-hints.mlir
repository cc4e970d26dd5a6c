// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// tt.map_elementwise: the scalar region becomes the body of a parallel
// linalg.generic. Branches in the region are first lifted to scf. With
// pack = P, the region takes P consecutive (row-major) elements of every
// source; each result is put back together from its P columns.
// llvm.intr.assume is only a hint and is dropped.

// CHECK-LABEL: func.func private @map_single_block(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<8xf32>, %[[Y:[^:]*]]: tensor<8xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[M:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
// CHECK:         return %[[R]]
tt.func private @map_single_block(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %r = "tt.map_elementwise"(%x, %y) <{pack = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %b : f32
    tt.map_elementwise.return %m : f32
  }) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  tt.return %r : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func private @map_branches(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<8xf32>)
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : tensor<8xf32>)
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %{{.*}}: f32):
// CHECK:           %[[C:.*]] = arith.cmpf ogt, %[[A]], %[[ZERO]] : f32
// CHECK-NEXT:      %[[V:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:        scf.yield %[[A]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[E:.*]] = math.exp %[[A]] : f32
// CHECK-NEXT:        scf.yield %[[E]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      linalg.yield %[[V]] : f32
// CHECK-NOT:     cf.
tt.func private @map_branches(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = arith.constant 0.0 : f32
  %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %c = arith.cmpf ogt, %a, %zero : f32
    cf.cond_br %c, ^bb2(%a : f32), ^bb1
  ^bb1:
    %e = math.exp %a : f32
    cf.br ^bb2(%e : f32)
  ^bb2(%v: f32):
    tt.map_elementwise.return %v : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return %r : tensor<8xf32>
}

// -----

// CHECK-DAG: #[[COL0:.*]] = affine_map<(d0) -> (d0, 0)>
// CHECK-DAG: #[[COL1:.*]] = affine_map<(d0) -> (d0, 1)>
// CHECK-DAG: #[[ID1:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func private @map_pack2(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<8xi32>, %[[Y:[^:]*]]: tensor<8xi32>)
// CHECK:         %[[XP:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1]] output_shape [4, 2] : tensor<8xi32> into tensor<4x2xi32>
// CHECK:         %[[YP:.*]] = tensor.expand_shape %[[Y]] {{\[\[}}0, 1]] output_shape [4, 2] : tensor<8xi32> into tensor<4x2xi32>
// CHECK:         %[[R:[^:]*]]:4 = linalg.generic {indexing_maps = [#[[COL0]], #[[COL1]], #[[COL0]], #[[COL1]], #[[ID1]], #[[ID1]], #[[ID1]], #[[ID1]]], iterator_types = ["parallel"]} ins(%[[XP]], %[[XP]], %[[YP]], %[[YP]] : {{.*}}) outs({{.*}} : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>)
// CHECK-NEXT:    ^bb0(%[[X0:[^:]*]]: i32, %[[X1:[^:]*]]: i32, %[[Y0:[^:]*]]: i32, %[[Y1:[^:]*]]: i32, {{.*}}):
// CHECK-NEXT:      %[[D0:.*]] = arith.divsi %[[X0]], %[[Y0]] : i32
// CHECK-NEXT:      %[[D1:.*]] = arith.divsi %[[X1]], %[[Y1]] : i32
// CHECK-NEXT:      %[[M0:.*]] = arith.remsi %[[X0]], %[[Y0]] : i32
// CHECK-NEXT:      %[[M1:.*]] = arith.remsi %[[X1]], %[[Y1]] : i32
// CHECK-NEXT:      linalg.yield %[[D0]], %[[D1]], %[[M0]], %[[M1]]
// CHECK:         %[[Q:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[ROW]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} ins(%[[R]]#0, %[[R]]#1 : tensor<4xi32>, tensor<4xi32>) outs(%{{.*}} : tensor<4x2xi32>)
// CHECK-NEXT:    ^bb0(%[[C0:[^:]*]]: i32, %[[C1:[^:]*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[K:.*]] = linalg.index 1 : index
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[IS1:.*]] = arith.cmpi eq, %[[K]], %[[ONE]] : index
// CHECK-NEXT:      %[[V:.*]] = arith.select %[[IS1]], %[[C1]], %[[C0]] : i32
// CHECK:         %[[QF:.*]] = tensor.collapse_shape %[[Q]] {{\[\[}}0, 1]] : tensor<4x2xi32> into tensor<8xi32>
// CHECK:         linalg.generic {{.*}} ins(%[[R]]#2, %[[R]]#3 : tensor<4xi32>, tensor<4xi32>)
// CHECK:         %[[RF:.*]] = tensor.collapse_shape
// CHECK:         return %[[QF]], %[[RF]]
tt.func private @map_pack2(%x: tensor<8xi32>, %y: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>) {
  %r:2 = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
  ^bb0(%x0: i32, %x1: i32, %y0: i32, %y1: i32):
    %d0 = arith.divsi %x0, %y0 : i32
    %d1 = arith.divsi %x1, %y1 : i32
    %m0 = arith.remsi %x0, %y0 : i32
    %m1 = arith.remsi %x1, %y1 : i32
    tt.map_elementwise.return %d0, %d1, %m0, %m1 : i32, i32, i32, i32
  }) : (tensor<8xi32>, tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>)
  tt.return %r#0, %r#1 : tensor<8xi32>, tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func private @assume(
// CHECK-NOT:     llvm.intr.assume
// CHECK:         return
tt.func private @assume(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %p = arith.cmpi sgt, %n, %c0 : i32
  llvm.intr.assume %p : i1
  tt.return %n : i32
}

// -----

// A `return` inside nested ifs: Triton emits cf branches to one return
// block; the body is lifted to scf.if first (one block), then converted.
// CHECK-LABEL: func.func public @early_return(
// CHECK-NOT:     cf.cond_br
// CHECK:         scf.if
// CHECK:           scf.if
// CHECK:         return
// CHECK-NOT:     ^bb
tt.func public @early_return(%p: !tt.ptr<f32>, %flag: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1.000000e+00 : f32
  %pos = arith.cmpi sgt, %flag, %c0 : i32
  cf.cond_br %pos, ^bb1, ^bb2
^bb1:
  %big = arith.cmpi sgt, %flag, %c1 : i32
  cf.cond_br %big, ^bb3, ^bb4
^bb2:
  tt.store %p, %one : !tt.ptr<f32>
  cf.br ^bb3
^bb3:
  tt.return
^bb4:
  %v = tt.load %p : !tt.ptr<f32>
  %w = arith.addf %v, %one : f32
  tt.store %p, %w : !tt.ptr<f32>
  cf.br ^bb3
}
