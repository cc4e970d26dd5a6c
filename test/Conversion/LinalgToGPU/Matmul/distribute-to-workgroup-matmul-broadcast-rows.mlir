// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=8 contiguity=2 subgroup-size=8 broadcast-shared-rows=true}))' | FileCheck %s
// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=8 contiguity=2 subgroup-size=8}))' | FileCheck %s --check-prefix=OFF

// 8x16 f32 outputs over one subgroup of 8 lanes in runs of 2: a round is one
// row, so all lanes own the same 8 rows (2 columns each). Per k, lane j loads
// the A element of row j once and the 8 rows' values reach every lane through
// shuffles of a constant lane; without the option each lane loads all 8.
// CHECK-LABEL: func.func @shared_rows(
// CHECK-DAG:     %[[A:.*]] = memref.alloc() : memref<8x4xf32, #spirv.storage_class<Workgroup>>
// CHECK:         %[[LANE:.*]] = gpu.lane_id
// CHECK:         arith.minui
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK:           %[[AV:.*]] = memref.load %[[A]][%{{.*}}, %[[K]]] : memref<8x4xf32
// CHECK-NOT:       memref.load %[[A]]
// CHECK:           gpu.shuffle {{ *}}idx %[[AV]], %c0_i32{{[_0-9]*}}, %c8_i32{{[_0-9]*}} : f32
// CHECK-COUNT-2:   math.fma
// CHECK:           gpu.shuffle {{ *}}idx %[[AV]], %c1_i32{{[_0-9]*}}, %c8_i32{{[_0-9]*}} : f32
// CHECK-COUNT-6:   gpu.shuffle {{ *}}idx %[[AV]]
// CHECK:           %[[K1:.*]] = arith.addi %[[K]], %c1{{.*}} : index
// CHECK:           memref.load %[[A]][%{{.*}}, %[[K1]]] : memref<8x4xf32
// OFF-LABEL: func.func @shared_rows(
// OFF-NOT:       gpu.shuffle
// OFF:           scf.for
// OFF-COUNT-8:     memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x4xf32
// OFF-NOT:       gpu.shuffle
func.func @shared_rows(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<8x4xf32>
  %B = memref.alloc() : memref<4x16xf32>
  %C = memref.alloc() : memref<8x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<8x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<4x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %b[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<8x16xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf32>, memref<4x16xf32>) outs(%C : memref<8x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<8x16xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// f16 A elements (an f32 accumulator) travel through the 32-bit shuffle
// zero-extended and come back as the same f16 bits.
// CHECK-LABEL: func.func @shared_rows_f16(
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK:           %[[AV:.*]] = memref.load %{{.*}}[%{{.*}}, %[[K]]] : memref<8x4xf16
// CHECK:           %[[BITS:.*]] = arith.bitcast %[[AV]] : f16 to i16
// CHECK:           %[[WIDE:.*]] = arith.extui %[[BITS]] : i16 to i32
// CHECK:           %[[S:.*]], %{{.*}} = gpu.shuffle {{ *}}idx %[[WIDE]], %c0_i32{{[_0-9]*}}, %c8_i32{{[_0-9]*}} : i32
// CHECK:           %[[NARROW:.*]] = arith.trunci %[[S]] : i32 to i16
// CHECK:           %[[A0:.*]] = arith.bitcast %[[NARROW]] : i16 to f16
// CHECK:           arith.extf %[[A0]] : f16 to f32
// CHECK:           math.fma
// OFF-LABEL: func.func @shared_rows_f16(
// OFF-NOT:       gpu.shuffle
// OFF:           return
func.func @shared_rows_f16(%a: memref<?xf16>, %b: memref<?xf16>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<8x4xf16>
  %B = memref.alloc() : memref<4x16xf16>
  %C = memref.alloc() : memref<8x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<8x4xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<4x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %b[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<8x16xf32>)
  linalg.matmul ins(%A, %B : memref<8x4xf16>, memref<4x16xf16>) outs(%C : memref<8x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<8x16xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %r = arith.muli %i, %c16 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// 16x8 outputs: a subgroup's 8 runs of 2 span two rows, lanes 0-3 one and
// lanes 4-7 the next. Lane j loads the A element of its own row of round
// j % 4; a lane takes round r's element from lane r % 4 of its half.
// CHECK-LABEL: func.func @two_row_groups(
// CHECK:         %[[LANE:.*]] = gpu.lane_id
// CHECK:         %[[UPPER:.*]] = arith.cmpi uge, %[[LANE]], %c4{{[_0-9]*}} :
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(
// CHECK:           %[[AV:.*]] = memref.load %{{.*}}[%{{.*}}, %[[K]]] : memref<16x4xf32
// CHECK:           %[[LO:.*]], %{{.*}} = gpu.shuffle {{ *}}idx %[[AV]], %c0_i32{{[_0-9]*}}, %c8_i32{{[_0-9]*}} : f32
// CHECK:           %[[HI:.*]], %{{.*}} = gpu.shuffle {{ *}}idx %[[AV]], %c4_i32{{[_0-9]*}}, %c8_i32{{[_0-9]*}} : f32
// CHECK:           arith.select %[[UPPER]], %[[HI]], %[[LO]] : f32
// OFF-LABEL: func.func @two_row_groups(
// OFF-NOT:       gpu.shuffle
// OFF:           return
func.func @two_row_groups(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<16x4xf32>
  %B = memref.alloc() : memref<4x8xf32>
  %C = memref.alloc() : memref<16x8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<16x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<4x8xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c8 = arith.constant 8 : index
    %r = arith.muli %i, %c8 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %b[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<16x8xf32>)
  linalg.matmul ins(%A, %B : memref<16x4xf32>, memref<4x8xf32>) outs(%C : memref<16x8xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<16x8xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c8 = arith.constant 8 : index
    %r = arith.muli %i, %c8 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// 32x4 outputs: a subgroup's runs span four rows; each lane loads its own A.
// CHECK-LABEL: func.func @four_row_groups(
// CHECK-NOT:     gpu.shuffle
// CHECK:         return
func.func @four_row_groups(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<32x4xf32>
  %B = memref.alloc() : memref<4x4xf32>
  %C = memref.alloc() : memref<32x4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<32x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<4x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %f = arith.addi %r, %j : index
    %v = memref.load %b[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<32x4xf32>)
  linalg.matmul ins(%A, %B : memref<32x4xf32>, memref<4x4xf32>) outs(%C : memref<32x4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<32x4xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c4 = arith.constant 4 : index
    %r = arith.muli %i, %c4 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}
