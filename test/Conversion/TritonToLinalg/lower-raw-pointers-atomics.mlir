// RUN: triton-spirv-opt %s --split-input-file --lower-raw-pointers | FileCheck %s

// Atomics through raw addresses keep their kind, ordering and mask; the
// pointer is the marked tt.int_to_ptr of the address.
// CHECK-LABEL: tt.func public @atomic_at_raw_address
// CHECK:         %[[P:.*]] = tt.int_to_ptr %{{.*}} {triton_spirv.raw_address} : i64 -> !tt.ptr<f32>
// CHECK:         tt.atomic_rmw fadd, acq_rel, gpu, %[[P]], %{{.*}} : (!tt.ptr<f32>, f32) -> f32
tt.func public @atomic_at_raw_address(%addr: i64, %v: f32) {
  %p = tt.int_to_ptr %addr : i64 -> !tt.ptr<f32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

// CHECK-LABEL: tt.func public @compare_exchange_at_raw_address
// CHECK:         %[[P:.*]] = tt.int_to_ptr %{{.*}} {triton_spirv.raw_address} : i64 -> !tt.ptr<i32>
// CHECK:         tt.atomic_cas relaxed, cta, %[[P]], %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
tt.func public @compare_exchange_at_raw_address(%addr: i64, %c: i32, %v: i32) {
  %p = tt.int_to_ptr %addr : i64 -> !tt.ptr<i32>
  %old = tt.atomic_cas relaxed, cta, %p, %c, %v : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}
