// RUN: triton-spirv-opt %s --split-input-file --spirv-loop-control=dont-unroll=workgroup-memory | FileCheck %s --check-prefix=WG
// RUN: triton-spirv-opt %s --split-input-file --spirv-loop-control=dont-unroll=all | FileCheck %s --check-prefix=ALL
// RUN: triton-spirv-opt %s --split-input-file --spirv-loop-control | FileCheck %s --check-prefix=NONE
// RUN: not triton-spirv-opt %s --split-input-file --spirv-loop-control=dont-unroll=some 2>&1 | FileCheck %s --check-prefix=BAD

// A loop that stores to workgroup memory from a nested selection, and one that
// touches only function memory.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @tile : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
  // WG-LABEL:   spirv.func @two_loops
  // WG:           spirv.mlir.loop control(DontUnroll)
  // WG:           spirv.mlir.loop {
  // ALL-LABEL:  spirv.func @two_loops
  // ALL-COUNT-2:  spirv.mlir.loop control(DontUnroll)
  // NONE-LABEL: spirv.func @two_loops
  // NONE-NOT:     DontUnroll
  // BAD: spirv-loop-control: dont-unroll must be none, all or workgroup-memory, not 'some'
  spirv.func @two_loops(%count : i32, %value : f32) "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %i = spirv.Variable : !spirv.ptr<i32, Function>
    %j = spirv.Variable : !spirv.ptr<i32, Function>
    %sum = spirv.Variable : !spirv.ptr<f32, Function>
    spirv.Store "Function" %i, %zero : i32
    spirv.mlir.loop {
      spirv.Branch ^header
    ^header:
      %iv = spirv.Load "Function" %i : i32
      %more = spirv.SLessThan %iv, %count : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %odd = spirv.BitwiseAnd %iv, %one : i32
      %isOdd = spirv.IEqual %odd, %one : i32
      spirv.mlir.selection {
        spirv.BranchConditional %isOdd, ^store, ^done
      ^store:
        %tile = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>
        %slot = spirv.AccessChain %tile[%iv] : !spirv.ptr<!spirv.array<64 x f32>, Workgroup>, i32 -> !spirv.ptr<f32, Workgroup>
        spirv.Store "Workgroup" %slot, %value : f32
        spirv.Branch ^done
      ^done:
        spirv.mlir.merge
      }
      %next = spirv.IAdd %iv, %one : i32
      spirv.Store "Function" %i, %next : i32
      spirv.Branch ^header
    ^merge:
      spirv.mlir.merge
    }
    spirv.Store "Function" %j, %zero : i32
    spirv.mlir.loop {
      spirv.Branch ^header
    ^header:
      %jv = spirv.Load "Function" %j : i32
      %more = spirv.SLessThan %jv, %count : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %s = spirv.Load "Function" %sum : f32
      %t = spirv.FAdd %s, %value : f32
      spirv.Store "Function" %sum, %t : f32
      %next = spirv.IAdd %jv, %one : i32
      spirv.Store "Function" %j, %next : i32
      spirv.Branch ^header
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
}

// -----

// A loop control chosen earlier (Unroll) is kept.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @tile : !spirv.ptr<!spirv.array<4 x f32>, Workgroup>
  // WG-LABEL:   spirv.func @unroll_kept
  // WG:           spirv.mlir.loop control(Unroll)
  // ALL-LABEL:  spirv.func @unroll_kept
  // ALL:          spirv.mlir.loop control(Unroll)
  spirv.func @unroll_kept(%value : f32) "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %four = spirv.Constant 4 : i32
    %i = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %i, %zero : i32
    spirv.mlir.loop control(Unroll) {
      spirv.Branch ^header
    ^header:
      %iv = spirv.Load "Function" %i : i32
      %more = spirv.SLessThan %iv, %four : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %tile = spirv.mlir.addressof @tile : !spirv.ptr<!spirv.array<4 x f32>, Workgroup>
      %slot = spirv.AccessChain %tile[%iv] : !spirv.ptr<!spirv.array<4 x f32>, Workgroup>, i32 -> !spirv.ptr<f32, Workgroup>
      spirv.Store "Workgroup" %slot, %value : f32
      %next = spirv.IAdd %iv, %one : i32
      spirv.Store "Function" %i, %next : i32
      spirv.Branch ^header
    ^merge:
      spirv.mlir.merge
    }
    spirv.Return
  }
}
