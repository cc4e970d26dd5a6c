// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=32 contiguity=8 subgroup-size=8 subgroup-contiguous=true}))' | FileCheck %s
//
// subgroup-contiguous: a loop whose iterations own no invocation-private
// element gives each subgroup one contiguous span. 1000 iterations over 32
// invocations in runs of 8: 4 rounds of 256 (the last ragged). Subgroup s
// (tid / 8) covers [s * 256, s * 256 + 256); lane l (tid % 8) starts at
// l * 8 of it and rounds advance by 8 lanes x 8 = 64.

// CHECK-LABEL: func.func @copy(
// CHECK-SAME:    %[[IN:[^:]*]]: memref<?xf32>, %[[OUT:[^:]*]]: memref<?xf32>)
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[SGSIZE:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[SG:.*]] = arith.divui %[[TID]], %[[SGSIZE]] : index
// CHECK-NEXT:    %[[LANE:.*]] = arith.remui %[[TID]], %[[SGSIZE]] : index
// CHECK-NEXT:    %[[SPAN:.*]] = arith.constant 256 : index
// CHECK-NEXT:    %[[SPAN_START:.*]] = arith.muli %[[SG]], %[[SPAN]] : index
// CHECK-NEXT:    %[[RUNLEN:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[LANE_START:.*]] = arith.muli %[[LANE]], %[[RUNLEN]] : index
// CHECK-NEXT:    %[[FIRST:.*]] = arith.addi %[[SPAN_START]], %[[LANE_START]] : index
// CHECK-NEXT:    %[[STEP:.*]] = arith.constant 64 : index
// CHECK-NEXT:    %[[UB:.*]] = arith.constant 256 : index
// CHECK-NEXT:    %[[LB:.*]] = arith.constant 0 : index
// CHECK-NEXT:    scf.for %[[ROUND:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] {
// CHECK-NEXT:      %[[BASE:.*]] = arith.addi %[[ROUND]], %[[FIRST]] : index
// CHECK:           scf.for %[[K:.*]] = {{.*}} {
// CHECK-NEXT:        %[[I:.*]] = arith.addi %[[BASE]], %[[K]] : index
// CHECK-NEXT:        %[[N:.*]] = arith.constant 1000 : index
// CHECK-NEXT:        %[[IN_BOUNDS:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
// CHECK-NEXT:        scf.if %[[IN_BOUNDS]] {
// CHECK-NEXT:          %[[V:.*]] = memref.load %[[IN]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:          memref.store %[[V]], %[[OUT]][%[[I]]] : memref<?xf32>
func.func @copy(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1000 = arith.constant 1000 : index
  scf.parallel (%i) = (%c0) to (%c1000) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// A private temporary whose only users are block loops: its loops take
// subgroup spans too (private entries are numbered by round either way).
// CHECK-LABEL: func.func @private_temporary(
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[TMP:.*]] = memref.alloca() : memref<32xf32, #spirv.storage_class<Function>>
// CHECK:         arith.remui %[[TID]]
// CHECK:         %[[STEP:.*]] = arith.constant 64 : index
// CHECK:         scf.for %[[ROUND:.*]] = %{{.*}} to %{{.*}} step %[[STEP]] {
// CHECK:           scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:        %[[R:.*]] = arith.divui %[[ROUND]], %[[C64]] : index
// CHECK:             memref.store %{{.*}}, %[[TMP]][%{{.*}}] : memref<32xf32, #spirv.storage_class<Function>>
// CHECK:         arith.remui %[[TID]]
// CHECK:             memref.load %[[TMP]][%{{.*}}] : memref<32xf32, #spirv.storage_class<Function>>
// CHECK:         return
func.func @private_temporary(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %tmp = memref.alloc() : memref<1024xf32>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %tmp[%i] : memref<1024xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %v = memref.load %tmp[%i] : memref<1024xf32>
    memref.store %v, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// One round per invocation: nothing to reorder.
// CHECK-LABEL: func.func @one_round(
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK-NOT:     arith.remui
// CHECK:         arith.muli %[[TID]], %{{.*}} : index
// CHECK-NEXT:    arith.constant 256 : index
// CHECK-NEXT:    arith.constant 256 : index
func.func @one_round(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// A private row folded by a 1-D sum (the owned-elements fold): the loop that
// fills it and the fold take the same subgroup spans; the fold's bounds test
// uses the span index.
// CHECK-LABEL: func.func @row_sum(
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[ROW:.*]] = memref.alloca() : memref<32xf32, #spirv.storage_class<Function>>
// CHECK:         arith.remui %[[TID]]
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[STEP:.*]] {
// CHECK:           memref.store %{{.*}}, %[[ROW]]
// CHECK:         %[[LANE:.*]] = arith.remui %[[TID]], %{{.*}} : index
// CHECK:         scf.for %[[ROUND:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:             %[[SPAN_ROUND:.*]] = arith.muli %[[ROUND]], %[[C64:.*]] : index
// CHECK:             memref.load %[[ROW]]
// CHECK:         gpu.subgroup_reduce add
func.func @row_sum(%in: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %X = memref.alloc() : memref<1024xf32>
  %S = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%X : memref<1024xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %v = memref.load %in[%i] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%S : memref<f32>)
  linalg.reduce ins(%X : memref<1024xf32>) outs(%S : memref<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %sum = arith.addf %x, %acc : f32
      linalg.yield %sum : f32
    }
  %s = memref.load %S[] : memref<f32>
  %c0 = arith.constant 0 : index
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}

// -----

// A private block folded by row classes (column sums of 16 x 32; rounds of
// 256 hold whole rows): that lowering numbers rows by round-major rounds, so
// the block's loops keep the round-major order (rounds step by 32 x 8).
// CHECK-LABEL: func.func @column_sum_row_classes(
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         memref.alloca() : memref<16xf32, #spirv.storage_class<Function>>
// CHECK-NOT:     arith.remui %[[TID]], %{{.*}} : index
// CHECK:         %[[STEP:.*]] = arith.constant 256 : index
// CHECK-NEXT:    %[[UB:.*]] = arith.constant 512 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[UB]] step %[[STEP]] {
func.func @column_sum_row_classes(%in: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %X = memref.alloc() : memref<16x32xf32>
  %S = memref.alloc() : memref<32xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%X : memref<16x32xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %in[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%S : memref<32xf32>)
  linalg.reduce ins(%X : memref<16x32xf32>) outs(%S : memref<32xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %sum = arith.addf %x, %acc : f32
      linalg.yield %sum : f32
    }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%S : memref<32xf32>) {
  ^bb0(%s: f32):
    %j = linalg.index 0 : index
    memref.store %s, %out[%j] : memref<?xf32>
    linalg.yield
  }
  return
}
