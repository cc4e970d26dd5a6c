// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(eliminate-redundant-barriers))' | FileCheck %s

// test_dot's add-cols epilogue: the dot's init is row 0 of Z, read by every
// invocation, and Z is then stored over by others. The barrier between the
// read and the store stays although no workgroup buffer follows it.
// CHECK-LABEL: func.func @global_read_then_write(
// CHECK:         memref.load %[[Z:.*]][%{{.*}}] : memref<?xf32>
// CHECK:         gpu.barrier
// CHECK:         memref.store %{{.*}}, %[[Z]][%{{.*}}] : memref<?xf32>
func.func @global_read_then_write(%z: memref<?xf32>, %i: index, %j: index, %i0: f32) {
  %t = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %v = memref.load %z[%i] : memref<?xf32>
  memref.store %v, %t[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %w = memref.load %t[%j] : memref<32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  memref.store %w, %z[%j] : memref<?xf32>
  return
}

// -----

// A write to another argument (through a view, as a vector) does not
// conflict with a read of the first: the second barrier goes.
// CHECK-LABEL: func.func @other_argument(
// CHECK:         gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK:         return
func.func @other_argument(%x: memref<?xf32>, %y: memref<?xf32>, %i: index, %j: index) {
  %t = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %v = memref.load %x[%i] : memref<?xf32>
  memref.store %v, %t[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %w0 = memref.load %t[%j] : memref<32xf32, #spirv.storage_class<Workgroup>>
  %x1 = memref.load %x[%j] : memref<?xf32>
  %w = arith.addf %w0, %x1 : f32
  gpu.barrier
  %view = memref.reinterpret_cast %y to offset: [0], sizes: [64], strides: [1] : memref<?xf32> to memref<64xf32>
  %b = vector.broadcast %w : f32 to vector<4xf32>
  vector.store %b, %view[%j] : memref<64xf32>, vector<4xf32>
  return
}

// -----

// A write through a view of the same argument, and a raw-address store after
// a global read, keep their barriers.
// CHECK-LABEL: func.func @view_and_raw_writes(
// CHECK:         gpu.barrier
// CHECK:         vector.store
// CHECK:         gpu.barrier
// CHECK:         llvm.store
func.func @view_and_raw_writes(%x: memref<?xf32>, %p: !llvm.ptr, %i: index, %j: index) {
  %t = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %v = memref.load %x[%i] : memref<?xf32>
  memref.store %v, %t[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %w0 = memref.load %t[%j] : memref<32xf32, #spirv.storage_class<Workgroup>>
  %x1 = memref.load %x[%j] : memref<?xf32>
  %w = arith.addf %w0, %x1 : f32
  gpu.barrier
  %view = memref.reinterpret_cast %x to offset: [0], sizes: [64], strides: [1] : memref<?xf32> to memref<64xf32>
  %b = vector.broadcast %w : f32 to vector<4xf32>
  vector.store %b, %view[%j] : memref<64xf32>, vector<4xf32>
  %u0 = memref.load %t[%i] : memref<32xf32, #spirv.storage_class<Workgroup>>
  %u1 = memref.load %x[%i] : memref<?xf32>
  %u = arith.addf %u0, %u1 : f32
  gpu.barrier
  llvm.store %u, %p : f32, !llvm.ptr
  return
}
