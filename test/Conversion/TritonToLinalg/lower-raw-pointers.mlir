// RUN: triton-spirv-opt %s --split-input-file --lower-raw-pointers | FileCheck %s

// A select between two arguments cannot be traced to one: every pointer of
// the kernel becomes its i64 byte address (addptr scales by 4 bytes), and
// the load reads through a marked tt.int_to_ptr of the address.
// CHECK-LABEL: tt.func public @select_between_arguments(
// CHECK-SAME:    %[[A:.*]]: !tt.ptr<f32>, %[[B:.*]]: !tt.ptr<f32>, %[[OUT:.*]]: !tt.ptr<f32>, %{{.*}}: i1) attributes {triton_spirv.raw_address}
// CHECK-DAG:     %[[AADDR:.*]] = tt.ptr_to_int %[[A]] {triton_spirv.raw_address} : !tt.ptr<f32> -> i64
// CHECK-DAG:     %[[BADDR:.*]] = tt.ptr_to_int %[[B]] {triton_spirv.raw_address} : !tt.ptr<f32> -> i64
// CHECK:         %[[ASPLAT:.*]] = tt.splat %[[AADDR]] : i64 -> tensor<16xi64>
// CHECK:         %[[FOUR:.*]] = tt.splat %{{.*}} : i64 -> tensor<16xi64>
// CHECK:         %[[BYTES:.*]] = arith.muli %{{.*}}, %[[FOUR]] : tensor<16xi64>
// CHECK:         %[[APTRS:.*]] = arith.addi %[[ASPLAT]], %[[BYTES]] : tensor<16xi64>
// CHECK:         %[[SEL:.*]] = arith.select %{{.*}}, %[[APTRS]], %{{.*}} : tensor<16xi1>, tensor<16xi64>
// CHECK:         %[[P:.*]] = tt.int_to_ptr %[[SEL]] {triton_spirv.raw_address} : tensor<16xi64> -> tensor<16x!tt.ptr<f32>>
// CHECK:         tt.load %[[P]] : tensor<16x!tt.ptr<f32>>
tt.func public @select_between_arguments(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %out: !tt.ptr<f32>, %c: i1) {
  %offs = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %sa = tt.splat %a : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %pa = tt.addptr %sa, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %sb = tt.splat %b : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %pb = tt.addptr %sb, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %cs = tt.splat %c : i1 -> tensor<16xi1>
  %p = arith.select %cs, %pa, %pb : tensor<16xi1>, tensor<16x!tt.ptr<f32>>
  %v = tt.load %p : tensor<16x!tt.ptr<f32>>
  %so = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %po = tt.addptr %so, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %po, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// A pointer loaded from memory (a table of addresses) and carried by a loop:
// the table is read as i64, the loop carries the address.
// CHECK-LABEL: tt.func public @pointer_table(
// CHECK:         %[[TABLE:.*]] = tt.int_to_ptr %{{.*}} {triton_spirv.raw_address} : i64 -> !tt.ptr<i64>
// CHECK:         %[[ADDR:.*]] = tt.load %[[TABLE]] : !tt.ptr<i64>
// CHECK:         scf.for %{{.*}} iter_args(%[[CUR:.*]] = %[[ADDR]], %{{.*}} = %{{.*}}) -> (i64, f32)
// CHECK:           %[[P:.*]] = tt.int_to_ptr %[[CUR]] {triton_spirv.raw_address} : i64 -> !tt.ptr<f32>
// CHECK:           tt.load %[[P]] : !tt.ptr<f32>
// CHECK:           arith.addi %[[CUR]], %{{.*}} : i64
tt.func public @pointer_table(%table: !tt.ptr<!tt.ptr<f32>>, %out: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant 0.0 : f32
  %first = tt.load %table : !tt.ptr<!tt.ptr<f32>>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %first, %acc = %zero) -> (!tt.ptr<f32>, f32) : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    %next = tt.addptr %p, %c1 : !tt.ptr<f32>, i32
    scf.yield %next, %s : !tt.ptr<f32>, f32
  }
  tt.store %out, %r#1 : !tt.ptr<f32>
  tt.return
}

// -----

// Kernels whose pointers all trace to one argument are left alone.
// CHECK-LABEL: tt.func public @traced(
// CHECK-NOT:     triton_spirv.raw_address
// CHECK:         tt.addptr
tt.func public @traced(%a: !tt.ptr<f32>) {
  %c1 = arith.constant 1 : i32
  %p = tt.addptr %a, %c1 : !tt.ptr<f32>, i32
  %v = tt.load %p : !tt.ptr<f32>
  tt.store %a, %v : !tt.ptr<f32>
  tt.return
}
