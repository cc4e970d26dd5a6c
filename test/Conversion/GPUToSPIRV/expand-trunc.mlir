// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// math.trunc (libdevice's trunc: FlagGems' division toward zero) has no
// SPIR-V dialect op: the floor of the magnitude with the operand's sign.
// CHECK-LABEL: spirv.func @truncate
// CHECK:         %[[ABS:.*]] = spirv.GL.FAbs %[[X:.*]] : f32
// CHECK:         %[[FLOOR:.*]] = spirv.GL.Floor %[[ABS]] : f32
// CHECK:         spirv.Bitcast %[[FLOOR]] : f32 to i32
// CHECK:         spirv.Bitcast %[[X]] : f32 to i32
// CHECK:         spirv.BitwiseOr
// CHECK-NOT:     math.trunc
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    gpu.func @truncate(%out: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %x: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %t = math.trunc %x : f32
      %c0 = arith.constant 0 : index
      memref.store %t, %out[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
