// RUN: triton-spirv-opt %s --split-input-file --prefetch-workgroup-tiles --canonicalize | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --prefetch-workgroup-tiles=distance=2 --canonicalize | FileCheck %s --check-prefix=TWO
// RUN: triton-spirv-opt %s --split-input-file --prefetch-workgroup-tiles=distance=64 --canonicalize | FileCheck %s --check-prefix=CLAMP
// RUN: triton-spirv-opt %s --split-input-file --prefetch-workgroup-tiles="distance=2 element-tile-distance=1" --canonicalize | FileCheck %s --check-prefix=CAPPED
// RUN: triton-spirv-opt %s --split-input-file --prefetch-workgroup-tiles="distance=2 subgroup-size=1" --canonicalize | FileCheck %s --check-prefix=BUDGET

// A K loop staging a masked tile into workgroup memory: the two rounds are
// unrolled, the loads of step k+1 are issued at the top of step k and
// carried, a guarded prologue loads step 0, and the stores write the carried
// values. The last step loads its own values again (select, no branch).
// CHECK-LABEL: func.func @staged_tile(
// CHECK-SAME:    %[[SRC:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[STEPS:.*]]: index
// CHECK:         %[[RUNS:.*]] = arith.cmpi sgt, %[[STEPS]], %{{.*}}
// CHECK:         %[[FIRST:.*]]:2 = scf.if %[[RUNS]] -> (f32, f32) {
// CHECK-COUNT-2:   memref.load %[[SRC]]
// CHECK:         } else {
// CHECK:           scf.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK:         %[[RES:.*]]:3 = scf.for %[[K:.*]] = %{{.*}} to %[[STEPS]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[V0:.*]] = %[[FIRST]]#0, %[[V1:.*]] = %[[FIRST]]#1) -> (f32, f32, f32)
// CHECK:           %[[NEXT:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK:           %[[MORE:.*]] = arith.cmpi slt, %[[NEXT]], %[[STEPS]]
// CHECK:           %[[SOURCE:.*]] = arith.select %[[MORE]], %[[NEXT]], %[[K]] : index
// CHECK:           arith.muli %[[SOURCE]]
// CHECK:           %[[L0:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        memref.load %[[SRC]]
// CHECK:           %[[L1:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        memref.load %[[SRC]]
// CHECK:           memref.store %[[V0]], %[[TILE:.*]][%{{.*}}] : memref<256xf32, #spirv.storage_class<Workgroup>>
// CHECK:           memref.store %[[V1]], %[[TILE]][%{{.*}}] : memref<256xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:      gpu.barrier
// CHECK:           memref.load %[[TILE]]
// CHECK:           gpu.barrier
// CHECK:           scf.yield %{{.*}}, %[[L0]], %[[L1]] : f32, f32, f32
// CHECK-NOT:     memref.load %[[SRC]]

// Two iterations ahead: a prologue per step, two sets of values carried;
// each iteration stores the first set and shifts the second down.
// 64 steps ahead of 8 bytes each exceed the 256 carried bytes: 32 steps
// (the accumulator and 32 pairs of values).
// CLAMP-LABEL: func.func @staged_tile(
// CLAMP:         scf.for {{.*}} -> (f32{{(, f32){64} *}})

// TWO-LABEL: func.func @staged_tile(
// TWO:         scf.if %{{.*}} -> (f32, f32) {
// TWO:         scf.if %{{.*}} -> (f32, f32) {
// TWO:         scf.for %[[K:.*]] = {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}, %[[B0:.*]] = %{{.*}}, %[[B1:.*]] = %{{.*}}) -> (f32, f32, f32, f32, f32)
// TWO:           %[[AHEAD:.*]] = arith.addi %[[K]], %c2
// TWO:           arith.select %{{.*}}, %[[AHEAD]], %[[K]] : index
// TWO:           %[[L0:.*]] = scf.if
// TWO:           %[[L1:.*]] = scf.if
// TWO:           memref.store %[[A0]]
// TWO:           memref.store %[[A1]]
// TWO:           scf.yield %{{.*}}, %[[B0]], %[[B1]], %[[L0]], %[[L1]] : f32, f32, f32, f32, f32
// Element reads of the tile: capped at one step ahead.
// CAPPED-LABEL: func.func @staged_tile(
// CAPPED:         scf.for {{.*}} -> (f32, f32, f32)
func.func @staged_tile(%src: memref<?xf32>, %n: index, %steps: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %tile = memref.alloc() : memref<256xf32, #spirv.storage_class<Workgroup>>
  %sum = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %zero) -> f32 {
    %base = arith.muli %k, %c256 : index
    scf.for %r = %c0 to %c256 step %c128 {
      %i = arith.addi %r, %tid : index
      %g = arith.addi %base, %i : index
      %in = arith.cmpi slt, %g, %n : index
      %v = scf.if %in -> f32 {
        %x = memref.load %src[%g] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %v, %tile[%i] : memref<256xf32, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %t = memref.load %tile[%tid] : memref<256xf32, #spirv.storage_class<Workgroup>>
    %next = arith.addf %acc, %t : f32
    gpu.barrier
    scf.yield %next : f32
  }
  return %sum : f32
}

// -----

// The same tile read as a cooperative-matrix fragment: two steps ahead.
// CHECK-LABEL: func.func @fragment_tile(
// CAPPED-LABEL: func.func @fragment_tile(
// CAPPED:         scf.for {{.*}} -> (!gpu.mma_matrix<16x16xf16, "COp">, f16, f16, f16, f16)
func.func @fragment_tile(%src: memref<?xf16>, %n: index, %steps: index, %init: !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp"> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f16
  %tid = gpu.thread_id x
  %c16 = arith.constant 16 : index
  %tile = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %sum = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %init) -> !gpu.mma_matrix<16x16xf16, "COp"> {
    %base = arith.muli %k, %c256 : index
    scf.for %r = %c0 to %c256 step %c128 {
      %i = arith.addi %r, %tid : index
      %g = arith.addi %base, %i : index
      %in = arith.cmpi slt, %g, %n : index
      %v = scf.if %in -> f16 {
        %x = memref.load %src[%g] : memref<?xf16>
        scf.yield %x : f16
      } else {
        scf.yield %zero : f16
      }
      %row = arith.divui %i, %c16 : index
      %col = arith.remui %i, %c16 : index
      memref.store %v, %tile[%row, %col] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %a = gpu.subgroup_mma_load_matrix %tile[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %tile[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %next = gpu.subgroup_mma_compute %a, %b, %acc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
    gpu.barrier
    scf.yield %next : !gpu.mma_matrix<16x16xf16, "COp">
  }
  return %sum : !gpu.mma_matrix<16x16xf16, "COp">
}

// -----

// The loop writes global memory, so an early load could miss a write: left
// alone (rounds not unrolled).
// CHECK-LABEL: func.func @writes_global(
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             memref.store {{.*}} : memref<256xf32, #spirv.storage_class<Workgroup>>
// CHECK:           memref.store {{.*}} : memref<?xf32>
func.func @writes_global(%src: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %tid = gpu.thread_id x
  %tile = memref.alloc() : memref<256xf32, #spirv.storage_class<Workgroup>>
  scf.for %k = %c0 to %steps step %c1 {
    %base = arith.muli %k, %c256 : index
    scf.for %r = %c0 to %c256 step %c128 {
      %i = arith.addi %r, %tid : index
      %g = arith.addi %base, %i : index
      %x = memref.load %src[%g] : memref<?xf32>
      memref.store %x, %tile[%i] : memref<256xf32, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %t = memref.load %tile[%tid] : memref<256xf32, #spirv.storage_class<Workgroup>>
    %g0 = arith.addi %base, %tid : index
    memref.store %t, %src[%g0] : memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

// The staged value depends on a loop-carried value: not computable one
// iteration ahead, left alone.
// CHECK-LABEL: func.func @carried_dependence(
// CHECK:         scf.for
// CHECK:           scf.for
func.func @carried_dependence(%src: memref<?xf32>, %steps: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %tid = gpu.thread_id x
  %tile = memref.alloc() : memref<256xf32, #spirv.storage_class<Workgroup>>
  %end = scf.for %k = %c0 to %steps step %c1 iter_args(%offset = %c0) -> index {
    scf.for %r = %c0 to %c256 step %c128 {
      %i = arith.addi %r, %tid : index
      %g = arith.addi %offset, %i : index
      %x = memref.load %src[%g] : memref<?xf32>
      memref.store %x, %tile[%i] : memref<256xf32, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %t = memref.load %tile[%tid] : memref<256xf32, #spirv.storage_class<Workgroup>>
    %stepi = arith.fptosi %t : f32 to i32
    %step = arith.index_cast %stepi : i32 to index
    %advanced = arith.addi %offset, %step : index
    gpu.barrier
    scf.yield %advanced : index
  }
  return %end : index
}

// -----

// Two tiles staged in turn: once both store carried values, the barrier
// between the two store phases orders nothing (no workgroup reads, distinct
// tiles; the second tile is allocated in between) and goes; the barrier
// before the reads stays.
// CHECK-LABEL: func.func @two_tiles(
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %[[A:.*]][%{{.*}}] : memref<128xf32, #spirv.storage_class<Workgroup>>
// CHECK-NOT:       gpu.barrier
// CHECK:           memref.store %{{.*}}, %[[B:.*]][%{{.*}}] : memref<128xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:      gpu.barrier
// CHECK:           memref.load %[[A]]
// CHECK:           memref.load %[[B]]
// CHECK:           gpu.barrier
// CHECK-NEXT:      scf.yield
func.func @two_tiles(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %ta = memref.alloc() : memref<128xf32, #spirv.storage_class<Workgroup>>
  %sum = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %zero) -> f32 {
    %base = arith.muli %k, %c128 : index
    scf.for %r = %c0 to %c1 step %c1 {
      %g = arith.addi %base, %tid : index
      %x = memref.load %a[%g] : memref<?xf32>
      memref.store %x, %ta[%tid] : memref<128xf32, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %tb = memref.alloc() : memref<128xf32, #spirv.storage_class<Workgroup>>
    scf.for %r = %c0 to %c1 step %c1 {
      %g = arith.addi %base, %tid : index
      %x = memref.load %b[%g] : memref<?xf32>
      memref.store %x, %tb[%tid] : memref<128xf32, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %u = memref.load %ta[%c0] : memref<128xf32, #spirv.storage_class<Workgroup>>
    %v = memref.load %tb[%c0] : memref<128xf32, #spirv.storage_class<Workgroup>>
    %p = arith.mulf %u, %v : f32
    %next = arith.addf %acc, %p : f32
    gpu.barrier
    scf.yield %next : f32
  }
  return %sum : f32
}

// -----

// Accumulator fragments share the register budget with the values carried
// ahead: two f32 fragments on one-invocation subgroups (2 KiB per invocation)
// leave room for one set only, so distance 2 becomes 1 (32-invocation
// subgroups: 64 bytes, two sets).
// TWO-LABEL:    func.func @accumulators_budget(
// TWO:            scf.for {{.*}} -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, f16, f16, f16, f16)
// BUDGET-LABEL: func.func @accumulators_budget(
// BUDGET:         scf.for {{.*}} -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, f16, f16)
func.func @accumulators_budget(%src: memref<?xf16>, %n: index, %steps: index, %init: !gpu.mma_matrix<16x16xf32, "COp">) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f16
  %tid = gpu.thread_id x
  %c16 = arith.constant 16 : index
  %tile = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %sum:2 = scf.for %k = %c0 to %steps step %c1 iter_args(%acc0 = %init, %acc1 = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
    %base = arith.muli %k, %c256 : index
    scf.for %r = %c0 to %c256 step %c128 {
      %i = arith.addi %r, %tid : index
      %g = arith.addi %base, %i : index
      %in = arith.cmpi slt, %g, %n : index
      %v = scf.if %in -> f16 {
        %x = memref.load %src[%g] : memref<?xf16>
        scf.yield %x : f16
      } else {
        scf.yield %zero : f16
      }
      %row = arith.divui %i, %c16 : index
      %col = arith.remui %i, %c16 : index
      memref.store %v, %tile[%row, %col] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %a = gpu.subgroup_mma_load_matrix %tile[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %tile[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %n0 = gpu.subgroup_mma_compute %a, %b, %acc0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %n1 = gpu.subgroup_mma_compute %a, %b, %acc1 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %n0, %n1 : !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">
  }
  return %sum#0, %sum#1 : !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">
}

// -----

// The product is stored into workgroup memory inside the loop (attention's
// scores, read by the softmax phases): a fragment store into workgroup
// memory is no global write, so the tile's loads still run ahead.
// CHECK-LABEL: func.func @fragment_stored_in_loop(
// CHECK:         scf.if
// CHECK:           memref.load %{{.*}} : memref<?xf16>
// CHECK:         scf.for {{.*}} -> (f16, f16)
// CHECK:           gpu.subgroup_mma_store_matrix {{.*}} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16, #spirv.storage_class<Workgroup>>
func.func @fragment_stored_in_loop(%src: memref<?xf16>, %n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f16
  %tid = gpu.thread_id x
  %c16 = arith.constant 16 : index
  %tile = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %scores = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  scf.for %k = %c0 to %steps step %c1 {
    %base = arith.muli %k, %c256 : index
    scf.for %r = %c0 to %c256 step %c128 {
      %i = arith.addi %r, %tid : index
      %g = arith.addi %base, %i : index
      %in = arith.cmpi slt, %g, %n : index
      %v = scf.if %in -> f16 {
        %x = memref.load %src[%g] : memref<?xf16>
        scf.yield %x : f16
      } else {
        scf.yield %zero : f16
      }
      %row = arith.divui %i, %c16 : index
      %col = arith.remui %i, %c16 : index
      memref.store %v, %tile[%row, %col] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %a = gpu.subgroup_mma_load_matrix %tile[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %tile[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %z = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf16, "COp">
    %s = gpu.subgroup_mma_compute %a, %b, %z : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
    gpu.subgroup_mma_store_matrix %s, %scores[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
  }
  return
}
