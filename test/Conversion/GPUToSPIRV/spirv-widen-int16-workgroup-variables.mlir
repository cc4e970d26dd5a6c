// RUN: triton-spirv-opt %s --spirv-widen-int16-workgroup-variables | FileCheck %s

// A scan's i16 block staged in workgroup memory is held in i32: stores
// sign-extend, loads truncate (keeping their memory-access attributes).
// Vectors of i16 widen element-wise; f16 and i8 data, and an i16 buffer
// whose address is chosen at run time, keep their types.
spirv.module PhysicalStorageBuffer64 GLSL450 {
  // CHECK-DAG: spirv.GlobalVariable @block : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32>)>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @pairs : !spirv.ptr<!spirv.array<8 x vector<2xi32>>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @halves : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f16>)>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @bytes : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i8>)>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @chosen_a : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Workgroup>
  // CHECK-DAG: spirv.GlobalVariable @private_value : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Private>
  spirv.GlobalVariable @block : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i16>)>, Workgroup>
  spirv.GlobalVariable @pairs : !spirv.ptr<!spirv.array<8 x vector<2xi16>>, Workgroup>
  spirv.GlobalVariable @halves : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f16>)>, Workgroup>
  spirv.GlobalVariable @bytes : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i8>)>, Workgroup>
  spirv.GlobalVariable @chosen_a : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Workgroup>
  spirv.GlobalVariable @chosen_b : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Workgroup>
  spirv.GlobalVariable @private_value : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Private>
  // CHECK-LABEL: spirv.func @scan_step
  spirv.func @scan_step(%index: i32, %value: i16, %pair: vector<2xi16>, %flag: i1) -> i16 "None" {
    %zero = spirv.Constant 0 : i32
    // CHECK: %[[B:.*]] = spirv.mlir.addressof @block : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32>)>, Workgroup>
    // CHECK: %[[P:.*]] = spirv.AccessChain %[[B]]{{.*}} -> !spirv.ptr<i32, Workgroup>
    // CHECK: %[[WIDE:.*]] = spirv.SConvert %{{.*}} : i16 to i32
    // CHECK: spirv.Store "Workgroup" %[[P]], %[[WIDE]] : i32
    // CHECK: %[[LOADED:.*]] = spirv.Load "Workgroup" %[[P]] ["Volatile"] : i32
    // CHECK: %[[NARROW:.*]] = spirv.SConvert %[[LOADED]] : i32 to i16
    // CHECK: spirv.SLessThan %[[NARROW]], %{{.*}} : i16
    %b = spirv.mlir.addressof @block : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i16>)>, Workgroup>
    %p = spirv.AccessChain %b[%zero, %index] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i16>)>, Workgroup>, i32, i32 -> !spirv.ptr<i16, Workgroup>
    spirv.Store "Workgroup" %p, %value : i16
    %loaded = spirv.Load "Workgroup" %p ["Volatile"] : i16
    %less = spirv.SLessThan %loaded, %value : i16
    %min = spirv.Select %less, %loaded, %value : i1, i16
    // CHECK: spirv.AccessChain {{.*}} -> !spirv.ptr<vector<2xi32>, Workgroup>
    // CHECK: spirv.SConvert %{{.*}} : vector<2xi16> to vector<2xi32>
    // CHECK: spirv.Load "Workgroup" %{{.*}} : vector<2xi32>
    // CHECK: spirv.SConvert %{{.*}} : vector<2xi32> to vector<2xi16>
    %v = spirv.mlir.addressof @pairs : !spirv.ptr<!spirv.array<8 x vector<2xi16>>, Workgroup>
    %v0 = spirv.AccessChain %v[%index] : !spirv.ptr<!spirv.array<8 x vector<2xi16>>, Workgroup>, i32 -> !spirv.ptr<vector<2xi16>, Workgroup>
    spirv.Store "Workgroup" %v0, %pair : vector<2xi16>
    %pair_loaded = spirv.Load "Workgroup" %v0 : vector<2xi16>
    // CHECK: spirv.Load "Workgroup" %{{.*}} : f16
    %h = spirv.mlir.addressof @halves : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f16>)>, Workgroup>
    %h0 = spirv.AccessChain %h[%zero, %index] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f16>)>, Workgroup>, i32, i32 -> !spirv.ptr<f16, Workgroup>
    %half = spirv.Load "Workgroup" %h0 : f16
    // CHECK: spirv.Load "Workgroup" %{{.*}} : i8
    %y = spirv.mlir.addressof @bytes : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i8>)>, Workgroup>
    %y0 = spirv.AccessChain %y[%zero, %index] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i8>)>, Workgroup>, i32, i32 -> !spirv.ptr<i8, Workgroup>
    %byte = spirv.Load "Workgroup" %y0 : i8
    // CHECK: spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : i1, !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Workgroup>
    %a = spirv.mlir.addressof @chosen_a : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Workgroup>
    %c = spirv.mlir.addressof @chosen_b : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Workgroup>
    %chosen = spirv.Select %flag, %a, %c : i1, !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Workgroup>
    %c0 = spirv.AccessChain %chosen[%zero, %zero] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Workgroup>, i32, i32 -> !spirv.ptr<i16, Workgroup>
    spirv.Store "Workgroup" %c0, %value : i16
    %q = spirv.mlir.addressof @private_value : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Private>
    %q0 = spirv.AccessChain %q[%zero, %zero] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x i16>)>, Private>, i32, i32 -> !spirv.ptr<i16, Private>
    spirv.Store "Private" %q0, %min : i16
    spirv.ReturnValue %min : i16
  }
}
