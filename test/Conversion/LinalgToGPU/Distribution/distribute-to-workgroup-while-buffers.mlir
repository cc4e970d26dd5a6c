// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=16 contiguity=8}))' | FileCheck %s
//
// A while loop carrying a mask (FlagGems' scatter multiply retry loop): the
// buffer before-argument becomes one fixed buffer (the init copied in before
// the loop, the yielded mask at the end of the after region), and the
// forwarded copy of it is that buffer; the loop carries only the i1. Both
// stay invocation-private like the mask's other uses.

// CHECK-LABEL: func.func @while_carried_mask(
// CHECK:         %[[MASK:.*]] = memref.alloca() : memref<8xi1, #spirv.storage_class<Function>>
// CHECK:         scf.while (%{{.*}} = %false) : (i1) -> () {
// CHECK-NOT:       memref<128xi1
// CHECK:           scf.condition
// CHECK:         } do {
// CHECK:           memref.load %[[MASK]]
// CHECK:           memref.store %{{.*}}, %[[MASK]]
// CHECK:           scf.yield %{{.*}} : i1
// CHECK-NOT:     memref<128xi1
// CHECK:         return
func.func @while_carried_mask(%out: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %false = arith.constant false
  %true = arith.constant true
  %init = memref.alloc() : memref<128xi1>
  scf.parallel (%i) = (%c0) to (%c128) step (%c1) {
    %m = arith.cmpi uge, %i, %n : index
    memref.store %m, %init[%i] : memref<128xi1>
    scf.reduce
  }
  %r = scf.while (%mask = %init, %done = %false) : (memref<128xi1>, i1) -> memref<128xi1> {
    %go = arith.xori %done, %true : i1
    %copy = memref.alloc() : memref<128xi1>
    memref.copy %mask, %copy : memref<128xi1> to memref<128xi1>
    scf.condition(%go) %copy : memref<128xi1>
  } do {
  ^bb0(%m: memref<128xi1>):
    %next = memref.alloc() : memref<128xi1>
    scf.parallel (%i) = (%c0) to (%c128) step (%c1) {
      %v = memref.load %m[%i] : memref<128xi1>
      %e = arith.extui %v : i1 to i32
      memref.store %e, %out[%i] : memref<?xi32>
      memref.store %true, %next[%i] : memref<128xi1>
      scf.reduce
    }
    scf.yield %next, %true : memref<128xi1>, i1
  }
  return
}
