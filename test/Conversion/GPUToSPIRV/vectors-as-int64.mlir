// RUN: triton-spirv-opt %s --split-input-file --convert-kernel-to-spirv="vectors-as-int64=true" | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --convert-kernel-to-spirv | FileCheck %s --check-prefix=VECTOR

// 8-byte vectors of kernel-argument buffers are loaded and stored as one
// 64-bit word (llvmpipe makes one scalar access per lane and component);
// 16-byte vectors and the default keep vector accesses. atan2 on a widened
// run expands with vector constants.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Float16, StorageBuffer16BitAccess, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer, SPV_KHR_16bit_storage]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.func @words
    // CHECK:         %[[XP:.*]] = spirv.Bitcast %{{.*}} : !spirv.ptr<vector<2xf32>, PhysicalStorageBuffer> to !spirv.ptr<i64, PhysicalStorageBuffer>
    // CHECK-NEXT:    %[[XW:.*]] = spirv.Load "PhysicalStorageBuffer" %[[XP]] ["Aligned", 8] : i64
    // CHECK-NEXT:    %[[X:.*]] = spirv.Bitcast %[[XW]] : i64 to vector<2xf32>
    // CHECK:         %[[HP:.*]] = spirv.Bitcast %{{.*}} : !spirv.ptr<vector<4xf16>, PhysicalStorageBuffer> to !spirv.ptr<i64, PhysicalStorageBuffer>
    // CHECK-NEXT:    %[[HW:.*]] = spirv.Load "PhysicalStorageBuffer" %[[HP]] ["Aligned", 8] : i64
    // CHECK-NEXT:    spirv.Bitcast %[[HW]] : i64 to vector<4xf16>
    // CHECK:         spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 16] : vector<4xf32>
    // CHECK:         spirv.Select %{{.*}}, %{{.*}}, %{{.*}} : vector<2xi1>, vector<2xf32>
    // CHECK:         %[[OUTP:.*]] = spirv.Bitcast %{{.*}} : !spirv.ptr<vector<2xf32>, PhysicalStorageBuffer> to !spirv.ptr<i64, PhysicalStorageBuffer>
    // CHECK-NEXT:    %[[OUT:.*]] = spirv.Bitcast %{{.*}} : vector<2xf32> to i64
    // CHECK-NEXT:    spirv.Store "PhysicalStorageBuffer" %[[OUTP]], %[[OUT]] ["Aligned", 8] : i64
    // VECTOR-LABEL:  spirv.func @words
    // VECTOR-NOT:      to !spirv.ptr<i64
    // VECTOR:          spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 8] : vector<2xf32>
    // VECTOR:          spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 8] : vector<4xf16>
    // VECTOR:          spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Aligned", 8] : vector<2xf32>
    gpu.func @words(%x: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}, %h: memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %pair = vector.load %x[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<2xf32>
      %halves = vector.load %h[%c0] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>, vector<4xf16>
      vector.store %halves, %h[%c8] : memref<?xf16, #spirv.storage_class<PhysicalStorageBuffer>>, vector<4xf16>
      %quad = vector.load %x[%c8] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<4xf32>
      vector.store %quad, %x[%c16] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<4xf32>
      %angle = math.atan2 %pair, %pair : vector<2xf32>
      vector.store %angle, %x[%c8] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<2xf32>
      gpu.return
    }
  }
}

// -----

// A workgroup tile of 8-byte vectors accessed by element loads and stores is
// an array of i64 (bitcast at each access); one read by a cooperative-matrix
// load would keep its vectors (not built here: lavapipe has none).
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Float16, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.module
    // CHECK:         spirv.GlobalVariable @{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<32 x i64>)>, Workgroup>
    // CHECK-LABEL: spirv.func @tile
    // CHECK:         %[[PAIR:.*]] = spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 8] : i64
    // CHECK:         %[[V:.*]] = spirv.Bitcast %[[PAIR]] : i64 to vector<2xf32>
    // CHECK:         %[[W:.*]] = spirv.Bitcast %[[V]] : vector<2xf32> to i64
    // CHECK:         spirv.Store "Workgroup" %{{.*}}, %[[W]] : i64
    // CHECK:         %[[R:.*]] = spirv.Load "Workgroup" %{{.*}} : i64
    // CHECK:         spirv.Bitcast %[[R]] : i64 to vector<2xf32>
    // VECTOR-LABEL:  spirv.func @tile
    // VECTOR:          spirv.Store "Workgroup" %{{.*}}, %{{.*}} : vector<2xf32>
    gpu.func @tile(%x: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %tile = memref.alloc() : memref<32xvector<2xf32>, #spirv.storage_class<Workgroup>>
      %pair = vector.load %x[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<2xf32>
      memref.store %pair, %tile[%c1] : memref<32xvector<2xf32>, #spirv.storage_class<Workgroup>>
      gpu.barrier
      %back = memref.load %tile[%c1] : memref<32xvector<2xf32>, #spirv.storage_class<Workgroup>>
      vector.store %back, %x[%c8] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<2xf32>
      gpu.return
    }
  }
}

// -----

// A workgroup tile of 16-byte vectors is an array of two-word vectors: two
// accesses per lane on llvmpipe instead of four.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, Int64, Float16, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // CHECK-LABEL: spirv.module
    // CHECK:         spirv.GlobalVariable @{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<32 x vector<2xi64>>)>, Workgroup>
    // CHECK-LABEL: spirv.func @wide_tile
    // CHECK:         %[[Q:.*]] = spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 16] : vector<4xf32>
    // CHECK:         %[[W:.*]] = spirv.Bitcast %[[Q]] : vector<4xf32> to vector<2xi64>
    // CHECK:         spirv.Store "Workgroup" %{{.*}}, %[[W]] : vector<2xi64>
    // CHECK:         %[[R:.*]] = spirv.Load "Workgroup" %{{.*}} : vector<2xi64>
    // CHECK:         spirv.Bitcast %[[R]] : vector<2xi64> to vector<4xf32>
    // VECTOR-LABEL:  spirv.func @wide_tile
    // VECTOR:          spirv.Store "Workgroup" %{{.*}}, %{{.*}} : vector<4xf32>
    gpu.func @wide_tile(%x: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %tile = memref.alloc() : memref<32xvector<4xf32>, #spirv.storage_class<Workgroup>>
      %quad = vector.load %x[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<4xf32>
      memref.store %quad, %tile[%c1] : memref<32xvector<4xf32>, #spirv.storage_class<Workgroup>>
      gpu.barrier
      %back = memref.load %tile[%c1] : memref<32xvector<4xf32>, #spirv.storage_class<Workgroup>>
      vector.store %back, %x[%c8] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>, vector<4xf32>
      gpu.return
    }
  }
}
