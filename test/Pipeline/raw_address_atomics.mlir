// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.nvidia.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.nvidia.spv
//
// An atomic add through a pointer chosen at run time between two arguments
// (the raw-address model): each lane's address becomes a PhysicalStorageBuffer
// pointer, updated by one device-scope OpAtomicIAdd (no compare-exchange
// loop), for both profiles. It was refused before.

// CHECK-LABEL: spirv.func @add_to_chosen
// CHECK:         spirv.ConvertUToPtr %{{.*}} : i64 to !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, PhysicalStorageBuffer>
// CHECK-NOT:     spirv.AtomicCompareExchange
// CHECK:         spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// CHECK-NOT:     spirv.AtomicCompareExchange

module {
  tt.func public @add_to_chosen(%a: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %b: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %flag: i32) attributes {noinline = false} {
    %cst = arith.constant dense<true> : tensor<16xi1>
    %cst_1 = arith.constant dense<1> : tensor<16xi32>
    %c0_i32 = arith.constant 0 : i32
    %offs = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %0 = arith.cmpi eq, %flag, %c0_i32 : i32
    %1 = arith.select %0, %a, %b : !tt.ptr<i32>
    %2 = tt.splat %1 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %3 = tt.addptr %2, %offs : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    %4 = arith.addi %offs, %cst_1 : tensor<16xi32>
    %5 = tt.atomic_rmw add, acq_rel, gpu, %3, %4, %cst : (tensor<16x!tt.ptr<i32>>, tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>
    tt.return
  }
}
