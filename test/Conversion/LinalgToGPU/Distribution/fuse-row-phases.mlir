// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(fuse-row-phases{num-threads=8}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(fuse-row-phases{num-threads=16}))' | FileCheck %s --check-prefix=FEW
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(fuse-row-phases{num-threads=16 min-rows-after-dot=8}))' | FileCheck %s --check-prefix=DOT

// Attention's online softmax on an 8x4 score tile, each key block: row max
// (from a NaN fill), running-max update, exponentials into the scores and
// into f16 probabilities, row sum. One loop over rows: each score is loaded
// once (the scale after the dot joins the chain), the maximum, exponentials
// and sum stay in registers, the R-vectors
// are stored once per row. The scores are dead after the chain (the next
// iteration copies over them first), so they are not stored; the f16
// probabilities are (the matmul reads them).
// CHECK-LABEL: func.func @online_softmax(
// CHECK:         %[[P:.*]] = memref.alloc() : memref<8x4xf16>
// CHECK:         scf.for
// CHECK:           memref.copy %{{.*}}, %[[S:.*]] :
// CHECK:           linalg.matmul
// CHECK-NOT:       linalg.
// CHECK:           scf.parallel (%[[R:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-COUNT-4:     memref.load %[[S]][%[[R]], %{{.*}}] : memref<8x4xf32>
// CHECK-NOT:         memref.load %[[S]]
// CHECK-COUNT-4:     arith.maxnumf
// CHECK-DAG:         %[[MI:.*]] = memref.load %[[M:.*]][%[[R]]] : memref<8xf32>
// CHECK-DAG:         %[[LI:.*]] = memref.load %[[L:.*]][%[[R]]] : memref<8xf32>
// CHECK:             %[[MNEW:.*]] = arith.maxnumf %[[MI]], %{{.*}}
// CHECK:             %[[ALPHA:.*]] = math.exp2
// CHECK:             %[[LSCALED:.*]] = arith.mulf %[[LI]], %[[ALPHA]]
// CHECK-COUNT-4:     math.exp2
// CHECK:             %[[SUM0:.*]] = arith.addf %[[LSCALED]], %{{.*}}
// CHECK-COUNT-3:     arith.addf
// CHECK-DAG:         memref.store %[[MNEW]], %[[M]][%[[R]]]
// CHECK-DAG:         memref.store %[[ALPHA]], %{{.*}}[%[[R]]] : memref<8xf32>
// CHECK-DAG:         memref.store %{{.*}}, %[[L]][%[[R]]]
// CHECK-COUNT-4:     memref.store %{{.*}}, %[[P]][%[[R]], %{{.*}}] : memref<8x4xf16>
// CHECK-NOT:         memref.store %{{.*}}, %[[S]]
// CHECK:           } {triton_spirv.row_phase}
// CHECK:           linalg.matmul
// FEW-LABEL: func.func @online_softmax(
// FEW-NOT:       scf.parallel
// FEW:           linalg.reduce
// FEW:           linalg.reduce
// With min-rows-after-dot, a chain on a matmul's output fuses from that many
// rows whatever the invocation count (fragment-row-phases takes it from there).
// DOT-LABEL: func.func @online_softmax(
// DOT:           linalg.matmul
// DOT:           scf.parallel
// DOT:           } {triton_spirv.row_phase}
func.func @online_softmax(%q: memref<8x16xf16>, %k: memref<16x4xf16>, %v: memref<4x16xf16>, %acc: memref<8x16xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %nan = arith.constant 0xFFC00000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.5 : f32
  %zeros = memref.alloc() : memref<8x4xf32>
  linalg.fill ins(%zero : f32) outs(%zeros : memref<8x4xf32>)
  %s = memref.alloc() : memref<8x4xf32>
  %p = memref.alloc() : memref<8x4xf16>
  %rowmax = memref.alloc() : memref<8xf32>
  %m = memref.alloc() : memref<8xf32>
  %l = memref.alloc() : memref<8xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<8xf32>)
  linalg.fill ins(%zero : f32) outs(%l : memref<8xf32>)
  scf.for %i = %c0 to %steps step %c1 {
    memref.copy %zeros, %s : memref<8x4xf32> to memref<8x4xf32>
    linalg.matmul ins(%q, %k : memref<8x16xf16>, memref<16x4xf16>) outs(%s : memref<8x4xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%scale : f32) outs(%s : memref<8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %out, %in : f32
      linalg.yield %0 : f32
    }
    linalg.fill ins(%nan : f32) outs(%rowmax : memref<8xf32>)
    linalg.reduce { arith.maxnumf } ins(%s : memref<8x4xf32>) outs(%rowmax : memref<8xf32>) dimensions = [1]
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<8xf32>) outs(%m, %rowmax, %l : memref<8xf32>, memref<8xf32>, memref<8xf32>) {
    ^bb0(%in: f32, %out: f32, %out_1: f32, %out_2: f32):
      %0 = arith.maxnumf %out, %out_1 : f32
      %1 = arith.subf %in, %0 : f32
      %2 = math.exp2 %1 : f32
      %3 = arith.mulf %out_2, %2 : f32
      linalg.yield %0, %2, %3 : f32, f32, f32
    }
    %mcol = memref.expand_shape %m [[0, 1]] output_shape [8, 1] : memref<8xf32> into memref<8x1xf32>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mcol : memref<8x1xf32>) outs(%s, %p : memref<8x4xf32>, memref<8x4xf16>) {
    ^bb0(%in: f32, %out: f32, %out_1: f16):
      %0 = arith.subf %out, %in : f32
      %1 = math.exp2 %0 : f32
      %2 = arith.truncf %1 : f32 to f16
      linalg.yield %1, %2 : f32, f16
    }
    linalg.reduce { arith.addf } ins(%s : memref<8x4xf32>) outs(%l : memref<8xf32>) dimensions = [1]
    %acol = memref.expand_shape %rowmax [[0, 1]] output_shape [8, 1] : memref<8xf32> into memref<8x1xf32>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acol : memref<8x1xf32>) outs(%acc : memref<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %out, %in : f32
      linalg.yield %0 : f32
    }
    linalg.matmul ins(%p, %v : memref<8x4xf16>, memref<4x16xf16>) outs(%acc : memref<8x16xf32>)
  }
  return
}

// -----

// Outside a loop, a tile read after the chain keeps its stores; an N-vector
// broadcast along columns (a causal mask's key offsets) and the element's
// indices are read per column.
// CHECK-LABEL: func.func @masked_row_max(
// CHECK:         scf.parallel (%[[R:.*]]) =
// CHECK:           memref.load %[[COLS:.*]][%{{.*}}] : memref<4xi32>
// CHECK:           arith.index_cast %[[R]]
// CHECK:           arith.select
// CHECK-COUNT-4:   memref.store %{{.*}}, %[[S:.*]][%[[R]], %{{.*}}] : memref<8x4xf32>
// CHECK:         } {triton_spirv.row_phase}
// CHECK:         memref.load %[[S]]
func.func @masked_row_max(%x: memref<8x4xf32>, %cols: memref<4xi32>, %out: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %s = memref.alloc() : memref<8x4xf32>
  %max = memref.alloc() : memref<8xf32>
  %keys = memref.alloc() : memref<4xi32>
  memref.copy %x, %s : memref<8x4xf32> to memref<8x4xf32>
  memref.copy %cols, %keys : memref<4xi32> to memref<4xi32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%keys : memref<4xi32>) outs(%s : memref<8x4xf32>) {
  ^bb0(%key: i32, %score: f32):
    %row = linalg.index 0 : index
    %r = arith.index_cast %row : index to i32
    %keep = arith.cmpi sge, %r, %key : i32
    %masked = arith.select %keep, %score, %ninf : f32
    linalg.yield %masked : f32
  }
  linalg.fill ins(%ninf : f32) outs(%max : memref<8xf32>)
  linalg.reduce { arith.maximumf } ins(%s : memref<8x4xf32>) outs(%max : memref<8xf32>) dimensions = [1]
  memref.copy %max, %out : memref<8xf32> to memref<8xf32>
  %first = memref.load %s[%c0, %c0] : memref<8x4xf32>
  return %first : f32
}

// -----

// An R-vector held as an Rx1 buffer (a block expanded to one column and read
// through (d0, 0)) is loaded per row with both of its indices (fuzzer seed
// 6501663 failed the verifier with one).
// CHECK-LABEL: func.func @row_vector_as_column_block(
// CHECK:         scf.parallel (%[[R:.*]]) =
// CHECK:           %[[C0:.*]] = arith.constant 0 : index
// CHECK:           memref.load %{{.*}}[%[[R]], %[[C0]]] : memref<8x1xf32>
// CHECK-NOT:       memref.load %{{.*}} : memref<8x1xf32>
// CHECK:         } {triton_spirv.row_phase}
func.func @row_vector_as_column_block(%x: memref<8x4xf32>, %bias: memref<8x1xf32>, %out: memref<8xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %s = memref.alloc() : memref<8x4xf32>
  %b = memref.alloc() : memref<8x1xf32>
  %max = memref.alloc() : memref<8xf32>
  memref.copy %x, %s : memref<8x4xf32> to memref<8x4xf32>
  memref.copy %bias, %b : memref<8x1xf32> to memref<8x1xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : memref<8x1xf32>) outs(%s : memref<8x4xf32>) {
  ^bb0(%in: f32, %score: f32):
    %shifted = arith.subf %score, %in : f32
    linalg.yield %shifted : f32
  }
  linalg.fill ins(%ninf : f32) outs(%max : memref<8xf32>)
  linalg.reduce { arith.maximumf } ins(%s : memref<8x4xf32>) outs(%max : memref<8xf32>) dimensions = [1]
  memref.copy %max, %out : memref<8xf32> to memref<8xf32>
  return
}

// -----

// A fill in the chain whose buffer nothing later in the chain writes is
// still stored (read after the chain).
// CHECK-LABEL: func.func @fill_kept(
// CHECK:         scf.parallel (%[[R:.*]]) =
// CHECK-DAG:       memref.store %[[ZERO:.*]], %[[SUM:.*]][%[[R]]] : memref<8xf32>
// CHECK-DAG:       memref.store %{{.*}}, %[[MAX:.*]][%[[R]]] : memref<8xf32>
// CHECK:         } {triton_spirv.row_phase}
// CHECK:         memref.copy %[[SUM]]
func.func @fill_kept(%x: memref<8x4xf32>, %out: memref<8xf32>, %out2: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %s = memref.alloc() : memref<8x4xf32>
  %sum = memref.alloc() : memref<8xf32>
  %max = memref.alloc() : memref<8xf32>
  memref.copy %x, %s : memref<8x4xf32> to memref<8x4xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<8xf32>)
  linalg.fill ins(%ninf : f32) outs(%max : memref<8xf32>)
  linalg.reduce { arith.maximumf } ins(%s : memref<8x4xf32>) outs(%max : memref<8xf32>) dimensions = [1]
  memref.copy %sum, %out : memref<8xf32> to memref<8xf32>
  memref.copy %max, %out2 : memref<8xf32> to memref<8xf32>
  return
}

// -----

// Attention backward's dQ step between dots, without a reduction: dS from S,
// dP and per-row vectors (one generic), read by the next dot. With
// min-rows-after-dot it becomes a row phase; otherwise (no reduction) it
// stays, as does the same step reading a per-column vector (dK/dV's lse),
// which the fragment form does not take.
// CHECK-LABEL: func.func @between_dots(
// CHECK-NOT:     scf.parallel
// CHECK-LABEL: func.func @between_dots_columns(
// DOT-LABEL: func.func @between_dots(
// DOT:           linalg.matmul
// DOT:           linalg.matmul
// DOT:           scf.parallel
// DOT-COUNT-4:     math.exp2
// DOT:           } {triton_spirv.row_phase}
// DOT-NEXT:      linalg.matmul
// DOT-LABEL: func.func @between_dots_columns(
// DOT-NOT:       scf.parallel
func.func @between_dots(%q: memref<8x16xf16>, %k: memref<16x4xf16>, %v: memref<16x4xf16>, %kt: memref<4x16xf16>, %lse_in: memref<8xf32>, %delta_in: memref<8xf32>, %dq: memref<8x16xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %scale = arith.constant 0.5 : f32
  %lse = memref.alloc() : memref<8xf32>
  %delta = memref.alloc() : memref<8xf32>
  memref.copy %lse_in, %lse : memref<8xf32> to memref<8xf32>
  memref.copy %delta_in, %delta : memref<8xf32> to memref<8xf32>
  %s = memref.alloc() : memref<8x4xf32>
  %dp = memref.alloc() : memref<8x4xf32>
  %ds = memref.alloc() : memref<8x4xf16>
  %lcol = memref.expand_shape %lse [[0, 1]] output_shape [8, 1] : memref<8xf32> into memref<8x1xf32>
  %dcol = memref.expand_shape %delta [[0, 1]] output_shape [8, 1] : memref<8xf32> into memref<8x1xf32>
  scf.for %i = %c0 to %steps step %c1 {
    linalg.matmul ins(%q, %k : memref<8x16xf16>, memref<16x4xf16>) outs(%s : memref<8x4xf32>)
    linalg.matmul ins(%q, %v : memref<8x16xf16>, memref<16x4xf16>) outs(%dp : memref<8x4xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s, %scale, %lcol, %dp, %dcol : memref<8x4xf32>, f32, memref<8x1xf32>, memref<8x4xf32>, memref<8x1xf32>) outs(%ds : memref<8x4xf16>) {
    ^bb0(%x: f32, %sc: f32, %l: f32, %y: f32, %d: f32, %out: f16):
      %0 = arith.mulf %x, %sc : f32
      %1 = arith.subf %0, %l : f32
      %2 = math.exp2 %1 : f32
      %3 = arith.subf %y, %d : f32
      %4 = arith.mulf %2, %3 : f32
      %5 = arith.truncf %4 : f32 to f16
      linalg.yield %5 : f16
    }
    linalg.matmul ins(%ds, %kt : memref<8x4xf16>, memref<4x16xf16>) outs(%dq : memref<8x16xf32>)
  }
  return
}
func.func @between_dots_columns(%q: memref<8x16xf16>, %k: memref<16x4xf16>, %kt: memref<4x16xf16>, %lse_in: memref<4xf32>, %dq: memref<8x16xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lse = memref.alloc() : memref<4xf32>
  memref.copy %lse_in, %lse : memref<4xf32> to memref<4xf32>
  %s = memref.alloc() : memref<8x4xf32>
  %ds = memref.alloc() : memref<8x4xf16>
  scf.for %i = %c0 to %steps step %c1 {
    linalg.matmul ins(%q, %k : memref<8x16xf16>, memref<16x4xf16>) outs(%s : memref<8x4xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s, %lse : memref<8x4xf32>, memref<4xf32>) outs(%ds : memref<8x4xf16>) {
    ^bb0(%x: f32, %l: f32, %out: f16):
      %0 = arith.subf %x, %l : f32
      %1 = math.exp2 %0 : f32
      %2 = arith.truncf %1 : f32 to f16
      linalg.yield %2 : f16
    }
    linalg.matmul ins(%ds, %kt : memref<8x4xf16>, memref<4x16xf16>) outs(%dq : memref<8x16xf32>)
  }
  return
}

// -----

// Attention backward's keys' side: P^T = exp2(S^T * scale - lse[column]) with
// lse loaded from global memory in the body (at offset + column), written
// back over S^T and as f16 for the dV dot; the f16 tile's buffer is then
// overwritten by dO's transpose. With min-rows-after-dot the step is a row
// phase whose column j loads lse at the column-0 offset plus j (what
// fragment-row-phases reads as a column vector), S^T is not stored (nothing
// reads it after), and the f16 tile gets a
// buffer of its own for the dot (only the dot reads it; the transpose keeps
// the old one). Without it (no fragment route) the generic stays.
// CHECK-LABEL: func.func @between_dots_global_columns(
// CHECK-NOT:     scf.parallel
// CHECK:         linalg.generic
// DOT-LABEL: func.func @between_dots_global_columns(
// DOT:           %[[P:.*]] = memref.alloc() : memref<8x4xf16>
// DOT:           %[[PDOT:.*]] = memref.alloc() : memref<8x4xf16>
// DOT:           scf.for
// DOT:             linalg.matmul
// DOT:             scf.parallel (%[[R:.*]]) =
// DOT:               %[[OFF:.*]] = arith.index_cast %{{.*}} : i64 to index
// DOT-NEXT:          memref.load %arg3[%[[OFF]]] : memref<?xf32>
// DOT:               %[[I1:.*]] = arith.addi %{{.*}}, %c1{{.*}} : index
// DOT-NEXT:          memref.load %arg3[%[[I1]]] : memref<?xf32>
// DOT:               %[[I3:.*]] = arith.addi %{{.*}}, %c3{{.*}} : index
// DOT-NEXT:          memref.load %arg3[%[[I3]]] : memref<?xf32>
// DOT-COUNT-4:       memref.store %{{.*}}, %[[PDOT]][%[[R]], %{{.*}}] : memref<8x4xf16>
// DOT:             } {triton_spirv.row_phase}
// DOT-NEXT:        linalg.matmul ins(%[[PDOT]], %{{.*}} : memref<8x4xf16>, memref<4x16xf16>)
// DOT-NEXT:        linalg.transpose ins(%{{.*}} : memref<4x8xf16>) outs(%[[P]] : memref<8x4xf16>)
// DOT-NEXT:        linalg.matmul ins(%[[P]], %{{.*}} : memref<8x4xf16>, memref<4x16xf16>)
func.func @between_dots_global_columns(%k: memref<8x16xf16>, %qt: memref<16x4xf16>, %do: memref<4x16xf16>, %lse: memref<?xf32>, %dot: memref<4x8xf16>, %dv: memref<8x16xf32>, %dk: memref<8x16xf32>, %start: i32, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %scale = arith.constant 0.5 : f32
  %s = memref.alloc() : memref<8x4xf32>
  %p = memref.alloc() : memref<8x4xf16>
  scf.for %i = %c0 to %steps step %c1 {
    linalg.matmul ins(%k, %qt : memref<8x16xf16>, memref<16x4xf16>) outs(%s : memref<8x4xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%scale, %start : f32, i32) outs(%s, %p : memref<8x4xf32>, memref<8x4xf16>) {
    ^bb0(%sc: f32, %st: i32, %x: f32, %out: f16):
      %col = linalg.index 1 : index
      %col32 = arith.index_cast %col : index to i32
      %at = arith.addi %st, %col32 : i32
      %at64 = arith.extsi %at : i32 to i64
      %idx = arith.index_cast %at64 : i64 to index
      %l = memref.load %lse[%idx] : memref<?xf32>
      %0 = arith.mulf %x, %sc : f32
      %1 = arith.subf %0, %l : f32
      %2 = math.exp2 %1 : f32
      %3 = arith.truncf %2 : f32 to f16
      linalg.yield %2, %3 : f32, f16
    }
    linalg.matmul ins(%p, %do : memref<8x4xf16>, memref<4x16xf16>) outs(%dv : memref<8x16xf32>)
    linalg.transpose ins(%dot : memref<4x8xf16>) outs(%p : memref<8x4xf16>) permutation = [1, 0]
    linalg.matmul ins(%p, %do : memref<8x4xf16>, memref<4x16xf16>) outs(%dk : memref<8x16xf32>)
  }
  return
}

// -----

// Scores as wide as the output (BLOCK_N = HEAD_DIM): the running output's
// rescale (acc * alpha) is row-local on the same 8x16 shape as the chain.
// Without min-rows-after-dot it joins the row phase; with it, it stays a
// generic of its own before the second matmul, whose cooperative lowering
// scales the carried fragments (the output never enters workgroup memory).
// CHECK-LABEL: func.func @scores_as_wide_as_output(
// CHECK:           } {triton_spirv.row_phase}
// CHECK-NEXT:      linalg.matmul
// DOT-LABEL: func.func @scores_as_wide_as_output(
// DOT:           } {triton_spirv.row_phase}
// DOT:           memref.expand_shape
// DOT-NEXT:      linalg.generic
// DOT:             arith.mulf
// DOT:           linalg.matmul ins(%{{.*}}, %{{.*}} : memref<8x16xf16>, memref<16x16xf16>) outs(%{{.*}} : memref<8x16xf32>)
func.func @scores_as_wide_as_output(%q: memref<8x16xf16>, %k: memref<16x16xf16>, %v: memref<16x16xf16>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %nan = arith.constant 0xFFC00000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 0.5 : f32
  %zeros = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%zero : f32) outs(%zeros : memref<8x16xf32>)
  %s = memref.alloc() : memref<8x16xf32>
  %p = memref.alloc() : memref<8x16xf16>
  %rowmax = memref.alloc() : memref<8xf32>
  %m = memref.alloc() : memref<8xf32>
  %l = memref.alloc() : memref<8xf32>
  %acc = memref.alloc() : memref<8x16xf32>
  linalg.fill ins(%ninf : f32) outs(%m : memref<8xf32>)
  linalg.fill ins(%zero : f32) outs(%l : memref<8xf32>)
  scf.for %i = %c0 to %steps step %c1 {
    memref.copy %zeros, %s : memref<8x16xf32> to memref<8x16xf32>
    linalg.matmul ins(%q, %k : memref<8x16xf16>, memref<16x16xf16>) outs(%s : memref<8x16xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%scale : f32) outs(%s : memref<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %out, %in : f32
      linalg.yield %0 : f32
    }
    linalg.fill ins(%nan : f32) outs(%rowmax : memref<8xf32>)
    linalg.reduce { arith.maxnumf } ins(%s : memref<8x16xf32>) outs(%rowmax : memref<8xf32>) dimensions = [1]
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m : memref<8xf32>) outs(%m, %rowmax, %l : memref<8xf32>, memref<8xf32>, memref<8xf32>) {
    ^bb0(%in: f32, %out: f32, %out_1: f32, %out_2: f32):
      %0 = arith.maxnumf %out, %out_1 : f32
      %1 = arith.subf %in, %0 : f32
      %2 = math.exp2 %1 : f32
      %3 = arith.mulf %out_2, %2 : f32
      linalg.yield %0, %2, %3 : f32, f32, f32
    }
    %mcol = memref.expand_shape %m [[0, 1]] output_shape [8, 1] : memref<8xf32> into memref<8x1xf32>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mcol : memref<8x1xf32>) outs(%s, %p : memref<8x16xf32>, memref<8x16xf16>) {
    ^bb0(%in: f32, %out: f32, %out_1: f16):
      %0 = arith.subf %out, %in : f32
      %1 = math.exp2 %0 : f32
      %2 = arith.truncf %1 : f32 to f16
      linalg.yield %1, %2 : f32, f16
    }
    linalg.reduce { arith.addf } ins(%s : memref<8x16xf32>) outs(%l : memref<8xf32>) dimensions = [1]
    %acol = memref.expand_shape %rowmax [[0, 1]] output_shape [8, 1] : memref<8xf32> into memref<8x1xf32>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%acol : memref<8x1xf32>) outs(%acc : memref<8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %0 = arith.mulf %out, %in : f32
      linalg.yield %0 : f32
    }
    linalg.matmul ins(%p, %v : memref<8x16xf16>, memref<16x16xf16>) outs(%acc : memref<8x16xf32>)
  }
  return
}
