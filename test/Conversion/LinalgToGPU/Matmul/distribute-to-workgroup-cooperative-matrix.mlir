// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=128 contiguity=4 cooperative-matrix=true subgroup-size=32}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=128 contiguity=4 cooperative-matrix=true subgroup-size=32 subgroup-owned-rows=true}))' | FileCheck %s --check-prefix=ROWS

// An f16 matmul accumulated over a K loop: 64x32 outputs are 4x2 tiles of
// 16x16 over 4 subgroups, laid out 2x2 (2 row tiles x 1 column tile each:
// 3 fragment loads per 16-deep k step; 1x4 does not divide). The accumulator
// tiles are loaded once before the loop, carried through it and stored
// after it, then a barrier before the epilogue reads C.
// CHECK-LABEL: func.func @accumulate_in_loop(
// A and B rows are padded by 8 elements (16 bytes: fragment rows in distinct
// banks); the copies write them through unpadded views.
// CHECK-DAG:     %[[A:.*]] = memref.alloc() : memref<64x40xf16, #spirv.storage_class<Workgroup>>
// CHECK-DAG:     %[[AV:.*]] = memref.subview %[[A]][0, 0] [64, 32] [1, 1]
// CHECK-DAG:     %[[B:.*]] = memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
// CHECK-DAG:     %[[BV:.*]] = memref.subview %[[B]][0, 0] [32, 32] [1, 1]
// CHECK-DAG:     %[[C:.*]] = memref.alloc() : memref<64x32xf32, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.barrier
// CHECK:         %[[SG:.*]] = gpu.subgroup_id : index
// CHECK:         arith.divui %[[SG]], %{{.*}} : index
// CHECK:         arith.remui %[[SG]], %{{.*}} : index
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix %[[C]][{{.*}}] {leadDimension = 32 : index} : {{.*}} -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK:         %[[RES:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC0:.*]] = %{{.*}}, %[[ACC1:.*]] = %{{.*}}) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">)
// CHECK:             memref.store %{{.*}}, %[[AV]]
// CHECK:           gpu.barrier
// CHECK:             memref.store %{{.*}}, %[[BV]]
// CHECK:           gpu.barrier
// CHECK:           %[[A0:.*]] = gpu.subgroup_mma_load_matrix %[[A]][%{{.*}}, %{{.*}}] {leadDimension = 40 : index} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK:           %[[A1:.*]] = gpu.subgroup_mma_load_matrix %[[A]][%{{.*}}, %{{.*}}] {leadDimension = 40 : index} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK:           %[[B0:.*]] = gpu.subgroup_mma_load_matrix %[[B]][%{{.*}}, %{{.*}}] {leadDimension = 40 : index} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK:           %[[M0:.*]] = gpu.subgroup_mma_compute %[[A0]], %[[B0]], %[[ACC0]]
// CHECK:           %[[M1:.*]] = gpu.subgroup_mma_compute %[[A1]], %[[B0]], %[[ACC1]]
// CHECK-COUNT-2:   gpu.subgroup_mma_load_matrix %[[A]]
// CHECK:           gpu.subgroup_mma_load_matrix %[[B]]
// CHECK:           %[[N0:.*]] = gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %[[M0]]
// CHECK:           %[[N1:.*]] = gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %[[M1]]
// CHECK:           gpu.barrier
// CHECK:           scf.yield %[[N0]], %[[N1]]
// CHECK:         gpu.subgroup_mma_store_matrix %[[RES]]#0, %[[C]]
// CHECK:         gpu.subgroup_mma_store_matrix %[[RES]]#1, %[[C]]
// CHECK-NEXT:    gpu.barrier
// CHECK-NOT:     linalg.matmul
func.func @accumulate_in_loop(%a: memref<?xf16>, %b: memref<?xf16>, %out: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<64x32xf16>
  %B = memref.alloc() : memref<32x32xf16>
  %C = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x32xf32>)
  scf.for %k = %c0 to %steps step %c1 {
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<64x32xf16>) {
    ^bb0(%o: f16):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %f = arith.addi %i, %j : index
      %g = arith.addi %f, %k : index
      %v = memref.load %a[%g] : memref<?xf16>
      linalg.yield %v : f16
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<32x32xf16>) {
    ^bb0(%o: f16):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %f = arith.addi %i, %j : index
      %g = arith.addi %f, %k : index
      %v = memref.load %b[%g] : memref<?xf16>
      linalg.yield %v : f16
    }
    linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x32xf16>) outs(%C : memref<64x32xf32>)
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<64x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// Outside a loop the tiles are loaded, multiplied and stored in place; the
// matmul's own barrier follows. f16 accumulators work the same way.
// CHECK-LABEL: func.func @single_product(
// CHECK:         gpu.subgroup_mma_load_matrix {{.*}} -> !gpu.mma_matrix<16x16xf16, "COp">
// CHECK:         gpu.subgroup_mma_load_matrix {{.*}} -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK:         gpu.subgroup_mma_load_matrix {{.*}} -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK:         gpu.subgroup_mma_compute {{.*}} -> !gpu.mma_matrix<16x16xf16, "COp">
// CHECK-COUNT-2: gpu.subgroup_mma_store_matrix
// CHECK-NEXT:    gpu.barrier
func.func @single_product(%a: memref<?xf16>, %out: memref<?xf16>) {
  %zero = arith.constant 0.0 : f16
  %A = memref.alloc() : memref<32x16xf16>
  %C = memref.alloc() : memref<32x64xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<32x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.fill ins(%zero : f16) outs(%C : memref<32x64xf16>)
  %B = memref.alloc() : memref<16x64xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<16x64xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.muli %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.matmul ins(%A, %B : memref<32x16xf16>, memref<16x64xf16>) outs(%C : memref<32x64xf16>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<32x64xf16>) {
  ^bb0(%x: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c64 = arith.constant 64 : index
    %r = arith.muli %i, %c64 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf16>
    linalg.yield
  }
  return
}

// -----

// Operands and accumulator beyond NVIDIA's 48 KiB of workgroup memory (A
// 128x128 f16 padded: 34 KiB, B 8.5 KiB, C 16 KiB; attention's scores at
// head_dim 128): still cooperative matrices, 2x2 tiles per subgroup over 8
// k steps.
// The FMA path would need A and B in workgroup memory too, and what does not
// fit goes to global scratch later.
// CHECK-LABEL: func.func @beyond_workgroup_memory(
// CHECK-COUNT-32: gpu.subgroup_mma_compute
// CHECK-NOT:     gpu.subgroup_mma_compute
// CHECK:         return
func.func @beyond_workgroup_memory(%a: memref<?xf16>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<128x128xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<128x128xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  %B = memref.alloc() : memref<128x32xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<128x32xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.muli %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  %C = memref.alloc() : memref<128x32xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<128x32xf32>)
  linalg.matmul ins(%A, %B : memref<128x128xf16>, memref<128x32xf16>) outs(%C : memref<128x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<128x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// Not for cooperative matrices: f32 operands, and output tiles (2x1) that
// do not split over 4 subgroups. Both stay on the FMA path.
// CHECK-LABEL: func.func @fma_path(
// CHECK-NOT:     gpu.subgroup_mma
// CHECK:         return
func.func @fma_path(%a: memref<?xf32>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<32x32xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<32x32xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf32>
    linalg.yield %v : f32
  }
  %C = memref.alloc() : memref<32x32xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<32x32xf32>)
  linalg.matmul ins(%A, %A : memref<32x32xf32>, memref<32x32xf32>) outs(%C : memref<32x32xf32>)
  %H = memref.alloc() : memref<32x16xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%H : memref<32x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i32
    %w = arith.sitofp %v : i32 to f16
    linalg.yield %w : f16
  }
  %D = memref.alloc() : memref<32x16xf32>
  linalg.fill ins(%zero : f32) outs(%D : memref<32x16xf32>)
  %G = memref.alloc() : memref<16x16xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%G : memref<16x16xf16>) {
  ^bb0(%o: f16):
    %j = linalg.index 1 : index
    %v = arith.index_cast %j : index to i32
    %w = arith.sitofp %v : i32 to f16
    linalg.yield %w : f16
  }
  linalg.matmul ins(%H, %G : memref<32x16xf16>, memref<16x16xf16>) outs(%D : memref<32x16xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<32x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%D : memref<32x16xf32>) {
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

// -----

// One buffer staged for two matmuls (the A of the first, then refilled as
// the B of the second): the first pads its rows (32 + 8), and the second
// reads it through the padded view, so its fragment loads stride 40 too.
// CHECK-LABEL: func.func @shared_operand_buffer(
// CHECK:         gpu.subgroup_mma_load_matrix {{.*}}leadDimension = 40 : index} : memref<32x40xf16, {{.*}}> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK:         gpu.subgroup_mma_compute
// CHECK:         gpu.subgroup_mma_load_matrix {{.*}}leadDimension = 40 : index} : memref<32x32xf16, strided<[40, 1]>, {{.*}}> -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK:         return
func.func @shared_operand_buffer(%a: memref<?xf16>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<32x32xf16>
  %B = memref.alloc() : memref<32x32xf16>
  %A = memref.alloc() : memref<32x32xf16>
  %C = memref.alloc() : memref<32x32xf32>
  %D = memref.alloc() : memref<32x32xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%T : memref<32x32xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<32x32xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.muli %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<32x32xf32>)
  linalg.matmul ins(%T, %B : memref<32x32xf16>, memref<32x32xf16>) outs(%C : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<32x32xf32>) outs(%A : memref<32x32xf16>) {
  ^bb0(%x: f32, %o: f16):
    %h = arith.truncf %x : f32 to f16
    linalg.yield %h : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%T : memref<32x32xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.subi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.fill ins(%zero : f32) outs(%D : memref<32x32xf32>)
  linalg.matmul ins(%A, %T : memref<32x32xf16>, memref<32x32xf16>) outs(%D : memref<32x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%D : memref<32x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// B = transpose(K tile) (q k^T in attention): the B fragments are read from
// the K tile column-major (padded rows), the transpose and its buffer go.
// CHECK-LABEL: func.func @transposed_operand(
// CHECK-DAG:     %[[KT:.*]] = memref.alloc() : memref<32x24xf16, #spirv.storage_class<Workgroup>>
// CHECK-NOT:     memref<16x32xf16
// CHECK:         gpu.subgroup_mma_load_matrix %{{.*}} -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK:         gpu.subgroup_mma_load_matrix {{.*}} -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK:         gpu.subgroup_mma_load_matrix %[[KT]][%{{.*}}, %c0{{.*}}] {leadDimension = 24 : index, transpose} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK:         gpu.subgroup_mma_compute
// CHECK-NOT:     linalg.transpose
func.func @transposed_operand(%a: memref<?xf16>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %Q = memref.alloc() : memref<64x16xf16>
  %K = memref.alloc() : memref<32x16xf16>
  %C = memref.alloc() : memref<64x32xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%Q : memref<64x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%K : memref<32x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.muli %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<64x32xf32>)
  %KT = memref.alloc() : memref<16x32xf16>
  linalg.transpose ins(%K : memref<32x16xf16>) outs(%KT : memref<16x32xf16>) permutation = [1, 0]
  linalg.matmul ins(%Q, %KT : memref<64x16xf16>, memref<16x32xf16>) outs(%C : memref<64x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<64x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// One buffer holds K^T, then V^T (bufferization reuses it; attention
// backward's q k^T and do v^T): each matmul reads its own transpose's
// source column-major, and both transposes and the buffer go.
// CHECK-LABEL: func.func @transposes_share_a_buffer(
// CHECK-DAG:     %[[K:.*]] = memref.alloc() : memref<32x24xf16, #spirv.storage_class<Workgroup>>
// CHECK-DAG:     %[[V:.*]] = memref.alloc() : memref<32x24xf16, #spirv.storage_class<Workgroup>>
// CHECK-NOT:     memref<16x32xf16
// CHECK:         gpu.subgroup_mma_load_matrix %[[K]][{{.*}}] {leadDimension = 24 : index, transpose} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK:         gpu.subgroup_mma_load_matrix %[[V]][{{.*}}] {leadDimension = 24 : index, transpose} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK-NOT:     linalg.transpose
func.func @transposes_share_a_buffer(%a: memref<?xf16>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %Q = memref.alloc() : memref<64x16xf16>
  %K = memref.alloc() : memref<32x16xf16>
  %V = memref.alloc() : memref<32x16xf16>
  %C = memref.alloc() : memref<64x32xf32>
  %D = memref.alloc() : memref<64x32xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%Q : memref<64x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%K : memref<32x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.muli %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%V : memref<32x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.subi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<64x32xf32>)
  linalg.fill ins(%zero : f32) outs(%D : memref<64x32xf32>)
  %T = memref.alloc() : memref<16x32xf16>
  linalg.transpose ins(%K : memref<32x16xf16>) outs(%T : memref<16x32xf16>) permutation = [1, 0]
  linalg.matmul ins(%Q, %T : memref<64x16xf16>, memref<16x32xf16>) outs(%C : memref<64x32xf32>)
  linalg.transpose ins(%V : memref<32x16xf16>) outs(%T : memref<16x32xf16>) permutation = [1, 0]
  linalg.matmul ins(%Q, %T : memref<64x16xf16>, memref<16x32xf16>) outs(%D : memref<64x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<64x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %base = arith.constant 0 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    %g = arith.addi %f, %base : index
    memref.store %x, %out[%g] : memref<?xf32>
    linalg.yield
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%D : memref<64x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %base = arith.constant 2048 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    %g = arith.addi %f, %base : index
    memref.store %x, %out[%g] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// The K tile is overwritten between the transpose and the matmul: the
// transposed copy stays (row-major fragments from it).
// CHECK-LABEL: func.func @source_written_after_transpose(
// CHECK:         memref.alloc() : memref<16x40xf16, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.subgroup_mma_load_matrix {{.*}} {leadDimension = 40 : index} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK-NOT:     transpose}
func.func @source_written_after_transpose(%a: memref<?xf16>, %out: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f16
  %Q = memref.alloc() : memref<64x16xf16>
  %K = memref.alloc() : memref<32x16xf16>
  %C = memref.alloc() : memref<64x32xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%Q : memref<64x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%K : memref<32x16xf16>) {
  ^bb0(%o: f16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.muli %i, %j : index
    %v = memref.load %a[%f] : memref<?xf16>
    linalg.yield %v : f16
  }
  linalg.fill ins(%zero : f32) outs(%C : memref<64x32xf32>)
  %KT = memref.alloc() : memref<16x32xf16>
  linalg.transpose ins(%K : memref<32x16xf16>) outs(%KT : memref<16x32xf16>) permutation = [1, 0]
  linalg.fill ins(%one : f16) outs(%K : memref<32x16xf16>)
  linalg.matmul ins(%Q, %KT : memref<64x16xf16>, memref<16x32xf16>) outs(%C : memref<64x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<64x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// Attention's `acc * alpha[:, None]` before `acc += p @ v` in the loop: the
// row scale is done on the carried fragments (each subgroup's 16-row column
// slice read as a matrix with stride 0, column-major, then multiplied
// element-wise), so C still stays in registers through the loop. A store
// between the scale and the matmul gets a barrier after the scale (the
// generic was a phase of its own).
// With subgroup-owned-rows, the row-scaled matmul takes whole rows per
// subgroup (4 x 1 subgroups of 1 x 2 fragments, not 2 x 2 of 2 x 1): one
// scale matrix serves both of a subgroup's fragments.
// ROWS-LABEL: func.func @row_scaled_accumulator(
// ROWS:         scf.for {{.*}} iter_args(%[[ACC0:.*]] = %{{.*}}, %[[ACC1:.*]] = %{{.*}})
// ROWS:           %[[R0:.*]] = gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}] {leadDimension = 0 : index, transpose}
// ROWS-NEXT:      gpu.subgroup_mma_elementwise  mulf %[[ACC0]], %[[R0]]
// ROWS-NEXT:      gpu.subgroup_mma_elementwise  mulf %[[ACC1]], %[[R0]]
// CHECK-LABEL: func.func @row_scaled_accumulator(
// CHECK-DAG:     %[[COL:.*]] = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
// CHECK-DAG:     %[[C:.*]] = memref.alloc() : memref<64x32xf32, #spirv.storage_class<Workgroup>>
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix %[[C]]
// CHECK:         scf.for {{.*}} iter_args(%[[ACC0:.*]] = %{{.*}}, %[[ACC1:.*]] = %{{.*}}) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">)
// CHECK:           %[[R0:.*]] = gpu.subgroup_mma_load_matrix %[[COL]][%{{.*}}] {leadDimension = 0 : index, transpose} : memref<64xf32, {{.*}}> -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK:           %[[S0:.*]] = gpu.subgroup_mma_elementwise  mulf %[[ACC0]], %[[R0]]
// CHECK:           %[[R1:.*]] = gpu.subgroup_mma_load_matrix %[[COL]][%{{.*}}] {leadDimension = 0 : index, transpose}
// CHECK:           %[[S1:.*]] = gpu.subgroup_mma_elementwise  mulf %[[ACC1]], %[[R1]]
// CHECK-NEXT:      gpu.barrier
// CHECK:           memref.store
// CHECK:           gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %[[S0]]
// CHECK:           gpu.subgroup_mma_compute %{{.*}}, %{{.*}}, %[[S1]]
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     linalg.matmul
func.func @row_scaled_accumulator(%a: memref<?xf16>, %out: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<64x16xf16>
  %B = memref.alloc() : memref<16x32xf16>
  %C = memref.alloc() : memref<64x32xf32>
  %alpha = memref.alloc() : memref<64xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x32xf32>)
  scf.for %k = %c0 to %steps step %c1 {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%alpha : memref<64xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %g = arith.addi %i, %k : index
      %h = arith.index_cast %g : index to i32
      %v = arith.sitofp %h : i32 to f32
      linalg.yield %v : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<64x16xf16>) {
    ^bb0(%o: f16):
      %i = linalg.index 0 : index
      %g = arith.addi %i, %k : index
      %v = memref.load %a[%g] : memref<?xf16>
      linalg.yield %v : f16
    }
    %column = memref.expand_shape %alpha [[0, 1]] output_shape [64, 1] : memref<64xf32> into memref<64x1xf32>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%column : memref<64x1xf32>) outs(%C : memref<64x32xf32>) {
    ^bb0(%s: f32, %acc: f32):
      %m = arith.mulf %acc, %s : f32
      linalg.yield %m : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<16x32xf16>) {
    ^bb0(%o: f16):
      %j = linalg.index 1 : index
      %g = arith.addi %j, %k : index
      %v = memref.load %a[%g] : memref<?xf16>
      linalg.yield %v : f16
    }
    linalg.matmul ins(%A, %B : memref<64x16xf16>, memref<16x32xf16>) outs(%C : memref<64x32xf32>)
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<64x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// A column scale (C[i, j] *= v[j]) is not a row scale: C is loaded and
// stored around each product in the loop, the scale a distributed phase.
// CHECK-LABEL: func.func @column_scaled_accumulator(
// CHECK-DAG:     %[[C:.*]] = memref.alloc() : memref<64x32xf32, #spirv.storage_class<Workgroup>>
// CHECK-DAG:     %[[COL:.*]] = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
// CHECK:         scf.for %{{[^ ]*}} = %{{[^ ]*}} to %{{[^ ]*}} step %{{[^ ]*}} {
// CHECK:             memref.load %[[COL]]
// CHECK:             memref.load %[[C]]
// CHECK:             memref.store %{{.*}}, %[[C]]
// CHECK:           gpu.barrier
// CHECK:           gpu.subgroup_mma_load_matrix %[[C]]{{.*}} -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK:           gpu.subgroup_mma_compute
// CHECK:           gpu.subgroup_mma_store_matrix
func.func @column_scaled_accumulator(%a: memref<?xf16>, %out: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<64x16xf16>
  %B = memref.alloc() : memref<16x32xf16>
  %C = memref.alloc() : memref<64x32xf32>
  %beta = memref.alloc() : memref<32xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x32xf32>)
  scf.for %k = %c0 to %steps step %c1 {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%beta : memref<32xf32>) {
    ^bb0(%o: f32):
      %i = linalg.index 0 : index
      %g = arith.addi %i, %k : index
      %h = arith.index_cast %g : index to i32
      %v = arith.sitofp %h : i32 to f32
      linalg.yield %v : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<64x16xf16>) {
    ^bb0(%o: f16):
      %i = linalg.index 0 : index
      %g = arith.addi %i, %k : index
      %v = memref.load %a[%g] : memref<?xf16>
      linalg.yield %v : f16
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<16x32xf16>) {
    ^bb0(%o: f16):
      %j = linalg.index 1 : index
      %g = arith.addi %j, %k : index
      %v = memref.load %a[%g] : memref<?xf16>
      linalg.yield %v : f16
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%beta : memref<32xf32>) outs(%C : memref<64x32xf32>) {
    ^bb0(%s: f32, %acc: f32):
      %m = arith.mulf %acc, %s : f32
      linalg.yield %m : f32
    }
    linalg.matmul ins(%A, %B : memref<64x16xf16>, memref<16x32xf16>) outs(%C : memref<64x32xf32>)
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<64x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// A dot whose A operand a row phase computes from another dot's output
// (attention backward's dS @ K after Q @ K^T): with subgroup-owned-rows
// both take whole rows per subgroup (4 x 1, not the 2 x 2 of a fragment
// count tie), so fragment-row-phases can run the phase on the fragments.
// ROWS-LABEL: func.func @row_phase_between_dots(
// ROWS-NOT:     arith.remui %{{.*}}, %c2
// ROWS:         scf.for
// ROWS:           gpu.subgroup_mma_store_matrix %{{.*}}, %{{.*}}[%[[ROW:.*]], %{{.*}}]
// ROWS-NEXT:      gpu.subgroup_mma_store_matrix %{{.*}}, %{{.*}}[%[[ROW]], %{{.*}}]
// CHECK-LABEL: func.func @row_phase_between_dots(
// CHECK:         arith.remui %{{.*}}, %c2
func.func @row_phase_between_dots(%a: memref<?xf16>, %out: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %q = memref.alloc() : memref<64x32xf16>
  %k = memref.alloc() : memref<32x32xf16>
  %v = memref.alloc() : memref<32x32xf16>
  %s = memref.alloc() : memref<64x32xf32>
  %p = memref.alloc() : memref<64x32xf16>
  %acc = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<64x32xf32>)
  scf.for %i = %c0 to %steps step %c1 {
    linalg.fill ins(%zero : f32) outs(%s : memref<64x32xf32>)
    linalg.matmul ins(%q, %k : memref<64x32xf16>, memref<32x32xf16>) outs(%s : memref<64x32xf32>)
    scf.parallel (%r) = (%c0) to (%c64) step (%c1) {
      %x = memref.load %s[%r, %c0] : memref<64x32xf32>
      %h = arith.truncf %x : f32 to f16
      memref.store %h, %p[%r, %c0] : memref<64x32xf16>
      scf.reduce
    } {triton_spirv.row_phase}
    linalg.matmul ins(%p, %v : memref<64x32xf16>, memref<32x32xf16>) outs(%acc : memref<64x32xf32>)
  }
  return
}
