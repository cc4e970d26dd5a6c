// RUN: triton-spirv-opt %s --triton-to-linalg | FileCheck %s

// A kernel that prints or asserts takes a debug buffer last. Each printed
// element reserves an 8-word record with an atomic add on word 0, checks the
// capacity in word 1 and stores (message id, pid x/y/z, element index,
// operand index, value as two words); floats are widened to f64.
// tt.assert writes a record (operand -1) where the condition is false.
// CHECK-LABEL: func.func public @debug(
// CHECK-SAME:    %{{.*}}: memref<?xf32>, %[[BUF:.*]]: memref<?xi32> {triton_spirv.debug_buffer})
// CHECK:         linalg.generic
// CHECK:           %[[IDX:.*]] = linalg.index 0 : index
// CHECK:           arith.extf %{{.*}} : f32 to f64
// CHECK:           %[[OLD:.*]] = memref.generic_atomic_rmw %[[BUF]][%{{.*}}] : memref<?xi32>
// CHECK:             arith.addi %{{.*}}, %{{.*}} : i32
// CHECK:           %[[CAP:.*]] = memref.load %[[BUF]][%{{.*}}] : memref<?xi32>
// CHECK:           %[[FITS:.*]] = arith.cmpi sle, %{{.*}}, %[[CAP]] : i32
// CHECK:           scf.if %[[FITS]] {
// CHECK:             gpu.block_id  x
// CHECK-COUNT-8:     memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<?xi32>
// CHECK:         linalg.generic
// CHECK:           %[[FAILED:.*]] = arith.xori %{{.*}}, %true : i1
// CHECK:           scf.if %[[FAILED]] {
// CHECK:             memref.generic_atomic_rmw %[[BUF]]
tt.func public @debug(%x: !tt.ptr<f32>) {
  %offs = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %ps = tt.addptr %p, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %v = tt.load %ps : tensor<16x!tt.ptr<f32>>
  tt.print " v: " {hex = false, isSigned = array<i32: 0>} : %v : tensor<16xf32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %ok = arith.cmpf oge, %v, %zero : tensor<16xf32>
  tt.assert %ok, "v must be non-negative" : tensor<16xi1>
  tt.return
}
