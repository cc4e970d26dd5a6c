// RUN: triton-spirv-opt %s --split-input-file --lower-tensor-descriptors --verify-diagnostics

tt.func public @increment(%p: !tt.ptr<i32>, %m: i32, %v: tensor<16xi32>) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %d = tt.make_tensor_descriptor %p, [%m], [%c1] : <i32>, <tensor<16xi32>>
  // expected-error @below {{descriptor_reduce inc has no atomic equivalent on SPIR-V targets}}
  tt.descriptor_reduce inc, %d[%c0], %v : !tt.tensordesc<tensor<16xi32>>, tensor<16xi32>
  tt.return
}

// -----

tt.func public @carried(%p: !tt.ptr<f32>, %m: i32, %c: i1) -> tensor<16xf32> {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %a = tt.make_tensor_descriptor %p, [%m], [%c1] : <f32>, <tensor<16xf32>>
  %b = tt.make_tensor_descriptor %p, [%c0], [%c1] : <f32>, <tensor<16xf32>>
  %d = arith.select %c, %a, %b : !tt.tensordesc<tensor<16xf32>>
  // expected-error @below {{tensor descriptor must come from tt.make_tensor_descriptor or be a kernel argument}}
  %v = tt.descriptor_load %d[%c0] : !tt.tensordesc<tensor<16xf32>> -> tensor<16xf32>
  tt.return %v : tensor<16xf32>
}
