// RUN: triton-spirv-opt %s | triton-spirv-opt | FileCheck %s
//
// Every tt op in its custom printed form (identical to what triton 3.6.0
// prints for the same input); the second triton-spirv-opt checks the printed
// form parses back.

module {
  // CHECK-LABEL: tt.func private @decl(i32, !tt.ptr<f16>) -> f32
  tt.func private @decl(i32, !tt.ptr<f16>) -> f32
  // CHECK-LABEL: tt.func private @helper(%arg0: f32 {tt.divisibility = 16 : i32}) -> (f32, i32) attributes {noinline = true} {
  // CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
  // CHECK-NEXT: tt.return %arg0, %c1_i32 : f32, i32
  // CHECK-NEXT: }
  tt.func private @helper(%x: f32 {tt.divisibility = 16 : i32}) -> (f32, i32) attributes {noinline = true} {
    %c = arith.constant 1 : i32
    tt.return %x, %c : f32, i32
  }
  // CHECK-LABEL: tt.func public @casts(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32, 3>, %arg2: tensor<16xi64>, %arg3: tensor<16xf32>, %arg4: tensor<16xf16>) {
  // CHECK-NEXT: %0 = tt.int_to_ptr %arg2 : tensor<16xi64> -> tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: %1 = tt.ptr_to_int %arg0 : !tt.ptr<f32> -> i64
  // CHECK-NEXT: %2 = tt.bitcast %arg3 : tensor<16xf32> -> tensor<16xi32>
  // CHECK-NEXT: %3 = tt.bitcast %arg0 : !tt.ptr<f32> -> !tt.ptr<i32>
  // CHECK-NEXT: %4 = tt.bitcast %arg1 : !tt.ptr<f32, 3> -> !tt.ptr<i32, 3>
  // CHECK-NEXT: %5 = tt.fp_to_fp %arg3, rounding = rtne : tensor<16xf32> -> tensor<16xf8E5M2>
  // CHECK-NEXT: %6 = tt.fp_to_fp %arg3, rounding = rtz : tensor<16xf32> -> tensor<16xbf16>
  // CHECK-NEXT: %7 = tt.fp_to_fp %5 : tensor<16xf8E5M2> -> tensor<16xf32>
  // CHECK-NEXT: %8 = tt.fp_to_fp %arg4, rounding = rtne : tensor<16xf16> -> tensor<16xf8E4M3FN>
  // CHECK-NEXT: %9 = tt.fp_to_fp %arg4 : tensor<16xf16> -> tensor<16xbf16>
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @casts(%p: !tt.ptr<f32>, %ps: !tt.ptr<f32, 3>, %i: tensor<16xi64>, %f: tensor<16xf32>, %h: tensor<16xf16>) {
    %0 = tt.int_to_ptr %i : tensor<16xi64> -> tensor<16x!tt.ptr<f32>>
    %1 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
    %2 = tt.bitcast %f : tensor<16xf32> -> tensor<16xi32>
    %3 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
    %4 = tt.bitcast %ps : !tt.ptr<f32, 3> -> !tt.ptr<i32, 3>
    %5 = tt.fp_to_fp %f, rounding = rtne : tensor<16xf32> -> tensor<16xf8E5M2>
    %6 = tt.fp_to_fp %f, rounding = rtz : tensor<16xf32> -> tensor<16xbf16>
    %7 = tt.fp_to_fp %5 : tensor<16xf8E5M2> -> tensor<16xf32>
    %8 = tt.fp_to_fp %h, rounding = rtne : tensor<16xf16> -> tensor<16xf8E4M3FN>
    %9 = tt.fp_to_fp %h : tensor<16xf16> -> tensor<16xbf16>
    tt.return
  }
  // CHECK-LABEL: tt.func public @arith(%arg0: tensor<16xf32>, %arg1: f32, %arg2: tensor<16xi32>) {
  // CHECK-NEXT: %0 = tt.clampf %arg0, %arg0, %arg0, propagateNan = all : tensor<16xf32>
  // CHECK-NEXT: %1 = tt.clampf %arg1, %arg1, %arg1, propagateNan = none : f32
  // CHECK-NEXT: %2 = tt.precise_sqrt %arg0 : tensor<16xf32>
  // CHECK-NEXT: %3 = tt.precise_divf %arg0, %arg0 : tensor<16xf32>
  // CHECK-NEXT: %4 = tt.mulhiui %arg2, %arg2 : tensor<16xi32>
  // CHECK-NEXT: %5 = tt.extern_elementwise %arg0, %arg0 {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK-NEXT: %6 = tt.extern_elementwise %arg1 {libname = "libdevice", libpath = "/x.bc", pure = false, symbol = "__nv_isinff"} : (f32) -> i32
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @arith(%f: tensor<16xf32>, %s: f32, %i: tensor<16xi32>) {
    %0 = tt.clampf %f, %f, %f, propagateNan = all : tensor<16xf32>
    %1 = tt.clampf %s, %s, %s, propagateNan = none : f32
    %2 = tt.precise_sqrt %f : tensor<16xf32>
    %3 = tt.precise_divf %f, %f : tensor<16xf32>
    %4 = tt.mulhiui %i, %i : tensor<16xi32>
    %5 = tt.extern_elementwise %f, %f {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %6 = tt.extern_elementwise %s {libname = "libdevice", libpath = "/x.bc", pure = false, symbol = "__nv_isinff"} : (f32) -> i32
    tt.return
  }
  // CHECK-LABEL: tt.func public @memory(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16, 3>, %arg2: tensor<16xi32>, %arg3: tensor<16xi1>, %arg4: tensor<16xf32>) {
  // CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
  // CHECK-NEXT: %c4_i64 = arith.constant 4 : i64
  // CHECK-NEXT: %0 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: %1 = tt.addptr %0, %arg2 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // CHECK-NEXT: %2 = tt.addptr %arg0, %c4_i32 : !tt.ptr<f32>, i32
  // CHECK-NEXT: %3 = tt.addptr %arg1, %c4_i64 : !tt.ptr<f16, 3>, i64
  // CHECK-NEXT: %4 = tt.load %1 : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: %5 = tt.load %1, %arg3 : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: %6 = tt.load %1, %arg3, %arg4 cacheModifier = cg evictionPolicy = evict_first : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: %7 = tt.load %1 cacheModifier = ca evictionPolicy = evict_last {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: %8 = tt.load %2 cacheModifier = cv : !tt.ptr<f32>
  // CHECK-NEXT: %9 = tt.load %3 : !tt.ptr<f16, 3>
  // CHECK-NEXT: tt.store %1, %arg4 : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: tt.store %1, %arg4, %arg3 cacheModifier = wt evictionPolicy = evict_first : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: tt.store %1, %arg4 cacheModifier = cs : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: tt.store %1, %arg4 evictionPolicy = evict_last : tensor<16x!tt.ptr<f32>>
  // CHECK-NEXT: tt.store %3, %9 : !tt.ptr<f16, 3>
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @memory(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %ps: !tt.ptr<f16, 3>, %o: tensor<16xi32>, %m: tensor<16xi1>, %v: tensor<16xf32>) {
    %c4 = arith.constant 4 : i32
    %c4_i64 = arith.constant 4 : i64
    %0 = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %1 = tt.addptr %0, %o : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %2 = tt.addptr %p, %c4 : !tt.ptr<f32>, i32
    %3 = tt.addptr %ps, %c4_i64 : !tt.ptr<f16, 3>, i64
    %4 = tt.load %1 : tensor<16x!tt.ptr<f32>>
    %5 = tt.load %1, %m : tensor<16x!tt.ptr<f32>>
    %6 = tt.load %1, %m, %v cacheModifier = cg evictionPolicy = evict_first : tensor<16x!tt.ptr<f32>>
    %7 = tt.load %1 evictionPolicy = evict_last cacheModifier = ca {isVolatile = true} : tensor<16x!tt.ptr<f32>>
    %8 = tt.load %2 cacheModifier = cv : !tt.ptr<f32>
    %9 = tt.load %3 : !tt.ptr<f16, 3>
    tt.store %1, %v : tensor<16x!tt.ptr<f32>>
    tt.store %1, %v, %m cacheModifier = wt evictionPolicy = evict_first : tensor<16x!tt.ptr<f32>>
    tt.store %1, %v cacheModifier = cs : tensor<16x!tt.ptr<f32>>
    tt.store %1, %v evictionPolicy = evict_last : tensor<16x!tt.ptr<f32>>
    tt.store %3, %9 : !tt.ptr<f16, 3>
    tt.return
  }
  // CHECK-LABEL: tt.func public @atomics(%arg0: tensor<16x!tt.ptr<f32>>, %arg1: tensor<16xf32>, %arg2: tensor<16xi1>, %arg3: !tt.ptr<i32>, %arg4: i32, %arg5: i1) {
  // CHECK-NEXT: %0 = tt.atomic_rmw fadd, acq_rel, gpu, %arg0, %arg1, %arg2 : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
  // CHECK-NEXT: %1 = tt.atomic_rmw exch, relaxed, sys, %arg0, %arg1 : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK-NEXT: %2 = tt.atomic_rmw add, acquire, cta, %arg3, %arg4, %arg5 : (!tt.ptr<i32>, i32, i1) -> i32
  // CHECK-NEXT: %3 = tt.atomic_rmw and, release, gpu, %arg3, %arg4 : (!tt.ptr<i32>, i32) -> i32
  // CHECK-NEXT: %4 = tt.atomic_rmw or, acq_rel, gpu, %arg3, %arg4 : (!tt.ptr<i32>, i32) -> i32
  // CHECK-NEXT: %5 = tt.atomic_rmw xor, acq_rel, gpu, %arg3, %arg4 : (!tt.ptr<i32>, i32) -> i32
  // CHECK-NEXT: %6 = tt.atomic_rmw max, acq_rel, gpu, %arg3, %arg4 : (!tt.ptr<i32>, i32) -> i32
  // CHECK-NEXT: %7 = tt.atomic_rmw min, acq_rel, gpu, %arg3, %arg4 : (!tt.ptr<i32>, i32) -> i32
  // CHECK-NEXT: %8 = tt.atomic_rmw umax, acq_rel, gpu, %arg3, %arg4 : (!tt.ptr<i32>, i32) -> i32
  // CHECK-NEXT: %9 = tt.atomic_rmw umin, acq_rel, gpu, %arg3, %arg4 : (!tt.ptr<i32>, i32) -> i32
  // CHECK-NEXT: %10 = tt.atomic_cas acq_rel, gpu, %arg3, %arg4, %arg4 : (!tt.ptr<i32>, i32, i32) -> i32
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @atomics(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>, %m: tensor<16xi1>, %ip: !tt.ptr<i32>, %i: i32, %t: i1) {
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>, tensor<16xi1>) -> tensor<16xf32>
    %1 = tt.atomic_rmw exch, relaxed, sys, %p, %v : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>) -> tensor<16xf32>
    %2 = tt.atomic_rmw add, acquire, cta, %ip, %i, %t : (!tt.ptr<i32>, i32, i1) -> i32
    %3 = tt.atomic_rmw and, release, gpu, %ip, %i : (!tt.ptr<i32>, i32) -> i32
    %4 = tt.atomic_rmw or, acq_rel, gpu, %ip, %i : (!tt.ptr<i32>, i32) -> i32
    %5 = tt.atomic_rmw xor, acq_rel, gpu, %ip, %i : (!tt.ptr<i32>, i32) -> i32
    %6 = tt.atomic_rmw max, acq_rel, gpu, %ip, %i : (!tt.ptr<i32>, i32) -> i32
    %7 = tt.atomic_rmw min, acq_rel, gpu, %ip, %i : (!tt.ptr<i32>, i32) -> i32
    %8 = tt.atomic_rmw umax, acq_rel, gpu, %ip, %i : (!tt.ptr<i32>, i32) -> i32
    %9 = tt.atomic_rmw umin, acq_rel, gpu, %ip, %i : (!tt.ptr<i32>, i32) -> i32
    %10 = tt.atomic_cas acq_rel, gpu, %ip, %i, %i : (!tt.ptr<i32>, i32, i32) -> i32
    tt.return
  }
  // CHECK-LABEL: tt.func public @shapes(%arg0: f32, %arg1: tensor<16xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<1x1xf32>) {
  // CHECK-NEXT: %0 = tt.splat %arg0 : f32 -> tensor<4x8xf32>
  // CHECK-NEXT: %1 = tt.unsplat %arg3 : tensor<1x1xf32>
  // CHECK-NEXT: %2 = tt.expand_dims %arg1 {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  // CHECK-NEXT: %3 = tt.broadcast %2 : tensor<16x1xf32> -> tensor<16x8xf32>
  // CHECK-NEXT: %4 = tt.reshape %arg2 : tensor<4x8xf32> -> tensor<32xf32>
  // CHECK-NEXT: %5 = tt.reshape %arg2 allow_reorder : tensor<4x8xf32> -> tensor<8x4xf32>
  // CHECK-NEXT: %6 = tt.reshape %arg2 allow_reorder efficient_layout : tensor<4x8xf32> -> tensor<2x16xf32>
  // CHECK-NEXT: %7 = tt.cat %arg1, %arg1 : tensor<16xf32> -> tensor<32xf32>
  // CHECK-NEXT: %8 = tt.join %arg2, %arg2 : tensor<4x8xf32> -> tensor<4x8x2xf32>
  // CHECK-NEXT: %outLHS, %outRHS = tt.split %8 : tensor<4x8x2xf32> -> tensor<4x8xf32>
  // CHECK-NEXT: %9 = tt.trans %8 {order = array<i32: 2, 0, 1>} : tensor<4x8x2xf32> -> tensor<2x4x8xf32>
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @shapes(%s: f32, %x: tensor<16xf32>, %y: tensor<4x8xf32>, %one: tensor<1x1xf32>) {
    %0 = tt.splat %s : f32 -> tensor<4x8xf32>
    %1 = tt.unsplat %one : tensor<1x1xf32>
    %2 = tt.expand_dims %x {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
    %3 = tt.broadcast %2 : tensor<16x1xf32> -> tensor<16x8xf32>
    %4 = tt.reshape %y : tensor<4x8xf32> -> tensor<32xf32>
    %5 = tt.reshape %y allow_reorder : tensor<4x8xf32> -> tensor<8x4xf32>
    %6 = tt.reshape %y allow_reorder efficient_layout : tensor<4x8xf32> -> tensor<2x16xf32>
    %7 = tt.cat %x, %x : tensor<16xf32> -> tensor<32xf32>
    %8 = tt.join %y, %y : tensor<4x8xf32> -> tensor<4x8x2xf32>
    %outLHS, %outRHS = tt.split %8 : tensor<4x8x2xf32> -> tensor<4x8xf32>
    %9 = tt.trans %8 {order = array<i32: 2, 0, 1>} : tensor<4x8x2xf32> -> tensor<2x4x8xf32>
    tt.return
  }
  // CHECK-LABEL: tt.func public @spmd() -> i32 {
  // CHECK-NEXT: %0 = tt.get_program_id x : i32
  // CHECK-NEXT: %1 = tt.get_program_id y : i32
  // CHECK-NEXT: %2 = tt.get_program_id z : i32
  // CHECK-NEXT: %3 = tt.get_num_programs x : i32
  // CHECK-NEXT: %4 = tt.get_num_programs z : i32
  // CHECK-NEXT: %5 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  // CHECK-NEXT: %6 = tt.make_range {end = 2 : i32, start = -2 : i32} : tensor<4xi32>
  // CHECK-NEXT: tt.return %0 : i32
  // CHECK-NEXT: }
  tt.func public @spmd() -> i32 {
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = tt.get_program_id z : i32
    %3 = tt.get_num_programs x : i32
    %4 = tt.get_num_programs z : i32
    %5 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %6 = tt.make_range {end = 2 : i32, start = -2 : i32} : tensor<4xi32>
    tt.return %0 : i32
  }
  // CHECK-LABEL: tt.func public @dots(%arg0: tensor<32x16xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<32x32xf32>, %arg3: tensor<32x16xf16>, %arg4: tensor<16x32xf16>, %arg5: tensor<32x16xi8>, %arg6: tensor<16x32xi8>, %arg7: tensor<32x32xi32>, %arg8: tensor<2x32x16xf32>, %arg9: tensor<2x16x32xf32>, %arg10: tensor<2x32x32xf32>) {
  // CHECK-NEXT: %0 = tt.dot %arg0, %arg1, %arg2 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  // CHECK-NEXT: %1 = tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  // CHECK-NEXT: %2 = tt.dot %arg0, %arg1, %arg2, inputPrecision = tf32x3 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  // CHECK-NEXT: %3 = tt.dot %arg0, %arg1, %arg2, inputPrecision = bf16x3 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  // CHECK-NEXT: %4 = tt.dot %arg0, %arg1, %arg2, inputPrecision = bf16x6 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  // CHECK-NEXT: %5 = tt.dot %arg0, %arg1, %arg2 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
  // CHECK-NEXT: %6 = tt.dot %arg3, %arg4, %arg2, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  // CHECK-NEXT: %7 = tt.dot %arg5, %arg6, %arg7 : tensor<32x16xi8> * tensor<16x32xi8> -> tensor<32x32xi32>
  // CHECK-NEXT: %8 = tt.dot %arg8, %arg9, %arg10 : tensor<2x32x16xf32> * tensor<2x16x32xf32> -> tensor<2x32x32xf32>
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @dots(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>, %c: tensor<32x32xf32>, %ah: tensor<32x16xf16>, %bh: tensor<16x32xf16>, %ai: tensor<32x16xi8>, %bi: tensor<16x32xi8>, %ci: tensor<32x32xi32>, %a3: tensor<2x32x16xf32>, %b3: tensor<2x16x32xf32>, %c3: tensor<2x32x32xf32>) {
    %0 = tt.dot %a, %b, %c : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
    %1 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
    %2 = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
    %3 = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
    %4 = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
    %5 = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
    %6 = tt.dot %ah, %bh, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
    %7 = tt.dot %ai, %bi, %ci : tensor<32x16xi8> * tensor<16x32xi8> -> tensor<32x32xi32>
    %8 = tt.dot %a3, %b3, %c3 : tensor<2x32x16xf32> * tensor<2x16x32xf32> -> tensor<2x32x32xf32>
    tt.return
  }
  // CHECK-LABEL: tt.func public @dot_scaled(%arg0: tensor<32x64xf8E5M2>, %arg1: tensor<32x2xi8>, %arg2: tensor<32x32xi8>, %arg3: tensor<32x2xi8>, %arg4: tensor<32x32xf32>, %arg5: tensor<32x64xbf16>, %arg6: tensor<64x32xf8E5M2>, %arg7: tensor<64x32xf32>, %arg8: tensor<32x64xi8>) {
  // CHECK-NEXT: %0 = tt.dot_scaled %arg0 scale %arg1, %arg2 scale %arg3, %arg4 lhs = e5m2 rhs = e2m1 {fastMath = false} : tensor<32x64xf8E5M2>, tensor<32x2xi8> * tensor<32x32xi8>, tensor<32x2xi8> -> tensor<32x32xf32>
  // CHECK-NEXT: %1 = tt.dot_scaled %arg5, %arg6 scale %arg3, %arg4 lhs = bf16 rhs = e5m2 {fastMath = true} : tensor<32x64xbf16> * tensor<64x32xf8E5M2>, tensor<32x2xi8> -> tensor<32x32xf32>
  // CHECK-NEXT: %2 = tt.dot_scaled %arg8, %arg6, %arg7 lhs = e2m1 rhs = e5m2 {fastMath = false, lhs_k_pack = false} : tensor<32x64xi8> * tensor<64x32xf8E5M2> -> tensor<64x32xf32>
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @dot_scaled(%a: tensor<32x64xf8E5M2>, %as: tensor<32x2xi8>, %b: tensor<32x32xi8>, %bs: tensor<32x2xi8>, %c: tensor<32x32xf32>, %abf: tensor<32x64xbf16>, %b8: tensor<64x32xf8E5M2>, %c64: tensor<64x32xf32>, %a4: tensor<32x64xi8>) {
    %0 = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e5m2 rhs = e2m1 {fastMath = false} : tensor<32x64xf8E5M2>, tensor<32x2xi8> * tensor<32x32xi8>, tensor<32x2xi8> -> tensor<32x32xf32>
    %1 = tt.dot_scaled %abf, %b8 scale %bs, %c lhs = bf16 rhs = e5m2 {fastMath = true} : tensor<32x64xbf16> * tensor<64x32xf8E5M2>, tensor<32x2xi8> -> tensor<32x32xf32>
    %2 = tt.dot_scaled %a4, %b8, %c64 lhs = e2m1 rhs = e5m2 {fastMath = false, lhs_k_pack = false} : tensor<32x64xi8> * tensor<64x32xf8E5M2> -> tensor<64x32xf32>
    tt.return
  }
  // CHECK-LABEL: tt.func public @regions(%arg0: tensor<16x8xf32>, %arg1: tensor<16x8xi32>) {
  // CHECK-NEXT: %0 = "tt.reduce"(%arg0) <{axis = 1 : i32}> ({
  // CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32):
  // CHECK-NEXT: %5 = arith.addf %arg2, %arg3 : f32
  // CHECK-NEXT: tt.reduce.return %5 : f32
  // CHECK-NEXT: }) : (tensor<16x8xf32>) -> tensor<16xf32>
  // CHECK-NEXT: %1:2 = "tt.reduce"(%arg0, %arg1) <{axis = 0 : i32}> ({
  // CHECK-NEXT: ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
  // CHECK-NEXT: %5 = arith.cmpf ogt, %arg2, %arg4 : f32
  // CHECK-NEXT: %6 = arith.select %5, %arg2, %arg4 : f32
  // CHECK-NEXT: %7 = arith.select %5, %arg3, %arg5 : i32
  // CHECK-NEXT: tt.reduce.return %6, %7 : f32, i32
  // CHECK-NEXT: }) : (tensor<16x8xf32>, tensor<16x8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  // CHECK-NEXT: %2 = "tt.reduce"(%0) <{axis = 0 : i32}> ({
  // CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32):
  // CHECK-NEXT: %5 = arith.maxnumf %arg2, %arg3 : f32
  // CHECK-NEXT: tt.reduce.return %5 : f32
  // CHECK-NEXT: }) : (tensor<16xf32>) -> f32
  // CHECK-NEXT: %3 = "tt.scan"(%arg0) <{axis = 1 : i32, reverse = true}> ({
  // CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32):
  // CHECK-NEXT: %5 = arith.addf %arg2, %arg3 : f32
  // CHECK-NEXT: tt.scan.return %5 : f32
  // CHECK-NEXT: }) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  // CHECK-NEXT: %4:2 = "tt.map_elementwise"(%arg0, %arg1) <{pack = 2 : i32}> ({
  // CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32, %arg4: i32, %arg5: i32):
  // CHECK-NEXT: %5 = arith.sitofp %arg4 : i32 to f32
  // CHECK-NEXT: %6 = arith.sitofp %arg5 : i32 to f32
  // CHECK-NEXT: %7 = arith.addf %arg2, %5 : f32
  // CHECK-NEXT: %8 = arith.addf %arg3, %6 : f32
  // CHECK-NEXT: tt.map_elementwise.return %7, %8, %arg4, %arg5 : f32, f32, i32, i32
  // CHECK-NEXT: }) : (tensor<16x8xf32>, tensor<16x8xi32>) -> (tensor<16x8xf32>, tensor<16x8xi32>)
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @regions(%x: tensor<16x8xf32>, %i: tensor<16x8xi32>) {
    %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<16x8xf32>) -> tensor<16xf32>
    %1:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
      %gt = arith.cmpf ogt, %a, %b : f32
      %v = arith.select %gt, %a, %b : f32
      %vi = arith.select %gt, %ai, %bi : i32
      tt.reduce.return %v, %vi : f32, i32
    }) : (tensor<16x8xf32>, tensor<16x8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
    %r = "tt.reduce"(%0) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<16xf32>) -> f32
    %2 = "tt.scan"(%x) <{axis = 1 : i32, reverse = true}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.scan.return %s : f32
    }) : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %3:2 = "tt.map_elementwise"(%x, %i) <{pack = 2 : i32}> ({
    ^bb0(%a0: f32, %a1: f32, %b0: i32, %b1: i32):
      %c0 = arith.sitofp %b0 : i32 to f32
      %c1 = arith.sitofp %b1 : i32 to f32
      %d0 = arith.addf %a0, %c0 : f32
      %d1 = arith.addf %a1, %c1 : f32
      tt.map_elementwise.return %d0, %d1, %b0, %b1 : f32, f32, i32, i32
    }) : (tensor<16x8xf32>, tensor<16x8xi32>) -> (tensor<16x8xf32>, tensor<16x8xi32>)
    tt.return
  }
  // CHECK-LABEL: tt.func public @misc(%arg0: tensor<16xi32>, %arg1: tensor<16xi1>, %arg2: tensor<16x8xf32>, %arg3: tensor<16x8xi32>, %arg4: i32, %arg5: i1) {
  // CHECK-NEXT: %0 = tt.elementwise_inline_asm "shl.b32 $0, $1, 1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %arg0 : tensor<16xi32> -> tensor<16xi32>
  // CHECK-NEXT: %1:2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $3;" {constraints = "=r,=r,r,r", packed_element = 4 : i32, pure = false} %arg0, %arg0 : tensor<16xi32>, tensor<16xi32> -> tensor<16xi32>, tensor<16xi32>
  // CHECK-NEXT: %2 = tt.histogram %arg0 : tensor<16xi32> -> tensor<8xi32>
  // CHECK-NEXT: %3 = tt.histogram %arg0, %arg1 : tensor<16xi32> -> tensor<8xi32>
  // CHECK-NEXT: %4 = tt.gather %arg2[%arg3] {axis = 1 : i32} : (tensor<16x8xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
  // CHECK-NEXT: %5 = tt.gather %arg2[%arg3] {axis = 0 : i32, efficient_layout} : (tensor<16x8xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
  // CHECK-NEXT: tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %arg0 : tensor<16xi32>
  // CHECK-NEXT: tt.print " s, f: " {hex = true, isSigned = array<i32: 0, 0>} : %arg4, %arg2 : i32, tensor<16x8xf32>
  // CHECK-NEXT: tt.print "done" {hex = false, isSigned = array<i32>}
  // CHECK-NEXT: tt.assert %arg1, "mask failed" : tensor<16xi1>
  // CHECK-NEXT: tt.assert %arg5, "scalar failed" : i1
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @misc(%x: tensor<16xi32>, %m: tensor<16xi1>, %f: tensor<16x8xf32>, %idx: tensor<16x8xi32>, %s: i32, %c: i1) {
    %0 = tt.elementwise_inline_asm "shl.b32 $0, $1, 1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xi32> -> tensor<16xi32>
    %1:2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $3;" {constraints = "=r,=r,r,r", packed_element = 4 : i32, pure = false} %x, %x : tensor<16xi32>, tensor<16xi32> -> tensor<16xi32>, tensor<16xi32>
    %2 = tt.histogram %x : tensor<16xi32> -> tensor<8xi32>
    %3 = tt.histogram %x, %m : tensor<16xi32> -> tensor<8xi32>
    %4 = tt.gather %f[%idx] {axis = 1 : i32} : (tensor<16x8xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
    %5 = tt.gather %f[%idx] {axis = 0 : i32, efficient_layout} : (tensor<16x8xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<16xi32>
    tt.print " s, f: " {hex = true, isSigned = array<i32: 0, 0>} : %s, %f : i32, tensor<16x8xf32>
    tt.print "done" {hex = false, isSigned = array<i32>}
    tt.assert %m, "mask failed" : tensor<16xi1>
    tt.assert %c, "scalar failed" : i1
    tt.return
  }
  // CHECK-LABEL: tt.func public @block_ptrs(%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i32) {
  // CHECK-NEXT: %c1_i64 = arith.constant 1 : i64
  // CHECK-NEXT: %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg1, %c1_i64], [%arg2, %arg2] {order = array<i32: 1, 0>} : <tensor<32x64xf32>>
  // CHECK-NEXT: %1 = tt.advance %0, [%arg2, %arg2] : <tensor<32x64xf32>>
  // CHECK-NEXT: %2 = tt.load %1 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x64xf32>>
  // CHECK-NEXT: %3 = tt.load %1 cacheModifier = cg {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<32x64xf32>>
  // CHECK-NEXT: tt.store %1, %2 {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<32x64xf32>>
  // CHECK-NEXT: tt.store %0, %3 : !tt.ptr<tensor<32x64xf32>>
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @block_ptrs(%p: !tt.ptr<f32>, %n: i64, %o: i32) {
    %c1 = arith.constant 1 : i64
    %0 = tt.make_tensor_ptr %p, [%n, %n], [%n, %c1], [%o, %o] {order = array<i32: 1, 0>} : <tensor<32x64xf32>>
    %1 = tt.advance %0, [%o, %o] : <tensor<32x64xf32>>
    %2 = tt.load %1 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x64xf32>>
    %3 = tt.load %1 cacheModifier = cg {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<32x64xf32>>
    tt.store %1, %2 {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<32x64xf32>>
    tt.store %0, %3 : !tt.ptr<tensor<32x64xf32>>
    tt.return
  }
  // CHECK-LABEL: tt.func public @descriptors(%arg0: !tt.ptr<f16>, %arg1: !tt.tensordesc<tensor<64x32xf16>>, %arg2: i32, %arg3: i64, %arg4: i32, %arg5: tensor<16xi32>, %arg6: !tt.ptr<i32>) {
  // CHECK-NEXT: %c1_i64 = arith.constant 1 : i64
  // CHECK-NEXT: %0 = tt.make_tensor_descriptor %arg0, [%arg2, %arg2], [%arg3, %c1_i64] : <f16>, <tensor<64x32xf16>>
  // CHECK-NEXT: %1 = tt.make_tensor_descriptor %arg0, [%arg2, %arg2], [%arg3, %c1_i64] {padding = 2 : i32} : <f16>, <tensor<1x64xf16>>
  // CHECK-NEXT: %2 = tt.descriptor_load %0[%arg4, %arg4] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  // CHECK-NEXT: %3 = tt.descriptor_load %arg1[%arg4, %arg4] cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  // CHECK-NEXT: %4 = tt.descriptor_load %1[%arg4, %arg4] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<64xf16>
  // CHECK-NEXT: tt.descriptor_store %0[%arg4, %arg4], %2 : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  // CHECK-NEXT: tt.descriptor_reduce add, %0[%arg4, %arg4], %3 : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  // CHECK-NEXT: %5 = tt.descriptor_gather %1[%arg5, %arg4] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<16xi32>, i32) -> tensor<16x64xf16>
  // CHECK-NEXT: tt.descriptor_scatter %1[%arg5, %arg4], %5 : !tt.tensordesc<tensor<1x64xf16>>, tensor<16xi32>, i32, tensor<16x64xf16>
  // CHECK-NEXT: %6 = tt.make_tensor_descriptor %arg6, [%arg2, %arg2], [%arg3, %c1_i64] : <i32>, <tensor<16x32xsi32>>
  // CHECK-NEXT: %7 = tt.descriptor_load %6[%arg4, %arg4] : !tt.tensordesc<tensor<16x32xsi32>> -> tensor<16x32xi32>
  // CHECK-NEXT: tt.descriptor_reduce min, %6[%arg4, %arg4], %7 : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
  // CHECK-NEXT: tt.descriptor_reduce xor, %6[%arg4, %arg4], %7 : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
  // CHECK-NEXT: tt.return
  // CHECK-NEXT: }
  tt.func public @descriptors(%p: !tt.ptr<f16>, %d: !tt.tensordesc<tensor<64x32xf16>>, %n: i32, %st: i64, %o: i32, %xo: tensor<16xi32>, %ip: !tt.ptr<i32>) {
    %c1 = arith.constant 1 : i64
    %0 = tt.make_tensor_descriptor %p, [%n, %n], [%st, %c1] : <f16>, <tensor<64x32xf16>>
    %1 = tt.make_tensor_descriptor %p, [%n, %n], [%st, %c1] {padding = 2 : i32} : <f16>, <tensor<1x64xf16>>
    %2 = tt.descriptor_load %0[%o, %o] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
    %3 = tt.descriptor_load %d[%o, %o] cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
    %4 = tt.descriptor_load %1[%o, %o] : !tt.tensordesc<tensor<1x64xf16>> -> tensor<64xf16>
    tt.descriptor_store %0[%o, %o], %2 : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
    tt.descriptor_reduce add, %0[%o, %o], %3 : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
    %5 = tt.descriptor_gather %1[%xo, %o] : (!tt.tensordesc<tensor<1x64xf16>>, tensor<16xi32>, i32) -> tensor<16x64xf16>
    tt.descriptor_scatter %1[%xo, %o], %5 : !tt.tensordesc<tensor<1x64xf16>>, tensor<16xi32>, i32, tensor<16x64xf16>
    %6 = tt.make_tensor_descriptor %ip, [%n, %n], [%st, %c1] : <i32>, <tensor<16x32xsi32>>
    %7 = tt.descriptor_load %6[%o, %o] : !tt.tensordesc<tensor<16x32xsi32>> -> tensor<16x32xi32>
    tt.descriptor_reduce min, %6[%o, %o], %7 : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
    tt.descriptor_reduce xor, %6[%o, %o], %7 : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
    tt.return
  }
  // CHECK-LABEL: tt.func public @calls(%arg0: f32, %arg1: !tt.ptr<f16>, %arg2: i32) -> f32 {
  // CHECK-NEXT: %0:2 = tt.call @helper(%arg0) : (f32) -> (f32, i32)
  // CHECK-NEXT: %1 = tt.call @decl(%arg2, %arg1) : (i32, !tt.ptr<f16>) -> f32
  // CHECK-NEXT: tt.return %1 : f32
  // CHECK-NEXT: }
  tt.func public @calls(%x: f32, %p: !tt.ptr<f16>, %i: i32) -> f32 {
    %0:2 = tt.call @helper(%x) : (f32) -> (f32, i32)
    %1 = tt.call @decl(%i, %p) : (i32, !tt.ptr<f16>) -> f32
    tt.return %1 : f32
  }
}
