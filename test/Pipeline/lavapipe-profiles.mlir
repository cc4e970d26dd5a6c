// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=lavapipe num-warps=1" | FileCheck %s --check-prefix=MESA25
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=lavapipe-mesa22 num-warps=1" | FileCheck %s --check-prefix=MESA22
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=lavapipe num-warps=4" | FileCheck %s --check-prefix=MESA25-W4
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=lavapipe-mesa22 num-warps=4" | FileCheck %s --check-prefix=MESA22-W4
//
// The two lavapipe profiles differ in reductions over a workgroup of one
// subgroup (num_warps=1). Mesa 25 reduces with subgroup operations, each
// invocation folding its own private elements first. Mesa 22.3 returned 0
// from them, so there the block goes through workgroup memory and a
// tree of barriers instead.
// With four subgroups the partials cross a barrier: Mesa 25's carries no
// memory semantics (one thread runs the workgroup), 22.3's keeps them
// (execution-only barriers gave wrong results there).

// MESA25-W4-LABEL: spirv.func @row_sum
// MESA25-W4:         spirv.Store "Workgroup" %{{.*}}, %{{.*}} ["Volatile"]
// MESA25-W4:         spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// MESA25-W4-NOT:     spirv.ControlBarrier <Workgroup>, <Workgroup>, <Acq

// MESA22-W4-LABEL: spirv.func @row_sum
// MESA22-W4-NOT:     Volatile
// MESA22-W4:         spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// MESA22-W4-NOT:     spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>

// MESA25-LABEL: spirv.func @row_sum
// MESA25:         spirv.GroupNonUniformFAdd <Subgroup> <Reduce>
// MESA25-NOT:     spirv.GlobalVariable {{.*}}array<256 x f32>

// MESA22-LABEL:   spirv.GlobalVariable {{.*}}array<256 x f32>{{.*}}Workgroup
// MESA22-NOT:     spirv.GroupNonUniformFAdd
// MESA22:         spirv.func @row_sum
// MESA22-NOT:     spirv.GroupNonUniformFAdd
module {
  tt.func public @row_sum(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %p = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %p1 = tt.addptr %p, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %x = tt.load %p1 : tensor<256x!tt.ptr<f32>>
    %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<256xf32>) -> f32
    tt.store %out_ptr, %sum : !tt.ptr<f32>
    tt.return
  }
}
