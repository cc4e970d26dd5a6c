// RUN: triton-spirv-opt %s --convert-kernel-to-spirv --verify-diagnostics

// GLSL.std.450 transcendentals are 16/32-bit: f64 ones get a diagnostic
// naming the op (its location is the kernel's source line); f64 sqrt works,
// and the exp/log family, erf/erfc, tanh/sinh/cosh, their inverses, cbrt,
// sin/cos/tan and atan/asin/acos are expanded (Float64Math.cpp); what is left
// (math.fpowi, which Triton does not emit) gets the diagnostic.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Float64], []>, #spirv.resource_limits<>>} {
    gpu.func @fpowi_f64(%out: memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>, %x: f64, %n: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %s = math.sqrt %x : f64
      // expected-error @below {{'math.fpowi' on f64 has no SPIR-V lowering yet (GLSL.std.450 transcendentals are 16/32-bit)}}
      %p = math.fpowi %s, %n : f64, i32
      %c0 = arith.constant 0 : index
      memref.store %p, %out[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
