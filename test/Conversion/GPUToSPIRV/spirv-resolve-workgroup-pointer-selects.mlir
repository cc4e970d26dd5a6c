// RUN: triton-spirv-opt %s --spirv-resolve-workgroup-pointer-selects | FileCheck %s

// An `if` yielding one of two staged blocks: the element is read from both
// buffers and the value selected; a store writes the chosen buffer only; a
// choice among three buffers (nested selects) resolves too, its loads keeping
// their memory access (lavapipe makes workgroup accesses Volatile).
spirv.module Logical GLSL450 {
  spirv.GlobalVariable @then_block : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
  spirv.GlobalVariable @else_block : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
  spirv.GlobalVariable @third_block : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
  // CHECK-LABEL: spirv.func @choose
  // CHECK-NOT:     spirv.Select {{.*}}!spirv.ptr
  // CHECK:         %[[T:.*]] = spirv.AccessChain %{{.*}}[%{{.*}}, %[[I:.*]]] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
  // CHECK:         %[[E:.*]] = spirv.AccessChain %{{.*}}[%{{.*}}, %[[I]]]
  // CHECK:         %[[TV:.*]] = spirv.Load "Workgroup" %[[T]] : i64
  // CHECK:         %[[EV:.*]] = spirv.Load "Workgroup" %[[E]] : i64
  // CHECK:         %[[V:.*]] = spirv.Select %[[C:.*]], %[[TV]], %[[EV]] : i1, i64
  // CHECK:         %[[NOT:.*]] = spirv.LogicalNot %[[C]]
  // CHECK:         spirv.mlir.selection {
  // CHECK:           spirv.BranchConditional %[[C]]
  // CHECK:           spirv.Store "Workgroup" %[[T]], %[[V]] : i64
  // CHECK:         spirv.mlir.selection {
  // CHECK:           spirv.BranchConditional %[[NOT]]
  // CHECK:           spirv.Store "Workgroup" %[[E]], %[[V]] : i64
  // CHECK-COUNT-3: spirv.Load "Workgroup" %{{.*}} ["Volatile"] : i64
  // CHECK-NOT:     spirv.Select {{.*}}!spirv.ptr
  // CHECK:         spirv.Return
  spirv.func @choose(%flag: i1, %other: i1, %index: i32, %out: !spirv.ptr<i64, Function>) "None" {
    %zero = spirv.Constant 0 : i32
    %a = spirv.mlir.addressof @then_block : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
    %b = spirv.mlir.addressof @else_block : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
    %c = spirv.mlir.addressof @third_block : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
    %chosen = spirv.Select %flag, %a, %b : i1, !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
    %element = spirv.AccessChain %chosen[%zero, %index] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>, i32, i32 -> !spirv.ptr<i64, Workgroup>
    %value = spirv.Load "Workgroup" %element : i64
    spirv.Store "Workgroup" %element, %value : i64
    %inner = spirv.Select %other, %a, %c : i1, !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
    %outer = spirv.Select %flag, %inner, %b : i1, !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>
    %nested = spirv.AccessChain %outer[%zero, %index] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i64>)>, Workgroup>, i32, i32 -> !spirv.ptr<i64, Workgroup>
    %nestedValue = spirv.Load "Workgroup" %nested ["Volatile"] : i64
    spirv.Store "Function" %out, %nestedValue : i64
    spirv.Return
  }
}
