// RUN: triton-spirv-opt %s --convert-kernel-to-spirv --spirv-keep-arithmetic-exact="exact-half-arithmetic=true" | FileCheck %s --check-prefix=CPU
// RUN: triton-spirv-opt %s --convert-kernel-to-spirv --spirv-keep-arithmetic-exact | FileCheck %s --check-prefix=GPU

// On a CPU device (lavapipe; the pipeline sets exact-half-arithmetic from the
// profile's device type), f16 arithmetic is NoContraction: llvmpipe computes
// it in f32, and its NIR folds the f16 rounding between two inexact ops
// (x + 1 + 1 in fp16 came out unrounded in between). f32 stays free.
// CPU-LABEL: spirv.func @chain
// CPU:         %[[A:.*]] = spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f16
// CPU:         spirv.FMul %[[A]], %{{.*}} {no_contraction} : f16
// CPU:         spirv.FMul %{{.*}}, %{{.*}} : f32

// A GPU keeps contracting f16 multiply-adds (as Triton-CUDA does).
// GPU-LABEL: spirv.func @chain
// GPU:         %[[A:.*]] = spirv.FAdd %{{[^ ]*}}, %{{[^ ]*}} : f16
// GPU:         spirv.FMul %[[A]], %{{[^ ]*}} : f16
// GPU:         spirv.FMul %{{[^ ]*}}, %{{[^ ]*}} : f32
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Float16, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, api=Vulkan, Unknown:CPU, #spirv.resource_limits<>>} {
    gpu.func @chain(%out: memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %out32: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %x: f16, %y: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %a = arith.addf %x, %x : f16
      %m = arith.mulf %a, %x : f16
      %q = arith.mulf %y, %y : f32
      %c0 = arith.constant 0 : index
      memref.store %m, %out[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      memref.store %q, %out32[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
