// RUN: triton-spirv-opt %s --split-input-file --lower-raw-pointers --triton-to-linalg | FileCheck %s

// An address read from a pointer table is a base of its own: a memref view
// of the address, read at element offsets like a pointer argument (no 64-bit
// address per element, no raw-address model for the kernel).
// CHECK-LABEL: func.func public @table_row
// CHECK-SAME:    (%[[TABLE:.*]]: memref<?xi64>, %[[OUT:.*]]: memref<?xf32>,
// CHECK:         %[[ADDRESS:.*]] = memref.load %[[TABLE]]
// CHECK:         %[[VIEW:.*]] = builtin.unrealized_conversion_cast %{{.*}} : i64 to memref<?xf32>
// CHECK:         linalg.generic
// CHECK:           memref.load %[[VIEW]][%{{.*}}] : memref<?xf32>
// CHECK-NOT:     llvm.load
tt.func public @table_row(%table: !tt.ptr<i64>, %out: !tt.ptr<f32>) {
  %address = tt.load %table : !tt.ptr<i64>
  %base = tt.int_to_ptr %address : i64 -> !tt.ptr<f32>
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %s = tt.splat %base : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %p = tt.addptr %s, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = tt.load %p : tensor<8x!tt.ptr<f32>>
  %o = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %op = tt.addptr %o, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %op, %v : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

// Atomics through such a base update its view.
// CHECK-LABEL: func.func public @table_atomic
// CHECK:         %[[VIEW:.*]] = builtin.unrealized_conversion_cast %{{.*}} : i64 to memref<?xi32>
// CHECK:         memref.generic_atomic_rmw %[[VIEW]][%{{.*}}] : memref<?xi32>
tt.func public @table_atomic(%table: !tt.ptr<i64>, %v: i32) {
  %address = tt.load %table : !tt.ptr<i64>
  %base = tt.int_to_ptr %address : i64 -> !tt.ptr<i32>
  %old = tt.atomic_rmw add, relaxed, gpu, %base, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

// A base defined in a branch does not dominate the access after it: the
// kernel takes the raw-address model.
// CHECK-LABEL: func.func public @base_in_branch
// CHECK:         llvm.load
tt.func public @base_in_branch(%table: !tt.ptr<i64>, %x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %c: i1) {
  %p = scf.if %c -> (!tt.ptr<f32>) {
    %address = tt.load %table : !tt.ptr<i64>
    %base = tt.int_to_ptr %address : i64 -> !tt.ptr<f32>
    scf.yield %base : !tt.ptr<f32>
  } else {
    %address = tt.load %table : !tt.ptr<i64>
    %base = tt.int_to_ptr %address : i64 -> !tt.ptr<f32>
    scf.yield %base : !tt.ptr<f32>
  }
  %v = tt.load %p : !tt.ptr<f32>
  tt.store %out, %v : !tt.ptr<f32>
  tt.return
}

// -----

// Storing a pointer stores its address: the raw-address model.
// CHECK-LABEL: func.func public @store_pointer
// CHECK:         llvm.store
tt.func public @store_pointer(%table: !tt.ptr<!tt.ptr<f32>>, %x: !tt.ptr<f32>) {
  tt.store %table, %x : !tt.ptr<!tt.ptr<f32>>
  tt.return
}
