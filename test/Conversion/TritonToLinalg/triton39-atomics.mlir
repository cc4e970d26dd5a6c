// RUN: triton-spirv-opt %s --triton-to-linalg | FileCheck %s
//
// Triton 3.9's atomic loads, stores and polls become memref.generic_atomic_rmw
// ops: a load keeps the current value (relaxed ones marked so; the SPIR-V
// lowering reads it volatile and fences an acquiring one), a store yields the
// new value (an exchange), a poll spins on such reads and then the program
// meets at a barrier that orders global memory. Kernels with atomic loads or
// polls are marked as polling memory other programs write. approx_divf is a
// division; the launch-dependency ops vanish.

// CHECK-LABEL: func.func public @triton39(
// CHECK-SAME:    attributes {triton_spirv.kernel, triton_spirv.volatile_loads}
// CHECK-NOT:     grid_dependency
// CHECK:         scf.while : () -> () {
// CHECK:           %[[SEEN:.*]] = memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<?xi32> {
// CHECK-NEXT:      ^bb0(%[[CUR:.*]]: i32):
// CHECK-NEXT:        memref.atomic_yield %[[CUR]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[WAIT:.*]] = arith.cmpi ne, %[[SEEN]], %{{.*}} : i32
// CHECK-NEXT:      scf.condition(%[[WAIT]])
// CHECK:         gpu.barrier {triton_spirv.orders_global_memory}
// The acquiring tensor load: masked lanes read nothing.
// CHECK:         scf.if %{{.*}} -> (f32) {
// CHECK:           memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<?xf32> {
// CHECK-NEXT:      ^bb0(%[[C1:.*]]: f32):
// CHECK-NEXT:        memref.atomic_yield %[[C1]] : f32
// CHECK-NEXT:      }
// CHECK-NOT:       relaxed_atomic
// The relaxed scalar load.
// CHECK:         memref.generic_atomic_rmw
// CHECK:         } {triton_spirv.relaxed_atomic}
// CHECK:         arith.divf
// The store: an exchange of the value.
// CHECK:         scf.if %{{.*}} -> (f32) {
// CHECK:           memref.generic_atomic_rmw %{{.*}}[%{{.*}}] : memref<?xf32> {
// CHECK-NEXT:      ^bb0(%{{.*}}: f32):
// CHECK-NEXT:        memref.atomic_yield %{{.*}} : f32
// CHECK-NOT:     grid_dependency
tt.func public @triton39(%x: !tt.ptr<f32>, %flag: !tt.ptr<i32>, %out: !tt.ptr<f32>, %n: i32) {
  %one = arith.constant 1 : i32
  %true = arith.constant true
  %offs = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %ns = tt.splat %n : i32 -> tensor<8xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<8xi32>
  tt.grid_dependency_wait
  %ok = tt.atomic_poll acquire, gpu, %flag, %one : !tt.ptr<i32>, i32 -> i1
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = tt.atomic_load acquire, gpu, %xp, %m : (tensor<8x!tt.ptr<f32>>, tensor<8xi1>) -> tensor<8xf32>
  %s = tt.atomic_load relaxed, gpu, %x, %true : (!tt.ptr<f32>, i1) -> f32
  %ss = tt.splat %s : f32 -> tensor<8xf32>
  %d = tt.approx_divf %v, %ss : tensor<8xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %op = tt.addptr %os, %offs : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.atomic_store release, gpu, %op, %d, %m : tensor<8x!tt.ptr<f32>>
  tt.grid_dependency_launch_dependents
  tt.return
}
