// RUN: triton-spirv-opt %s --split-input-file --fragment-epilogue --cse | FileCheck %s

// A 32x32 f32 accumulator over 2 subgroups of 2 fragments each: zero-filled,
// loaded as fragments, carried through a K loop, stored back and read by the
// distributed epilogue (256 invocations x 4 elements). The fragments start
// as constants, C goes away, and each fragment reaches the epilogue body
// through the subgroup's 16x16 scratch tile (2 x 16 rows of 4 vectors).
// CHECK-LABEL: func.func @accumulator(
// CHECK-NOT:     memref<32x8xvector<4xf32>
// CHECK:         %[[SCRATCH:.*]] = memref.alloc() : memref<32x4xvector<4xf32>, #spirv.storage_class<Workgroup>>
// CHECK:         %[[SUBGROUP:.*]] = gpu.subgroup_id
// CHECK:         %[[FIRST:.*]] = arith.muli %[[SUBGROUP]], %c16
// CHECK-NOT:     gpu.subgroup_mma_load_matrix
// CHECK:         %[[ZERO:.*]] = gpu.subgroup_mma_constant_matrix %{{.*}} : !gpu.mma_matrix<16x16xf32, "COp">
// CHECK:         %[[ACC:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]])
// CHECK:         %[[LANE:.*]] = gpu.lane_id
// CHECK:         gpu.subgroup_mma_store_matrix %[[ACC]]#0, %[[SCRATCH]][%[[FIRST]], %c0] {leadDimension = 4 : index}
// CHECK-NEXT:    gpu.barrier
// Lane l reads vector l of the fragment (row l / 4), then vector l + 32.
// CHECK:         %[[ELEMENT:.*]] = arith.muli %[[LANE]], %c4
// CHECK:         %[[ROW:.*]] = arith.divui %[[ELEMENT]], %c16
// CHECK:         %[[COLUMN:.*]] = arith.remui %[[ELEMENT]], %c16
// CHECK:         %[[SROW:.*]] = arith.addi %[[FIRST]], %[[ROW]]
// CHECK:         %[[SCOLUMN:.*]] = arith.divui %[[COLUMN]], %c4
// CHECK:         %[[VALUE:.*]] = memref.load %[[SCRATCH]][%[[SROW]], %[[SCOLUMN]]]
// CHECK:         arith.mulf %[[VALUE]]
// CHECK:         vector.store
// CHECK:         arith.addi %[[LANE]], %c32
// CHECK:         memref.load %[[SCRATCH]]
// CHECK:         vector.store
// CHECK:         gpu.barrier
// CHECK:         gpu.subgroup_mma_store_matrix %[[ACC]]#1, %[[SCRATCH]][%[[FIRST]], %c0]
// CHECK-NEXT:    gpu.barrier
// CHECK-COUNT-2: memref.load %[[SCRATCH]]
// CHECK-NOT:     scf.for
// CHECK:         return
func.func @accumulator(%out: memref<?xf32>, %n: index, %scale: vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %tid = gpu.thread_id x
  %c = memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  %offset = arith.muli %tid, %c4 : index
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %col = arith.divui %m, %c4 : index
    memref.store %zero, %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c4] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %acc:2 = scf.for %k = %c0 to %n step %c1 iter_args(%a0 = %f0, %a1 = %f1) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
    %s0 = gpu.subgroup_mma_elementwise addf %a0, %a1 : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %s0, %a1 : !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">
  }
  gpu.subgroup_mma_store_matrix %acc#0, %c[%row, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.subgroup_mma_store_matrix %acc#1, %c[%row, %c4] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %col = arith.divui %m, %c4 : index
    %v = memref.load %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    %scaled = arith.mulf %v, %scale : vector<4xf32>
    vector.store %scaled, %out[%e] : memref<?xf32>, vector<4xf32>
  }
  gpu.barrier
  return
}

// -----

// The accumulator starts from memory and the epilogue reads an
// invocation-private buffer (its values belong to the distribution's
// elements): nothing changes.
// CHECK-LABEL: func.func @kept(
// CHECK:         memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix
// CHECK-NOT:     gpu.subgroup_mma_constant_matrix
// CHECK-NOT:     gpu.lane_id
// CHECK:         return
func.func @kept(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %tid = gpu.thread_id x
  %c = memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  %private = memref.alloca() : memref<4xvector<4xf32>>
  %offset = arith.muli %tid, %c4 : index
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %col = arith.divui %m, %c4 : index
    %x = vector.load %in[%e] : memref<?xf32>, vector<4xf32>
    memref.store %x, %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c4] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %f0, %c[%row, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.subgroup_mma_store_matrix %f1, %c[%row, %c4] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %col = arith.divui %m, %c4 : index
    %v = memref.load %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    %p = memref.load %private[%c0] : memref<4xvector<4xf32>>
    %sum = arith.addf %v, %p : vector<4xf32>
    vector.store %sum, %out[%e] : memref<?xf32>, vector<4xf32>
  }
  return
}

// -----

// A constant fill, but the epilogue reads C transposed: only the start
// changes (constant fragments); C, its fill and its epilogue stay.
// CHECK-LABEL: func.func @transposed_read(
// CHECK:         memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
// CHECK:         memref.store
// CHECK-NOT:     gpu.subgroup_mma_load_matrix
// CHECK:         gpu.subgroup_mma_constant_matrix
// CHECK:         gpu.subgroup_mma_store_matrix
// CHECK:         scf.for
// CHECK:           memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x32xf32
func.func @transposed_read(%out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  %tid = gpu.thread_id x
  %c = memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  scf.for %i = %c0 to %c1024 step %c256 {
    %e = arith.addi %i, %tid : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    memref.store %one, %c[%r, %m] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 32 : index} : memref<32x32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c16] {leadDimension = 32 : index} : memref<32x32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %f0, %c[%row, %c0] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, #spirv.storage_class<Workgroup>>
  gpu.subgroup_mma_store_matrix %f1, %c[%row, %c16] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c256 {
    %e = arith.addi %i, %tid : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %v = memref.load %c[%m, %r] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    memref.store %v, %out[%e] : memref<?xf32>
  }
  return
}

// -----

// Fragments stored into C before the loads (a second matmul on the same
// accumulator): the loads must read them, not the fill.
// CHECK-LABEL: func.func @stored_before_load(
// CHECK-NOT:     gpu.subgroup_mma_constant_matrix
// CHECK:         gpu.subgroup_mma_load_matrix
// CHECK:         return
func.func @stored_before_load(%f: !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp"> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  memref.store %zero, %c[%c0, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  gpu.subgroup_mma_store_matrix %f, %c[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %g = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  return %g : !gpu.mma_matrix<16x16xf32, "COp">
}

// -----

// Two K loops accumulating into one C (attention backward's dq: a masked
// loop, then the rest): only the first loop's fragments start from the fill;
// the second loop's start from what the first stored into C, so C stays and
// its epilogue is not rewritten per fragment.
// CHECK-LABEL: func.func @two_loops_one_accumulator(
// CHECK:         %[[C:.*]] = memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
// CHECK:         %[[ZERO:.*]] = gpu.subgroup_mma_constant_matrix
// CHECK:         %[[FIRST:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]])
// CHECK:         gpu.subgroup_mma_store_matrix %[[FIRST]], %[[C]]
// CHECK:         gpu.barrier
// CHECK:         %[[RELOAD:.*]] = gpu.subgroup_mma_load_matrix %[[C]]
// CHECK:         %[[SECOND:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[RELOAD]])
// CHECK:         gpu.subgroup_mma_store_matrix %[[SECOND]], %[[C]]
// CHECK:         scf.for
// CHECK:           memref.load %[[C]]
func.func @two_loops_one_accumulator(%out: memref<?xf32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %tid = gpu.thread_id x
  %c = memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  %offset = arith.muli %tid, %c4 : index
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %q = arith.remui %e, %c32 : index
    %col = arith.divui %q, %c4 : index
    memref.store %zero, %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %a = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %f0) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %d = gpu.subgroup_mma_elementwise addf %acc, %acc : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
  gpu.subgroup_mma_store_matrix %a, %c[%row, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %b = scf.for %k = %c0 to %m step %c1 iter_args(%acc = %f1) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %d = gpu.subgroup_mma_elementwise addf %acc, %acc : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
  gpu.subgroup_mma_store_matrix %b, %c[%row, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %q = arith.remui %e, %c32 : index
    %col = arith.divui %q, %c4 : index
    %v = memref.load %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    vector.store %v, %out[%e] : memref<?xf32>, vector<4xf32>
  }
  return
}

// -----

// Two cooperative matmuls accumulating into C one after the other (causal
// attention's two key loops): the second loop starts from the first one's
// fragments, not from a reload of what they stored. Those stores are then
// dead (the second matmul's overwrite all of C before anything reads it),
// the fill too, and the epilogue runs per fragment: C goes.
// CHECK-LABEL: func.func @two_loops_forwarded(
// CHECK-NOT:     memref<32x8xvector<4xf32>
// CHECK:         %[[ZERO:.*]] = gpu.subgroup_mma_constant_matrix
// CHECK:         %[[FIRST:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]])
// CHECK-NOT:     gpu.subgroup_mma_store_matrix
// CHECK-NOT:     gpu.subgroup_mma_load_matrix
// CHECK:         %[[SECOND:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[FIRST]])
// CHECK:         gpu.subgroup_mma_store_matrix %[[SECOND]], %{{.*}} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x4xvector<4xf32>
// CHECK-NOT:     memref<32x8xvector<4xf32>
// CHECK:         return
func.func @two_loops_forwarded(%out: memref<?xf32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %tid = gpu.thread_id x
  %c = memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  %offset = arith.muli %tid, %c4 : index
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %q = arith.remui %e, %c32 : index
    %col = arith.divui %q, %c4 : index
    memref.store %zero, %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %a = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %f0) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %d = gpu.subgroup_mma_elementwise addf %acc, %acc : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
  gpu.subgroup_mma_store_matrix %a, %c[%row, %c0] {leadDimension = 8 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %b = scf.for %k = %c0 to %m step %c1 iter_args(%acc = %f1) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %d = gpu.subgroup_mma_elementwise addf %acc, %acc : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
  gpu.subgroup_mma_store_matrix %b, %c[%row, %c0] {leadDimension = 8 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %q = arith.remui %e, %c32 : index
    %col = arith.divui %q, %c4 : index
    %v = memref.load %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    vector.store %v, %out[%e] : memref<?xf32>, vector<4xf32>
  }
  return
}

// -----

// As above, but a loop reads C between the two matmuls: only barriers and
// pure ops may separate a reload from the stores it would take, so C, the
// first matmul's stores and the reload stay.
// CHECK-LABEL: func.func @two_loops_read_between(
// CHECK:         %[[C:.*]] = memref.alloc() : memref<32x8xvector<4xf32>
// CHECK:         %[[FIRST:.*]] = scf.for
// CHECK:         gpu.subgroup_mma_store_matrix %[[FIRST]], %[[C]]
// CHECK:         memref.load %[[C]]
// CHECK:         %[[RELOAD:.*]] = gpu.subgroup_mma_load_matrix %[[C]]
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[RELOAD]])
func.func @two_loops_read_between(%out: memref<?xf32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %tid = gpu.thread_id x
  %c = memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  %offset = arith.muli %tid, %c4 : index
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %q = arith.remui %e, %c32 : index
    %col = arith.divui %q, %c4 : index
    memref.store %zero, %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %a = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %f0) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %d = gpu.subgroup_mma_elementwise addf %acc, %acc : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
  gpu.subgroup_mma_store_matrix %a, %c[%row, %c0] {leadDimension = 8 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %q = arith.remui %e, %c32 : index
    %col = arith.divui %q, %c4 : index
    %v = memref.load %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    vector.store %v, %out[%e] : memref<?xf32>, vector<4xf32>
  }
  %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %b = scf.for %k = %c0 to %m step %c1 iter_args(%acc = %f1) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %d = gpu.subgroup_mma_elementwise addf %acc, %acc : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
  }
  gpu.subgroup_mma_store_matrix %b, %c[%row, %c0] {leadDimension = 8 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c1024 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c32 : index
    %q = arith.remui %e, %c32 : index
    %col = arith.divui %q, %c4 : index
    %v = memref.load %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    vector.store %v, %out[%e] : memref<?xf32>, vector<4xf32>
  }
  return
}

// -----

// The same C, but the fragment stores are a cooperative matmul's, which
// together write all of C before the epilogue reads it: the fill goes, and
// the barrier after it with it (two barriers in a row are one).
// CHECK-LABEL: func.func @fill_overwritten(
// CHECK:         gpu.barrier
// CHECK-NEXT:    memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    gpu.subgroup_id
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.subgroup_mma_constant_matrix
// CHECK-COUNT-2: gpu.subgroup_mma_store_matrix
// CHECK-NEXT:    gpu.barrier
// CHECK:         scf.for
// CHECK:           memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x32xf32
// CHECK-NOT:     memref.store %{{.*}} : memref<32x32xf32
func.func @fill_overwritten(%out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  %tid = gpu.thread_id x
  gpu.barrier
  %c = memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  scf.for %i = %c0 to %c1024 step %c256 {
    %e = arith.addi %i, %tid : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    memref.store %one, %c[%r, %m] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 32 : index} : memref<32x32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c16] {leadDimension = 32 : index} : memref<32x32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %f0, %c[%row, %c0] {leadDimension = 32 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, #spirv.storage_class<Workgroup>>
  gpu.subgroup_mma_store_matrix %f1, %c[%row, %c16] {leadDimension = 32 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c256 {
    %e = arith.addi %i, %tid : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %v = memref.load %c[%m, %r] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    memref.store %v, %out[%e] : memref<?xf32>
  }
  return
}

// -----

// Scores scaled in place after the dot (the scale writes over the buffer the
// fragments went to): the fragments still start as constants and the fill
// goes; the scale is done on the fragments before they are stored, and the
// loop that read and wrote C goes.
// CHECK-LABEL: func.func @updated_in_place(
// CHECK-SAME:    %{{.*}}: memref<?xf32>, %[[SCALE:.*]]: f32)
// CHECK-NOT:     memref.store %{{.*}}, %{{.*}} : memref<32x32xf32
// CHECK:         %[[ZERO:.*]] = gpu.subgroup_mma_constant_matrix
// CHECK:         %[[S:.*]] = gpu.subgroup_mma_constant_matrix %[[SCALE]]
// CHECK:         %[[SCALED:.*]] = gpu.subgroup_mma_elementwise  mulf %[[ZERO]], %[[S]]
// CHECK-NEXT:    gpu.subgroup_mma_store_matrix %[[SCALED]]
// CHECK-NEXT:    gpu.subgroup_mma_store_matrix %[[SCALED]]
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    scf.for
// CHECK-NOT:       arith.mulf
// CHECK:           memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x32xf32
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xf32>
func.func @updated_in_place(%out: memref<?xf32>, %scale: f32) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %c = memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  scf.for %i = %c0 to %c1024 step %c256 {
    %e = arith.addi %i, %tid : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    memref.store %zero, %c[%r, %m] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 32 : index} : memref<32x32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c16] {leadDimension = 32 : index} : memref<32x32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %f0, %c[%row, %c0] {leadDimension = 32 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, #spirv.storage_class<Workgroup>>
  gpu.subgroup_mma_store_matrix %f1, %c[%row, %c16] {leadDimension = 32 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c256 {
    %e = arith.addi %i, %tid : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %v = memref.load %c[%r, %m] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    %s = arith.mulf %v, %scale : f32
    memref.store %s, %c[%r, %m] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c256 {
    %e = arith.addi %i, %tid : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %v = memref.load %c[%m, %r] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    memref.store %v, %out[%e] : memref<?xf32>
  }
  return
}

// -----

// An update with a value that differs per invocation (the thread id) or that
// reads another element stays an element loop.
// CHECK-LABEL: func.func @update_kept(
// CHECK:         scf.for
// CHECK:           arith.mulf
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x32xf32
func.func @update_kept(%f: !gpu.mma_matrix<16x16xf32, "COp">, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %tid = gpu.thread_id x
  %c = memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  gpu.subgroup_mma_store_matrix %f, %c[%row, %c0] {leadDimension = 32 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, #spirv.storage_class<Workgroup>>
  gpu.subgroup_mma_store_matrix %f, %c[%row, %c16] {leadDimension = 32 : index, triton_spirv.covers_accumulator} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %t = arith.index_cast %tid : index to i32
  %tf = arith.sitofp %t : i32 to f32
  scf.for %i = %c0 to %c1024 step %c256 {
    %e = arith.addi %i, %tid : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %v = memref.load %c[%r, %m] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    %s = arith.mulf %v, %tf : f32
    memref.store %s, %c[%r, %m] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  scf.for %i = %c0 to %c1024 step %c256 {
    %e = arith.addi %i, %tid : index
    %r = arith.divui %e, %c32 : index
    %m = arith.remui %e, %c32 : index
    %v = memref.load %c[%m, %r] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    memref.store %v, %out[%e] : memref<?xf32>
  }
  return
}

// -----

// S of attention once fragment-row-phases keeps it in registers: zero-filled
// and loaded as the dot's initial fragment, never stored. The fragment starts
// as a constant and the fill (its loop and barrier) goes with the buffer.
// CHECK-LABEL: func.func @read_only_accumulator(
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.store
// CHECK:         %[[ZERO:.*]] = gpu.subgroup_mma_constant_matrix %{{.*}} : !gpu.mma_matrix<16x16xf32, "COp">
// CHECK:         %[[S:.*]] = gpu.subgroup_mma_compute %arg0, %arg1, %[[ZERO]]
// CHECK:         gpu.subgroup_mma_extract_thread_local %[[S]]
func.func @read_only_accumulator(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %tid = gpu.thread_id x
  %s = memref.alloc() : memref<32x4xvector<4xf32>, #spirv.storage_class<Workgroup>>
  %offset = arith.muli %tid, %c4 : index
  scf.for %i = %c0 to %c512 step %c512 {
    %e = arith.addi %i, %offset : index
    %r = arith.divui %e, %c16 : index
    %m = arith.remui %e, %c16 : index
    %col = arith.divui %m, %c4 : index
    memref.store %zero, %s[%r, %col] : memref<32x4xvector<4xf32>, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %init = gpu.subgroup_mma_load_matrix %s[%row, %c0] {leadDimension = 4 : index} : memref<32x4xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %scores = gpu.subgroup_mma_compute %a, %b, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %v = gpu.subgroup_mma_extract_thread_local %scores[%c0] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  memref.store %v, %out[%tid] : memref<?xf32>
  return
}

// -----

// The accumulator of a persistent kernel's tile loop: the epilogue's output
// offset is carried by the loop, the same for every invocation (its start
// and its step are), so the epilogue runs on the fragments. Where the
// carried value starts from the invocation's id, it varies, and C stays.
// CHECK-LABEL: func.func @tile_loop(
// CHECK:         scf.for %{{.*}} iter_args(%[[BASE:.*]] = %c0)
// CHECK-NOT:       memref<32x8xvector<4xf32>
// CHECK:           gpu.lane_id
// CHECK:           gpu.subgroup_mma_store_matrix %{{.*}}, %{{.*}}[%{{.*}}, %c0] {leadDimension = 4 : index}
// CHECK:           arith.addi %{{.*}}, %[[BASE]]
// CHECK:           vector.store
// CHECK-LABEL: func.func @varying_tile_loop(
// CHECK:         memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
// CHECK-NOT:     gpu.lane_id
// CHECK:         return
func.func @tile_loop(%out: memref<?xf32>, %tiles: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %tid = gpu.thread_id x
  %offset = arith.muli %tid, %c4 : index
  %last = scf.for %t = %c0 to %tiles step %c1 iter_args(%base = %c0) -> (index) {
    %c = memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    scf.for %i = %c0 to %c1024 step %c1024 {
      %e = arith.addi %i, %offset : index
      %r = arith.divui %e, %c32 : index
      %m = arith.remui %e, %c32 : index
      %col = arith.divui %m, %c4 : index
      memref.store %zero, %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %sg = gpu.subgroup_id : index
    %row = arith.muli %sg, %c16 : index
    %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c4] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %s = gpu.subgroup_mma_elementwise addf %f0, %f1 : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %s, %c[%row, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    gpu.subgroup_mma_store_matrix %f1, %c[%row, %c4] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    gpu.barrier
    scf.for %i = %c0 to %c1024 step %c1024 {
      %e = arith.addi %i, %offset : index
      %r = arith.divui %e, %c32 : index
      %m = arith.remui %e, %c32 : index
      %col = arith.divui %m, %c4 : index
      %v = memref.load %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
      %at = arith.addi %e, %base : index
      vector.store %v, %out[%at] : memref<?xf32>, vector<4xf32>
    }
    gpu.barrier
    %next = arith.addi %base, %c1024 : index
    scf.yield %next : index
  }
  return
}

func.func @varying_tile_loop(%out: memref<?xf32>, %tiles: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %tid = gpu.thread_id x
  %offset = arith.muli %tid, %c4 : index
  %last = scf.for %t = %c0 to %tiles step %c1 iter_args(%base = %tid) -> (index) {
    %c = memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    scf.for %i = %c0 to %c1024 step %c1024 {
      %e = arith.addi %i, %offset : index
      %r = arith.divui %e, %c32 : index
      %m = arith.remui %e, %c32 : index
      %col = arith.divui %m, %c4 : index
      memref.store %zero, %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %sg = gpu.subgroup_id : index
    %row = arith.muli %sg, %c16 : index
    %f0 = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %f1 = gpu.subgroup_mma_load_matrix %c[%row, %c4] {leadDimension = 8 : index} : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %s = gpu.subgroup_mma_elementwise addf %f0, %f1 : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %s, %c[%row, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    gpu.subgroup_mma_store_matrix %f1, %c[%row, %c4] {leadDimension = 8 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
    gpu.barrier
    scf.for %i = %c0 to %c1024 step %c1024 {
      %e = arith.addi %i, %offset : index
      %r = arith.divui %e, %c32 : index
      %m = arith.remui %e, %c32 : index
      %col = arith.divui %m, %c4 : index
      %v = memref.load %c[%r, %col] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
      %at = arith.addi %e, %base : index
      vector.store %v, %out[%at] : memref<?xf32>, vector<4xf32>
    }
    gpu.barrier
    %next = arith.addi %base, %c1024 : index
    scf.yield %next : index
  }
  return
}
