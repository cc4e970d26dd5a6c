// RUN: triton-spirv-opt %s --convert-triton-to-spirv | FileCheck %s --check-prefix=LAVA4
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=lavapipe num-warps=4" | FileCheck %s --check-prefix=LAVA4
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="num-warps=1" | FileCheck %s --check-prefix=LAVA1
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="num-warps=8" | FileCheck %s --check-prefix=LAVA8
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia num-warps=4" | FileCheck %s --check-prefix=NV4
//
// The workgroup is num_warps x the profile's subgroup size (lavapipe: 8,
// nvidia: 32): with the defaults (lavapipe, num-warps=4) that is LocalSize
// 32 1 1. Each invocation handles runs of the profile's contiguity
// (lavapipe: 8, nvidia: 4), so one round of the 1024-element loop covers
// workgroup size x contiguity elements (on lavapipe, whose loops are
// subgroup-contiguous, a round covers subgroup size x contiguity elements
// of the subgroup's own span).

// LAVA4:       spirv.func @copy()
// LAVA4:         %[[STEP:.*]] = spirv.Constant 64 : i32
// LAVA4:         spirv.IAdd %{{.*}}, %[[STEP]] : i32
// LAVA4:       spirv.EntryPoint "GLCompute" @copy
// LAVA4-NEXT:  spirv.ExecutionMode @copy "LocalSize", 32, 1, 1

// LAVA1:       spirv.ExecutionMode @copy "LocalSize", 8, 1, 1

// LAVA8:       spirv.ExecutionMode @copy "LocalSize", 64, 1, 1

// NV4:         spirv.func @copy()
// NV4:           %[[STEP:.*]] = spirv.Constant 512 : i32
// NV4:           spirv.IAdd %{{.*}}, %[[STEP]] : i32
// NV4:         spirv.ExecutionMode @copy "LocalSize", 128, 1, 1
module {
  tt.func public @copy(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %p = tt.splat %src : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %p1 = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %p1 : tensor<1024x!tt.ptr<f32>>
    %q = tt.splat %dst : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %q1 = tt.addptr %q, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %q1, %v : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
