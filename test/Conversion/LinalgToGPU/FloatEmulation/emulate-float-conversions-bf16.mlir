// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(emulate-float-conversions))' | FileCheck %s

// bf16 becomes f32 in SPIR-V on devices without bf16, where an i16 <-> bf16
// bitcast has no meaning: ops that only move bf16 values move their bits,
// vectors (vectorized runs, tl.where) included.
// CHECK-LABEL: func.func @select_bf16_vector(
// CHECK-SAME:    %[[C:.*]]: vector<4xi1>, %[[A:.*]]: vector<4xi16>, %[[B:.*]]: vector<4xi16>
// CHECK:         %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : vector<4xi1>, vector<4xi16>
// CHECK:         return %[[S]]
func.func @select_bf16_vector(%c: vector<4xi1>, %a: vector<4xi16>, %b: vector<4xi16>) -> vector<4xi16> {
  %x = arith.bitcast %a : vector<4xi16> to vector<4xbf16>
  %y = arith.bitcast %b : vector<4xi16> to vector<4xbf16>
  %s = arith.select %c, %x, %y : vector<4xi1>, vector<4xbf16>
  %r = arith.bitcast %s : vector<4xbf16> to vector<4xi16>
  return %r : vector<4xi16>
}

// -----

// A broadcast scalar, vector elements and subgroup shuffles (reductions) of
// bf16 move i16; the bf16 values left feed conversions only.
// CHECK-LABEL: func.func @moves_bf16(
// CHECK-SAME:    %[[A:.*]]: i16, %[[V:.*]]: vector<4xi16>, %[[OFF:.*]]: i32, %[[W:.*]]: i32
// CHECK:         %[[SPLAT:.*]] = vector.broadcast %[[A]] : i16 to vector<4xi16>
// CHECK:         %[[SB:.*]] = arith.bitcast %[[SPLAT]] : vector<4xi16> to vector<4xbf16>
// CHECK:         arith.extf %[[SB]] : vector<4xbf16> to vector<4xf32>
// CHECK:         %[[E:.*]] = vector.extract %[[V]][2] : i16 from vector<4xi16>
// CHECK:         %[[SH:.*]], %{{.*}} = gpu.shuffle down %[[A]], %[[OFF]], %[[W]] : i16
// CHECK:         %[[SHB:.*]] = arith.bitcast %[[SH]] : i16 to bf16
// CHECK:         arith.extf %[[SHB]] : bf16 to f32
// CHECK:         %[[PAIR:.*]] = vector.from_elements %[[A]], %[[E]] : vector<2xi16>
// CHECK:         return {{.*}}, %[[E]], {{.*}}, %[[PAIR]]
func.func @moves_bf16(%a: i16, %v: vector<4xi16>, %offset: i32, %width: i32) -> (vector<4xf32>, i16, f32, vector<2xi16>) {
  %x = arith.bitcast %a : i16 to bf16
  %splat = vector.broadcast %x : bf16 to vector<4xbf16>
  %wide = arith.extf %splat : vector<4xbf16> to vector<4xf32>
  %w = arith.bitcast %v : vector<4xi16> to vector<4xbf16>
  %e = vector.extract %w[2] : bf16 from vector<4xbf16>
  %eb = arith.bitcast %e : bf16 to i16
  %shuffled, %valid = gpu.shuffle down %x, %offset, %width : bf16
  %sw = arith.extf %shuffled : bf16 to f32
  %pair = vector.from_elements %x, %e : vector<2xbf16>
  %pb = arith.bitcast %pair : vector<2xbf16> to vector<2xi16>
  return %wide, %eb, %sw, %pb : vector<4xf32>, i16, f32, vector<2xi16>
}

// -----

// The same for fp8, which has no SPIR-V type at all.
// CHECK-LABEL: func.func @select_fp8_vector(
// CHECK-SAME:    %[[C:.*]]: vector<4xi1>, %[[A:.*]]: vector<4xi8>, %[[B:.*]]: vector<4xi8>
// CHECK:         %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : vector<4xi1>, vector<4xi8>
// CHECK:         return %[[S]]
func.func @select_fp8_vector(%c: vector<4xi1>, %a: vector<4xi8>, %b: vector<4xi8>) -> vector<4xi8> {
  %x = arith.bitcast %a : vector<4xi8> to vector<4xf8E4M3FN>
  %y = arith.bitcast %b : vector<4xi8> to vector<4xf8E4M3FN>
  %s = arith.select %c, %x, %y : vector<4xi1>, vector<4xf8E4M3FN>
  %r = arith.bitcast %s : vector<4xf8E4M3FN> to vector<4xi8>
  return %r : vector<4xi8>
}

// -----

// f64 -> bf16 (which arith-expand's bf16 expansion does not take) rounds
// once: to f32 rounded to odd (the nearest f32 where exact; otherwise the
// neighbour toward zero with its last bit set), then f32 -> bf16 to nearest
// even. The nearest f32 is widened back by integer code to tell.
// CHECK-LABEL: func.func @f64_to_bf16(
// CHECK-SAME:    %[[D:.*]]: f64, %[[V:.*]]: vector<2xf64>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK:         %[[NEAREST:.*]] = arith.truncf %[[D]] : f64 to f32
// CHECK:         %[[BACK:.*]] = arith.bitcast %{{.*}} : i64 to f64
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[NEAREST]] : f32 to i32
// CHECK:         %[[ABSD:.*]] = math.absf %[[D]] : f64
// CHECK:         %[[ABSB:.*]] = math.absf %[[BACK]] : f64
// CHECK:         %[[AWAY:.*]] = arith.cmpf ogt, %[[ABSB]], %[[ABSD]] : f64
// CHECK:         %[[LESS:.*]] = arith.subi %[[BITS]], %[[ONE]] : i32
// CHECK:         %[[TZ:.*]] = arith.select %[[AWAY]], %[[LESS]], %[[BITS]] : i32
// CHECK:         %[[INEXACT:.*]] = arith.cmpf une, %[[BACK]], %[[D]] : f64
// CHECK:         %[[ODD:.*]] = arith.ori %[[TZ]], %[[ONE]] : i32
// CHECK:         %[[R:.*]] = arith.select %[[INEXACT]], %[[ODD]], %[[BITS]] : i32
// CHECK:         %[[F:.*]] = arith.bitcast %[[R]] : i32 to f32
// CHECK:         %[[B:.*]] = arith.truncf %[[F]] : f32 to bf16
// CHECK:         arith.truncf %[[V]] : vector<2xf64> to vector<2xf32>
// CHECK:         %[[VB:.*]] = arith.truncf %{{.*}} : vector<2xf32> to vector<2xbf16>
// CHECK:         return %[[B]], %[[VB]]
// CHECK-NOT:     f64 to bf16
func.func @f64_to_bf16(%d: f64, %v: vector<2xf64>) -> (bf16, vector<2xbf16>) {
  %b = arith.truncf %d : f64 to bf16
  %w = arith.truncf %v : vector<2xf64> to vector<2xbf16>
  return %b, %w : bf16, vector<2xbf16>
}

// -----

// Toward zero: the nearest bf16 (as above) stepped one ulp where it is
// larger in magnitude, compared in f64 after widening through f32.
// CHECK-LABEL: func.func @f64_to_bf16_toward_zero(
// CHECK:         %[[B:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK:         %[[W:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK:         arith.extf %[[W]] : f32 to f64
// CHECK:         arith.cmpf ogt
// CHECK-NOT:     f64 to bf16
// CHECK-NOT:     bf16 to f64
func.func @f64_to_bf16_toward_zero(%d: f64) -> bf16 {
  %b = arith.truncf %d toward_zero : f64 to bf16
  return %b : bf16
}

// -----

// bf16 -> f64 widens through f32 (both exact).
// CHECK-LABEL: func.func @bf16_to_f64(
// CHECK-SAME:    %[[X:.*]]: bf16
// CHECK:         %[[S:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK:         %[[D:.*]] = arith.extf %[[S]] : f32 to f64
// CHECK:         return %[[D]]
func.func @bf16_to_f64(%x: bf16) -> f64 {
  %d = arith.extf %x : bf16 to f64
  return %d : f64
}
