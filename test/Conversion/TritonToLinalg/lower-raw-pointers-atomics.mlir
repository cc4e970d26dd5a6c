// RUN: triton-spirv-opt %s --split-input-file --lower-raw-pointers | FileCheck %s

// Atomics through raw addresses keep their kind, ordering and mask; the
// pointer is the marked tt.int_to_ptr of the address.
// CHECK-LABEL: tt.func public @atomic_at_raw_address
// CHECK:         %[[P:.*]] = tt.int_to_ptr %{{.*}} {triton_spirv.raw_address} : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
// CHECK:         tt.atomic_rmw fadd, acq_rel, gpu, %[[P]], %{{.*}} : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
tt.func public @atomic_at_raw_address(%addr: tensor<4xi64>, %v: tensor<4xf32>) {
  %p = tt.int_to_ptr %addr : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func public @compare_exchange_at_raw_address
// CHECK:         %[[P:.*]] = tt.int_to_ptr %{{.*}} {triton_spirv.raw_address} : tensor<4xi64> -> tensor<4x!tt.ptr<i32>>
// CHECK:         tt.atomic_cas relaxed, cta, %[[P]], %{{.*}}, %{{.*}} : (tensor<4x!tt.ptr<i32>>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
tt.func public @compare_exchange_at_raw_address(%addr: tensor<4xi64>, %c: tensor<4xi32>, %v: tensor<4xi32>) {
  %p = tt.int_to_ptr %addr : tensor<4xi64> -> tensor<4x!tt.ptr<i32>>
  %old = tt.atomic_cas relaxed, cta, %p, %c, %v : (tensor<4x!tt.ptr<i32>>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  tt.return
}

// -----

// Triton 3.9's atomic loads, stores and polls alike; bools are read and
// written through i8 pointers (a bitcast of another width: raw addresses).
// CHECK-LABEL: tt.func public @triton39_atomics_at_raw_addresses
// CHECK:         %[[L:.*]] = tt.int_to_ptr %{{.*}} {triton_spirv.raw_address} : tensor<4xi64> -> tensor<4x!tt.ptr<i8>>
// CHECK:         tt.atomic_load acquire, gpu, %[[L]], %{{.*}} : (tensor<4x!tt.ptr<i8>>, tensor<4xi1>) -> tensor<4xi8>
// CHECK:         %[[S:.*]] = tt.int_to_ptr %{{.*}} {triton_spirv.raw_address} : tensor<4xi64> -> tensor<4x!tt.ptr<i8>>
// CHECK:         tt.atomic_store release, gpu, %[[S]], %{{.*}}, %{{.*}} : tensor<4x!tt.ptr<i8>>
// CHECK:         %[[F:.*]] = tt.int_to_ptr %{{.*}} {triton_spirv.raw_address} : i64 -> !tt.ptr<i32>
// CHECK:         tt.atomic_poll acquire, gpu, %[[F]], %{{.*}} : !tt.ptr<i32>, i32 -> i1
tt.func public @triton39_atomics_at_raw_addresses(%src: !tt.ptr<i1>, %dst: !tt.ptr<i1>, %addr: i64, %m: tensor<4xi1>) {
  %one = arith.constant 1 : i32
  %offs = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %ss = tt.splat %src : !tt.ptr<i1> -> tensor<4x!tt.ptr<i1>>
  %sp = tt.addptr %ss, %offs : tensor<4x!tt.ptr<i1>>, tensor<4xi32>
  %sb = tt.bitcast %sp : tensor<4x!tt.ptr<i1>> -> tensor<4x!tt.ptr<i8>>
  %v = tt.atomic_load acquire, gpu, %sb, %m : (tensor<4x!tt.ptr<i8>>, tensor<4xi1>) -> tensor<4xi8>
  %ds = tt.splat %dst : !tt.ptr<i1> -> tensor<4x!tt.ptr<i1>>
  %dp = tt.addptr %ds, %offs : tensor<4x!tt.ptr<i1>>, tensor<4xi32>
  %db = tt.bitcast %dp : tensor<4x!tt.ptr<i1>> -> tensor<4x!tt.ptr<i8>>
  tt.atomic_store release, gpu, %db, %v, %m : tensor<4x!tt.ptr<i8>>
  %flag = tt.int_to_ptr %addr : i64 -> !tt.ptr<i32>
  %ok = tt.atomic_poll acquire, gpu, %flag, %one : !tt.ptr<i32>, i32 -> i1
  tt.return
}
