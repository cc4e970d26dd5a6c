// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(spirv.module(spirv-execution-only-barriers))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(spirv.module(spirv-execution-only-barriers,spirv-spill-workgroup-memory{max-workgroup-bytes=32768 loop-staged=true}))' | FileCheck %s --check-prefix=SPILL
//
// A barrier that orders workgroup memory only loses its memory semantics,
// and every workgroup access becomes Volatile; the kernel's own barrier,
// which orders global memory too, and its global accesses stay as they are.

// CHECK-LABEL: spirv.module
// CHECK:         spirv.Store "Workgroup" %{{.*}}, %{{.*}} ["Volatile"] : f32
// CHECK-NEXT:    spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// CHECK-NEXT:    spirv.Load "Workgroup" %{{.*}} ["Volatile"] : f32
// CHECK:         spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Aligned", 4] : f32
// CHECK-NEXT:    spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
// CHECK-NEXT:    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
// CHECK-NEXT:    spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 4] : f32
// SPILL-LABEL: spirv.module
// SPILL:         spirv.mlir.loop
// SPILL:           spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Volatile|Aligned", 4] : f32
// SPILL-NEXT:      spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// SPILL-NEXT:      spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Volatile|Aligned", 4] : f32
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.GlobalVariable @tile : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
  spirv.func @kernel(%i: i32, %addr: i64) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %out = spirv.ConvertUToPtr %addr : i64 to !spirv.ptr<f32, PhysicalStorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %c4 = spirv.Constant 4 : i32
    %v = spirv.Constant 2.0 : f32
    spirv.mlir.loop {
      spirv.Branch ^header(%c0 : i32)
    ^header(%k: i32):
      %more = spirv.SLessThan %k, %c4 : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %tile = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
      %p = spirv.AccessChain %tile[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
      spirv.Store "Workgroup" %p, %v : f32
      spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
      %r = spirv.Load "Workgroup" %p : f32
      %next = spirv.IAdd %k, %c1 : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
    spirv.Store "PhysicalStorageBuffer" %out, %v ["Aligned", 4] : f32
    spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
    %g = spirv.Load "PhysicalStorageBuffer" %out ["Aligned", 4] : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @kernel
}

// -----

// Without a barrier to make execution-only, accesses keep their operands.

// CHECK-LABEL: spirv.module
// CHECK:         spirv.Store "Workgroup" %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:    spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
// CHECK-NEXT:    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
// CHECK-NEXT:    spirv.Load "Workgroup" %{{.*}} : f32
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.GlobalVariable @slot : !spirv.ptr<!spirv.struct<(!spirv.array<1 x f32>)>, Workgroup>
  spirv.func @kernel() "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %c0 = spirv.Constant 0 : i32
    %v = spirv.Constant 2.0 : f32
    %slot = spirv.mlir.addressof @slot : !spirv.ptr<!spirv.struct<(!spirv.array<1 x f32>)>, Workgroup>
    %p = spirv.AccessChain %slot[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<1 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %p, %v : f32
    spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
    %r = spirv.Load "Workgroup" %p : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @kernel
}
