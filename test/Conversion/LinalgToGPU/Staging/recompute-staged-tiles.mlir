// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(recompute-staged-tiles{vector-bytes=8},cse))' | FileCheck %s

// A K loop stages a 4x8 tile of A (row-major, 32 columns, block k at column
// 8k) and reads two adjacent columns of one row. The reads load A itself:
// one aligned 2-element vector (the column moves the index by one, the
// first column is even), its two lanes. The copy's store, the tile and the
// loop's barriers go.
// CHECK-LABEL: func.func @recompute(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32>
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT:       memref.store %{{.*}}, %{{.*}} : memref<4x8xf32
// CHECK-NOT:       gpu.barrier
// CHECK:           %[[V:.*]] = vector.load %[[A]][%{{.*}}] : memref<?xf32>, vector<2xf32>
// CHECK-NOT:       vector.load
// CHECK-DAG:       %[[E0:.*]] = vector.extract %[[V]][0]
// CHECK-DAG:       %[[E1:.*]] = vector.extract %[[V]][1]
// CHECK:           arith.addf %[[E0]], %[[E1]]
// CHECK-NOT:       gpu.barrier
// CHECK:         }
// CHECK-NOT:     memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @recompute(%a: memref<?xf32> {tt.divisibility = 16 : i32},
                     %out: memref<?xf32> {tt.divisibility = 16 : i32},
                     %tid: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  scf.for %k = %c0 to %steps step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %r = arith.muli %i, %c32 : index
        %kc = arith.muli %k, %c8 : index
        %rk = arith.addi %r, %kc : index
        %index = arith.addi %rk, %j : index
        %x = memref.load %a[%index] : memref<?xf32>
        memref.store %x, %tile[%i, %j] : memref<4x8xf32, #wg>
      }
    } {triton_spirv.writes_whole_buffer}
    gpu.barrier
    %next = arith.addi %column, %c1 : index
    %v0 = memref.load %tile[%row, %column] : memref<4x8xf32, #wg>
    %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
    %sum = arith.addf %v0, %v1 : f32
    %o = arith.addi %tid, %k : index
    memref.store %sum, %out[%o] : memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

// A column stride of two (a transposed tile, like attention's K^T): the
// reads would be scalar loads of the matrix, more gathers than the tile's
// own vector reads. The copy stays.
// CHECK-LABEL: func.func @strided_columns(
// CHECK-NOT:     vector.load
// CHECK:         memref.store %{{.*}}, %{{.*}} : memref<4x8xf32
// CHECK:         memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @strided_columns(%a: memref<?xf32> {tt.divisibility = 16 : i32},
    %out: memref<?xf32> {tt.divisibility = 16 : i32}, %tid: index, %steps: index,
    %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  %next = arith.addi %column, %c1 : index
  scf.for %k = %c0 to %steps step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %r = arith.muli %i, %c32 : index
        %kc = arith.muli %k, %c8 : index
        %rk = arith.addi %r, %kc : index
        %j2 = arith.muli %j, %c2 : index
        %index = arith.addi %rk, %j2 : index
        %l = memref.load %a[%index] : memref<?xf32>
        memref.store %l, %tile[%i, %j] : memref<4x8xf32, #wg>
      }
    } {triton_spirv.writes_whole_buffer}
    gpu.barrier
    %v0 = memref.load %tile[%row, %column] : memref<4x8xf32, #wg>
    %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
    %sum = arith.addf %v0, %v1 : f32
    %o = arith.addi %tid, %k : index
    memref.store %sum, %out[%o] : memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

// A read at a column not known to be even cannot be a lane of an aligned
// pair, so none of the copy's reads is recomputed.
// CHECK-LABEL: func.func @unaligned_column(
// CHECK-NOT:     vector.load
// CHECK:         memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @unaligned_column(%a: memref<?xf32> {tt.divisibility = 16 : i32},
    %out: memref<?xf32> {tt.divisibility = 16 : i32}, %tid: index, %steps: index,
    %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  %next = arith.addi %column, %c1 : index
  scf.for %k = %c0 to %steps step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %r = arith.muli %i, %c32 : index
        %kc = arith.muli %k, %c8 : index
        %rk = arith.addi %r, %kc : index
        %index = arith.addi %rk, %j : index
        %l = memref.load %a[%index] : memref<?xf32>
        memref.store %l, %tile[%i, %j] : memref<4x8xf32, #wg>
      }
    } {triton_spirv.writes_whole_buffer}
    gpu.barrier
    %v0 = memref.load %tile[%row, %tid] : memref<4x8xf32, #wg>
    %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
    %sum = arith.addf %v0, %v1 : f32
    %o = arith.addi %tid, %k : index
    memref.store %sum, %out[%o] : memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

// Masked staging (the element under an scf.if) stays a copy.
// CHECK-LABEL: func.func @masked_staging_stays(
// CHECK:         scf.if
// CHECK:         memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @masked_staging_stays(%a: memref<?xf32> {tt.divisibility = 16 : i32},
    %out: memref<?xf32> {tt.divisibility = 16 : i32}, %tid: index, %steps: index,
    %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  %next = arith.addi %column, %c1 : index
  scf.for %k = %c0 to %steps step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %r = arith.muli %i, %c32 : index
        %kc = arith.muli %k, %c8 : index
        %rk = arith.addi %r, %kc : index
        %index = arith.addi %rk, %j : index
        %in = arith.cmpi ult, %index, %steps : index
        %l = scf.if %in -> f32 {
          %m = memref.load %a[%index] : memref<?xf32>
          scf.yield %m : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %l, %tile[%i, %j] : memref<4x8xf32, #wg>
      }
    } {triton_spirv.writes_whole_buffer}
    gpu.barrier
    %v0 = memref.load %tile[%row, %column] : memref<4x8xf32, #wg>
    %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
    %sum = arith.addf %v0, %v1 : f32
    %o = arith.addi %tid, %k : index
    memref.store %sum, %out[%o] : memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

// A global store between the copy and the read may change what the copy
// loaded: the read stays.
// CHECK-LABEL: func.func @global_store_between(
// CHECK:         memref.store %{{.*}}, %{{.*}} : memref<?xf32>
// CHECK:         memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @global_store_between(%a: memref<?xf32> {tt.divisibility = 16 : i32},
    %out: memref<?xf32> {tt.divisibility = 16 : i32}, %tid: index, %steps: index,
    %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  %next = arith.addi %column, %c1 : index
  scf.for %k = %c0 to %steps step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %r = arith.muli %i, %c32 : index
        %kc = arith.muli %k, %c8 : index
        %rk = arith.addi %r, %kc : index
        %index = arith.addi %rk, %j : index
        %l = memref.load %a[%index] : memref<?xf32>
        memref.store %l, %tile[%i, %j] : memref<4x8xf32, #wg>
      }
    } {triton_spirv.writes_whole_buffer}
    gpu.barrier
    memref.store %x, %a[%tid] : memref<?xf32>
    %v0 = memref.load %tile[%row, %column] : memref<4x8xf32, #wg>
    %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
    %sum = arith.addf %v0, %v1 : f32
    %o = arith.addi %tid, %k : index
    memref.store %sum, %out[%o] : memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

// Reads in a loop that also stores to global memory: a later iteration
// would see the earlier ones' stores. The reads stay.
// CHECK-LABEL: func.func @loop_writes_global(
// CHECK:         scf.for
// CHECK:         memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @loop_writes_global(%a: memref<?xf32> {tt.divisibility = 16 : i32},
    %out: memref<?xf32> {tt.divisibility = 16 : i32}, %tid: index, %steps: index,
    %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  %next = arith.addi %column, %c1 : index
  scf.for %k = %c0 to %steps step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %r = arith.muli %i, %c32 : index
        %kc = arith.muli %k, %c8 : index
        %rk = arith.addi %r, %kc : index
        %index = arith.addi %rk, %j : index
        %l = memref.load %a[%index] : memref<?xf32>
        memref.store %l, %tile[%i, %j] : memref<4x8xf32, #wg>
      }
    } {triton_spirv.writes_whole_buffer}
    gpu.barrier
    scf.for %s = %c0 to %c2 step %c1 {
      %v0 = memref.load %tile[%row, %column] : memref<4x8xf32, #wg>
      %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
      %sum = arith.addf %v0, %v1 : f32
      memref.store %sum, %a[%s] : memref<?xf32>
    }
    gpu.barrier
  }
  return
}

// -----

// The element is loaded at the copy loop's own induction variable, not at
// an expression of the stored indices: not provably a function of (i, j).
// CHECK-LABEL: func.func @not_an_element_function(
// CHECK:         memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @not_an_element_function(%a: memref<?xf32> {tt.divisibility = 16 : i32},
    %out: memref<?xf32> {tt.divisibility = 16 : i32}, %tid: index, %steps: index,
    %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  %next = arith.addi %column, %c1 : index
  scf.for %k = %c0 to %steps step %c1 {
    scf.for %t = %c0 to %c32 step %c1 {
      %i = arith.divui %t, %c8 : index
      %j = arith.remui %t, %c8 : index
      %kc = arith.muli %k, %c32 : index
      %index = arith.addi %kc, %t : index
      %l = memref.load %a[%index] : memref<?xf32>
      memref.store %l, %tile[%i, %j] : memref<4x8xf32, #wg>
    } {triton_spirv.writes_whole_buffer}
    gpu.barrier
    %v0 = memref.load %tile[%row, %column] : memref<4x8xf32, #wg>
    %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
    %sum = arith.addf %v0, %v1 : f32
    %o = arith.addi %tid, %k : index
    memref.store %sum, %out[%o] : memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

// A tile filled with a value fixed before the loop loads nothing: no
// staging, it stays.
// CHECK-LABEL: func.func @fill_is_not_staging(
// CHECK:         memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @fill_is_not_staging(%a: memref<?xf32> {tt.divisibility = 16 : i32},
    %out: memref<?xf32> {tt.divisibility = 16 : i32}, %tid: index, %steps: index,
    %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  %next = arith.addi %column, %c1 : index
  scf.for %k = %c0 to %steps step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        memref.store %x, %tile[%i, %j] : memref<4x8xf32, #wg>
      }
    } {triton_spirv.writes_whole_buffer}
    gpu.barrier
    %v0 = memref.load %tile[%row, %column] : memref<4x8xf32, #wg>
    %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
    %sum = arith.addf %v0, %v1 : f32
    %o = arith.addi %tid, %k : index
    memref.store %sum, %out[%o] : memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

// A copy loop not marked as writing the whole tile (a slice of it, say):
// a read may see elements it did not write. The reads stay.
// CHECK-LABEL: func.func @partial_writer(
// CHECK:         memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @partial_writer(%a: memref<?xf32> {tt.divisibility = 16 : i32},
    %out: memref<?xf32> {tt.divisibility = 16 : i32}, %tid: index, %steps: index,
    %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  %next = arith.addi %column, %c1 : index
  scf.for %k = %c0 to %steps step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %r = arith.muli %i, %c32 : index
        %kc = arith.muli %k, %c8 : index
        %rk = arith.addi %r, %kc : index
        %index = arith.addi %rk, %j : index
        %l = memref.load %a[%index] : memref<?xf32>
        memref.store %l, %tile[%i, %j] : memref<4x8xf32, #wg>
      }
    }
    gpu.barrier
    %v0 = memref.load %tile[%row, %column] : memref<4x8xf32, #wg>
    %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
    %sum = arith.addf %v0, %v1 : f32
    %o = arith.addi %tid, %k : index
    memref.store %sum, %out[%o] : memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

// A copy made once before the loop that reads it (attention's Q) is cheaper
// than recomputing every read: it stays.
// CHECK-LABEL: func.func @copied_once_before_loop(
// CHECK:         memref.load %{{.*}} : memref<4x8xf32
#wg = #spirv.storage_class<Workgroup>
func.func @copied_once_before_loop(%a: memref<?xf32> {tt.divisibility = 16 : i32},
    %out: memref<?xf32> {tt.divisibility = 16 : i32}, %tid: index, %steps: index,
    %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<4x8xf32, #wg>
  %sums = memref.alloca() : memref<1xf32, #spirv.storage_class<Function>>
  %row = arith.remui %tid, %c4 : index
  %pair = arith.divui %tid, %c4 : index
  %column = arith.muli %pair, %c2 : index
  %next = arith.addi %column, %c1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %r = arith.muli %i, %c32 : index
      %c0c = arith.muli %c0, %c8 : index
      %rk = arith.addi %r, %c0c : index
      %index = arith.addi %rk, %j : index
      %l = memref.load %a[%index] : memref<?xf32>
      memref.store %l, %tile[%i, %j] : memref<4x8xf32, #wg>
    }
  } {triton_spirv.writes_whole_buffer}
  scf.for %k = %c0 to %steps step %c1 {
    gpu.barrier
    %v0 = memref.load %tile[%row, %column] : memref<4x8xf32, #wg>
    %v1 = memref.load %tile[%row, %next] : memref<4x8xf32, #wg>
    %sum = arith.addf %v0, %v1 : f32
    memref.store %sum, %sums[%c0] : memref<1xf32, #spirv.storage_class<Function>>
    gpu.barrier
  }
  %last = memref.load %sums[%c0] : memref<1xf32, #spirv.storage_class<Function>>
  memref.store %last, %out[%tid] : memref<?xf32>
  return
}
