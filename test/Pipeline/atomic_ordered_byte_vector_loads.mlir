// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia num-warps=1 output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
//
// On NVIDIA a kernel whose ordered atomics synchronize through memory reads
// its global loads after those atomics atomically (OpAtomicOr with 0). Here a
// 16-byte block loaded after them (moved there from the fuzzer's program)
// as four bytes per invocation is a 32-bit vector, which reads as one i32 word
// bitcast to vector<4xi8> (it became a vector<1xi32>, not a SPIR-V type, and
// the compiler crashed). The kernel is fuzzer program 6100794 (`fuzz.py --only
// 6100794 --device spirv` on the H100), printed without locations.

// CHECK-LABEL: spirv.func @kernel
// CHECK:         %[[WORD:.*]] = spirv.AtomicOr <Device> <None> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// CHECK-NEXT:    spirv.Bitcast %[[WORD]] : i32 to vector<4xi8>

module {
  tt.func public @kernel(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg8: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg9: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg10: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg11: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg12: i32, %arg13: i32 {tt.divisibility = 16 : i32}, %arg14: i32, %arg15: i32 {tt.divisibility = 16 : i32}, %arg16: i32 {tt.divisibility = 16 : i32}, %arg17: i32 {tt.divisibility = 16 : i32}, %arg18: i32 {tt.divisibility = 16 : i32}, %arg19: i32, %arg20: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<31> : tensor<16xi32>
    %cst_0 = arith.constant dense<true> : tensor<16xi1>
    %cst_1 = arith.constant dense<3> : tensor<16xi32>
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %2 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<16x!tt.ptr<i8>>
    %3 = tt.addptr %2, %1 : tensor<16x!tt.ptr<i8>>, tensor<16xi32>
    %5 = tt.addptr %arg1, %0 : !tt.ptr<i8>, i32
    %6 = tt.load %5 : !tt.ptr<i8>
    %7 = tt.splat %arg2 : !tt.ptr<i8> -> tensor<16x!tt.ptr<i8>>
    %8 = tt.addptr %7, %1 : tensor<16x!tt.ptr<i8>>, tensor<16xi32>
    %9 = tt.load %8 : tensor<16x!tt.ptr<i8>>
    %10 = arith.uitofp %9 : tensor<16xi8> to tensor<16xf32>
    %11 = arith.andi %1, %cst_1 : tensor<16xi32>
    %12 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %13 = tt.addptr %12, %11 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %14 = tt.atomic_rmw fadd, acq_rel, gpu, %13, %10, %cst_0 : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
    %15 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %16 = tt.addptr %15, %11 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    %17 = tt.atomic_rmw add, acq_rel, gpu, %16, %11, %cst_0 : (tensor<16x!tt.ptr<i32>>, tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>
    %18 = tt.splat %arg6 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %19 = tt.addptr %18, %11 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    %20 = tt.atomic_rmw add, acq_rel, gpu, %19, %1, %cst_0 : (tensor<16x!tt.ptr<i32>>, tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>
    %21 = math.absi %1 : tensor<16xi32>
    %22 = arith.xori %11, %21 : tensor<16xi32>
    %23 = arith.muli %0, %arg16 : i32
    %24 = tt.splat %23 : i32 -> tensor<16xi32>
    %25 = arith.addi %24, %1 : tensor<16xi32>
    %26 = tt.splat %arg7 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %27 = tt.addptr %26, %25 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    tt.store %27, %22 : tensor<16x!tt.ptr<i32>>
    %28 = arith.maxsi %11, %cst_1 : tensor<16xi32>
    %29 = arith.cmpi sgt, %1, %cst_1 : tensor<16xi32>
    %30 = arith.select %29, %28, %cst_1 : tensor<16xi1>, tensor<16xi32>
    %31 = arith.andi %22, %cst : tensor<16xi32>
    %32 = arith.shrsi %28, %31 : tensor<16xi32>
    %33 = arith.muli %0, %arg17 : i32
    %34 = tt.splat %33 : i32 -> tensor<16xi32>
    %35 = arith.addi %34, %1 : tensor<16xi32>
    %36 = tt.splat %arg8 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %37 = tt.addptr %36, %35 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    tt.store %37, %30, %29 : tensor<16x!tt.ptr<i32>>
    %38 = tt.addptr %arg9, %0 : !tt.ptr<i8>, i32
    tt.store %38, %6 : !tt.ptr<i8>
    %39 = arith.muli %0, %arg18 : i32
    %40 = tt.splat %39 : i32 -> tensor<16xi32>
    %41 = arith.addi %40, %1 : tensor<16xi32>
    %42 = tt.splat %arg10 : !tt.ptr<i8> -> tensor<16x!tt.ptr<i8>>
    %43 = tt.addptr %42, %41 : tensor<16x!tt.ptr<i8>>, tensor<16xi32>
    %4 = tt.load %3 : tensor<16x!tt.ptr<i8>>
    tt.store %43, %4 : tensor<16x!tt.ptr<i8>>
    %44 = tt.splat %arg19 : i32 -> tensor<16xi32>
    %45 = arith.cmpi slt, %1, %44 : tensor<16xi32>
    %46 = arith.andi %29, %45 : tensor<16xi1>
    %47 = arith.muli %0, %arg20 : i32
    %48 = tt.splat %47 : i32 -> tensor<16xi32>
    %49 = arith.addi %48, %1 : tensor<16xi32>
    %50 = tt.splat %arg11 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %51 = tt.addptr %50, %49 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    tt.store %51, %32, %46 : tensor<16x!tt.ptr<i32>>
    tt.return
  }
}

