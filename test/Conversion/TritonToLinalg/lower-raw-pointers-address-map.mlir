// RUN: triton-spirv-opt %s --split-input-file --lower-raw-pointers | FileCheck %s

// An address read from memory (a pointer table) may be the caller's (a CUDA
// address on the cuda route): the kernel gets an address map and its row
// count as trailing arguments and translates the address through it before
// the load.
// CHECK-LABEL: tt.func public @pointer_table
// CHECK-SAME:    %[[MAP:[a-z0-9]+]]: !tt.ptr<i64> {triton_spirv.address_map}
// CHECK-SAME:    %[[ROWS:[a-z0-9]+]]: i32 {triton_spirv.address_map_rows}
// CHECK:         %[[READ:.*]] = tt.load %{{.*}} : !tt.ptr<i64>
// CHECK:         %[[MOVED:.*]] = scf.for %{{.*}} = %{{.*}} to %[[ROWS]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[READ]]) -> (i64)
// CHECK:           arith.cmpi ult
// CHECK:           arith.select %{{.*}}, %{{.*}}, %[[ACC]] : i64
// CHECK:         tt.int_to_ptr %[[MOVED]] {triton_spirv.raw_address} : i64 -> !tt.ptr<f32>
tt.func public @pointer_table(%table: !tt.ptr<i64>, %out: !tt.ptr<f32>) {
  %address = tt.load %table : !tt.ptr<i64>
  %p = tt.int_to_ptr %address : i64 -> !tt.ptr<f32>
  %v = tt.load %p : !tt.ptr<f32>
  tt.store %out, %v : !tt.ptr<f32>
  tt.return
}

// -----

// An address computed from the kernel's own pointer is Vulkan's already: no
// map, no translation.
// CHECK-LABEL: tt.func public @round_trip
// CHECK-NOT:     triton_spirv.address_map
// CHECK-NOT:     scf.for
tt.func public @round_trip(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %a = tt.ptr_to_int %in : !tt.ptr<f32> -> i64
  %c8 = arith.constant 8 : i64
  %b = arith.addi %a, %c8 : i64
  %p = tt.int_to_ptr %b : i64 -> !tt.ptr<f32>
  %v = tt.load %p : !tt.ptr<f32>
  tt.store %out, %v : !tt.ptr<f32>
  tt.return
}
