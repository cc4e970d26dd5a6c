// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vectorize-contiguous-runs{vector-bytes=16}))' | FileCheck %s

// A 32x32 f16 operand tile staged into workgroup memory (rows padded to 40)
// and read as 16x16 cooperative-matrix fragments. Every run stores four
// consecutive elements at a column that is a multiple of 4, and the
// fragments start at columns 0 and 16 with a row stride of 40: the tile
// becomes 32x10 vector<4xf16>, one store per run, fragment columns and
// strides counted in vectors.
// CHECK-LABEL: func.func @staged_fragment_tile(
// CHECK:         %[[TILE:.*]] = memref.alloc() : memref<32x10xvector<4xf16>, #spirv.storage_class<Workgroup>>
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[V:.*]] = vector.load %arg0[%{{.*}}] : memref<?xf16>, vector<4xf16>
// CHECK:             %[[COLUMN:.*]] = arith.divui %{{.*}}, %c4{{.*}} : index
// CHECK:             memref.store %[[V]], %[[TILE]][%{{.*}}, %[[COLUMN]]] : memref<32x10xvector<4xf16>, #spirv.storage_class<Workgroup>>
// CHECK:           } {triton_spirv.contiguous_run, triton_spirv.vector_width = 4 : i64}
// CHECK:         gpu.barrier
// CHECK:         %[[FIRST:.*]] = arith.divui %c0{{.*}}, %c4{{.*}} : index
// CHECK:         gpu.subgroup_mma_load_matrix %[[TILE]][%{{.*}}, %[[FIRST]]] {leadDimension = 10 : index} : memref<32x10xvector<4xf16>, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK:         %[[SECOND:.*]] = arith.divui %c16{{.*}}, %c4{{.*}} : index
// CHECK:         gpu.subgroup_mma_load_matrix %[[TILE]][%{{.*}}, %[[SECOND]]] {leadDimension = 10 : index}
func.func @staged_fragment_tile(%a: memref<?xf16> {tt.divisibility = 16 : i32},
                                %row: index) -> (!gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "AOp">) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tile = memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c1024 step %c512 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %r = arith.divui %e, %c32 : index
      %k = arith.remui %e, %c32 : index
      %v = memref.load %a[%e] : memref<?xf16>
      memref.store %v, %tile[%r, %k] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
    } {triton_spirv.contiguous_run}
  }
  gpu.barrier
  %f0 = gpu.subgroup_mma_load_matrix %tile[%row, %c0] {leadDimension = 40 : index} : memref<32x40xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %f1 = gpu.subgroup_mma_load_matrix %tile[%row, %c16] {leadDimension = 40 : index} : memref<32x40xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return %f0, %f1 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "AOp">
}

// -----

// The same tile also read element by element outside a run: it keeps its
// f16 elements and the run stores lane by lane.
// CHECK-LABEL: func.func @tile_read_per_element(
// CHECK:         memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
// CHECK:         vector.load %arg0
// CHECK-COUNT-4:   memref.store %{{.*}} : memref<32x40xf16, #spirv.storage_class<Workgroup>>
// CHECK:         memref.load %{{.*}} : memref<32x40xf16, #spirv.storage_class<Workgroup>>
func.func @tile_read_per_element(%a: memref<?xf16> {tt.divisibility = 16 : i32},
                                 %row: index, %column: index) -> f16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tile = memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c1024 step %c512 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %r = arith.divui %e, %c32 : index
      %k = arith.remui %e, %c32 : index
      %v = memref.load %a[%e] : memref<?xf16>
      memref.store %v, %tile[%r, %k] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
    } {triton_spirv.contiguous_run}
  }
  gpu.barrier
  %x = memref.load %tile[%row, %column] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  return %x : f16
}

// -----

// A fragment starting at column 2 is not at a vector boundary: the tile
// keeps its f16 elements.
// CHECK-LABEL: func.func @fragment_between_vectors(
// CHECK:         memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
// CHECK-COUNT-4: memref.store %{{.*}} : memref<32x40xf16, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.subgroup_mma_load_matrix %{{.*}}[%{{.*}}, %c2{{.*}}] {leadDimension = 40 : index}
func.func @fragment_between_vectors(%a: memref<?xf16> {tt.divisibility = 16 : i32},
                                    %row: index) -> !gpu.mma_matrix<16x16xf16, "AOp"> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %tile = memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c1024 step %c512 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %r = arith.divui %e, %c32 : index
      %k = arith.remui %e, %c32 : index
      %v = memref.load %a[%e] : memref<?xf16>
      memref.store %v, %tile[%r, %k] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
    } {triton_spirv.contiguous_run}
  }
  gpu.barrier
  %f = gpu.subgroup_mma_load_matrix %tile[%row, %c2] {leadDimension = 40 : index} : memref<32x40xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return %f : !gpu.mma_matrix<16x16xf16, "AOp">
}

// -----

// The register-blocked matmul's reads: outside any run, at k + 0..3 with k a
// multiple of 4 (the K loop's step). Each reads its lane of one vector.
// CHECK-LABEL: func.func @lane_reads_outside_runs(
// CHECK:         %[[TILE:.*]] = memref.alloc() : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
// CHECK:         scf.for %[[K:.*]] = %c0{{.*}} to %c32{{.*}} step %c4{{.*}} iter_args
// CHECK:           %[[COLUMN:.*]] = arith.divui %[[K]], %c4{{.*}} : index
// CHECK:           %[[V:.*]] = memref.load %[[TILE]][%{{.*}}, %[[COLUMN]]] : memref<32x8xvector<4xf32>, #spirv.storage_class<Workgroup>>
// CHECK:           vector.extract %[[V]][0] : f32 from vector<4xf32>
// CHECK:           %[[COLUMN3:.*]] = arith.divui %[[K]], %c4{{.*}} : index
// CHECK:           %[[V3:.*]] = memref.load %[[TILE]][%{{.*}}, %[[COLUMN3]]]
// CHECK:           vector.extract %[[V3]][3] : f32 from vector<4xf32>
func.func @lane_reads_outside_runs(%a: memref<?xf32> {tt.divisibility = 16 : i32},
                                   %row: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c1024 step %c512 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %r = arith.divui %e, %c32 : index
      %k = arith.remui %e, %c32 : index
      %v = memref.load %a[%e] : memref<?xf32>
      memref.store %v, %tile[%r, %k] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    } {triton_spirv.contiguous_run}
  }
  gpu.barrier
  %sum = scf.for %k = %c0 to %c32 step %c4 iter_args(%acc = %zero) -> f32 {
    %x0 = memref.load %tile[%row, %k] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    %k3 = arith.addi %k, %c3 : index
    %x3 = memref.load %tile[%row, %k3] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    %s0 = arith.addf %acc, %x0 : f32
    %s3 = arith.addf %s0, %x3 : f32
    scf.yield %s3 : f32
  }
  return %sum : f32
}

// -----

// A read at k + 1 with k only known to be even is not a fixed lane: the tile
// keeps its f32 elements.
// CHECK-LABEL: func.func @lane_unknown(
// CHECK:         memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
func.func @lane_unknown(%a: memref<?xf32> {tt.divisibility = 16 : i32},
                        %row: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %tile = memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c1024 step %c512 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %r = arith.divui %e, %c32 : index
      %k = arith.remui %e, %c32 : index
      %v = memref.load %a[%e] : memref<?xf32>
      memref.store %v, %tile[%r, %k] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    } {triton_spirv.contiguous_run}
  }
  gpu.barrier
  %sum = scf.for %k = %c0 to %c32 step %c2 iter_args(%acc = %zero) -> f32 {
    %k1 = arith.addi %k, %c1 : index
    %x = memref.load %tile[%row, %k1] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
    %s = arith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  return %sum : f32
}

// -----

// A fully unrolled k (BLOCK_K 16 in the FMA matmul) reads at constant
// columns: column 5 is lane 1 of vector 1, column 14 lane 2 of vector 3.
// CHECK-LABEL: func.func @lane_reads_at_constant_columns(
// CHECK:         %[[TILE:.*]] = memref.alloc() : memref<32x4xvector<4xf32>, #spirv.storage_class<Workgroup>>
// CHECK:         %[[ONE:.*]] = arith.divui %c5{{.*}}, %c4{{.*}} : index
// CHECK:         %[[V1:.*]] = memref.load %[[TILE]][%{{.*}}, %[[ONE]]]
// CHECK:         vector.extract %[[V1]][1] : f32 from vector<4xf32>
// CHECK:         %[[THREE:.*]] = arith.divui %c14{{.*}}, %c4{{.*}} : index
// CHECK:         %[[V3:.*]] = memref.load %[[TILE]][%{{.*}}, %[[THREE]]]
// CHECK:         vector.extract %[[V3]][2] : f32 from vector<4xf32>
func.func @lane_reads_at_constant_columns(%a: memref<?xf32> {tt.divisibility = 16 : i32},
                                          %row: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c14 = arith.constant 14 : index
  %c16 = arith.constant 16 : index
  %c512 = arith.constant 512 : index
  %tile = memref.alloc() : memref<32x16xf32, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c512 step %c512 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %r = arith.divui %e, %c16 : index
      %k = arith.remui %e, %c16 : index
      %v = memref.load %a[%e] : memref<?xf32>
      memref.store %v, %tile[%r, %k] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
    } {triton_spirv.contiguous_run}
  }
  gpu.barrier
  %x5 = memref.load %tile[%row, %c5] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
  %x14 = memref.load %tile[%row, %c14] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
  %s = arith.addf %x5, %x14 : f32
  return %s : f32
}

// -----

// Attention's probabilities: exp2 of each score is stored as f16 into a
// fragment tile (vectorized) and as f32 into a buffer also read at other
// positions (stays scalar, stored lane by lane). The lanes' f32 values are
// the vector exp2's elements: one exp2 per run, not five.
// CHECK-LABEL: func.func @exp_stored_twice(
// CHECK:           %[[E:.*]] = math.exp2 %{{.*}} : vector<4xf32>
// CHECK:           %[[L0:.*]] = vector.extract %[[E]][0] : f32 from vector<4xf32>
// CHECK:           memref.store %[[L0]], %{{.*}} : memref<32x32xf32, #spirv.storage_class<Workgroup>>
// CHECK-NOT:       math.exp2
// CHECK:           vector.extract %[[E]][3] : f32 from vector<4xf32>
// CHECK:         } {triton_spirv.contiguous_run, triton_spirv.vector_width = 4 : i64}
func.func @exp_stored_twice(%s: memref<?xf32> {tt.divisibility = 16 : i32}, %row: index, %col: index)
    -> (!gpu.mma_matrix<16x16xf16, "AOp">, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %p = memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  %pf = memref.alloc() : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  %tid = gpu.thread_id x
  %first = arith.muli %tid, %c4 : index
  scf.for %round = %c0 to %c1024 step %c512 {
    %base = arith.addi %round, %first : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %base, %j : index
      %r = arith.divui %e, %c32 : index
      %k = arith.remui %e, %c32 : index
      %v = memref.load %s[%e] : memref<?xf32>
      %x = math.exp2 %v : f32
      memref.store %x, %pf[%r, %k] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
      %h = arith.truncf %x : f32 to f16
      memref.store %h, %p[%r, %k] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
    } {triton_spirv.contiguous_run}
  }
  gpu.barrier
  %f = gpu.subgroup_mma_load_matrix %p[%row, %c0] {leadDimension = 40 : index} : memref<32x40xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %t = memref.load %pf[%col, %row] : memref<32x32xf32, #spirv.storage_class<Workgroup>>
  return %f, %t : !gpu.mma_matrix<16x16xf16, "AOp">, f32
}

// -----

// fuse-row-phases' probabilities: one invocation per row stores its f16
// values at constant columns, outside any run, and fragments read the tile.
// Each four stores of one vector become one vector store (8 bytes) of the
// four values, at the last of them; the fragment load counts in vectors.
// CHECK-LABEL: func.func @lane_stores_of_a_row(
// CHECK:         %[[P:.*]] = memref.alloc() : memref<32x10xvector<4xf16>, #spirv.storage_class<Workgroup>>
// CHECK:         %[[H0:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK:         %[[H1:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK:         %[[H2:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK:         %[[H3:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK:         %[[V0:.*]] = vector.from_elements %[[H0]], %[[H1]], %[[H2]], %[[H3]] : vector<4xf16>
// CHECK:         memref.store %[[V0]], %[[P]][%{{.*}}, %{{.*}}] : memref<32x10xvector<4xf16>, #spirv.storage_class<Workgroup>>
// CHECK:         %[[V1:.*]] = vector.from_elements %[[H3]], %[[H2]], %[[H1]], %[[H0]] : vector<4xf16>
// CHECK:         memref.store %[[V1]], %[[P]]
// CHECK-NOT:     memref.store
// CHECK:         gpu.subgroup_mma_load_matrix %[[P]][%{{.*}}, %{{.*}}] {leadDimension = 10 : index}
func.func @lane_stores_of_a_row(%s: memref<?xf32> {tt.divisibility = 16 : i32})
    -> !gpu.mma_matrix<16x16xf16, "AOp"> {
  %c0 = arith.constant 0 : index
  %p = memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  %row = gpu.thread_id x
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %x = memref.load %s[%row] : memref<?xf32>
  %e = math.exp2 %x : f32
  %h0 = arith.truncf %e : f32 to f16
  %y = arith.addf %e, %x : f32
  %h1 = arith.truncf %y : f32 to f16
  %z = arith.mulf %e, %x : f32
  %h2 = arith.truncf %z : f32 to f16
  %w = arith.subf %e, %x : f32
  %h3 = arith.truncf %w : f32 to f16
  memref.store %h0, %p[%row, %c0] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  memref.store %h1, %p[%row, %c1] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  memref.store %h2, %p[%row, %c2] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  memref.store %h3, %p[%row, %c3] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  memref.store %h3, %p[%row, %c4] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  memref.store %h2, %p[%row, %c5] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  memref.store %h1, %p[%row, %c6] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  memref.store %h0, %p[%row, %c7] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %f = gpu.subgroup_mma_load_matrix %p[%c0, %c0] {leadDimension = 40 : index} : memref<32x40xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return %f : !gpu.mma_matrix<16x16xf16, "AOp">
}

// -----

// Three of a vector's four lanes stored: a vector store would overwrite the
// fourth, so the tile stays scalar.
// CHECK-LABEL: func.func @lane_stores_incomplete(
// CHECK:         memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
// CHECK-NOT:     vector.from_elements
func.func @lane_stores_incomplete(%s: memref<?xf32> {tt.divisibility = 16 : i32})
    -> !gpu.mma_matrix<16x16xf16, "AOp"> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %p = memref.alloc() : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  %row = gpu.thread_id x
  %x = memref.load %s[%row] : memref<?xf32>
  %h = arith.truncf %x : f32 to f16
  memref.store %h, %p[%row, %c0] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  memref.store %h, %p[%row, %c1] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  memref.store %h, %p[%row, %c2] : memref<32x40xf16, #spirv.storage_class<Workgroup>>
  gpu.barrier
  %f = gpu.subgroup_mma_load_matrix %p[%c0, %c0] {leadDimension = 40 : index} : memref<32x40xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return %f : !gpu.mma_matrix<16x16xf16, "AOp">
}
