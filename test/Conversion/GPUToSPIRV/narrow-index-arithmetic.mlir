// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// An i64 offset chain (i32 offsets sign-extended, scaled, added) that ends as
// a 32-bit SPIR-V index is computed in i32: no 64-bit arithmetic remains.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @row_offset
    // CHECK-SAME:    %{{.*}}: !spirv.ptr{{.*}}, %[[ROW:[a-z0-9]+]]: i32 {{.*}}, %[[STRIDE:[a-z0-9]+]]: i32 {{.*}}, %[[COL:[a-z0-9]+]]: i32
    // CHECK-NOT:     SConvert
    // CHECK:         %[[SCALED:.*]] = spirv.IMul %[[ROW]], %[[STRIDE]] : i32
    // CHECK:         %[[SUM:.*]] = spirv.IAdd %[[SCALED]], %[[COL]] : i32
    // CHECK:         %[[PLUS:.*]] = spirv.IAdd %[[SUM]], %{{.*}} : i32
    // CHECK:         spirv.AccessChain %{{.*}}[%{{.*}}, %[[PLUS]]]
    // CHECK-NOT:     SConvert
    gpu.func @row_offset(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %row: i32, %stride: i32, %col: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c5 = arith.constant 5 : i64
      %r = arith.extsi %row : i32 to i64
      %s = arith.extsi %stride : i32 to i64
      %c = arith.extsi %col : i32 to i64
      %scaled = arith.muli %r, %s : i64
      %sum = arith.addi %scaled, %c : i64
      %plus = arith.addi %sum, %c5 : i64
      %index = arith.index_cast %plus : i64 to index
      %x = memref.load %m[%index] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %c0 = arith.constant 0 : index
      memref.store %x, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // An i64 comparison of sign-extended i32 values, or of one against a
    // constant that fits in i32, compares the i32 values; a constant beyond
    // i32 keeps the comparison 64-bit.
    // CHECK-LABEL: spirv.func @compares
    // CHECK-SAME:    %[[A:[a-z0-9]+]]: i32 {{.*}}, %[[B:[a-z0-9]+]]: i32
    // CHECK-DAG:     spirv.SLessThan %[[A]], %{{.*}} : i32
    // CHECK-DAG:     spirv.UGreaterThanEqual %[[A]], %[[B]] : i32
    // CHECK-DAG:     spirv.SLessThan %[[B]], %{{.*}} : i32
    // CHECK-DAG:     spirv.SLessThan %{{.*}}, %{{.*}} : i64
    gpu.func @compares(%m: memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %a: i32, %b: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %one = arith.constant 1 : i64
      %big = arith.constant 1099511627776 : i64
      %wa = arith.extsi %a : i32 to i64
      %wb = arith.extsi %b : i32 to i64
      %lt = arith.cmpi slt, %wa, %one : i64
      %uge = arith.cmpi uge, %wa, %wb : i64
      %gt = arith.cmpi sgt, %one, %wb : i64
      %far = arith.cmpi slt, %wa, %big : i64
      %all = arith.andi %lt, %uge : i1
      %all2 = arith.andi %all, %gt : i1
      %all3 = arith.andi %all2, %far : i1
      %v = arith.extui %all3 : i1 to i32
      %c0 = arith.constant 0 : index
      memref.store %v, %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
