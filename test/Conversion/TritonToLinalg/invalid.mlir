// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg --verify-diagnostics
//
// What triton-to-linalg rejects, with the diagnostic it gives.

// A pointer that may come from either of two kernel arguments has no single
// base memref.
tt.func public @select_between_arguments(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %k: i32) {
  %c0 = arith.constant 0 : i32
  %cond = arith.cmpi sgt, %k, %c0 : i32
  %p = arith.select %cond, %a, %b : !tt.ptr<f32>
  // expected-error @+1 {{triton-to-linalg: cannot trace this pointer to a single kernel pointer argument}}
  %v = tt.load %p : !tt.ptr<f32>
  tt.store %a, %v : !tt.ptr<f32>
  tt.return
}

// -----

tt.func public @select_between_arguments_tensor(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %m: tensor<16xi1>) {
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %p = arith.select %m, %pa, %pb : tensor<16xi1>, tensor<16x!tt.ptr<f32>>
  %v = tt.load %pa : tensor<16x!tt.ptr<f32>>
  // expected-error @+1 {{cannot trace this pointer}}
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func public @int_to_ptr_tensor_store(%x: tensor<64xi64>, %v: tensor<64xf32>) {
  %p = tt.int_to_ptr %x : tensor<64xi64> -> tensor<64x!tt.ptr<f32>>
  // expected-error @+1 {{cannot trace this pointer}}
  tt.store %p, %v : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A bitcast that changes the element size would make element offsets wrong.
tt.func public @bitcast_changes_element_size(%a: !tt.ptr<i32>) {
  %p = tt.bitcast %a : !tt.ptr<i32> -> !tt.ptr<f16>
  // expected-error @+1 {{cannot trace this pointer}}
  %v = tt.load %p : !tt.ptr<f16>
  tt.return
}

// -----

// Debug records need the kernel's debug buffer: a function Triton did not
// inline cannot print or assert.
// expected-error @+1 {{tt.print/tt.assert in a non-inlined function are not supported}}
tt.func private @device_assert(%c: tensor<64xi1>) {
  tt.assert %c, "boom" : tensor<64xi1>
  tt.return
}

// -----

tt.func public @atomic_rmw_i8(%a: !tt.ptr<i8>, %x: i8) {
  // expected-error @+2 {{atomics on 'i8' are not supported (16/32/64-bit only)}}
  // expected-error @+1 {{failed to legalize operation 'tt.atomic_rmw'}}
  %old = tt.atomic_rmw add, acq_rel, gpu, %a, %x : (!tt.ptr<i8>, i8) -> i8
  tt.return
}

// -----

// Block pointers as kernel arguments are rejected (the pattern's own message,
// then the conversion's).
// expected-error @+2 {{triton-to-linalg: block pointers as kernel arguments are not supported}}
// expected-error @+1 {{failed to legalize operation 'tt.func'}}
tt.func public @block_pointer_argument(%a: !tt.ptr<tensor<16xf32>>) {
  tt.return
}

// -----

// Triton 3.9's atomic_poll with timeout_ns: Vulkan has no nanosecond clock in
// shaders.
tt.func public @poll_with_timeout(%flag: !tt.ptr<i32>, %t: i64) {
  %one = arith.constant 1 : i32
  // expected-error @+2 {{'tt.atomic_poll' with timeout_ns is not supported: Vulkan gives shaders no nanosecond clock (poll without a timeout)}}
  // expected-error @+1 {{failed to legalize operation 'tt.atomic_poll'}}
  %ok = tt.atomic_poll acquire, gpu, %flag, %one timeout %t : !tt.ptr<i32>, i32 -> i1
  tt.return
}
