// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(interchange-accumulation-loops,canonicalize,cse))' | FileCheck %s

// An invocation owns 16 elements in 4 runs of 4 (distribution's shape):
// filled, updated in a block loop, folded in order. The block loop moves
// inside the loop over runs; the array holds one run. The block loop's
// first iteration is peeled, the rest runs behind a second guard.
// CHECK-LABEL: func.func @interchange(
// CHECK-SAME:    %[[X:[^:]*]]: memref<?xf32>, %{{[^:]*}}: memref<?xf32>, %{{[^:]*}}: memref<?xf32>, %[[N:[^:]*]]: index
// CHECK:         %[[ONE:.*]] = memref.alloca() : memref<4xf32, #spirv.storage_class<Function>>
// CHECK-NOT:     memref<16xf32
// CHECK:         %[[S:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[T:.*]] = %{{.*}}) -> (f32) {
// CHECK:           scf.for %[[B0:.*]] =
// CHECK:             memref.store %{{.*}}, %[[ONE]][%[[B0]]]
// CHECK:           %[[ENTERS:.*]] = arith.cmpi sgt, %[[N]], %c0
// CHECK:           scf.if %[[ENTERS]] {
// CHECK:             scf.for %[[B:.*]] =
// CHECK:               %[[OLD:.*]] = memref.load %[[ONE]][%[[B]]]
// CHECK:               %[[V:.*]] = memref.load %[[X]][%{{.*}}]
// CHECK:               %[[NEW:.*]] = arith.addf %[[OLD]], %[[V]]
// CHECK:               memref.store %[[NEW]], %[[ONE]][%[[B]]]
// CHECK:             %[[MORE:.*]] = arith.cmpi sgt, %[[N]], %c64
// CHECK:             scf.if %[[MORE]] {
// CHECK:               scf.for %{{.*}} = %c64 to %[[N]] step %c64 {
// CHECK:                 scf.for
// CHECK:                   memref.load %[[ONE]]
// CHECK:                   memref.load %[[X]]
// CHECK:           %[[F:.*]] = scf.for %[[J:.*]] = {{.*}} iter_args(%[[U:.*]] = %[[T]]) -> (f32) {
// CHECK:             %[[E:.*]] = memref.load %[[ONE]][%[[J]]]
// CHECK:             arith.addf %[[U]], %[[E]]
// CHECK:           scf.yield %[[F]]
// CHECK:         memref.store %[[S]]
#priv = #spirv.storage_class<Function>
func.func @interchange(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>, %n: index, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloca() : memref<16xf32, #priv>
  scf.for %a = %c0 to %c64 step %c16 {
    scf.for %b = %c0 to %c4 step %c1 {
      %r = arith.divui %a, %c16 : index
      %r4 = arith.muli %r, %c4 : index
      %p = arith.addi %r4, %b : index
      memref.store %zero, %acc[%p] : memref<16xf32, #priv>
    }
  }
  scf.for %off = %c0 to %n step %c64 {
    %start = arith.addi %base, %off : index
    scf.for %a = %c0 to %c64 step %c16 {
      scf.for %b = %c0 to %c4 step %c1 {
        %r = arith.divui %a, %c16 : index
        %r4 = arith.muli %r, %c4 : index
        %p = arith.addi %r4, %b : index
        %col = arith.addi %a, %b : index
        %at = arith.addi %start, %col : index
        %old = memref.load %acc[%p] : memref<16xf32, #priv>
        %v = memref.load %x[%at] : memref<?xf32>
        %new = arith.addf %old, %v : f32
        memref.store %new, %acc[%p] : memref<16xf32, #priv>
      }
    }
  }
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %zero) -> (f32) {
    %t2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %t) -> (f32) {
      %i4 = arith.muli %i, %c4 : index
      %q = arith.addi %i4, %j : index
      %e = memref.load %acc[%q] : memref<16xf32, #priv>
      %u2 = arith.addf %u, %e : f32
      scf.yield %u2 : f32
    }
    scf.yield %t2 : f32
  }
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}

// -----

// The fold reads the elements in another order: the runs would be folded out of order. Unchanged.
// CHECK-LABEL: func.func @fold_reversed(
// CHECK:         memref.alloca() : memref<16xf32
// CHECK-NOT:     memref<4xf32
#priv = #spirv.storage_class<Function>
func.func @fold_reversed(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>, %n: index, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloca() : memref<16xf32, #priv>
  scf.for %a = %c0 to %c64 step %c16 {
    scf.for %b = %c0 to %c4 step %c1 {
      %r = arith.divui %a, %c16 : index
      %r4 = arith.muli %r, %c4 : index
      %p = arith.addi %r4, %b : index
      memref.store %zero, %acc[%p] : memref<16xf32, #priv>
    }
  }
  scf.for %off = %c0 to %n step %c64 {
    %start = arith.addi %base, %off : index
    scf.for %a = %c0 to %c64 step %c16 {
      scf.for %b = %c0 to %c4 step %c1 {
        %r = arith.divui %a, %c16 : index
        %r4 = arith.muli %r, %c4 : index
        %p = arith.addi %r4, %b : index
        %col = arith.addi %a, %b : index
        %at = arith.addi %start, %col : index
        %old = memref.load %acc[%p] : memref<16xf32, #priv>
        %v = memref.load %x[%at] : memref<?xf32>
        %new = arith.addf %old, %v : f32
        memref.store %new, %acc[%p] : memref<16xf32, #priv>
      }
    }
  }
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %zero) -> (f32) {
    %t2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %t) -> (f32) {
      %i4 = arith.muli %i, %c4 : index
      %q0 = arith.addi %i4, %j : index
      %q1 = arith.subi %c16, %q0 : index
      %q = arith.subi %q1, %c1 : index
      %e = memref.load %acc[%q] : memref<16xf32, #priv>
      %u2 = arith.addf %u, %e : f32
      scf.yield %u2 : f32
    }
    scf.yield %t2 : f32
  }
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}

// -----

// The run loop writes global memory besides the array. Unchanged.
// CHECK-LABEL: func.func @global_store(
// CHECK:         memref.alloca() : memref<16xf32
// CHECK-NOT:     memref<4xf32
#priv = #spirv.storage_class<Function>
func.func @global_store(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>, %n: index, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloca() : memref<16xf32, #priv>
  scf.for %a = %c0 to %c64 step %c16 {
    scf.for %b = %c0 to %c4 step %c1 {
      %r = arith.divui %a, %c16 : index
      %r4 = arith.muli %r, %c4 : index
      %p = arith.addi %r4, %b : index
      memref.store %zero, %acc[%p] : memref<16xf32, #priv>
    }
  }
  scf.for %off = %c0 to %n step %c64 {
    %start = arith.addi %base, %off : index
    scf.for %a = %c0 to %c64 step %c16 {
      scf.for %b = %c0 to %c4 step %c1 {
        %r = arith.divui %a, %c16 : index
        %r4 = arith.muli %r, %c4 : index
        %p = arith.addi %r4, %b : index
        %col = arith.addi %a, %b : index
        %at = arith.addi %start, %col : index
        %old = memref.load %acc[%p] : memref<16xf32, #priv>
        %v = memref.load %x[%at] : memref<?xf32>
        %new = arith.addf %old, %v : f32
        memref.store %new, %acc[%p] : memref<16xf32, #priv>
        memref.store %new, %y[%at] : memref<?xf32>
      }
    }
  }
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %zero) -> (f32) {
    %t2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %t) -> (f32) {
      %i4 = arith.muli %i, %c4 : index
      %q = arith.addi %i4, %j : index
      %e = memref.load %acc[%q] : memref<16xf32, #priv>
      %u2 = arith.addf %u, %e : f32
      scf.yield %u2 : f32
    }
    scf.yield %t2 : f32
  }
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}

// -----

// The fold's inner loop covers two runs at once. Unchanged.
// CHECK-LABEL: func.func @fold_shape(
// CHECK:         memref.alloca() : memref<16xf32
// CHECK-NOT:     memref<4xf32
#priv = #spirv.storage_class<Function>
func.func @fold_shape(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>, %n: index, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloca() : memref<16xf32, #priv>
  scf.for %a = %c0 to %c64 step %c16 {
    scf.for %b = %c0 to %c4 step %c1 {
      %r = arith.divui %a, %c16 : index
      %r4 = arith.muli %r, %c4 : index
      %p = arith.addi %r4, %b : index
      memref.store %zero, %acc[%p] : memref<16xf32, #priv>
    }
  }
  scf.for %off = %c0 to %n step %c64 {
    %start = arith.addi %base, %off : index
    scf.for %a = %c0 to %c64 step %c16 {
      scf.for %b = %c0 to %c4 step %c1 {
        %r = arith.divui %a, %c16 : index
        %r4 = arith.muli %r, %c4 : index
        %p = arith.addi %r4, %b : index
        %col = arith.addi %a, %b : index
        %at = arith.addi %start, %col : index
        %old = memref.load %acc[%p] : memref<16xf32, #priv>
        %v = memref.load %x[%at] : memref<?xf32>
        %new = arith.addf %old, %v : f32
        memref.store %new, %acc[%p] : memref<16xf32, #priv>
      }
    }
  }
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %zero) -> (f32) {
    %t2 = scf.for %j = %c0 to %c16 step %c1 iter_args(%u = %t) -> (f32) {
      %i4 = arith.muli %i, %c4 : index
      %q = arith.addi %i4, %j : index
      %e = memref.load %acc[%q] : memref<16xf32, #priv>
      %u2 = arith.addf %u, %e : f32
      scf.yield %u2 : f32
    }
    scf.yield %t2 : f32
  }
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}

// -----

// The block loop reads the array outside its run nest. Unchanged.
// CHECK-LABEL: func.func @access_outside(
// CHECK:         memref.alloca() : memref<16xf32
// CHECK-NOT:     memref<4xf32
#priv = #spirv.storage_class<Function>
func.func @access_outside(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>, %n: index, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloca() : memref<16xf32, #priv>
  scf.for %a = %c0 to %c64 step %c16 {
    scf.for %b = %c0 to %c4 step %c1 {
      %r = arith.divui %a, %c16 : index
      %r4 = arith.muli %r, %c4 : index
      %p = arith.addi %r4, %b : index
      memref.store %zero, %acc[%p] : memref<16xf32, #priv>
    }
  }
  scf.for %off = %c0 to %n step %c64 {
    %start = arith.addi %base, %off : index
    %peek = memref.load %acc[%c0] : memref<16xf32, #priv>
    scf.for %a = %c0 to %c64 step %c16 {
      scf.for %b = %c0 to %c4 step %c1 {
        %r = arith.divui %a, %c16 : index
        %r4 = arith.muli %r, %c4 : index
        %p = arith.addi %r4, %b : index
        %col = arith.addi %a, %b : index
        %at = arith.addi %start, %col : index
        %old = memref.load %acc[%p] : memref<16xf32, #priv>
        %v = memref.load %x[%at] : memref<?xf32>
        %new = arith.addf %old, %v : f32
        memref.store %new, %acc[%p] : memref<16xf32, #priv>
      }
    }
  }
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %zero) -> (f32) {
    %t2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %t) -> (f32) {
      %i4 = arith.muli %i, %c4 : index
      %q = arith.addi %i4, %j : index
      %e = memref.load %acc[%q] : memref<16xf32, #priv>
      %u2 = arith.addf %u, %e : f32
      scf.yield %u2 : f32
    }
    scf.yield %t2 : f32
  }
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}

// -----

// Memory is written between the fill and the block loop. Unchanged.
// CHECK-LABEL: func.func @write_between(
// CHECK:         memref.alloca() : memref<16xf32
// CHECK-NOT:     memref<4xf32
#priv = #spirv.storage_class<Function>
func.func @write_between(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>, %n: index, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloca() : memref<16xf32, #priv>
  scf.for %a = %c0 to %c64 step %c16 {
    scf.for %b = %c0 to %c4 step %c1 {
      %r = arith.divui %a, %c16 : index
      %r4 = arith.muli %r, %c4 : index
      %p = arith.addi %r4, %b : index
      memref.store %zero, %acc[%p] : memref<16xf32, #priv>
    }
  }
  memref.store %zero, %y[%c0] : memref<?xf32>
  scf.for %off = %c0 to %n step %c64 {
    %start = arith.addi %base, %off : index
    scf.for %a = %c0 to %c64 step %c16 {
      scf.for %b = %c0 to %c4 step %c1 {
        %r = arith.divui %a, %c16 : index
        %r4 = arith.muli %r, %c4 : index
        %p = arith.addi %r4, %b : index
        %col = arith.addi %a, %b : index
        %at = arith.addi %start, %col : index
        %old = memref.load %acc[%p] : memref<16xf32, #priv>
        %v = memref.load %x[%at] : memref<?xf32>
        %new = arith.addf %old, %v : f32
        memref.store %new, %acc[%p] : memref<16xf32, #priv>
      }
    }
  }
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %zero) -> (f32) {
    %t2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %t) -> (f32) {
      %i4 = arith.muli %i, %c4 : index
      %q = arith.addi %i4, %j : index
      %e = memref.load %acc[%q] : memref<16xf32, #priv>
      %u2 = arith.addf %u, %e : f32
      scf.yield %u2 : f32
    }
    scf.yield %t2 : f32
  }
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}

// -----

// The fold reads global memory, which it would read earlier. Unchanged.
// CHECK-LABEL: func.func @fold_reads_global(
// CHECK:         memref.alloca() : memref<16xf32
// CHECK-NOT:     memref<4xf32
#priv = #spirv.storage_class<Function>
func.func @fold_reads_global(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>, %n: index, %base: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %acc = memref.alloca() : memref<16xf32, #priv>
  scf.for %a = %c0 to %c64 step %c16 {
    scf.for %b = %c0 to %c4 step %c1 {
      %r = arith.divui %a, %c16 : index
      %r4 = arith.muli %r, %c4 : index
      %p = arith.addi %r4, %b : index
      memref.store %zero, %acc[%p] : memref<16xf32, #priv>
    }
  }
  scf.for %off = %c0 to %n step %c64 {
    %start = arith.addi %base, %off : index
    scf.for %a = %c0 to %c64 step %c16 {
      scf.for %b = %c0 to %c4 step %c1 {
        %r = arith.divui %a, %c16 : index
        %r4 = arith.muli %r, %c4 : index
        %p = arith.addi %r4, %b : index
        %col = arith.addi %a, %b : index
        %at = arith.addi %start, %col : index
        %old = memref.load %acc[%p] : memref<16xf32, #priv>
        %v = memref.load %x[%at] : memref<?xf32>
        %new = arith.addf %old, %v : f32
        memref.store %new, %acc[%p] : memref<16xf32, #priv>
      }
    }
  }
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %zero) -> (f32) {
    %t2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %t) -> (f32) {
      %i4 = arith.muli %i, %c4 : index
      %q = arith.addi %i4, %j : index
      %e = memref.load %acc[%q] : memref<16xf32, #priv>
      %g = memref.load %y[%j] : memref<?xf32>
      %u2 = arith.addf %u, %e : f32
      scf.yield %u2 : f32
    }
    scf.yield %t2 : f32
  }
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}
