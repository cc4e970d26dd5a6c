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

// Loops over a private temporary keep the round-major order (its entries
// are numbered by round): rounds stride by the whole workgroup, 32 x 8.
// CHECK-LABEL: func.func @private_temporary(
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         memref.alloca() : memref<32xf32, #spirv.storage_class<Function>>
// CHECK-NOT:     arith.remui %[[TID]]
// CHECK:         arith.muli %[[TID]], %{{.*}} : index
// CHECK-NEXT:    arith.constant 256 : index
// CHECK-NEXT:    arith.constant 1024 : index
// CHECK-NOT:     arith.remui %[[TID]]
// CHECK:         arith.muli %[[TID]], %{{.*}} : index
// CHECK-NEXT:    arith.constant 256 : index
// CHECK-NEXT:    arith.constant 1024 : index
// CHECK-NOT:     arith.remui %[[TID]]
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
