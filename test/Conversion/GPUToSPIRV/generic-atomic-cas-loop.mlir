// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// memref.generic_atomic_rmw (Triton's atomics) becomes a compare-exchange
// loop; floats are exchanged as integers of the same width, and the old value
// leaves the loop through a function variable.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @fadd
    // CHECK:         %[[OLD:.*]] = spirv.Variable : !spirv.ptr<f32, Function>
    // CHECK:         %[[INIT:.*]] = spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 4] : f32
    // CHECK:         %[[INT_PTR:.*]] = spirv.Bitcast %{{.*}} : !spirv.ptr<f32, PhysicalStorageBuffer> to !spirv.ptr<i32, PhysicalStorageBuffer>
    // CHECK:         spirv.mlir.loop {
    // CHECK:         ^bb1(%[[CUR:.*]]: i32):
    // CHECK:           %[[CURF:.*]] = spirv.Bitcast %[[CUR]] : i32 to f32
    // CHECK:           %[[NEW:.*]] = spirv.FAdd %[[CURF]], %{{.*}} : f32
    // CHECK:           %[[NEWI:.*]] = spirv.Bitcast %[[NEW]] : f32 to i32
    // CHECK:           %[[SEEN:.*]] = spirv.AtomicCompareExchange <Device> <None> <None> %[[INT_PTR]], %[[NEWI]], %[[CUR]]
    // CHECK:           spirv.Store "Function" %[[OLD]], %[[CURF]] : f32
    // CHECK:           %[[DONE:.*]] = spirv.IEqual %[[SEEN]], %[[CUR]] : i32
    // CHECK:           spirv.BranchConditional %[[DONE]], ^bb3, ^bb2(%[[SEEN]] : i32)
    // CHECK:         spirv.Load "Function" %[[OLD]] : f32
    gpu.func @fadd(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %x: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %old = memref.generic_atomic_rmw %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f32):
        %new = arith.addf %cur, %x : f32
        memref.atomic_yield %new : f32
      }
      memref.store %old, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
