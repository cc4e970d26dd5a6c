// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// Kernel signatures: every !tt.ptr<T> argument becomes memref<?xT> (the
// memory from that address on; i1 is stored as i8), scalars stay, Triton's
// argument attributes stay, public kernels are marked triton_spirv.kernel.
// Program ids become gpu.block_id / gpu.grid_dim cast to i32.

// CHECK-LABEL: func.func public @signature(
// CHECK-SAME:    %{{.*}}: memref<?xf32> {tt.divisibility = 16 : i32},
// CHECK-SAME:    %{{.*}}: memref<?xi8>,
// CHECK-SAME:    %{{.*}}: memref<?xf16>,
// CHECK-SAME:    %{{.*}}: memref<?xi64>,
// CHECK-SAME:    %{{.*}}: i32 {tt.divisibility = 16 : i32},
// CHECK-SAME:    %{{.*}}: f32)
// CHECK-SAME:    attributes {triton_spirv.kernel}
// CHECK-NOT:     tt.
// CHECK:         return
tt.func public @signature(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                          %b: !tt.ptr<i1>, %c: !tt.ptr<f16>, %d: !tt.ptr<i64>,
                          %n: i32 {tt.divisibility = 16 : i32}, %x: f32) {
  tt.return
}

// -----

// A non-public function is not a kernel.
// CHECK-LABEL: func.func private @helper(
// CHECK-SAME:    %[[X:.*]]: i32) -> i32 {
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK:         %[[Y:.*]] = arith.addi %[[X]], %[[C1]] : i32
// CHECK:         return %[[Y]] : i32
tt.func private @helper(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  %y = arith.addi %x, %c : i32
  tt.return %y : i32
}

// -----

// CHECK-LABEL: func.func public @program_ids(
// CHECK-SAME:    %[[OUT:.*]]: memref<?xi32>)
// CHECK:         %[[BX:.*]] = gpu.block_id x
// CHECK:         %[[PX:.*]] = arith.index_cast %[[BX]] : index to i32
// CHECK:         %[[BY:.*]] = gpu.block_id y
// CHECK:         %[[PY:.*]] = arith.index_cast %[[BY]] : index to i32
// CHECK:         %[[BZ:.*]] = gpu.block_id z
// CHECK:         %[[PZ:.*]] = arith.index_cast %[[BZ]] : index to i32
// CHECK:         %[[GX:.*]] = gpu.grid_dim x
// CHECK:         %[[NX:.*]] = arith.index_cast %[[GX]] : index to i32
// CHECK:         %[[GZ:.*]] = gpu.grid_dim z
// CHECK:         %[[NZ:.*]] = arith.index_cast %[[GZ]] : index to i32
// CHECK:         %[[S0:.*]] = arith.addi %[[PX]], %[[PY]] : i32
// CHECK:         %[[S1:.*]] = arith.addi %[[S0]], %[[PZ]] : i32
// CHECK:         %[[S2:.*]] = arith.addi %[[S1]], %[[NX]] : i32
// CHECK:         %[[S3:.*]] = arith.addi %[[S2]], %[[NZ]] : i32
// CHECK:         memref.store %[[S3]], %[[OUT]][%{{.*}}] : memref<?xi32>
tt.func public @program_ids(%out: !tt.ptr<i32>) {
  %px = tt.get_program_id x : i32
  %py = tt.get_program_id y : i32
  %pz = tt.get_program_id z : i32
  %nx = tt.get_num_programs x : i32
  %nz = tt.get_num_programs z : i32
  %s0 = arith.addi %px, %py : i32
  %s1 = arith.addi %s0, %pz : i32
  %s2 = arith.addi %s1, %nx : i32
  %s3 = arith.addi %s2, %nz : i32
  tt.store %out, %s3 : !tt.ptr<i32>
  tt.return
}
