// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(emulate-float-conversions))' | FileCheck %s

// truncf upward: rounded to nearest, widened back (by integer code for
// f64 <- f32 as well), and where that fell below the value stepped one ulp
// up: bits - 1 for a negative result, + 1 otherwise, the smallest positive
// subnormal (bits 1) from zero.
// CHECK-LABEL: func.func @upward(
// CHECK-SAME:    %[[X:.*]]: f64
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK:         %[[N:.*]] = arith.truncf %[[X]] : f64 to f32
// CHECK:         %[[BACK:.*]] = arith.bitcast %{{.*}} : i64 to f64
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[N]] : f32 to i32
// CHECK:         %[[LESS:.*]] = arith.subi %[[BITS]], %[[ONE]] : i32
// CHECK:         %[[MORE:.*]] = arith.addi %[[BITS]], %[[ONE]] : i32
// CHECK:         %[[BELOW:.*]] = arith.cmpf olt, %[[BACK]], %[[X]] : f64
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[BITS]]
// CHECK:         %[[ZERO:.*]] = arith.cmpf oeq, %[[N]]
// CHECK:         %[[AWAY:.*]] = arith.select %[[NEG]], %[[LESS]], %[[MORE]] : i32
// CHECK:         %[[STEP:.*]] = arith.select %[[ZERO]], %[[ONE]], %[[AWAY]] : i32
// CHECK:         %[[R:.*]] = arith.select %[[BELOW]], %[[STEP]], %[[BITS]] : i32
// CHECK:         arith.bitcast %[[R]] : i32 to f32
// CHECK-NOT:     upward
func.func @upward(%x: f64) -> f32 {
  %r = arith.truncf %x upward : f64 to f32
  return %r : f32
}

// -----

// truncf downward: stepped where the nearest value lies above; from zero to
// the negative smallest subnormal (0x80000001).
// CHECK-LABEL: func.func @downward(
// CHECK-DAG:     arith.constant -2147483647 : i32
// CHECK:         arith.cmpf ogt, %{{.*}}, %{{.*}} : f64
// CHECK-NOT:     downward
func.func @downward(%x: f64) -> f32 {
  %r = arith.truncf %x downward : f64 to f32
  return %r : f32
}
