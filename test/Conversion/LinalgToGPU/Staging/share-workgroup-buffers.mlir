// RUN: triton-spirv-opt %s --split-input-file --share-workgroup-buffers | FileCheck %s

!tile = memref<32x8xf32, #spirv.storage_class<Workgroup>>

// Two loops staging a tile of one type each (causal attention's two key
// loops), a barrier between them: one buffer, moved to the entry, and no
// barrier added.
// CHECK-LABEL: func.func @two_loops(
// CHECK-NEXT:    %[[TILE:.*]] = memref.alloc() : memref<32x8xf32, #spirv.storage_class<Workgroup>>
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %[[TILE]]
// CHECK:           gpu.barrier
// CHECK:           memref.load %[[TILE]]
// CHECK:         gpu.barrier
// CHECK-NEXT:    scf.for
// CHECK:           memref.store %{{.*}}, %[[TILE]]
// CHECK:           gpu.barrier
// CHECK:           memref.load %[[TILE]]
// CHECK-NOT:     gpu.barrier
// CHECK:         return
func.func @two_loops(%out: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : !tile
    memref.store %v, %a[%tid, %c0] : !tile
    gpu.barrier
    %x = memref.load %a[%c0, %tid] : !tile
    memref.store %x, %out[%i] : memref<?xf32>
  }
  gpu.barrier
  scf.for %i = %c0 to %n step %c1 {
    %b = memref.alloc() : !tile
    memref.store %v, %b[%tid, %c1] : !tile
    gpu.barrier
    %x = memref.load %b[%c1, %tid] : !tile
    memref.store %x, %out[%i] : memref<?xf32>
  }
  return
}

// -----

!tile = memref<32x8xf32, #spirv.storage_class<Workgroup>>

// No barrier between the ranges: the buffers stay apart (a barrier added
// to order them would cost more than the memory saved).
// CHECK-LABEL: func.func @no_barrier_between(
// CHECK-COUNT-2: memref.alloc() : memref<32x8xf32, #spirv.storage_class<Workgroup>>
func.func @no_barrier_between(%out: memref<?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %tid = gpu.thread_id x
  %a = memref.alloc() : !tile
  memref.store %v, %a[%tid, %c0] : !tile
  gpu.barrier
  %x = memref.load %a[%c0, %tid] : !tile
  memref.store %x, %out[%tid] : memref<?xf32>
  %b = memref.alloc() : !tile
  memref.store %v, %b[%tid, %c0] : !tile
  gpu.barrier
  %y = memref.load %b[%c0, %tid] : !tile
  memref.store %y, %out[%c0] : memref<?xf32>
  return
}

// -----

!tile = memref<32x8xf32, #spirv.storage_class<Workgroup>>

// Buffers live at once (both read by the last op), buffers of different
// types, and a buffer carried by a loop each keep their own.
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-2: memref.alloc() : memref<32x8xf32
// CHECK:         memref.alloc() : memref<32x8xf16
// CHECK:         memref.alloc() : memref<32x8xf32
// CHECK:         memref.alloc() : memref<32x8xf32
func.func @kept(%out: memref<?xf32>, %n: index, %v: f32, %h: f16) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %a = memref.alloc() : !tile
  memref.store %v, %a[%tid, %c0] : !tile
  %b = memref.alloc() : !tile
  memref.store %v, %b[%tid, %c0] : !tile
  gpu.barrier
  %x = memref.load %a[%c0, %tid] : !tile
  %y = memref.load %b[%c0, %tid] : !tile
  %s = arith.addf %x, %y : f32
  memref.store %s, %out[%tid] : memref<?xf32>
  gpu.barrier
  %half = memref.alloc() : memref<32x8xf16, #spirv.storage_class<Workgroup>>
  memref.store %h, %half[%tid, %c0] : memref<32x8xf16, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %carried = memref.alloc() : !tile
  %other = memref.alloc() : !tile
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%t = %carried) -> (!tile) {
    memref.store %v, %t[%tid, %c0] : !tile
    scf.yield %other : !tile
  }
  return
}
