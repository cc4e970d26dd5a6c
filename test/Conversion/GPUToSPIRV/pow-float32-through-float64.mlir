// RUN: triton-spirv-opt %s --convert-kernel-to-spirv --spirv-keep-arithmetic-exact | FileCheck %s

// Where the device has f64, f32 pow is 2^(y * log2|x|) in f64, rounded once
// (GL.Pow rounds y * log2|x| to f32 first, which costs that many ulps:
// pow(x, 100.001) was 7.9e-6 off on lavapipe); C's special cases are selected
// around it as before.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Float16, Int16, Float64, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @pow_f32
    // CHECK-NOT:     spirv.GL.Pow
    // CHECK:         %[[AX:.*]] = spirv.GL.FAbs %{{.*}} : f32
    // CHECK:         spirv.FConvert %[[AX]] {no_contraction} : f32 to f64
    // CHECK-NOT:     spirv.GL.Exp2 %{{.*}} : f32
    // CHECK:         %[[POWER:.*]] = spirv.FConvert %{{.*}} : f64 to f32
    // CHECK:         spirv.FOrdEqual %[[AX]], %{{.*}} : f32
    // CHECK-NEXT:    spirv.Select %{{.*}}, %{{.*}}, %[[POWER]] : i1, f32
    // CHECK-NOT:     spirv.GL.Pow
    // CHECK:         spirv.Return
    gpu.func @pow_f32(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = memref.load %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %y = memref.load %m[%c1] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %p = math.powf %x, %y : f32
      memref.store %p, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // f16 keeps GL.Pow: its 11-bit significand hides GL.Pow's f32 error.
    // CHECK-LABEL: spirv.func @pow_f16
    // CHECK:         spirv.GL.Pow %{{.*}} : f16
    gpu.func @pow_f16(%m: memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = memref.load %m[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      %y = memref.load %m[%c1] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      %p = math.powf %x, %y : f16
      memref.store %p, %m[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // f64: the same cases around exp(y log |x|) in f64 arithmetic.
    // CHECK-LABEL: spirv.func @pow_f64
    // CHECK-NOT:     spirv.GL.Pow
    // CHECK:         spirv.IsNan %{{.*}} : f64
    // CHECK:         spirv.Return
    gpu.func @pow_f64(%m: memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = memref.load %m[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      %y = memref.load %m[%c1] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      %p = math.powf %x, %y : f64
      memref.store %p, %m[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
