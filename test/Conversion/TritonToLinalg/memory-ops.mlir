// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// Pointers are i64 element offsets from the kernel argument they derive from
// (the argument itself is offset 0). Loads and stores are linalg.generic ops
// over the offsets that read / write the argument's memref; a masked-off lane
// never touches memory (scf.if), and yields `other` (or zero) instead.

// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func public @masked_load_store(
// CHECK-SAME:    %[[IN:[^:]*]]: memref<?xf32>, %[[OUT:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: i32)
// `other` is a splat constant: a scalar broadcast, not a dense tensor.
// CHECK:         %[[OTHERV:.*]] = arith.constant -1.000000e+00 : f32
// CHECK:         %[[OTHER:.*]] = linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]]], {{.*}} ins(%[[OTHERV]] : f32)
// CHECK:         %[[RANGE:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<64xi32>)
// CHECK:           linalg.index 0
// CHECK:         %[[MASK:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<64xi1>)
// The splat of the pointer argument is a splat of offset 0.
// CHECK:         %[[BASE:.*]] = linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]]], {{.*}} ins(%[[ZERO:.*]] : i64) outs(%{{.*}} : tensor<64xi64>)
// tt.addptr adds the sign-extended offsets.
// CHECK:         %[[PTRS:.*]] = linalg.generic {{.*}} ins(%[[BASE]], %[[RANGE]] : tensor<64xi64>, tensor<64xi32>) outs(%{{.*}} : tensor<64xi64>) {
// CHECK-NEXT:    ^bb0(%[[P:.*]]: i64, %[[O:.*]]: i32, %{{.*}}: i64):
// CHECK-NEXT:      %[[OW:.*]] = arith.extsi %[[O]] : i32 to i64
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[P]], %[[OW]] : i64
// CHECK-NEXT:      linalg.yield %[[SUM]] : i64
// Masked load with `other`: scf.if inside the generic reads the base memref.
// CHECK:         %[[LOADED:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[PTRS]], %[[MASK]], %[[OTHER]] : tensor<64xi64>, tensor<64xi1>, tensor<64xf32>) outs(%{{.*}} : tensor<64xf32>) {
// CHECK-NEXT:    ^bb0(%[[LOFF:.*]]: i64, %[[LMASK:.*]]: i1, %[[LOTHER:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[LV:.*]] = scf.if %[[LMASK]] -> (f32) {
// CHECK-NEXT:        %[[LIDX:.*]] = arith.index_cast %[[LOFF]] : i64 to index
// CHECK-NEXT:        %[[LD:.*]] = memref.load %[[IN]][%[[LIDX]]] : memref<?xf32>
// CHECK-NEXT:        scf.yield %[[LD]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[LOTHER]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      linalg.yield %[[LV]] : f32
// CHECK-NEXT:    } -> tensor<64xf32>
// CHECK:         %[[OPTRS:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[RANGE]] : tensor<64xi64>, tensor<64xi32>) outs(%{{.*}} : tensor<64xi64>)
// Masked store: a generic with no outs (and no results).
// CHECK:         linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel"]} ins(%[[OPTRS]], %[[LOADED]], %[[MASK]] : tensor<64xi64>, tensor<64xf32>, tensor<64xi1>) {
// CHECK-NEXT:    ^bb0(%[[SOFF:.*]]: i64, %[[SV:.*]]: f32, %[[SMASK:.*]]: i1):
// CHECK-NEXT:      scf.if %[[SMASK]] {
// CHECK-NEXT:        %[[SIDX:.*]] = arith.index_cast %[[SOFF]] : i64 to index
// CHECK-NEXT:        memref.store %[[SV]], %[[OUT]][%[[SIDX]]] : memref<?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      linalg.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return
tt.func public @masked_load_store(%a: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %cst = arith.constant dense<-1.000000e+00> : tensor<64xf32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %p = tt.splat %a : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %p2 = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %p2, %m, %cst : tensor<64x!tt.ptr<f32>>
  %q = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %q2 = tt.addptr %q, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %q2, %v, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Without `other`, masked-off lanes read zero; without a mask there is no
// scf.if at all. Offsets already i64 are not extended.
// CHECK-LABEL: func.func public @load_variants(
// CHECK-SAME:    %[[IN:[^:]*]]: memref<?xi32>, %[[OUT:[^:]*]]: memref<?xi32>, %[[OFFS:[^:]*]]: tensor<32xi64>, %[[MASK:[^:]*]]: tensor<32xi1>)
// CHECK:         %[[PTRS:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[OFFS]] : tensor<32xi64>, tensor<32xi64>)
// CHECK-NOT:       arith.extsi
// CHECK:           arith.addi
// CHECK:         linalg.generic {{.*}} ins(%[[PTRS]], %[[MASK]] : tensor<32xi64>, tensor<32xi1>) outs(%{{.*}} : tensor<32xi32>) {
// CHECK-NEXT:    ^bb0(%[[OFF:.*]]: i64, %[[M:.*]]: i1, %{{.*}}: i32):
// CHECK-NEXT:      %{{.*}} = scf.if %[[M]] -> (i32) {
// CHECK-NEXT:        %[[IDX:.*]] = arith.index_cast %[[OFF]] : i64 to index
// CHECK-NEXT:        %[[LD:.*]] = memref.load %[[IN]][%[[IDX]]] : memref<?xi32>
// CHECK-NEXT:        scf.yield %[[LD]] : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:        scf.yield %[[Z]] : i32
// CHECK-NEXT:      }
// CHECK:         linalg.generic {{.*}} ins(%[[PTRS]] : tensor<32xi64>) outs(%{{.*}} : tensor<32xi32>) {
// CHECK-NEXT:    ^bb0(%[[OFF2:.*]]: i64, %{{.*}}: i32):
// CHECK-NEXT:      %[[IDX2:.*]] = arith.index_cast %[[OFF2]] : i64 to index
// CHECK-NEXT:      %[[LD2:.*]] = memref.load %[[IN]][%[[IDX2]]] : memref<?xi32>
// CHECK-NEXT:      linalg.yield %[[LD2]] : i32
tt.func public @load_variants(%a: !tt.ptr<i32>, %out: !tt.ptr<i32>, %offs: tensor<32xi64>, %m: tensor<32xi1>) {
  %p = tt.splat %a : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  %p2 = tt.addptr %p, %offs : tensor<32x!tt.ptr<i32>>, tensor<32xi64>
  %v = tt.load %p2, %m : tensor<32x!tt.ptr<i32>>
  %w = tt.load %p2 : tensor<32x!tt.ptr<i32>>
  %s = arith.addi %v, %w : tensor<32xi32>
  %q = tt.splat %out : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  %q2 = tt.addptr %q, %offs : tensor<32x!tt.ptr<i32>>, tensor<32xi64>
  tt.store %q2, %s : tensor<32x!tt.ptr<i32>>
  tt.return
}

// -----

// Scalar loads and stores are plain memref.load / memref.store at the
// offset; memory of i1 is i8.
// CHECK-LABEL: func.func public @scalar(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xi32>, %[[B:[^:]*]]: memref<?xi8>, %[[K:[^:]*]]: i32)
// CHECK-NOT:     linalg.generic
// CHECK:         %[[KW:.*]] = arith.extsi %[[K]] : i32 to i64
// CHECK:         %[[OFF:.*]] = arith.addi %{{.*}}, %[[KW]] : i64
// CHECK:         %[[IDX:.*]] = arith.index_cast %[[OFF]] : i64 to index
// CHECK:         %[[V:.*]] = memref.load %[[A]][%[[IDX]]] : memref<?xi32>
// CHECK:         %[[BYTE:.*]] = memref.load %[[B]][%{{.*}}] : memref<?xi8>
// CHECK:         %[[ZERO8:.*]] = arith.constant 0 : i8
// CHECK:         %[[BOOL:.*]] = arith.cmpi ne, %[[BYTE]], %[[ZERO8]] : i8
// CHECK:         %[[W:.*]] = arith.addi %[[V]], %[[K]] : i32
// CHECK:         memref.store %[[W]], %[[A]][%{{.*}}] : memref<?xi32>
// CHECK:         %[[BOFF:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// CHECK:         %[[BIDX:.*]] = arith.index_cast %[[BOFF]] : i64 to index
// CHECK:         %[[EXT:.*]] = arith.extui %[[BOOL]] : i1 to i8
// CHECK:         memref.store %[[EXT]], %[[B]][%[[BIDX]]] : memref<?xi8>
// CHECK-NOT:     linalg.generic
// CHECK:         return
tt.func public @scalar(%a: !tt.ptr<i32>, %b: !tt.ptr<i1>, %k: i32) {
  %p = tt.addptr %a, %k : !tt.ptr<i32>, i32
  %v = tt.load %p : !tt.ptr<i32>
  %c = tt.load %b : !tt.ptr<i1>
  %w = arith.addi %v, %k : i32
  tt.store %a, %w : !tt.ptr<i32>
  %b1 = tt.addptr %b, %k : !tt.ptr<i1>, i32
  tt.store %b1, %c : !tt.ptr<i1>
  tt.return
}

// -----

// A masked scalar store is an scf.if around the store.
// CHECK-LABEL: func.func public @scalar_masked_store(
// CHECK-SAME:    %[[A:[^:]*]]: memref<?xf32>, %[[X:[^:]*]]: f32, %[[C:[^:]*]]: i1)
// CHECK:         scf.if %[[C]] {
// CHECK-NEXT:      %[[IDX:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK-NEXT:      memref.store %[[X]], %[[A]][%[[IDX]]] : memref<?xf32>
// CHECK-NEXT:    }
tt.func public @scalar_masked_store(%a: !tt.ptr<f32>, %x: f32, %c: i1) {
  tt.store %a, %x, %c : !tt.ptr<f32>
  tt.return
}

// -----

// A pointer carried through scf.for iter_args becomes an i64 offset tensor
// iter_arg; the loop body loads from the kernel argument it started from.
// CHECK-LABEL: func.func public @loop_carried_pointer(
// CHECK-SAME:    %[[IN:[^:]*]]: memref<?xf32>, %[[OUT:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: i32)
// CHECK:         %[[STEPS:.*]] = linalg.generic {{.*}} ins(%{{.*}} : i32) outs(%{{.*}} : tensor<16xi32>)
// CHECK:         %[[ZEROACC:.*]] = linalg.generic {{.*}} ins(%{{.*}} : f32) outs(%{{.*}} : tensor<16xf32>)
// CHECK:         %[[INIT:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<16xi64>, tensor<16xi32>) outs(%{{.*}} : tensor<16xi64>)
// CHECK:         %[[RES:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[PTR:.*]] = %[[INIT]], %[[ACC:.*]] = %[[ZEROACC]]) -> (tensor<16xi64>, tensor<16xf32>) : i32 {
// CHECK:           %[[V:.*]] = linalg.generic {{.*}} ins(%[[PTR]] : tensor<16xi64>) outs(%{{.*}} : tensor<16xf32>) {
// CHECK-NEXT:      ^bb0(%[[OFF:.*]]: i64, %{{.*}}: f32):
// CHECK-NEXT:        %[[IDX:.*]] = arith.index_cast %[[OFF]] : i64 to index
// CHECK-NEXT:        %[[LD:.*]] = memref.load %[[IN]][%[[IDX]]] : memref<?xf32>
// CHECK:           %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[ACC]], %[[V]] : tensor<16xf32>, tensor<16xf32>)
// CHECK:           %[[NEXT:.*]] = linalg.generic {{.*}} ins(%[[PTR]], %[[STEPS]] : tensor<16xi64>, tensor<16xi32>) outs(%{{.*}} : tensor<16xi64>)
// CHECK:           scf.yield %[[NEXT]], %[[SUM]] : tensor<16xi64>, tensor<16xf32>
// CHECK:         }
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[RES]]#1 : tensor<16xi64>, tensor<16xf32>) {
// CHECK:           memref.store %{{.*}}, %[[OUT]][%{{.*}}] : memref<?xf32>
tt.func public @loop_carried_pointer(%a: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant dense<16> : tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %p = tt.splat %a : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %p2 = tt.addptr %p, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %p2, %acc = %zero) -> (tensor<16x!tt.ptr<f32>>, tensor<16xf32>) : i32 {
    %v = tt.load %ptr : tensor<16x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<16xf32>
    %next = tt.addptr %ptr, %c16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    scf.yield %next, %s : tensor<16x!tt.ptr<f32>>, tensor<16xf32>
  }
  %q = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %q2 = tt.addptr %q, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %q2, %res#1 : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// A scalar pointer carried through scf.for is a scalar i64 iter_arg.
// CHECK-LABEL: func.func public @loop_carried_scalar_pointer(
// CHECK-SAME:    %[[IN:[^:]*]]: memref<?xi32>, %[[N:[^:]*]]: i32)
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:         %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[PTR:.*]] = %[[ZERO]], %[[ACC:.*]] = %{{.*}}) -> (i64, i32) : i32 {
// CHECK:           %[[IDX:.*]] = arith.index_cast %[[PTR]] : i64 to index
// CHECK:           %[[V:.*]] = memref.load %[[IN]][%[[IDX]]] : memref<?xi32>
// CHECK:           %[[S:.*]] = arith.addi %[[ACC]], %[[V]] : i32
// CHECK:           %[[NEXT:.*]] = arith.addi %[[PTR]], %{{.*}} : i64
// CHECK:           scf.yield %[[NEXT]], %[[S]] : i64, i32
// CHECK:         memref.store %[[R]]#1, %[[IN]][%{{.*}}] : memref<?xi32>
tt.func public @loop_carried_scalar_pointer(%a: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %a, %acc = %c0) -> (!tt.ptr<i32>, i32) : i32 {
    %v = tt.load %ptr : !tt.ptr<i32>
    %s = arith.addi %acc, %v : i32
    %next = tt.addptr %ptr, %c1 : !tt.ptr<i32>, i32
    scf.yield %next, %s : !tt.ptr<i32>, i32
  }
  tt.store %a, %r#1 : !tt.ptr<i32>
  tt.return
}

// -----

// Atomics keep Triton's ordering: relaxed ones are marked, the others (acq_rel
// by default) are ordered by the SPIR-V lowering.
// CHECK-LABEL: func.func public @atomic_semantics(
// CHECK:         memref.generic_atomic_rmw
// CHECK:         } {triton_spirv.relaxed_atomic}
// CHECK:         memref.generic_atomic_rmw
// CHECK-NOT:     triton_spirv.relaxed_atomic
// CHECK:         return
tt.func public @atomic_semantics(%counts: !tt.ptr<i32>, %lock: !tt.ptr<i32>) {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %true = arith.constant true
  %0 = tt.atomic_rmw add, relaxed, gpu, %counts, %c1, %true : (!tt.ptr<i32>, i32, i1) -> i32
  %1 = tt.atomic_cas acq_rel, gpu, %lock, %c0, %c1 : (!tt.ptr<i32>, i32, i32) -> i32
  tt.return
}
