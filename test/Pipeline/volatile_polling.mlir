// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="output=%t.spv" | FileCheck %s --check-prefix=CPU --implicit-check-not=spirv.AtomicOr
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.nvidia.spv" | FileCheck %s --check-prefix=NVIDIA
// RUN: spirv-val --target-env vulkan1.2 %t.nvidia.spv
//
// A kernel that polls a flag with a volatile load (another program or the
// host sets it), then copies a block. The polling loop has no results and
// only reads: it stays because the volatile load is an access with effects
// (it was removed as dead before). No atomic: the volatile load alone makes
// the kernel's global loads coherent. On the GPU they read atomically (OpAtomicOr
// with 0: NVIDIA serves volatile loads from the SM's L1, which other
// workgroups' writes do not update); on lavapipe (a CPU device, coherent
// caches) they are Volatile loads. The marker attribute does not reach the
// binary. On lavapipe the flag the polling loop shares through a workgroup
// variable lives in the program's scratch slice (loop-staged).

// CPU-LABEL:   spirv.func @wait_then_copy
// CPU-NOT:       triton_spirv.volatile_loads
// CPU:           spirv.mlir.loop
// CPU:             spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Volatile|Aligned", 4] : i32
// CPU:           spirv.mlir.loop
// CPU:             spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Volatile|Aligned", {{[0-9]+}}]
// CPU:             spirv.Store "PhysicalStorageBuffer"

// NVIDIA-LABEL: spirv.func @wait_then_copy
// NVIDIA-NOT:     triton_spirv.volatile_loads
// NVIDIA:         spirv.mlir.loop
// NVIDIA:           spirv.AtomicOr <Device> <None> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// NVIDIA-NOT:     spirv.Load "PhysicalStorageBuffer"
// NVIDIA:         spirv.AtomicOr <Device> <None>
// NVIDIA-NOT:     spirv.Load "PhysicalStorageBuffer"
// NVIDIA:         spirv.Store "PhysicalStorageBuffer"

module {
  tt.func public @wait_then_copy(%flag_ptr: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %src_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %dst_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    scf.while : () -> () {
      %5 = tt.load %flag_ptr {isVolatile = true} : !tt.ptr<i32>
      %6 = arith.cmpi eq, %5, %c0_i32 : i32
      scf.condition(%6)
    } do {
      scf.yield
    }
    %offsets = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %0 = tt.splat %dst_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %1 = tt.addptr %0, %offsets : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %2 = tt.splat %src_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %3 = tt.addptr %2, %offsets : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %4 = tt.load %3 : tensor<64x!tt.ptr<f32>>
    tt.store %1, %4 : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
