// RUN: triton-spirv-opt %s --split-input-file --convert-kernel-to-spirv | FileCheck %s

// Without BFloat16TypeKHR the type converter makes bf16 f32. A bf16 value
// that reaches SPIR-V anyway (emulate-float-conversions moves the values it
// knows as bits) is carried as that f32: its bits (i16, or f16 on NVIDIA
// profiles) widen to the f32's high half, and narrow back rounded to nearest
// even, a NaN kept a NaN by setting its quiet bit.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int16, Float16, StorageBuffer16BitAccess, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer, SPV_KHR_16bit_storage]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @scalar
    // CHECK:         %[[A:.*]] = spirv.Load "PhysicalStorageBuffer" %{{.*}} : i16
    // CHECK:         %[[C16:.*]] = spirv.Constant 16 : i32
    // CHECK:         %[[AW:.*]] = spirv.UConvert %[[A]] : i16 to i32
    // CHECK:         %[[AH:.*]] = spirv.ShiftLeftLogical %[[AW]], %[[C16]] : i32, i32
    // CHECK:         %[[AF:.*]] = spirv.Bitcast %[[AH]] : i32 to f32
    // CHECK:         %[[S:.*]] = spirv.Select %{{.*}}, %[[AF]], %{{.*}} : i1, f32
    // CHECK:         %[[WORD:.*]] = spirv.Bitcast %[[S]] : f32 to i32
    // CHECK:         %[[SH:.*]] = spirv.ShiftRightLogical %[[WORD]], %{{.*}} : i32, i32
    // CHECK:         %[[LSB:.*]] = spirv.BitwiseAnd %[[SH]], %{{.*}} : i32
    // CHECK:         spirv.Constant 32767 : i32
    // CHECK:         %[[UP:.*]] = spirv.IAdd %[[WORD]], %{{.*}} : i32
    // CHECK:         %[[ROUNDED:.*]] = spirv.IAdd %[[UP]], %[[LSB]] : i32
    // CHECK:         %[[INF:.*]] = spirv.Constant 2139095040 : i32
    // CHECK:         %[[NOSIGN:.*]] = spirv.Constant 2147483647 : i32
    // CHECK:         %[[MAG:.*]] = spirv.BitwiseAnd %[[WORD]], %[[NOSIGN]] : i32
    // CHECK:         %[[ISNAN:.*]] = spirv.UGreaterThan %[[MAG]], %[[INF]] : i32
    // CHECK:         %[[QUIET:.*]] = spirv.Constant 4194304 : i32
    // CHECK:         %[[QNAN:.*]] = spirv.BitwiseOr %[[WORD]], %[[QUIET]] : i32
    // CHECK:         %[[CHOSEN:.*]] = spirv.Select %[[ISNAN]], %[[QNAN]], %[[ROUNDED]] : i1, i32
    // CHECK:         %[[HIGH:.*]] = spirv.ShiftRightLogical %[[CHOSEN]], %{{.*}} : i32, i32
    // CHECK:         %[[BITS:.*]] = spirv.UConvert %[[HIGH]] : i32 to i16
    // CHECK:         spirv.Store "PhysicalStorageBuffer" %{{.*}}, %[[BITS]]
    gpu.func @scalar(%p: memref<?xi16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %c: i1) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.load %p[%c0] : memref<?xi16, #spirv.storage_class<PhysicalStorageBuffer>>
      %b = memref.load %p[%c1] : memref<?xi16, #spirv.storage_class<PhysicalStorageBuffer>>
      %x = arith.bitcast %a : i16 to bf16
      %y = arith.bitcast %b : i16 to bf16
      %s = arith.select %c, %x, %y : bf16
      %r = arith.bitcast %s : bf16 to i16
      memref.store %r, %p[%c0] : memref<?xi16, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }

    // Vectors lane by lane; an f16 container passes through i16.
    // CHECK-LABEL: spirv.func @vector_f16_bits
    // CHECK:         %[[V:.*]] = spirv.Bitcast %{{.*}} : vector<4xf16> to vector<4xi16>
    // CHECK:         %[[VW:.*]] = spirv.UConvert %[[V]] : vector<4xi16> to vector<4xi32>
    // CHECK:         spirv.ShiftLeftLogical %[[VW]], %{{.*}} : vector<4xi32>, vector<4xi32>
    // CHECK:         spirv.Bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
    // CHECK:         spirv.CompositeExtract %{{.*}}[2 : i32] : vector<4xf32>
    // CHECK:         spirv.CompositeConstruct %{{.*}} : (f32, f32, f32, f32) -> vector<4xf32>
    // CHECK:         %[[N:.*]] = spirv.UConvert %{{.*}} : vector<4xi32> to vector<4xi16>
    // CHECK:         spirv.Bitcast %[[N]] : vector<4xi16> to vector<4xf16>
    gpu.func @vector_f16_bits(%h: memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %v = vector.load %h[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>, vector<4xf16>
      %x = arith.bitcast %v : vector<4xf16> to vector<4xbf16>
      %e = vector.extract %x[2] : bf16 from vector<4xbf16>
      %splat = vector.broadcast %e : bf16 to vector<4xbf16>
      %r = arith.bitcast %splat : vector<4xbf16> to vector<4xf16>
      vector.store %r, %h[%c4] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>, vector<4xf16>
      gpu.return
    }
  }
}

// -----

// With BFloat16TypeKHR (the nvidia profile) bf16 is a SPIR-V type of its own
// width: a plain bitcast.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.6, [Shader, Int16, Float16, BFloat16TypeKHR, StorageBuffer16BitAccess, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer, SPV_KHR_16bit_storage, SPV_KHR_bfloat16]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @native
    // CHECK:         %[[X:.*]] = spirv.Bitcast %{{.*}} : f16 to bf16
    // CHECK:         %[[S:.*]] = spirv.Select %{{.*}}, %[[X]], %{{.*}} : i1, bf16
    // CHECK:         spirv.Bitcast %[[S]] : bf16 to f16
    // CHECK-NOT:     spirv.ShiftLeftLogical
    gpu.func @native(%p: memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %c: i1) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.load %p[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      %b = memref.load %p[%c1] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      %x = arith.bitcast %a : f16 to bf16
      %y = arith.bitcast %b : f16 to bf16
      %s = arith.select %c, %x, %y : bf16
      %r = arith.bitcast %s : bf16 to f16
      memref.store %r, %p[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
