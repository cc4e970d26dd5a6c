// RUN: triton-spirv-opt %s --split-input-file --convert-kernel-to-spirv --spirv-keep-arithmetic-exact | FileCheck %s

// Vulkan asks only an absolute error of GLSL.std.450's f32 tanh, atan, log,
// exp... so libdevice's tanh, expm1, asinh (lavapipe: hundreds of ulp near
// 0), asin/acos (thousands) and erfc go through the f64 expansions where the
// device has f64, rounded once; so does cbrt, which GLSL.std.450 lacks.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Float16, Int16, Float64, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @tanh_f32
    // CHECK:         %[[X:.*]] = spirv.Load {{.*}} : f32
    // CHECK:         spirv.FConvert %[[X]] : f32 to f64
    // CHECK-NOT:     spirv.GL.Tanh
    // CHECK:         %[[T:.*]] = spirv.FConvert %{{.*}} : f64 to f32
    // CHECK:         spirv.Store {{.*}} %[[T]]
    gpu.func @tanh_f32(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %t = math.tanh %x : f32
      memref.store %t, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // Vectors (vectorized runs) lane by lane.
    // CHECK-LABEL: spirv.func @cbrt_v2f32
    // CHECK:         %[[V:.*]] = spirv.Load {{.*}} : vector<2xf32>
    // CHECK:         %[[L0:.*]] = spirv.CompositeExtract %[[V]][0 : i32]
    // CHECK:         spirv.FConvert %[[L0]] {no_contraction} : f32 to f64
    // CHECK:         %[[R0:.*]] = spirv.FConvert %{{.*}} : f64 to f32
    // CHECK:         %[[L1:.*]] = spirv.CompositeExtract %[[V]][1 : i32]
    // CHECK:         spirv.FConvert %[[L1]] {no_contraction} : f32 to f64
    // CHECK:         %[[R1:.*]] = spirv.FConvert %{{.*}} : f64 to f32
    // CHECK:         spirv.CompositeConstruct %[[R0]], %[[R1]] : (f32, f32) -> vector<2xf32>
    gpu.func @cbrt_v2f32(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %x = vector.load %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<2xf32>
      %t = math.cbrt %x : vector<2xf32>
      vector.store %t, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<2xf32>
      gpu.return
    }

    // f64 log1p: log(u) plus what rounding u = 1 + x lost, (x - (u - 1)) / u
    // (a plain log(1 + x) was 65 ulp off at x = 0.015).
    // CHECK-LABEL: spirv.func @log1p_f64
    // CHECK:         %[[X:.*]] = spirv.Load {{.*}} : f64
    // CHECK:         %[[U:.*]] = spirv.FAdd %[[X]], %[[ONE:.*]] {no_contraction} : f64
    // CHECK:         %[[UM1:.*]] = spirv.FSub %[[U]], %[[ONE]] {no_contraction} : f64
    // CHECK:         %[[LOST:.*]] = spirv.FSub %[[X]], %[[UM1]] {no_contraction} : f64
    // CHECK:         %[[REL:.*]] = spirv.FDiv %[[LOST]], %[[U]] {no_contraction} : f64
    // CHECK:         spirv.FAdd %{{.*}}, %[[REL]] {no_contraction} : f64
    gpu.func @log1p_f64(%m: memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      %t = math.log1p %x : f64
      memref.store %t, %m[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // f64 expm1 for |x| <= 40: 2^k (r q(r)) + (2^k - 1), q(r) = (e^r - 1) / r,
    // nothing cancelling; exp(x) - 1 beyond.
    // CHECK-LABEL: spirv.func @expm1_f64
    // CHECK:         %[[X:.*]] = spirv.Load {{.*}} : f64
    // CHECK:         %[[NEAR:.*]] = spirv.FOrdLessThanEqual %{{.*}}, %{{.*}} : f64
    // CHECK:         %[[EXPX:.*]] = spirv.Select %{{.*}}, %[[X]], %{{.*}} : i1, f64
    // CHECK-NEXT:    %[[FAR:.*]] = spirv.FSub %[[EXPX]], %[[ONE:.*]] {no_contraction} : f64
    // CHECK:         %[[SCALE:.*]] = spirv.Bitcast %{{.*}} : i64 to f64
    // CHECK:         %[[SM1:.*]] = spirv.FSub %[[SCALE]], %[[ONE]] {no_contraction} : f64
    // CHECK:         %[[RQ:.*]] = spirv.FMul
    // CHECK:         %[[E:.*]] = spirv.GL.Fma %[[SCALE]], %[[RQ]], %[[SM1]] {no_contraction} : f64
    // CHECK:         spirv.Select %[[NEAR]], %[[E]], %[[FAR]] : i1, f64
    gpu.func @expm1_f64(%m: memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      %t = math.expm1 %x : f64
      memref.store %t, %m[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}

// -----

// Without f64: GLSL.std.450's tanh stays; cbrt is e^(log|x| / 3) and a
// Newton step in f32 (f16 computes in f32).
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Float16, Int16, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @tanh_no_f64
    // CHECK:         spirv.GL.Tanh %{{.*}} : f32
    gpu.func @tanh_no_f64(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %t = math.tanh %x : f32
      memref.store %t, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // CHECK-LABEL: spirv.func @cbrt_no_f64
    // CHECK-NOT:     f64
    // CHECK:         %[[AX:.*]] = spirv.GL.FAbs %{{.*}} : f32
    // CHECK:         %[[LOG:.*]] = spirv.GL.Log %[[AX]] : f32
    // CHECK:         %[[Y:.*]] = spirv.GL.Exp %{{.*}} : f32
    // CHECK:         %[[Y2:.*]] = spirv.FMul %[[Y]], %[[Y]] : f32
    // CHECK:         %[[Q:.*]] = spirv.FDiv %[[AX]], %[[Y2]] : f32
    // CHECK:         spirv.FSub %[[Y]], %[[Q]] : f32
    // CHECK-NOT:     f64
    // CHECK:         spirv.Return
    gpu.func @cbrt_no_f64(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %t = math.cbrt %x : f32
      memref.store %t, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // CHECK-LABEL: spirv.func @cbrt_f16
    // CHECK:         spirv.FConvert %{{.*}} : f16 to f32
    // CHECK:         spirv.GL.Log %{{.*}} : f32
    // CHECK:         spirv.FConvert %{{.*}} : f32 to f16
    gpu.func @cbrt_f16(%m: memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      %t = math.cbrt %x : f16
      memref.store %t, %m[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
