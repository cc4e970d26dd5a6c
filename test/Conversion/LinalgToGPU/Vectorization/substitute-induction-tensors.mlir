// RUN: triton-spirv-opt %s --split-input-file --substitute-induction-tensors --canonicalize | FileCheck %s

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// A pointer tensor advanced by a loop-invariant step (computed in the body
// from values outside the loop): in iteration i it is p0 + i * d, computed
// from p0 (i = (iv - 0) / 1 folds to iv); the carried tensor disappears
// and the step's broadcast moves before the loop.
// CHECK-LABEL: func.func @advanced_pointers(
// CHECK-SAME:    %[[P0:[^:]*]]: tensor<8xi64>, %[[STRIDE:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[BASE:[^:]*]]: memref<?xf32>
// CHECK:         %[[D:.*]] = arith.muli %[[STRIDE]], %{{.*}} : i32
// CHECK:         %[[STEP:.*]] = linalg.generic {{.*}} ins(%[[D]] : i32)
// CHECK:         scf.for %[[IV:.*]] = %[[LB:.*]] to %[[N]] step %[[ST:.*]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<8xf32>)  : i32 {
// CHECK:           %[[P:.*]] = linalg.generic {{.*}} ins(%[[P0]], %[[STEP]], %[[IV]] : tensor<8xi64>, tensor<8xi32>, i32)
// CHECK:             %[[DE:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:             %[[C:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:             %[[O:.*]] = arith.muli %[[DE]], %[[C]] : i64
// CHECK:             arith.addi %{{.*}}, %[[O]] : i64
// CHECK:           linalg.generic {{.*}} ins(%[[P]], %[[ACC]] : tensor<8xi64>, tensor<8xf32>)
// CHECK:             memref.load %[[BASE]]
// CHECK:           scf.yield %{{.*}} : tensor<8xf32>
func.func @advanced_pointers(%p0: tensor<8xi64>, %stride: i32, %n: i32, %base: memref<?xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %ei = tensor.empty() : tensor<8xi32>
  %ep = tensor.empty() : tensor<8xi64>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %p0, %acc = %acc0) -> (tensor<8xi64>, tensor<8xf32>) : i32 {
    %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%p, %acc : tensor<8xi64>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%a: i64, %b: f32, %o: f32):
      %ix = arith.index_cast %a : i64 to index
      %v = memref.load %base[%ix] : memref<?xf32>
      %s = arith.addf %v, %b : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    %step = arith.muli %stride, %c4 : i32
    %steps = linalg.generic {indexing_maps = [#scalar, #id], iterator_types = ["parallel"]} ins(%step : i32) outs(%ei : tensor<8xi32>) {
    ^bb0(%a: i32, %o: i32):
      linalg.yield %a : i32
    } -> tensor<8xi32>
    %next = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%p, %steps : tensor<8xi64>, tensor<8xi32>) outs(%ep : tensor<8xi64>) {
    ^bb0(%a: i64, %d: i32, %o: i64):
      %w = arith.extsi %d : i32 to i64
      %q = arith.addi %a, %w : i64
      linalg.yield %q : i64
    } -> tensor<8xi64>
    scf.yield %next, %sum : tensor<8xi64>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// Not substituted: the step depends on the iteration, and a carried tensor
// whose final value is used after the loop.
// CHECK-LABEL: func.func @kept(
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<8xi64>, tensor<8xi64>)
func.func @kept(%p0: tensor<8xi64>, %n: i32) -> tensor<8xi64> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ep = tensor.empty() : tensor<8xi64>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %p0, %q = %p0) -> (tensor<8xi64>, tensor<8xi64>) : i32 {
    %i64 = arith.extsi %i : i32 to i64
    %next = linalg.generic {indexing_maps = [#id, #scalar, #id], iterator_types = ["parallel"]} ins(%p, %i64 : tensor<8xi64>, i64) outs(%ep : tensor<8xi64>) {
    ^bb0(%a: i64, %d: i64, %o: i64):
      %s = arith.addi %a, %d : i64
      linalg.yield %s : i64
    } -> tensor<8xi64>
    %c3 = arith.constant 3 : i64
    %nextq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%q : tensor<8xi64>) outs(%ep : tensor<8xi64>) {
    ^bb0(%a: i64, %o: i64):
      %s = arith.addi %a, %c3 : i64
      linalg.yield %s : i64
    } -> tensor<8xi64>
    scf.yield %next, %nextq : tensor<8xi64>, tensor<8xi64>
  }
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%r#0, %r#1 : tensor<8xi64>, tensor<8xi64>) outs(%ep : tensor<8xi64>) {
  ^bb0(%a: i64, %b: i64, %o: i64):
    %s = arith.addi %a, %b : i64
    linalg.yield %s : i64
  } -> tensor<8xi64>
  return %sum : tensor<8xi64>
}
