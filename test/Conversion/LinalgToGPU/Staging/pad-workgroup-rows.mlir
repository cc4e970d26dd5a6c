// RUN: triton-spirv-opt %s --split-input-file --pad-workgroup-rows | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pad-workgroup-rows=bank-bytes=0 | FileCheck %s --check-prefix=OFF

// Rows of 64 f32 (256 bytes, two rows of banks): 4 more elements each. The
// element accesses keep their indices, the fragments take the padded row as
// their stride. Rows of 72 halves (144 bytes) are not a multiple: unchanged.
// CHECK-LABEL: func.func @scores(
// CHECK:         %[[S:.*]] = memref.alloc() : memref<64x68xf32, #spirv.storage_class<Workgroup>>
// CHECK:         memref.alloc() : memref<64x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.subgroup_mma_store_matrix %{{.*}}, %[[S]][%{{.*}}, %{{.*}}] {leadDimension = 68 : index}
// CHECK:         memref.load %[[S]][%{{.*}}, %{{.*}}] : memref<64x68xf32
// OFF-LABEL:   func.func @scores(
// OFF:           memref.alloc() : memref<64x64xf32
func.func @scores(%f: !gpu.mma_matrix<16x16xf32, "COp">, %r: index, %c: index) -> (f32, vector<4xf16>) {
  %c0 = arith.constant 0 : index
  %s = memref.alloc() : memref<64x64xf32, #spirv.storage_class<Workgroup>>
  %t = memref.alloc() : memref<64x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
  gpu.subgroup_mma_store_matrix %f, %s[%r, %c] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %v = memref.load %s[%c, %r] : memref<64x64xf32, #spirv.storage_class<Workgroup>>
  %w = memref.load %t[%r, %c0] : memref<64x18xvector<4xf16>, #spirv.storage_class<Workgroup>>
  return %v, %w : f32, vector<4xf16>
}

// -----

// A vector element of 16 bytes pads by one; a double-buffered tile pads its
// last dimension. A buffer also used through a view stays as it is.
// CHECK-LABEL: func.func @vectors(
// CHECK:         memref.alloc() : memref<2x32x9xvector<4xf32>, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.subgroup_mma_load_matrix %{{.*}} {leadDimension = 9 : index}
// CHECK:         memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
func.func @vectors(%i: index, %r: index) -> (!gpu.mma_matrix<16x16xf32, "COp">, f32) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2x32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
  %m = gpu.subgroup_mma_load_matrix %a[%i, %r, %c0] {leadDimension = 8 : index} : memref<2x32x8xvector<4xf32>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
  %b = memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  %view = memref.subview %b[0, 0] [16, 32] [1, 1] : memref<32x32xf32, #spirv.storage_class<Workgroup>> to memref<16x32xf32, strided<[32, 1]>, #spirv.storage_class<Workgroup>>
  %v = memref.load %view[%r, %c0] : memref<16x32xf32, strided<[32, 1]>, #spirv.storage_class<Workgroup>>
  return %m, %v : !gpu.mma_matrix<16x16xf32, "COp">, f32
}
