// RUN: triton-spirv-opt %s --lower-raw-pointers --verify-diagnostics

tt.func public @atomic_at_raw_address(%addr: i64, %v: f32) {
  %p = tt.int_to_ptr %addr : i64 -> !tt.ptr<f32>
  // expected-error @below {{atomics through raw addresses (pointers that do not trace to one kernel argument) are not supported}}
  // expected-error @below {{failed to legalize operation 'tt.atomic_rmw'}}
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}
