// REQUIRES: spirv-val-cooperative-matrix
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia num-warps=8 output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.3 %t.spv
//
// test/python/e2e/kernels.py's matmul_kernel with bf16 A, B and C at 128x128x32, num_warps=8
// (TTIR from Triton 3.6). The epilogue's f32 -> bf16 rounding vectorizes, so the epilogue runs
// fragment by fragment (8 KiB of workgroup memory) instead of keeping the 64 KiB C tile, and
// the double-buffered A/B tiles fit the 48 KiB: nothing is moved to global scratch (no scratch
// argument, no barrier over device memory). bf16 bits live in f16 memory on this profile (the
// driver moves i16 data slowly): no i16 buffers, 8-byte f16 vector stores of the result.
// CHECK:     spirv.GlobalVariable @__triton_spirv_args_matmul_kernel : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i32 [24], i32 [28], i32 [32], i32 [36], i32 [40], i32 [44])>, PushConstant>
// CHECK-NOT: rtarray<i16
// CHECK-NOT: UniformMemory
// CHECK:     spirv.KHR.CooperativeMatrixMulAdd {{.*}} : !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NOT: UniformMemory
// CHECK:     spirv.KHR.CooperativeMatrixStore
// CHECK-NOT: UniformMemory
// CHECK:     spirv.Store "PhysicalStorageBuffer" {{.*}} ["Aligned", 8] : vector<4xf16>
// CHECK-NOT: rtarray<i16
// CHECK-NOT: UniformMemory

module {
  tt.func public @matmul_kernel(%arg0: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c31_i32 = arith.constant 31 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x128xbf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x32xbf16>
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant dense<32> : tensor<128x32xi32>
    %c32_i32 = arith.constant 32 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %4 = tt.splat %2 : i32 -> tensor<128xi32>
    %5 = arith.addi %4, %3 : tensor<128xi32>
    %6 = arith.muli %1, %c128_i32 : i32
    %7 = tt.splat %6 : i32 -> tensor<128xi32>
    %8 = arith.addi %7, %3 : tensor<128xi32>
    %9 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %10 = tt.expand_dims %5 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %11 = tt.splat %arg6 : i32 -> tensor<128x1xi32>
    %12 = arith.muli %10, %11 : tensor<128x1xi32>
    %13 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<128x1x!tt.ptr<bf16>>
    %14 = tt.addptr %13, %12 : tensor<128x1x!tt.ptr<bf16>>, tensor<128x1xi32>
    %15 = tt.expand_dims %9 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %16 = tt.broadcast %14 : tensor<128x1x!tt.ptr<bf16>> -> tensor<128x32x!tt.ptr<bf16>>
    %17 = tt.broadcast %15 : tensor<1x32xi32> -> tensor<128x32xi32>
    %18 = tt.addptr %16, %17 : tensor<128x32x!tt.ptr<bf16>>, tensor<128x32xi32>
    %19 = tt.expand_dims %9 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %20 = tt.splat %arg7 : i32 -> tensor<32x1xi32>
    %21 = arith.muli %19, %20 : tensor<32x1xi32>
    %22 = tt.splat %arg1 : !tt.ptr<bf16> -> tensor<32x1x!tt.ptr<bf16>>
    %23 = tt.addptr %22, %21 : tensor<32x1x!tt.ptr<bf16>>, tensor<32x1xi32>
    %24 = tt.expand_dims %8 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %25 = tt.broadcast %23 : tensor<32x1x!tt.ptr<bf16>> -> tensor<32x128x!tt.ptr<bf16>>
    %26 = tt.broadcast %24 : tensor<1x128xi32> -> tensor<32x128xi32>
    %27 = tt.addptr %25, %26 : tensor<32x128x!tt.ptr<bf16>>, tensor<32x128xi32>
    %28 = arith.addi %arg5, %c31_i32 : i32
    %29 = arith.divsi %28, %c32_i32 : i32
    %30:3 = scf.for %arg9 = %c0_i32 to %29 step %c1_i32 iter_args(%arg10 = %18, %arg11 = %27, %arg12 = %cst) -> (tensor<128x32x!tt.ptr<bf16>>, tensor<32x128x!tt.ptr<bf16>>, tensor<128x128xf32>)  : i32 {
      %46 = arith.muli %arg9, %c32_i32 : i32
      %47 = arith.subi %arg5, %46 : i32
      %48 = tt.splat %arg3 : i32 -> tensor<128x1xi32>
      %49 = arith.cmpi slt, %10, %48 : tensor<128x1xi32>
      %50 = tt.splat %47 : i32 -> tensor<1x32xi32>
      %51 = arith.cmpi slt, %15, %50 : tensor<1x32xi32>
      %52 = tt.broadcast %49 : tensor<128x1xi1> -> tensor<128x32xi1>
      %53 = tt.broadcast %51 : tensor<1x32xi1> -> tensor<128x32xi1>
      %54 = arith.andi %52, %53 : tensor<128x32xi1>
      %55 = tt.load %arg10, %54, %cst_1 : tensor<128x32x!tt.ptr<bf16>>
      %56 = tt.splat %47 : i32 -> tensor<32x1xi32>
      %57 = arith.cmpi slt, %19, %56 : tensor<32x1xi32>
      %58 = tt.splat %arg4 : i32 -> tensor<1x128xi32>
      %59 = arith.cmpi slt, %24, %58 : tensor<1x128xi32>
      %60 = tt.broadcast %57 : tensor<32x1xi1> -> tensor<32x128xi1>
      %61 = tt.broadcast %59 : tensor<1x128xi1> -> tensor<32x128xi1>
      %62 = arith.andi %60, %61 : tensor<32x128xi1>
      %63 = tt.load %arg11, %62, %cst_0 : tensor<32x128x!tt.ptr<bf16>>
      %64 = tt.dot %55, %63, %arg12 : tensor<128x32xbf16> * tensor<32x128xbf16> -> tensor<128x128xf32>
      %65 = tt.addptr %arg10, %cst_2 : tensor<128x32x!tt.ptr<bf16>>, tensor<128x32xi32>
      %66 = arith.muli %arg7, %c32_i32 : i32
      %67 = tt.splat %66 : i32 -> tensor<32x128xi32>
      %68 = tt.addptr %arg11, %67 : tensor<32x128x!tt.ptr<bf16>>, tensor<32x128xi32>
      scf.yield %65, %68, %64 : tensor<128x32x!tt.ptr<bf16>>, tensor<32x128x!tt.ptr<bf16>>, tensor<128x128xf32>
    }
    %31 = tt.splat %arg8 : i32 -> tensor<128x1xi32>
    %32 = arith.muli %10, %31 : tensor<128x1xi32>
    %33 = tt.splat %arg2 : !tt.ptr<bf16> -> tensor<128x1x!tt.ptr<bf16>>
    %34 = tt.addptr %33, %32 : tensor<128x1x!tt.ptr<bf16>>, tensor<128x1xi32>
    %35 = tt.broadcast %34 : tensor<128x1x!tt.ptr<bf16>> -> tensor<128x128x!tt.ptr<bf16>>
    %36 = tt.broadcast %24 : tensor<1x128xi32> -> tensor<128x128xi32>
    %37 = tt.addptr %35, %36 : tensor<128x128x!tt.ptr<bf16>>, tensor<128x128xi32>
    %38 = tt.splat %arg3 : i32 -> tensor<128x1xi32>
    %39 = arith.cmpi slt, %10, %38 : tensor<128x1xi32>
    %40 = tt.splat %arg4 : i32 -> tensor<1x128xi32>
    %41 = arith.cmpi slt, %24, %40 : tensor<1x128xi32>
    %42 = tt.broadcast %39 : tensor<128x1xi1> -> tensor<128x128xi1>
    %43 = tt.broadcast %41 : tensor<1x128xi1> -> tensor<128x128xi1>
    %44 = arith.andi %42, %43 : tensor<128x128xi1>
    %45 = arith.truncf %30#2 : tensor<128x128xf32> to tensor<128x128xbf16>
    tt.store %37, %45, %44 : tensor<128x128x!tt.ptr<bf16>>
    tt.return
  }
}

