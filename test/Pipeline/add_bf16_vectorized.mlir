// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=lavapipe num-warps=4" | FileCheck %s --check-prefix=LAVAPIPE
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia num-warps=4" | FileCheck %s --check-prefix=NVIDIA
//
// Vector add on bf16 data (test/python/e2e/kernels.py's add_kernel, TTIR from Triton 3.6):
// bf16 memory holds 16-bit bits before vectorizing, so the runs of 4 vectorize, bf16
// arithmetic included: one 8-byte access per operand and run, as one i64 on lavapipe and as
// 4 x f16 on NVIDIA (the container its profile keeps bf16 bits in).
// LAVAPIPE-COUNT-2: spirv.Load "PhysicalStorageBuffer" {{.*}} ["Aligned", 8] : i64
// LAVAPIPE:         spirv.Store "PhysicalStorageBuffer" {{.*}} ["Aligned", 8] : i64
// NVIDIA-COUNT-2:   spirv.Load "PhysicalStorageBuffer" {{.*}} ["Aligned", 8] : vector<4xf16>
// NVIDIA:           spirv.Store "PhysicalStorageBuffer" {{.*}} ["Aligned", 8] : vector<4xf16>
// NVIDIA-NOT:       rtarray<i16

module {
  tt.func public @add_kernel(%arg0: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %3 = tt.splat %1 : i32 -> tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tt.splat %arg3 : i32 -> tensor<1024xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32>
    %7 = tt.splat %arg0 : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>>
    %8 = tt.addptr %7, %4 : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %9 = tt.load %8, %6 : tensor<1024x!tt.ptr<bf16>>
    %10 = tt.splat %arg1 : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>>
    %11 = tt.addptr %10, %4 : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %12 = tt.load %11, %6 : tensor<1024x!tt.ptr<bf16>>
    %13 = tt.splat %arg2 : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>>
    %14 = tt.addptr %13, %4 : tensor<1024x!tt.ptr<bf16>>, tensor<1024xi32>
    %15 = arith.addf %9, %12 : tensor<1024xbf16>
    tt.store %14, %15, %6 : tensor<1024x!tt.ptr<bf16>>
    tt.return
  }
}

