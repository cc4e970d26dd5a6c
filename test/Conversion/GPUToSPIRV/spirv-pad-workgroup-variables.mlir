// RUN: triton-spirv-opt %s --spirv-pad-workgroup-variables | FileCheck %s

// A reduction's 4-byte result, an 8-byte fp64 one and three fp64 values are
// rounded up to 16 or 32 bytes; the staged f16 operands (2560 bytes) and
// a buffer whose address is chosen at run time keep their types; element
// pointers are unchanged.
spirv.module PhysicalStorageBuffer64 GLSL450 {
  // CHECK-DAG: spirv.GlobalVariable @result : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32>)>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @result64 : !spirv.ptr<!spirv.array<2 x f64>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @three : !spirv.ptr<!spirv.struct<(!spirv.array<4 x f64>)>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @operands : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xf16>>)>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @chosen_a : !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32>)>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @chosen_b : !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32>)>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @private_value : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i32>)>, Private>
  spirv.GlobalVariable @result : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i32>)>, Workgroup>
  spirv.GlobalVariable @result64 : !spirv.ptr<!spirv.array<1 x f64>, Workgroup>
  spirv.GlobalVariable @three : !spirv.ptr<!spirv.struct<(!spirv.array<3 x f64>)>, Workgroup>
  spirv.GlobalVariable @operands : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xf16>>)>, Workgroup>
  spirv.GlobalVariable @chosen_a : !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32>)>, Workgroup>
  spirv.GlobalVariable @chosen_b : !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32>)>, Workgroup>
  spirv.GlobalVariable @private_value : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i32>)>, Private>
  // CHECK-LABEL: spirv.func @use
  spirv.func @use(%flag: i1, %value: i32) "None" {
    %zero = spirv.Constant 0 : i32
    // CHECK: %[[R:.*]] = spirv.mlir.addressof @result : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i32>)>, Workgroup>
    // CHECK: spirv.AccessChain %[[R]]{{.*}} -> !spirv.ptr<i32, Workgroup>
    %r = spirv.mlir.addressof @result : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i32>)>, Workgroup>
    %r0 = spirv.AccessChain %r[%zero, %zero] : !spirv.ptr<!spirv.struct<(!spirv.array<1 x i32>)>, Workgroup>, i32, i32 -> !spirv.ptr<i32, Workgroup>
    spirv.Store "Workgroup" %r0, %value : i32
    // CHECK: spirv.mlir.addressof @result64 : !spirv.ptr<!spirv.array<2 x f64>, Workgroup>
    %d = spirv.mlir.addressof @result64 : !spirv.ptr<!spirv.array<1 x f64>, Workgroup>
    %d0 = spirv.AccessChain %d[%zero] : !spirv.ptr<!spirv.array<1 x f64>, Workgroup>, i32 -> !spirv.ptr<f64, Workgroup>
    %t = spirv.mlir.addressof @three : !spirv.ptr<!spirv.struct<(!spirv.array<3 x f64>)>, Workgroup>
    %t0 = spirv.AccessChain %t[%zero, %zero] : !spirv.ptr<!spirv.struct<(!spirv.array<3 x f64>)>, Workgroup>, i32, i32 -> !spirv.ptr<f64, Workgroup>
    %x = spirv.Load "Workgroup" %d0 : f64
    spirv.Store "Workgroup" %t0, %x : f64
    // CHECK: spirv.mlir.addressof @operands : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xf16>>)>, Workgroup>
    %o = spirv.mlir.addressof @operands : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xf16>>)>, Workgroup>
    %o0 = spirv.AccessChain %o[%zero, %zero] : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xf16>>)>, Workgroup>, i32, i32 -> !spirv.ptr<vector<4xf16>, Workgroup>
    %h = spirv.Load "Workgroup" %o0 : vector<4xf16>
    spirv.Store "Workgroup" %o0, %h : vector<4xf16>
    // CHECK: spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : i1, !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32>)>, Workgroup>
    %a = spirv.mlir.addressof @chosen_a : !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32>)>, Workgroup>
    %b = spirv.mlir.addressof @chosen_b : !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32>)>, Workgroup>
    %c = spirv.Select %flag, %a, %b : i1, !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32>)>, Workgroup>
    %c0 = spirv.AccessChain %c[%zero, %zero] : !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32>)>, Workgroup>, i32, i32 -> !spirv.ptr<i32, Workgroup>
    spirv.Store "Workgroup" %c0, %value : i32
    spirv.Return
  }
}
