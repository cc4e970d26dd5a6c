// RUN: triton-spirv-opt %s --split-input-file --accumulate-in-place | FileCheck %s

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// acc += x[i] over a loop: the generic writes into the carried tensor and
// reads the old value from its output argument.
// CHECK-LABEL: func.func @accumulate(
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<64xf32>)
// CHECK:           %[[NEXT:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<64xf32>) outs(%[[ACC]] : tensor<64xf32>)
// CHECK-NEXT:      ^bb0(%[[X:.*]]: f32, %[[OLD:.*]]: f32):
// CHECK-NEXT:        %[[SUM:.*]] = arith.addf %[[OLD]], %[[X]] : f32
// CHECK-NEXT:        linalg.yield %[[SUM]] : f32
// CHECK:           scf.yield %[[NEXT]]
func.func @accumulate(%x: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<64xf32>) -> tensor<64xf32>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64xf32>) {
    %next = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
        ins(%acc, %x : tensor<64xf32>, tensor<64xf32>) outs(%empty : tensor<64xf32>) {
    ^bb0(%a: f32, %v: f32, %out: f32):
      %s = arith.addf %a, %v : f32
      linalg.yield %s : f32
    } -> tensor<64xf32>
    scf.yield %next : tensor<64xf32>
  }
  return %sum : tensor<64xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// The init's values are read, or the carried tensor is read through another
// map: unchanged. A result also read in the loop is written in place all the
// same (its other reader reads the updated buffer).
// CHECK-LABEL: func.func @kept(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<64xf32>
// CHECK:         %[[EMPTY:.*]] = tensor.empty()
// CHECK:         scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}, %[[C:.*]] = %{{.*}})
// CHECK:           linalg.generic {{.*}} outs(%[[A]] : tensor<64xf32>)
// CHECK:           linalg.generic {{.*}} ins(%[[B]] : tensor<64xf32>) outs(%[[X]] : tensor<64xf32>)
// CHECK:           linalg.generic {{.*}} ins(%[[C]] : tensor<64xf32>) outs(%[[EMPTY]] : tensor<64xf32>)
func.func @kept(%x: tensor<64xf32>, %init: tensor<64xf32>, %n: index, %out: memref<64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %empty = tensor.empty() : tensor<64xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init, %b = %init, %c = %init) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
    %used = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : tensor<64xf32>) outs(%empty : tensor<64xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.addf %v, %v : f32
      linalg.yield %s : f32
    } -> tensor<64xf32>
    bufferization.materialize_in_destination %used in writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
    %reads_init = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%b : tensor<64xf32>) outs(%x : tensor<64xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.addf %v, %o : f32
      linalg.yield %s : f32
    } -> tensor<64xf32>
    %reversed = linalg.generic {indexing_maps = [affine_map<(d0) -> (63 - d0)>, #id], iterator_types = ["parallel"]}
        ins(%c : tensor<64xf32>) outs(%empty : tensor<64xf32>) {
    ^bb0(%v: f32, %o: f32):
      linalg.yield %v : f32
    } -> tensor<64xf32>
    scf.yield %used, %reads_init, %reversed : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0, 0)>

// Attention's acc * alpha[:, None] + p v: the rescaled accumulator reaches the
// yield through a matmul accumulating into it, so the rescale writes into the
// carried tensor (and the matmul into that).
// CHECK-LABEL: func.func @rescale_then_accumulate(
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<32x64xf32>)
// CHECK:           %[[SCALED:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<32x1xf32>) outs(%[[ACC]] : tensor<32x64xf32>)
// CHECK:           %[[NEXT:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<32x32xf16>, tensor<32x64xf16>) outs(%[[SCALED]] : tensor<32x64xf32>)
// CHECK:           scf.yield %[[NEXT]]
func.func @rescale_then_accumulate(%alpha: tensor<32x1xf32>, %p: tensor<32x32xf16>, %v: tensor<32x64xf16>, %n: index) -> tensor<32x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<32x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<32x64xf32>) -> tensor<32x64xf32>
  %out = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<32x64xf32>) {
    %scaled = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%acc, %alpha : tensor<32x64xf32>, tensor<32x1xf32>) outs(%empty : tensor<32x64xf32>) {
    ^bb0(%a: f32, %s: f32, %o: f32):
      %m = arith.mulf %a, %s : f32
      linalg.yield %m : f32
    } -> tensor<32x64xf32>
    %next = linalg.matmul ins(%p, %v : tensor<32x32xf16>, tensor<32x64xf16>) outs(%scaled : tensor<32x64xf32>) -> tensor<32x64xf32>
    scf.yield %next : tensor<32x64xf32>
  }
  return %out : tensor<32x64xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Attention's running max: one generic yields m_new = max(m_i, row max) (the
// next m_i, also read by the exp) and alpha = exp(m_i - m_new). m_new is
// written into the carried m_i, which nothing reads after it: the copy back
// goes.
// CHECK-LABEL: func.func @running_max(
// CHECK:         scf.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}) -> (tensor<32xf32>)
// CHECK:           %[[NEW:.*]]:2 = linalg.generic {{.*}} ins(%{{.*}} : tensor<32xf32>) outs(%[[M]], %{{.*}} : tensor<32xf32>, tensor<32xf32>)
// CHECK-NEXT:      ^bb0(%[[ROW:.*]]: f32, %[[OLD:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:        arith.maxnumf %[[OLD]], %[[ROW]]
// CHECK:           scf.yield %[[NEW]]#0
func.func @running_max(%rows: tensor<32xf32>, %init: tensor<32xf32>, %n: index, %out: memref<32xf32>) -> tensor<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %empty = tensor.empty() : tensor<32xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %init) -> (tensor<32xf32>) {
    %new:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
        ins(%m, %rows : tensor<32xf32>, tensor<32xf32>) outs(%empty, %empty : tensor<32xf32>, tensor<32xf32>) {
    ^bb0(%old: f32, %row: f32, %o0: f32, %o1: f32):
      %mx = arith.maxnumf %old, %row : f32
      %d = arith.subf %old, %mx : f32
      %a = math.exp %d : f32
      linalg.yield %mx, %a : f32, f32
    } -> (tensor<32xf32>, tensor<32xf32>)
    bufferization.materialize_in_destination %new#1 in writable %out : (tensor<32xf32>, memref<32xf32>) -> ()
    scf.yield %new#0 : tensor<32xf32>
  }
  return %r : tensor<32xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>

// Attention's scores: the dot's result is scaled, reduced, then
// exponentiated. The scale is its only reader, the exp its last one (after
// the reduction): each writes over the tensor it reads, no new block-sized
// buffer. A tensor read again after the generic keeps its buffer.
// CHECK-LABEL: func.func @last_reader(
// CHECK:         %[[S:.*]] = linalg.matmul
// CHECK:         %[[SCALED:.*]] = linalg.generic {{.*}} ins(%{{.*}} : f32) outs(%[[S]] : tensor<32x32xf32>)
// CHECK:         linalg.reduce { arith.maxnumf } ins(%[[SCALED]]
// CHECK:         %[[P:.*]] = linalg.generic {{.*}} outs(%[[SCALED]] : tensor<32x32xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[P]] : tensor<32x32xf32>) outs(%{{.*}} : tensor<32x32xf32>)
func.func @last_reader(%a: tensor<32x16xf16>, %b: tensor<16x32xf16>, %scale: f32) -> (tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<32x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<32x32xf32>) -> tensor<32x32xf32>
  %s = linalg.matmul ins(%a, %b : tensor<32x16xf16>, tensor<16x32xf16>) outs(%acc : tensor<32x32xf32>) -> tensor<32x32xf32>
  %scaled = linalg.generic {indexing_maps = [#id2, #scalar, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s, %scale : tensor<32x32xf32>, f32) outs(%empty : tensor<32x32xf32>) {
  ^bb0(%v: f32, %k: f32, %o: f32):
    %m = arith.mulf %v, %k : f32
    linalg.yield %m : f32
  } -> tensor<32x32xf32>
  %rows = tensor.empty() : tensor<32xf32>
  %max = linalg.reduce { arith.maxnumf } ins(%scaled : tensor<32x32xf32>) outs(%rows : tensor<32xf32>) dimensions = [1]
  %p = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%scaled : tensor<32x32xf32>) outs(%empty : tensor<32x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %e = math.exp %v : f32
    linalg.yield %e : f32
  } -> tensor<32x32xf32>
  %doubled = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%p : tensor<32x32xf32>) outs(%empty : tensor<32x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %d = arith.addf %v, %v : f32
    linalg.yield %d : f32
  } -> tensor<32x32xf32>
  return %max, %p, %doubled : tensor<32xf32>, tensor<32x32xf32>, tensor<32x32xf32>
}

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>

// One zero tile (a hoisted, uniqued constant) starting two loops, one in
// each branch of an if: each loop gets a fill of its own right before it,
// so that neither has to copy the other's starting tile.
// CHECK-LABEL: func.func @own_fills(
// CHECK:         scf.if
// CHECK:           %[[E1:.*]] = tensor.empty() : tensor<16x16xf32>
// CHECK-NEXT:      %[[F1:.*]] = linalg.generic {{.*}} outs(%[[E1]] : tensor<16x16xf32>)
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %[[F1]])
// CHECK:         } else {
// CHECK:           %[[E2:.*]] = tensor.empty() : tensor<16x16xf32>
// CHECK-NEXT:      %[[F2:.*]] = linalg.generic {{.*}} outs(%[[E2]] : tensor<16x16xf32>)
// CHECK:           scf.for {{.*}} iter_args(%{{.*}} = %[[F2]])
func.func @own_fills(%fast: i1, %n: index, %x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x16xf32>
  %init = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%empty : tensor<16x16xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  } -> tensor<16x16xf32>
  %r = scf.if %fast -> (tensor<16x16xf32>) {
    %a = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<16x16xf32>) {
      %next = linalg.matmul ins(%x, %x : tensor<16x16xf32>, tensor<16x16xf32>) outs(%acc : tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %next : tensor<16x16xf32>
    }
    scf.yield %a : tensor<16x16xf32>
  } else {
    %b = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<16x16xf32>) {
      %next = linalg.matmul ins(%x, %x : tensor<16x16xf32>, tensor<16x16xf32>) outs(%acc : tensor<16x16xf32>) -> tensor<16x16xf32>
      scf.yield %next : tensor<16x16xf32>
    }
    scf.yield %b : tensor<16x16xf32>
  }
  return %r : tensor<16x16xf32>
}
