// RUN: triton-spirv-opt %s --split-input-file --fragment-row-phases=num-threads=32 --cse | FileCheck %s

// Attention backward's keys' side (dK/dV), one subgroup of 16 rows: P^T =
// exp2(S^T * scale - lse[column]) with lse read from global memory along the
// columns, written back over S^T (f32) and as f16 for the dV dot; later
// dS^T = P^T * (dP^T - delta[column]) for the dK dot. Each invocation loads
// the vectors at its components' columns (quad position * 2 + 0, 1, 8, 9),
// once for both of its rows; the written-back P^T stays a fragment that the
// second phase reads (its store to workgroup memory goes with the second
// phase), and both barriers before the phases go.
// CHECK-LABEL: func.func @column_vectors
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: %[[ST:.*]] = gpu.subgroup_mma_compute %arg0, %arg1
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[QUAD:.*]] = arith.remui %[[LANE]], %c4
// CHECK: %[[QCOL:.*]] = arith.muli %[[QUAD]], %c2
// CHECK: %[[S0:.*]] = gpu.subgroup_mma_extract_thread_local %[[ST]][%c0]
// CHECK: %[[COL0:.*]] = arith.addi %[[QCOL]], %c0
// CHECK: %[[I0:.*]] = arith.addi %arg9, %[[COL0]]
// CHECK: %[[L0:.*]] = memref.load %arg6[%[[I0]]]
// CHECK: %[[COL1:.*]] = arith.addi %[[QCOL]], %c1
// CHECK: memref.load %arg6
// CHECK: %[[COL8:.*]] = arith.addi %[[QCOL]], %c8
// CHECK: memref.load %arg6
// CHECK: %[[COL9:.*]] = arith.addi %[[QCOL]], %c9
// CHECK: memref.load %arg6
// CHECK-NOT: memref.load %arg6
// CHECK: %[[X0:.*]] = arith.mulf %[[S0]], %arg8
// CHECK: %[[Z0:.*]] = arith.subf %[[X0]], %[[L0]]
// CHECK: %[[P0:.*]] = math.exp2 %[[Z0]]
// CHECK: gpu.subgroup_mma_extract_thread_local %[[ST]][%c7]
// CHECK-NOT: memref.load %arg6
// CHECK: %[[PA:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7] : f16, !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK: %[[PT0:.*]] = gpu.subgroup_mma_insert_thread_local %[[P0]], %{{.*}}[%c0] : f32, !gpu.mma_matrix<16x16xf32, "COp">
// CHECK: %[[PT:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7] : f32, !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-NOT: gpu.subgroup_mma_store_matrix
// CHECK: gpu.barrier
// CHECK: gpu.subgroup_mma_compute %[[PA]], %arg5
// CHECK-NOT: gpu.subgroup_mma_store_matrix
// CHECK-NOT: gpu.barrier
// CHECK: gpu.subgroup_mma_extract_thread_local %[[PT]][%c0]
// CHECK: memref.load %arg7[%[[I0]]]
// CHECK: %[[DS:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7] : f16, !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK: gpu.barrier
// CHECK: gpu.subgroup_mma_compute %[[DS]], %arg2
// CHECK-NOT: gpu.subgroup_mma
// CHECK: scf.yield

// Column j reading lse[base + 15 - j]: the vector's elements are not the
// columns' own, so both phases stay.
// CHECK-LABEL: func.func @reversed_column_vector
// CHECK: gpu.subgroup_mma_store_matrix
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: gpu.subgroup_mma_store_matrix
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK-NOT: gpu.subgroup_mma_extract_thread_local
func.func @column_vectors(%k: !gpu.mma_matrix<16x16xf16, "AOp">, %qt: !gpu.mma_matrix<16x16xf16, "BOp">, %q: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "AOp">, %dot: !gpu.mma_matrix<16x16xf16, "BOp">, %do: !gpu.mma_matrix<16x16xf16, "BOp">, %lse: memref<?xf32>, %delta: memref<?xf32>, %scale: f32, %base: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %row0 = arith.muli %sg, %c16 : index
  %guard = arith.cmpi ult, %tid, %c16 : index
  %acc0 = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %s = memref.alloc() : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  %dp = memref.alloc() : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %ds = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%dv = %acc0, %dk = %acc0) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %k, %qt, %acc0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    scf.if %guard {
      %x0 = memref.load %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %l0 = memref.load %lse[%base] : memref<?xf32>
      %y0 = arith.mulf %x0, %scale : f32
      %z0 = arith.subf %y0, %l0 : f32
      %e0 = math.exp2 %z0 : f32
      %h0 = arith.truncf %e0 : f32 to f16
      %x1 = memref.load %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i1 = arith.addi %base, %c1 : index
      %l1 = memref.load %lse[%i1] : memref<?xf32>
      %y1 = arith.mulf %x1, %scale : f32
      %z1 = arith.subf %y1, %l1 : f32
      %e1 = math.exp2 %z1 : f32
      %h1 = arith.truncf %e1 : f32 to f16
      %x2 = memref.load %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i2 = arith.addi %base, %c2 : index
      %l2 = memref.load %lse[%i2] : memref<?xf32>
      %y2 = arith.mulf %x2, %scale : f32
      %z2 = arith.subf %y2, %l2 : f32
      %e2 = math.exp2 %z2 : f32
      %h2 = arith.truncf %e2 : f32 to f16
      %x3 = memref.load %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i3 = arith.addi %base, %c3 : index
      %l3 = memref.load %lse[%i3] : memref<?xf32>
      %y3 = arith.mulf %x3, %scale : f32
      %z3 = arith.subf %y3, %l3 : f32
      %e3 = math.exp2 %z3 : f32
      %h3 = arith.truncf %e3 : f32 to f16
      %x4 = memref.load %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i4 = arith.addi %base, %c4 : index
      %l4 = memref.load %lse[%i4] : memref<?xf32>
      %y4 = arith.mulf %x4, %scale : f32
      %z4 = arith.subf %y4, %l4 : f32
      %e4 = math.exp2 %z4 : f32
      %h4 = arith.truncf %e4 : f32 to f16
      %x5 = memref.load %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i5 = arith.addi %base, %c5 : index
      %l5 = memref.load %lse[%i5] : memref<?xf32>
      %y5 = arith.mulf %x5, %scale : f32
      %z5 = arith.subf %y5, %l5 : f32
      %e5 = math.exp2 %z5 : f32
      %h5 = arith.truncf %e5 : f32 to f16
      %x6 = memref.load %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i6 = arith.addi %base, %c6 : index
      %l6 = memref.load %lse[%i6] : memref<?xf32>
      %y6 = arith.mulf %x6, %scale : f32
      %z6 = arith.subf %y6, %l6 : f32
      %e6 = math.exp2 %z6 : f32
      %h6 = arith.truncf %e6 : f32 to f16
      %x7 = memref.load %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i7 = arith.addi %base, %c7 : index
      %l7 = memref.load %lse[%i7] : memref<?xf32>
      %y7 = arith.mulf %x7, %scale : f32
      %z7 = arith.subf %y7, %l7 : f32
      %e7 = math.exp2 %z7 : f32
      %h7 = arith.truncf %e7 : f32 to f16
      %x8 = memref.load %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i8 = arith.addi %base, %c8 : index
      %l8 = memref.load %lse[%i8] : memref<?xf32>
      %y8 = arith.mulf %x8, %scale : f32
      %z8 = arith.subf %y8, %l8 : f32
      %e8 = math.exp2 %z8 : f32
      %h8 = arith.truncf %e8 : f32 to f16
      %x9 = memref.load %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i9 = arith.addi %base, %c9 : index
      %l9 = memref.load %lse[%i9] : memref<?xf32>
      %y9 = arith.mulf %x9, %scale : f32
      %z9 = arith.subf %y9, %l9 : f32
      %e9 = math.exp2 %z9 : f32
      %h9 = arith.truncf %e9 : f32 to f16
      %x10 = memref.load %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i10 = arith.addi %base, %c10 : index
      %l10 = memref.load %lse[%i10] : memref<?xf32>
      %y10 = arith.mulf %x10, %scale : f32
      %z10 = arith.subf %y10, %l10 : f32
      %e10 = math.exp2 %z10 : f32
      %h10 = arith.truncf %e10 : f32 to f16
      %x11 = memref.load %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i11 = arith.addi %base, %c11 : index
      %l11 = memref.load %lse[%i11] : memref<?xf32>
      %y11 = arith.mulf %x11, %scale : f32
      %z11 = arith.subf %y11, %l11 : f32
      %e11 = math.exp2 %z11 : f32
      %h11 = arith.truncf %e11 : f32 to f16
      %x12 = memref.load %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i12 = arith.addi %base, %c12 : index
      %l12 = memref.load %lse[%i12] : memref<?xf32>
      %y12 = arith.mulf %x12, %scale : f32
      %z12 = arith.subf %y12, %l12 : f32
      %e12 = math.exp2 %z12 : f32
      %h12 = arith.truncf %e12 : f32 to f16
      %x13 = memref.load %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i13 = arith.addi %base, %c13 : index
      %l13 = memref.load %lse[%i13] : memref<?xf32>
      %y13 = arith.mulf %x13, %scale : f32
      %z13 = arith.subf %y13, %l13 : f32
      %e13 = math.exp2 %z13 : f32
      %h13 = arith.truncf %e13 : f32 to f16
      %x14 = memref.load %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i14 = arith.addi %base, %c14 : index
      %l14 = memref.load %lse[%i14] : memref<?xf32>
      %y14 = arith.mulf %x14, %scale : f32
      %z14 = arith.subf %y14, %l14 : f32
      %e14 = math.exp2 %z14 : f32
      %h14 = arith.truncf %e14 : f32 to f16
      %x15 = memref.load %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i15 = arith.addi %base, %c15 : index
      %l15 = memref.load %lse[%i15] : memref<?xf32>
      %y15 = arith.mulf %x15, %scale : f32
      %z15 = arith.subf %y15, %l15 : f32
      %e15 = math.exp2 %z15 : f32
      %h15 = arith.truncf %e15 : f32 to f16
      memref.store %e0, %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e1, %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e2, %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e3, %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e4, %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e5, %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e6, %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e7, %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e8, %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e9, %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e10, %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e11, %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e12, %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e13, %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e14, %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e15, %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %h0, %p[%tid, %c0] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h1, %p[%tid, %c1] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h2, %p[%tid, %c2] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h3, %p[%tid, %c3] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h4, %p[%tid, %c4] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h5, %p[%tid, %c5] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h6, %p[%tid, %c6] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h7, %p[%tid, %c7] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h8, %p[%tid, %c8] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h9, %p[%tid, %c9] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h10, %p[%tid, %c10] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h11, %p[%tid, %c11] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h12, %p[%tid, %c12] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h13, %p[%tid, %c13] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h14, %p[%tid, %c14] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h15, %p[%tid, %c15] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %pa = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %dv2 = gpu.subgroup_mma_compute %pa, %do, %dv : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %dpt = gpu.subgroup_mma_compute %v, %dot, %acc0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %dpt, %dp[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    scf.if %guard {
      %a0 = memref.load %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b0 = memref.load %dp[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %d0 = memref.load %delta[%base] : memref<?xf32>
      %t0 = arith.subf %b0, %d0 : f32
      %u0 = arith.mulf %a0, %t0 : f32
      %w0 = arith.truncf %u0 : f32 to f16
      %a1 = memref.load %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b1 = memref.load %dp[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k1 = arith.addi %base, %c1 : index
      %d1 = memref.load %delta[%k1] : memref<?xf32>
      %t1 = arith.subf %b1, %d1 : f32
      %u1 = arith.mulf %a1, %t1 : f32
      %w1 = arith.truncf %u1 : f32 to f16
      %a2 = memref.load %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b2 = memref.load %dp[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k2 = arith.addi %base, %c2 : index
      %d2 = memref.load %delta[%k2] : memref<?xf32>
      %t2 = arith.subf %b2, %d2 : f32
      %u2 = arith.mulf %a2, %t2 : f32
      %w2 = arith.truncf %u2 : f32 to f16
      %a3 = memref.load %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b3 = memref.load %dp[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k3 = arith.addi %base, %c3 : index
      %d3 = memref.load %delta[%k3] : memref<?xf32>
      %t3 = arith.subf %b3, %d3 : f32
      %u3 = arith.mulf %a3, %t3 : f32
      %w3 = arith.truncf %u3 : f32 to f16
      %a4 = memref.load %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b4 = memref.load %dp[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k4 = arith.addi %base, %c4 : index
      %d4 = memref.load %delta[%k4] : memref<?xf32>
      %t4 = arith.subf %b4, %d4 : f32
      %u4 = arith.mulf %a4, %t4 : f32
      %w4 = arith.truncf %u4 : f32 to f16
      %a5 = memref.load %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b5 = memref.load %dp[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k5 = arith.addi %base, %c5 : index
      %d5 = memref.load %delta[%k5] : memref<?xf32>
      %t5 = arith.subf %b5, %d5 : f32
      %u5 = arith.mulf %a5, %t5 : f32
      %w5 = arith.truncf %u5 : f32 to f16
      %a6 = memref.load %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b6 = memref.load %dp[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k6 = arith.addi %base, %c6 : index
      %d6 = memref.load %delta[%k6] : memref<?xf32>
      %t6 = arith.subf %b6, %d6 : f32
      %u6 = arith.mulf %a6, %t6 : f32
      %w6 = arith.truncf %u6 : f32 to f16
      %a7 = memref.load %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b7 = memref.load %dp[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k7 = arith.addi %base, %c7 : index
      %d7 = memref.load %delta[%k7] : memref<?xf32>
      %t7 = arith.subf %b7, %d7 : f32
      %u7 = arith.mulf %a7, %t7 : f32
      %w7 = arith.truncf %u7 : f32 to f16
      %a8 = memref.load %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b8 = memref.load %dp[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k8 = arith.addi %base, %c8 : index
      %d8 = memref.load %delta[%k8] : memref<?xf32>
      %t8 = arith.subf %b8, %d8 : f32
      %u8 = arith.mulf %a8, %t8 : f32
      %w8 = arith.truncf %u8 : f32 to f16
      %a9 = memref.load %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b9 = memref.load %dp[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k9 = arith.addi %base, %c9 : index
      %d9 = memref.load %delta[%k9] : memref<?xf32>
      %t9 = arith.subf %b9, %d9 : f32
      %u9 = arith.mulf %a9, %t9 : f32
      %w9 = arith.truncf %u9 : f32 to f16
      %a10 = memref.load %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b10 = memref.load %dp[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k10 = arith.addi %base, %c10 : index
      %d10 = memref.load %delta[%k10] : memref<?xf32>
      %t10 = arith.subf %b10, %d10 : f32
      %u10 = arith.mulf %a10, %t10 : f32
      %w10 = arith.truncf %u10 : f32 to f16
      %a11 = memref.load %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b11 = memref.load %dp[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k11 = arith.addi %base, %c11 : index
      %d11 = memref.load %delta[%k11] : memref<?xf32>
      %t11 = arith.subf %b11, %d11 : f32
      %u11 = arith.mulf %a11, %t11 : f32
      %w11 = arith.truncf %u11 : f32 to f16
      %a12 = memref.load %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b12 = memref.load %dp[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k12 = arith.addi %base, %c12 : index
      %d12 = memref.load %delta[%k12] : memref<?xf32>
      %t12 = arith.subf %b12, %d12 : f32
      %u12 = arith.mulf %a12, %t12 : f32
      %w12 = arith.truncf %u12 : f32 to f16
      %a13 = memref.load %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b13 = memref.load %dp[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k13 = arith.addi %base, %c13 : index
      %d13 = memref.load %delta[%k13] : memref<?xf32>
      %t13 = arith.subf %b13, %d13 : f32
      %u13 = arith.mulf %a13, %t13 : f32
      %w13 = arith.truncf %u13 : f32 to f16
      %a14 = memref.load %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b14 = memref.load %dp[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k14 = arith.addi %base, %c14 : index
      %d14 = memref.load %delta[%k14] : memref<?xf32>
      %t14 = arith.subf %b14, %d14 : f32
      %u14 = arith.mulf %a14, %t14 : f32
      %w14 = arith.truncf %u14 : f32 to f16
      %a15 = memref.load %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b15 = memref.load %dp[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k15 = arith.addi %base, %c15 : index
      %d15 = memref.load %delta[%k15] : memref<?xf32>
      %t15 = arith.subf %b15, %d15 : f32
      %u15 = arith.mulf %a15, %t15 : f32
      %w15 = arith.truncf %u15 : f32 to f16
      memref.store %w0, %ds[%tid, %c0] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w1, %ds[%tid, %c1] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w2, %ds[%tid, %c2] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w3, %ds[%tid, %c3] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w4, %ds[%tid, %c4] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w5, %ds[%tid, %c5] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w6, %ds[%tid, %c6] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w7, %ds[%tid, %c7] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w8, %ds[%tid, %c8] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w9, %ds[%tid, %c9] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w10, %ds[%tid, %c10] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w11, %ds[%tid, %c11] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w12, %ds[%tid, %c12] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w13, %ds[%tid, %c13] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w14, %ds[%tid, %c14] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w15, %ds[%tid, %c15] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %dsa = gpu.subgroup_mma_load_matrix %ds[%row0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %dk2 = gpu.subgroup_mma_compute %dsa, %q, %dk : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %dv2, %dk2 : !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

func.func @reversed_column_vector(%k: !gpu.mma_matrix<16x16xf16, "AOp">, %qt: !gpu.mma_matrix<16x16xf16, "BOp">, %q: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "AOp">, %dot: !gpu.mma_matrix<16x16xf16, "BOp">, %do: !gpu.mma_matrix<16x16xf16, "BOp">, %lse: memref<?xf32>, %delta: memref<?xf32>, %scale: f32, %base: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %row0 = arith.muli %sg, %c16 : index
  %guard = arith.cmpi ult, %tid, %c16 : index
  %acc0 = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %s = memref.alloc() : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  %dp = memref.alloc() : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %ds = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%dv = %acc0, %dk = %acc0) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %k, %qt, %acc0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    scf.if %guard {
      %x0 = memref.load %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i0 = arith.addi %base, %c15 : index
      %l0 = memref.load %lse[%i0] : memref<?xf32>
      %y0 = arith.mulf %x0, %scale : f32
      %z0 = arith.subf %y0, %l0 : f32
      %e0 = math.exp2 %z0 : f32
      %h0 = arith.truncf %e0 : f32 to f16
      %x1 = memref.load %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i1 = arith.addi %base, %c14 : index
      %l1 = memref.load %lse[%i1] : memref<?xf32>
      %y1 = arith.mulf %x1, %scale : f32
      %z1 = arith.subf %y1, %l1 : f32
      %e1 = math.exp2 %z1 : f32
      %h1 = arith.truncf %e1 : f32 to f16
      %x2 = memref.load %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i2 = arith.addi %base, %c13 : index
      %l2 = memref.load %lse[%i2] : memref<?xf32>
      %y2 = arith.mulf %x2, %scale : f32
      %z2 = arith.subf %y2, %l2 : f32
      %e2 = math.exp2 %z2 : f32
      %h2 = arith.truncf %e2 : f32 to f16
      %x3 = memref.load %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i3 = arith.addi %base, %c12 : index
      %l3 = memref.load %lse[%i3] : memref<?xf32>
      %y3 = arith.mulf %x3, %scale : f32
      %z3 = arith.subf %y3, %l3 : f32
      %e3 = math.exp2 %z3 : f32
      %h3 = arith.truncf %e3 : f32 to f16
      %x4 = memref.load %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i4 = arith.addi %base, %c11 : index
      %l4 = memref.load %lse[%i4] : memref<?xf32>
      %y4 = arith.mulf %x4, %scale : f32
      %z4 = arith.subf %y4, %l4 : f32
      %e4 = math.exp2 %z4 : f32
      %h4 = arith.truncf %e4 : f32 to f16
      %x5 = memref.load %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i5 = arith.addi %base, %c10 : index
      %l5 = memref.load %lse[%i5] : memref<?xf32>
      %y5 = arith.mulf %x5, %scale : f32
      %z5 = arith.subf %y5, %l5 : f32
      %e5 = math.exp2 %z5 : f32
      %h5 = arith.truncf %e5 : f32 to f16
      %x6 = memref.load %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i6 = arith.addi %base, %c9 : index
      %l6 = memref.load %lse[%i6] : memref<?xf32>
      %y6 = arith.mulf %x6, %scale : f32
      %z6 = arith.subf %y6, %l6 : f32
      %e6 = math.exp2 %z6 : f32
      %h6 = arith.truncf %e6 : f32 to f16
      %x7 = memref.load %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i7 = arith.addi %base, %c8 : index
      %l7 = memref.load %lse[%i7] : memref<?xf32>
      %y7 = arith.mulf %x7, %scale : f32
      %z7 = arith.subf %y7, %l7 : f32
      %e7 = math.exp2 %z7 : f32
      %h7 = arith.truncf %e7 : f32 to f16
      %x8 = memref.load %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i8 = arith.addi %base, %c7 : index
      %l8 = memref.load %lse[%i8] : memref<?xf32>
      %y8 = arith.mulf %x8, %scale : f32
      %z8 = arith.subf %y8, %l8 : f32
      %e8 = math.exp2 %z8 : f32
      %h8 = arith.truncf %e8 : f32 to f16
      %x9 = memref.load %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i9 = arith.addi %base, %c6 : index
      %l9 = memref.load %lse[%i9] : memref<?xf32>
      %y9 = arith.mulf %x9, %scale : f32
      %z9 = arith.subf %y9, %l9 : f32
      %e9 = math.exp2 %z9 : f32
      %h9 = arith.truncf %e9 : f32 to f16
      %x10 = memref.load %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i10 = arith.addi %base, %c5 : index
      %l10 = memref.load %lse[%i10] : memref<?xf32>
      %y10 = arith.mulf %x10, %scale : f32
      %z10 = arith.subf %y10, %l10 : f32
      %e10 = math.exp2 %z10 : f32
      %h10 = arith.truncf %e10 : f32 to f16
      %x11 = memref.load %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i11 = arith.addi %base, %c4 : index
      %l11 = memref.load %lse[%i11] : memref<?xf32>
      %y11 = arith.mulf %x11, %scale : f32
      %z11 = arith.subf %y11, %l11 : f32
      %e11 = math.exp2 %z11 : f32
      %h11 = arith.truncf %e11 : f32 to f16
      %x12 = memref.load %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i12 = arith.addi %base, %c3 : index
      %l12 = memref.load %lse[%i12] : memref<?xf32>
      %y12 = arith.mulf %x12, %scale : f32
      %z12 = arith.subf %y12, %l12 : f32
      %e12 = math.exp2 %z12 : f32
      %h12 = arith.truncf %e12 : f32 to f16
      %x13 = memref.load %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i13 = arith.addi %base, %c2 : index
      %l13 = memref.load %lse[%i13] : memref<?xf32>
      %y13 = arith.mulf %x13, %scale : f32
      %z13 = arith.subf %y13, %l13 : f32
      %e13 = math.exp2 %z13 : f32
      %h13 = arith.truncf %e13 : f32 to f16
      %x14 = memref.load %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %i14 = arith.addi %base, %c1 : index
      %l14 = memref.load %lse[%i14] : memref<?xf32>
      %y14 = arith.mulf %x14, %scale : f32
      %z14 = arith.subf %y14, %l14 : f32
      %e14 = math.exp2 %z14 : f32
      %h14 = arith.truncf %e14 : f32 to f16
      %x15 = memref.load %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %l15 = memref.load %lse[%base] : memref<?xf32>
      %y15 = arith.mulf %x15, %scale : f32
      %z15 = arith.subf %y15, %l15 : f32
      %e15 = math.exp2 %z15 : f32
      %h15 = arith.truncf %e15 : f32 to f16
      memref.store %e0, %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e1, %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e2, %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e3, %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e4, %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e5, %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e6, %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e7, %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e8, %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e9, %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e10, %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e11, %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e12, %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e13, %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e14, %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %e15, %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      memref.store %h0, %p[%tid, %c0] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h1, %p[%tid, %c1] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h2, %p[%tid, %c2] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h3, %p[%tid, %c3] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h4, %p[%tid, %c4] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h5, %p[%tid, %c5] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h6, %p[%tid, %c6] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h7, %p[%tid, %c7] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h8, %p[%tid, %c8] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h9, %p[%tid, %c9] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h10, %p[%tid, %c10] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h11, %p[%tid, %c11] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h12, %p[%tid, %c12] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h13, %p[%tid, %c13] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h14, %p[%tid, %c14] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h15, %p[%tid, %c15] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %pa = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %dv2 = gpu.subgroup_mma_compute %pa, %do, %dv : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %dpt = gpu.subgroup_mma_compute %v, %dot, %acc0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %dpt, %dp[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    scf.if %guard {
      %a0 = memref.load %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b0 = memref.load %dp[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %d0 = memref.load %delta[%base] : memref<?xf32>
      %t0 = arith.subf %b0, %d0 : f32
      %u0 = arith.mulf %a0, %t0 : f32
      %w0 = arith.truncf %u0 : f32 to f16
      %a1 = memref.load %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b1 = memref.load %dp[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k1 = arith.addi %base, %c1 : index
      %d1 = memref.load %delta[%k1] : memref<?xf32>
      %t1 = arith.subf %b1, %d1 : f32
      %u1 = arith.mulf %a1, %t1 : f32
      %w1 = arith.truncf %u1 : f32 to f16
      %a2 = memref.load %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b2 = memref.load %dp[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k2 = arith.addi %base, %c2 : index
      %d2 = memref.load %delta[%k2] : memref<?xf32>
      %t2 = arith.subf %b2, %d2 : f32
      %u2 = arith.mulf %a2, %t2 : f32
      %w2 = arith.truncf %u2 : f32 to f16
      %a3 = memref.load %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b3 = memref.load %dp[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k3 = arith.addi %base, %c3 : index
      %d3 = memref.load %delta[%k3] : memref<?xf32>
      %t3 = arith.subf %b3, %d3 : f32
      %u3 = arith.mulf %a3, %t3 : f32
      %w3 = arith.truncf %u3 : f32 to f16
      %a4 = memref.load %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b4 = memref.load %dp[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k4 = arith.addi %base, %c4 : index
      %d4 = memref.load %delta[%k4] : memref<?xf32>
      %t4 = arith.subf %b4, %d4 : f32
      %u4 = arith.mulf %a4, %t4 : f32
      %w4 = arith.truncf %u4 : f32 to f16
      %a5 = memref.load %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b5 = memref.load %dp[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k5 = arith.addi %base, %c5 : index
      %d5 = memref.load %delta[%k5] : memref<?xf32>
      %t5 = arith.subf %b5, %d5 : f32
      %u5 = arith.mulf %a5, %t5 : f32
      %w5 = arith.truncf %u5 : f32 to f16
      %a6 = memref.load %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b6 = memref.load %dp[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k6 = arith.addi %base, %c6 : index
      %d6 = memref.load %delta[%k6] : memref<?xf32>
      %t6 = arith.subf %b6, %d6 : f32
      %u6 = arith.mulf %a6, %t6 : f32
      %w6 = arith.truncf %u6 : f32 to f16
      %a7 = memref.load %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b7 = memref.load %dp[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k7 = arith.addi %base, %c7 : index
      %d7 = memref.load %delta[%k7] : memref<?xf32>
      %t7 = arith.subf %b7, %d7 : f32
      %u7 = arith.mulf %a7, %t7 : f32
      %w7 = arith.truncf %u7 : f32 to f16
      %a8 = memref.load %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b8 = memref.load %dp[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k8 = arith.addi %base, %c8 : index
      %d8 = memref.load %delta[%k8] : memref<?xf32>
      %t8 = arith.subf %b8, %d8 : f32
      %u8 = arith.mulf %a8, %t8 : f32
      %w8 = arith.truncf %u8 : f32 to f16
      %a9 = memref.load %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b9 = memref.load %dp[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k9 = arith.addi %base, %c9 : index
      %d9 = memref.load %delta[%k9] : memref<?xf32>
      %t9 = arith.subf %b9, %d9 : f32
      %u9 = arith.mulf %a9, %t9 : f32
      %w9 = arith.truncf %u9 : f32 to f16
      %a10 = memref.load %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b10 = memref.load %dp[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k10 = arith.addi %base, %c10 : index
      %d10 = memref.load %delta[%k10] : memref<?xf32>
      %t10 = arith.subf %b10, %d10 : f32
      %u10 = arith.mulf %a10, %t10 : f32
      %w10 = arith.truncf %u10 : f32 to f16
      %a11 = memref.load %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b11 = memref.load %dp[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k11 = arith.addi %base, %c11 : index
      %d11 = memref.load %delta[%k11] : memref<?xf32>
      %t11 = arith.subf %b11, %d11 : f32
      %u11 = arith.mulf %a11, %t11 : f32
      %w11 = arith.truncf %u11 : f32 to f16
      %a12 = memref.load %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b12 = memref.load %dp[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k12 = arith.addi %base, %c12 : index
      %d12 = memref.load %delta[%k12] : memref<?xf32>
      %t12 = arith.subf %b12, %d12 : f32
      %u12 = arith.mulf %a12, %t12 : f32
      %w12 = arith.truncf %u12 : f32 to f16
      %a13 = memref.load %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b13 = memref.load %dp[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k13 = arith.addi %base, %c13 : index
      %d13 = memref.load %delta[%k13] : memref<?xf32>
      %t13 = arith.subf %b13, %d13 : f32
      %u13 = arith.mulf %a13, %t13 : f32
      %w13 = arith.truncf %u13 : f32 to f16
      %a14 = memref.load %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b14 = memref.load %dp[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k14 = arith.addi %base, %c14 : index
      %d14 = memref.load %delta[%k14] : memref<?xf32>
      %t14 = arith.subf %b14, %d14 : f32
      %u14 = arith.mulf %a14, %t14 : f32
      %w14 = arith.truncf %u14 : f32 to f16
      %a15 = memref.load %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %b15 = memref.load %dp[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %k15 = arith.addi %base, %c15 : index
      %d15 = memref.load %delta[%k15] : memref<?xf32>
      %t15 = arith.subf %b15, %d15 : f32
      %u15 = arith.mulf %a15, %t15 : f32
      %w15 = arith.truncf %u15 : f32 to f16
      memref.store %w0, %ds[%tid, %c0] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w1, %ds[%tid, %c1] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w2, %ds[%tid, %c2] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w3, %ds[%tid, %c3] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w4, %ds[%tid, %c4] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w5, %ds[%tid, %c5] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w6, %ds[%tid, %c6] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w7, %ds[%tid, %c7] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w8, %ds[%tid, %c8] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w9, %ds[%tid, %c9] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w10, %ds[%tid, %c10] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w11, %ds[%tid, %c11] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w12, %ds[%tid, %c12] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w13, %ds[%tid, %c13] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w14, %ds[%tid, %c14] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %w15, %ds[%tid, %c15] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %dsa = gpu.subgroup_mma_load_matrix %ds[%row0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %dk2 = gpu.subgroup_mma_compute %dsa, %q, %dk : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %dv2, %dk2 : !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// The causal diagonal block's mask: column j compares the row's position
// with start + j (column 0's uses start itself). Column 0's comparison runs
// per element with start + the element's column (quad position * 2 + 0, 1,
// 8, 9), so the phase runs on the fragments.
// CHECK-LABEL: func.func @column_mask
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[QUAD:.*]] = arith.remui %[[LANE]], %c4
// CHECK: %[[QCOL:.*]] = arith.muli %[[QUAD]], %c2
// CHECK: %[[S0:.*]] = gpu.subgroup_mma_extract_thread_local %{{.*}}[%c0]
// CHECK: %[[C0:.*]] = arith.addi %[[QCOL]], %c0
// CHECK: %[[C0I:.*]] = arith.index_cast %[[C0]] : index to i32
// CHECK: %[[COL0:.*]] = arith.addi %arg3, %[[C0I]] : i32
// CHECK: %[[C1:.*]] = arith.addi %[[QCOL]], %c1
// CHECK: %[[C8:.*]] = arith.addi %[[QCOL]], %c8
// CHECK: %[[C9:.*]] = arith.addi %[[QCOL]], %c9
// CHECK: %[[M0:.*]] = arith.cmpi sge, %[[ROW:.*]], %[[COL0]] : i32
// CHECK: arith.select %[[M0]], %[[S0]], %cst : f32
// CHECK: gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7] : f16, !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK-NOT: gpu.subgroup_mma_store_matrix
// CHECK: scf.yield

// Column j comparing with start + 2j: not column 0's code at column j, the
// phase stays.
// CHECK-LABEL: func.func @column_mask_stride_two
// CHECK: gpu.subgroup_mma_store_matrix
// CHECK: scf.if
// CHECK-NOT: gpu.subgroup_mma_extract_thread_local
func.func @column_mask(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %start: i32, %rowbase: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %c3_i32 = arith.constant 3 : i32
  %c4_i32 = arith.constant 4 : i32
  %c5_i32 = arith.constant 5 : i32
  %c6_i32 = arith.constant 6 : i32
  %c7_i32 = arith.constant 7 : i32
  %c8_i32 = arith.constant 8 : i32
  %c9_i32 = arith.constant 9 : i32
  %c10_i32 = arith.constant 10 : i32
  %c11_i32 = arith.constant 11 : i32
  %c12_i32 = arith.constant 12 : i32
  %c13_i32 = arith.constant 13 : i32
  %c14_i32 = arith.constant 14 : i32
  %c15_i32 = arith.constant 15 : i32
  %ninf = arith.constant -1.000000e+06 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %row0 = arith.muli %sg, %c16 : index
  %guard = arith.cmpi ult, %tid, %c16 : index
  %acc0 = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %s = memref.alloc() : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %q, %k, %acc0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    scf.if %guard {
      %t32 = arith.index_cast %tid : index to i32
      %rowg = arith.addi %rowbase, %t32 : i32
      %x0 = memref.load %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %m0 = arith.cmpi sge, %rowg, %start : i32
      %y0 = arith.select %m0, %x0, %ninf : f32
      %h0 = arith.truncf %y0 : f32 to f16
      %x1 = memref.load %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col1 = arith.addi %start, %c1_i32 : i32
      %m1 = arith.cmpi sge, %rowg, %col1 : i32
      %y1 = arith.select %m1, %x1, %ninf : f32
      %h1 = arith.truncf %y1 : f32 to f16
      %x2 = memref.load %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col2 = arith.addi %start, %c2_i32 : i32
      %m2 = arith.cmpi sge, %rowg, %col2 : i32
      %y2 = arith.select %m2, %x2, %ninf : f32
      %h2 = arith.truncf %y2 : f32 to f16
      %x3 = memref.load %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col3 = arith.addi %start, %c3_i32 : i32
      %m3 = arith.cmpi sge, %rowg, %col3 : i32
      %y3 = arith.select %m3, %x3, %ninf : f32
      %h3 = arith.truncf %y3 : f32 to f16
      %x4 = memref.load %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col4 = arith.addi %start, %c4_i32 : i32
      %m4 = arith.cmpi sge, %rowg, %col4 : i32
      %y4 = arith.select %m4, %x4, %ninf : f32
      %h4 = arith.truncf %y4 : f32 to f16
      %x5 = memref.load %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col5 = arith.addi %start, %c5_i32 : i32
      %m5 = arith.cmpi sge, %rowg, %col5 : i32
      %y5 = arith.select %m5, %x5, %ninf : f32
      %h5 = arith.truncf %y5 : f32 to f16
      %x6 = memref.load %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col6 = arith.addi %start, %c6_i32 : i32
      %m6 = arith.cmpi sge, %rowg, %col6 : i32
      %y6 = arith.select %m6, %x6, %ninf : f32
      %h6 = arith.truncf %y6 : f32 to f16
      %x7 = memref.load %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col7 = arith.addi %start, %c7_i32 : i32
      %m7 = arith.cmpi sge, %rowg, %col7 : i32
      %y7 = arith.select %m7, %x7, %ninf : f32
      %h7 = arith.truncf %y7 : f32 to f16
      %x8 = memref.load %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col8 = arith.addi %start, %c8_i32 : i32
      %m8 = arith.cmpi sge, %rowg, %col8 : i32
      %y8 = arith.select %m8, %x8, %ninf : f32
      %h8 = arith.truncf %y8 : f32 to f16
      %x9 = memref.load %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col9 = arith.addi %start, %c9_i32 : i32
      %m9 = arith.cmpi sge, %rowg, %col9 : i32
      %y9 = arith.select %m9, %x9, %ninf : f32
      %h9 = arith.truncf %y9 : f32 to f16
      %x10 = memref.load %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col10 = arith.addi %start, %c10_i32 : i32
      %m10 = arith.cmpi sge, %rowg, %col10 : i32
      %y10 = arith.select %m10, %x10, %ninf : f32
      %h10 = arith.truncf %y10 : f32 to f16
      %x11 = memref.load %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col11 = arith.addi %start, %c11_i32 : i32
      %m11 = arith.cmpi sge, %rowg, %col11 : i32
      %y11 = arith.select %m11, %x11, %ninf : f32
      %h11 = arith.truncf %y11 : f32 to f16
      %x12 = memref.load %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col12 = arith.addi %start, %c12_i32 : i32
      %m12 = arith.cmpi sge, %rowg, %col12 : i32
      %y12 = arith.select %m12, %x12, %ninf : f32
      %h12 = arith.truncf %y12 : f32 to f16
      %x13 = memref.load %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col13 = arith.addi %start, %c13_i32 : i32
      %m13 = arith.cmpi sge, %rowg, %col13 : i32
      %y13 = arith.select %m13, %x13, %ninf : f32
      %h13 = arith.truncf %y13 : f32 to f16
      %x14 = memref.load %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col14 = arith.addi %start, %c14_i32 : i32
      %m14 = arith.cmpi sge, %rowg, %col14 : i32
      %y14 = arith.select %m14, %x14, %ninf : f32
      %h14 = arith.truncf %y14 : f32 to f16
      %x15 = memref.load %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col15 = arith.addi %start, %c15_i32 : i32
      %m15 = arith.cmpi sge, %rowg, %col15 : i32
      %y15 = arith.select %m15, %x15, %ninf : f32
      %h15 = arith.truncf %y15 : f32 to f16
      memref.store %h0, %p[%tid, %c0] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h1, %p[%tid, %c1] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h2, %p[%tid, %c2] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h3, %p[%tid, %c3] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h4, %p[%tid, %c4] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h5, %p[%tid, %c5] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h6, %p[%tid, %c6] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h7, %p[%tid, %c7] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h8, %p[%tid, %c8] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h9, %p[%tid, %c9] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h10, %p[%tid, %c10] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h11, %p[%tid, %c11] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h12, %p[%tid, %c12] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h13, %p[%tid, %c13] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h14, %p[%tid, %c14] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h15, %p[%tid, %c15] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %pa = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %acc2 = gpu.subgroup_mma_compute %pa, %v, %acc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %acc2 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

func.func @column_mask_stride_two(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %start: i32, %rowbase: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %c2_i32 = arith.constant 2 : i32
  %c4_i32 = arith.constant 4 : i32
  %c6_i32 = arith.constant 6 : i32
  %c8_i32 = arith.constant 8 : i32
  %c10_i32 = arith.constant 10 : i32
  %c12_i32 = arith.constant 12 : i32
  %c14_i32 = arith.constant 14 : i32
  %c16_i32 = arith.constant 16 : i32
  %c18_i32 = arith.constant 18 : i32
  %c20_i32 = arith.constant 20 : i32
  %c22_i32 = arith.constant 22 : i32
  %c24_i32 = arith.constant 24 : i32
  %c26_i32 = arith.constant 26 : i32
  %c28_i32 = arith.constant 28 : i32
  %c30_i32 = arith.constant 30 : i32
  %ninf = arith.constant -1.000000e+06 : f32
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %row0 = arith.muli %sg, %c16 : index
  %guard = arith.cmpi ult, %tid, %c16 : index
  %acc0 = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %s = memref.alloc() : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %q, %k, %acc0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    scf.if %guard {
      %t32 = arith.index_cast %tid : index to i32
      %rowg = arith.addi %rowbase, %t32 : i32
      %x0 = memref.load %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %m0 = arith.cmpi sge, %rowg, %start : i32
      %y0 = arith.select %m0, %x0, %ninf : f32
      %h0 = arith.truncf %y0 : f32 to f16
      %x1 = memref.load %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col1 = arith.addi %start, %c2_i32 : i32
      %m1 = arith.cmpi sge, %rowg, %col1 : i32
      %y1 = arith.select %m1, %x1, %ninf : f32
      %h1 = arith.truncf %y1 : f32 to f16
      %x2 = memref.load %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col2 = arith.addi %start, %c4_i32 : i32
      %m2 = arith.cmpi sge, %rowg, %col2 : i32
      %y2 = arith.select %m2, %x2, %ninf : f32
      %h2 = arith.truncf %y2 : f32 to f16
      %x3 = memref.load %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col3 = arith.addi %start, %c6_i32 : i32
      %m3 = arith.cmpi sge, %rowg, %col3 : i32
      %y3 = arith.select %m3, %x3, %ninf : f32
      %h3 = arith.truncf %y3 : f32 to f16
      %x4 = memref.load %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col4 = arith.addi %start, %c8_i32 : i32
      %m4 = arith.cmpi sge, %rowg, %col4 : i32
      %y4 = arith.select %m4, %x4, %ninf : f32
      %h4 = arith.truncf %y4 : f32 to f16
      %x5 = memref.load %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col5 = arith.addi %start, %c10_i32 : i32
      %m5 = arith.cmpi sge, %rowg, %col5 : i32
      %y5 = arith.select %m5, %x5, %ninf : f32
      %h5 = arith.truncf %y5 : f32 to f16
      %x6 = memref.load %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col6 = arith.addi %start, %c12_i32 : i32
      %m6 = arith.cmpi sge, %rowg, %col6 : i32
      %y6 = arith.select %m6, %x6, %ninf : f32
      %h6 = arith.truncf %y6 : f32 to f16
      %x7 = memref.load %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col7 = arith.addi %start, %c14_i32 : i32
      %m7 = arith.cmpi sge, %rowg, %col7 : i32
      %y7 = arith.select %m7, %x7, %ninf : f32
      %h7 = arith.truncf %y7 : f32 to f16
      %x8 = memref.load %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col8 = arith.addi %start, %c16_i32 : i32
      %m8 = arith.cmpi sge, %rowg, %col8 : i32
      %y8 = arith.select %m8, %x8, %ninf : f32
      %h8 = arith.truncf %y8 : f32 to f16
      %x9 = memref.load %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col9 = arith.addi %start, %c18_i32 : i32
      %m9 = arith.cmpi sge, %rowg, %col9 : i32
      %y9 = arith.select %m9, %x9, %ninf : f32
      %h9 = arith.truncf %y9 : f32 to f16
      %x10 = memref.load %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col10 = arith.addi %start, %c20_i32 : i32
      %m10 = arith.cmpi sge, %rowg, %col10 : i32
      %y10 = arith.select %m10, %x10, %ninf : f32
      %h10 = arith.truncf %y10 : f32 to f16
      %x11 = memref.load %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col11 = arith.addi %start, %c22_i32 : i32
      %m11 = arith.cmpi sge, %rowg, %col11 : i32
      %y11 = arith.select %m11, %x11, %ninf : f32
      %h11 = arith.truncf %y11 : f32 to f16
      %x12 = memref.load %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col12 = arith.addi %start, %c24_i32 : i32
      %m12 = arith.cmpi sge, %rowg, %col12 : i32
      %y12 = arith.select %m12, %x12, %ninf : f32
      %h12 = arith.truncf %y12 : f32 to f16
      %x13 = memref.load %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col13 = arith.addi %start, %c26_i32 : i32
      %m13 = arith.cmpi sge, %rowg, %col13 : i32
      %y13 = arith.select %m13, %x13, %ninf : f32
      %h13 = arith.truncf %y13 : f32 to f16
      %x14 = memref.load %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col14 = arith.addi %start, %c28_i32 : i32
      %m14 = arith.cmpi sge, %rowg, %col14 : i32
      %y14 = arith.select %m14, %x14, %ninf : f32
      %h14 = arith.truncf %y14 : f32 to f16
      %x15 = memref.load %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
      %col15 = arith.addi %start, %c30_i32 : i32
      %m15 = arith.cmpi sge, %rowg, %col15 : i32
      %y15 = arith.select %m15, %x15, %ninf : f32
      %h15 = arith.truncf %y15 : f32 to f16
      memref.store %h0, %p[%tid, %c0] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h1, %p[%tid, %c1] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h2, %p[%tid, %c2] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h3, %p[%tid, %c3] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h4, %p[%tid, %c4] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h5, %p[%tid, %c5] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h6, %p[%tid, %c6] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h7, %p[%tid, %c7] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h8, %p[%tid, %c8] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h9, %p[%tid, %c9] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h10, %p[%tid, %c10] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h11, %p[%tid, %c11] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h12, %p[%tid, %c12] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h13, %p[%tid, %c13] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h14, %p[%tid, %c14] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
      memref.store %h15, %p[%tid, %c15] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %pa = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %acc2 = gpu.subgroup_mma_compute %pa, %v, %acc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    scf.yield %acc2 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// Scores written back in place that no later phase takes (a plain read after
// the P dot): the written-back fragments are built before the stores that put
// them where S's went (the stores used them before their definition:
// tutorial 06's forward on the nvidia profile failed to verify).
// CHECK-LABEL: func.func @written_back_scores_read_later
// CHECK: %[[ST:.*]] = gpu.subgroup_mma_compute %arg0, %arg1
// CHECK: %[[PA:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7] : f16, !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK: %[[PT:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7] : f32, !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-NEXT: gpu.subgroup_mma_store_matrix %[[PT]], %[[S:.*]][%{{.*}}, %c0]
// CHECK: gpu.barrier
// CHECK: gpu.subgroup_mma_compute %[[PA]], %arg2
// CHECK: gpu.barrier
// CHECK: memref.load %[[S]][%{{.*}}, %c3]
func.func @written_back_scores_read_later(%k: !gpu.mma_matrix<16x16xf16, "AOp">, %qt: !gpu.mma_matrix<16x16xf16, "BOp">, %do: !gpu.mma_matrix<16x16xf16, "BOp">, %lse: memref<?xf32>, %out: memref<?xf32>, %scale: f32, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %row0 = arith.muli %sg, %c16 : index
  %guard = arith.cmpi ult, %tid, %c16 : index
  %acc0 = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %s = memref.alloc() : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %o = memref.alloc() : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  %st = gpu.subgroup_mma_compute %k, %qt, %acc0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  scf.if %guard {
    %x0 = memref.load %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %l0 = memref.load %lse[%base] : memref<?xf32>
    %y0 = arith.mulf %x0, %scale : f32
    %z0 = arith.subf %y0, %l0 : f32
    %e0 = math.exp2 %z0 : f32
    %h0 = arith.truncf %e0 : f32 to f16
    %x1 = memref.load %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i1 = arith.addi %base, %c1 : index
    %l1 = memref.load %lse[%i1] : memref<?xf32>
    %y1 = arith.mulf %x1, %scale : f32
    %z1 = arith.subf %y1, %l1 : f32
    %e1 = math.exp2 %z1 : f32
    %h1 = arith.truncf %e1 : f32 to f16
    %x2 = memref.load %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i2 = arith.addi %base, %c2 : index
    %l2 = memref.load %lse[%i2] : memref<?xf32>
    %y2 = arith.mulf %x2, %scale : f32
    %z2 = arith.subf %y2, %l2 : f32
    %e2 = math.exp2 %z2 : f32
    %h2 = arith.truncf %e2 : f32 to f16
    %x3 = memref.load %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i3 = arith.addi %base, %c3 : index
    %l3 = memref.load %lse[%i3] : memref<?xf32>
    %y3 = arith.mulf %x3, %scale : f32
    %z3 = arith.subf %y3, %l3 : f32
    %e3 = math.exp2 %z3 : f32
    %h3 = arith.truncf %e3 : f32 to f16
    %x4 = memref.load %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i4 = arith.addi %base, %c4 : index
    %l4 = memref.load %lse[%i4] : memref<?xf32>
    %y4 = arith.mulf %x4, %scale : f32
    %z4 = arith.subf %y4, %l4 : f32
    %e4 = math.exp2 %z4 : f32
    %h4 = arith.truncf %e4 : f32 to f16
    %x5 = memref.load %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i5 = arith.addi %base, %c5 : index
    %l5 = memref.load %lse[%i5] : memref<?xf32>
    %y5 = arith.mulf %x5, %scale : f32
    %z5 = arith.subf %y5, %l5 : f32
    %e5 = math.exp2 %z5 : f32
    %h5 = arith.truncf %e5 : f32 to f16
    %x6 = memref.load %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i6 = arith.addi %base, %c6 : index
    %l6 = memref.load %lse[%i6] : memref<?xf32>
    %y6 = arith.mulf %x6, %scale : f32
    %z6 = arith.subf %y6, %l6 : f32
    %e6 = math.exp2 %z6 : f32
    %h6 = arith.truncf %e6 : f32 to f16
    %x7 = memref.load %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i7 = arith.addi %base, %c7 : index
    %l7 = memref.load %lse[%i7] : memref<?xf32>
    %y7 = arith.mulf %x7, %scale : f32
    %z7 = arith.subf %y7, %l7 : f32
    %e7 = math.exp2 %z7 : f32
    %h7 = arith.truncf %e7 : f32 to f16
    %x8 = memref.load %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i8 = arith.addi %base, %c8 : index
    %l8 = memref.load %lse[%i8] : memref<?xf32>
    %y8 = arith.mulf %x8, %scale : f32
    %z8 = arith.subf %y8, %l8 : f32
    %e8 = math.exp2 %z8 : f32
    %h8 = arith.truncf %e8 : f32 to f16
    %x9 = memref.load %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i9 = arith.addi %base, %c9 : index
    %l9 = memref.load %lse[%i9] : memref<?xf32>
    %y9 = arith.mulf %x9, %scale : f32
    %z9 = arith.subf %y9, %l9 : f32
    %e9 = math.exp2 %z9 : f32
    %h9 = arith.truncf %e9 : f32 to f16
    %x10 = memref.load %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i10 = arith.addi %base, %c10 : index
    %l10 = memref.load %lse[%i10] : memref<?xf32>
    %y10 = arith.mulf %x10, %scale : f32
    %z10 = arith.subf %y10, %l10 : f32
    %e10 = math.exp2 %z10 : f32
    %h10 = arith.truncf %e10 : f32 to f16
    %x11 = memref.load %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i11 = arith.addi %base, %c11 : index
    %l11 = memref.load %lse[%i11] : memref<?xf32>
    %y11 = arith.mulf %x11, %scale : f32
    %z11 = arith.subf %y11, %l11 : f32
    %e11 = math.exp2 %z11 : f32
    %h11 = arith.truncf %e11 : f32 to f16
    %x12 = memref.load %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i12 = arith.addi %base, %c12 : index
    %l12 = memref.load %lse[%i12] : memref<?xf32>
    %y12 = arith.mulf %x12, %scale : f32
    %z12 = arith.subf %y12, %l12 : f32
    %e12 = math.exp2 %z12 : f32
    %h12 = arith.truncf %e12 : f32 to f16
    %x13 = memref.load %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i13 = arith.addi %base, %c13 : index
    %l13 = memref.load %lse[%i13] : memref<?xf32>
    %y13 = arith.mulf %x13, %scale : f32
    %z13 = arith.subf %y13, %l13 : f32
    %e13 = math.exp2 %z13 : f32
    %h13 = arith.truncf %e13 : f32 to f16
    %x14 = memref.load %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i14 = arith.addi %base, %c14 : index
    %l14 = memref.load %lse[%i14] : memref<?xf32>
    %y14 = arith.mulf %x14, %scale : f32
    %z14 = arith.subf %y14, %l14 : f32
    %e14 = math.exp2 %z14 : f32
    %h14 = arith.truncf %e14 : f32 to f16
    %x15 = memref.load %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    %i15 = arith.addi %base, %c15 : index
    %l15 = memref.load %lse[%i15] : memref<?xf32>
    %y15 = arith.mulf %x15, %scale : f32
    %z15 = arith.subf %y15, %l15 : f32
    %e15 = math.exp2 %z15 : f32
    %h15 = arith.truncf %e15 : f32 to f16
    memref.store %e0, %s[%tid, %c0] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e1, %s[%tid, %c1] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e2, %s[%tid, %c2] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e3, %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e4, %s[%tid, %c4] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e5, %s[%tid, %c5] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e6, %s[%tid, %c6] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e7, %s[%tid, %c7] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e8, %s[%tid, %c8] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e9, %s[%tid, %c9] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e10, %s[%tid, %c10] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e11, %s[%tid, %c11] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e12, %s[%tid, %c12] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e13, %s[%tid, %c13] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e14, %s[%tid, %c14] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %e15, %s[%tid, %c15] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
    memref.store %h0, %p[%tid, %c0] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h1, %p[%tid, %c1] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h2, %p[%tid, %c2] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h3, %p[%tid, %c3] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h4, %p[%tid, %c4] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h5, %p[%tid, %c5] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h6, %p[%tid, %c6] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h7, %p[%tid, %c7] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h8, %p[%tid, %c8] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h9, %p[%tid, %c9] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h10, %p[%tid, %c10] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h11, %p[%tid, %c11] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h12, %p[%tid, %c12] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h13, %p[%tid, %c13] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h14, %p[%tid, %c14] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    memref.store %h15, %p[%tid, %c15] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  }
  gpu.barrier
  %pa = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 16 : index} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %dv = gpu.subgroup_mma_compute %pa, %do, %acc0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %dv, %o[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %later = memref.load %s[%tid, %c3] : memref<16x16xf32, #spirv.storage_class<Workgroup>>
  memref.store %later, %out[%tid] : memref<?xf32>
  return
}
