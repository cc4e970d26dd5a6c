// RUN: triton-spirv-opt %s --split-input-file --spirv-rebroadcast-uniforms | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --spirv-rebroadcast-uniforms=extended-types=true | FileCheck %s --check-prefix=EXT

// A row kernel's load after a barrier: the row's base pointer (a push
// constant) and offset (program id x stride) are read again through lane 0
// right after the barrier; the pointer as two 32-bit words, then converted
// again. The lane's own offset (LocalInvocationId) is not uniform and stays.
// With extended types the 64-bit address is broadcast as it is.
spirv.module PhysicalStorageBuffer64 GLSL450 {
  spirv.GlobalVariable @args : !spirv.ptr<!spirv.struct<(i64 [0], i32 [8])>, PushConstant>
  spirv.GlobalVariable @wgid built_in("WorkgroupId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @lid built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  // CHECK-LABEL: spirv.func @row_load
  // CHECK:         %[[ADDR:.*]] = spirv.Load "PushConstant" %{{.*}} : i64
  // CHECK:         %[[STRIDE:.*]] = spirv.Load "PushConstant" %{{.*}} : i32
  // CHECK:         %[[ROW:.*]] = spirv.IMul %{{.*}}, %[[STRIDE]] : i32
  // CHECK:         %[[LANE:.*]] = spirv.CompositeExtract %{{.*}}[0 : i32] : vector<3xi32>
  // CHECK:         spirv.ControlBarrier <Workgroup>
  // CHECK-NEXT:    %[[ZERO:.*]] = spirv.Constant 0 : i32
  // CHECK-DAG:     %[[ROW2:.*]] = spirv.GroupNonUniformBroadcast <Subgroup> %[[ROW]], %[[ZERO]] : i32, i32
  // CHECK-DAG:     %[[WORDS:.*]] = spirv.Bitcast %[[ADDR]] : i64 to vector<2xi32>
  // CHECK-DAG:     %[[WORDS2:.*]] = spirv.GroupNonUniformBroadcast <Subgroup> %[[WORDS]], %[[ZERO]] : vector<2xi32>, i32
  // CHECK-DAG:     %[[ADDR2:.*]] = spirv.Bitcast %[[WORDS2]] : vector<2xi32> to i64
  // CHECK-DAG:     %[[BASE2:.*]] = spirv.ConvertUToPtr %[[ADDR2]]
  // CHECK-NOT:     spirv.GroupNonUniformBroadcast <Subgroup> %[[LANE]]
  // CHECK:         %[[INDEX:.*]] = spirv.IAdd %[[ROW2]], %[[LANE]] : i32
  // CHECK:         spirv.AccessChain %[[BASE2]][%{{.*}}, %[[INDEX]]]
  // EXT-LABEL:   spirv.func @row_load
  // EXT:           %[[ADDR:.*]] = spirv.Load "PushConstant" %{{.*}} : i64
  // EXT:           spirv.ControlBarrier
  // EXT-NOT:       spirv.Bitcast
  // EXT:           %[[ADDR2:.*]] = spirv.GroupNonUniformBroadcast <Subgroup> %[[ADDR]], %{{.*}} : i64, i32
  // EXT:           spirv.ConvertUToPtr %[[ADDR2]]
  spirv.func @row_load() -> f32 "None" {
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %args = spirv.mlir.addressof @args : !spirv.ptr<!spirv.struct<(i64 [0], i32 [8])>, PushConstant>
    %addrPtr = spirv.AccessChain %args[%c0] : !spirv.ptr<!spirv.struct<(i64 [0], i32 [8])>, PushConstant>, i32 -> !spirv.ptr<i64, PushConstant>
    %addr = spirv.Load "PushConstant" %addrPtr : i64
    %base = spirv.ConvertUToPtr %addr : i64 to !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, PhysicalStorageBuffer>
    %stridePtr = spirv.AccessChain %args[%c1] : !spirv.ptr<!spirv.struct<(i64 [0], i32 [8])>, PushConstant>, i32 -> !spirv.ptr<i32, PushConstant>
    %stride = spirv.Load "PushConstant" %stridePtr : i32
    %wgidPtr = spirv.mlir.addressof @wgid : !spirv.ptr<vector<3xi32>, Input>
    %wgid = spirv.Load "Input" %wgidPtr : vector<3xi32>
    %program = spirv.CompositeExtract %wgid[0 : i32] : vector<3xi32>
    %row = spirv.IMul %program, %stride : i32
    %lidPtr = spirv.mlir.addressof @lid : !spirv.ptr<vector<3xi32>, Input>
    %lid = spirv.Load "Input" %lidPtr : vector<3xi32>
    %lane = spirv.CompositeExtract %lid[0 : i32] : vector<3xi32>
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %index = spirv.IAdd %row, %lane : i32
    %elem = spirv.AccessChain %base[%c0, %index] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, PhysicalStorageBuffer>, i32, i32 -> !spirv.ptr<f32, PhysicalStorageBuffer>
    %x = spirv.Load "PhysicalStorageBuffer" %elem ["Aligned", 4] : f32
    spirv.ReturnValue %x : f32
  }
}

// -----

// Two barriers: the value read again after the first crosses the second and
// is read again there. A uniform value computed between them is defined
// before the second barrier only. Values defined after the last barrier, and
// constants, stay as they are.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @args : !spirv.ptr<!spirv.struct<(i32 [0])>, PushConstant>
  // CHECK-LABEL: spirv.func @two_barriers
  // CHECK:         %[[N:.*]] = spirv.Load "PushConstant"
  // CHECK:         spirv.ControlBarrier
  // CHECK:         %[[N1:.*]] = spirv.GroupNonUniformBroadcast <Subgroup> %[[N]]
  // CHECK:         %[[TWICE:.*]] = spirv.IAdd %[[N1]], %[[N1]] : i32
  // CHECK:         spirv.ControlBarrier
  // CHECK-DAG:     %[[N2:.*]] = spirv.GroupNonUniformBroadcast <Subgroup> %[[N1]]
  // CHECK-DAG:     %[[TWICE2:.*]] = spirv.GroupNonUniformBroadcast <Subgroup> %[[TWICE]]
  // CHECK:         %[[LATE:.*]] = spirv.IMul %[[N2]], %[[TWICE2]] : i32
  // CHECK-NOT:     spirv.GroupNonUniformBroadcast
  // CHECK:         spirv.ReturnValue
  spirv.func @two_barriers() -> i32 "None" {
    %c0 = spirv.Constant 0 : i32
    %c3 = spirv.Constant 3 : i32
    %args = spirv.mlir.addressof @args : !spirv.ptr<!spirv.struct<(i32 [0])>, PushConstant>
    %nPtr = spirv.AccessChain %args[%c0] : !spirv.ptr<!spirv.struct<(i32 [0])>, PushConstant>, i32 -> !spirv.ptr<i32, PushConstant>
    %n = spirv.Load "PushConstant" %nPtr : i32
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %twice = spirv.IAdd %n, %n : i32
    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    %late = spirv.IMul %n, %twice : i32
    %sum = spirv.IAdd %late, %c3 : i32
    spirv.ReturnValue %sum : i32
  }
}

// -----

// A barrier in a loop body: the uniform value from outside the loop is read
// again after it, inside the body. Memory that others may write (workgroup
// variables) is never treated as uniform.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @args : !spirv.ptr<!spirv.struct<(i32 [0])>, PushConstant>
  spirv.GlobalVariable @shared : !spirv.ptr<i32, Workgroup>
  // CHECK-LABEL: spirv.func @barrier_in_loop
  // CHECK:         %[[N:.*]] = spirv.Load "PushConstant"
  // CHECK:         %[[S:.*]] = spirv.Load "Workgroup"
  // CHECK:         spirv.mlir.loop
  // CHECK:           spirv.ControlBarrier
  // CHECK:           %[[N1:.*]] = spirv.GroupNonUniformBroadcast <Subgroup> %[[N]]
  // CHECK-NOT:       spirv.GroupNonUniformBroadcast <Subgroup> %[[S]]
  // CHECK:           spirv.IAdd %{{.*}}, %[[N1]] : i32
  // CHECK:           spirv.IAdd %{{.*}}, %[[S]] : i32
  spirv.func @barrier_in_loop() -> i32 "None" {
    %c0 = spirv.Constant 0 : i32
    %c1 = spirv.Constant 1 : i32
    %args = spirv.mlir.addressof @args : !spirv.ptr<!spirv.struct<(i32 [0])>, PushConstant>
    %nPtr = spirv.AccessChain %args[%c0] : !spirv.ptr<!spirv.struct<(i32 [0])>, PushConstant>, i32 -> !spirv.ptr<i32, PushConstant>
    %n = spirv.Load "PushConstant" %nPtr : i32
    %sharedPtr = spirv.mlir.addressof @shared : !spirv.ptr<i32, Workgroup>
    %s = spirv.Load "Workgroup" %sharedPtr : i32
    %acc = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %acc, %c0 : i32
    spirv.mlir.loop {
      spirv.Branch ^header(%c0 : i32)
    ^header(%i : i32):
      %more = spirv.SLessThan %i, %n : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
      %old = spirv.Load "Function" %acc : i32
      %a = spirv.IAdd %old, %n : i32
      %b = spirv.IAdd %a, %s : i32
      spirv.Store "Function" %acc, %b : i32
      %next = spirv.IAdd %i, %c1 : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
    %result = spirv.Load "Function" %acc : i32
    spirv.ReturnValue %result : i32
  }
}
