// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
//
// A noinline helper that returns from both branches of an `if` (several
// blocks, two tt.return): the inliner turns each return into a branch to the
// code after the call, and the kernel's branches are lifted to scf before
// the conversion, so the kernel compiles to one structured SPIR-V function.

// CHECK:       spirv.func @call_kernel()
// CHECK:         spirv.mlir.selection
// CHECK-NOT:     spirv.func @__main__
module {
  tt.func public @call_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i32) attributes {noinline = false} {
    %0 = tt.load %x_ptr : !tt.ptr<f32>
    %1 = tt.call @__main__.pick__fp32_i32__(%0, %flag) : (f32, i32) -> f32
    tt.store %y_ptr, %1 : !tt.ptr<f32>
    tt.return
  }
  tt.func private @__main__.pick__fp32_i32__(%x: f32, %flag: i32) -> f32 attributes {noinline = true} {
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %flag, %c0_i32 : i32
    cf.cond_br %0, ^bb1, ^bb2
  ^bb1:
    %cst = arith.constant 1.000000e+00 : f32
    %1 = arith.addf %x, %cst : f32
    tt.return %1 : f32
  ^bb2:
    %cst_0 = arith.constant 1.000000e+00 : f32
    %2 = arith.subf %x, %cst_0 : f32
    tt.return %2 : f32
  }
}
