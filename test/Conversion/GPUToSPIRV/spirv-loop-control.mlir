// RUN: triton-spirv-opt %s --split-input-file --spirv-loop-control=dont-unroll=workgroup-memory | FileCheck %s --check-prefix=WG
// RUN: triton-spirv-opt %s --split-input-file --spirv-loop-control=dont-unroll=all | FileCheck %s --check-prefix=ALL
// RUN: triton-spirv-opt %s --split-input-file --spirv-loop-control | FileCheck %s --check-prefix=NONE
// RUN: triton-spirv-opt %s --split-input-file --spirv-loop-control=dont-unroll=workgroup-memory,nested-global | FileCheck %s --check-prefix=NESTED
// RUN: triton-spirv-opt %s --split-input-file --spirv-loop-control=dont-unroll=short-matrix-loops | FileCheck %s --check-prefix=SHORT
// RUN: triton-spirv-opt %s --split-input-file --spirv-loop-control=dont-unroll=short-matrix-loops,paired-matrix-loops | FileCheck %s --check-prefix=PAIRED
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
  // BAD: spirv-loop-control: dont-unroll takes none, all, workgroup-memory, nested-global, short-matrix-loops or paired-matrix-loops (comma-separated), not 'some'
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

// -----

// nested-global: constant-trip loops of global accesses inside a run-time loop
// (a kernel's column loop) stay rolled; one indexing a private array, and the
// same global loop at the top level or inside constant-trip loops only, are
// left for the driver to unroll.
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @data bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  // NESTED-LABEL: spirv.func @column_loop
  // NESTED:         spirv.mlir.loop {
  // NESTED:           spirv.mlir.loop control(DontUnroll) {
  // NESTED:           spirv.mlir.loop {
  // NESTED:             spirv.AccessChain %{{.*}} : !spirv.ptr<!spirv.array<4 x f32>, Function>
  // NESTED:         spirv.mlir.loop {
  // NESTED:           spirv.mlir.loop {
  // NESTED-NOT:     DontUnroll
  // NESTED:         spirv.Return
  // WG-LABEL:     spirv.func @column_loop
  // WG-NOT:         DontUnroll
  // WG:             spirv.Return
  spirv.func @column_loop(%n : i32, %value : f32) "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %four = spirv.Constant 4 : i32
    %acc = spirv.Variable : !spirv.ptr<!spirv.array<4 x f32>, Function>
    %data = spirv.mlir.addressof @data : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    // for (off = 0; off < n; off += 4): a run-time trip count.
    spirv.mlir.loop {
      spirv.Branch ^header(%zero : i32)
    ^header(%off : i32):
      %more = spirv.SLessThan %off, %n : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      // Global stores only: kept rolled.
      spirv.mlir.loop {
        spirv.Branch ^h(%zero : i32)
      ^h(%i : i32):
        %c = spirv.SLessThan %i, %four : i32
        spirv.BranchConditional %c, ^b, ^m
      ^b:
        %index = spirv.IAdd %off, %i : i32
        %slot = spirv.AccessChain %data[%zero, %index] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
        spirv.Store "StorageBuffer" %slot, %value : f32
        %i1 = spirv.IAdd %i, %one : i32
        spirv.Branch ^h(%i1 : i32)
      ^m:
        spirv.mlir.merge
      }
      // A private accumulator: unrolled, it lives in registers.
      spirv.mlir.loop {
        spirv.Branch ^h(%zero : i32)
      ^h(%i : i32):
        %c = spirv.SLessThan %i, %four : i32
        spirv.BranchConditional %c, ^b, ^m
      ^b:
        %elem = spirv.AccessChain %acc[%i] : !spirv.ptr<!spirv.array<4 x f32>, Function>, i32 -> !spirv.ptr<f32, Function>
        %old = spirv.Load "Function" %elem : f32
        %new = spirv.FAdd %old, %value : f32
        spirv.Store "Function" %elem, %new : f32
        %i1 = spirv.IAdd %i, %one : i32
        spirv.Branch ^h(%i1 : i32)
      ^m:
        spirv.mlir.merge
      }
      %next = spirv.IAdd %off, %four : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
    // The same global stores in constant-trip loops only: left alone.
    spirv.mlir.loop {
      spirv.Branch ^h(%zero : i32)
    ^h(%j : i32):
      %c = spirv.SLessThan %j, %four : i32
      spirv.BranchConditional %c, ^b, ^m
    ^b:
      spirv.mlir.loop {
        spirv.Branch ^h2(%zero : i32)
      ^h2(%i : i32):
        %c2 = spirv.SLessThan %i, %four : i32
        spirv.BranchConditional %c2, ^b2, ^m2
      ^b2:
        %index = spirv.IAdd %j, %i : i32
        %slot = spirv.AccessChain %data[%zero, %index] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
        spirv.Store "StorageBuffer" %slot, %value : f32
        %i1 = spirv.IAdd %i, %one : i32
        spirv.Branch ^h2(%i1 : i32)
      ^m2:
        spirv.mlir.merge
      }
      %j1 = spirv.IAdd %j, %one : i32
      spirv.Branch ^h(%j1 : i32)
    ^m:
      spirv.mlir.merge
    }
    spirv.Return
  }
}

// -----

// Loops of cooperative-matrix multiply-adds: causal attention's diagonal
// blocks [m * 128, (m + 1) * 128) by 32 (4 trips between run-time bounds),
// a loop up to a run-time bound, one of 128 constant trips, and a 4-trip loop
// without matrix work.
!acc = !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
!a = !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
!b = !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
spirv.module Logical GLSL450 {
  // SHORT-LABEL: spirv.func @matrix_loops
  // SHORT:         spirv.mlir.loop control(DontUnroll)
  // SHORT-NEXT:      spirv.Branch ^bb1(%[[FIRST:.*]], %{{.*}} : i32, !spirv.coopmatrix
  // SHORT:         spirv.mlir.loop {
  // SHORT:         spirv.mlir.loop {
  // SHORT:         spirv.mlir.loop {
  // SHORT-NOT:     DontUnroll
  // NONE-LABEL: spirv.func @matrix_loops
  // NONE-NOT:     DontUnroll
  spirv.func @matrix_loops(%m : i32, %count : i32, %x : !a, %y : !b, %init : !acc) -> !acc "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %c4 = spirv.Constant 4 : i32
    %c32 = spirv.Constant 32 : i32
    %c128 = spirv.Constant 128 : i32
    %c4096 = spirv.Constant 4096 : i32
    %lo = spirv.IMul %m, %c128 : i32
    %m1 = spirv.IAdd %m, %one : i32
    %hi = spirv.IMul %m1, %c128 : i32
    %r0 = spirv.Variable : !spirv.ptr<!acc, Function>
    spirv.mlir.loop {
      spirv.Branch ^header(%lo, %init : i32, !acc)
    ^header(%iv : i32, %c : !acc):
      spirv.Store "Function" %r0, %c : !acc
      %more = spirv.SLessThan %iv, %hi : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %d = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %c : !a, !b -> !acc
      %next = spirv.IAdd %iv, %c32 : i32
      spirv.Branch ^header(%next, %d : i32, !acc)
    ^merge:
      spirv.mlir.merge
    }
    %c0 = spirv.Load "Function" %r0 : !acc
    %r1 = spirv.Variable : !spirv.ptr<!acc, Function>
    spirv.mlir.loop {
      spirv.Branch ^header(%zero, %c0 : i32, !acc)
    ^header(%iv : i32, %c : !acc):
      spirv.Store "Function" %r1, %c : !acc
      %more = spirv.SLessThan %iv, %lo : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %d = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %c : !a, !b -> !acc
      %next = spirv.IAdd %iv, %c32 : i32
      spirv.Branch ^header(%next, %d : i32, !acc)
    ^merge:
      spirv.mlir.merge
    }
    %c1 = spirv.Load "Function" %r1 : !acc
    %r2 = spirv.Variable : !spirv.ptr<!acc, Function>
    spirv.mlir.loop {
      spirv.Branch ^header(%zero, %c1 : i32, !acc)
    ^header(%iv : i32, %c : !acc):
      spirv.Store "Function" %r2, %c : !acc
      %more = spirv.SLessThan %iv, %c4096 : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %d = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %c : !a, !b -> !acc
      %next = spirv.IAdd %iv, %c32 : i32
      spirv.Branch ^header(%next, %d : i32, !acc)
    ^merge:
      spirv.mlir.merge
    }
    %c2 = spirv.Load "Function" %r2 : !acc
    spirv.mlir.loop {
      spirv.Branch ^header(%zero : i32)
    ^header(%iv : i32):
      %more = spirv.SLessThan %iv, %c4 : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %next = spirv.IAdd %iv, %one : i32
      spirv.Branch ^header(%next : i32)
    ^merge:
      spirv.mlir.merge
    }
    spirv.ReturnValue %c2 : !acc
  }
}

// -----

// paired-matrix-loops: beside a short matrix loop (causal attention's diagonal
// blocks), a key loop whose iterations start 4 products from an accumulator
// defined outside the loop is rolled too; one starting 2 is left to the
// driver, as is a 4-product loop in a function without a short loop.
!acc = !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
!a = !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
!b = !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
spirv.module Logical GLSL450 {
  // PAIRED-LABEL: spirv.func @causal_wide
  // PAIRED-COUNT-2: spirv.mlir.loop control(DontUnroll)
  // SHORT-LABEL:  spirv.func @causal_wide
  // SHORT:          spirv.mlir.loop {
  // SHORT:          spirv.mlir.loop control(DontUnroll)
  spirv.func @causal_wide(%m : i32, %x : !a, %y : !b, %zeroacc : !acc) -> !acc "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %c32 = spirv.Constant 32 : i32
    %c128 = spirv.Constant 128 : i32
    %lo = spirv.IMul %m, %c128 : i32
    %m1 = spirv.IAdd %m, %one : i32
    %hi = spirv.IMul %m1, %c128 : i32
    %r0 = spirv.Variable : !spirv.ptr<!acc, Function>
    spirv.mlir.loop {
      spirv.Branch ^header(%zero, %zeroacc : i32, !acc)
    ^header(%iv : i32, %o : !acc):
      spirv.Store "Function" %r0, %o : !acc
      %more = spirv.SLessThan %iv, %lo : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %s0 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %s1 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %s2 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %s3 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %t0 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %o : !a, !b -> !acc
      %t1 = spirv.FAdd %t0, %s1 : !acc
      %t2 = spirv.FAdd %t1, %s2 : !acc
      %t3 = spirv.FAdd %t2, %s3 : !acc
      %sum = spirv.FAdd %t3, %s0 : !acc
      %next = spirv.IAdd %iv, %c32 : i32
      spirv.Branch ^header(%next, %sum : i32, !acc)
    ^merge:
      spirv.mlir.merge
    }
    %o0 = spirv.Load "Function" %r0 : !acc
    %r1 = spirv.Variable : !spirv.ptr<!acc, Function>
    spirv.mlir.loop {
      spirv.Branch ^header(%lo, %o0 : i32, !acc)
    ^header(%iv : i32, %c : !acc):
      spirv.Store "Function" %r1, %c : !acc
      %more = spirv.SLessThan %iv, %hi : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %d = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %c : !a, !b -> !acc
      %next = spirv.IAdd %iv, %c32 : i32
      spirv.Branch ^header(%next, %d : i32, !acc)
    ^merge:
      spirv.mlir.merge
    }
    spirv.ReturnValue %o0 : !acc
  }

  // PAIRED-LABEL: spirv.func @causal_narrow
  // PAIRED:         spirv.mlir.loop {
  // PAIRED:         spirv.mlir.loop control(DontUnroll)
  spirv.func @causal_narrow(%m : i32, %x : !a, %y : !b, %zeroacc : !acc) -> !acc "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %c32 = spirv.Constant 32 : i32
    %c128 = spirv.Constant 128 : i32
    %lo = spirv.IMul %m, %c128 : i32
    %m1 = spirv.IAdd %m, %one : i32
    %hi = spirv.IMul %m1, %c128 : i32
    %r0 = spirv.Variable : !spirv.ptr<!acc, Function>
    spirv.mlir.loop {
      spirv.Branch ^header(%zero, %zeroacc : i32, !acc)
    ^header(%iv : i32, %o : !acc):
      spirv.Store "Function" %r0, %o : !acc
      %more = spirv.SLessThan %iv, %lo : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %s0 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %s1 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %t0 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %o : !a, !b -> !acc
      %t1 = spirv.FAdd %t0, %s1 : !acc
      %sum = spirv.FAdd %t1, %s0 : !acc
      %next = spirv.IAdd %iv, %c32 : i32
      spirv.Branch ^header(%next, %sum : i32, !acc)
    ^merge:
      spirv.mlir.merge
    }
    %o0 = spirv.Load "Function" %r0 : !acc
    %r1 = spirv.Variable : !spirv.ptr<!acc, Function>
    spirv.mlir.loop {
      spirv.Branch ^header(%lo, %o0 : i32, !acc)
    ^header(%iv : i32, %c : !acc):
      spirv.Store "Function" %r1, %c : !acc
      %more = spirv.SLessThan %iv, %hi : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %d = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %c : !a, !b -> !acc
      %next = spirv.IAdd %iv, %c32 : i32
      spirv.Branch ^header(%next, %d : i32, !acc)
    ^merge:
      spirv.mlir.merge
    }
    spirv.ReturnValue %o0 : !acc
  }

  // PAIRED-LABEL: spirv.func @single_wide
  // PAIRED-NOT:     DontUnroll
  // PAIRED:         spirv.ReturnValue
  spirv.func @single_wide(%m : i32, %x : !a, %y : !b, %zeroacc : !acc) -> !acc "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %c32 = spirv.Constant 32 : i32
    %c128 = spirv.Constant 128 : i32
    %lo = spirv.IMul %m, %c128 : i32
    %m1 = spirv.IAdd %m, %one : i32
    %hi = spirv.IMul %m1, %c128 : i32
    %r0 = spirv.Variable : !spirv.ptr<!acc, Function>
    spirv.mlir.loop {
      spirv.Branch ^header(%zero, %zeroacc : i32, !acc)
    ^header(%iv : i32, %o : !acc):
      spirv.Store "Function" %r0, %o : !acc
      %more = spirv.SLessThan %iv, %lo : i32
      spirv.BranchConditional %more, ^body, ^merge
    ^body:
      %s0 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %s1 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %s2 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %s3 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %zeroacc : !a, !b -> !acc
      %t0 = spirv.KHR.CooperativeMatrixMulAdd %x, %y, %o : !a, !b -> !acc
      %t1 = spirv.FAdd %t0, %s1 : !acc
      %t2 = spirv.FAdd %t1, %s2 : !acc
      %t3 = spirv.FAdd %t2, %s3 : !acc
      %sum = spirv.FAdd %t3, %s0 : !acc
      %next = spirv.IAdd %iv, %c32 : i32
      spirv.Branch ^header(%next, %sum : i32, !acc)
    ^merge:
      spirv.mlir.merge
    }
    %o0 = spirv.Load "Function" %r0 : !acc
    spirv.ReturnValue %o0 : !acc
  }
}
