// RUN: triton-spirv-opt %s --split-input-file --subgroup-row-barriers | FileCheck %s

!tile = memref<64x16xf32, #spirv.storage_class<Workgroup>>
!half = memref<64x16xf16, #spirv.storage_class<Workgroup>>
!acc = !gpu.mma_matrix<16x16xf32, "COp">

// Attention's key loop at 64 rows, 2 subgroups of 32 invocations: K staged
// by every invocation, the scores' fragments stored at subgroup * 32 (+16),
// one invocation per row reading its scores and writing probabilities and
// a row scale, then fragments of the probabilities and the scale loaded
// back at the subgroup's rows. The staging barrier and the loop's last one
// stay; the two hand-offs on the subgroup's own rows wait for the subgroup.
// CHECK-LABEL: func.func @key_loop(
// CHECK:         scf.for
// CHECK:           memref.store {{.*}} : memref<16x16xf16
// CHECK-NEXT:      gpu.barrier{{$}}
// CHECK:           gpu.subgroup_mma_store_matrix
// CHECK:           gpu.barrier {triton_spirv.subgroup_barrier}
// CHECK:           memref.store {{.*}} : memref<64xf32
// CHECK-NEXT:      gpu.barrier {triton_spirv.subgroup_barrier}
// CHECK:           gpu.subgroup_mma_load_matrix
// CHECK:           gpu.barrier{{$}}
// CHECK-NEXT:    }
func.func @key_loop(%k_in: f16, %n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f32
  %k = memref.alloc() : memref<16x16xf16, #spirv.storage_class<Workgroup>>
  %s = memref.alloc() : !tile
  %p = memref.alloc() : !half
  %scale = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %row0 = arith.muli %sg, %c32 : index
  %row1 = arith.addi %row0, %c16 : index
  gpu.barrier
  scf.for %i = %c0 to %n step %c1 {
    %kr = arith.remui %tid, %c16 : index
    memref.store %k_in, %k[%kr, %c0] : memref<16x16xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %kf = gpu.subgroup_mma_load_matrix %k[%c0, %c0] {leadDimension = 16 : index, transpose} : memref<16x16xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %c = gpu.subgroup_mma_constant_matrix %zero : !acc
    gpu.subgroup_mma_store_matrix %c, %s[%row0, %c0] {leadDimension = 16 : index} : !acc, !tile
    gpu.subgroup_mma_store_matrix %c, %s[%row1, %c0] {leadDimension = 16 : index} : !acc, !tile
    gpu.barrier
    %x = memref.load %s[%tid, %c1] : !tile
    %h = arith.truncf %x : f32 to f16
    memref.store %h, %p[%tid, %c1] : !half
    memref.store %x, %scale[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %pf = gpu.subgroup_mma_load_matrix %p[%row1, %c0] {leadDimension = 16 : index} : !half -> !gpu.mma_matrix<16x16xf16, "AOp">
    %sf = gpu.subgroup_mma_load_matrix %scale[%row1] {leadDimension = 0 : index, transpose} : memref<64xf32, #spirv.storage_class<Workgroup>> -> !acc
    %r = gpu.subgroup_mma_compute %pf, %kf, %sf : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !acc
    gpu.subgroup_mma_store_matrix %r, %out[%c0] {leadDimension = 16 : index} : !acc, memref<?xf32>
    gpu.barrier
  }
  return
}

// -----

!tile = memref<64x16xf32, #spirv.storage_class<Workgroup>>
!acc = !gpu.mma_matrix<16x16xf32, "COp">

// Rows that do not match: fragments stored at subgroup * 16 (16 rows per
// subgroup) but read back one row per invocation (32 per subgroup), and a
// row read by thread_id * 2. Both barriers stay.
// CHECK-LABEL: func.func @other_rows(
// CHECK-NOT:     subgroup_barrier
// CHECK:         return
func.func @other_rows(%n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %s = memref.alloc() : !tile
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %row = arith.muli %sg, %c16 : index
  %twice = arith.muli %tid, %c2 : index
  gpu.barrier
  scf.for %i = %c0 to %n step %c1 {
    %c = gpu.subgroup_mma_constant_matrix %zero : !acc
    gpu.subgroup_mma_store_matrix %c, %s[%row, %c0] {leadDimension = 16 : index} : !acc, !tile
    gpu.barrier
    %x = memref.load %s[%tid, %c1] : !tile
    memref.store %x, %s[%twice, %c0] : !tile
    gpu.barrier
    %y = memref.load %s[%tid, %c0] : !tile
    memref.store %y, %out[%tid] : memref<?xf32>
    gpu.barrier
  }
  return
}
