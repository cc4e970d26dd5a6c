// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=8 contiguity=2 subgroup-size=4 private-reduction-results=true}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=8 contiguity=2 subgroup-size=4}))' | FileCheck %s --check-prefix=SHARED

// The sum of a 16-element row over two subgroups of 4: the total every
// invocation reads is kept by each invocation. After the one barrier that
// publishes the subgroup partials, every invocation adds slot 0 and slot 1
// (in subgroup order, the same bits everywhere) into its own accumulator;
// the fill and the reads of the total touch no workgroup memory. A barrier
// after the reads of the slots keeps a later write (a row loop's next
// reduction) from overtaking them.
// CHECK-LABEL: func.func @row_sum(
// CHECK:         %[[ACC:.*]] = memref.alloca() : memref<f32, #spirv.storage_class<Function>>
// CHECK-NOT:     gpu.barrier
// CHECK:         memref.store %{{.*}}, %[[ACC]][] : memref<f32, #spirv.storage_class<Function>>
// CHECK-NOT:     gpu.barrier
// CHECK:         %[[ROUNDS:.*]] = scf.for {{.*}} iter_args
// CHECK:         %[[PART:.*]] = gpu.subgroup_reduce add %[[ROUNDS]]
// CHECK:         scf.if
// CHECK-NEXT:      memref.store %[[PART]], %[[SLOTS:.*]][%{{.*}}] : memref<8xf32, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.barrier
// CHECK-NOT:     scf.if
// CHECK:         %[[P0:.*]] = memref.load %[[SLOTS]][%c0{{.*}}] : memref<8xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[P1:.*]] = memref.load %[[SLOTS]][%[[C1]]] : memref<8xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.addf %[[P1]], %[[P0]] : f32
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    %[[OLD:.*]] = memref.load %[[ACC]][] : memref<f32, #spirv.storage_class<Function>>
// CHECK-NEXT:    %[[NEW:.*]] = arith.addf %[[TOTAL]], %[[OLD]] : f32
// CHECK-NEXT:    memref.store %[[NEW]], %[[ACC]][] : memref<f32, #spirv.storage_class<Function>>
// CHECK:         memref.load %[[ACC]][] : memref<f32, #spirv.storage_class<Function>>
// CHECK-NOT:     memref<f32, #spirv.storage_class<Workgroup>>
// CHECK:         return
// Without the option the total goes through a workgroup slot.
// SHARED-LABEL: func.func @row_sum(
// SHARED:         memref.alloc() : memref<f32, #spirv.storage_class<Workgroup>>
// SHARED-NOT:     memref.alloca() : memref<f32
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

// -----

// A block loop writes the accumulator too (one element's invocation does):
// the others would not see it, so it stays in workgroup memory.
// CHECK-LABEL: func.func @written_by_block_loop(
// CHECK-NOT:     memref.alloca() : memref<f32
// CHECK:         memref<f32, #spirv.storage_class<Workgroup>>
func.func @written_by_block_loop(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %X = memref.alloc() : memref<16xf32>
  %S = memref.alloc() : memref<f32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%X : memref<16xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 0 : index
    %v = memref.load %in[%j] : memref<?xf32>
    %first = arith.cmpi eq, %j, %c0 : index
    scf.if %first {
      memref.store %v, %S[] : memref<f32>
    }
    linalg.yield %v : f32
  }
  linalg.reduce ins(%X : memref<16xf32>) outs(%S : memref<f32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  %s = memref.load %S[] : memref<f32>
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}

// -----

// A combiner of two ops has no subgroup operation: the tree reduction's
// total has one owner, so the accumulator stays in workgroup memory.
// CHECK-LABEL: func.func @two_op_combiner(
// CHECK-NOT:     memref.alloca() : memref<f32
// CHECK:         memref<f32, #spirv.storage_class<Workgroup>>
func.func @two_op_combiner(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
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
      %sq = arith.mulf %x, %x : f32
      %sum = arith.addf %sq, %acc : f32
      linalg.yield %sum : f32
    }
  %s = memref.load %S[] : memref<f32>
  memref.store %s, %out[%c0] : memref<?xf32>
  return
}
