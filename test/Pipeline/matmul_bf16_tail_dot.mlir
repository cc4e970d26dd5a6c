// REQUIRES: spirv-val-cooperative-matrix
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.3 %t.spv
//
// test_dot_chains.py's matmul_with_tail_dot_kernel on bf16 (TTIR from Triton 3.6): a K loop's
// dot, then a masked tail dot after the loop into the same accumulator. Both multiply bf16
// matrices: the tail's fragment loads, rebuilt by fold-memref-alias-ops without attributes,
// once lost the bf16 marker and multiplied bf16 bits as f16. The marker now rides on the
// multiply-adds and reaches the loads at convert-kernel-to-spirv.
// CHECK:     spirv.module
// CHECK-NOT: coopmatrix<16x16xf16
// CHECK:     spirv.KHR.CooperativeMatrixMulAdd {{.*}} : !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB>
// CHECK-NOT: coopmatrix<16x16xf16

module {
  tt.func public @matmul_with_tail_dot_kernel(%arg0: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xbf16>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x32xbf16>
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x32xf32>
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %3 = tt.splat %1 : i32 -> tensor<64xi32>
    %4 = arith.addi %3, %2 : tensor<64xi32>
    %5 = tt.get_program_id y : i32
    %6 = arith.muli %5, %c32_i32 : i32
    %7 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %8 = tt.splat %6 : i32 -> tensor<32xi32>
    %9 = arith.addi %8, %7 : tensor<32xi32>
    %10 = tt.splat %arg3 : i32 -> tensor<64xi32>
    %11 = arith.remsi %4, %10 : tensor<64xi32>
    %12 = tt.splat %arg4 : i32 -> tensor<32xi32>
    %13 = arith.remsi %9, %12 : tensor<32xi32>
    %14 = arith.divsi %arg5, %c32_i32 : i32
    %15 = arith.muli %14, %c32_i32 : i32
    %16 = scf.for %arg6 = %c0_i32 to %15 step %c32_i32 iter_args(%arg7 = %cst_1) -> (tensor<64x32xf32>)  : i32 {
      %63 = tt.splat %arg6 : i32 -> tensor<32xi32>
      %64 = arith.addi %63, %7 : tensor<32xi32>
      %65 = tt.expand_dims %11 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %66 = tt.splat %arg5 : i32 -> tensor<64x1xi32>
      %67 = arith.muli %65, %66 : tensor<64x1xi32>
      %68 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<64x1x!tt.ptr<bf16>>
      %69 = tt.addptr %68, %67 : tensor<64x1x!tt.ptr<bf16>>, tensor<64x1xi32>
      %70 = tt.expand_dims %64 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %71 = tt.broadcast %69 : tensor<64x1x!tt.ptr<bf16>> -> tensor<64x32x!tt.ptr<bf16>>
      %72 = tt.broadcast %70 : tensor<1x32xi32> -> tensor<64x32xi32>
      %73 = tt.addptr %71, %72 : tensor<64x32x!tt.ptr<bf16>>, tensor<64x32xi32>
      %74 = tt.load %73 : tensor<64x32x!tt.ptr<bf16>>
      %75 = tt.expand_dims %64 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %76 = tt.splat %arg4 : i32 -> tensor<32x1xi32>
      %77 = arith.muli %75, %76 : tensor<32x1xi32>
      %78 = tt.splat %arg1 : !tt.ptr<bf16> -> tensor<32x1x!tt.ptr<bf16>>
      %79 = tt.addptr %78, %77 : tensor<32x1x!tt.ptr<bf16>>, tensor<32x1xi32>
      %80 = tt.expand_dims %13 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %81 = tt.broadcast %79 : tensor<32x1x!tt.ptr<bf16>> -> tensor<32x32x!tt.ptr<bf16>>
      %82 = tt.broadcast %80 : tensor<1x32xi32> -> tensor<32x32xi32>
      %83 = tt.addptr %81, %82 : tensor<32x32x!tt.ptr<bf16>>, tensor<32x32xi32>
      %84 = tt.load %83 : tensor<32x32x!tt.ptr<bf16>>
      %85 = tt.dot %74, %84, %arg7, inputPrecision = tf32 : tensor<64x32xbf16> * tensor<32x32xbf16> -> tensor<64x32xf32>
      scf.yield %85 : tensor<64x32xf32>
    }
    %17 = tt.splat %15 : i32 -> tensor<32xi32>
    %18 = arith.addi %17, %7 : tensor<32xi32>
    %19 = tt.expand_dims %18 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %20 = tt.splat %arg5 : i32 -> tensor<1x32xi32>
    %21 = arith.cmpi slt, %19, %20 : tensor<1x32xi32>
    %22 = tt.expand_dims %11 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %23 = tt.splat %arg5 : i32 -> tensor<64x1xi32>
    %24 = arith.muli %22, %23 : tensor<64x1xi32>
    %25 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<64x1x!tt.ptr<bf16>>
    %26 = tt.addptr %25, %24 : tensor<64x1x!tt.ptr<bf16>>, tensor<64x1xi32>
    %27 = tt.broadcast %26 : tensor<64x1x!tt.ptr<bf16>> -> tensor<64x32x!tt.ptr<bf16>>
    %28 = tt.broadcast %19 : tensor<1x32xi32> -> tensor<64x32xi32>
    %29 = tt.addptr %27, %28 : tensor<64x32x!tt.ptr<bf16>>, tensor<64x32xi32>
    %30 = tt.broadcast %21 : tensor<1x32xi1> -> tensor<64x32xi1>
    %31 = tt.load %29, %30, %cst_0 : tensor<64x32x!tt.ptr<bf16>>
    %32 = tt.expand_dims %18 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %33 = tt.splat %arg5 : i32 -> tensor<32x1xi32>
    %34 = arith.cmpi slt, %32, %33 : tensor<32x1xi32>
    %35 = tt.splat %arg4 : i32 -> tensor<32x1xi32>
    %36 = arith.muli %32, %35 : tensor<32x1xi32>
    %37 = tt.splat %arg1 : !tt.ptr<bf16> -> tensor<32x1x!tt.ptr<bf16>>
    %38 = tt.addptr %37, %36 : tensor<32x1x!tt.ptr<bf16>>, tensor<32x1xi32>
    %39 = tt.expand_dims %13 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %40 = tt.broadcast %38 : tensor<32x1x!tt.ptr<bf16>> -> tensor<32x32x!tt.ptr<bf16>>
    %41 = tt.broadcast %39 : tensor<1x32xi32> -> tensor<32x32xi32>
    %42 = tt.addptr %40, %41 : tensor<32x32x!tt.ptr<bf16>>, tensor<32x32xi32>
    %43 = tt.broadcast %34 : tensor<32x1xi1> -> tensor<32x32xi1>
    %44 = tt.load %42, %43, %cst : tensor<32x32x!tt.ptr<bf16>>
    %45 = tt.dot %31, %44, %16, inputPrecision = tf32 : tensor<64x32xbf16> * tensor<32x32xbf16> -> tensor<64x32xf32>
    %46 = tt.expand_dims %4 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %47 = tt.splat %arg3 : i32 -> tensor<64x1xi32>
    %48 = arith.cmpi slt, %46, %47 : tensor<64x1xi32>
    %49 = tt.expand_dims %9 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %50 = tt.splat %arg4 : i32 -> tensor<1x32xi32>
    %51 = arith.cmpi slt, %49, %50 : tensor<1x32xi32>
    %52 = tt.broadcast %48 : tensor<64x1xi1> -> tensor<64x32xi1>
    %53 = tt.broadcast %51 : tensor<1x32xi1> -> tensor<64x32xi1>
    %54 = arith.andi %52, %53 : tensor<64x32xi1>
    %55 = tt.splat %arg4 : i32 -> tensor<64x1xi32>
    %56 = arith.muli %46, %55 : tensor<64x1xi32>
    %57 = tt.splat %arg2 : !tt.ptr<bf16> -> tensor<64x1x!tt.ptr<bf16>>
    %58 = tt.addptr %57, %56 : tensor<64x1x!tt.ptr<bf16>>, tensor<64x1xi32>
    %59 = tt.broadcast %58 : tensor<64x1x!tt.ptr<bf16>> -> tensor<64x32x!tt.ptr<bf16>>
    %60 = tt.broadcast %49 : tensor<1x32xi32> -> tensor<64x32xi32>
    %61 = tt.addptr %59, %60 : tensor<64x32x!tt.ptr<bf16>>, tensor<64x32xi32>
    %62 = arith.truncf %45 : tensor<64x32xf32> to tensor<64x32xbf16>
    tt.store %61, %62, %54 : tensor<64x32x!tt.ptr<bf16>>
    tt.return
  }
}

