// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=128 contiguity=4}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=32 contiguity=1}))' | FileCheck %s --check-prefix=T32
//
// Input: what bufferization + convert-linalg-to-parallel-loops leave, one
// top-level scf.parallel per block-level op. Each is split over the
// workgroup: invocation `tid` handles runs of `contiguity` consecutive
// iterations starting at tid * contiguity, one run per round, rounds
// striding by num-threads * contiguity.

// 1024 iterations, 128 invocations x 4 contiguous = 512 per round: 2 rounds,
// exact (no bounds guard). Temporaries move to workgroup memory, and a barrier
// follows every loop that touches it.

// CHECK-LABEL: func.func @copy_through_workgroup(
// CHECK-SAME:    %[[IN:[^:]*]]: memref<?xf32>, %[[OUT:[^:]*]]: memref<?xf32>)
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[TMP:.*]] = memref.alloc() : memref<1024xf32, #spirv.storage_class<Workgroup>>
// CHECK-NOT:     scf.parallel
// CHECK:         %[[RUNLEN:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[FIRST:.*]] = arith.muli %[[TID]], %[[RUNLEN]] : index
// CHECK-NEXT:    %[[STEP:.*]] = arith.constant 512 : index
// CHECK-NEXT:    %[[UB:.*]] = arith.constant 1024 : index
// CHECK-NEXT:    %[[LB:.*]] = arith.constant 0 : index
// CHECK-NEXT:    scf.for %[[ROUND:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] {
// CHECK-NEXT:      %[[BASE:.*]] = arith.addi %[[ROUND]], %[[FIRST]] : index
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      scf.for %[[K:.*]] = %[[ZERO]] to %[[FOUR]] step %[[ONE]] {
// CHECK-NEXT:        %[[I:.*]] = arith.addi %[[BASE]], %[[K]] : index
// CHECK-NOT:         scf.if
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[IN]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:        memref.store %[[V]], %[[TMP]][%[[I]]] : memref<1024xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:      } {triton_spirv.contiguous_run}
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.barrier
// CHECK:         scf.for %[[ROUND2:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           scf.for
// CHECK:             %[[V2:.*]] = memref.load %[[TMP]][%{{.*}}] : memref<1024xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:        memref.store %[[V2]], %[[OUT]][%{{.*}}] : memref<?xf32>
// CHECK:         gpu.barrier
// The dealloc is gone (workgroup memory lives as long as the workgroup).
// CHECK-NOT:     memref.dealloc
// CHECK:         return

// With 32 invocations and runs of 1: 32 elements per round, 32 rounds.
// T32-LABEL: func.func @copy_through_workgroup(
// T32:         %[[TID:.*]] = gpu.thread_id x
// T32:         %[[FIRST:.*]] = arith.muli %[[TID]], %{{.*}} : index
// T32-NEXT:    %[[STEP:.*]] = arith.constant 32 : index
// T32-NEXT:    %[[UB:.*]] = arith.constant 1024 : index
// T32-NEXT:    %[[LB:.*]] = arith.constant 0 : index
// T32-NEXT:    scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[STEP]] {
func.func @copy_through_workgroup(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %tmp = memref.alloc() : memref<1024xf32>
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    memref.store %v, %tmp[%i] : memref<1024xf32>
    scf.reduce
  }
  // Reading another invocation's element (reversed) needs workgroup memory.
  %c1023 = arith.constant 1023 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %j = arith.subi %c1023, %i : index
    %v = memref.load %tmp[%j] : memref<1024xf32>
    memref.store %v, %out[%i] : memref<?xf32>
    scf.reduce
  }
  memref.dealloc %tmp : memref<1024xf32>
  return
}

// -----

// A temporary each invocation only touches at its own elements stays in
// invocation-private memory (1024 / (128 x 4) = 2 rounds x 4 = 8 entries per
// invocation, entry round * 4 + k), with no barrier.
// CHECK-LABEL: func.func @private_temporary(
// CHECK:         %[[TMP:.*]] = memref.alloca() : memref<8xf32, #spirv.storage_class<Function>>
// CHECK-NOT:     gpu.barrier
// CHECK:         scf.for %[[ROUND:.*]] = %{{.*}} to %{{.*}} step %[[STEP:.*]] {
// CHECK:           scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[R:.*]] = arith.divui %[[ROUND]], %{{.*}} : index
// CHECK:             %[[R4:.*]] = arith.muli %[[R]], %{{.*}} : index
// CHECK-NEXT:        %[[P:.*]] = arith.addi %[[R4]], %[[K]] : index
// CHECK:             memref.store %{{.*}}, %[[TMP]][%[[P]]] : memref<8xf32, #spirv.storage_class<Function>>
// CHECK:             memref.load %[[TMP]][%{{.*}}] : memref<8xf32, #spirv.storage_class<Function>>
// CHECK-NOT:     gpu.barrier
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

// No invocation loops over all 1024 elements: the only loops left are the
// 2-round loop (step 512) and the 4-element run.
// CHECK-LABEL: func.func @no_loop_over_everything(
// CHECK:         gpu.thread_id x
// CHECK-NOT:     scf.parallel
// CHECK:         %[[STEP:.*]] = arith.constant 512 : index
// CHECK-NEXT:    %[[UB:.*]] = arith.constant 1024 : index
// CHECK-NEXT:    %[[LB:.*]] = arith.constant 0 : index
// CHECK-NEXT:    scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[STEP]] {
// CHECK-NOT:       scf.for {{.*}} to %c1024 step %c1 {
// CHECK:           %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      scf.for %{{.*}} = %[[ZERO]] to %[[FOUR]] step %{{.*}} {
// CHECK-NOT:         scf.for
// CHECK:           } {triton_spirv.contiguous_run}
// CHECK-NEXT:    }
// CHECK-NOT:     scf.for
// CHECK-NOT:     scf.parallel
// No workgroup memory: no barrier.
// CHECK-NOT:     gpu.barrier
// CHECK:         return
func.func @no_loop_over_everything(%out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %out[%i] : memref<?xi32>
    scf.reduce
  }
  return
}

// -----

// 1000 is not a multiple of 512: the last round is guarded.
// CHECK-LABEL: func.func @ragged(
// CHECK-SAME:    %[[IN:[^:]*]]: memref<?xf32>, %[[OUT:[^:]*]]: memref<?xf32>)
// CHECK:         %[[STEP:.*]] = arith.constant 512 : index
// CHECK-NEXT:    %[[UB:.*]] = arith.constant 1024 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[UB]] step %[[STEP]] {
// CHECK:           scf.for %[[K:.*]] = {{.*}} {
// CHECK-NEXT:        %[[I:.*]] = arith.addi %{{.*}}, %[[K]] : index
// CHECK-NEXT:        %[[N:.*]] = arith.constant 1000 : index
// CHECK-NEXT:        %[[IN_BOUNDS:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
// CHECK-NEXT:        scf.if %[[IN_BOUNDS]] {
// CHECK-NEXT:          %[[V:.*]] = memref.load %[[IN]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:          memref.store %[[V]], %[[OUT]][%[[I]]] : memref<?xf32>
// CHECK-NEXT:        }
// CHECK-NEXT:      } {triton_spirv.contiguous_run}

// T32-LABEL: func.func @ragged(
// T32:         %[[STEP:.*]] = arith.constant 32 : index
// T32-NEXT:    %[[UB:.*]] = arith.constant 1024 : index
// T32:           %[[N:.*]] = arith.constant 1000 : index
// T32-NEXT:      arith.cmpi ult, %{{.*}}, %[[N]] : index
func.func @ragged(%in: memref<?xf32>, %out: memref<?xf32>) {
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

// A 2-D loop is linearized row-major (last dimension fastest) and the
// induction variables are rebuilt with their steps and lower bounds:
// (i, j) in [0,16) x [1,64) step (1, 2) has 16 x 32 = 512 iterations.
// CHECK-LABEL: func.func @two_dimensional(
// CHECK-SAME:    %[[OUT:[^:]*]]: memref<?xi32>)
// CHECK:         %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[STEP:.*]] = arith.constant 512 : index
// CHECK-NEXT:    %[[UB:.*]] = arith.constant 512 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[UB]] step %[[STEP]] {
// CHECK:           scf.for %[[K:.*]] = {{.*}} {
// CHECK-NEXT:        %[[L:.*]] = arith.addi %{{.*}}, %[[K]] : index
// CHECK-NOT:         scf.if
// CHECK-NEXT:        %[[E:.*]] = arith.constant 32 : index
// CHECK-NEXT:        %[[J0:.*]] = arith.remui %[[L]], %[[E]] : index
// CHECK-NEXT:        %[[I:.*]] = arith.divui %[[L]], %[[E]] : index
// CHECK-NEXT:        %[[S:.*]] = arith.constant 2 : index
// CHECK-NEXT:        %[[J1:.*]] = arith.muli %[[J0]], %[[S]] : index
// CHECK-NEXT:        %[[LB:.*]] = arith.constant 1 : index
// CHECK-NEXT:        %[[J:.*]] = arith.addi %[[J1]], %[[LB]] : index
// CHECK-NEXT:        %[[ROW:.*]] = arith.muli %[[I]], %[[C64]] : index
// CHECK-NEXT:        %[[X:.*]] = arith.addi %[[ROW]], %[[J]] : index
func.func @two_dimensional(%out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c1) to (%c16, %c64) step (%c1, %c2) {
    %k = arith.muli %i, %c64 : index
    %l = arith.addi %k, %j : index
    %v = arith.index_cast %l : index to i32
    memref.store %v, %out[%l] : memref<?xi32>
    scf.reduce
  }
  return
}

// -----

// Scalar (uniform) code runs in every invocation: its stores to global
// memory are guarded by thread_id == 0; its stores to workgroup memory are
// not, but are followed by a barrier. memref.copy is lowered: to a
// distributed loop, or to a load/store for rank 0.
// CHECK-LABEL: func.func @scalar_code_and_copies(
// CHECK-SAME:    %[[OUT:[^:]*]]: memref<?xf32>, %[[X:[^:]*]]: f32)
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[ACC:.*]] = memref.alloc() : memref<f32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    memref.store %[[X]], %[[ACC]][] : memref<f32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<256xf32, #spirv.storage_class<Workgroup>>
// SRC is only touched element-wise by block loops: invocation-private.
// CHECK:         %[[SRC:.*]] = memref.alloca() : memref<4xf32, #spirv.storage_class<Function>>
// CHECK:         scf.for
// CHECK:           memref.store %[[X]], %[[SRC]][%{{.*}}]
// The copy SRC -> BUF is now a distributed loop.
// CHECK-NOT:     memref.copy
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[V:.*]] = memref.load %[[SRC]][%{{.*}}] : memref<4xf32, #spirv.storage_class<Function>>
// CHECK-NEXT:        memref.store %[[V]], %[[BUF]][%{{.*}}] : memref<256xf32, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.barrier
// The rank-0 copy is a load and a store, each followed by a barrier.
// CHECK:         %[[ACC2:.*]] = memref.alloc() : memref<f32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    %[[S:.*]] = memref.load %[[ACC]][] : memref<f32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    memref.store %[[S]], %[[ACC2]][] : memref<f32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    %[[R:.*]] = memref.load %[[ACC2]][] : memref<f32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    gpu.barrier
// The global store happens once.
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[IS_FIRST:.*]] = arith.cmpi eq, %[[TID]], %[[Z]] : index
// CHECK-NEXT:    scf.if %[[IS_FIRST]] {
// CHECK-NEXT:      memref.store %[[R]], %[[OUT]][%[[C0]]] : memref<?xf32>
// CHECK-NEXT:    }
// CHECK:         return
func.func @scalar_code_and_copies(%out: memref<?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %acc = memref.alloc() : memref<f32>
  memref.store %x, %acc[] : memref<f32>
  %buf = memref.alloc() : memref<256xf32>
  %src = memref.alloc() : memref<256xf32>
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    memref.store %x, %src[%i] : memref<256xf32>
    scf.reduce
  }
  memref.copy %src, %buf : memref<256xf32> to memref<256xf32>
  %acc2 = memref.alloc() : memref<f32>
  memref.copy %acc, %acc2 : memref<f32> to memref<f32>
  %v = memref.load %acc2[] : memref<f32>
  memref.store %v, %out[%c0] : memref<?xf32>
  %w = memref.load %buf[%c1] : memref<256xf32>
  memref.store %w, %out[%c1] : memref<?xf32>
  return
}

// -----

// Global stores inside distributed loops are not guarded by thread_id == 0
// (each invocation stores its own elements).
// CHECK-LABEL: func.func @distributed_global_store(
// CHECK-NOT:     arith.cmpi eq
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK-NOT:         scf.if
// CHECK:             memref.store
// CHECK-NOT:     arith.cmpi eq
// CHECK:         return
func.func @distributed_global_store(%out: memref<?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  scf.parallel (%i) = (%c0) to (%c512) step (%c1) {
    memref.store %x, %out[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// A scalar atomic runs once (invocation 0) and shares its old value through
// workgroup memory; an ordered (acq_rel) one is followed by a barrier that
// orders global memory too, a relaxed one by a plain barrier. Barriers the
// kernel had (tl.debug_barrier) order global memory as well.
// CHECK-LABEL: func.func @scalar_atomics
// CHECK:         scf.if
// CHECK:           memref.generic_atomic_rmw
// CHECK:         gpu.barrier {triton_spirv.orders_global_memory}
// CHECK:         gpu.barrier {triton_spirv.orders_global_memory, triton_spirv.user_barrier}
// CHECK:         scf.if
// CHECK:           memref.generic_atomic_rmw
// CHECK:         gpu.barrier{{$}}
func.func @scalar_atomics(%lock: memref<?xi32>, %count: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  %old = memref.generic_atomic_rmw %lock[%c0] : memref<?xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %c1_i32 : i32
  }
  gpu.barrier
  %n = memref.generic_atomic_rmw %count[%c0] : memref<?xi32> {
  ^bb0(%cur: i32):
    %next = arith.addi %cur, %c1_i32 : i32
    memref.atomic_yield %next : i32
  } {triton_spirv.relaxed_atomic}
  memref.store %old, %count[%c0] : memref<?xi32>
  memref.store %n, %lock[%c0] : memref<?xi32>
  return
}

// -----

// A copy of a buffer that only ever holds one constant (a loop-invariant zero
// accumulator bufferization copies into each iteration) is a fill: no loads
// of the source, which goes as dead.
// CHECK-LABEL: func.func @copy_of_constant(
// CHECK-NOT:     memref<64xf32
// CHECK:         scf.for
// CHECK:           %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:           memref.store %[[HALF]], %[[PRIVATE:.*]][%{{.*}}] : memref<{{[0-9]+}}xf32, #spirv.storage_class<Function>>
// CHECK:           memref.load %[[PRIVATE]]
func.func @copy_of_constant(%out: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %z = memref.alloc() : memref<64xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%z : memref<64xf32>) {
  ^bb0(%o: f32):
    linalg.yield %half : f32
  }
  scf.for %k = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    memref.copy %z, %t : memref<64xf32> to memref<64xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : memref<64xf32>) {
    ^bb0(%x: f32):
      %i = linalg.index 0 : index
      %j = arith.addi %i, %k : index
      memref.store %x, %out[%j] : memref<?xf32>
      linalg.yield
    }
  }
  return
}

// -----

// Layer norm's zero accumulator: filled once, copied to start one sum, then
// the next sum's own accumulator (a writer after the copy, outside any
// loop). The copy is a store of the constant; barriers that end up with only
// an allocation (or a dead load) between them are one.
// CHECK-LABEL: func.func @zero_copied_then_reused(
// CHECK:         %[[A:.*]] = memref.alloc() : memref<f32, #spirv.storage_class<Workgroup>>
// CHECK:         memref.store %{{.*}}, %[[A]][]
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<f32, #spirv.storage_class<Workgroup>>
// CHECK-NOT:     gpu.barrier
// CHECK:         memref.store %{{.*}}, %[[B]][]
// CHECK-NOT:     memref.load %[[A]][]
// CHECK:         gpu.subgroup_reduce
func.func @zero_copied_then_reused(%x: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %X = memref.alloc() : memref<256xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%X : memref<256xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %v = memref.load %x[%i] : memref<?xf32>
    linalg.yield %v : f32
  }
  %A = memref.alloc() : memref<f32>
  linalg.fill ins(%zero : f32) outs(%A : memref<f32>)
  %B = memref.alloc() : memref<f32>
  memref.copy %A, %B : memref<f32> to memref<f32>
  linalg.reduce { arith.addf } ins(%X : memref<256xf32>) outs(%B : memref<f32>) dimensions = [0]
  linalg.reduce { arith.maximumf } ins(%X : memref<256xf32>) outs(%A : memref<f32>) dimensions = [0]
  %s = memref.load %B[] : memref<f32>
  %m = memref.load %A[] : memref<f32>
  %t = arith.addf %s, %m : f32
  memref.store %t, %out[%c0] : memref<?xf32>
  return
}
