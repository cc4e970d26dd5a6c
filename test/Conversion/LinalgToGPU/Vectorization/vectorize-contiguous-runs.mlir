// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vectorize-contiguous-runs{vector-bytes=16}))' | FileCheck %s

// A masked vector add after distribute-to-workgroup: each invocation owns
// runs of 4 elements at 1024 * pid + round + 4 * tid. Every term is a
// multiple of 4 and the buffers are 16-byte aligned (tt.divisibility), so
// the run becomes one iteration over vector<4xf32>: both loads and the
// store are vector accesses when all four lanes are inside the mask, and the
// original scalar code runs per lane otherwise.
// CHECK-LABEL: func.func @masked_add(
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c4{{.*}} {
// CHECK:           %[[XY:.*]]:2 = scf.if %{{.*}} -> (vector<4xf32>, vector<4xf32>) {
// CHECK:             vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK:             vector.load %arg1[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK:           } else {
// CHECK-COUNT-4:     scf.if %{{.*}} -> (f32, f32) {
// CHECK:             vector.from_elements
// CHECK:           %[[SUM:.*]] = arith.addf %[[XY]]#0, %[[XY]]#1 : vector<4xf32>
// CHECK:           scf.if %{{.*}} {
// CHECK:             vector.store %[[SUM]], %arg2[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK:           } else {
// CHECK-COUNT-4:     memref.store %{{.*}}, %arg2
// CHECK:         } {triton_spirv.contiguous_run, triton_spirv.vector_width = 4 : i64}
func.func @masked_add(%x: memref<?xf32> {tt.divisibility = 16 : i32},
                      %y: memref<?xf32> {tt.divisibility = 16 : i32},
                      %out: memref<?xf32> {tt.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c1024_i32 = arith.constant 1024 : i32
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %pid = gpu.block_id x
  %pid_i32 = arith.index_cast %pid : index to i32
  %block = arith.muli %pid_i32, %c1024_i32 : i32
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c1024 step %c512 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %e_i32 = arith.index_cast %e : index to i32
      %offset = arith.addi %block, %e_i32 : i32
      %inside = arith.cmpi slt, %offset, %n : i32
      %xy:2 = scf.if %inside -> (f32, f32) {
        %i = arith.index_cast %offset : i32 to index
        %a = memref.load %x[%i] : memref<?xf32>
        %b = memref.load %y[%i] : memref<?xf32>
        scf.yield %a, %b : f32, f32
      } else {
        scf.yield %zero, %zero : f32, f32
      }
      %sum = arith.addf %xy#0, %xy#1 : f32
      scf.if %inside {
        %i = arith.index_cast %offset : i32 to index
        memref.store %sum, %out[%i] : memref<?xf32>
      }
    } {triton_spirv.contiguous_run}
  }
  return
}

// -----

// f16 runs of 8: the lane count is capped at 4 (SPIR-V vectors), so the run
// takes two vector<4xf16> iterations (8-byte accesses).
// CHECK-LABEL: func.func @half_runs(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %c8{{.*}} step %c4{{.*}} {
// CHECK:           vector.load %arg0[%{{.*}}] : memref<?xf16>, vector<4xf16>
// CHECK:           arith.mulf %{{.*}}, %{{.*}} : vector<4xf16>
// CHECK:           vector.store %{{.*}}, %arg1[%{{.*}}] : memref<?xf16>, vector<4xf16>
func.func @half_runs(%x: memref<?xf16> {tt.divisibility = 16 : i32},
                     %out: memref<?xf16> {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c8 : index
  scf.for %j = %c0 to %c8 step %c1 {
    %e = arith.addi %first, %j : index
    %v = memref.load %x[%e] : memref<?xf16>
    %sq = arith.mulf %v, %v : f16
    memref.store %sq, %out[%e] : memref<?xf16>
  } {triton_spirv.contiguous_run}
  return
}

// -----

// Nothing proves the base 16-byte aligned (no tt.divisibility): unchanged.
// CHECK-LABEL: func.func @unaligned_base(
// CHECK-NOT:     vector.
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1{{.*}} {
// CHECK:           memref.load
func.func @unaligned_base(%x: memref<?xf32>, %out: memref<?xf32> {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %e = arith.addi %first, %j : index
    %v = memref.load %x[%e] : memref<?xf32>
    %o = arith.addi %e, %c1 : index
    memref.store %v, %out[%o] : memref<?xf32>
  } {triton_spirv.contiguous_run}
  return
}

// -----

// An index one past the aligned start (odd offset) and an atomic in the
// body: neither loop is widened.
// CHECK-LABEL: func.func @not_widened(
// CHECK-NOT:     vector.
func.func @not_widened(%x: memref<?xf32> {tt.divisibility = 16 : i32},
                       %out: memref<?xf32> {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %e = arith.addi %first, %j : index
    %shifted = arith.addi %e, %c1 : index
    %v = memref.load %x[%shifted] : memref<?xf32>
    memref.store %v, %out[%shifted] : memref<?xf32>
  } {triton_spirv.contiguous_run}
  scf.for %j = %c0 to %c4 step %c1 {
    %e = arith.addi %first, %j : index
    %v = memref.load %x[%e] : memref<?xf32>
    %old = memref.atomic_rmw addf %v, %out[%e] : (f32, memref<?xf32>) -> f32
  } {triton_spirv.contiguous_run}
  return
}

// -----

// A 2-D tile row-major in 8 columns: the run index is delinearized with
// divui/remui by 8, which the run (4 lanes from a multiple of 4) never
// crosses: the column is lane-consecutive and the row lane-uniform, so
// row * stride + column is one aligned vector load (stride divisible by 16).
// With rows of 6 columns a run can cross a row: per lane.
// CHECK-LABEL: func.func @tile_rows(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
// CHECK-LABEL: func.func @rows_of_six(
// CHECK-NOT:       vector.load
// CHECK:         return
func.func @tile_rows(%x: memref<?xf32> {tt.divisibility = 16 : i32},
                     %stride: i32 {tt.divisibility = 16 : i32},
                     %tile: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c128 step %c128 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %col = arith.remui %e, %c8 : index
      %row = arith.divui %e, %c8 : index
      %row_i32 = arith.index_cast %row : index to i32
      %col_i32 = arith.index_cast %col : index to i32
      %r = arith.muli %row_i32, %stride : i32
      %o = arith.addi %r, %col_i32 : i32
      %i = arith.index_cast %o : i32 to index
      %v = memref.load %x[%i] : memref<?xf32>
      memref.store %v, %tile[%row, %col] : memref<16x8xf32>
    } {triton_spirv.contiguous_run}
  }
  return
}

func.func @rows_of_six(%x: memref<?xf32> {tt.divisibility = 16 : i32},
                       %stride: i32 {tt.divisibility = 16 : i32},
                       %tile: memref<16x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c96 = arith.constant 96 : index
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c96 step %c96 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %col = arith.remui %e, %c6 : index
      %row = arith.divui %e, %c6 : index
      %row_i32 = arith.index_cast %row : index to i32
      %col_i32 = arith.index_cast %col : index to i32
      %r = arith.muli %row_i32, %stride : i32
      %o = arith.addi %r, %col_i32 : i32
      %i = arith.index_cast %o : i32 to index
      %v = memref.load %x[%i] : memref<?xf32>
      memref.store %v, %tile[%row, %col] : memref<16x6xf32>
    } {triton_spirv.contiguous_run}
  }
  return
}

// -----

// The same masked add with a bound known to be a multiple of 16
// (tt.divisibility): every run of 4 starts at a multiple of 4, so it lies
// wholly inside or wholly outside the mask. Lane 0 decides and no per-lane
// code is left: one vector load or the `other` vector, one vector store.
// CHECK-LABEL: func.func @masked_add_divisible_bound(
// CHECK:         scf.for %{{.*}} step %c4{{.*}} {
// CHECK:           %[[INSIDE:.*]] = arith.cmpi slt, %{{.*}}, %arg2 : i32
// CHECK-NEXT:      %{{.*}} = scf.if %[[INSIDE]] -> (vector<4xf32>) {
// CHECK:             vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      } else {
// CHECK-NEXT:        vector.broadcast %{{.*}} : f32 to vector<4xf32>
// CHECK-NEXT:        scf.yield
// CHECK-NEXT:      }
// CHECK:           scf.if %[[INSIDE]] {
// CHECK:             vector.store %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK-NEXT:      }
// CHECK-NOT:       memref.load
// CHECK-NOT:       memref.store
// CHECK:         } {triton_spirv.contiguous_run, triton_spirv.vector_width = 4 : i64}
func.func @masked_add_divisible_bound(%x: memref<?xf32> {tt.divisibility = 16 : i32},
                                      %out: memref<?xf32> {tt.divisibility = 16 : i32},
                                      %n: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c1024_i32 = arith.constant 1024 : i32
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %pid = gpu.block_id x
  %pid_i32 = arith.index_cast %pid : index to i32
  %block = arith.muli %pid_i32, %c1024_i32 : i32
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c1024 step %c512 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %e_i32 = arith.index_cast %e : index to i32
      %offset = arith.addi %block, %e_i32 : i32
      %inside = arith.cmpi slt, %offset, %n : i32
      %v = scf.if %inside -> (f32) {
        %i = arith.index_cast %offset : i32 to index
        %a = memref.load %x[%i] : memref<?xf32>
        scf.yield %a : f32
      } else {
        scf.yield %zero : f32
      }
      %twice = arith.addf %v, %v : f32
      scf.if %inside {
        %i = arith.index_cast %offset : i32 to index
        memref.store %twice, %out[%i] : memref<?xf32>
      }
    } {triton_spirv.contiguous_run}
  }
  return
}

// -----

// A bound divisible by 2 only: runs of 4 may straddle it, so the per-lane
// fallback stays.
// CHECK-LABEL: func.func @masked_add_bound_divisible_by_two(
// CHECK:           scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK:           } else {
// CHECK-COUNT-4:     memref.load %arg0
func.func @masked_add_bound_divisible_by_two(%x: memref<?xf32> {tt.divisibility = 16 : i32},
                                             %out: memref<?xf32> {tt.divisibility = 16 : i32},
                                             %n: i32 {tt.divisibility = 2 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %e = arith.addi %first, %j : index
    %offset = arith.index_cast %e : index to i32
    %inside = arith.cmpi slt, %offset, %n : i32
    %v = scf.if %inside -> (f32) {
      %i = arith.index_cast %offset : i32 to index
      %a = memref.load %x[%i] : memref<?xf32>
      scf.yield %a : f32
    } else {
      scf.yield %zero : f32
    }
    %twice = arith.addf %v, %v : f32
    scf.if %inside {
      %i = arith.index_cast %offset : i32 to index
      memref.store %twice, %out[%i] : memref<?xf32>
    }
  } {triton_spirv.contiguous_run}
  return
}

// -----

// bf16 output already stored as i16 (store-bf16-as-i16 ran first, as on the
// bf16 cooperative-matrix path): the rounding f32 -> bf16 and the bitcast
// widen like any arith, so the run stores vector<4xi16>.
// CHECK-LABEL: func.func @bf16_values_over_i16_memory(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %c4{{.*}} step %c4{{.*}} {
// CHECK:           vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK:           arith.truncf %{{.*}} : vector<4xf32> to vector<4xbf16>
// CHECK:           arith.bitcast %{{.*}} : vector<4xbf16> to vector<4xi16>
// CHECK:           vector.store %{{.*}}, %arg1[%{{.*}}] : memref<?xi16>, vector<4xi16>
func.func @bf16_values_over_i16_memory(%x: memref<?xf32> {tt.divisibility = 16 : i32},
                                       %out: memref<?xi16> {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %e = arith.addi %first, %j : index
    %v = memref.load %x[%e] : memref<?xf32>
    %b = arith.truncf %v : f32 to bf16
    %bits = arith.bitcast %b : bf16 to i16
    memref.store %bits, %out[%e] : memref<?xi16>
  } {triton_spirv.contiguous_run}
  return
}

// -----

// The same run while some memory still holds bf16 (the default order, where
// store-bf16-as-i16 runs after this pass and handles only scalar accesses):
// left scalar.
// CHECK-LABEL: func.func @bf16_values_beside_bf16_memory(
// CHECK-NOT:     vector<4xbf16>
// CHECK:         } {triton_spirv.contiguous_run}
func.func @bf16_values_beside_bf16_memory(%x: memref<?xf32> {tt.divisibility = 16 : i32},
                                          %out: memref<?xi16> {tt.divisibility = 16 : i32},
                                          %other: memref<?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %e = arith.addi %first, %j : index
    %v = memref.load %x[%e] : memref<?xf32>
    %b = arith.truncf %v : f32 to bf16
    %bits = arith.bitcast %b : bf16 to i16
    memref.store %bits, %out[%e] : memref<?xi16>
  } {triton_spirv.contiguous_run}
  return
}

// -----

// A DAG of values reused twice each, under a per-lane mask: each lane's clone
// builds every value once (a tree of 2^24 adds before: three chained fmas,
// emulated by exact-float-ops, took minutes to compile).
// CHECK-LABEL: func.func @dag_under_mask(
// CHECK-COUNT-24: arith.addf %{{.*}} : vector<4xf32>
// CHECK-COUNT-96: arith.addf %{{.*}} : f32
// CHECK-NOT:      arith.addf
// CHECK:          triton_spirv.contiguous_run
func.func @dag_under_mask(%x: memref<?xf32> {tt.divisibility = 16 : i32},
                          %out: memref<?xf32> {tt.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %e = arith.addi %first, %j : index
    %e_i32 = arith.index_cast %e : index to i32
    %inside = arith.cmpi slt, %e_i32, %n : i32
    scf.if %inside {
      %a = memref.load %x[%e] : memref<?xf32>
      %v0 = arith.mulf %a, %a : f32
      %v1 = arith.addf %v0, %v0 : f32
      %v2 = arith.addf %v1, %v1 : f32
      %v3 = arith.addf %v2, %v2 : f32
      %v4 = arith.addf %v3, %v3 : f32
      %v5 = arith.addf %v4, %v4 : f32
      %v6 = arith.addf %v5, %v5 : f32
      %v7 = arith.addf %v6, %v6 : f32
      %v8 = arith.addf %v7, %v7 : f32
      %v9 = arith.addf %v8, %v8 : f32
      %v10 = arith.addf %v9, %v9 : f32
      %v11 = arith.addf %v10, %v10 : f32
      %v12 = arith.addf %v11, %v11 : f32
      %v13 = arith.addf %v12, %v12 : f32
      %v14 = arith.addf %v13, %v13 : f32
      %v15 = arith.addf %v14, %v14 : f32
      %v16 = arith.addf %v15, %v15 : f32
      %v17 = arith.addf %v16, %v16 : f32
      %v18 = arith.addf %v17, %v17 : f32
      %v19 = arith.addf %v18, %v18 : f32
      %v20 = arith.addf %v19, %v19 : f32
      %v21 = arith.addf %v20, %v20 : f32
      %v22 = arith.addf %v21, %v21 : f32
      %v23 = arith.addf %v22, %v22 : f32
      %v24 = arith.addf %v23, %v23 : f32
      memref.store %v24, %out[%e] : memref<?xf32>
    }
  } {triton_spirv.contiguous_run}
  return
}

// -----

// Columns wrapped by a remainder, `(pid * 64 + column) % n` (Triton's
// `offs % N`), n a kernel argument of tt.divisibility 16: an aligned run of 4
// never holds a multiple of n strictly inside, and the dividend is not
// negative (block id times a constant plus the run's column), so the
// remainder is consecutive over the vector and B's row is one vector load.
// CHECK-LABEL: func.func @wrapped_columns(
// CHECK:         arith.remsi
// CHECK:         vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK:       } {triton_spirv.contiguous_run, triton_spirv.vector_width = 4 : i64}
func.func @wrapped_columns(%b: memref<?xf32> {tt.divisibility = 16 : i32},
                           %out: memref<?xf32> {tt.divisibility = 16 : i32},
                           %n: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64_i32 = arith.constant 64 : i32
  %tid = gpu.thread_id x
  %pid = gpu.block_id x
  %pid_i32 = arith.index_cast %pid : index to i32
  %block = arith.muli %pid_i32, %c64_i32 : i32
  %first = arith.muli %tid, %c4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %column = arith.addi %first, %j : index
    %column_i32 = arith.index_cast %column : index to i32
    %x = arith.addi %block, %column_i32 : i32
    %wrapped = arith.remsi %x, %n : i32
    %index = arith.index_cast %wrapped : i32 to index
    %v = memref.load %b[%index] : memref<?xf32>
    memref.store %v, %out[%column] : memref<?xf32>
  } {triton_spirv.contiguous_run}
  return
}

// -----

// The same dividend minus a shift: it may be negative, and a signed
// remainder of a negative multiple of n restarts at 0 inside the vector
// (-64 % 64 = 0, -63 % 64 = -63): per lane.
// CHECK-LABEL: func.func @wrapped_columns_maybe_negative(
// CHECK-NOT:     vector.load
// CHECK:       } {triton_spirv.contiguous_run, triton_spirv.vector_width = 4 : i64}
func.func @wrapped_columns_maybe_negative(%b: memref<?xf32> {tt.divisibility = 16 : i32},
                                          %out: memref<?xf32> {tt.divisibility = 16 : i32},
                                          %n: i32 {tt.divisibility = 16 : i32},
                                          %shift: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64_i32 = arith.constant 64 : i32
  %tid = gpu.thread_id x
  %pid = gpu.block_id x
  %pid_i32 = arith.index_cast %pid : index to i32
  %block = arith.muli %pid_i32, %c64_i32 : i32
  %first = arith.muli %tid, %c4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %column = arith.addi %first, %j : index
    %column_i32 = arith.index_cast %column : index to i32
    %x0 = arith.addi %block, %column_i32 : i32
    %x = arith.subi %x0, %shift : i32
    %wrapped = arith.remsi %x, %n : i32
    %index = arith.index_cast %wrapped : i32 to index
    %v = memref.load %b[%index] : memref<?xf32>
    memref.store %v, %out[%column] : memref<?xf32>
  } {triton_spirv.contiguous_run}
  return
}

// -----

// The wrapped columns kept in workgroup memory by one run loop and read back
// by another (FlagGems' mm: they feed two K loops): the index of the global
// load is recomputed from what the one store wrote, and the read of the
// buffer goes, so the load is a vector.
// CHECK-LABEL: func.func @wrapped_columns_from_workgroup_memory(
// CHECK:         memref.store %{{.*}}, %[[COLUMNS:.*]][%{{.*}}] : memref<64xi32, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.barrier
// CHECK-NOT:     memref.load %[[COLUMNS]]
// CHECK:         arith.remsi
// CHECK:         vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
func.func @wrapped_columns_from_workgroup_memory(%b: memref<?xf32> {tt.divisibility = 16 : i32},
                                                 %out: memref<?xf32> {tt.divisibility = 16 : i32},
                                                 %n: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c64_i32 = arith.constant 64 : i32
  %tid = gpu.thread_id x
  %pid = gpu.block_id x
  %pid_i32 = arith.index_cast %pid : index to i32
  %block = arith.muli %pid_i32, %c64_i32 : i32
  %first = arith.muli %tid, %c4 : index
  %columns = memref.alloc() : memref<64xi32, #spirv.storage_class<Workgroup>>
  scf.for %j = %c0 to %c4 step %c1 {
    %p = arith.addi %first, %j : index
    %inside = arith.cmpi ult, %p, %c64 : index
    scf.if %inside {
      %p_i32 = arith.index_cast %p : index to i32
      %x = arith.addi %block, %p_i32 : i32
      %wrapped = arith.remsi %x, %n {tt.contiguity = dense<64> : tensor<1xi32>} : i32
      memref.store %wrapped, %columns[%p] : memref<64xi32, #spirv.storage_class<Workgroup>>
    }
  } {triton_spirv.contiguous_run}
  gpu.barrier
  scf.for %j = %c0 to %c4 step %c1 {
    %q = arith.addi %first, %j : index
    %column = memref.load %columns[%q] : memref<64xi32, #spirv.storage_class<Workgroup>>
    %index = arith.index_cast %column : i32 to index
    %v = memref.load %b[%index] : memref<?xf32>
    memref.store %v, %out[%q] : memref<?xf32>
  } {triton_spirv.contiguous_run}
  return
}

// -----

// The block's first column from a min() (tutorial 03's group order): not
// provably non-negative, so a copy of the run that takes it as such runs
// behind a run-time check; the original, per lane, runs otherwise.
// CHECK-LABEL: func.func @wrapped_columns_checked_sign(
// CHECK:         %[[SIGN:.*]] = arith.cmpi sge, %[[FIRST:.*]], %c0{{.*}} : i32
// CHECK:         scf.if %[[SIGN]] {
// CHECK:           vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK:         } else {
// CHECK-NOT:       vector.load
// CHECK:         } {triton_spirv.alignment_version}
func.func @wrapped_columns_checked_sign(%b: memref<?xf32> {tt.divisibility = 16 : i32},
                                        %out: memref<?xf32> {tt.divisibility = 16 : i32},
                                        %n: i32 {tt.divisibility = 16 : i32}, %m: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8_i32 = arith.constant 8 : i32
  %c64_i32 = arith.constant 64 : i32
  %tid = gpu.thread_id x
  %rows = arith.minsi %m, %c8_i32 : i32
  %group = arith.muli %rows, %c64_i32 : i32
  %first = arith.addi %group, %c64_i32 : i32
  %start = arith.muli %tid, %c4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %column = arith.addi %start, %j : index
    %column_i32 = arith.index_cast %column : index to i32
    %x = arith.addi %first, %column_i32 : i32
    %wrapped = arith.remsi %x, %n : i32
    %index = arith.index_cast %wrapped : i32 to index
    %v = memref.load %b[%index] : memref<?xf32>
    memref.store %v, %out[%column] : memref<?xf32>
  } {triton_spirv.contiguous_run}
  return
}

// -----

// An invocation's element offsets kept in a private array by one loop nest
// and read back by another of the same shape (tutorial 03's pointers): the
// slot read is the one the same iteration wrote, every slot written once, so
// the offset is recomputed from the consumer's loop indices and the private
// array is not read.
// CHECK-LABEL: func.func @offsets_in_a_private_array(
// CHECK:         memref.store %{{.*}}, %[[SLOTS:.*]][%{{.*}}] : memref<8xi32, #spirv.storage_class<Function>>
// CHECK-NOT:     memref.load %[[SLOTS]]
// CHECK:         vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
func.func @offsets_in_a_private_array(%a: memref<?xf32> {tt.divisibility = 16 : i32},
                                      %out: memref<?xf32> {tt.divisibility = 16 : i32},
                                      %stride: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %tid = gpu.thread_id x
  %start = arith.muli %tid, %c4 : index
  %slots = memref.alloca() : memref<8xi32, #spirv.storage_class<Function>>
  scf.for %round = %c0 to %c256 step %c128 {
    %base = arith.addi %round, %start : index
    scf.for %j = %c0 to %c4 step %c1 {
      %r = arith.divui %round, %c128 : index
      %r4 = arith.muli %r, %c4 : index
      %slot = arith.addi %r4, %j : index
      %element = arith.addi %base, %j : index
      %column = arith.remui %element, %c32 : index
      %row = arith.divui %element, %c32 : index
      %row_i32 = arith.index_cast %row : index to i32
      %column_i32 = arith.index_cast %column : index to i32
      %row_offset = arith.muli %row_i32, %stride : i32
      %offset = arith.addi %row_offset, %column_i32 : i32
      memref.store %offset, %slots[%slot] : memref<8xi32, #spirv.storage_class<Function>>
    } {triton_spirv.contiguous_run}
  } {triton_spirv.writes_whole_buffer}
  scf.for %round = %c0 to %c256 step %c128 {
    %base = arith.addi %round, %start : index
    scf.for %j = %c0 to %c4 step %c1 {
      %r = arith.divui %round, %c128 : index
      %r4 = arith.muli %r, %c4 : index
      %slot = arith.addi %r4, %j : index
      %element = arith.addi %base, %j : index
      %offset = memref.load %slots[%slot] : memref<8xi32, #spirv.storage_class<Function>>
      %index = arith.index_cast %offset : i32 to index
      %v = memref.load %a[%index] : memref<?xf32>
      memref.store %v, %out[%element] : memref<?xf32>
    } {triton_spirv.contiguous_run}
  } {triton_spirv.writes_whole_buffer}
  return
}

// -----

// The same buffer filled with a value that depends on the invocation that
// wrote it (its thread id): the element another invocation wrote cannot be
// recomputed here, so the read stays.
// CHECK-LABEL: func.func @invocation_dependent_columns_stay_read(
// CHECK:         memref.store %{{.*}}, %[[COLUMNS:.*]][%{{.*}}] : memref<64xi32, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[COLUMNS]]
func.func @invocation_dependent_columns_stay_read(%b: memref<?xf32> {tt.divisibility = 16 : i32},
                                                  %out: memref<?xf32> {tt.divisibility = 16 : i32},
                                                  %n: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %tid = gpu.thread_id x
  %tid_i32 = arith.index_cast %tid : index to i32
  %first = arith.muli %tid, %c4 : index
  %columns = memref.alloc() : memref<64xi32, #spirv.storage_class<Workgroup>>
  scf.for %j = %c0 to %c4 step %c1 {
    %p = arith.addi %first, %j : index
    %inside = arith.cmpi ult, %p, %c64 : index
    scf.if %inside {
      %p_i32 = arith.index_cast %p : index to i32
      %x = arith.addi %tid_i32, %p_i32 : i32
      %wrapped = arith.remsi %x, %n {tt.contiguity = dense<64> : tensor<1xi32>} : i32
      memref.store %wrapped, %columns[%p] : memref<64xi32, #spirv.storage_class<Workgroup>>
    }
  } {triton_spirv.contiguous_run}
  gpu.barrier
  scf.for %j = %c0 to %c4 step %c1 {
    %q = arith.addi %first, %j : index
    %column = memref.load %columns[%q] : memref<64xi32, #spirv.storage_class<Workgroup>>
    %index = arith.index_cast %column : i32 to index
    %v = memref.load %b[%index] : memref<?xf32>
    memref.store %v, %out[%q] : memref<?xf32>
  } {triton_spirv.contiguous_run}
  return
}
