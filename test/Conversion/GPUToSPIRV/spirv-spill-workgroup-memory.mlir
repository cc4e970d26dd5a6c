// RUN: triton-spirv-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(spirv.module(spirv-spill-workgroup-memory{max-workgroup-bytes=300}))' | FileCheck %s
//
// 528 bytes of Workgroup variables where the device has 300: the largest
// movable one (@tile, 256 bytes; @vectors is as large but declared later)
// moves to the program's slice of a global scratch buffer. The entry point
// gets the hidden scratch / grid_x / grid_y arguments, the slice is
// scratch + ((z * grid_y + y) * grid_x + x) * 256, access chains are rebuilt
// on a PhysicalStorageBuffer pointer to an explicitly laid out copy of the
// type, accesses become Aligned, and barriers order UniformMemory too.

// CHECK-LABEL: spirv.module
// CHECK-NOT:     spirv.GlobalVariable @tile
// CHECK:         spirv.GlobalVariable @vectors : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>>)>, Workgroup>
// CHECK:         spirv.GlobalVariable @counter
// CHECK:         spirv.func @kernel(%{{.*}}: i32, %[[SCRATCH:.*]]: i64, %[[GX:.*]]: i32, %[[GY:.*]]: i32) "None" attributes {
// CHECK-SAME:      triton_spirv.hidden_arguments = ["scratch", "grid_x", "grid_y"]
// CHECK-SAME:      triton_spirv.scratch_bytes_per_program = 256 : i64
// CHECK:           %[[ID:.*]] = spirv.Load "Input" %{{.*}} : vector<3xi32>
// CHECK-DAG:       spirv.CompositeExtract %[[ID]][0 : i32]
// CHECK-DAG:       spirv.CompositeExtract %[[ID]][1 : i32]
// CHECK-DAG:       spirv.CompositeExtract %[[ID]][2 : i32]
// CHECK-DAG:       spirv.UConvert %[[GX]] : i32 to i64
// CHECK-DAG:       spirv.UConvert %[[GY]] : i32 to i64
// CHECK:           %[[PER:.*]] = spirv.Constant 256 : i64
// CHECK-NEXT:      %[[OFFSET:.*]] = spirv.IMul %{{.*}}, %[[PER]] : i64
// CHECK-NEXT:      %[[SLICE:.*]] = spirv.IAdd %[[SCRATCH]], %[[OFFSET]] : i64
// CHECK:           %[[AT:.*]] = spirv.IAdd %[[SLICE]], %{{.*}} : i64
// CHECK:           %[[BASE:.*]] = spirv.ConvertUToPtr %[[AT]] : i64 to !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32, stride=4> [0])>, PhysicalStorageBuffer>
// CHECK:           %[[ELEM:.*]] = spirv.AccessChain %[[BASE]][%{{.*}}, %{{.*}}] : {{.*}} -> !spirv.ptr<f32, PhysicalStorageBuffer>
// CHECK:           spirv.Store "PhysicalStorageBuffer" %[[ELEM]], %{{.*}} ["Aligned", 4] : f32
// CHECK:           spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
// CHECK:           spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 4] : f32
// CHECK:           spirv.AtomicIAdd <Workgroup> <AcquireRelease|WorkgroupMemory>
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.GlobalVariable @tile : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
  spirv.GlobalVariable @vectors : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>>)>, Workgroup>
  spirv.GlobalVariable @counter : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32>)>, Workgroup>
  spirv.func @kernel(%i: i32) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %c0 = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %v = spirv.Constant 2.0 : f32
    %tile = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
    %p = spirv.AccessChain %tile[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %p, %v : f32
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %r = spirv.Load "Workgroup" %p : f32
    %vectors = spirv.mlir.addressof @vectors : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>>)>, Workgroup>
    %q = spirv.AccessChain %vectors[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x vector<4xf32>>)>, Workgroup>, i32, i32 -> !spirv.ptr<vector<4xf32>, Workgroup>
    %w = spirv.Load "Workgroup" %q : vector<4xf32>
    %counter = spirv.mlir.addressof @counter : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32>)>, Workgroup>
    %c = spirv.AccessChain %counter[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32>)>, Workgroup>, i32, i32 -> !spirv.ptr<i32, Workgroup>
    %old = spirv.AtomicIAdd <Workgroup> <AcquireRelease|WorkgroupMemory> %c, %one : !spirv.ptr<i32, Workgroup>
    spirv.Return
  }
}

// -----

// Nothing moves when the variables fit.
// CHECK-LABEL: spirv.module
// CHECK:         spirv.GlobalVariable @small
// CHECK:         spirv.func @fits() "None" attributes {spirv.entry_point_abi
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
    spirv.Return
  }
}

// -----

// Workgroup atomics stay in workgroup memory: too much of that is an error.
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.GlobalVariable @counters : !spirv.ptr<!spirv.struct<(!spirv.array<128 x i32>)>, Workgroup>
  // expected-error @below {{kernel needs 512 bytes of workgroup memory that cannot move to global memory, more than the device's 300}}
  spirv.func @atomics() "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %c0 = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %counters = spirv.mlir.addressof @counters : !spirv.ptr<!spirv.struct<(!spirv.array<128 x i32>)>, Workgroup>
    %c = spirv.AccessChain %counters[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<128 x i32>)>, Workgroup>, i32, i32 -> !spirv.ptr<i32, Workgroup>
    %old = spirv.AtomicIAdd <Workgroup> <AcquireRelease|WorkgroupMemory> %c, %one : !spirv.ptr<i32, Workgroup>
    spirv.Return
  }
}
