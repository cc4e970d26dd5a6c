// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// arith.remsi: the remainder of the magnitudes (read unsigned, right for the
// most negative value too), negated when the dividend is negative. The sign
// comes from `lhs < 0`, not from `lhs == |lhs|` (true for INT_MIN).
// CHECK-LABEL: spirv.func @remainder
// CHECK:         %[[A:.*]] = spirv.GL.SAbs %[[X:.*]] : i32
// CHECK:         %[[B:.*]] = spirv.GL.SAbs %[[Y:.*]] : i32
// CHECK:         %[[M:.*]] = spirv.UMod %[[A]], %[[B]] : i32
// CHECK:         %[[NEG:.*]] = spirv.SLessThan %[[X]], %{{.*}} : i32
// CHECK:         %[[N:.*]] = spirv.SNegate %[[M]] : i32
// CHECK:         spirv.Select %[[NEG]], %[[N]], %[[M]] : i1, i32
// CHECK-NOT:     spirv.IEqual
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    gpu.func @remainder(%out: memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %x: i32, %y: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %r = arith.remsi %x, %y : i32
      %c0 = arith.constant 0 : index
      memref.store %r, %out[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
