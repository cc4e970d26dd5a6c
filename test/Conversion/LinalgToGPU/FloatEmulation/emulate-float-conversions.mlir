// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(emulate-float-conversions))' | FileCheck %s

// fp8 memory becomes i8; f32 -> e4m3fn rounds to nearest even on the bits
// (subnormals through roundeven), saturates at 448 (magnitude 0x7e = 126)
// and keeps NaN (0x7f); the masked load travels as i8 through scf.if and
// widens exactly (subnormals scaled by 2^-9) before the f16 truncation.
// CHECK-LABEL: func.func @round_trip(
// CHECK-SAME:    %[[IN:.*]]: memref<?xf32>, %[[FP8:.*]]: memref<?xi8>, %[[OUT:.*]]: memref<?xf16>
// CHECK-DAG:     %[[C126:.*]] = arith.constant 126 : i32
// CHECK-DAG:     %[[C127:.*]] = arith.constant 127 : i32
// CHECK-DAG:     %[[SUBSCALE:.*]] = arith.constant 0.001953125 : f32
// CHECK:         %[[X:.*]] = memref.load %[[IN]]
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK:         math.roundeven
// CHECK:         %[[SAT:.*]] = arith.minui %{{.*}}, %[[C126]] : i32
// CHECK:         %[[NAN:.*]] = arith.select %{{.*}}, %[[C127]], %[[SAT]] : i32
// CHECK:         %[[BYTE:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK:         memref.store %[[BYTE]], %[[FP8]][%{{.*}}] : memref<?xi8>
// CHECK:         %[[V:.*]] = scf.if %{{.*}} -> (i8) {
// CHECK:           memref.load %[[FP8]][%{{.*}}] : memref<?xi8>
// CHECK:         %[[WORD:.*]] = arith.extui %[[V]] : i8 to i32
// CHECK:         arith.mulf %{{.*}}, %[[SUBSCALE]] : f32
// CHECK:         %[[WIDE:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK:         %[[H:.*]] = arith.truncf %[[WIDE]] : f32 to f16
// CHECK:         memref.store %[[H]], %[[OUT]]
// CHECK-NOT:     f8E4M3FN
func.func @round_trip(%in: memref<?xf32>, %fp8: memref<?xf8E4M3FN>, %out: memref<?xf16>, %i: index, %m: i1) {
  %x = memref.load %in[%i] : memref<?xf32>
  %e = arith.truncf %x : f32 to f8E4M3FN
  memref.store %e, %fp8[%i] : memref<?xf8E4M3FN>
  %zero = arith.constant 0.0 : f8E4M3FN
  %v = scf.if %m -> (f8E4M3FN) {
    %l = memref.load %fp8[%i] : memref<?xf8E4M3FN>
    scf.yield %l : f8E4M3FN
  } else {
    scf.yield %zero : f8E4M3FN
  }
  %w = arith.extf %v : f8E4M3FN to f16
  memref.store %w, %out[%i] : memref<?xf16>
  return
}

// -----

// e5m2 toward zero drops the low 21 bits without rounding; infinity stays
// infinite (0x7c = 124) while finite overflow saturates at 57344 (0x7b).
// CHECK-LABEL: func.func @e5m2_toward_zero(
// CHECK-DAG:     %[[C123:.*]] = arith.constant 123 : i32
// CHECK-DAG:     %[[C124:.*]] = arith.constant 124 : i32
// CHECK-DAG:     %[[C21:.*]] = arith.constant 21 : i32
// CHECK-DAG:     %[[NOSIGN:.*]] = arith.constant 2147483647 : i32
// CHECK:         %[[H:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:         %[[ABS:.*]] = arith.andi %{{.*}}, %[[NOSIGN]] : i32
// CHECK:         arith.shrui %[[ABS]], %[[C21]] : i32
// CHECK-NOT:     math.roundeven
// CHECK:         arith.minui %{{.*}}, %[[C123]] : i32
// CHECK:         arith.select %{{.*}}, %[[C124]], %{{.*}} : i32
// CHECK:         arith.trunci %{{.*}} : i32 to i8
func.func @e5m2_toward_zero(%in: memref<?xf16>, %out: memref<?xf8E5M2>, %i: index) {
  %x = memref.load %in[%i] : memref<?xf16>
  %e = arith.truncf %x toward_zero : f16 to f8E5M2
  memref.store %e, %out[%i] : memref<?xf8E5M2>
  return
}

// -----

// A truncf toward zero between ordinary types rounds to nearest even and
// steps one ulp toward zero where that result is larger in magnitude. The
// nearest value is widened back by integer code (a driver folds
// extf(truncf(x)) to x), see @round_trips.
// CHECK-LABEL: func.func @f32_to_f16_toward_zero(
// CHECK:         %[[NEAREST:.*]] = arith.truncf %[[X:.*]] : f32 to f16
// CHECK-NOT:     toward_zero
// CHECK-NOT:     arith.extf
// CHECK:         %[[BACK:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[NEAREST]] : f16 to i16
// CHECK:         %[[STEP:.*]] = arith.subi %[[BITS]], %{{.*}} : i16
// CHECK:         %[[ABSBACK:.*]] = math.absf %[[BACK]] : f32
// CHECK:         %[[ABSX:.*]] = math.absf %[[X]] : f32
// CHECK:         %[[AWAY:.*]] = arith.cmpf ogt, %[[ABSBACK]], %[[ABSX]] : f32
// CHECK:         %[[R:.*]] = arith.select %[[AWAY]], %[[STEP]], %[[BITS]] : i16
// CHECK:         arith.bitcast %[[R]] : i16 to f16
func.func @f32_to_f16_toward_zero(%x: f32) -> f16 {
  %h = arith.truncf %x toward_zero : f32 to f16
  return %h : f16
}

// -----

// |x| of fp8 clears the sign bit of the i8 storage (no fp8 arithmetic exists).
// CHECK-LABEL: func.func @abs_fp8(
// CHECK-SAME:    %[[IN:.*]]: memref<?xi8>, %[[OUT:.*]]: memref<?xi8>
// CHECK:         %[[BITS:.*]] = memref.load %[[IN]]
// CHECK:         %[[MAG:.*]] = arith.andi %[[BITS]], %{{.*}} : i8
// CHECK:         memref.store %[[MAG]], %[[OUT]]
// CHECK-NOT:     f8E5M2
func.func @abs_fp8(%in: memref<?xf8E5M2>, %out: memref<?xf8E5M2>, %i: index) {
  %x = memref.load %in[%i] : memref<?xf8E5M2>
  %a = math.absf %x : f8E5M2
  memref.store %a, %out[%i] : memref<?xf8E5M2>
  return
}

// -----

// math ops on bf16 compute in f32 and round back (arith ops are left to
// arith-emulate-unsupported-floats).
// CHECK-LABEL: func.func @bf16_math(
// CHECK-SAME:    %[[X:.*]]: bf16, %[[V:.*]]: vector<4xbf16>
// CHECK:         %[[WX:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK:         %[[EX:.*]] = math.exp %[[WX]] : f32
// CHECK:         %[[NX:.*]] = arith.truncf %[[EX]] : f32 to bf16
// CHECK:         %[[WV:.*]] = arith.extf %[[V]] : vector<4xbf16> to vector<4xf32>
// CHECK:         %[[AV:.*]] = math.absf %[[WV]] : vector<4xf32>
// CHECK:         %[[NV:.*]] = arith.truncf %[[AV]] : vector<4xf32> to vector<4xbf16>
// CHECK:         return %[[NX]], %[[NV]]
func.func @bf16_math(%x: bf16, %v: vector<4xbf16>) -> (bf16, vector<4xbf16>) {
  %e = math.exp %x : bf16
  %a = math.absf %v : vector<4xbf16>
  return %e, %a : bf16, vector<4xbf16>
}

// -----

// A select between bf16 values chooses between their bits (bf16 becomes f32
// in SPIR-V, where an i16 -> bf16 bitcast could not be expressed).
// CHECK-LABEL: func.func @select_bf16(
// CHECK-SAME:    %[[C:.*]]: i1, %[[A:.*]]: i16, %[[B:.*]]: i16
// CHECK:         %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i16
// CHECK:         return %[[S]] : i16
func.func @select_bf16(%c: i1, %a: i16, %b: i16) -> i16 {
  %x = arith.bitcast %a : i16 to bf16
  %y = arith.bitcast %b : i16 to bf16
  %s = arith.select %c, %x, %y : bf16
  %r = arith.bitcast %s : bf16 to i16
  return %r : i16
}

// -----

// A value rounded to a narrower float and widened again keeps the rounding:
// the widening is integer code (exponent rebiased, mantissa shifted,
// subnormals through an exact product, inf/NaN kept), which NVIDIA's compiler
// cannot fold into x the way it folds fpext(fptrunc(x)). Vectors too; a
// widening of anything else stays an extf.
// CHECK-LABEL: func.func @round_trips(
// CHECK:         %[[H:.*]] = arith.truncf %{{.*}} : vector<4xf32> to vector<4xf16>
// CHECK:         %[[HB:.*]] = arith.bitcast %[[H]] : vector<4xf16> to vector<4xi16>
// CHECK:         arith.extui %[[HB]] : vector<4xi16> to vector<4xi32>
// CHECK:         arith.uitofp %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK:         arith.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK:         %[[S:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:         %[[SB:.*]] = arith.bitcast %[[S]] : f32 to i32
// CHECK:         arith.extui %[[SB]] : i32 to i64
// CHECK:         arith.bitcast %{{.*}} : i64 to f64
// CHECK:         arith.extf %{{.*}} : f16 to f32
func.func @round_trips(%x: vector<4xf32>, %d: f64, %h: f16) -> (vector<4xf32>, f64, f32) {
  %narrow = arith.truncf %x : vector<4xf32> to vector<4xf16>
  %back = arith.extf %narrow : vector<4xf16> to vector<4xf32>
  %single = arith.truncf %d : f64 to f32
  %double = arith.extf %single : f32 to f64
  %loaded = arith.extf %h : f16 to f32
  return %back, %double, %loaded : vector<4xf32>, f64, f32
}

// -----

// f64 -> f16 rounds once, as f64 -> bf16 does: to f32 rounded to odd, then
// to f16 (lavapipe's FConvert goes through f32 rounded to nearest: 1 + 2^-11
// + 2^-40 became 1, not 1 + 2^-10).
// CHECK-LABEL: func.func @f64_to_f16(
// CHECK-SAME:    %[[D:.*]]: f64
// CHECK:         %[[NEAREST:.*]] = arith.truncf %[[D]] : f64 to f32
// CHECK:         %[[INEXACT:.*]] = arith.cmpf une, %{{.*}}, %[[D]] : f64
// CHECK:         %[[R:.*]] = arith.select %[[INEXACT]], %{{.*}}, %{{.*}} : i32
// CHECK:         %[[F:.*]] = arith.bitcast %[[R]] : i32 to f32
// CHECK:         %[[H:.*]] = arith.truncf %[[F]] : f32 to f16
// CHECK:         return %[[H]]
// CHECK-NOT:     f64 to f16
func.func @f64_to_f16(%d: f64) -> f16 {
  %h = arith.truncf %d : f64 to f16
  return %h : f16
}

// -----

// bf16 arithmetic computes in f32 and rounds back op by op: left to
// arith-emulate-unsupported-floats, its truncf/extf pairs are `contract` and
// the canonicalizer folds them, so a chain was rounded once at its end.
// CHECK-LABEL: func.func @bf16_chain(
// CHECK-SAME:    %[[X:.*]]: bf16, %[[Y:.*]]: bf16
// CHECK:         %[[XW:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK:         %[[YW:.*]] = arith.extf %[[Y]] : bf16 to f32
// CHECK:         %[[S:.*]] = arith.addf %[[XW]], %[[YW]] : f32
// CHECK:         %[[SB:.*]] = arith.truncf %[[S]] : f32 to bf16
// CHECK:         %[[SW:.*]] = arith.extf %[[SB]] : bf16 to f32
// CHECK:         %[[YW2:.*]] = arith.extf %[[Y]] : bf16 to f32
// CHECK:         %[[P:.*]] = arith.mulf %[[SW]], %[[YW2]] : f32
// CHECK:         %[[PB:.*]] = arith.truncf %[[P]] : f32 to bf16
// CHECK:         %[[PW:.*]] = arith.extf %[[PB]] : bf16 to f32
// CHECK:         %[[C:.*]] = arith.cmpf olt, %[[PW]], %{{.*}} : f32
// CHECK:         return %[[PB]], %[[C]]
// CHECK-NOT:     fastmath
func.func @bf16_chain(%x: bf16, %y: bf16) -> (bf16, i1) {
  %s = arith.addf %x, %y : bf16
  %p = arith.mulf %s, %y : bf16
  %c = arith.cmpf olt, %p, %x : bf16
  return %p, %c : bf16, i1
}
