// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s

// memref.generic_atomic_rmw (Triton's atomics) becomes a compare-exchange
// loop; floats are exchanged as integers of the same width, and the old value
// leaves the loop through a function variable. 16-bit elements exchange the
// aligned 32-bit word that holds them. Atomics are acquire-release unless
// marked relaxed (Triton's sem="relaxed").
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Int16, Float16, StorageBuffer16BitAccess, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer, SPV_KHR_16bit_storage]>, #spirv.resource_limits<>>} {
    // Ordered global atomics are also fenced at device scope before and after
    // (drivers may treat atomic semantics as relaxed under GLSL450); the fences
    // order the retry loop's exchange, which has no semantics of its own.
    // CHECK-LABEL: spirv.func @fadd
    // CHECK:         %[[OLD:.*]] = spirv.Variable : !spirv.ptr<f32, Function>
    // CHECK:         spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // CHECK:         %[[INT_PTR:.*]] = spirv.Bitcast %{{.*}} : !spirv.ptr<f32, PhysicalStorageBuffer> to !spirv.ptr<i32, PhysicalStorageBuffer>
    // The kernel reads the atomic's result (it stores the old value), so its
    // global loads after the atomic would read atomically (OpAtomicOr with 0);
    // the loop's first guess comes before it and is a plain (volatile) load: a
    // stale guess only costs a retry.
    // CHECK:         %[[INIT:.*]] = spirv.Load "PhysicalStorageBuffer" %[[INT_PTR]] ["Volatile|Aligned", 4] : i32
    // CHECK:         spirv.mlir.loop {
    // CHECK:         ^bb1(%[[CUR:.*]]: i32):
    // CHECK:           %[[CURF:.*]] = spirv.Bitcast %[[CUR]] : i32 to f32
    // CHECK:           %[[NEW:.*]] = spirv.FAdd %[[CURF]], %{{.*}} : f32
    // CHECK:           %[[NEWI:.*]] = spirv.Bitcast %[[NEW]] : f32 to i32
    // CHECK:           %[[SEEN:.*]] = spirv.AtomicCompareExchange <Device> <None> <None> %[[INT_PTR]], %[[NEWI]], %[[CUR]]
    // CHECK-NOT:       ordered_by_fences
    // CHECK:           spirv.Store "Function" %[[OLD]], %[[CURF]] : f32
    // CHECK:           %[[DONE:.*]] = spirv.IEqual %[[SEEN]], %[[CUR]] : i32
    // CHECK:           spirv.BranchConditional %[[DONE]], ^bb3, ^bb2(%[[SEEN]] : i32)
    // CHECK:         spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // CHECK-NEXT:    spirv.Load "Function" %[[OLD]] : f32
    // Global accesses of a function with ordered atomics are volatile
    // (coherent across workgroups); the relaxed-only @fadd_f16 keeps plain ones.
    // CHECK:         spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Volatile|Aligned", 4] : f32
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

    // CHECK-LABEL: spirv.func @fadd_f16
    // CHECK:         %[[ELEM:.*]] = spirv.AccessChain
    // CHECK:         %[[ADDR:.*]] = spirv.ConvertPtrToU %[[ELEM]] : !spirv.ptr<f16, PhysicalStorageBuffer> to i64
    // CHECK:         %[[ALIGNED:.*]] = spirv.BitwiseAnd %[[ADDR]], %{{.*}} : i64
    // CHECK:         %[[WORD_PTR:.*]] = spirv.ConvertUToPtr %[[ALIGNED]] : i64 to !spirv.ptr<i32, PhysicalStorageBuffer>
    // CHECK:         %[[BYTE:.*]] = spirv.BitwiseAnd %[[ADDR]], %{{.*}} : i64
    // CHECK:         %[[BYTE32:.*]] = spirv.UConvert %[[BYTE]] : i64 to i32
    // CHECK:         %[[SHIFT:.*]] = spirv.IMul %[[BYTE32]], %{{.*}} : i32
    // CHECK:         %[[MASK:.*]] = spirv.ShiftLeftLogical %{{.*}}, %[[SHIFT]] : i32, i32
    // CHECK:         %[[INIT:.*]] = spirv.Load "PhysicalStorageBuffer" %[[WORD_PTR]] ["Aligned", 4] : i32
    // CHECK:         spirv.mlir.loop {
    // CHECK:         ^bb1(%[[CUR:.*]]: i32):
    // CHECK:           %[[HALF:.*]] = spirv.ShiftRightLogical %[[CUR]], %[[SHIFT]] : i32, i32
    // CHECK:           %[[HALF16:.*]] = spirv.UConvert %[[HALF]] : i32 to i16
    // CHECK:           %[[CURF:.*]] = spirv.Bitcast %[[HALF16]] : i16 to f16
    // CHECK:           %[[NEW:.*]] = spirv.FAdd %[[CURF]], %{{.*}} : f16
    // CHECK:           %[[NEW16:.*]] = spirv.Bitcast %[[NEW]] : f16 to i16
    // CHECK:           %[[NEW32:.*]] = spirv.UConvert %[[NEW16]] : i16 to i32
    // CHECK:           %[[PLACED:.*]] = spirv.ShiftLeftLogical %[[NEW32]], %[[SHIFT]] : i32, i32
    // CHECK:           %[[NOTMASK:.*]] = spirv.Not %[[MASK]] : i32
    // CHECK:           %[[OTHERS:.*]] = spirv.BitwiseAnd %[[CUR]], %[[NOTMASK]] : i32
    // CHECK:           %[[WORD:.*]] = spirv.BitwiseOr %[[OTHERS]], %[[PLACED]] : i32
    // CHECK:           %[[SEEN:.*]] = spirv.AtomicCompareExchange <Device> <None> <None> %[[WORD_PTR]], %[[WORD]], %[[CUR]]
    gpu.func @fadd_f16(%m: memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %x: f16, %i: index) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %old = memref.generic_atomic_rmw %m[%i] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f16):
        %new = arith.addf %cur, %x : f16
        memref.atomic_yield %new : f16
      } {triton_spirv.relaxed_atomic}
      memref.store %old, %m[%i] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // A barrier marked to order global memory is GLSL's memoryBarrier();
    // barrier(): a device-scope fence, then a barrier that includes
    // UniformMemory; a plain one orders workgroup memory only.
    // CHECK-LABEL: spirv.func @barriers
    // CHECK:         spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // CHECK-NEXT:    spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
    // CHECK-NOT:     spirv.MemoryBarrier
    // CHECK:         spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
    gpu.func @barriers() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      gpu.barrier {triton_spirv.orders_global_memory}
      gpu.barrier
      gpu.return
    }

    // An update that is a compare-exchange (Triton's atomic_cas, bits
    // compared) is one OpAtomicCompareExchange on the integer bits: no loop,
    // no plain read, no write when the comparison fails.
    // CHECK-LABEL: spirv.func @cas_f32
    // CHECK-NOT:     spirv.mlir.loop
    // CHECK:         spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // CHECK:         %[[PTR:.*]] = spirv.Bitcast %{{.*}} : !spirv.ptr<f32, PhysicalStorageBuffer> to !spirv.ptr<i32, PhysicalStorageBuffer>
    // CHECK:         %[[CMP:.*]] = spirv.Bitcast %{{.*}} : f32 to i32
    // CHECK:         %[[NEW:.*]] = spirv.Bitcast %{{.*}} : f32 to i32
    // CHECK:         %[[SEEN:.*]] = spirv.AtomicCompareExchange <Device> <AcquireRelease|UniformMemory> <Acquire|UniformMemory> %[[PTR]], %[[NEW]], %[[CMP]]
    // CHECK-NEXT:    spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
    // CHECK:         spirv.Bitcast %[[SEEN]] : i32 to f32
    // CHECK-NOT:     spirv.mlir.loop
    gpu.func @cas_f32(%m: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %cmp: f32, %val: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %old = memref.generic_atomic_rmw %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: f32):
        %curBits = arith.bitcast %cur : f32 to i32
        %cmpBits = arith.bitcast %cmp : f32 to i32
        %eq = arith.cmpi eq, %curBits, %cmpBits : i32
        %next = arith.select %eq, %val, %cur : f32
        memref.atomic_yield %next : f32
      }
      memref.store %old, %m[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // A lock taken with a relaxed compare-exchange (its result read) and
    // released by an ordered exchange: the kernel synchronizes through memory,
    // so its global loads after the lock read atomically, as with an ordered
    // lock; the load before it stays a plain (volatile) load.
    // CHECK-LABEL: spirv.func @relaxed_lock
    // CHECK-NOT:     spirv.AtomicOr
    // CHECK:         spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Volatile|Aligned", 4] : i32
    // CHECK-NOT:     spirv.AtomicOr
    // CHECK:         spirv.AtomicCompareExchange <Device> <None> <None>
    // CHECK:         spirv.AtomicOr <Device> <None> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
    // CHECK:         spirv.AtomicExchange <Device> <AcquireRelease|UniformMemory>
    gpu.func @relaxed_lock(%lock: memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %data: memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %c1 = arith.constant 1 : index
      %before = memref.load %data[%c1] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>>
      %seen = memref.generic_atomic_rmw %lock[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        %free = arith.cmpi eq, %cur, %zero : i32
        %next = arith.select %free, %one, %cur : i32
        memref.atomic_yield %next : i32
      } {triton_spirv.relaxed_atomic}
      %value = memref.load %data[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>>
      %partial = arith.addi %value, %seen : i32
      %sum = arith.addi %partial, %before : i32
      memref.store %sum, %data[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>>
      %released = memref.generic_atomic_rmw %lock[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
      ^bb0(%cur: i32):
        memref.atomic_yield %zero : i32
      }
      gpu.return
    }

    // In a loop a load before the lock runs again after it (the next
    // iteration): it reads atomically.
    // CHECK-LABEL: spirv.func @load_before_lock_in_loop
    // CHECK:         spirv.mlir.loop
    // CHECK:         spirv.AtomicOr <Device> <None>
    // CHECK:         spirv.AtomicCompareExchange <Device> <None> <None>
    gpu.func @load_before_lock_in_loop(%lock: memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %data: memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %n: index) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      scf.for %i = %c0 to %n step %c1 {
        %value = memref.load %data[%i] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>>
        %seen = memref.generic_atomic_rmw %lock[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
        ^bb0(%cur: i32):
          %free = arith.cmpi eq, %cur, %zero : i32
          %next = arith.select %free, %one, %cur : i32
          memref.atomic_yield %next : i32
        } {triton_spirv.relaxed_atomic}
        %sum = arith.addi %value, %seen : i32
        memref.store %sum, %data[%i] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>>
        %released = memref.generic_atomic_rmw %lock[%c0] : memref<?xi32, #spirv.storage_class<PhysicalStorageBuffer>> {
        ^bb0(%cur: i32):
          memref.atomic_yield %zero : i32
        }
      }
      gpu.return
    }
  }
}
