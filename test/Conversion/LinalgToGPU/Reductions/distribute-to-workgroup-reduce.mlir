// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=2}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=2 min-subgroup-reduce-threads=4}))' | FileCheck %s --check-prefix=NOSG

// Column sums of an 8x4 block over 4 invocations in runs of 2: a round (8
// elements) holds two rows, so rows alternate between two row classes whose
// owners differ (invocations 0-1 own even rows, 2-3 odd rows). The block
// stays private (8 entries per invocation); each invocation folds its two
// columns of its class over the 4 rounds, the 2 x 4 partials meet in
// workgroup memory, and each output's owner combines them.
// CHECK-LABEL: func.func @column_sum_row_classes(
// CHECK-DAG:     %[[X:.*]] = memref.alloca() : memref<8xf32, #spirv.storage_class<Function>>
// CHECK-DAG:     %[[SCRATCH:.*]] = memref.alloc() : memref<8xf32, #spirv.storage_class<Workgroup>>
// CHECK-NOT:     memref<8x4xf32, #spirv.storage_class<Workgroup>>
// Phase 1: class partials (first round, then the other three).
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[FIRST:.*]] = memref.load %[[X]]
// CHECK:           %[[PART:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (f32) {
// CHECK:             %[[E:.*]] = memref.load %[[X]]
// CHECK:             arith.addf %[[E]], %[[ACC]] : f32
// CHECK:           memref.store %[[PART]], %[[SCRATCH]]
// CHECK:         gpu.barrier
// Phase 2: the owner of each output adds the two class partials.
// CHECK:         scf.if
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// CHECK:             memref.load %[[SCRATCH]]
// CHECK:             arith.addf
func.func @column_sum_row_classes(%in: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %X = memref.alloc() : memref<8x4xf32>
  %S = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%X : memref<8x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %in[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%S : memref<4xf32>)
  linalg.reduce ins(%X : memref<8x4xf32>) outs(%S : memref<4xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %sum = arith.addf %x, %acc : f32
      linalg.yield %sum : f32
    }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%S : memref<4xf32>) {
  ^bb0(%s: f32):
    %j = linalg.index 0 : index
    memref.store %s, %out[%j] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// A block chosen by an scf.if (one branch yields the loaded block, the other
// a fresh one): both branches copy into one buffer, which stays private; the
// if no longer returns a buffer (no pointer-typed results in SPIR-V).
// CHECK-LABEL: func.func @block_chosen_by_if(
// CHECK-NOT:     Workgroup
// CHECK:         %[[CARRIED:.*]] = memref.alloca() : memref<4xf32, #spirv.storage_class<Function>>
// CHECK:         scf.if %{{.*}} {
// CHECK:           memref.store %{{.*}}, %[[CARRIED]]
// CHECK:         } else {
// CHECK:           memref.store %{{.*}}, %[[CARRIED]]
// CHECK:         }
// CHECK:         memref.load %[[CARRIED]]
func.func @block_chosen_by_if(%in: memref<?xf32>, %out: memref<?xf32>, %flag: i1) {
  %X = memref.alloc() : memref<16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%X : memref<16xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %v = memref.load %in[%j] : memref<?xf32>
    linalg.yield %v : f32
  }
  %chosen = scf.if %flag -> (memref<16xf32>) {
    scf.yield %X : memref<16xf32>
  } else {
    %Y = memref.alloc() : memref<16xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%X : memref<16xf32>) outs(%Y : memref<16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %d = arith.addf %x, %x : f32
      linalg.yield %d : f32
    }
    scf.yield %Y : memref<16xf32>
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%chosen : memref<16xf32>) {
  ^bb0(%c: f32):
    %j = linalg.index 0 : index
    memref.store %c, %out[%j] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// A 1-D sum: owned elements, then subgroup operations. With
// min-subgroup-reduce-threads covering the workgroup (lavapipe's single
// subgroup workgroups) it goes through workgroup memory instead.
// CHECK-LABEL: func.func @row_sum(
// CHECK:         gpu.subgroup_reduce add
// NOSG-LABEL:  func.func @row_sum(
// NOSG-NOT:      gpu.subgroup_reduce
// NOSG:          memref.alloc() : memref<4xf32, #spirv.storage_class<Workgroup>>
// NOSG-NOT:      gpu.subgroup_reduce
func.func @row_sum(%in: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %X = memref.alloc() : memref<64xf32>
  %S = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%X : memref<64xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %v = memref.load %in[%j] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%S : memref<f32>)
  linalg.reduce ins(%X : memref<64xf32>) outs(%S : memref<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %sum = arith.addf %x, %acc : f32
      linalg.yield %sum : f32
    }
  %s = memref.load %S[] : memref<f32>
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}
