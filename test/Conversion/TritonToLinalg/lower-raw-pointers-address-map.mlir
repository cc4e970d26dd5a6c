// RUN: triton-spirv-opt %s --split-input-file --lower-raw-pointers | FileCheck %s

// An address read from memory (a pointer table) may be the caller's (a CUDA
// address on the cuda route): the kernel gets an address map and its row
// count as trailing arguments and translates the address through it before
// the load. The kernel's pointers all trace to a base (the int_to_ptr is one
// of its own), so it keeps the pointer model.
// CHECK-LABEL: tt.func public @pointer_table
// CHECK-SAME:    %[[MAP:[a-z0-9]+]]: !tt.ptr<i64> {triton_spirv.address_map}
// CHECK-SAME:    %[[ROWS:[a-z0-9]+]]: i32 {triton_spirv.address_map_rows}
// CHECK:         %[[READ:.*]] = tt.load %{{.*}} : !tt.ptr<i64>
// CHECK:         %[[MOVED:.*]] = scf.for %{{.*}} = %{{.*}} to %[[ROWS]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[READ]]) -> (i64)
// CHECK:           arith.cmpi ult
// CHECK:           arith.select %{{.*}}, %{{.*}}, %[[ACC]] : i64
// CHECK:         tt.int_to_ptr %[[MOVED]] : i64 -> !tt.ptr<f32>
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

// -----

// A kernel that goes raw (a tensor of addresses) translates the same way.
// CHECK-LABEL: tt.func public @address_tensor
// CHECK-SAME:    {triton_spirv.address_map}
// CHECK:         scf.for
// CHECK:         tt.int_to_ptr %{{.*}} {triton_spirv.raw_address} : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
tt.func public @address_tensor(%table: !tt.ptr<i64>, %out: !tt.ptr<f32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %t = tt.splat %table : !tt.ptr<i64> -> tensor<4x!tt.ptr<i64>>
  %tp = tt.addptr %t, %r : tensor<4x!tt.ptr<i64>>, tensor<4xi32>
  %addresses = tt.load %tp : tensor<4x!tt.ptr<i64>>
  %p = tt.int_to_ptr %addresses : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
  %v = tt.load %p : tensor<4x!tt.ptr<f32>>
  %o = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %op = tt.addptr %o, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %op, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}
