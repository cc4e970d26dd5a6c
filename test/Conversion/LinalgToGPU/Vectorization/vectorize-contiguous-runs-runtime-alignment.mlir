// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vectorize-contiguous-runs{vector-bytes=16 runtime-alignment-checks=true}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vectorize-contiguous-runs{vector-bytes=16}))' | FileCheck %s --check-prefix=STATIC

// A softmax-style row copy after distribute-to-workgroup: row pid starts at
// pid * stride, and neither the stride nor the column count n carries
// tt.divisibility (Triton specializes divisibility by 16 only: a stride of
// 1000 gets nothing). The run is a vector copy when the row offset and n
// are multiples of 4, checked once before the run; the original run stays
// for the other rows.
// CHECK-LABEL: func.func @row_copy(
// CHECK-SAME:      %[[STRIDE:[^:]*]]: i32, %[[N:[^:]*]]: i32)
// CHECK:         %[[ROW:.*]] = arith.muli %{{.*}}, %[[STRIDE]] : i32
// CHECK:         scf.for
// CHECK:           %[[LOW:.*]] = arith.andi %[[ROW]], %{{.*}} : i32
// CHECK:           %[[ALIGNED:.*]] = arith.cmpi eq, %[[LOW]], %{{.*}} : i32
// CHECK:           %[[NLOW:.*]] = arith.andi %[[N]], %{{.*}} : i32
// CHECK:           %[[NALIGNED:.*]] = arith.cmpi eq, %[[NLOW]], %{{.*}} : i32
// CHECK:           %[[BOTH:.*]] = arith.andi %[[ALIGNED]], %[[NALIGNED]] : i1
// CHECK:           scf.if %[[BOTH]] {
// The mask is decided at lane 0 (both sides are multiples of 4 now).
// CHECK:             scf.for %{{.*}} step %c4
// CHECK-NOT:           vector.from_elements
// CHECK:               vector.load %arg0[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK:               vector.store %{{.*}}, %arg1[%{{.*}}] : memref<?xf32>, vector<4xf32>
// CHECK:             } {triton_spirv.contiguous_run, triton_spirv.vector_width = 4 : i64}
// CHECK:           } else {
// CHECK:             scf.for %{{.*}} step %c1
// CHECK:               memref.load %arg0
// CHECK:               memref.store %{{.*}}, %arg1
// CHECK:             } {triton_spirv.contiguous_run}
// CHECK:           }

// Without the option nothing is provably aligned: the run stays scalar.
// STATIC-LABEL: func.func @row_copy(
// STATIC-NOT:     arith.andi
// STATIC-NOT:     vector.load
// STATIC:         } {triton_spirv.contiguous_run}
func.func @row_copy(%in: memref<?xf32> {tt.divisibility = 16 : i32},
                    %out: memref<?xf32> {tt.divisibility = 16 : i32},
                    %stride: i32, %n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %tid = gpu.thread_id x
  %pid = gpu.block_id x
  %pid_i32 = arith.index_cast %pid : index to i32
  %row = arith.muli %pid_i32, %stride : i32
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c1024 step %c128 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %col = arith.addi %base, %j : index
      %col_i32 = arith.index_cast %col : index to i32
      %inside = arith.cmpi slt, %col_i32, %n : i32
      %offset = arith.addi %row, %col_i32 : i32
      %x = scf.if %inside -> (f32) {
        %i = arith.index_cast %offset : i32 to index
        %v = memref.load %in[%i] : memref<?xf32>
        scf.yield %v : f32
      } else {
        scf.yield %zero : f32
      }
      scf.if %inside {
        %i = arith.index_cast %offset : i32 to index
        memref.store %x, %out[%i] : memref<?xf32>
      }
    } {triton_spirv.contiguous_run}
  }
  return
}

// -----

// A lane-varying part that is not a multiple (the run starts one element
// past a multiple of 4) can never be aligned: no check, no copy.
// CHECK-LABEL: func.func @misaligned_run(
// CHECK-NOT:     arith.andi
// CHECK-NOT:     vector.load
// CHECK:         } {triton_spirv.contiguous_run}
func.func @misaligned_run(%in: memref<?xf32> {tt.divisibility = 16 : i32},
                          %out: memref<?xf32> {tt.divisibility = 16 : i32},
                          %stride: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %tid = gpu.thread_id x
  %pid = gpu.block_id x
  %pid_i32 = arith.index_cast %pid : index to i32
  %row = arith.muli %pid_i32, %stride : i32
  %first = arith.muli %tid, %c4 : index
  %shifted = arith.addi %first, %c1 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %col = arith.addi %shifted, %j : index
    %col_i32 = arith.index_cast %col : index to i32
    %offset = arith.addi %row, %col_i32 : i32
    %i = arith.index_cast %offset : i32 to index
    %v = memref.load %in[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<?xf32>
  } {triton_spirv.contiguous_run}
  return
}

// -----

// A tile staged from a matrix whose address was read from a table (a view of
// that address: no known alignment) at `row * ld` with `ld` loaded too. The
// loads carry tl.multiple_of's hint (16 bytes), so the run gets its vector
// copy without the option, guarded by a check of the address (8 bytes: 4
// f16) and of `ld` (a multiple of 4): the hint is a promise, the check keeps
// a wrong one harmless. Writing a tile retyped to vectors is no obstacle:
// the other copy keeps per-lane global loads and widens its tile stores.
// CHECK-LABEL: func.func @hinted_table_matrix(
// CHECK:         %[[ADDRESS:.*]] = memref.load %arg0
// CHECK:         %[[VIEW:.*]] = builtin.unrealized_conversion_cast %[[ADDRESS]] : i64 to memref<?xf16>
// CHECK:         %[[LD:.*]] = memref.load %arg1
// CHECK:         scf.for
// CHECK-DAG:       %[[ALOW:.*]] = arith.andi %[[ADDRESS]], %c7_i64 : i64
// CHECK-DAG:       %[[LDLOW:.*]] = arith.andi %[[LD]], %c3_i32 : i32
// CHECK:           scf.if
// CHECK:             vector.load %[[VIEW]][%{{.*}}] : memref<?xf16>, vector<4xf16>
// CHECK:             memref.store %{{.*}} : memref<16x8xvector<4xf16>, #spirv.storage_class<Workgroup>>
// CHECK:           } else {
// CHECK-COUNT-4:     memref.load %[[VIEW]]
// CHECK:             vector.from_elements
// CHECK:             memref.store %{{.*}} : memref<16x8xvector<4xf16>, #spirv.storage_class<Workgroup>>
// CHECK:           }
// Without the hint it stays per lane, also under the other RUN line.
// STATIC-LABEL: func.func @hinted_table_matrix(
// STATIC:         scf.if
// STATIC:           vector.load
// STATIC-LABEL: func.func @unhinted_table_matrix(
// STATIC-NOT:     vector.load
// STATIC:         return
func.func @hinted_table_matrix(%table: memref<?xi64> {tt.divisibility = 16 : i32},
                               %lds: memref<?xi32> {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %address = memref.load %table[%c0] : memref<?xi64>
  %matrix = builtin.unrealized_conversion_cast %address : i64 to memref<?xf16>
  %ld = memref.load %lds[%c0] : memref<?xi32>
  %tile = memref.alloc() : memref<16x32xf16, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c512 step %c128 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %flat = arith.addi %base, %j : index
      %col = arith.remui %flat, %c32 : index
      %row = arith.divui %flat, %c32 : index
      %row_i32 = arith.index_cast %row : index to i32
      %col_i32 = arith.index_cast %col : index to i32
      %row_offset = arith.muli %row_i32, %ld : i32
      %offset = arith.addi %row_offset, %col_i32 : i32
      %i = arith.index_cast %offset : i32 to index
      %x = memref.load %matrix[%i] {triton_spirv.hinted_alignment = 16 : i32} : memref<?xf16>
      memref.store %x, %tile[%row, %col] : memref<16x32xf16, #spirv.storage_class<Workgroup>>
    } {triton_spirv.contiguous_run}
  }
  return
}

func.func @unhinted_table_matrix(%table: memref<?xi64> {tt.divisibility = 16 : i32},
                                 %lds: memref<?xi32> {tt.divisibility = 16 : i32},
                                 %out: memref<?xf16> {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %address = memref.load %table[%c0] : memref<?xi64>
  %matrix = builtin.unrealized_conversion_cast %address : i64 to memref<?xf16>
  %ld = memref.load %lds[%c0] : memref<?xi32>
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c512 step %c128 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %flat = arith.addi %base, %j : index
      %col = arith.remui %flat, %c32 : index
      %row = arith.divui %flat, %c32 : index
      %row_i32 = arith.index_cast %row : index to i32
      %col_i32 = arith.index_cast %col : index to i32
      %row_offset = arith.muli %row_i32, %ld : i32
      %offset = arith.addi %row_offset, %col_i32 : i32
      %i = arith.index_cast %offset : i32 to index
      %x = memref.load %matrix[%i] : memref<?xf16>
      %flat_i32 = arith.index_cast %flat : index to i32
      %o = arith.index_cast %flat_i32 : i32 to index
      memref.store %x, %out[%o] : memref<?xf16>
    } {triton_spirv.contiguous_run}
  }
  return
}
