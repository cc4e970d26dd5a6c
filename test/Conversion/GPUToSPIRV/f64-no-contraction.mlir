// RUN: triton-spirv-opt %s --convert-kernel-to-spirv --spirv-keep-arithmetic-exact | FileCheck %s

// f64 arithmetic is NoContraction: drivers must not fuse or reassociate it
// (the f64 expansions rely on two-part constants staying two-part); f32
// arithmetic is left free.
// CHECK-LABEL: spirv.func @mixed
// CHECK:         spirv.FMul %{{.*}}, %{{.*}} {no_contraction} : f64
// CHECK:         spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f64
// CHECK:         spirv.FMul %{{.*}}, %{{.*}} : f32
// CHECK-NOT:     no_contraction
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Float64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    gpu.func @mixed(%out: memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %out32: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %x: f64, %y: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %p = arith.mulf %x, %x : f64
      %s = arith.addf %p, %x : f64
      %q = arith.mulf %y, %y : f32
      %c0 = arith.constant 0 : index
      memref.store %s, %out[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      memref.store %q, %out32[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
