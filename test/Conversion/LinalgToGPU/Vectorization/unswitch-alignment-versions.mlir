// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(unswitch-alignment-versions))' | FileCheck %s

// Tutorial 08's staging after vectorize-contiguous-runs: the A and B tiles'
// addresses come from a table, so each staging round checks the alignment
// of values set before the K loop. The K loop is duplicated once under both
// checks: the first copy has only the vector rounds, the second only the
// per-element ones, and no round branches any more.
// CHECK-LABEL: func.func @k_loop(
// CHECK-SAME:      %[[A:[^:]*]]: memref<?xf16>, %[[B:[^:]*]]: memref<?xf16>, %[[ADDR_A:[^:]*]]: i64, %[[ADDR_B:[^:]*]]: i64, %[[LDA:[^:]*]]: i32
// CHECK:         %[[LOW_A:.*]] = arith.andi %[[ADDR_A]], %c7_i64
// CHECK:         %[[OK_A:.*]] = arith.cmpi eq, %[[LOW_A]], %c0_i64
// CHECK:         %[[LOW_LDA:.*]] = arith.andi %[[LDA]], %c3_i32
// CHECK:         %[[OK_LDA:.*]] = arith.cmpi eq, %[[LOW_LDA]], %c0_i32
// CHECK:         %[[ROUND_A:.*]] = arith.andi %[[OK_A]], %[[OK_LDA]]
// CHECK:         %[[LOW_B:.*]] = arith.andi %[[ADDR_B]], %c7_i64
// CHECK:         %[[OK_B:.*]] = arith.cmpi eq, %[[LOW_B]], %c0_i64
// CHECK:         %[[ALL:.*]] = arith.andi %[[ROUND_A]], %[[OK_B]]
// CHECK:         %[[SUM:.*]] = scf.if %[[ALL]] -> (f32) {
// CHECK:           %[[FAST:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f32)
// CHECK-NOT:         scf.if
// CHECK-NOT:         memref.load %[[A]]
// CHECK:             vector.load %[[A]]
// CHECK-NOT:         scf.if
// CHECK:             vector.load %[[B]]
// CHECK-NOT:         scf.if
// CHECK:             gpu.barrier
// CHECK:           scf.yield %[[FAST]] : f32
// CHECK:         } else {
// CHECK:           %[[SLOW:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f32)
// CHECK-NOT:         scf.if
// CHECK-NOT:         vector.load
// CHECK:             memref.load %[[A]]
// CHECK-NOT:         scf.if
// CHECK:             memref.load %[[B]]
// CHECK-NOT:         vector.load
// CHECK:             gpu.barrier
// CHECK:           scf.yield %[[SLOW]] : f32
// CHECK:         }
// CHECK:         return %[[SUM]] : f32
func.func @k_loop(%a: memref<?xf16>, %b: memref<?xf16>, %addr_a: i64, %addr_b: i64,
                  %lda: i32, %iters: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c3_i32 = arith.constant 3 : i32
  %c0_i64 = arith.constant 0 : i64
  %c7_i64 = arith.constant 7 : i64
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %lane = arith.muli %tid, %c4 : index
  %tile_a = memref.alloc() : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
  %tile_b = memref.alloc() : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
  %sum = scf.for %k = %c0_i32 to %iters step %c1_i32 iter_args(%acc = %zero) -> (f32) : i32 {
    %k_index = arith.index_cast %k : i32 to index
    scf.for %round = %c0 to %c4096 step %c512 {
      %i = arith.addi %round, %lane : index
      %at = arith.addi %i, %k_index : index
      %low = arith.andi %addr_a, %c7_i64 : i64
      %ok = arith.cmpi eq, %low, %c0_i64 : i64
      %low_lda = arith.andi %lda, %c3_i32 : i32
      %ok_lda = arith.cmpi eq, %low_lda, %c0_i32 : i32
      %both = arith.andi %ok, %ok_lda : i1
      scf.if %both {
        %v = vector.load %a[%at] : memref<?xf16>, vector<4xf16>
        memref.store %v, %tile_a[%i] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
      } else {
        %e = memref.load %a[%at] : memref<?xf16>
        %v = vector.broadcast %e : f16 to vector<4xf16>
        memref.store %v, %tile_a[%i] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
      } {triton_spirv.alignment_version}
    }
    scf.for %round = %c0 to %c4096 step %c512 {
      %i = arith.addi %round, %lane : index
      %at = arith.addi %i, %k_index : index
      %low = arith.andi %addr_b, %c7_i64 : i64
      %ok = arith.cmpi eq, %low, %c0_i64 : i64
      scf.if %ok {
        %v = vector.load %b[%at] : memref<?xf16>, vector<4xf16>
        memref.store %v, %tile_b[%i] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
      } else {
        %e = memref.load %b[%at] : memref<?xf16>
        %v = vector.broadcast %e : f16 to vector<4xf16>
        memref.store %v, %tile_b[%i] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
      } {triton_spirv.alignment_version}
    }
    gpu.barrier
    %x = memref.load %tile_a[%lane] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
    %y = memref.load %tile_b[%lane] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
    %p = arith.mulf %x, %y : vector<4xf16>
    %e = vector.extract %p[0] : f16 from vector<4xf16>
    %f = arith.extf %e : f16 to f32
    %next = arith.addf %acc, %f : f32
    gpu.barrier
    scf.yield %next : f32
  }
  return %sum : f32
}

// -----

// A check on a value the K loop computes (its induction variable) can not
// move in front of it, only in front of the round loop; a check outside
// every loop stays where it is.
// CHECK-LABEL: func.func @varying_check(
// CHECK:         scf.if %{{.*}} {
// CHECK:           vector.load
// CHECK:         } else {
// CHECK:           memref.load
// CHECK:         } {triton_spirv.alignment_version}
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:           %[[KI:.*]] = arith.index_cast %[[K]]
// CHECK:           %[[LOW:.*]] = arith.andi %[[KI]], %c3
// CHECK:           %[[OK:.*]] = arith.cmpi eq, %[[LOW]], %c0
// CHECK:           scf.if %[[OK]] {
// CHECK:             scf.for
// CHECK-NOT:           scf.if
// CHECK:               vector.load
// CHECK:           } else {
// CHECK:             scf.for
// CHECK-NOT:           scf.if
// CHECK:               memref.load
// CHECK:           }
// CHECK-NOT:     triton_spirv.alignment_version
func.func @varying_check(%a: memref<?xf16>, %iters: i32) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %tid = gpu.thread_id x
  %tile = memref.alloc() : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
  %tid_low = arith.andi %tid, %c3 : index
  %tid_ok = arith.cmpi eq, %tid_low, %c0 : index
  scf.if %tid_ok {
    %v = vector.load %a[%tid] : memref<?xf16>, vector<4xf16>
    memref.store %v, %tile[%tid] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
  } else {
    %e = memref.load %a[%tid] : memref<?xf16>
    %v = vector.broadcast %e : f16 to vector<4xf16>
    memref.store %v, %tile[%tid] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
  } {triton_spirv.alignment_version}
  scf.for %k = %c0_i32 to %iters step %c1_i32 : i32 {
    %k_index = arith.index_cast %k : i32 to index
    scf.for %round = %c0 to %c4096 step %c512 {
      %at = arith.addi %round, %k_index : index
      %low = arith.andi %k_index, %c3 : index
      %ok = arith.cmpi eq, %low, %c0 : index
      scf.if %ok {
        %v = vector.load %a[%at] : memref<?xf16>, vector<4xf16>
        memref.store %v, %tile[%round] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
      } else {
        %e = memref.load %a[%at] : memref<?xf16>
        %v = vector.broadcast %e : f16 to vector<4xf16>
        memref.store %v, %tile[%round] : memref<4096xvector<4xf16>, #gpu.address_space<workgroup>>
      } {triton_spirv.alignment_version}
    }
    gpu.barrier
  }
  return
}
