// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=32 contiguity=8}))' | FileCheck %s --check-prefix=ALL
// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=32 contiguity=8 barrier-after-private-phases=false}))' | FileCheck %s --check-prefix=SHARED
//
// A function that uses workgroup memory (a reversed copy) and has a block
// loop on global memory only. By default every block loop is followed by a
// barrier (NVIDIA measured faster that way); with
// barrier-after-private-phases=false only the phases that touch workgroup
// memory are (lavapipe: each barrier switches every subgroup's coroutine).

// ALL-LABEL:    func.func @scale_then_reverse(
// ALL:            scf.for
// ALL:              memref.store %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>
// ALL:          gpu.barrier
// ALL:            scf.for
// ALL:              memref.store %{{.*}}, %{{.*}} : memref<256xf32, #spirv.storage_class<Workgroup>>
// ALL:          gpu.barrier
// ALL:            scf.for
// ALL:          gpu.barrier
// ALL:          return

// SHARED-LABEL: func.func @scale_then_reverse(
// SHARED:         scf.for
// SHARED:           memref.store %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>
// SHARED-NOT:   gpu.barrier
// SHARED:         scf.for
// SHARED:           memref.store %{{.*}}, %{{.*}} : memref<256xf32, #spirv.storage_class<Workgroup>>
// SHARED:       gpu.barrier
// SHARED:         scf.for
// SHARED:       gpu.barrier
// SHARED:       return
func.func @scale_then_reverse(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c255 = arith.constant 255 : index
  %two = arith.constant 2.0 : f32
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %out[%i] : memref<?xf32>
    scf.reduce
  }
  %tmp = memref.alloc() : memref<256xf32>
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    memref.store %v, %tmp[%i] : memref<256xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    %j = arith.subi %c255, %i : index
    %v = memref.load %tmp[%j] : memref<256xf32>
    memref.store %v, %in[%i] : memref<?xf32>
    scf.reduce
  }
  memref.dealloc %tmp : memref<256xf32>
  return
}
