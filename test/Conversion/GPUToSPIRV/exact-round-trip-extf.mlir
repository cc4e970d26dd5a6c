// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// A value rounded to a narrower float and widened back must keep the rounding:
// the widening is marked exact (NoContraction) so that drivers do not fold
// extf(truncf(x)) into x. A widening of a loaded value stays unmarked.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Float16, Float64, StorageBuffer16BitAccess, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer, SPV_KHR_16bit_storage]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @round_trip
    // CHECK:         %[[H:.*]] = spirv.FConvert %{{.*}} : f32 to f16
    // CHECK:         spirv.FConvert %[[H]] {no_contraction} : f16 to f32
    // CHECK:         %[[D:.*]] = spirv.FConvert %{{.*}} : f64 to f32
    // CHECK:         spirv.FConvert %[[D]] {no_contraction} : f32 to f64
    // CHECK:         %[[LOADED:.*]] = spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 2] : f16
    // CHECK:         spirv.FConvert %[[LOADED]] : f16 to f32
    gpu.func @round_trip(%x: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %d: memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %h: memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %v = memref.load %x[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %narrow = arith.truncf %v : f32 to f16
      %wide = arith.extf %narrow : f16 to f32
      memref.store %wide, %x[%c1] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %dv = memref.load %d[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      %dnarrow = arith.truncf %dv : f64 to f32
      %dwide = arith.extf %dnarrow : f32 to f64
      memref.store %dwide, %d[%c1] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      %hv = memref.load %h[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      %hwide = arith.extf %hv : f16 to f32
      memref.store %hwide, %x[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
