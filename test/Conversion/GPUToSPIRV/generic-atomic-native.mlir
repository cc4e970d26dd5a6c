// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// An integer update that SPIR-V has one atomic instruction for becomes that
// instruction (no compare-exchange loop): add/and/or/xor, min/max also in
// the compare-and-select form arith-expand leaves, and an exchange. The
// ordered ones keep their device-scope fences, and a kernel that reads an
// ordered atomic's result keeps its global accesses volatile and atomic.
// Updates computed from the current value in other ways, and float adds,
// stay loops, except f32 adds on global memory where the target has
// AtomicFloat32AddEXT (VK_EXT_shader_atomic_float): OpAtomicFAddEXT.
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

  gpu.module @float_add attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Int64Atomics, Float64, PhysicalStorageBufferAddresses, AtomicFloat32AddEXT], [SPV_KHR_physical_storage_buffer, SPV_EXT_shader_atomic_float_add]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @f32_add
    // CHECK:         spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // CHECK:         %[[OLD:.*]] = spirv.EXT.AtomicFAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<f32, PhysicalStorageBuffer>
    // CHECK-NEXT:    spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // The operand on the left; relaxed: no fences.
    // CHECK-NOT:     spirv.MemoryBarrier
    // CHECK:         spirv.EXT.AtomicFAdd <Device> <None> %{{.*}}, %[[OLD]] : !spirv.ptr<f32, PhysicalStorageBuffer>
    // The kernel reads an ordered add's result: its global loads read
    // atomically.
    // CHECK:         spirv.AtomicOr <Device> <None> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
    // Twice the current value, and f64 (no AtomicFloat64AddEXT here): loops.
    // CHECK:         spirv.AtomicCompareExchange <Device> <None> <None> %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
    // CHECK:         spirv.AtomicCompareExchange <Device> <None> <None> %{{.*}} : !spirv.ptr<i64, PhysicalStorageBuffer>
    // CHECK-NOT:     spirv.EXT.AtomicFAdd
    gpu.func @f32_add(%f: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>},
                      %d: memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>},
                      %z: f32, %w: f64) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %old = memref.generic_atomic_rmw %f[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f32):
        %new = arith.addf %cur, %z : f32
        memref.atomic_yield %new : f32
      }
      %old2 = memref.generic_atomic_rmw %f[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f32):
        %new = arith.addf %old, %cur : f32
        memref.atomic_yield %new : f32
      } {triton_spirv.relaxed_atomic}
      %twice = memref.generic_atomic_rmw %f[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f32):
        %new = arith.addf %cur, %cur : f32
        memref.atomic_yield %new : f32
      }
      %dsum = memref.generic_atomic_rmw %d[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f64):
        %new = arith.addf %cur, %w : f64
        memref.atomic_yield %new : f64
      }
      gpu.return
    }

    // Float updates on the element's bits (Triton's float max/min split by
    // sign) and float exchanges: integer atomics on the bits.
    // CHECK-LABEL: spirv.func @float_bits
    // CHECK:         %[[BITS:.*]] = spirv.Bitcast %{{.*}} : !spirv.ptr<f32, PhysicalStorageBuffer> to !spirv.ptr<i32, PhysicalStorageBuffer>
    // CHECK:         %[[MAX:.*]] = spirv.AtomicSMax <Device> <AcquireRelease|UniformMemory> %[[BITS]], %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
    // CHECK:         spirv.Bitcast %[[MAX]] : i32 to f32
    // CHECK:         %[[Z:.*]] = spirv.Bitcast %{{.*}} : f32 to i32
    // CHECK:         spirv.AtomicExchange <Device> <AcquireRelease|UniformMemory> %{{.*}}, %[[Z]] : !spirv.ptr<i32, PhysicalStorageBuffer>
    // An update that also uses the bits elsewhere stays a loop.
    // CHECK:         spirv.AtomicCompareExchange
    gpu.func @float_bits(%f: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>},
                         %bits: i32, %z: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %max = memref.generic_atomic_rmw %f[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f32):
        %b = arith.bitcast %cur : f32 to i32
        %gt = arith.cmpi sgt, %b, %bits : i32
        %m = arith.select %gt, %b, %bits : i32
        %r = arith.bitcast %m : i32 to f32
        memref.atomic_yield %r : f32
      }
      memref.store %max, %f[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %old = memref.generic_atomic_rmw %f[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f32):
        memref.atomic_yield %z : f32
      }
      %odd = memref.generic_atomic_rmw %f[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f32):
        %b = arith.bitcast %cur : f32 to i32
        %s = arith.addi %b, %b : i32
        %r = arith.bitcast %s : i32 to f32
        memref.atomic_yield %r : f32
      }
      gpu.return
    }
  }

  // f64 adds where the target has AtomicFloat64AddEXT (NVIDIA).
  gpu.module @float64_add attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Float64, PhysicalStorageBufferAddresses, AtomicFloat64AddEXT], [SPV_KHR_physical_storage_buffer, SPV_EXT_shader_atomic_float_add]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @f64_add
    // CHECK:         spirv.EXT.AtomicFAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<f64, PhysicalStorageBuffer>
    // CHECK-NOT:     spirv.AtomicCompareExchange
    gpu.func @f64_add(%d: memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>},
                      %w: f64) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %old = memref.generic_atomic_rmw %d[%c0] : memref<?xf64, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f64):
        %new = arith.addf %w, %cur : f64
        memref.atomic_yield %new : f64
      }
      gpu.return
    }
  }

  // An update that keeps the current value is a volatile read; an acquiring
  // one (Triton 3.9's tl.atomic_load, tl.atomic_poll) is followed by a
  // device-scope fence, a relaxed one (tl.load(volatile=True)) is not.
  gpu.module @atomic_loads attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @acquire_and_relaxed
    // CHECK:         spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Volatile|Aligned", 4] : i32
    // CHECK-NEXT:    spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // CHECK:         spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Volatile|Aligned", 4] : i32
    // CHECK-NOT:     spirv.MemoryBarrier
    // CHECK:         spirv.Return
    gpu.func @acquire_and_relaxed(%m: memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.generic_atomic_rmw %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        memref.atomic_yield %cur : i32
      }
      %r = memref.generic_atomic_rmw %m[%c1] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        memref.atomic_yield %cur : i32
      } {triton_spirv.relaxed_atomic}
      %s = arith.addi %a, %r : i32
      memref.store %s, %m[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
