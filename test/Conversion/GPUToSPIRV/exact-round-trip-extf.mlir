// RUN: triton-spirv-opt %s --convert-kernel-to-spirv --spirv-keep-arithmetic-exact | FileCheck %s

// A value rounded to a narrower float and widened back must keep the rounding:
// the widening is marked exact (NoContraction) so that drivers do not fold
// extf(truncf(x)) into x, nor extf(sitofp(x)) into an exact conversion (Mesa
// 25: int32 -> f32 -> f64 kept every bit of the int32), nor fptosi(truncf(x))
// into fptosi(x). A widening of a value loaded from a buffer stays unmarked,
// and so do narrowings.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Float16, Float64, StorageBuffer16BitAccess, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer, SPV_KHR_16bit_storage]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @round_trip
    // CHECK:         %[[H:.*]] = spirv.FConvert %{{[^ ]*}} : f32 to f16
    // CHECK:         spirv.FConvert %[[H]] {no_contraction} : f16 to f32
    // CHECK:         %[[D:.*]] = spirv.FConvert %{{.*}} : f64 to f32
    // CHECK:         spirv.FConvert %[[D]] {no_contraction} : f32 to f64
    // CHECK:         %[[LOADED:.*]] = spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 2] : f16
    // CHECK:         spirv.FConvert %[[LOADED]] : f16 to f32
    // CHECK:         %[[S:.*]] = spirv.ConvertSToF %{{.*}} : i32 to f32
    // CHECK:         spirv.FConvert %[[S]] {no_contraction} : f32 to f64
    // CHECK:         %[[U:.*]] = spirv.ConvertUToF %{{.*}} : i32 to f32
    // CHECK:         spirv.FConvert %[[U]] {no_contraction} : f32 to f64
    // CHECK:         %[[N:.*]] = spirv.FConvert %{{[^ ]*}} : f32 to f16
    // CHECK:         spirv.ConvertFToS %[[N]] {no_contraction} : f16 to i32
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
      %bits = arith.bitcast %v : f32 to i32
      %signed = arith.sitofp %bits : i32 to f32
      %swide = arith.extf %signed : f32 to f64
      memref.store %swide, %d[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      %unsigned = arith.uitofp %bits : i32 to f32
      %uwide = arith.extf %unsigned : f32 to f64
      memref.store %uwide, %d[%c1] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      %half = arith.truncf %v : f32 to f16
      %int = arith.fptosi %half : f16 to i32
      %intf = arith.bitcast %int : i32 to f32
      memref.store %intf, %x[%c1] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
