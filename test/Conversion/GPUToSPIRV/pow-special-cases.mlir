// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// math.powf follows C's pow (libdevice's): GL.Pow sees only |x|, and selects
// give the cases GLSL.std.450 leaves undefined or drivers differ on: a
// negative base (sign of odd integer powers, NaN for finite bases and
// fractional exponents), a zero base, NaN operands, pow(+-1, y), pow(x, 0).
// Devices without f64 (here: no Float64 capability) take f32's |x|^y from
// GL.Pow; pow-float32-through-float64.mlir has the others.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Float16, Int16, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @pow_f32
    // CHECK-DAG:     %[[NAN:.*]] = spirv.Constant 0x7FC00000 : f32
    // CHECK-DAG:     %[[INF:.*]] = spirv.Constant 0x7F800000 : f32
    // CHECK-DAG:     %[[ZERO:.*]] = spirv.Constant 0.000000e+00 : f32
    // CHECK-DAG:     %[[ONE:.*]] = spirv.Constant 1.000000e+00 : f32
    // CHECK:         %[[X:.*]] = spirv.Load "PhysicalStorageBuffer"
    // CHECK:         %[[Y:.*]] = spirv.Load "PhysicalStorageBuffer"
    // CHECK:         %[[AX:.*]] = spirv.GL.FAbs %[[X]] : f32
    // CHECK-NEXT:    %[[MAG:.*]] = spirv.GL.Pow %[[AX]], %[[Y]] : f32
    // CHECK-NEXT:    %[[UNIT:.*]] = spirv.FOrdEqual %[[AX]], %[[ONE]] : f32
    // CHECK-NEXT:    %[[MAG1:.*]] = spirv.Select %[[UNIT]], %[[ONE]], %[[MAG]] : i1, f32
    // Odd integer y: y - 2 floor(y / 2) = 1 (false for infinities and NaN).
    // CHECK:         %[[ODD:.*]] = spirv.FOrdEqual %{{.*}}, %[[ONE]] : f32
    // CHECK-NEXT:    %[[NEG:.*]] = spirv.FOrdLessThan %[[X]], %[[ZERO]] : f32
    // CHECK-NEXT:    %[[MINUS:.*]] = spirv.FNegate %[[MAG1]] : f32
    // CHECK-NEXT:    %[[NEGODD:.*]] = spirv.LogicalAnd %[[NEG]], %[[ODD]] : i1
    // CHECK-NEXT:    %[[SIGNED:.*]] = spirv.Select %[[NEGODD]], %[[MINUS]], %[[MAG1]] : i1, f32
    // CHECK-NEXT:    %[[FRACTION:.*]] = spirv.FUnordNotEqual %{{.*}}, %[[Y]] : f32
    // CHECK-NEXT:    %[[FINITE:.*]] = spirv.FOrdNotEqual %[[AX]], %[[INF]] : f32
    // CHECK:         %[[NOREAL:.*]] = spirv.LogicalAnd %{{.*}}, %[[FRACTION]] : i1
    // CHECK-NEXT:    %[[R1:.*]] = spirv.Select %[[NOREAL]], %[[NAN]], %[[SIGNED]] : i1, f32
    // CHECK-NEXT:    %[[YNEG:.*]] = spirv.FOrdLessThan %[[Y]], %[[ZERO]] : f32
    // CHECK-NEXT:    %[[ZMAG:.*]] = spirv.Select %[[YNEG]], %[[INF]], %[[ZERO]] : i1, f32
    // CHECK:         %[[ZRES:.*]] = spirv.Select %[[ODD]], %{{.*}}, %[[ZMAG]] : i1, f32
    // CHECK-NEXT:    %[[XZERO:.*]] = spirv.FOrdEqual %[[X]], %[[ZERO]] : f32
    // CHECK-NEXT:    %[[R2:.*]] = spirv.Select %[[XZERO]], %[[ZRES]], %[[R1]] : i1, f32
    // CHECK-NEXT:    spirv.IsNan %[[X]]
    // CHECK-NEXT:    spirv.IsNan %[[Y]]
    // CHECK-NEXT:    %[[ANYNAN:.*]] = spirv.LogicalOr
    // CHECK-NEXT:    %[[R3:.*]] = spirv.Select %[[ANYNAN]], %[[NAN]], %[[R2]] : i1, f32
    // CHECK-NEXT:    %[[XONE:.*]] = spirv.FOrdEqual %[[X]], %[[ONE]] : f32
    // CHECK-NEXT:    %[[R4:.*]] = spirv.Select %[[XONE]], %[[ONE]], %[[R3]] : i1, f32
    // CHECK-NEXT:    %[[YZERO:.*]] = spirv.FOrdEqual %[[Y]], %[[ZERO]] : f32
    // CHECK-NEXT:    %[[R5:.*]] = spirv.Select %[[YZERO]], %[[ONE]], %[[R4]] : i1, f32
    // CHECK:         spirv.Store "PhysicalStorageBuffer" %{{.*}}, %[[R5]]
    gpu.func @pow_f32(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = memref.load %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %y = memref.load %m[%c1] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %p = math.powf %x, %y : f32
      memref.store %p, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // Vectors of f16 alike, with splat constants; no upstream sign handling
    // (its integer conversion of y) remains.
    // CHECK-LABEL: spirv.func @pow_f16_vector
    // CHECK:         %[[AXV:.*]] = spirv.GL.FAbs %{{.*}} : vector<2xf16>
    // CHECK-NEXT:    spirv.GL.Pow %[[AXV]], %{{.*}} : vector<2xf16>
    // CHECK-NOT:     spirv.ConvertFToS
    // CHECK:         spirv.Select %{{.*}} : vector<2xi1>, vector<2xf16>
    // CHECK:         spirv.Return
    gpu.func @pow_f16_vector(%m: memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = memref.load %m[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      %y = memref.load %m[%c1] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      %xv = vector.broadcast %x : f16 to vector<2xf16>
      %yv = vector.broadcast %y : f16 to vector<2xf16>
      %p = math.powf %xv, %yv : vector<2xf16>
      %p1 = vector.extract %p[1] : f16 from vector<2xf16>
      memref.store %p1, %m[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
