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
