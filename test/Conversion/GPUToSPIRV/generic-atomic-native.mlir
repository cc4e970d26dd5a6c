// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// An integer update that SPIR-V has one atomic instruction for becomes that
// instruction (no compare-exchange loop): add/and/or/xor, min/max also in
// the compare-and-select form arith-expand leaves, and an exchange. The
// ordered ones keep their device-scope fences, and a kernel that reads an
// ordered atomic's result keeps its global accesses volatile and atomic.
// Updates computed from the current value in other ways, and float adds,
// stay loops.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Int64Atomics, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @native
    // CHECK:         spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // CHECK-NEXT:    %[[SUM:.*]] = spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
    // CHECK-NEXT:    spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // CHECK:         spirv.AtomicSMax <Device> <AcquireRelease|UniformMemory> %{{.*}}, %[[SUM]]
    // CHECK:         spirv.AtomicUMin <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i64, PhysicalStorageBuffer>
    // CHECK:         spirv.AtomicSMin <Device> <AcquireRelease|UniformMemory>
    // CHECK:         spirv.AtomicXor <Device> <AcquireRelease|UniformMemory>
    // CHECK-NEXT:    spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // A relaxed exchange: no semantics, no fences.
    // CHECK-NOT:     spirv.MemoryBarrier
    // CHECK:         spirv.AtomicExchange <Device> <None>
    // CHECK-NOT:     spirv.AtomicCompareExchange
    // CHECK:         spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Volatile|Aligned", 4] : i32
    gpu.func @native(%m: memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>},
                     %w: memref<?xi64, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>},
                     %x: i32, %y: i64) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %sum = memref.generic_atomic_rmw %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        %new = arith.addi %x, %cur : i32
        memref.atomic_yield %new : i32
      }
      %max = memref.generic_atomic_rmw %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        %gt = arith.cmpi sgt, %cur, %sum : i32
        %new = arith.select %gt, %cur, %sum : i32
        memref.atomic_yield %new : i32
      }
      %umin = memref.generic_atomic_rmw %w[%c0] : memref<?xi64, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i64):
        %lt = arith.cmpi ult, %y, %cur : i64
        %new = arith.select %lt, %y, %cur : i64
        memref.atomic_yield %new : i64
      }
      // Swapped select: the smaller of the two.
      %smin = memref.generic_atomic_rmw %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        %gt = arith.cmpi sgt, %cur, %x : i32
        %new = arith.select %gt, %x, %cur : i32
        memref.atomic_yield %new : i32
      }
      %xor = memref.generic_atomic_rmw %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        %new = arith.xori %cur, %max : i32
        memref.atomic_yield %new : i32
      }
      %old = memref.generic_atomic_rmw %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        memref.atomic_yield %x : i32
      } {triton_spirv.relaxed_atomic}
      memref.store %old, %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // CHECK-LABEL: spirv.func @loops
    // CHECK:         spirv.AtomicCompareExchange
    // CHECK:         spirv.AtomicCompareExchange
    // CHECK-NOT:     spirv.AtomicIAdd
    gpu.func @loops(%m: memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>},
                    %f: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>},
                    %x: i32, %z: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      // Doubling plus x: the operand depends on the current value.
      %twice = memref.generic_atomic_rmw %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        %d = arith.addi %cur, %cur : i32
        %new = arith.addi %d, %x : i32
        memref.atomic_yield %new : i32
      }
      %fsum = memref.generic_atomic_rmw %f[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f32):
        %new = arith.addf %cur, %z : f32
        memref.atomic_yield %new : f32
      }
      gpu.return
    }
  }
}
