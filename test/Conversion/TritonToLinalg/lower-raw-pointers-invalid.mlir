// RUN: triton-spirv-opt %s --split-input-file --lower-raw-pointers --verify-diagnostics

tt.func public @atomic_at_raw_address(%addr: i64, %v: f32) {
  %p = tt.int_to_ptr %addr : i64 -> !tt.ptr<f32>
  // expected-error @below {{'tt.atomic_rmw' through raw addresses (pointers that do not trace to one kernel argument: chosen at run time between arguments, loaded from memory or made from integers) is not supported}}
  // expected-error @below {{failed to legalize operation 'tt.atomic_rmw'}}
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func public @compare_exchange_at_raw_address(%addr: i64, %c: i32, %v: i32) {
  %p = tt.int_to_ptr %addr : i64 -> !tt.ptr<i32>
  // expected-error @below {{'tt.atomic_cas' through raw addresses}}
  // expected-error @below {{failed to legalize operation 'tt.atomic_cas'}}
  %old = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}
