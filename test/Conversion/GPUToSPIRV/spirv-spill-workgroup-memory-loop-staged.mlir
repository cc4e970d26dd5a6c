// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(spirv.module(spirv-spill-workgroup-memory{max-workgroup-bytes=32768 loop-staged=true}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(spirv.module(spirv-spill-workgroup-memory{max-workgroup-bytes=32768}))' | FileCheck %s --check-prefix=LIMIT
//
// With loop-staged, a variable that one loop both stores to and loads from
// (@tile: a tile staged each iteration) moves to the scratch slice although
// everything fits; @partials, stored before the loop and read in it, and
// @total, used outside any loop, stay. Without the option nothing moves.

// CHECK-LABEL: spirv.module
// CHECK-NOT:     spirv.GlobalVariable @tile
// CHECK:         spirv.GlobalVariable @partials : {{.*}}, Workgroup>
// CHECK:         spirv.GlobalVariable @total : {{.*}}, Workgroup>
// CHECK:         spirv.func @kernel(%{{.*}}: i32, %{{.*}}: i64, %{{.*}}: i32, %{{.*}}: i32) "None" attributes {
// CHECK-SAME:      triton_spirv.scratch_bytes_per_program = 256 : i64
// CHECK-SAME:      triton_spirv.staged_scratch_bytes = 256 : i64
// CHECK:         spirv.mlir.loop
// CHECK:           spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Aligned", 4] : f32
// CHECK:           spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
// CHECK:           spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 4] : f32
// CHECK:           spirv.Load "Workgroup" %{{.*}} : f32
// LIMIT-LABEL: spirv.module
// LIMIT:         spirv.GlobalVariable @tile : {{.*}}, Workgroup>
// LIMIT-NOT:     hidden_arguments
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.GlobalVariable @tile : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
  spirv.GlobalVariable @partials : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32>)>, Workgroup>
  spirv.GlobalVariable @total : !spirv.ptr<!spirv.struct<(!spirv.array<1 x f32>)>, Workgroup>
  spirv.func @kernel(%i: i32) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %c4 = spirv.Constant 4 : i32
    %v = spirv.Constant 2.0 : f32
    %partials = spirv.mlir.addressof @partials : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32>)>, Workgroup>
    %pp = spirv.AccessChain %partials[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %pp, %v : f32
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
      %partials2 = spirv.mlir.addressof @partials : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32>)>, Workgroup>
      %q = spirv.AccessChain %partials2[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
      %s = spirv.Load "Workgroup" %q : f32
      %next = spirv.IAdd %k, %c1 : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
    %total = spirv.mlir.addressof @total : !spirv.ptr<!spirv.struct<(!spirv.array<1 x f32>)>, Workgroup>
    %t = spirv.AccessChain %total[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<1 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %t, %v : f32
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %u = spirv.Load "Workgroup" %t : f32
    spirv.Return
  }
}

// -----

// Nothing staged in a loop: no hidden arguments.
// CHECK-LABEL: spirv.module
// CHECK:         spirv.GlobalVariable @small : {{.*}}, Workgroup>
// CHECK-NOT:     hidden_arguments
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.GlobalVariable @small : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
  spirv.func @fits() "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %c0 = spirv.Constant 0 : i32
    %v = spirv.Constant 2.0 : f32
    %small = spirv.mlir.addressof @small : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
    %p = spirv.AccessChain %small[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %p, %v : f32
    %r = spirv.Load "Workgroup" %p : f32
    spirv.Return
  }
}
