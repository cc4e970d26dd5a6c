// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia output=%t.nv.spv" | FileCheck %s --check-prefix=NV
// RUN: spirv-val --target-env vulkan1.2 %t.nv.spv
//
// 17 pointer arguments = 136 bytes: more than lavapipe's 128 bytes of push
// constants, so the push constant holds the address of an argument block in
// memory; within nvidia's 256 bytes they stay in the push constants.

// CHECK:       spirv.GlobalVariable @__triton_spirv_args_many_args : !spirv.ptr<!spirv.struct<(i64 [0])>, PushConstant>
// CHECK:       spirv.func @many_args() "None" attributes {triton_spirv.abi = {argument_block = true, argument_bytes = 136 : i64
// CHECK:         %[[BLOCK_ADDR:.*]] = spirv.Load "PushConstant" %{{.*}} : i64
// CHECK-NEXT:    %[[BLOCK:.*]] = spirv.ConvertUToPtr %[[BLOCK_ADDR]] : i64 to !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i64 [24], i64 [32], i64 [40], i64 [48], i64 [56], i64 [64], i64 [72], i64 [80], i64 [88], i64 [96], i64 [104], i64 [112], i64 [120], i64 [128])>, PhysicalStorageBuffer>
// CHECK:         %[[F0:.*]] = spirv.AccessChain %[[BLOCK]][%{{.*}}] : {{.*}} -> !spirv.ptr<i64, PhysicalStorageBuffer>
// CHECK-NEXT:    %[[A0:.*]] = spirv.Load "PhysicalStorageBuffer" %[[F0]] ["Aligned", 8] : i64
// CHECK-NEXT:    spirv.ConvertUToPtr %[[A0]] : i64 to !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, PhysicalStorageBuffer>
// CHECK:       spirv.EntryPoint "GLCompute" @many_args, @__triton_spirv_args_many_args

// NV:          spirv.GlobalVariable @__triton_spirv_args_many_args : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i64 [24], i64 [32], i64 [40], i64 [48], i64 [56], i64 [64], i64 [72], i64 [80], i64 [88], i64 [96], i64 [104], i64 [112], i64 [120], i64 [128])>, PushConstant>
// NV:          spirv.func @many_args() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 136 : i64
module {
  tt.func public @many_args(%a0: !tt.ptr<f32>, %a1: !tt.ptr<f32>, %a2: !tt.ptr<f32>, %a3: !tt.ptr<f32>, %a4: !tt.ptr<f32>, %a5: !tt.ptr<f32>, %a6: !tt.ptr<f32>, %a7: !tt.ptr<f32>, %a8: !tt.ptr<f32>, %a9: !tt.ptr<f32>, %a10: !tt.ptr<f32>, %a11: !tt.ptr<f32>, %a12: !tt.ptr<f32>, %a13: !tt.ptr<f32>, %a14: !tt.ptr<f32>, %a15: !tt.ptr<f32>, %a16: !tt.ptr<f32>) {
    %v0 = tt.load %a0 : !tt.ptr<f32>
    %v1 = tt.load %a1 : !tt.ptr<f32>
    %s1 = arith.addf %v0, %v1 : f32
    %v2 = tt.load %a2 : !tt.ptr<f32>
    %s2 = arith.addf %s1, %v2 : f32
    %v3 = tt.load %a3 : !tt.ptr<f32>
    %s3 = arith.addf %s2, %v3 : f32
    %v4 = tt.load %a4 : !tt.ptr<f32>
    %s4 = arith.addf %s3, %v4 : f32
    %v5 = tt.load %a5 : !tt.ptr<f32>
    %s5 = arith.addf %s4, %v5 : f32
    %v6 = tt.load %a6 : !tt.ptr<f32>
    %s6 = arith.addf %s5, %v6 : f32
    %v7 = tt.load %a7 : !tt.ptr<f32>
    %s7 = arith.addf %s6, %v7 : f32
    %v8 = tt.load %a8 : !tt.ptr<f32>
    %s8 = arith.addf %s7, %v8 : f32
    %v9 = tt.load %a9 : !tt.ptr<f32>
    %s9 = arith.addf %s8, %v9 : f32
    %v10 = tt.load %a10 : !tt.ptr<f32>
    %s10 = arith.addf %s9, %v10 : f32
    %v11 = tt.load %a11 : !tt.ptr<f32>
    %s11 = arith.addf %s10, %v11 : f32
    %v12 = tt.load %a12 : !tt.ptr<f32>
    %s12 = arith.addf %s11, %v12 : f32
    %v13 = tt.load %a13 : !tt.ptr<f32>
    %s13 = arith.addf %s12, %v13 : f32
    %v14 = tt.load %a14 : !tt.ptr<f32>
    %s14 = arith.addf %s13, %v14 : f32
    %v15 = tt.load %a15 : !tt.ptr<f32>
    %s15 = arith.addf %s14, %v15 : f32
    %v16 = tt.load %a16 : !tt.ptr<f32>
    %s16 = arith.addf %s15, %v16 : f32
    tt.store %a0, %s16 : !tt.ptr<f32>
    tt.return
  }
}
