// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=16 subgroup-size=8}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=16 subgroup-size=8 min-subgroup-reduce-threads=16}))' | FileCheck %s --check-prefix=NOSG

// An argmax (two operands, a combiner no subgroup operation implements) over
// 64 elements by 16 invocations in subgroups of 8: each invocation folds a
// chunk of 4, then partials combine pairwise, adjacent first. Partners 1, 2
// and 4 lanes away are in the same subgroup: shuffles (both operands), no
// barrier. Only the step 8 lanes away goes through workgroup memory.
// CHECK-LABEL: func.func @argmax(
// CHECK:         %[[V1:.*]], %{{.*}} = gpu.shuffle  down %{{.*}}, %c1_i32, %c8_i32 : f32
// CHECK:         gpu.shuffle  down %{{.*}}, %c1_i32, %c8_i32 : i32
// CHECK:         gpu.shuffle  down %{{.*}}, %c2_i32, %c8_i32 : f32
// CHECK:         gpu.shuffle  down %{{.*}}, %c4_i32, %c8_i32 : f32
// CHECK:         gpu.shuffle  down %{{.*}}, %c4_i32, %c8_i32 : i32
// CHECK-NOT:     gpu.shuffle
// CHECK:         gpu.barrier
// CHECK-NOT:     gpu.shuffle
// NOSG-LABEL:  func.func @argmax(
// NOSG-NOT:      gpu.shuffle
func.func @argmax(%in: memref<?xf32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %X = memref.alloc() : memref<64xf32>
  %I = memref.alloc() : memref<64xi32>
  %SV = memref.alloc() : memref<f32>
  %SI = memref.alloc() : memref<i32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%X, %I : memref<64xf32>, memref<64xi32>) {
  ^bb0(%o: f32, %p: i32):
    %j = linalg.index 0 : index
    %v = memref.load %in[%j] : memref<?xf32>
    %k = arith.index_cast %j : index to i32
    linalg.yield %v, %k : f32, i32
  }
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i32
  memref.store %ninf, %SV[] : memref<f32>
  memref.store %zero, %SI[] : memref<i32>
  linalg.reduce ins(%X, %I : memref<64xf32>, memref<64xi32>) outs(%SV, %SI : memref<f32>, memref<i32>) dimensions = [0]
    (%x: f32, %i: i32, %accv: f32, %acci: i32) {
      %gt = arith.cmpf ogt, %x, %accv : f32
      %v = arith.select %gt, %x, %accv : f32
      %k = arith.select %gt, %i, %acci : i32
      linalg.yield %v, %k : f32, i32
    }
  %r = memref.load %SI[] : memref<i32>
  memref.store %r, %out[%c0] : memref<?xi32>
  return
}

// -----

// Row maxima of a 4x16 block by 16 invocations (groups of 4 per row, inside
// one subgroup): the -inf fill of the accumulator right before goes (each
// group's lane 0 combines its total with the constant and stores it), and the
// shuffles combine the whole group, so no partials pass through workgroup
// memory.
// CHECK-LABEL: func.func @row_max_after_fill(
// CHECK-NOT:     memref.alloc() : memref<16xf32
// CHECK:         gpu.shuffle  down %{{.*}}, %c1_i32, %c8_i32 : f32
// CHECK:         gpu.shuffle  down %{{.*}}, %c2_i32, %c8_i32 : f32
// CHECK:         scf.if
// CHECK-NEXT:      %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:           arith.maxnumf %[[NINF]], %{{.*}} : f32
// CHECK-NEXT:      memref.store
// CHECK:         }
// CHECK-NEXT:  }
// CHECK-NEXT:  gpu.barrier
// CHECK-NOT:   gpu.barrier
// CHECK:         memref.load
// CHECK-SAME:      memref<4xf32, #spirv.storage_class<Workgroup>>
// NOSG-LABEL:  func.func @row_max_after_fill(
// NOSG:          memref.alloc() : memref<16xf32
func.func @row_max_after_fill(%in: memref<?xf32>, %out: memref<?xf32>) {
  %X = memref.alloc() : memref<4x16xf32>
  %M = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%X : memref<4x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %in[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%M : memref<4xf32>)
  linalg.reduce { arith.maxnumf } ins(%X : memref<4x16xf32>) outs(%M : memref<4xf32>) dimensions = [1]
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%M : memref<4xf32>) {
  ^bb0(%m: f32):
    %i = linalg.index 0 : index
    memref.store %m, %out[%i] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// Row maxima of a 8x16 block in workgroup memory (the rows read at
// transposed positions keep it there) by 16 invocations: two per row. The
// combiner is commutative, so each invocation folds every other element of
// its row from its own lane (0, 2, ...; 1, 3, ...): the invocations of a
// subgroup read neighbouring elements, not one column of eight rows.
// CHECK-LABEL: func.func @row_max_interleaved(
// CHECK:         arith.divui %thread_id_x
// CHECK:         %[[LANE:.*]] = arith.remui %thread_id_x, %{{.*}} : index
// CHECK:         scf.if
// CHECK:           memref.load %{{.*}}[%{{.*}}, %[[LANE]]] : memref<8x16xf32, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:      %[[STRIDE:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[LANE]], %[[STRIDE]] : index
// CHECK:           scf.for %[[K:.*]] = %[[NEXT]] to %{{.*}} step %[[STRIDE2:[^ ]*]]
// CHECK:             memref.load %{{.*}}[%{{.*}}, %[[K]]] : memref<8x16xf32
// CHECK:             arith.maxnumf
// CHECK:         gpu.shuffle  down %{{.*}}, %c1_i32, %c8_i32 : f32
func.func @row_max_interleaved(%in: memref<?xf32>, %out: memref<?xf32>) {
  %X = memref.alloc() : memref<8x16xf32>
  %S = memref.alloc() : memref<8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%X : memref<8x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c8 = arith.constant 8 : index
    %r = arith.muli %j, %c8 : index
    %f = arith.addi %r, %i : index
    %v = memref.load %in[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%S : memref<8xf32>)
  linalg.reduce ins(%X : memref<8x16xf32>) outs(%S : memref<8xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maxnumf %x, %acc : f32
      linalg.yield %m : f32
    }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%S : memref<8xf32>) {
  ^bb0(%s: f32):
    %j = linalg.index 0 : index
    memref.store %s, %out[%j] : memref<?xf32>
    linalg.yield
  }
  return
}
