// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(guard-zero-trip-loops))' | FileCheck %s
//
// An scf.for with results that may run zero times runs under an scf.if on
// its first trip condition; the else branch yields the init values (SCF to
// SPIR-V would leave the results undefined). Constant bounds that prove a
// first trip, and loops without results, are left alone.

// CHECK-LABEL: func.func @dynamic_bounds(
// CHECK-SAME:    %[[LB:.*]]: index, %[[UB:.*]]: index, %[[INIT:.*]]: i32)
// CHECK:         %[[RUNS:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : index
// CHECK:         %[[R:.*]] = scf.if %[[RUNS]] -> (i32) {
// CHECK:           %[[L:.*]] = scf.for %{{.*}} = %[[LB]] to %[[UB]] step %{{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (i32) {
// CHECK:           scf.yield %[[L]] : i32
// CHECK:         } else {
// CHECK:           scf.yield %[[INIT]] : i32
// CHECK:         return %[[R]] : i32
// CHECK-LABEL: func.func @unsigned_bounds(
// CHECK:         arith.cmpi ult
// CHECK:         scf.if
// CHECK:           scf.for unsigned
// CHECK-LABEL: func.func @constant_bounds(
// CHECK-NOT:     scf.if
// CHECK:         scf.for
// CHECK-LABEL: func.func @no_results(
// CHECK-NOT:     scf.if
gpu.module @kernels {
  func.func @dynamic_bounds(%lb: index, %ub: index, %init: i32) -> i32 {
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %r = scf.for %i = %lb to %ub step %c1 iter_args(%a = %init) -> (i32) {
      %n = arith.addi %a, %one : i32
      scf.yield %n : i32
    }
    return %r : i32
  }
  func.func @unsigned_bounds(%lb: index, %ub: index, %init: i32) -> i32 {
    %c1 = arith.constant 1 : index
    %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%a = %init) -> (i32) {
      scf.yield %a : i32
    }
    return %r : i32
  }
  func.func @constant_bounds(%init: i32) -> i32 {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (i32) {
      scf.yield %a : i32
    }
    return %r : i32
  }
  func.func @no_results(%lb: index, %ub: index, %m: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : i32
    scf.for %i = %lb to %ub step %c1 {
      memref.store %c7, %m[%i] : memref<?xi32>
    }
    return
  }
}
