// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// i1 arithmetic (Triton's `a * b`, `a + b` on booleans) has no SPIR-V integer
// instruction: modulo 2 a product is an and, a sum or difference an xor.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Int8, StorageBuffer8BitAccess, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer, SPV_KHR_8bit_storage]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @booleans
    // CHECK:         spirv.LogicalAnd %{{.*}}, %{{.*}} : i1
    // CHECK:         spirv.LogicalNotEqual %{{.*}}, %{{.*}} : i1
    // CHECK:         spirv.LogicalNotEqual %{{.*}}, %{{.*}} : i1
    // CHECK:         spirv.LogicalAnd %{{.*}}, %{{.*}} : vector<4xi1>
    // CHECK-NOT:     spirv.IMul
    gpu.func @booleans(%a: i1, %b: i1, %v: vector<4xi1>, %w: vector<4xi1>, %out: memref<?xi8, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %p = arith.muli %a, %b : i1
      %s = arith.addi %p, %b : i1
      %d = arith.subi %s, %a : i1
      %q = arith.muli %v, %w : vector<4xi1>
      %e = vector.extract %q[0] : i1 from vector<4xi1>
      %r = arith.andi %d, %e : i1
      %x = arith.extui %r : i1 to i8
      %c0 = arith.constant 0 : index
      memref.store %x, %out[%c0] : memref<?xi8, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
