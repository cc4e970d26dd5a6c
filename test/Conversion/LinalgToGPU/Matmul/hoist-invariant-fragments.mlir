// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hoist-invariant-fragments))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hoist-invariant-fragments{max-fragments=1}))' | FileCheck %s --check-prefix=LIMIT

// Attention's shape: %q is written before the key loop (then a barrier) and
// only read in it; %k is staged anew each iteration. The fragment loads of
// %q and the subgroup-uniform row offset they use move in front of the loop;
// those of %k stay.
// With room for one fragment only, both of %q's stay in the loop.
// LIMIT-LABEL: func.func @q_block(
// LIMIT-NOT:     gpu.subgroup_mma_load_matrix
// LIMIT:         scf.for
// LIMIT:           gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %c0] {leadDimension = 18 : index} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "AOp">
// LIMIT:           gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %c4] {leadDimension = 18 : index} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK-LABEL: func.func @q_block(
// CHECK:         memref.store
// CHECK-NEXT:    gpu.barrier
// CHECK:         %[[SG:.*]] = gpu.subgroup_id
// CHECK:         %[[ROW:.*]] = arith.muli %[[SG]], %c16
// CHECK:         %[[A0:.*]] = gpu.subgroup_mma_load_matrix %[[Q:.*]][%[[ROW]], %c0] {leadDimension = 18 : index}
// CHECK:         %[[A1:.*]] = gpu.subgroup_mma_load_matrix %[[Q]][%[[ROW]], %c4] {leadDimension = 18 : index}
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %[[K:.*]][
// CHECK:           gpu.barrier
// CHECK-NOT:       gpu.subgroup_mma_load_matrix %[[Q]]
// CHECK:           %[[B0:.*]] = gpu.subgroup_mma_load_matrix %[[K]]
// CHECK:           gpu.subgroup_mma_compute %[[A0]], %[[B0]]
// CHECK:           %[[B1:.*]] = gpu.subgroup_mma_load_matrix %[[K]]
// CHECK:           gpu.subgroup_mma_compute %[[A1]], %[[B1]]
func.func @q_block(%out: memref<?xf32>, %n: index, %v: vector<4xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %q = memref.alloc() : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
  %k = memref.alloc() : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  memref.store %v, %q[%tid, %c0] : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %acc0 = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%c = %acc0) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    memref.store %v, %k[%tid, %c0] : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %sg = gpu.subgroup_id : index
    %row = arith.muli %sg, %c16 : index
    %a0 = gpu.subgroup_mma_load_matrix %q[%row, %c0] {leadDimension = 18 : index} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b0 = gpu.subgroup_mma_load_matrix %k[%row, %c0] {leadDimension = 18 : index, transpose} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c2 = gpu.subgroup_mma_compute %a0, %b0, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %a1 = gpu.subgroup_mma_load_matrix %q[%row, %c4] {leadDimension = 18 : index} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b1 = gpu.subgroup_mma_load_matrix %k[%row, %c4] {leadDimension = 18 : index, transpose} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c3 = gpu.subgroup_mma_compute %a1, %b1, %c2 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %c3 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// No barrier between the tile's last write and the loop: other subgroups'
// writes may not be visible yet, the loads stay in the loop.
// CHECK-LABEL: func.func @no_barrier(
// CHECK:         scf.for
// CHECK:           gpu.subgroup_mma_load_matrix
func.func @no_barrier(%n: index, %v: vector<4xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %q = memref.alloc() : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  memref.store %v, %q[%tid, %c0] : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
  %acc0 = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%c = %acc0) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %a = gpu.subgroup_mma_load_matrix %q[%c0, %c0] {leadDimension = 18 : index} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %q[%c0, %c0] {leadDimension = 18 : index, transpose} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c2 = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %c2 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// The tile is written in the loop (a matmul's staged A): nothing moves.
// CHECK-LABEL: func.func @staged(
// CHECK:         scf.for
// CHECK:           memref.store
// CHECK:           gpu.subgroup_mma_load_matrix
func.func @staged(%n: index, %v: vector<4xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %a_tile = memref.alloc() : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  gpu.barrier
  %acc0 = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%c = %acc0) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    memref.store %v, %a_tile[%tid, %c0] : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %a = gpu.subgroup_mma_load_matrix %a_tile[%c0, %c0] {leadDimension = 18 : index} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %a_tile[%c0, %c0] {leadDimension = 18 : index, transpose} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c2 = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %c2 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// A view of the tile made before the loop and written through in it: the
// view aliases the tile, nothing moves.
// CHECK-LABEL: func.func @written_through_a_view(
// CHECK:         scf.for
// CHECK:           memref.store
// CHECK:           gpu.subgroup_mma_load_matrix
func.func @written_through_a_view(%n: index, %v: vector<4xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %q = memref.alloc() : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
  %view = memref.subview %q[0, 0] [16, 18] [1, 1] : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> to memref<16x18xvector<4xf16>, strided<[18, 1]>, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  gpu.barrier
  %acc0 = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%c = %acc0) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    memref.store %v, %view[%tid, %c0] : memref<16x18xvector<4xf16>, strided<[18, 1]>, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %a = gpu.subgroup_mma_load_matrix %q[%c0, %c0] {leadDimension = 18 : index} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %b = gpu.subgroup_mma_load_matrix %q[%c0, %c0] {leadDimension = 18 : index, transpose} : memref<32x18xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c2 = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %c2 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}
