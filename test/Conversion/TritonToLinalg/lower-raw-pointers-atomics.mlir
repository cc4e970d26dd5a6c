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
