// RUN: triton-spirv-opt %s --split-input-file --fragment-row-phases=num-threads=64 --cse | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --fragment-row-phases=num-threads=64 --eliminate-redundant-barriers --cse | FileCheck %s --check-prefix=ELIM
// RUN: triton-spirv-opt %s --split-input-file --fragment-row-phases="num-threads=64 carry-state-register-limit=255" --cse | FileCheck %s --check-prefix=CARRY
// RUN: triton-spirv-opt %s --split-input-file --fragment-row-phases="num-threads=64 carry-state-register-limit=43" --cse | FileCheck %s --check-prefix=LIMIT

// Online softmax between two dots, 2 subgroups of 32 invocations, two 16-row
// fragments of S each (16 columns). Each invocation runs the phase for its 4
// components of rows lane/4 and lane/4 + 8: the row max and the row sum fold
// them and combine the quad with xor shuffles 1 and 2; the quad's first
// invocation stores the per-row state; P's A fragment is built from the
// invocation's 8 f16 elements. S, P and the barrier after S's store go. The
// output's rescale takes each row's alpha from the registers (components 0-3:
// row lane/4, 4-7: row lane/4 + 8), and alpha's buffer goes; the barrier in
// front of it stays (left to eliminate-redundant-barriers, which keeps it
// here: its segment reaches the loop's start).
// CHECK-LABEL: func.func @whole_rows
// CHECK: %[[ROW0:.*]] = arith.muli %{{.*}}, %c32
// CHECK-COUNT-2: memref.alloc() : memref<64xf32
// CHECK-NOT: memref.alloc() : memref<64xf32
// CHECK-NOT: memref<64x16xf32
// CHECK: scf.for
// CHECK-NOT: gpu.subgroup_mma_store_matrix
// CHECK-NOT: gpu.barrier
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[QUAD_ROW:.*]] = arith.divui %[[LANE]], %c4
// CHECK: %[[QUAD_POS:.*]] = arith.remui %[[LANE]], %c4
// CHECK: %[[LEADER:.*]] = arith.cmpi eq, %[[QUAD_POS]], %c0
// CHECK: %[[ROW:.*]] = arith.addi %{{.*}}, %[[QUAD_ROW]]
// CHECK: %[[E0:.*]] = gpu.subgroup_mma_extract_thread_local %[[S:.*]][%c0]
// CHECK: gpu.subgroup_mma_extract_thread_local %[[S]][%c3]
// CHECK: %[[X0:.*]] = arith.mulf %[[E0]], %arg3
// CHECK: arith.maxnumf %[[X0]]
// CHECK-NEXT: arith.maxnumf
// CHECK-NEXT: %[[MAX:.*]] = arith.maxnumf
// CHECK: %[[SH1:.*]], %{{.*}} = gpu.shuffle xor %[[MAX]], %c1_i32, %c32_i32
// CHECK: %[[MAX1:.*]] = arith.maxnumf %[[MAX]], %[[SH1]]
// CHECK: %[[SH2:.*]], %{{.*}} = gpu.shuffle xor %[[MAX1]], %c2_i32, %c32_i32
// CHECK: %[[ROWMAX:.*]] = arith.maxnumf %[[MAX1]], %[[SH2]]
// CHECK: %[[MOLD:.*]] = memref.load %{{.*}}[%[[ROW]]]
// CHECK: %[[MNEW:.*]] = arith.maxnumf %[[MOLD]], %[[ROWMAX]]
// CHECK: arith.subf %[[X0]], %[[MNEW]]
// CHECK-COUNT-4: arith.truncf
// CHECK: gpu.shuffle xor
// CHECK: gpu.shuffle xor
// CHECK: scf.if %[[LEADER]] {
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[ROW]]]
// CHECK: %[[ROW8:.*]] = arith.addi %[[ROW]], %c8
// CHECK: gpu.subgroup_mma_extract_thread_local %[[S]][%c4]
// CHECK: gpu.subgroup_mma_extract_thread_local %[[S]][%c7]
// CHECK: memref.load %{{.*}}[%[[ROW8]]]
// The rows of the fragments at ROW0 (the phase's second group): alpha's
// values of both halves.
// CHECK: %[[ROWB:.*]] = arith.addi %[[ROW0]], %[[QUAD_ROW]]
// CHECK: %[[MOLDB:.*]] = memref.load %{{.*}}[%[[ROWB]]]
// CHECK: %[[MNEWB:.*]] = arith.maxnumf %[[MOLDB]]
// CHECK: %[[DB:.*]] = arith.subf %[[MOLDB]], %[[MNEWB]]
// CHECK-NEXT: %[[AL0:.*]] = math.exp2 %[[DB]]
// CHECK: %[[ROWB8:.*]] = arith.addi %[[ROWB]], %c8
// CHECK: %[[MOLDB8:.*]] = memref.load %{{.*}}[%[[ROWB8]]]
// CHECK: %[[MNEWB8:.*]] = arith.maxnumf %[[MOLDB8]]
// CHECK: %[[DB8:.*]] = arith.subf %[[MOLDB8]], %[[MNEWB8]]
// CHECK-NEXT: %[[AL1:.*]] = math.exp2 %[[DB8]]
// CHECK: %[[P0:.*]] = gpu.subgroup_mma_constant_matrix %{{.*}} : !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK: gpu.subgroup_mma_insert_thread_local %{{.*}}, %[[P0]][%c0]
// CHECK-COUNT-6: gpu.subgroup_mma_insert_thread_local
// CHECK: %[[P:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7]
// CHECK: gpu.barrier
// CHECK-NEXT: %[[A1:.*]] = gpu.subgroup_mma_insert_thread_local %[[AL0]], %{{.*}}[%c0] : f32, !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-NEXT: %[[A2:.*]] = gpu.subgroup_mma_insert_thread_local %[[AL0]], %[[A1]][%c1]
// CHECK-NEXT: %[[A3:.*]] = gpu.subgroup_mma_insert_thread_local %[[AL0]], %[[A2]][%c2]
// CHECK-NEXT: %[[A4:.*]] = gpu.subgroup_mma_insert_thread_local %[[AL0]], %[[A3]][%c3]
// CHECK-NEXT: %[[A5:.*]] = gpu.subgroup_mma_insert_thread_local %[[AL1]], %[[A4]][%c4]
// CHECK-NEXT: %[[A6:.*]] = gpu.subgroup_mma_insert_thread_local %[[AL1]], %[[A5]][%c5]
// CHECK-NEXT: %[[A7:.*]] = gpu.subgroup_mma_insert_thread_local %[[AL1]], %[[A6]][%c6]
// CHECK-NEXT: %[[ALPHA:.*]] = gpu.subgroup_mma_insert_thread_local %[[AL1]], %[[A7]][%c7]
// CHECK-NEXT: gpu.subgroup_mma_elementwise mulf %{{.*}}, %[[ALPHA]]
// CHECK-NOT: gpu.subgroup_mma_load_matrix
// CHECK: gpu.subgroup_mma_compute %[[P]], %arg2
// CHECK: gpu.barrier
// CHECK-NEXT: scf.yield
// The running max and sum carried through the loop: each invocation loads
// its 4 rows of both (two groups, two halves; no barrier orders the buffers
// in front of the loop yet, so one is placed) before the loop, the phases
// read and update the iteration arguments, and the quads' first invocations
// store the results after it.
// One register over the limit (the loop carries an f32 fragment, reads
// three f16 ones and an f32 one from outside, and its phase takes two f32
// ones apart: 8 + 20 + 16 = 44 registers), the state stays in workgroup
// memory.
// LIMIT-LABEL: func.func @whole_rows
// LIMIT: scf.for {{.*}} -> (!gpu.mma_matrix<16x16xf32, "COp">) {
// LIMIT: memref.load %{{.*}} : memref<64xf32
// LIMIT: scf.if
// LIMIT-NEXT: memref.store %{{.*}} : memref<64xf32
// CARRY-LABEL: func.func @whole_rows
// CARRY: %[[LEADER:.*]] = arith.cmpi eq
// CARRY: gpu.barrier
// CARRY-COUNT-8: memref.load %{{.*}} : memref<64xf32
// CARRY: %[[R:.*]]:9 = scf.for {{.*}} -> (!gpu.mma_matrix<16x16xf32, "COp">, f32, f32, f32, f32, f32, f32, f32, f32)
// CARRY-NOT: memref.load %{{.*}} : memref<64xf32
// CARRY-NOT: memref.store %{{.*}} : memref<64xf32
// CARRY: scf.yield
// CARRY-NEXT: }
// CARRY-NEXT: scf.if %[[LEADER]] {
// CARRY-COUNT-4: memref.store %[[R]]#{{[1-8]}}
// CARRY: scf.if %[[LEADER]] {
// CARRY-COUNT-4: memref.store %[[R]]#{{[1-8]}}
// CARRY-NOT: gpu.barrier
// CARRY: return
func.func @whole_rows(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cRows = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %cSpan = arith.constant 32 : index
  %row0 = arith.muli %sg, %cSpan : index
  %row1 = arith.addi %row0, %c16 : index
  %m = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %l = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %alpha = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %s = memref.alloc() : memref<64x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<64x24xf16, #spirv.storage_class<Workgroup>>
  %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%o = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %q, %k, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %st1 = gpu.subgroup_mma_compute %q, %v, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x16xf32, #spirv.storage_class<Workgroup>>
    gpu.subgroup_mma_store_matrix %st1, %s[%row1, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %cc0 = arith.constant 0 : index
    %s0 = memref.load %s[%tid, %cc0] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x0 = arith.mulf %s0, %scale : f32
    %cc1 = arith.constant 1 : index
    %s1 = memref.load %s[%tid, %cc1] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x1 = arith.mulf %s1, %scale : f32
    %cc2 = arith.constant 2 : index
    %s2 = memref.load %s[%tid, %cc2] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x2 = arith.mulf %s2, %scale : f32
    %cc3 = arith.constant 3 : index
    %s3 = memref.load %s[%tid, %cc3] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x3 = arith.mulf %s3, %scale : f32
    %cc4 = arith.constant 4 : index
    %s4 = memref.load %s[%tid, %cc4] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x4 = arith.mulf %s4, %scale : f32
    %cc5 = arith.constant 5 : index
    %s5 = memref.load %s[%tid, %cc5] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x5 = arith.mulf %s5, %scale : f32
    %cc6 = arith.constant 6 : index
    %s6 = memref.load %s[%tid, %cc6] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x6 = arith.mulf %s6, %scale : f32
    %cc7 = arith.constant 7 : index
    %s7 = memref.load %s[%tid, %cc7] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x7 = arith.mulf %s7, %scale : f32
    %cc8 = arith.constant 8 : index
    %s8 = memref.load %s[%tid, %cc8] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x8 = arith.mulf %s8, %scale : f32
    %cc9 = arith.constant 9 : index
    %s9 = memref.load %s[%tid, %cc9] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x9 = arith.mulf %s9, %scale : f32
    %cc10 = arith.constant 10 : index
    %s10 = memref.load %s[%tid, %cc10] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x10 = arith.mulf %s10, %scale : f32
    %cc11 = arith.constant 11 : index
    %s11 = memref.load %s[%tid, %cc11] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x11 = arith.mulf %s11, %scale : f32
    %cc12 = arith.constant 12 : index
    %s12 = memref.load %s[%tid, %cc12] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x12 = arith.mulf %s12, %scale : f32
    %cc13 = arith.constant 13 : index
    %s13 = memref.load %s[%tid, %cc13] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x13 = arith.mulf %s13, %scale : f32
    %cc14 = arith.constant 14 : index
    %s14 = memref.load %s[%tid, %cc14] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x14 = arith.mulf %s14, %scale : f32
    %cc15 = arith.constant 15 : index
    %s15 = memref.load %s[%tid, %cc15] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x15 = arith.mulf %s15, %scale : f32
    %mx1 = arith.maxnumf %x0, %x1 : f32
    %mx2 = arith.maxnumf %mx1, %x2 : f32
    %mx3 = arith.maxnumf %mx2, %x3 : f32
    %mx4 = arith.maxnumf %mx3, %x4 : f32
    %mx5 = arith.maxnumf %mx4, %x5 : f32
    %mx6 = arith.maxnumf %mx5, %x6 : f32
    %mx7 = arith.maxnumf %mx6, %x7 : f32
    %mx8 = arith.maxnumf %mx7, %x8 : f32
    %mx9 = arith.maxnumf %mx8, %x9 : f32
    %mx10 = arith.maxnumf %mx9, %x10 : f32
    %mx11 = arith.maxnumf %mx10, %x11 : f32
    %mx12 = arith.maxnumf %mx11, %x12 : f32
    %mx13 = arith.maxnumf %mx12, %x13 : f32
    %mx14 = arith.maxnumf %mx13, %x14 : f32
    %mx15 = arith.maxnumf %mx14, %x15 : f32
    %mold = memref.load %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    %lold = memref.load %l[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    %mnew = arith.maxnumf %mold, %mx15 : f32
    %d = arith.subf %mold, %mnew : f32
    %al = math.exp2 %d : f32
    %ls = arith.mulf %lold, %al : f32
    %y0 = arith.subf %x0, %mnew : f32
    %e0 = math.exp2 %y0 : f32
    %h0 = arith.truncf %e0 : f32 to f16
    %y1 = arith.subf %x1, %mnew : f32
    %e1 = math.exp2 %y1 : f32
    %h1 = arith.truncf %e1 : f32 to f16
    %y2 = arith.subf %x2, %mnew : f32
    %e2 = math.exp2 %y2 : f32
    %h2 = arith.truncf %e2 : f32 to f16
    %y3 = arith.subf %x3, %mnew : f32
    %e3 = math.exp2 %y3 : f32
    %h3 = arith.truncf %e3 : f32 to f16
    %y4 = arith.subf %x4, %mnew : f32
    %e4 = math.exp2 %y4 : f32
    %h4 = arith.truncf %e4 : f32 to f16
    %y5 = arith.subf %x5, %mnew : f32
    %e5 = math.exp2 %y5 : f32
    %h5 = arith.truncf %e5 : f32 to f16
    %y6 = arith.subf %x6, %mnew : f32
    %e6 = math.exp2 %y6 : f32
    %h6 = arith.truncf %e6 : f32 to f16
    %y7 = arith.subf %x7, %mnew : f32
    %e7 = math.exp2 %y7 : f32
    %h7 = arith.truncf %e7 : f32 to f16
    %y8 = arith.subf %x8, %mnew : f32
    %e8 = math.exp2 %y8 : f32
    %h8 = arith.truncf %e8 : f32 to f16
    %y9 = arith.subf %x9, %mnew : f32
    %e9 = math.exp2 %y9 : f32
    %h9 = arith.truncf %e9 : f32 to f16
    %y10 = arith.subf %x10, %mnew : f32
    %e10 = math.exp2 %y10 : f32
    %h10 = arith.truncf %e10 : f32 to f16
    %y11 = arith.subf %x11, %mnew : f32
    %e11 = math.exp2 %y11 : f32
    %h11 = arith.truncf %e11 : f32 to f16
    %y12 = arith.subf %x12, %mnew : f32
    %e12 = math.exp2 %y12 : f32
    %h12 = arith.truncf %e12 : f32 to f16
    %y13 = arith.subf %x13, %mnew : f32
    %e13 = math.exp2 %y13 : f32
    %h13 = arith.truncf %e13 : f32 to f16
    %y14 = arith.subf %x14, %mnew : f32
    %e14 = math.exp2 %y14 : f32
    %h14 = arith.truncf %e14 : f32 to f16
    %y15 = arith.subf %x15, %mnew : f32
    %e15 = math.exp2 %y15 : f32
    %h15 = arith.truncf %e15 : f32 to f16
    %sum0 = arith.addf %ls, %e0 : f32
    %sum1 = arith.addf %sum0, %e1 : f32
    %sum2 = arith.addf %sum1, %e2 : f32
    %sum3 = arith.addf %sum2, %e3 : f32
    %sum4 = arith.addf %sum3, %e4 : f32
    %sum5 = arith.addf %sum4, %e5 : f32
    %sum6 = arith.addf %sum5, %e6 : f32
    %sum7 = arith.addf %sum6, %e7 : f32
    %sum8 = arith.addf %sum7, %e8 : f32
    %sum9 = arith.addf %sum8, %e9 : f32
    %sum10 = arith.addf %sum9, %e10 : f32
    %sum11 = arith.addf %sum10, %e11 : f32
    %sum12 = arith.addf %sum11, %e12 : f32
    %sum13 = arith.addf %sum12, %e13 : f32
    %sum14 = arith.addf %sum13, %e14 : f32
    %sum15 = arith.addf %sum14, %e15 : f32
    memref.store %al, %alpha[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %mnew, %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %sum15, %l[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %h0, %p[%tid, %cc0] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h1, %p[%tid, %cc1] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h2, %p[%tid, %cc2] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h3, %p[%tid, %cc3] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h4, %p[%tid, %cc4] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h5, %p[%tid, %cc5] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h6, %p[%tid, %cc6] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h7, %p[%tid, %cc7] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h8, %p[%tid, %cc8] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h9, %p[%tid, %cc9] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h10, %p[%tid, %cc10] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h11, %p[%tid, %cc11] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h12, %p[%tid, %cc12] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h13, %p[%tid, %cc13] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h14, %p[%tid, %cc14] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h15, %p[%tid, %cc15] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %scaleRows = gpu.subgroup_mma_load_matrix %alpha[%row0] {leadDimension = 0 : index, transpose} : memref<64xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %scaled = gpu.subgroup_mma_elementwise mulf %o, %scaleRows : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa0 = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 24 : index} : memref<64x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next0 = gpu.subgroup_mma_compute %pa0, %v, %scaled : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa1 = gpu.subgroup_mma_load_matrix %p[%row1, %c0] {leadDimension = 24 : index} : memref<64x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next1 = gpu.subgroup_mma_compute %pa1, %v, %next0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %next1 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}


// -----

// V staged through workgroup memory at the loop's start (a barrier before
// the phase in the block): once alpha comes from the registers, the barrier
// in front of the rescale orders nothing (the phase's state buffers on one
// side, V's fragments on the other), and eliminate-redundant-barriers
// removes it.
// CHECK-LABEL: func.func @staged_values
// CHECK: scf.for
// CHECK-COUNT-3: gpu.barrier
// CHECK-NEXT: scf.yield
// ELIM-LABEL: func.func @staged_values
// ELIM: scf.for
// ELIM: memref.store %{{.*}}, %[[VT:.*]][%c0, %{{.*}}]
// ELIM-NEXT: gpu.barrier
// ELIM-NOT: gpu.barrier
// ELIM: gpu.subgroup_mma_elementwise mulf
// ELIM-NOT: gpu.barrier
// ELIM: gpu.subgroup_mma_load_matrix %[[VT]]
// ELIM: gpu.barrier
// ELIM-NEXT: scf.yield
func.func @staged_values(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cRows = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %cSpan = arith.constant 32 : index
  %row0 = arith.muli %sg, %cSpan : index
  %row1 = arith.addi %row0, %c16 : index
  %m = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %l = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %alpha = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %s = memref.alloc() : memref<64x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<64x24xf16, #spirv.storage_class<Workgroup>>
  %vt = memref.alloc() : memref<16x24xf16, #spirv.storage_class<Workgroup>>
  %one = arith.constant 1.000000e+00 : f16
  %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%o = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    memref.store %one, %vt[%c0, %tid] : memref<16x24xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %st = gpu.subgroup_mma_compute %q, %k, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %st1 = gpu.subgroup_mma_compute %q, %v, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x16xf32, #spirv.storage_class<Workgroup>>
    gpu.subgroup_mma_store_matrix %st1, %s[%row1, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %cc0 = arith.constant 0 : index
    %s0 = memref.load %s[%tid, %cc0] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x0 = arith.mulf %s0, %scale : f32
    %cc1 = arith.constant 1 : index
    %s1 = memref.load %s[%tid, %cc1] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x1 = arith.mulf %s1, %scale : f32
    %cc2 = arith.constant 2 : index
    %s2 = memref.load %s[%tid, %cc2] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x2 = arith.mulf %s2, %scale : f32
    %cc3 = arith.constant 3 : index
    %s3 = memref.load %s[%tid, %cc3] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x3 = arith.mulf %s3, %scale : f32
    %cc4 = arith.constant 4 : index
    %s4 = memref.load %s[%tid, %cc4] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x4 = arith.mulf %s4, %scale : f32
    %cc5 = arith.constant 5 : index
    %s5 = memref.load %s[%tid, %cc5] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x5 = arith.mulf %s5, %scale : f32
    %cc6 = arith.constant 6 : index
    %s6 = memref.load %s[%tid, %cc6] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x6 = arith.mulf %s6, %scale : f32
    %cc7 = arith.constant 7 : index
    %s7 = memref.load %s[%tid, %cc7] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x7 = arith.mulf %s7, %scale : f32
    %cc8 = arith.constant 8 : index
    %s8 = memref.load %s[%tid, %cc8] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x8 = arith.mulf %s8, %scale : f32
    %cc9 = arith.constant 9 : index
    %s9 = memref.load %s[%tid, %cc9] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x9 = arith.mulf %s9, %scale : f32
    %cc10 = arith.constant 10 : index
    %s10 = memref.load %s[%tid, %cc10] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x10 = arith.mulf %s10, %scale : f32
    %cc11 = arith.constant 11 : index
    %s11 = memref.load %s[%tid, %cc11] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x11 = arith.mulf %s11, %scale : f32
    %cc12 = arith.constant 12 : index
    %s12 = memref.load %s[%tid, %cc12] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x12 = arith.mulf %s12, %scale : f32
    %cc13 = arith.constant 13 : index
    %s13 = memref.load %s[%tid, %cc13] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x13 = arith.mulf %s13, %scale : f32
    %cc14 = arith.constant 14 : index
    %s14 = memref.load %s[%tid, %cc14] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x14 = arith.mulf %s14, %scale : f32
    %cc15 = arith.constant 15 : index
    %s15 = memref.load %s[%tid, %cc15] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x15 = arith.mulf %s15, %scale : f32
    %mx1 = arith.maxnumf %x0, %x1 : f32
    %mx2 = arith.maxnumf %mx1, %x2 : f32
    %mx3 = arith.maxnumf %mx2, %x3 : f32
    %mx4 = arith.maxnumf %mx3, %x4 : f32
    %mx5 = arith.maxnumf %mx4, %x5 : f32
    %mx6 = arith.maxnumf %mx5, %x6 : f32
    %mx7 = arith.maxnumf %mx6, %x7 : f32
    %mx8 = arith.maxnumf %mx7, %x8 : f32
    %mx9 = arith.maxnumf %mx8, %x9 : f32
    %mx10 = arith.maxnumf %mx9, %x10 : f32
    %mx11 = arith.maxnumf %mx10, %x11 : f32
    %mx12 = arith.maxnumf %mx11, %x12 : f32
    %mx13 = arith.maxnumf %mx12, %x13 : f32
    %mx14 = arith.maxnumf %mx13, %x14 : f32
    %mx15 = arith.maxnumf %mx14, %x15 : f32
    %mold = memref.load %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    %lold = memref.load %l[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    %mnew = arith.maxnumf %mold, %mx15 : f32
    %d = arith.subf %mold, %mnew : f32
    %al = math.exp2 %d : f32
    %ls = arith.mulf %lold, %al : f32
    %y0 = arith.subf %x0, %mnew : f32
    %e0 = math.exp2 %y0 : f32
    %h0 = arith.truncf %e0 : f32 to f16
    %y1 = arith.subf %x1, %mnew : f32
    %e1 = math.exp2 %y1 : f32
    %h1 = arith.truncf %e1 : f32 to f16
    %y2 = arith.subf %x2, %mnew : f32
    %e2 = math.exp2 %y2 : f32
    %h2 = arith.truncf %e2 : f32 to f16
    %y3 = arith.subf %x3, %mnew : f32
    %e3 = math.exp2 %y3 : f32
    %h3 = arith.truncf %e3 : f32 to f16
    %y4 = arith.subf %x4, %mnew : f32
    %e4 = math.exp2 %y4 : f32
    %h4 = arith.truncf %e4 : f32 to f16
    %y5 = arith.subf %x5, %mnew : f32
    %e5 = math.exp2 %y5 : f32
    %h5 = arith.truncf %e5 : f32 to f16
    %y6 = arith.subf %x6, %mnew : f32
    %e6 = math.exp2 %y6 : f32
    %h6 = arith.truncf %e6 : f32 to f16
    %y7 = arith.subf %x7, %mnew : f32
    %e7 = math.exp2 %y7 : f32
    %h7 = arith.truncf %e7 : f32 to f16
    %y8 = arith.subf %x8, %mnew : f32
    %e8 = math.exp2 %y8 : f32
    %h8 = arith.truncf %e8 : f32 to f16
    %y9 = arith.subf %x9, %mnew : f32
    %e9 = math.exp2 %y9 : f32
    %h9 = arith.truncf %e9 : f32 to f16
    %y10 = arith.subf %x10, %mnew : f32
    %e10 = math.exp2 %y10 : f32
    %h10 = arith.truncf %e10 : f32 to f16
    %y11 = arith.subf %x11, %mnew : f32
    %e11 = math.exp2 %y11 : f32
    %h11 = arith.truncf %e11 : f32 to f16
    %y12 = arith.subf %x12, %mnew : f32
    %e12 = math.exp2 %y12 : f32
    %h12 = arith.truncf %e12 : f32 to f16
    %y13 = arith.subf %x13, %mnew : f32
    %e13 = math.exp2 %y13 : f32
    %h13 = arith.truncf %e13 : f32 to f16
    %y14 = arith.subf %x14, %mnew : f32
    %e14 = math.exp2 %y14 : f32
    %h14 = arith.truncf %e14 : f32 to f16
    %y15 = arith.subf %x15, %mnew : f32
    %e15 = math.exp2 %y15 : f32
    %h15 = arith.truncf %e15 : f32 to f16
    %sum0 = arith.addf %ls, %e0 : f32
    %sum1 = arith.addf %sum0, %e1 : f32
    %sum2 = arith.addf %sum1, %e2 : f32
    %sum3 = arith.addf %sum2, %e3 : f32
    %sum4 = arith.addf %sum3, %e4 : f32
    %sum5 = arith.addf %sum4, %e5 : f32
    %sum6 = arith.addf %sum5, %e6 : f32
    %sum7 = arith.addf %sum6, %e7 : f32
    %sum8 = arith.addf %sum7, %e8 : f32
    %sum9 = arith.addf %sum8, %e9 : f32
    %sum10 = arith.addf %sum9, %e10 : f32
    %sum11 = arith.addf %sum10, %e11 : f32
    %sum12 = arith.addf %sum11, %e12 : f32
    %sum13 = arith.addf %sum12, %e13 : f32
    %sum14 = arith.addf %sum13, %e14 : f32
    %sum15 = arith.addf %sum14, %e15 : f32
    memref.store %al, %alpha[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %mnew, %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %sum15, %l[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %h0, %p[%tid, %cc0] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h1, %p[%tid, %cc1] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h2, %p[%tid, %cc2] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h3, %p[%tid, %cc3] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h4, %p[%tid, %cc4] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h5, %p[%tid, %cc5] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h6, %p[%tid, %cc6] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h7, %p[%tid, %cc7] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h8, %p[%tid, %cc8] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h9, %p[%tid, %cc9] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h10, %p[%tid, %cc10] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h11, %p[%tid, %cc11] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h12, %p[%tid, %cc12] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h13, %p[%tid, %cc13] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h14, %p[%tid, %cc14] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h15, %p[%tid, %cc15] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %scaleRows = gpu.subgroup_mma_load_matrix %alpha[%row0] {leadDimension = 0 : index, transpose} : memref<64xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %scaled = gpu.subgroup_mma_elementwise mulf %o, %scaleRows : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa0 = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 24 : index} : memref<64x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %vf = gpu.subgroup_mma_load_matrix %vt[%c0, %c0] {leadDimension = 24 : index} : memref<16x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %next0 = gpu.subgroup_mma_compute %pa0, %vf, %scaled : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa1 = gpu.subgroup_mma_load_matrix %p[%row1, %c0] {leadDimension = 24 : index} : memref<64x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next1 = gpu.subgroup_mma_compute %pa1, %vf, %next0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %next1 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// A row broadcast from a row no fragment group of the phase starts at: it
// stays a load of alpha's buffer, behind the barrier.
// CHECK-LABEL: func.func @other_broadcast_rows
// CHECK-COUNT-3: memref.alloc() : memref<64xf32
// CHECK: gpu.barrier
// CHECK-NEXT: gpu.subgroup_mma_load_matrix %{{.*}}[%c0] {leadDimension = 0 : index, transpose}
func.func @other_broadcast_rows(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cRows = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %cSpan = arith.constant 32 : index
  %row0 = arith.muli %sg, %cSpan : index
  %row1 = arith.addi %row0, %c16 : index
  %m = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %l = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %alpha = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %s = memref.alloc() : memref<64x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<64x24xf16, #spirv.storage_class<Workgroup>>
  %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%o = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %q, %k, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %st1 = gpu.subgroup_mma_compute %q, %v, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x16xf32, #spirv.storage_class<Workgroup>>
    gpu.subgroup_mma_store_matrix %st1, %s[%row1, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %cc0 = arith.constant 0 : index
    %s0 = memref.load %s[%tid, %cc0] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x0 = arith.mulf %s0, %scale : f32
    %cc1 = arith.constant 1 : index
    %s1 = memref.load %s[%tid, %cc1] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x1 = arith.mulf %s1, %scale : f32
    %cc2 = arith.constant 2 : index
    %s2 = memref.load %s[%tid, %cc2] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x2 = arith.mulf %s2, %scale : f32
    %cc3 = arith.constant 3 : index
    %s3 = memref.load %s[%tid, %cc3] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x3 = arith.mulf %s3, %scale : f32
    %cc4 = arith.constant 4 : index
    %s4 = memref.load %s[%tid, %cc4] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x4 = arith.mulf %s4, %scale : f32
    %cc5 = arith.constant 5 : index
    %s5 = memref.load %s[%tid, %cc5] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x5 = arith.mulf %s5, %scale : f32
    %cc6 = arith.constant 6 : index
    %s6 = memref.load %s[%tid, %cc6] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x6 = arith.mulf %s6, %scale : f32
    %cc7 = arith.constant 7 : index
    %s7 = memref.load %s[%tid, %cc7] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x7 = arith.mulf %s7, %scale : f32
    %cc8 = arith.constant 8 : index
    %s8 = memref.load %s[%tid, %cc8] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x8 = arith.mulf %s8, %scale : f32
    %cc9 = arith.constant 9 : index
    %s9 = memref.load %s[%tid, %cc9] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x9 = arith.mulf %s9, %scale : f32
    %cc10 = arith.constant 10 : index
    %s10 = memref.load %s[%tid, %cc10] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x10 = arith.mulf %s10, %scale : f32
    %cc11 = arith.constant 11 : index
    %s11 = memref.load %s[%tid, %cc11] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x11 = arith.mulf %s11, %scale : f32
    %cc12 = arith.constant 12 : index
    %s12 = memref.load %s[%tid, %cc12] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x12 = arith.mulf %s12, %scale : f32
    %cc13 = arith.constant 13 : index
    %s13 = memref.load %s[%tid, %cc13] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x13 = arith.mulf %s13, %scale : f32
    %cc14 = arith.constant 14 : index
    %s14 = memref.load %s[%tid, %cc14] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x14 = arith.mulf %s14, %scale : f32
    %cc15 = arith.constant 15 : index
    %s15 = memref.load %s[%tid, %cc15] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x15 = arith.mulf %s15, %scale : f32
    %mx1 = arith.maxnumf %x0, %x1 : f32
    %mx2 = arith.maxnumf %mx1, %x2 : f32
    %mx3 = arith.maxnumf %mx2, %x3 : f32
    %mx4 = arith.maxnumf %mx3, %x4 : f32
    %mx5 = arith.maxnumf %mx4, %x5 : f32
    %mx6 = arith.maxnumf %mx5, %x6 : f32
    %mx7 = arith.maxnumf %mx6, %x7 : f32
    %mx8 = arith.maxnumf %mx7, %x8 : f32
    %mx9 = arith.maxnumf %mx8, %x9 : f32
    %mx10 = arith.maxnumf %mx9, %x10 : f32
    %mx11 = arith.maxnumf %mx10, %x11 : f32
    %mx12 = arith.maxnumf %mx11, %x12 : f32
    %mx13 = arith.maxnumf %mx12, %x13 : f32
    %mx14 = arith.maxnumf %mx13, %x14 : f32
    %mx15 = arith.maxnumf %mx14, %x15 : f32
    %mold = memref.load %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    %lold = memref.load %l[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    %mnew = arith.maxnumf %mold, %mx15 : f32
    %d = arith.subf %mold, %mnew : f32
    %al = math.exp2 %d : f32
    %ls = arith.mulf %lold, %al : f32
    %y0 = arith.subf %x0, %mnew : f32
    %e0 = math.exp2 %y0 : f32
    %h0 = arith.truncf %e0 : f32 to f16
    %y1 = arith.subf %x1, %mnew : f32
    %e1 = math.exp2 %y1 : f32
    %h1 = arith.truncf %e1 : f32 to f16
    %y2 = arith.subf %x2, %mnew : f32
    %e2 = math.exp2 %y2 : f32
    %h2 = arith.truncf %e2 : f32 to f16
    %y3 = arith.subf %x3, %mnew : f32
    %e3 = math.exp2 %y3 : f32
    %h3 = arith.truncf %e3 : f32 to f16
    %y4 = arith.subf %x4, %mnew : f32
    %e4 = math.exp2 %y4 : f32
    %h4 = arith.truncf %e4 : f32 to f16
    %y5 = arith.subf %x5, %mnew : f32
    %e5 = math.exp2 %y5 : f32
    %h5 = arith.truncf %e5 : f32 to f16
    %y6 = arith.subf %x6, %mnew : f32
    %e6 = math.exp2 %y6 : f32
    %h6 = arith.truncf %e6 : f32 to f16
    %y7 = arith.subf %x7, %mnew : f32
    %e7 = math.exp2 %y7 : f32
    %h7 = arith.truncf %e7 : f32 to f16
    %y8 = arith.subf %x8, %mnew : f32
    %e8 = math.exp2 %y8 : f32
    %h8 = arith.truncf %e8 : f32 to f16
    %y9 = arith.subf %x9, %mnew : f32
    %e9 = math.exp2 %y9 : f32
    %h9 = arith.truncf %e9 : f32 to f16
    %y10 = arith.subf %x10, %mnew : f32
    %e10 = math.exp2 %y10 : f32
    %h10 = arith.truncf %e10 : f32 to f16
    %y11 = arith.subf %x11, %mnew : f32
    %e11 = math.exp2 %y11 : f32
    %h11 = arith.truncf %e11 : f32 to f16
    %y12 = arith.subf %x12, %mnew : f32
    %e12 = math.exp2 %y12 : f32
    %h12 = arith.truncf %e12 : f32 to f16
    %y13 = arith.subf %x13, %mnew : f32
    %e13 = math.exp2 %y13 : f32
    %h13 = arith.truncf %e13 : f32 to f16
    %y14 = arith.subf %x14, %mnew : f32
    %e14 = math.exp2 %y14 : f32
    %h14 = arith.truncf %e14 : f32 to f16
    %y15 = arith.subf %x15, %mnew : f32
    %e15 = math.exp2 %y15 : f32
    %h15 = arith.truncf %e15 : f32 to f16
    %sum0 = arith.addf %ls, %e0 : f32
    %sum1 = arith.addf %sum0, %e1 : f32
    %sum2 = arith.addf %sum1, %e2 : f32
    %sum3 = arith.addf %sum2, %e3 : f32
    %sum4 = arith.addf %sum3, %e4 : f32
    %sum5 = arith.addf %sum4, %e5 : f32
    %sum6 = arith.addf %sum5, %e6 : f32
    %sum7 = arith.addf %sum6, %e7 : f32
    %sum8 = arith.addf %sum7, %e8 : f32
    %sum9 = arith.addf %sum8, %e9 : f32
    %sum10 = arith.addf %sum9, %e10 : f32
    %sum11 = arith.addf %sum10, %e11 : f32
    %sum12 = arith.addf %sum11, %e12 : f32
    %sum13 = arith.addf %sum12, %e13 : f32
    %sum14 = arith.addf %sum13, %e14 : f32
    %sum15 = arith.addf %sum14, %e15 : f32
    memref.store %al, %alpha[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %mnew, %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %sum15, %l[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %h0, %p[%tid, %cc0] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h1, %p[%tid, %cc1] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h2, %p[%tid, %cc2] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h3, %p[%tid, %cc3] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h4, %p[%tid, %cc4] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h5, %p[%tid, %cc5] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h6, %p[%tid, %cc6] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h7, %p[%tid, %cc7] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h8, %p[%tid, %cc8] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h9, %p[%tid, %cc9] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h10, %p[%tid, %cc10] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h11, %p[%tid, %cc11] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h12, %p[%tid, %cc12] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h13, %p[%tid, %cc13] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h14, %p[%tid, %cc14] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h15, %p[%tid, %cc15] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %scaleRows = gpu.subgroup_mma_load_matrix %alpha[%c0] {leadDimension = 0 : index, transpose} : memref<64xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %scaled = gpu.subgroup_mma_elementwise mulf %o, %scaleRows : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa0 = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 24 : index} : memref<64x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next0 = gpu.subgroup_mma_compute %pa0, %v, %scaled : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa1 = gpu.subgroup_mma_load_matrix %p[%row1, %c0] {leadDimension = 24 : index} : memref<64x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next1 = gpu.subgroup_mma_compute %pa1, %v, %next0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %next1 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// More invocations than rows (64 for 32: 2 subgroups of 16 rows): the phase
// runs under `if thread < rows`; on the fragments every subgroup takes part.
// CHECK-LABEL: func.func @guarded
// CHECK-NOT: scf.if %{{.*}} {
// CHECK: gpu.subgroup_mma_extract_thread_local
// CHECK-NOT: arith.cmpi ult
// CHECK: gpu.subgroup_mma_insert_thread_local
func.func @guarded(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cRows = arith.constant 32 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %cSpan = arith.constant 16 : index
  %row0 = arith.muli %sg, %cSpan : index
  %m = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %l = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %alpha = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %s = memref.alloc() : memref<32x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<32x24xf16, #spirv.storage_class<Workgroup>>
  %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%o = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %q, %k, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %inside = arith.cmpi ult, %tid, %cRows : index
    scf.if %inside {
      %cc0 = arith.constant 0 : index
      %s0 = memref.load %s[%tid, %cc0] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x0 = arith.mulf %s0, %scale : f32
      %cc1 = arith.constant 1 : index
      %s1 = memref.load %s[%tid, %cc1] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x1 = arith.mulf %s1, %scale : f32
      %cc2 = arith.constant 2 : index
      %s2 = memref.load %s[%tid, %cc2] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x2 = arith.mulf %s2, %scale : f32
      %cc3 = arith.constant 3 : index
      %s3 = memref.load %s[%tid, %cc3] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x3 = arith.mulf %s3, %scale : f32
      %cc4 = arith.constant 4 : index
      %s4 = memref.load %s[%tid, %cc4] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x4 = arith.mulf %s4, %scale : f32
      %cc5 = arith.constant 5 : index
      %s5 = memref.load %s[%tid, %cc5] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x5 = arith.mulf %s5, %scale : f32
      %cc6 = arith.constant 6 : index
      %s6 = memref.load %s[%tid, %cc6] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x6 = arith.mulf %s6, %scale : f32
      %cc7 = arith.constant 7 : index
      %s7 = memref.load %s[%tid, %cc7] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x7 = arith.mulf %s7, %scale : f32
      %cc8 = arith.constant 8 : index
      %s8 = memref.load %s[%tid, %cc8] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x8 = arith.mulf %s8, %scale : f32
      %cc9 = arith.constant 9 : index
      %s9 = memref.load %s[%tid, %cc9] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x9 = arith.mulf %s9, %scale : f32
      %cc10 = arith.constant 10 : index
      %s10 = memref.load %s[%tid, %cc10] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x10 = arith.mulf %s10, %scale : f32
      %cc11 = arith.constant 11 : index
      %s11 = memref.load %s[%tid, %cc11] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x11 = arith.mulf %s11, %scale : f32
      %cc12 = arith.constant 12 : index
      %s12 = memref.load %s[%tid, %cc12] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x12 = arith.mulf %s12, %scale : f32
      %cc13 = arith.constant 13 : index
      %s13 = memref.load %s[%tid, %cc13] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x13 = arith.mulf %s13, %scale : f32
      %cc14 = arith.constant 14 : index
      %s14 = memref.load %s[%tid, %cc14] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x14 = arith.mulf %s14, %scale : f32
      %cc15 = arith.constant 15 : index
      %s15 = memref.load %s[%tid, %cc15] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x15 = arith.mulf %s15, %scale : f32
      %mx1 = arith.maxnumf %x0, %x1 : f32
      %mx2 = arith.maxnumf %mx1, %x2 : f32
      %mx3 = arith.maxnumf %mx2, %x3 : f32
      %mx4 = arith.maxnumf %mx3, %x4 : f32
      %mx5 = arith.maxnumf %mx4, %x5 : f32
      %mx6 = arith.maxnumf %mx5, %x6 : f32
      %mx7 = arith.maxnumf %mx6, %x7 : f32
      %mx8 = arith.maxnumf %mx7, %x8 : f32
      %mx9 = arith.maxnumf %mx8, %x9 : f32
      %mx10 = arith.maxnumf %mx9, %x10 : f32
      %mx11 = arith.maxnumf %mx10, %x11 : f32
      %mx12 = arith.maxnumf %mx11, %x12 : f32
      %mx13 = arith.maxnumf %mx12, %x13 : f32
      %mx14 = arith.maxnumf %mx13, %x14 : f32
      %mx15 = arith.maxnumf %mx14, %x15 : f32
      %mold = memref.load %m[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      %lold = memref.load %l[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      %mnew = arith.maxnumf %mold, %mx15 : f32
      %d = arith.subf %mold, %mnew : f32
      %al = math.exp2 %d : f32
      %ls = arith.mulf %lold, %al : f32
      %y0 = arith.subf %x0, %mnew : f32
      %e0 = math.exp2 %y0 : f32
      %h0 = arith.truncf %e0 : f32 to f16
      %y1 = arith.subf %x1, %mnew : f32
      %e1 = math.exp2 %y1 : f32
      %h1 = arith.truncf %e1 : f32 to f16
      %y2 = arith.subf %x2, %mnew : f32
      %e2 = math.exp2 %y2 : f32
      %h2 = arith.truncf %e2 : f32 to f16
      %y3 = arith.subf %x3, %mnew : f32
      %e3 = math.exp2 %y3 : f32
      %h3 = arith.truncf %e3 : f32 to f16
      %y4 = arith.subf %x4, %mnew : f32
      %e4 = math.exp2 %y4 : f32
      %h4 = arith.truncf %e4 : f32 to f16
      %y5 = arith.subf %x5, %mnew : f32
      %e5 = math.exp2 %y5 : f32
      %h5 = arith.truncf %e5 : f32 to f16
      %y6 = arith.subf %x6, %mnew : f32
      %e6 = math.exp2 %y6 : f32
      %h6 = arith.truncf %e6 : f32 to f16
      %y7 = arith.subf %x7, %mnew : f32
      %e7 = math.exp2 %y7 : f32
      %h7 = arith.truncf %e7 : f32 to f16
      %y8 = arith.subf %x8, %mnew : f32
      %e8 = math.exp2 %y8 : f32
      %h8 = arith.truncf %e8 : f32 to f16
      %y9 = arith.subf %x9, %mnew : f32
      %e9 = math.exp2 %y9 : f32
      %h9 = arith.truncf %e9 : f32 to f16
      %y10 = arith.subf %x10, %mnew : f32
      %e10 = math.exp2 %y10 : f32
      %h10 = arith.truncf %e10 : f32 to f16
      %y11 = arith.subf %x11, %mnew : f32
      %e11 = math.exp2 %y11 : f32
      %h11 = arith.truncf %e11 : f32 to f16
      %y12 = arith.subf %x12, %mnew : f32
      %e12 = math.exp2 %y12 : f32
      %h12 = arith.truncf %e12 : f32 to f16
      %y13 = arith.subf %x13, %mnew : f32
      %e13 = math.exp2 %y13 : f32
      %h13 = arith.truncf %e13 : f32 to f16
      %y14 = arith.subf %x14, %mnew : f32
      %e14 = math.exp2 %y14 : f32
      %h14 = arith.truncf %e14 : f32 to f16
      %y15 = arith.subf %x15, %mnew : f32
      %e15 = math.exp2 %y15 : f32
      %h15 = arith.truncf %e15 : f32 to f16
      %sum0 = arith.addf %ls, %e0 : f32
      %sum1 = arith.addf %sum0, %e1 : f32
      %sum2 = arith.addf %sum1, %e2 : f32
      %sum3 = arith.addf %sum2, %e3 : f32
      %sum4 = arith.addf %sum3, %e4 : f32
      %sum5 = arith.addf %sum4, %e5 : f32
      %sum6 = arith.addf %sum5, %e6 : f32
      %sum7 = arith.addf %sum6, %e7 : f32
      %sum8 = arith.addf %sum7, %e8 : f32
      %sum9 = arith.addf %sum8, %e9 : f32
      %sum10 = arith.addf %sum9, %e10 : f32
      %sum11 = arith.addf %sum10, %e11 : f32
      %sum12 = arith.addf %sum11, %e12 : f32
      %sum13 = arith.addf %sum12, %e13 : f32
      %sum14 = arith.addf %sum13, %e14 : f32
      %sum15 = arith.addf %sum14, %e15 : f32
      memref.store %al, %alpha[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %mnew, %m[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %sum15, %l[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %h0, %p[%tid, %cc0] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h1, %p[%tid, %cc1] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h2, %p[%tid, %cc2] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h3, %p[%tid, %cc3] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h4, %p[%tid, %cc4] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h5, %p[%tid, %cc5] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h6, %p[%tid, %cc6] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h7, %p[%tid, %cc7] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h8, %p[%tid, %cc8] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h9, %p[%tid, %cc9] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h10, %p[%tid, %cc10] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h11, %p[%tid, %cc11] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h12, %p[%tid, %cc12] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h13, %p[%tid, %cc13] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h14, %p[%tid, %cc14] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h15, %p[%tid, %cc15] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %scaleRows = gpu.subgroup_mma_load_matrix %alpha[%row0] {leadDimension = 0 : index, transpose} : memref<32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %scaled = gpu.subgroup_mma_elementwise mulf %o, %scaleRows : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa0 = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 24 : index} : memref<32x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next0 = gpu.subgroup_mma_compute %pa0, %v, %scaled : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %next0 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// Column 5 is computed differently from the others: the phase stays.
// CHECK-LABEL: func.func @column_dependent
// CHECK-NOT: gpu.subgroup_mma_extract_thread_local
// CHECK: gpu.subgroup_mma_store_matrix
// CHECK: gpu.barrier
// CHECK: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x16xf32
func.func @column_dependent(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cRows = arith.constant 32 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %cSpan = arith.constant 16 : index
  %row0 = arith.muli %sg, %cSpan : index
  %m = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %l = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %alpha = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %s = memref.alloc() : memref<32x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<32x24xf16, #spirv.storage_class<Workgroup>>
  %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%o = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %q, %k, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %inside = arith.cmpi ult, %tid, %cRows : index
    scf.if %inside {
      %cc0 = arith.constant 0 : index
      %s0 = memref.load %s[%tid, %cc0] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x0 = arith.mulf %s0, %scale : f32
      %cc1 = arith.constant 1 : index
      %s1 = memref.load %s[%tid, %cc1] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x1 = arith.mulf %s1, %scale : f32
      %cc2 = arith.constant 2 : index
      %s2 = memref.load %s[%tid, %cc2] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x2 = arith.mulf %s2, %scale : f32
      %cc3 = arith.constant 3 : index
      %s3 = memref.load %s[%tid, %cc3] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x3 = arith.mulf %s3, %scale : f32
      %cc4 = arith.constant 4 : index
      %s4 = memref.load %s[%tid, %cc4] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x4 = arith.mulf %s4, %scale : f32
      %cc5 = arith.constant 5 : index
      %s5 = memref.load %s[%tid, %cc5] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x5 = arith.addf %s5, %scale : f32
      %cc6 = arith.constant 6 : index
      %s6 = memref.load %s[%tid, %cc6] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x6 = arith.mulf %s6, %scale : f32
      %cc7 = arith.constant 7 : index
      %s7 = memref.load %s[%tid, %cc7] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x7 = arith.mulf %s7, %scale : f32
      %cc8 = arith.constant 8 : index
      %s8 = memref.load %s[%tid, %cc8] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x8 = arith.mulf %s8, %scale : f32
      %cc9 = arith.constant 9 : index
      %s9 = memref.load %s[%tid, %cc9] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x9 = arith.mulf %s9, %scale : f32
      %cc10 = arith.constant 10 : index
      %s10 = memref.load %s[%tid, %cc10] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x10 = arith.mulf %s10, %scale : f32
      %cc11 = arith.constant 11 : index
      %s11 = memref.load %s[%tid, %cc11] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x11 = arith.mulf %s11, %scale : f32
      %cc12 = arith.constant 12 : index
      %s12 = memref.load %s[%tid, %cc12] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x12 = arith.mulf %s12, %scale : f32
      %cc13 = arith.constant 13 : index
      %s13 = memref.load %s[%tid, %cc13] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x13 = arith.mulf %s13, %scale : f32
      %cc14 = arith.constant 14 : index
      %s14 = memref.load %s[%tid, %cc14] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x14 = arith.mulf %s14, %scale : f32
      %cc15 = arith.constant 15 : index
      %s15 = memref.load %s[%tid, %cc15] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x15 = arith.mulf %s15, %scale : f32
      %mx1 = arith.maxnumf %x0, %x1 : f32
      %mx2 = arith.maxnumf %mx1, %x2 : f32
      %mx3 = arith.maxnumf %mx2, %x3 : f32
      %mx4 = arith.maxnumf %mx3, %x4 : f32
      %mx5 = arith.maxnumf %mx4, %x5 : f32
      %mx6 = arith.maxnumf %mx5, %x6 : f32
      %mx7 = arith.maxnumf %mx6, %x7 : f32
      %mx8 = arith.maxnumf %mx7, %x8 : f32
      %mx9 = arith.maxnumf %mx8, %x9 : f32
      %mx10 = arith.maxnumf %mx9, %x10 : f32
      %mx11 = arith.maxnumf %mx10, %x11 : f32
      %mx12 = arith.maxnumf %mx11, %x12 : f32
      %mx13 = arith.maxnumf %mx12, %x13 : f32
      %mx14 = arith.maxnumf %mx13, %x14 : f32
      %mx15 = arith.maxnumf %mx14, %x15 : f32
      %mold = memref.load %m[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      %lold = memref.load %l[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      %mnew = arith.maxnumf %mold, %mx15 : f32
      %d = arith.subf %mold, %mnew : f32
      %al = math.exp2 %d : f32
      %ls = arith.mulf %lold, %al : f32
      %y0 = arith.subf %x0, %mnew : f32
      %e0 = math.exp2 %y0 : f32
      %h0 = arith.truncf %e0 : f32 to f16
      %y1 = arith.subf %x1, %mnew : f32
      %e1 = math.exp2 %y1 : f32
      %h1 = arith.truncf %e1 : f32 to f16
      %y2 = arith.subf %x2, %mnew : f32
      %e2 = math.exp2 %y2 : f32
      %h2 = arith.truncf %e2 : f32 to f16
      %y3 = arith.subf %x3, %mnew : f32
      %e3 = math.exp2 %y3 : f32
      %h3 = arith.truncf %e3 : f32 to f16
      %y4 = arith.subf %x4, %mnew : f32
      %e4 = math.exp2 %y4 : f32
      %h4 = arith.truncf %e4 : f32 to f16
      %y5 = arith.subf %x5, %mnew : f32
      %e5 = math.exp2 %y5 : f32
      %h5 = arith.truncf %e5 : f32 to f16
      %y6 = arith.subf %x6, %mnew : f32
      %e6 = math.exp2 %y6 : f32
      %h6 = arith.truncf %e6 : f32 to f16
      %y7 = arith.subf %x7, %mnew : f32
      %e7 = math.exp2 %y7 : f32
      %h7 = arith.truncf %e7 : f32 to f16
      %y8 = arith.subf %x8, %mnew : f32
      %e8 = math.exp2 %y8 : f32
      %h8 = arith.truncf %e8 : f32 to f16
      %y9 = arith.subf %x9, %mnew : f32
      %e9 = math.exp2 %y9 : f32
      %h9 = arith.truncf %e9 : f32 to f16
      %y10 = arith.subf %x10, %mnew : f32
      %e10 = math.exp2 %y10 : f32
      %h10 = arith.truncf %e10 : f32 to f16
      %y11 = arith.subf %x11, %mnew : f32
      %e11 = math.exp2 %y11 : f32
      %h11 = arith.truncf %e11 : f32 to f16
      %y12 = arith.subf %x12, %mnew : f32
      %e12 = math.exp2 %y12 : f32
      %h12 = arith.truncf %e12 : f32 to f16
      %y13 = arith.subf %x13, %mnew : f32
      %e13 = math.exp2 %y13 : f32
      %h13 = arith.truncf %e13 : f32 to f16
      %y14 = arith.subf %x14, %mnew : f32
      %e14 = math.exp2 %y14 : f32
      %h14 = arith.truncf %e14 : f32 to f16
      %y15 = arith.subf %x15, %mnew : f32
      %e15 = math.exp2 %y15 : f32
      %h15 = arith.truncf %e15 : f32 to f16
      %sum0 = arith.addf %ls, %e0 : f32
      %sum1 = arith.addf %sum0, %e1 : f32
      %sum2 = arith.addf %sum1, %e2 : f32
      %sum3 = arith.addf %sum2, %e3 : f32
      %sum4 = arith.addf %sum3, %e4 : f32
      %sum5 = arith.addf %sum4, %e5 : f32
      %sum6 = arith.addf %sum5, %e6 : f32
      %sum7 = arith.addf %sum6, %e7 : f32
      %sum8 = arith.addf %sum7, %e8 : f32
      %sum9 = arith.addf %sum8, %e9 : f32
      %sum10 = arith.addf %sum9, %e10 : f32
      %sum11 = arith.addf %sum10, %e11 : f32
      %sum12 = arith.addf %sum11, %e12 : f32
      %sum13 = arith.addf %sum12, %e13 : f32
      %sum14 = arith.addf %sum13, %e14 : f32
      %sum15 = arith.addf %sum14, %e15 : f32
      memref.store %al, %alpha[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %mnew, %m[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %sum15, %l[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %h0, %p[%tid, %cc0] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h1, %p[%tid, %cc1] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h2, %p[%tid, %cc2] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h3, %p[%tid, %cc3] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h4, %p[%tid, %cc4] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h5, %p[%tid, %cc5] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h6, %p[%tid, %cc6] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h7, %p[%tid, %cc7] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h8, %p[%tid, %cc8] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h9, %p[%tid, %cc9] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h10, %p[%tid, %cc10] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h11, %p[%tid, %cc11] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h12, %p[%tid, %cc12] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h13, %p[%tid, %cc13] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h14, %p[%tid, %cc14] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h15, %p[%tid, %cc15] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %scaleRows = gpu.subgroup_mma_load_matrix %alpha[%row0] {leadDimension = 0 : index, transpose} : memref<32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %scaled = gpu.subgroup_mma_elementwise mulf %o, %scaleRows : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa0 = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 24 : index} : memref<32x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next0 = gpu.subgroup_mma_compute %pa0, %v, %scaled : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %next0 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// Every subgroup loads P's first 16 rows, which subgroup 0 computes: the
// phase stays.
// CHECK-LABEL: func.func @other_rows
// CHECK-NOT: gpu.subgroup_mma_extract_thread_local
// CHECK: gpu.subgroup_mma_store_matrix
func.func @other_rows(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cRows = arith.constant 32 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %cSpan = arith.constant 16 : index
  %row0 = arith.muli %sg, %cSpan : index
  %m = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %l = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %alpha = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %s = memref.alloc() : memref<32x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<32x24xf16, #spirv.storage_class<Workgroup>>
  %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%o = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %q, %k, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %inside = arith.cmpi ult, %tid, %cRows : index
    scf.if %inside {
      %cc0 = arith.constant 0 : index
      %s0 = memref.load %s[%tid, %cc0] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x0 = arith.mulf %s0, %scale : f32
      %cc1 = arith.constant 1 : index
      %s1 = memref.load %s[%tid, %cc1] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x1 = arith.mulf %s1, %scale : f32
      %cc2 = arith.constant 2 : index
      %s2 = memref.load %s[%tid, %cc2] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x2 = arith.mulf %s2, %scale : f32
      %cc3 = arith.constant 3 : index
      %s3 = memref.load %s[%tid, %cc3] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x3 = arith.mulf %s3, %scale : f32
      %cc4 = arith.constant 4 : index
      %s4 = memref.load %s[%tid, %cc4] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x4 = arith.mulf %s4, %scale : f32
      %cc5 = arith.constant 5 : index
      %s5 = memref.load %s[%tid, %cc5] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x5 = arith.mulf %s5, %scale : f32
      %cc6 = arith.constant 6 : index
      %s6 = memref.load %s[%tid, %cc6] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x6 = arith.mulf %s6, %scale : f32
      %cc7 = arith.constant 7 : index
      %s7 = memref.load %s[%tid, %cc7] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x7 = arith.mulf %s7, %scale : f32
      %cc8 = arith.constant 8 : index
      %s8 = memref.load %s[%tid, %cc8] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x8 = arith.mulf %s8, %scale : f32
      %cc9 = arith.constant 9 : index
      %s9 = memref.load %s[%tid, %cc9] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x9 = arith.mulf %s9, %scale : f32
      %cc10 = arith.constant 10 : index
      %s10 = memref.load %s[%tid, %cc10] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x10 = arith.mulf %s10, %scale : f32
      %cc11 = arith.constant 11 : index
      %s11 = memref.load %s[%tid, %cc11] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x11 = arith.mulf %s11, %scale : f32
      %cc12 = arith.constant 12 : index
      %s12 = memref.load %s[%tid, %cc12] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x12 = arith.mulf %s12, %scale : f32
      %cc13 = arith.constant 13 : index
      %s13 = memref.load %s[%tid, %cc13] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x13 = arith.mulf %s13, %scale : f32
      %cc14 = arith.constant 14 : index
      %s14 = memref.load %s[%tid, %cc14] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x14 = arith.mulf %s14, %scale : f32
      %cc15 = arith.constant 15 : index
      %s15 = memref.load %s[%tid, %cc15] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x15 = arith.mulf %s15, %scale : f32
      %mx1 = arith.maxnumf %x0, %x1 : f32
      %mx2 = arith.maxnumf %mx1, %x2 : f32
      %mx3 = arith.maxnumf %mx2, %x3 : f32
      %mx4 = arith.maxnumf %mx3, %x4 : f32
      %mx5 = arith.maxnumf %mx4, %x5 : f32
      %mx6 = arith.maxnumf %mx5, %x6 : f32
      %mx7 = arith.maxnumf %mx6, %x7 : f32
      %mx8 = arith.maxnumf %mx7, %x8 : f32
      %mx9 = arith.maxnumf %mx8, %x9 : f32
      %mx10 = arith.maxnumf %mx9, %x10 : f32
      %mx11 = arith.maxnumf %mx10, %x11 : f32
      %mx12 = arith.maxnumf %mx11, %x12 : f32
      %mx13 = arith.maxnumf %mx12, %x13 : f32
      %mx14 = arith.maxnumf %mx13, %x14 : f32
      %mx15 = arith.maxnumf %mx14, %x15 : f32
      %mold = memref.load %m[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      %lold = memref.load %l[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      %mnew = arith.maxnumf %mold, %mx15 : f32
      %d = arith.subf %mold, %mnew : f32
      %al = math.exp2 %d : f32
      %ls = arith.mulf %lold, %al : f32
      %y0 = arith.subf %x0, %mnew : f32
      %e0 = math.exp2 %y0 : f32
      %h0 = arith.truncf %e0 : f32 to f16
      %y1 = arith.subf %x1, %mnew : f32
      %e1 = math.exp2 %y1 : f32
      %h1 = arith.truncf %e1 : f32 to f16
      %y2 = arith.subf %x2, %mnew : f32
      %e2 = math.exp2 %y2 : f32
      %h2 = arith.truncf %e2 : f32 to f16
      %y3 = arith.subf %x3, %mnew : f32
      %e3 = math.exp2 %y3 : f32
      %h3 = arith.truncf %e3 : f32 to f16
      %y4 = arith.subf %x4, %mnew : f32
      %e4 = math.exp2 %y4 : f32
      %h4 = arith.truncf %e4 : f32 to f16
      %y5 = arith.subf %x5, %mnew : f32
      %e5 = math.exp2 %y5 : f32
      %h5 = arith.truncf %e5 : f32 to f16
      %y6 = arith.subf %x6, %mnew : f32
      %e6 = math.exp2 %y6 : f32
      %h6 = arith.truncf %e6 : f32 to f16
      %y7 = arith.subf %x7, %mnew : f32
      %e7 = math.exp2 %y7 : f32
      %h7 = arith.truncf %e7 : f32 to f16
      %y8 = arith.subf %x8, %mnew : f32
      %e8 = math.exp2 %y8 : f32
      %h8 = arith.truncf %e8 : f32 to f16
      %y9 = arith.subf %x9, %mnew : f32
      %e9 = math.exp2 %y9 : f32
      %h9 = arith.truncf %e9 : f32 to f16
      %y10 = arith.subf %x10, %mnew : f32
      %e10 = math.exp2 %y10 : f32
      %h10 = arith.truncf %e10 : f32 to f16
      %y11 = arith.subf %x11, %mnew : f32
      %e11 = math.exp2 %y11 : f32
      %h11 = arith.truncf %e11 : f32 to f16
      %y12 = arith.subf %x12, %mnew : f32
      %e12 = math.exp2 %y12 : f32
      %h12 = arith.truncf %e12 : f32 to f16
      %y13 = arith.subf %x13, %mnew : f32
      %e13 = math.exp2 %y13 : f32
      %h13 = arith.truncf %e13 : f32 to f16
      %y14 = arith.subf %x14, %mnew : f32
      %e14 = math.exp2 %y14 : f32
      %h14 = arith.truncf %e14 : f32 to f16
      %y15 = arith.subf %x15, %mnew : f32
      %e15 = math.exp2 %y15 : f32
      %h15 = arith.truncf %e15 : f32 to f16
      %sum0 = arith.addf %ls, %e0 : f32
      %sum1 = arith.addf %sum0, %e1 : f32
      %sum2 = arith.addf %sum1, %e2 : f32
      %sum3 = arith.addf %sum2, %e3 : f32
      %sum4 = arith.addf %sum3, %e4 : f32
      %sum5 = arith.addf %sum4, %e5 : f32
      %sum6 = arith.addf %sum5, %e6 : f32
      %sum7 = arith.addf %sum6, %e7 : f32
      %sum8 = arith.addf %sum7, %e8 : f32
      %sum9 = arith.addf %sum8, %e9 : f32
      %sum10 = arith.addf %sum9, %e10 : f32
      %sum11 = arith.addf %sum10, %e11 : f32
      %sum12 = arith.addf %sum11, %e12 : f32
      %sum13 = arith.addf %sum12, %e13 : f32
      %sum14 = arith.addf %sum13, %e14 : f32
      %sum15 = arith.addf %sum14, %e15 : f32
      memref.store %al, %alpha[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %mnew, %m[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %sum15, %l[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      memref.store %h0, %p[%tid, %cc0] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h1, %p[%tid, %cc1] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h2, %p[%tid, %cc2] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h3, %p[%tid, %cc3] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h4, %p[%tid, %cc4] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h5, %p[%tid, %cc5] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h6, %p[%tid, %cc6] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h7, %p[%tid, %cc7] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h8, %p[%tid, %cc8] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h9, %p[%tid, %cc9] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h10, %p[%tid, %cc10] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h11, %p[%tid, %cc11] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h12, %p[%tid, %cc12] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h13, %p[%tid, %cc13] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h14, %p[%tid, %cc14] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h15, %p[%tid, %cc15] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %scaleRows = gpu.subgroup_mma_load_matrix %alpha[%row0] {leadDimension = 0 : index, transpose} : memref<32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %scaled = gpu.subgroup_mma_elementwise mulf %o, %scaleRows : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa0 = gpu.subgroup_mma_load_matrix %p[%c0, %c0] {leadDimension = 24 : index} : memref<32x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next0 = gpu.subgroup_mma_compute %pa0, %v, %scaled : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %next0 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// Attention backward's dQ step: dS = exp2(S * scale - lse) * (dP - delta),
// two dot outputs stored with the same tiling and read-only per-row vectors,
// no reduction. Each component takes its element of both fragments; the
// barrier after dP's stores goes.

// CHECK-LABEL: func.func @two_scores
// CHECK:         scf.for
// CHECK:           %[[S:.*]] = gpu.subgroup_mma_compute %arg0, %arg1
// CHECK:           %[[DP:.*]] = gpu.subgroup_mma_compute %arg0, %arg2
// CHECK-NEXT:      gpu.barrier
// CHECK-NOT:       gpu.subgroup_mma_store_matrix
// CHECK:           %[[ES:.*]] = gpu.subgroup_mma_extract_thread_local %[[S]][%c0]
// CHECK-NEXT:      %[[EDP:.*]] = gpu.subgroup_mma_extract_thread_local %[[DP]][%c0]
// CHECK:           %[[LSE:.*]] = memref.load
// CHECK:           %[[DELTA:.*]] = memref.load
// CHECK:           %[[X:.*]] = arith.mulf %[[ES]], %arg3
// CHECK:           %[[Y:.*]] = arith.subf %[[X]], %[[LSE]]
// CHECK:           %[[E:.*]] = math.exp2 %[[Y]]
// CHECK:           %[[Z:.*]] = arith.subf %[[EDP]], %[[DELTA]]
// CHECK:           arith.mulf %[[E]], %[[Z]]
// CHECK-NOT:       scf.if
// CHECK:           gpu.subgroup_mma_insert_thread_local
// CHECK:           gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.subgroup_mma_compute
// CHECK:           gpu.barrier
// CHECK-NEXT:      scf.yield
func.func @two_scores(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cRows = arith.constant 32 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %cSpan = arith.constant 16 : index
  %row0 = arith.muli %sg, %cSpan : index
  %m = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %l = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %alpha = memref.alloc() : memref<32xf32, #spirv.storage_class<Workgroup>>
  %s = memref.alloc() : memref<32x16xf32, #spirv.storage_class<Workgroup>>
  %dpbuf = memref.alloc() : memref<32x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<32x24xf16, #spirv.storage_class<Workgroup>>
  %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%o = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %q, %k, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x16xf32, #spirv.storage_class<Workgroup>>
    %dpt = gpu.subgroup_mma_compute %q, %v, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    gpu.subgroup_mma_store_matrix %dpt, %dpbuf[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %inside = arith.cmpi ult, %tid, %cRows : index
    scf.if %inside {
      %lse = memref.load %m[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      %delta = memref.load %l[%tid] : memref<32xf32, #spirv.storage_class<Workgroup>>
      %cc0 = arith.constant 0 : index
      %s0 = memref.load %s[%tid, %cc0] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp0 = memref.load %dpbuf[%tid, %cc0] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x0 = arith.mulf %s0, %scale : f32
      %y0 = arith.subf %x0, %lse : f32
      %e0 = math.exp2 %y0 : f32
      %z0 = arith.subf %dp0, %delta : f32
      %ds0 = arith.mulf %e0, %z0 : f32
      %h0 = arith.truncf %ds0 : f32 to f16
      %cc1 = arith.constant 1 : index
      %s1 = memref.load %s[%tid, %cc1] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp1 = memref.load %dpbuf[%tid, %cc1] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x1 = arith.mulf %s1, %scale : f32
      %y1 = arith.subf %x1, %lse : f32
      %e1 = math.exp2 %y1 : f32
      %z1 = arith.subf %dp1, %delta : f32
      %ds1 = arith.mulf %e1, %z1 : f32
      %h1 = arith.truncf %ds1 : f32 to f16
      %cc2 = arith.constant 2 : index
      %s2 = memref.load %s[%tid, %cc2] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp2 = memref.load %dpbuf[%tid, %cc2] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x2 = arith.mulf %s2, %scale : f32
      %y2 = arith.subf %x2, %lse : f32
      %e2 = math.exp2 %y2 : f32
      %z2 = arith.subf %dp2, %delta : f32
      %ds2 = arith.mulf %e2, %z2 : f32
      %h2 = arith.truncf %ds2 : f32 to f16
      %cc3 = arith.constant 3 : index
      %s3 = memref.load %s[%tid, %cc3] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp3 = memref.load %dpbuf[%tid, %cc3] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x3 = arith.mulf %s3, %scale : f32
      %y3 = arith.subf %x3, %lse : f32
      %e3 = math.exp2 %y3 : f32
      %z3 = arith.subf %dp3, %delta : f32
      %ds3 = arith.mulf %e3, %z3 : f32
      %h3 = arith.truncf %ds3 : f32 to f16
      %cc4 = arith.constant 4 : index
      %s4 = memref.load %s[%tid, %cc4] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp4 = memref.load %dpbuf[%tid, %cc4] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x4 = arith.mulf %s4, %scale : f32
      %y4 = arith.subf %x4, %lse : f32
      %e4 = math.exp2 %y4 : f32
      %z4 = arith.subf %dp4, %delta : f32
      %ds4 = arith.mulf %e4, %z4 : f32
      %h4 = arith.truncf %ds4 : f32 to f16
      %cc5 = arith.constant 5 : index
      %s5 = memref.load %s[%tid, %cc5] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp5 = memref.load %dpbuf[%tid, %cc5] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x5 = arith.mulf %s5, %scale : f32
      %y5 = arith.subf %x5, %lse : f32
      %e5 = math.exp2 %y5 : f32
      %z5 = arith.subf %dp5, %delta : f32
      %ds5 = arith.mulf %e5, %z5 : f32
      %h5 = arith.truncf %ds5 : f32 to f16
      %cc6 = arith.constant 6 : index
      %s6 = memref.load %s[%tid, %cc6] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp6 = memref.load %dpbuf[%tid, %cc6] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x6 = arith.mulf %s6, %scale : f32
      %y6 = arith.subf %x6, %lse : f32
      %e6 = math.exp2 %y6 : f32
      %z6 = arith.subf %dp6, %delta : f32
      %ds6 = arith.mulf %e6, %z6 : f32
      %h6 = arith.truncf %ds6 : f32 to f16
      %cc7 = arith.constant 7 : index
      %s7 = memref.load %s[%tid, %cc7] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp7 = memref.load %dpbuf[%tid, %cc7] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x7 = arith.mulf %s7, %scale : f32
      %y7 = arith.subf %x7, %lse : f32
      %e7 = math.exp2 %y7 : f32
      %z7 = arith.subf %dp7, %delta : f32
      %ds7 = arith.mulf %e7, %z7 : f32
      %h7 = arith.truncf %ds7 : f32 to f16
      %cc8 = arith.constant 8 : index
      %s8 = memref.load %s[%tid, %cc8] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp8 = memref.load %dpbuf[%tid, %cc8] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x8 = arith.mulf %s8, %scale : f32
      %y8 = arith.subf %x8, %lse : f32
      %e8 = math.exp2 %y8 : f32
      %z8 = arith.subf %dp8, %delta : f32
      %ds8 = arith.mulf %e8, %z8 : f32
      %h8 = arith.truncf %ds8 : f32 to f16
      %cc9 = arith.constant 9 : index
      %s9 = memref.load %s[%tid, %cc9] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp9 = memref.load %dpbuf[%tid, %cc9] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x9 = arith.mulf %s9, %scale : f32
      %y9 = arith.subf %x9, %lse : f32
      %e9 = math.exp2 %y9 : f32
      %z9 = arith.subf %dp9, %delta : f32
      %ds9 = arith.mulf %e9, %z9 : f32
      %h9 = arith.truncf %ds9 : f32 to f16
      %cc10 = arith.constant 10 : index
      %s10 = memref.load %s[%tid, %cc10] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp10 = memref.load %dpbuf[%tid, %cc10] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x10 = arith.mulf %s10, %scale : f32
      %y10 = arith.subf %x10, %lse : f32
      %e10 = math.exp2 %y10 : f32
      %z10 = arith.subf %dp10, %delta : f32
      %ds10 = arith.mulf %e10, %z10 : f32
      %h10 = arith.truncf %ds10 : f32 to f16
      %cc11 = arith.constant 11 : index
      %s11 = memref.load %s[%tid, %cc11] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp11 = memref.load %dpbuf[%tid, %cc11] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x11 = arith.mulf %s11, %scale : f32
      %y11 = arith.subf %x11, %lse : f32
      %e11 = math.exp2 %y11 : f32
      %z11 = arith.subf %dp11, %delta : f32
      %ds11 = arith.mulf %e11, %z11 : f32
      %h11 = arith.truncf %ds11 : f32 to f16
      %cc12 = arith.constant 12 : index
      %s12 = memref.load %s[%tid, %cc12] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp12 = memref.load %dpbuf[%tid, %cc12] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x12 = arith.mulf %s12, %scale : f32
      %y12 = arith.subf %x12, %lse : f32
      %e12 = math.exp2 %y12 : f32
      %z12 = arith.subf %dp12, %delta : f32
      %ds12 = arith.mulf %e12, %z12 : f32
      %h12 = arith.truncf %ds12 : f32 to f16
      %cc13 = arith.constant 13 : index
      %s13 = memref.load %s[%tid, %cc13] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp13 = memref.load %dpbuf[%tid, %cc13] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x13 = arith.mulf %s13, %scale : f32
      %y13 = arith.subf %x13, %lse : f32
      %e13 = math.exp2 %y13 : f32
      %z13 = arith.subf %dp13, %delta : f32
      %ds13 = arith.mulf %e13, %z13 : f32
      %h13 = arith.truncf %ds13 : f32 to f16
      %cc14 = arith.constant 14 : index
      %s14 = memref.load %s[%tid, %cc14] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp14 = memref.load %dpbuf[%tid, %cc14] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x14 = arith.mulf %s14, %scale : f32
      %y14 = arith.subf %x14, %lse : f32
      %e14 = math.exp2 %y14 : f32
      %z14 = arith.subf %dp14, %delta : f32
      %ds14 = arith.mulf %e14, %z14 : f32
      %h14 = arith.truncf %ds14 : f32 to f16
      %cc15 = arith.constant 15 : index
      %s15 = memref.load %s[%tid, %cc15] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %dp15 = memref.load %dpbuf[%tid, %cc15] : memref<32x16xf32, #spirv.storage_class<Workgroup>>
      %x15 = arith.mulf %s15, %scale : f32
      %y15 = arith.subf %x15, %lse : f32
      %e15 = math.exp2 %y15 : f32
      %z15 = arith.subf %dp15, %delta : f32
      %ds15 = arith.mulf %e15, %z15 : f32
      %h15 = arith.truncf %ds15 : f32 to f16
      memref.store %h0, %p[%tid, %cc0] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h1, %p[%tid, %cc1] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h2, %p[%tid, %cc2] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h3, %p[%tid, %cc3] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h4, %p[%tid, %cc4] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h5, %p[%tid, %cc5] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h6, %p[%tid, %cc6] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h7, %p[%tid, %cc7] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h8, %p[%tid, %cc8] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h9, %p[%tid, %cc9] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h10, %p[%tid, %cc10] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h11, %p[%tid, %cc11] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h12, %p[%tid, %cc12] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h13, %p[%tid, %cc13] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h14, %p[%tid, %cc14] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
      memref.store %h15, %p[%tid, %cc15] : memref<32x24xf16, #spirv.storage_class<Workgroup>>
    }
    gpu.barrier
    %scaleRows = gpu.subgroup_mma_load_matrix %alpha[%row0] {leadDimension = 0 : index, transpose} : memref<32xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %scaled = gpu.subgroup_mma_elementwise mulf %o, %scaleRows : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa0 = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 24 : index} : memref<32x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next0 = gpu.subgroup_mma_compute %pa0, %v, %scaled : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    scf.yield %next0 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// Row 0 of the running max is read in the loop by every invocation: that
// buffer stays in workgroup memory; the sum is still carried.
// CARRY-LABEL: func.func @state_read_by_other_rows
// CARRY: scf.for {{.*}} -> (!gpu.mma_matrix<16x16xf32, "COp">, f32, f32, f32, f32)
// CARRY: memref.load %{{.*}} : memref<64xf32
// CARRY: scf.if
// CARRY-NEXT: memref.store
// CARRY: scf.yield
func.func @state_read_by_other_rows(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %cRows = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f32
  %tid = gpu.thread_id x
  %sg = gpu.subgroup_id : index
  %cSpan = arith.constant 32 : index
  %row0 = arith.muli %sg, %cSpan : index
  %row1 = arith.addi %row0, %c16 : index
  %out = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %m = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %l = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %alpha = memref.alloc() : memref<64xf32, #spirv.storage_class<Workgroup>>
  %s = memref.alloc() : memref<64x16xf32, #spirv.storage_class<Workgroup>>
  %p = memref.alloc() : memref<64x24xf16, #spirv.storage_class<Workgroup>>
  %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%o = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
    %st = gpu.subgroup_mma_compute %q, %k, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %st1 = gpu.subgroup_mma_compute %q, %v, %init : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %st, %s[%row0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x16xf32, #spirv.storage_class<Workgroup>>
    gpu.subgroup_mma_store_matrix %st1, %s[%row1, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x16xf32, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %cc0 = arith.constant 0 : index
    %s0 = memref.load %s[%tid, %cc0] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x0 = arith.mulf %s0, %scale : f32
    %cc1 = arith.constant 1 : index
    %s1 = memref.load %s[%tid, %cc1] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x1 = arith.mulf %s1, %scale : f32
    %cc2 = arith.constant 2 : index
    %s2 = memref.load %s[%tid, %cc2] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x2 = arith.mulf %s2, %scale : f32
    %cc3 = arith.constant 3 : index
    %s3 = memref.load %s[%tid, %cc3] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x3 = arith.mulf %s3, %scale : f32
    %cc4 = arith.constant 4 : index
    %s4 = memref.load %s[%tid, %cc4] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x4 = arith.mulf %s4, %scale : f32
    %cc5 = arith.constant 5 : index
    %s5 = memref.load %s[%tid, %cc5] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x5 = arith.mulf %s5, %scale : f32
    %cc6 = arith.constant 6 : index
    %s6 = memref.load %s[%tid, %cc6] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x6 = arith.mulf %s6, %scale : f32
    %cc7 = arith.constant 7 : index
    %s7 = memref.load %s[%tid, %cc7] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x7 = arith.mulf %s7, %scale : f32
    %cc8 = arith.constant 8 : index
    %s8 = memref.load %s[%tid, %cc8] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x8 = arith.mulf %s8, %scale : f32
    %cc9 = arith.constant 9 : index
    %s9 = memref.load %s[%tid, %cc9] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x9 = arith.mulf %s9, %scale : f32
    %cc10 = arith.constant 10 : index
    %s10 = memref.load %s[%tid, %cc10] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x10 = arith.mulf %s10, %scale : f32
    %cc11 = arith.constant 11 : index
    %s11 = memref.load %s[%tid, %cc11] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x11 = arith.mulf %s11, %scale : f32
    %cc12 = arith.constant 12 : index
    %s12 = memref.load %s[%tid, %cc12] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x12 = arith.mulf %s12, %scale : f32
    %cc13 = arith.constant 13 : index
    %s13 = memref.load %s[%tid, %cc13] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x13 = arith.mulf %s13, %scale : f32
    %cc14 = arith.constant 14 : index
    %s14 = memref.load %s[%tid, %cc14] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x14 = arith.mulf %s14, %scale : f32
    %cc15 = arith.constant 15 : index
    %s15 = memref.load %s[%tid, %cc15] : memref<64x16xf32, #spirv.storage_class<Workgroup>>
    %x15 = arith.mulf %s15, %scale : f32
    %mx1 = arith.maxnumf %x0, %x1 : f32
    %mx2 = arith.maxnumf %mx1, %x2 : f32
    %mx3 = arith.maxnumf %mx2, %x3 : f32
    %mx4 = arith.maxnumf %mx3, %x4 : f32
    %mx5 = arith.maxnumf %mx4, %x5 : f32
    %mx6 = arith.maxnumf %mx5, %x6 : f32
    %mx7 = arith.maxnumf %mx6, %x7 : f32
    %mx8 = arith.maxnumf %mx7, %x8 : f32
    %mx9 = arith.maxnumf %mx8, %x9 : f32
    %mx10 = arith.maxnumf %mx9, %x10 : f32
    %mx11 = arith.maxnumf %mx10, %x11 : f32
    %mx12 = arith.maxnumf %mx11, %x12 : f32
    %mx13 = arith.maxnumf %mx12, %x13 : f32
    %mx14 = arith.maxnumf %mx13, %x14 : f32
    %mx15 = arith.maxnumf %mx14, %x15 : f32
    %mold = memref.load %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    %lold = memref.load %l[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    %mnew = arith.maxnumf %mold, %mx15 : f32
    %d = arith.subf %mold, %mnew : f32
    %al = math.exp2 %d : f32
    %ls = arith.mulf %lold, %al : f32
    %y0 = arith.subf %x0, %mnew : f32
    %e0 = math.exp2 %y0 : f32
    %h0 = arith.truncf %e0 : f32 to f16
    %y1 = arith.subf %x1, %mnew : f32
    %e1 = math.exp2 %y1 : f32
    %h1 = arith.truncf %e1 : f32 to f16
    %y2 = arith.subf %x2, %mnew : f32
    %e2 = math.exp2 %y2 : f32
    %h2 = arith.truncf %e2 : f32 to f16
    %y3 = arith.subf %x3, %mnew : f32
    %e3 = math.exp2 %y3 : f32
    %h3 = arith.truncf %e3 : f32 to f16
    %y4 = arith.subf %x4, %mnew : f32
    %e4 = math.exp2 %y4 : f32
    %h4 = arith.truncf %e4 : f32 to f16
    %y5 = arith.subf %x5, %mnew : f32
    %e5 = math.exp2 %y5 : f32
    %h5 = arith.truncf %e5 : f32 to f16
    %y6 = arith.subf %x6, %mnew : f32
    %e6 = math.exp2 %y6 : f32
    %h6 = arith.truncf %e6 : f32 to f16
    %y7 = arith.subf %x7, %mnew : f32
    %e7 = math.exp2 %y7 : f32
    %h7 = arith.truncf %e7 : f32 to f16
    %y8 = arith.subf %x8, %mnew : f32
    %e8 = math.exp2 %y8 : f32
    %h8 = arith.truncf %e8 : f32 to f16
    %y9 = arith.subf %x9, %mnew : f32
    %e9 = math.exp2 %y9 : f32
    %h9 = arith.truncf %e9 : f32 to f16
    %y10 = arith.subf %x10, %mnew : f32
    %e10 = math.exp2 %y10 : f32
    %h10 = arith.truncf %e10 : f32 to f16
    %y11 = arith.subf %x11, %mnew : f32
    %e11 = math.exp2 %y11 : f32
    %h11 = arith.truncf %e11 : f32 to f16
    %y12 = arith.subf %x12, %mnew : f32
    %e12 = math.exp2 %y12 : f32
    %h12 = arith.truncf %e12 : f32 to f16
    %y13 = arith.subf %x13, %mnew : f32
    %e13 = math.exp2 %y13 : f32
    %h13 = arith.truncf %e13 : f32 to f16
    %y14 = arith.subf %x14, %mnew : f32
    %e14 = math.exp2 %y14 : f32
    %h14 = arith.truncf %e14 : f32 to f16
    %y15 = arith.subf %x15, %mnew : f32
    %e15 = math.exp2 %y15 : f32
    %h15 = arith.truncf %e15 : f32 to f16
    %sum0 = arith.addf %ls, %e0 : f32
    %sum1 = arith.addf %sum0, %e1 : f32
    %sum2 = arith.addf %sum1, %e2 : f32
    %sum3 = arith.addf %sum2, %e3 : f32
    %sum4 = arith.addf %sum3, %e4 : f32
    %sum5 = arith.addf %sum4, %e5 : f32
    %sum6 = arith.addf %sum5, %e6 : f32
    %sum7 = arith.addf %sum6, %e7 : f32
    %sum8 = arith.addf %sum7, %e8 : f32
    %sum9 = arith.addf %sum8, %e9 : f32
    %sum10 = arith.addf %sum9, %e10 : f32
    %sum11 = arith.addf %sum10, %e11 : f32
    %sum12 = arith.addf %sum11, %e12 : f32
    %sum13 = arith.addf %sum12, %e13 : f32
    %sum14 = arith.addf %sum13, %e14 : f32
    %sum15 = arith.addf %sum14, %e15 : f32
    memref.store %al, %alpha[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %mnew, %m[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %sum15, %l[%tid] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %h0, %p[%tid, %cc0] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h1, %p[%tid, %cc1] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h2, %p[%tid, %cc2] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h3, %p[%tid, %cc3] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h4, %p[%tid, %cc4] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h5, %p[%tid, %cc5] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h6, %p[%tid, %cc6] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h7, %p[%tid, %cc7] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h8, %p[%tid, %cc8] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h9, %p[%tid, %cc9] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h10, %p[%tid, %cc10] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h11, %p[%tid, %cc11] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h12, %p[%tid, %cc12] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h13, %p[%tid, %cc13] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h14, %p[%tid, %cc14] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    memref.store %h15, %p[%tid, %cc15] : memref<64x24xf16, #spirv.storage_class<Workgroup>>
    gpu.barrier
    %scaleRows = gpu.subgroup_mma_load_matrix %alpha[%row0] {leadDimension = 0 : index, transpose} : memref<64xf32, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %scaled = gpu.subgroup_mma_elementwise mulf %o, %scaleRows : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa0 = gpu.subgroup_mma_load_matrix %p[%row0, %c0] {leadDimension = 24 : index} : memref<64x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next0 = gpu.subgroup_mma_compute %pa0, %v, %scaled : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %pa1 = gpu.subgroup_mma_load_matrix %p[%row1, %c0] {leadDimension = 24 : index} : memref<64x24xf16, #spirv.storage_class<Workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %next1 = gpu.subgroup_mma_compute %pa1, %v, %next0 : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.barrier
    %peek = memref.load %m[%c0] : memref<64xf32, #spirv.storage_class<Workgroup>>
    memref.store %peek, %out[%c0] : memref<64xf32, #spirv.storage_class<Workgroup>>
    scf.yield %next1 : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}
