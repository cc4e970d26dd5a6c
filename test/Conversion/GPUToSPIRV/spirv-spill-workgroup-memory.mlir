// RUN: triton-spirv-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(spirv.module(spirv-spill-workgroup-memory{max-workgroup-bytes=300}))' | FileCheck %s
//
// 528 bytes of Workgroup variables where the device has 300: the movable
// one with the fewest accesses that frees enough (@tile, 256 bytes, one store
// and one load; @vectors, as large, is read three times) moves to the
// program's slice of a global scratch buffer. The entry point
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
    %w2 = spirv.Load "Workgroup" %q : vector<4xf32>
    %w3 = spirv.Load "Workgroup" %q : vector<4xf32>
    %counter = spirv.mlir.addressof @counter : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32>)>, Workgroup>
    %c = spirv.AccessChain %counter[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32>)>, Workgroup>, i32, i32 -> !spirv.ptr<i32, Workgroup>
    %old = spirv.AtomicIAdd <Workgroup> <AcquireRelease|WorkgroupMemory> %c, %one : !spirv.ptr<i32, Workgroup>
    spirv.Return
  }
}

// -----

// Which variables move weighs accesses by loop depth (8 per enclosing loop):
// 448 bytes where 300 fit. @acc (256 bytes, read and written in the loop:
// weight 16) or @q (160 bytes, written once before the loop and read in it:
// 9) would free enough, @small (32 bytes, 1 access) would not: @q moves. Its
// only store is outside the loop and a top-level barrier follows it, so only
// top-level barriers order device memory; the loop's stays workgroup-only.
// CHECK-LABEL: spirv.module
// CHECK:         spirv.GlobalVariable @acc
// CHECK-NOT:     spirv.GlobalVariable @q
// CHECK:         spirv.GlobalVariable @small
// CHECK:         spirv.func @phases(
// CHECK-SAME:      triton_spirv.scratch_bytes_per_program = 160 : i64
// CHECK:           spirv.Store "PhysicalStorageBuffer"
// CHECK:           spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
// CHECK:           spirv.mlir.loop
// CHECK:             spirv.Load "PhysicalStorageBuffer"
// CHECK:             spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK:           spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.GlobalVariable @acc : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
  spirv.GlobalVariable @q : !spirv.ptr<!spirv.struct<(!spirv.array<40 x f32>)>, Workgroup>
  spirv.GlobalVariable @small : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32>)>, Workgroup>
  spirv.func @phases(%i: i32, %n: i32) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %c0 = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %v = spirv.Constant 2.0 : f32
    %q = spirv.mlir.addressof @q : !spirv.ptr<!spirv.struct<(!spirv.array<40 x f32>)>, Workgroup>
    %qp = spirv.AccessChain %q[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<40 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %qp, %v : f32
    %small = spirv.mlir.addressof @small : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32>)>, Workgroup>
    %sp = spirv.AccessChain %small[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<8 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %sp, %v : f32
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %acc = spirv.mlir.addressof @acc : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
    %ap = spirv.AccessChain %acc[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.mlir.loop {
      spirv.Branch ^header(%c0 : i32)
    ^header(%k: i32):
      %more = spirv.SLessThan %k, %n : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %x = spirv.Load "Workgroup" %qp : f32
      %a = spirv.Load "Workgroup" %ap : f32
      %sum = spirv.FAdd %a, %x : f32
      spirv.Store "Workgroup" %ap, %sum : f32
      spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
      %next = spirv.IAdd %k, %one : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    spirv.Return
  }
}

// -----

// A store to a moved variable inside a loop that holds a barrier: every
// barrier orders device memory (later iterations read what others wrote).
// CHECK-LABEL: spirv.module
// CHECK:         spirv.func @staged(
// CHECK:           spirv.mlir.loop
// CHECK:             spirv.Store "PhysicalStorageBuffer"
// CHECK:             spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
// CHECK:             spirv.Load "PhysicalStorageBuffer"
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.GlobalVariable @tile : !spirv.ptr<!spirv.struct<(!spirv.array<100 x f32>)>, Workgroup>
  spirv.func @staged(%i: i32, %n: i32) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %c0 = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %v = spirv.Constant 2.0 : f32
    %tile = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.struct<(!spirv.array<100 x f32>)>, Workgroup>
    %p = spirv.AccessChain %tile[%c0, %i] : !spirv.ptr<!spirv.struct<(!spirv.array<100 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.mlir.loop {
      spirv.Branch ^header(%c0 : i32)
    ^header(%k: i32):
      %more = spirv.SLessThan %k, %n : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      spirv.Store "Workgroup" %p, %v : f32
      spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
      %x = spirv.Load "Workgroup" %p : f32
      %next = spirv.IAdd %k, %one : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
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
