// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="output=%t.spv" | FileCheck %s --check-prefix=CPU
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.nvidia.spv" | FileCheck %s --check-prefix=NVIDIA
// RUN: spirv-val --target-env vulkan1.2 %t.nvidia.spv
//
// A reversed copy (flip): the source pointer is the tensor's last element and
// the offsets `offs * stride` with stride = -1 are negative. An OpAccessChain
// index below the runtime array is undefined, and NVIDIA's driver faults on
// it; on GPU profiles such an access (index not non-negative by construction)
// is base address + index * 4. The destination offsets `offs` are
// non-negative and keep their access chain. lavapipe (a CPU device) keeps
// access chains: its LLVM sign-extends the index.

// CPU-LABEL:  spirv.func @reversed_copy
// CPU-NOT:      spirv.SConvert
// CPU:          spirv.AccessChain %{{.*}}[%cst0_i32, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, PhysicalStorageBuffer>
// CPU:          spirv.Load "PhysicalStorageBuffer"

// NVIDIA-LABEL: spirv.func @reversed_copy
// NVIDIA:         %[[INDEX:.*]] = spirv.SConvert %{{.*}} : i32 to i64
// NVIDIA:         %[[BYTES:.*]] = spirv.IMul %[[INDEX]], %{{.*}} : i64
// NVIDIA:         %[[ADDRESS:.*]] = spirv.IAdd %{{.*}}, %[[BYTES]] : i64
// NVIDIA:         %[[ELEMENT:.*]] = spirv.ConvertUToPtr %[[ADDRESS]] : i64 to !spirv.ptr<f32, PhysicalStorageBuffer>
// NVIDIA:         spirv.Load "PhysicalStorageBuffer" %[[ELEMENT]] ["Aligned", 4] : f32
// NVIDIA:         spirv.AccessChain %{{.*}}[%cst0_i32, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, PhysicalStorageBuffer>
// NVIDIA:         spirv.Store "PhysicalStorageBuffer"

module {
  tt.func public @reversed_copy(%p: !tt.ptr<f32>, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %stride: i32) attributes {noinline = false} {
    %offs = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %m = tt.splat %n : i32 -> tensor<128xi32>
    %m_0 = arith.cmpi slt, %offs, %m : tensor<128xi32>
    %0 = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %1 = tt.addptr %0, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %2 = tt.splat %stride : i32 -> tensor<128xi32>
    %3 = arith.muli %offs, %2 : tensor<128xi32>
    %4 = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %6 = tt.load %5, %m_0 : tensor<128x!tt.ptr<f32>>
    tt.store %1, %6, %m_0 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
