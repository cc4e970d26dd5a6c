// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(thread-id-from-subgroups))' | FileCheck %s

// The x thread ID becomes subgroup * size + lane for every user; y and z
// (always 0 in our one-dimensional workgroups) are left alone.
// CHECK-LABEL: func.func @ids(
// CHECK-NOT:     gpu.thread_id x
// CHECK:         %[[SG:.*]] = gpu.subgroup_id : index
// CHECK-NEXT:    %[[SIZE:.*]] = gpu.subgroup_size : index
// CHECK-NEXT:    %[[LANE:.*]] = gpu.lane_id
// CHECK-NEXT:    %[[FIRST:.*]] = arith.muli %[[SG]], %[[SIZE]] : index
// CHECK-NEXT:    %[[TID:.*]] = arith.addi %[[FIRST]], %[[LANE]] : index
// CHECK:         %[[Y:.*]] = gpu.thread_id y
// CHECK:         memref.store %{{.*}}, %{{.*}}[%[[TID]]]
// CHECK:         arith.muli %[[TID]], %{{.*}} : index
// CHECK:         memref.store %{{.*}}, %{{.*}}[%[[Y]]]
func.func @ids(%out: memref<64xf32>, %other: memref<64xf32>) {
  %tid = gpu.thread_id x
  %y = gpu.thread_id y
  %one = arith.constant 1.0 : f32
  %c2 = arith.constant 2 : index
  memref.store %one, %out[%tid] : memref<64xf32>
  %twice = arith.muli %tid, %c2 : index
  memref.store %one, %other[%twice] : memref<64xf32>
  memref.store %one, %other[%y] : memref<64xf32>
  return
}

// No thread ID: nothing changes.
// CHECK-LABEL: func.func @none(
// CHECK-NOT:     gpu.subgroup_id
// CHECK:         return
func.func @none(%out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  memref.store %one, %out[%c0] : memref<1xf32>
  return
}
