// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg --verify-diagnostics
//
// Elementwise ops triton-to-linalg rejects, with the diagnostic it gives.

tt.func private @inline_asm(%x: tensor<128xi32>) -> tensor<128xi32> {
  // expected-error @+2 {{inline assembly (PTX) cannot run on SPIR-V targets}}
  // expected-error @+1 {{failed to legalize operation 'tt.elementwise_inline_asm'}}
  %y = tt.elementwise_inline_asm "shl.b32 $0, $1, 1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xi32> -> tensor<128xi32>
  tt.return %y : tensor<128xi32>
}

// -----

tt.func private @unknown_libdevice_function(%x: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+2 {{unsupported extern function '__nv_cyl_bessel_i0f' in tt.extern_elementwise}}
  // expected-error @+1 {{failed to legalize operation 'tt.extern_elementwise'}}
  %y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_cyl_bessel_i0f"} : (tensor<16xf32>) -> tensor<16xf32>
  tt.return %y : tensor<16xf32>
}

// -----

// f64 arithmetic rounded toward zero has no wider type to be computed in (the
// f32 forms are: extern-elementwise.mlir).
tt.func private @directed_rounding(%x: f64, %y: f64) -> f64 {
  // expected-error @+2 {{unsupported extern function '__nv_dadd_rz'}}
  // expected-error @+1 {{failed to legalize operation 'tt.extern_elementwise'}}
  %z = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_dadd_rz"} : (f64, f64) -> f64
  tt.return %z : f64
}

// -----

// Not a libdevice symbol at all.
tt.func private @not_libdevice(%x: f32) -> f32 {
  // expected-error @+2 {{unsupported extern function 'my_fn'}}
  // expected-error @+1 {{failed to legalize operation 'tt.extern_elementwise'}}
  %z = tt.extern_elementwise %x {libname = "mylib", libpath = "/x.bc", pure = true, symbol = "my_fn"} : (f32) -> f32
  tt.return %z : f32
}
