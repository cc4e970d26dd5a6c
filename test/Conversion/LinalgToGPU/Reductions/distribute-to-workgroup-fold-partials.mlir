// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=2}))' | FileCheck %s --check-prefixes=CHECK,TWO
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=4 contiguity=2 fold-partials-into-init=true}))' | FileCheck %s --check-prefixes=CHECK,ONE

// The sum of a 16-element row over 4 invocations in runs of 2: each
// invocation folds its 4 elements, the subgroup partials meet in workgroup
// memory and invocation 0 folds them. By default it stores the total to a
// workgroup slot, all wait, and invocation 0 adds it to the accumulator after
// a second barrier; with fold-partials-into-init it adds the total to the
// accumulator at once.
// CHECK-LABEL: func.func @row_sum(
// CHECK:         %[[ROUNDS:.*]] = scf.for {{.*}} iter_args
// CHECK:         %[[PART:.*]] = gpu.subgroup_reduce add %[[ROUNDS]]
// CHECK:         gpu.barrier
// CHECK:         scf.if
// CHECK:           %[[TOTAL:.*]] = scf.for {{.*}} iter_args
// TWO:             memref.store %[[TOTAL]], %{{.*}}[%{{.*}}] : memref<4xf32, #spirv.storage_class<Workgroup>>
// TWO:           gpu.barrier
// TWO:           scf.if
// TWO:             memref.load %{{.*}}[%{{.*}}] : memref<4xf32, #spirv.storage_class<Workgroup>>
// ONE:             %[[ACC:.*]] = memref.load %{{.*}}[] : memref<f32, #spirv.storage_class<Workgroup>>
// ONE-NEXT:        %[[NEW:.*]] = arith.addf %[[TOTAL]], %[[ACC]] : f32
// ONE-NEXT:        memref.store %[[NEW]], %{{.*}}[] : memref<f32, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.barrier
// ONE-NOT:       scf.if
// CHECK:         memref.load %{{.*}}[] : memref<f32, #spirv.storage_class<Workgroup>>
func.func @row_sum(%in: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %X = memref.alloc() : memref<16xf32>
  %S = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%X : memref<16xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %v = memref.load %in[%j] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%S : memref<f32>)
  linalg.reduce ins(%X : memref<16xf32>) outs(%S : memref<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %sum = arith.addf %x, %acc : f32
      linalg.yield %sum : f32
    }
  %s = memref.load %S[] : memref<f32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%X : memref<16xf32>) {
  ^bb0(%x: f32):
    %j = linalg.index 0 : index
    %r = arith.divf %x, %s : f32
    memref.store %r, %out[%j] : memref<?xf32>
    linalg.yield
  }
  return
}

