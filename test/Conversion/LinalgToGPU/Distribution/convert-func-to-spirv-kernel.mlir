// RUN: triton-spirv-opt %s --convert-func-to-spirv-kernel="num-threads=32" | FileCheck %s
// RUN: triton-spirv-opt %s --convert-func-to-spirv-kernel="profile=nvidia num-threads=128" | FileCheck %s --check-prefix=NV
//
// Each kernel func.func (triton_spirv.kernel) becomes a gpu.func kernel in
// gpu.module @triton_spirv, which carries the profile's target environment;
// the workgroup size is the entry-point ABI; pointer arguments (memrefs)
// move to PhysicalStorageBuffer and are decorated Aliased.

// CHECK:       module attributes {gpu.container_module} {
// CHECK-NOT:     func.func public @kernel
// External declarations stay as they are.
// CHECK:         func.func private @external(i32) -> i32
// CHECK:         gpu.module @triton_spirv attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, {{.*}}PhysicalStorageBufferAddresses{{.*}}], [{{.*}}SPV_KHR_physical_storage_buffer{{.*}}]>, api=Vulkan, #spirv.resource_limits<max_compute_shared_memory_size = 32768, max_compute_workgroup_invocations = 1024, {{.*}}subgroup_size = 8
// CHECK-NEXT:      gpu.func @kernel(
// CHECK-SAME:        %[[A:[^:]*]]: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>, tt.divisibility = 16 : i32},
// CHECK-SAME:        %[[B:[^:]*]]: memref<?xi8, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>},
// CHECK-SAME:        %[[N:[^:]*]]: i32)
// CHECK-SAME:        kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
// CHECK-NEXT:        %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT:        %[[BID:.*]] = gpu.block_id x
// CHECK-NEXT:        %[[V:.*]] = memref.load %[[A]][%[[TID]]] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
// CHECK-NEXT:        memref.store %[[V]], %[[A]][%[[BID]]] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
// CHECK-NEXT:        %[[BYTE:.*]] = arith.trunci %[[N]] : i32 to i8
// CHECK-NEXT:        memref.store %[[BYTE]], %[[B]][%[[TID]]] : memref<?xi8, #spirv.storage_class<PhysicalStorageBuffer>>
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        gpu.return
// CHECK-NEXT:      }
// CHECK-NEXT:    }

// (subgroup_size = 32 is the attribute's default and is not printed.)
// NV:          gpu.module @triton_spirv attributes {spirv.target_env = #spirv.target_env<{{.*}}max_compute_shared_memory_size = 49152
// NV-NOT:        subgroup_size = 8
// NV:            gpu.func @kernel({{.*}}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [128, 1, 1]>}
module {
  func.func public @kernel(%a: memref<?xf32> {tt.divisibility = 16 : i32}, %b: memref<?xi8>, %n: i32) attributes {triton_spirv.kernel} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %v = memref.load %a[%tid] : memref<?xf32>
    memref.store %v, %a[%bid] : memref<?xf32>
    %byte = arith.trunci %n : i32 to i8
    memref.store %byte, %b[%tid] : memref<?xi8>
    gpu.barrier
    return
  }
  func.func private @external(%x: i32) -> i32
}
