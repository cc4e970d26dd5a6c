// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// A reshape of a row-major workgroup buffer that reaches conversion (here one
// side of a select between two buffers, which fold-memref-alias-ops cannot
// fold into the load) is its source's pointer: both lower to one flat array.
// Fuzzer finding reshape_of_selected_workgroup_buffer.
// CHECK-LABEL: spirv.func @select_reshaped_buffer
// CHECK-DAG:     %[[FLAT:.*]] = spirv.mlir.addressof @{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<2 x f32>)>, Workgroup>
// CHECK-DAG:     %[[OTHER:.*]] = spirv.mlir.addressof @{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<2 x f32>)>, Workgroup>
// CHECK:         %[[CHOSEN:.*]] = spirv.Select %{{.*}}, %[[FLAT]], %[[OTHER]] : i1, !spirv.ptr<!spirv.struct<(!spirv.array<2 x f32>)>, Workgroup>
// CHECK:         spirv.AccessChain %[[CHOSEN]]
// CHECK-NOT:     memref.expand_shape
// CHECK-LABEL: spirv.func @collapse
// CHECK-NOT:     memref.collapse_shape
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses, VariablePointers], [SPV_KHR_physical_storage_buffer, SPV_KHR_variable_pointers]>, #spirv.resource_limits<>>} {
    gpu.func @select_reshaped_buffer(%out: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %flag: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %flat = memref.alloc() : memref<2xf32, #spirv.storage_class<Workgroup>>
      %other = memref.alloc() : memref<2x1xf32, #spirv.storage_class<Workgroup>>
      %shaped = memref.expand_shape %flat [[0, 1]] output_shape [2, 1] : memref<2xf32, #spirv.storage_class<Workgroup>> into memref<2x1xf32, #spirv.storage_class<Workgroup>>
      %take = arith.cmpi sgt, %flag, %zero : i32
      %chosen = arith.select %take, %shaped, %other : memref<2x1xf32, #spirv.storage_class<Workgroup>>
      %v = memref.load %chosen[%c1, %c0] : memref<2x1xf32, #spirv.storage_class<Workgroup>>
      memref.store %v, %out[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
    gpu.func @collapse(%out: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %flag: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %square = memref.alloc() : memref<2x2xf32, #spirv.storage_class<Workgroup>>
      %line = memref.alloc() : memref<4xf32, #spirv.storage_class<Workgroup>>
      %flat = memref.collapse_shape %square [[0, 1]] : memref<2x2xf32, #spirv.storage_class<Workgroup>> into memref<4xf32, #spirv.storage_class<Workgroup>>
      %take = arith.cmpi sgt, %flag, %zero : i32
      %chosen = arith.select %take, %flat, %line : memref<4xf32, #spirv.storage_class<Workgroup>>
      %v = memref.load %chosen[%c0] : memref<4xf32, #spirv.storage_class<Workgroup>>
      memref.store %v, %out[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
