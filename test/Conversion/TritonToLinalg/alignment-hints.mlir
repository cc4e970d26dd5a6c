// RUN: triton-spirv-opt %s --triton-to-linalg | FileCheck %s

// tl.multiple_of on tensors of pointers: `tt.divisibility` on the op that
// defines them (here the store's pointers) and `tt.divisibility_argN` on the
// scf.for that carries them (here the load's, block argument 1). Each access
// keeps its last dimension's hint in bytes as triton_spirv.hinted_alignment;
// a load whose pointers carry none gets none.
// CHECK-LABEL: func.func public @hinted(
// CHECK:         scf.for
// CHECK:           memref.load %{{.*}} {triton_spirv.hinted_alignment = 16 : i32} : memref<?xf16>
// CHECK:           memref.load %arg1[%{{.*}}] : memref<?xf16>
// CHECK:         memref.store %{{.*}} {triton_spirv.hinted_alignment = 8 : i32} : memref<?xf16>
tt.func public @hinted(%src: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %other: !tt.ptr<f16>,
                       %dst: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %ld: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = arith.constant dense<16> : tensor<4x16xi32>
  %zero = arith.constant dense<0.0> : tensor<4x16xf16>
  %rows = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %cols = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %r = tt.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %lds = tt.splat %ld : i32 -> tensor<4x1xi32>
  %row_offsets = arith.muli %r, %lds : tensor<4x1xi32>
  %rb = tt.broadcast %row_offsets : tensor<4x1xi32> -> tensor<4x16xi32>
  %c = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %cb = tt.broadcast %c : tensor<1x16xi32> -> tensor<4x16xi32>
  %offsets = arith.addi %rb, %cb : tensor<4x16xi32>
  %src_base = tt.splat %src : !tt.ptr<f16> -> tensor<4x16x!tt.ptr<f16>>
  %src_ptrs = tt.addptr %src_base, %offsets : tensor<4x16x!tt.ptr<f16>>, tensor<4x16xi32>
  %other_base = tt.splat %other : !tt.ptr<f16> -> tensor<4x16x!tt.ptr<f16>>
  %other_ptrs = tt.addptr %other_base, %offsets : tensor<4x16x!tt.ptr<f16>>, tensor<4x16xi32>
  %sum:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptrs = %src_ptrs, %acc = %zero) -> (tensor<4x16x!tt.ptr<f16>>, tensor<4x16xf16>) : i32 {
    %x = tt.load %ptrs : tensor<4x16x!tt.ptr<f16>>
    %y = tt.load %other_ptrs : tensor<4x16x!tt.ptr<f16>>
    %xy = arith.addf %x, %y : tensor<4x16xf16>
    %next_acc = arith.addf %acc, %xy : tensor<4x16xf16>
    %next = tt.addptr %ptrs, %step : tensor<4x16x!tt.ptr<f16>>, tensor<4x16xi32>
    scf.yield %next, %next_acc : tensor<4x16x!tt.ptr<f16>>, tensor<4x16xf16>
  } {tt.divisibility_arg1 = dense<16> : tensor<2xi32>}
  %dst_base = tt.splat %dst : !tt.ptr<f16> -> tensor<4x16x!tt.ptr<f16>>
  %dst_ptrs = tt.addptr %dst_base, %offsets {tt.divisibility = dense<[16, 8]> : tensor<2xi32>} : tensor<4x16x!tt.ptr<f16>>, tensor<4x16xi32>
  tt.store %dst_ptrs, %sum#1 : tensor<4x16x!tt.ptr<f16>>
  tt.return
}
