// RUN: triton-spirv-opt %s --split-input-file --fragment-row-phases=num-threads=64 --cse | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --fragment-row-phases="num-threads=64 carry-state-register-limit=255" --cse | FileCheck %s --check-prefix=CARRY

// split-loops-at-mask-bounds runs a masked key loop in two copies (mask-free
// up to the last whole block, masked after), one per branch of an scf.if,
// and both copies share S's and P's workgroup buffers. Uses of a buffer in
// the other branch never run with the phase, so each copy's row phase moves
// onto the fragments: S is no longer stored, P no longer loaded, in either.
// With the state carried: each copy loads it in front of its loop and
// stores it after.
// CARRY-LABEL: func.func @versioned_loops
// CARRY: scf.if
// CARRY-COUNT-8: memref.load %{{.*}} : memref<64xf32
// CARRY: scf.for {{.*}} -> (!gpu.mma_matrix<16x16xf32, "COp">, f32, f32, f32, f32, f32, f32, f32, f32)
// CARRY-NOT: memref.load %{{.*}} : memref<64xf32
// CARRY: scf.yield
// CARRY-NEXT: }
// CARRY-NEXT: scf.if
// CARRY-COUNT-4: memref.store
// CARRY: } else {
// CARRY-COUNT-8: memref.load %{{.*}} : memref<64xf32
// CARRY: scf.for {{.*}} -> (!gpu.mma_matrix<16x16xf32, "COp">, f32, f32, f32, f32, f32, f32, f32, f32)
// CARRY-NOT: memref.load %{{.*}} : memref<64xf32
// CARRY: scf.yield
// CARRY-NEXT: }
// CARRY-NEXT: scf.if
// CARRY-COUNT-4: memref.store
// CHECK-LABEL: func.func @versioned_loops
// CHECK-NOT: memref<64x16xf32
// CHECK: scf.if
// CHECK: scf.for
// CHECK-NOT: gpu.subgroup_mma_store_matrix
// CHECK: gpu.shuffle xor
// CHECK: %[[P_THEN:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7]
// CHECK-NOT: gpu.subgroup_mma_load_matrix %{{.*}} : memref<64x24xf16
// CHECK: gpu.subgroup_mma_compute %[[P_THEN]], %arg2
// CHECK: } else {
// CHECK: scf.for
// CHECK-NOT: gpu.subgroup_mma_store_matrix
// CHECK: gpu.shuffle xor
// CHECK: %[[P_ELSE:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7]
// CHECK-NOT: gpu.subgroup_mma_load_matrix %{{.*}} : memref<64x24xf16
// CHECK: gpu.subgroup_mma_compute %[[P_ELSE]], %arg2
// CHECK-NOT: memref<64x24xf16
func.func @versioned_loops(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index, %whole: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
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
  %out = scf.if %whole -> (!gpu.mma_matrix<16x16xf32, "COp">) {
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
    scf.yield %acc : !gpu.mma_matrix<16x16xf32, "COp">
  } else {
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
    scf.yield %acc : !gpu.mma_matrix<16x16xf32, "COp">
  }
  return
}

// -----

// The same two copies inside an outer loop: one iteration may take each
// branch, so a use in the other branch is not ruled out and the phases stay
// on workgroup memory.
// CHECK-LABEL: func.func @branches_inside_loop
// CHECK: memref.alloc() : memref<64x16xf32
// CHECK: gpu.subgroup_mma_store_matrix
// CHECK: gpu.subgroup_mma_load_matrix %{{.*}} : memref<64x24xf16
func.func @branches_inside_loop(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index, %whole: i1, %outer: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
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
  scf.for %j = %c0 to %outer step %c1 {
    %out = scf.if %whole -> (!gpu.mma_matrix<16x16xf32, "COp">) {
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
      scf.yield %acc : !gpu.mma_matrix<16x16xf32, "COp">
    } else {
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
      scf.yield %acc : !gpu.mma_matrix<16x16xf32, "COp">
    }
  }
  return
}

// -----

// Causal attention's two key loops, one after the other, sharing S's and P's
// buffers (bufferization gave both phases one allocation). Each loop writes
// them before reading them, so neither reads what the other's phase kept in
// registers: both phases move onto the fragments.
// With the state carried, the second loop starts from the first's results:
// nothing is stored between the loops or loaded again, and the quads' first
// invocations store the state once, after the second.
// CARRY-LABEL: func.func @sequential_loops
// CARRY-COUNT-8: memref.load %{{.*}} : memref<64xf32
// CARRY: %[[FIRST:.*]]:9 = scf.for
// CARRY-NOT: memref.load %{{.*}} : memref<64xf32
// CARRY-NOT: memref.store %{{.*}} : memref<64xf32
// CARRY: scf.for {{.*}} iter_args(%{{.*}} = %[[FIRST]]#0, %{{.*}} = %[[FIRST]]#1, %{{.*}} = %[[FIRST]]#2, %{{.*}} = %[[FIRST]]#3, %{{.*}} = %[[FIRST]]#4, %{{.*}} = %[[FIRST]]#5, %{{.*}} = %[[FIRST]]#6, %{{.*}} = %[[FIRST]]#7, %{{.*}} = %[[FIRST]]#8)
// CARRY-NOT: memref.load %{{.*}} : memref<64xf32
// CARRY: scf.yield
// CARRY-NEXT: }
// CARRY-NEXT: scf.if
// CARRY-COUNT-4: memref.store
// CARRY: scf.if
// CARRY-COUNT-4: memref.store
// CARRY-NEXT: }
// CARRY-NEXT: return
// CHECK-LABEL: func.func @sequential_loops
// CHECK-NOT: memref<64x16xf32
// CHECK: scf.for
// CHECK-NOT: gpu.subgroup_mma_store_matrix
// CHECK: gpu.shuffle xor
// CHECK: %[[P_FIRST:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7]
// CHECK-NOT: gpu.subgroup_mma_load_matrix %{{.*}} : memref<64x24xf16
// CHECK: gpu.subgroup_mma_compute %[[P_FIRST]], %arg2
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK-NOT: gpu.subgroup_mma_store_matrix
// CHECK: gpu.shuffle xor
// CHECK: %[[P_SECOND:.*]] = gpu.subgroup_mma_insert_thread_local %{{.*}}[%c7]
// CHECK-NOT: gpu.subgroup_mma_load_matrix %{{.*}} : memref<64x24xf16
// CHECK: gpu.subgroup_mma_compute %[[P_SECOND]], %arg2
// CHECK-NOT: memref<64x24xf16
func.func @sequential_loops(%q: !gpu.mma_matrix<16x16xf16, "AOp">, %k: !gpu.mma_matrix<16x16xf16, "BOp">, %v: !gpu.mma_matrix<16x16xf16, "BOp">, %scale: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
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
  gpu.barrier
  %acc2 = scf.for %i = %c0 to %n step %c1 iter_args(%o = %acc) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
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
