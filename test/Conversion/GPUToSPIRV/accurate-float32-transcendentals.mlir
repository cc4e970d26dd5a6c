// RUN: triton-spirv-opt %s --convert-kernel-to-spirv="accurate-transcendentals=true" | FileCheck %s
// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s --check-prefix=GLSL

// Where the driver's GLSL sin/cos/log/log2 are accurate only in absolute terms
// (NVIDIA: millions of ulp near their zeros), they become arithmetic: sin and
// cos reduce x by pi/2 in f64 and evaluate polynomials in f32; log and log2
// split x into 2^e * m. exp2 is GL.Exp2 either way (f64 stays expanded).
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Float16, Int16, Float64, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @sin_cos_v2f32
    // CHECK-NOT:     spirv.GL.Sin
    // CHECK:         %[[X:.*]] = spirv.Load {{.*}} : vector<2xf32>
    // CHECK:         %[[XD:.*]] = spirv.FConvert %[[X]] {{.*}}: vector<2xf32> to vector<2xf64>
    // CHECK:         spirv.FMul %[[XD]], %{{.*}} : vector<2xf64>
    // CHECK:         %[[K:.*]] = spirv.GL.RoundEven %{{.*}} : vector<2xf64>
    // CHECK:         spirv.FConvert %{{.*}} : vector<2xf64> to vector<2xf32>
    // CHECK:         spirv.Select
    // CHECK-NOT:     spirv.GL.Cos
    // CHECK:         spirv.Store
    // GLSL-LABEL: spirv.func @sin_cos_v2f32
    // GLSL:         spirv.GL.Sin %{{.*}} : vector<2xf32>
    // GLSL:         spirv.GL.Cos %{{.*}} : vector<2xf32>
    gpu.func @sin_cos_v2f32(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %x = vector.load %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<2xf32>
      %s = math.sin %x : vector<2xf32>
      %c = math.cos %x : vector<2xf32>
      vector.store %s, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<2xf32>
      vector.store %c, %m[%c2] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<2xf32>
      gpu.return
    }

    // CHECK-LABEL: spirv.func @log_log2_exp2_f32
    // CHECK-NOT:     spirv.GL.Log
    // CHECK:         %[[BITS:.*]] = spirv.Bitcast %{{.*}} : f32 to i32
    // CHECK:         spirv.ShiftRightLogical %[[BITS]], %{{.*}} : i32, i32
    // CHECK:         spirv.BitwiseAnd %[[BITS]], %{{.*}} : i32
    // CHECK:         spirv.GL.Exp2 %{{.*}} : f32
    // GLSL-LABEL: spirv.func @log_log2_exp2_f32
    // GLSL:         spirv.GL.Log %{{.*}} : f32
    // GLSL:         spirv.GL.Log %{{.*}} : f32
    // GLSL:         spirv.GL.Exp2 %{{.*}} : f32
    gpu.func @log_log2_exp2_f32(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %x = memref.load %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %l = math.log %x : f32
      %l2 = math.log2 %x : f32
      %e2 = math.exp2 %x : f32
      memref.store %l, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      memref.store %l2, %m[%c1] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      memref.store %e2, %m[%c2] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
