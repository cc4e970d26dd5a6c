// RUN: triton-spirv-opt %s --split-input-file --double-buffer-workgroup-tiles=workgroup-bytes=49152 | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --double-buffer-workgroup-tiles=workgroup-bytes=4096 | FileCheck %s --check-prefix=SMALL
// RUN: triton-spirv-opt %s --split-input-file --double-buffer-workgroup-tiles="workgroup-bytes=49152 fragment-loops-only=true" | FileCheck %s --check-prefix=FRAG

// A staged K loop: stores into two tiles, barrier, fragment and element
// reads, barrier. Each tile gets two copies indexed by the iteration's
// parity and the releasing barrier goes; the publishing one stays.
// CHECK-LABEL: func.func @staged_fragments(
// CHECK-DAG:     %[[A:.*]] = memref.alloc() : memref<2x32x24xf16, #spirv.storage_class<Workgroup>>
// CHECK-DAG:     %[[B:.*]] = memref.alloc() : memref<2x16x4xvector<4xf32>, #spirv.storage_class<Workgroup>>
// CHECK:         scf.for %[[K:.*]] = %[[LB:.*]] to %{{.*}} step %[[STEP:.*]] iter_args
// CHECK:           %[[OFFSET:.*]] = arith.subi %[[K]], %[[LB]] : i32
// CHECK:           %[[ITER:.*]] = arith.divui %[[OFFSET]], %[[STEP]] : i32
// CHECK:           %[[PAR:.*]] = arith.remui %[[ITER]], %{{.*}} : i32
// CHECK:           %[[COPY:.*]] = arith.index_castui %[[PAR]] : i32 to index
// CHECK:           memref.store %{{.*}}, %[[A]][%[[COPY]], %{{.*}}, %{{.*}}]
// CHECK:           vector.store %{{.*}}, %[[B]][%[[COPY]], %{{.*}}, %{{.*}}]
// CHECK-NEXT:      gpu.barrier
// CHECK:           gpu.subgroup_mma_load_matrix %[[A]][%[[COPY]], %{{.*}}, %{{.*}}] {leadDimension = 24 : index} : memref<2x32x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK:           memref.load %[[B]][%[[COPY]], %{{.*}}, %{{.*}}]
// CHECK-NOT:       gpu.barrier
// CHECK:           scf.yield
// 12 KiB of tiles, 4 KiB allowed: unchanged.
// FRAG-LABEL: func.func @staged_fragments(
// FRAG:         memref.alloc() : memref<2x32x24xf16, #spirv.storage_class<Workgroup>>
// SMALL-LABEL: func.func @staged_fragments(
// SMALL:         memref.alloc() : memref<32x24xf16, #spirv.storage_class<Workgroup>>
// SMALL-COUNT-2: gpu.barrier
func.func @staged_fragments(%lb: i32, %ub: i32, %step: i32, %v: f16, %w: vector<4xf32>)
    -> (!gpu.mma_matrix<16x16xf16, "AOp">, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %tid = gpu.thread_id x
  %a = memref.alloc() : memref<32x24xf16, #spirv.storage_class<Workgroup>>
  %b = memref.alloc() : memref<16x4xvector<4xf32>, #spirv.storage_class<Workgroup>>
  %init = gpu.subgroup_mma_constant_matrix %v : !gpu.mma_matrix<16x16xf16, "AOp">
  %r:2 = scf.for %k = %lb to %ub step %step iter_args(%f = %init, %x = %w)
      -> (!gpu.mma_matrix<16x16xf16, "AOp">, vector<4xf32>) : i32 {
    memref.store %v, %a[%tid, %c0] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
    vector.store %w, %b[%tid, %c0] : memref<16x4xvector<4xf32>, #spirv.storage_class<Workgroup>>, vector<4xf32>
    gpu.barrier
    %frag = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 24 : index}
        : memref<32x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %y = memref.load %b[%tid, %c0] : memref<16x4xvector<4xf32>, #spirv.storage_class<Workgroup>>
    gpu.barrier
    scf.yield %frag, %y : !gpu.mma_matrix<16x16xf16, "AOp">, vector<4xf32>
  }
  return %r#0, %r#1 : !gpu.mma_matrix<16x16xf16, "AOp">, vector<4xf32>
}

// -----

// An index loop: the parity needs no cast. Private (Function) buffers in
// the loop do not matter.
// Element reads only: with fragment-loops-only, unchanged.
// FRAG-LABEL: func.func @index_loop(
// FRAG:         memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
// FRAG-COUNT-2: gpu.barrier
// CHECK-LABEL: func.func @index_loop(
// CHECK:         %[[T:.*]] = memref.alloc() : memref<2x64xf32, #spirv.storage_class<Workgroup>>
// CHECK:         scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           %[[PAR:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK:           memref.store %{{.*}}, %[[T]][%[[PAR]], %{{.*}}]
// CHECK:           gpu.barrier
// CHECK:           memref.load %[[T]][%[[PAR]], %{{.*}}]
// CHECK-NOT:       gpu.barrier
// CHECK:         }
func.func @index_loop(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %t = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloca() : memref<1xf32, #spirv.storage_class<Function>>
  scf.for %k = %c0 to %n step %c1 {
    memref.store %v, %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %x = memref.load %t[%k] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %x, %p[%c0] : memref<1xf32, #spirv.storage_class<Function>>
    gpu.barrier
  }
  return
}

// -----

// A tile read before its stores in the iteration: the second barrier orders
// those reads after the previous iteration's; kept.
// CHECK-LABEL: func.func @read_before_publish(
// CHECK:         memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
// CHECK-COUNT-2: gpu.barrier
func.func @read_before_publish(%n: index, %v: f32, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %t = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  scf.for %k = %c0 to %n step %c1 {
    %old = memref.load %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %old, %out[%c0] : memref<1xf32>
    memref.store %v, %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %x = memref.load %t[%k] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %x, %out[%c0] : memref<1xf32>
    gpu.barrier
  }
  return
}

// -----

// A tile also read after the loop (its last contents matter): kept.
// CHECK-LABEL: func.func @used_after_loop(
// CHECK:         memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
// CHECK-COUNT-2: gpu.barrier
func.func @used_after_loop(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %t = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  scf.for %k = %c0 to %n step %c1 {
    memref.store %v, %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %x = memref.load %t[%k] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
  }
  %last = memref.load %t[%c0] : memref<64xf32, #spirv.storage_class<Workgroup>>
  return %last : f32
}

// -----

// A third barrier (a reduction phase) or a barrier that is not the last op:
// the loop's phases are not the staged shape; kept.
// CHECK-LABEL: func.func @three_phases(
// CHECK-COUNT-3: gpu.barrier
// CHECK-LABEL: func.func @work_after_release(
// CHECK-COUNT-2: gpu.barrier
func.func @three_phases(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %t = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  scf.for %k = %c0 to %n step %c1 {
    memref.store %v, %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %x = memref.load %t[%k] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %y = memref.load %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
  }
  return
}
func.func @work_after_release(%n: index, %v: f32, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %t = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  scf.for %k = %c0 to %n step %c1 {
    memref.store %v, %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %x = memref.load %t[%k] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    memref.store %x, %out[%c0] : memref<1xf32>
  }
  return
}

// -----

// Two staged loops sharing their tiles (the two copies of a kernel body
// versioned on its masks): the tiles get their second copies once, each
// access indexed by the parity of its own loop; both release barriers go.
// CHECK-LABEL: func.func @two_versions(
// CHECK:         %[[T:.*]] = memref.alloc() : memref<2x64xf32, #spirv.storage_class<Workgroup>>
// CHECK:         scf.if
// CHECK:           scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[P1:.*]] = arith.remui
// CHECK:             memref.store %{{.*}}, %[[T]][%[[P1]], %{{.*}}]
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        memref.load %[[T]][%[[P1]], %[[K]]]
// CHECK-NOT:         gpu.barrier
// CHECK:         } else {
// CHECK:           scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[P2:.*]] = arith.remui
// CHECK:             memref.store %{{.*}}, %[[T]][%[[P2]], %{{.*}}]
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:        memref.load %[[T]][%[[P2]], %[[J]]]
// CHECK-NOT:         gpu.barrier
// CHECK:         return
func.func @two_versions(%fast: i1, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %t = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  scf.if %fast {
    scf.for %k = %c0 to %n step %c1 {
      memref.store %v, %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
      %x = memref.load %t[%k] : memref<64xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
    }
  } else {
    scf.for %j = %c0 to %n step %c1 {
      %w = arith.addf %v, %v : f32
      memref.store %w, %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
      %x = memref.load %t[%j] : memref<64xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
    }
  }
  return
}

// -----

// The same two loops, the tile also read after the if: kept.
// CHECK-LABEL: func.func @two_versions_used_after(
// CHECK:         memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
// CHECK-COUNT-4: gpu.barrier
func.func @two_versions_used_after(%fast: i1, %n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %t = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  scf.if %fast {
    scf.for %k = %c0 to %n step %c1 {
      memref.store %v, %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
      %x = memref.load %t[%k] : memref<64xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
    }
  } else {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %v, %t[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
      %x = memref.load %t[%j] : memref<64xf32, #spirv.storage_class<Workgroup>>
      gpu.barrier
    }
  }
  %last = memref.load %t[%c0] : memref<64xf32, #spirv.storage_class<Workgroup>>
  return %last : f32
}

// -----

// The body allocates its tile each iteration (a K loop nested in a branch,
// as tutorial 08's grouped GEMM has it): the two copies are one allocation
// in front of the loop.
// CHECK-LABEL: func.func @tile_allocated_in_body(
// CHECK:         %[[T:.*]] = memref.alloc() : memref<2x16x24xf16, #spirv.storage_class<Workgroup>>
// CHECK-NEXT:    scf.for
// CHECK-NOT:       memref.alloc
// CHECK:           memref.store %{{.*}}, %[[T]][%{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-NEXT:      gpu.barrier
// CHECK:           gpu.subgroup_mma_load_matrix %[[T]]
// CHECK-NOT:       gpu.barrier
// CHECK:           scf.yield
func.func @tile_allocated_in_body(%lb: index, %ub: index, %step: index, %v: f16)
    -> !gpu.mma_matrix<16x16xf16, "AOp"> {
  %c0 = arith.constant 0 : index
  %tid = gpu.thread_id x
  %init = gpu.subgroup_mma_constant_matrix %v : !gpu.mma_matrix<16x16xf16, "AOp">
  %r = scf.for %k = %lb to %ub step %step iter_args(%f = %init) -> (!gpu.mma_matrix<16x16xf16, "AOp">) {
    %t = memref.alloc() : memref<16x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %v, %t[%tid, %c0] : memref<16x24xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %frag = gpu.subgroup_mma_load_matrix %t[%c0, %c0] {leadDimension = 24 : index}
        : memref<16x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    gpu.barrier
    scf.yield %frag : !gpu.mma_matrix<16x16xf16, "AOp">
  }
  return %r : !gpu.mma_matrix<16x16xf16, "AOp">
}

// -----

// Attention's per-row state (running max) read and written after the
// publishing barrier: kept. Doubling only the tile would be correct (the
// state is not touched before that barrier), but such loops measured slower
// (tutorial 06 at 64x32 and 128x32, 4 warps: 3-9%, 20 more registers).
// CHECK-LABEL: func.func @state_after_publish(
// CHECK:         memref.alloc() : memref<64xf16, #spirv.storage_class<Workgroup>>
// CHECK-COUNT-2: gpu.barrier
func.func @state_after_publish(%n: index, %v: f16) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %t = memref.alloc() : memref<64xf16, #spirv.storage_class<Workgroup>>
  %m = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  scf.for %k = %c0 to %n step %c1 {
    memref.store %v, %t[%tid] : memref<64xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %x = memref.load %t[%k] : memref<64xf16, #spirv.storage_class<Workgroup>>
    %xf = arith.extf %x : f16 to f32
    %old = memref.load %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    %new = arith.maxnumf %old, %xf : f32
    memref.store %new, %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
  }
  %last = memref.load %m[%c0] : memref<64xf32, #spirv.storage_class<Workgroup>>
  return %last : f32
}

// -----

// State read before the publishing barrier: the next iteration's read would
// overlap this iteration's write without the second barrier; kept.
// CHECK-LABEL: func.func @state_before_publish(
// CHECK:         memref.alloc() : memref<64xf16, #spirv.storage_class<Workgroup>>
// CHECK-COUNT-2: gpu.barrier
func.func @state_before_publish(%n: index, %v: f16, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %tid = gpu.thread_id x
  %t = memref.alloc() : memref<64xf16, #spirv.storage_class<Workgroup>>
  %m = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  scf.for %k = %c0 to %n step %c1 {
    %seen = memref.load %m[%k] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %seen, %out[%c0] : memref<1xf32>
    memref.store %v, %t[%tid] : memref<64xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %x = memref.load %t[%k] : memref<64xf16, #spirv.storage_class<Workgroup>>
    %xf = arith.extf %x : f16 to f32
    memref.store %xf, %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
  }
  return
}
