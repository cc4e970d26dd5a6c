// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(exact-float-ops{fma=true sqrt-div-via-f64=true}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(exact-float-ops))' | FileCheck %s --check-prefix=OFF
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(exact-float-ops{bf16-fma=true}))' | FileCheck %s --check-prefix=BF16

// f32 fma: the product exact in f64, the sum made round-to-odd (TwoSum's
// error moves an inexact even sum one ulp toward it), rounded once to f32.
// CHECK-LABEL: func.func @fma_f32(
// CHECK-SAME:    %[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32
// CHECK-DAG:     %[[AD:.*]] = arith.extf %[[A]] : f32 to f64
// CHECK-DAG:     %[[BD:.*]] = arith.extf %[[B]] : f32 to f64
// CHECK-DAG:     %[[CD:.*]] = arith.extf %[[C]] : f32 to f64
// CHECK:         %[[P:.*]] = arith.mulf %[[AD]], %[[BD]] : f64
// CHECK:         %[[S:.*]] = arith.addf %[[P]], %[[CD]] : f64
// CHECK:         %[[BV:.*]] = arith.subf %[[S]], %[[P]] : f64
// CHECK:         %[[AV:.*]] = arith.subf %[[S]], %[[BV]] : f64
// CHECK:         %[[EA:.*]] = arith.subf %[[P]], %[[AV]] : f64
// CHECK:         %[[EB:.*]] = arith.subf %[[CD]], %[[BV]] : f64
// CHECK:         %[[E:.*]] = arith.addf %[[EA]], %[[EB]] : f64
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[S]] : f64 to i64
// CHECK:         %[[INEXACT:.*]] = arith.cmpf one, %[[E]]
// CHECK:         arith.andi %[[BITS]]
// CHECK:         %[[MOVED:.*]] = arith.addi %[[BITS]]
// CHECK:         %[[ODD:.*]] = arith.select %{{.*}}, %[[MOVED]], %[[BITS]] : i64
// CHECK:         %[[R:.*]] = arith.bitcast %[[ODD]] : i64 to f64
// CHECK:         %[[F:.*]] = arith.truncf %[[R]] : f64 to f32
// CHECK:         return %[[F]]
// CHECK-NOT:     math.fma
// OFF-LABEL:   func.func @fma_f32(
// OFF:           math.fma
func.func @fma_f32(%a: f32, %b: f32, %c: f32) -> f32 {
  %r = math.fma %a, %b, %c : f32
  return %r : f32
}

// -----

// f64 fma: Dekker's exact product (2^27 + 1 splits), two TwoSums, a
// round-to-odd sum of the low parts, one rounded sum; operands or results
// outside the safe range select the plain a * b + c.
// CHECK-LABEL: func.func @fma_f64(
// CHECK:         arith.constant 0x41A0000002000000 : f64
// CHECK:         arith.bitcast %{{.*}} : f64 to i64
// CHECK:         %[[EMULATED:.*]] = arith.addf
// CHECK:         %[[PRODUCT:.*]] = arith.mulf %arg0, %arg1 : f64
// CHECK:         %[[PLAIN:.*]] = arith.addf %[[PRODUCT]], %arg2 : f64
// CHECK:         %[[R:.*]] = arith.select %{{.*}}, %[[EMULATED]], %[[PLAIN]] : f64
// CHECK:         return %[[R]]
// CHECK-NOT:     math.fma
func.func @fma_f64(%a: f64, %b: f64, %c: f64) -> f64 {
  %r = math.fma %a, %b, %c : f64
  return %r : f64
}

// -----

// f16 fma: the same exact product and round-to-odd sum in f64, rounded once
// to f16 (lavapipe's split Fma rounded the product first). The f64 -> f16
// truncf is emulate-float-conversions' single rounding, through f32 rounded
// to odd.
// CHECK-LABEL: func.func @fma_f16(
// CHECK-SAME:    %[[A:.*]]: f16, %[[B:.*]]: f16, %[[C:.*]]: f16
// CHECK:         %[[A32:.*]] = arith.extf %[[A]] : f16 to f32
// CHECK:         %[[AD:.*]] = arith.extf %[[A32]] : f32 to f64
// CHECK:         %[[B32:.*]] = arith.extf %[[B]] : f16 to f32
// CHECK:         %[[BD:.*]] = arith.extf %[[B32]] : f32 to f64
// CHECK:         %[[C32:.*]] = arith.extf %[[C]] : f16 to f32
// CHECK:         %[[CD:.*]] = arith.extf %[[C32]] : f32 to f64
// CHECK:         %[[P:.*]] = arith.mulf %[[AD]], %[[BD]] : f64
// CHECK:         %[[S:.*]] = arith.addf %[[P]], %[[CD]] : f64
// CHECK:         %[[SUM:.*]] = arith.bitcast %{{.*}} : i64 to f64
// CHECK-NEXT:    %[[R:.*]] = arith.truncf %[[SUM]] : f64 to f16
// CHECK:         return %[[R]]
// CHECK-NOT:     math.fma
// OFF-LABEL:   func.func @fma_f16(
// OFF:           math.fma %{{.*}} : f16
func.func @fma_f16(%a: f16, %b: f16, %c: f16) -> f16 {
  %r = math.fma %a, %b, %c : f16
  return %r : f16
}

// -----

// bf16 the same way (widened through f32; the f32 fma it became later was
// split on lavapipe as well, and f32 -> bf16 is a second rounding), also
// where f32 fma is fused (bf16-fma: NVIDIA rounded the f32 fma to bf16 again).
// Other fma stay there.
// BF16-LABEL: func.func @fma_f32(
// BF16:         math.fma %{{.*}} : f32
// BF16-LABEL: func.func @fma_f16(
// BF16:         math.fma %{{.*}} : f16
// BF16-LABEL: func.func @fma_bf16(
// BF16:         arith.mulf %{{.*}}, %{{.*}} : f64
// BF16:         arith.truncf %{{.*}} : f64 to bf16
// BF16-NOT:     math.fma
// OFF-LABEL:  func.func @fma_bf16(
// OFF:          math.fma %{{.*}} : bf16
// CHECK-LABEL: func.func @fma_bf16(
// CHECK:         arith.extf %{{.*}} : bf16 to f32
// CHECK:         arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK:         %[[R:.*]] = arith.truncf %{{.*}} : f64 to bf16
// CHECK:         return %[[R]]
// CHECK-NOT:     math.fma
func.func @fma_bf16(%a: bf16, %b: bf16, %c: bf16) -> bf16 {
  %r = math.fma %a, %b, %c : bf16
  return %r : bf16
}

// -----

// Marked sqrt and division go through f64 and are rounded once; unmarked
// ones (tl.sqrt, `/`: approximations in Triton too) stay. The marker goes
// either way.
// CHECK-LABEL: func.func @rn_ops(
// CHECK-SAME:    %[[X:.*]]: f32, %[[Y:.*]]: f32
// CHECK:         %[[XD:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK:         %[[SD:.*]] = math.sqrt %[[XD]] : f64
// CHECK:         %[[S:.*]] = arith.truncf %[[SD]] : f64 to f32
// CHECK:         %[[XD2:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK:         %[[YD:.*]] = arith.extf %[[Y]] : f32 to f64
// CHECK:         %[[QD:.*]] = arith.divf %[[XD2]], %[[YD]] : f64
// CHECK:         %[[Q:.*]] = arith.truncf %[[QD]] : f64 to f32
// CHECK:         %[[PS:.*]] = math.sqrt %[[X]] : f32
// CHECK:         %[[PQ:.*]] = arith.divf %[[X]], %[[Y]] : f32
// CHECK:         return %[[S]], %[[Q]], %[[PS]], %[[PQ]]
// CHECK-NOT:     correctly_rounded
// OFF-LABEL:   func.func @rn_ops(
// OFF:           math.sqrt %{{.*}} : f32
// OFF:           arith.divf %{{.*}} : f32
// OFF-NOT:       correctly_rounded
func.func @rn_ops(%x: f32, %y: f32) -> (f32, f32, f32, f32) {
  %s = math.sqrt %x {triton_spirv.correctly_rounded} : f32
  %q = arith.divf %x, %y {triton_spirv.correctly_rounded} : f32
  %ps = math.sqrt %x : f32
  %pq = arith.divf %x, %y : f32
  return %s, %q, %ps, %pq : f32, f32, f32, f32
}

// -----

// f64 sums marked round-to-odd (libdevice's directed f32 sums) are rounded
// to odd whatever the options; a difference adds the negated operand.
// CHECK-LABEL: func.func @round_to_odd(
// CHECK-SAME:    %[[X:.*]]: f64, %[[Y:.*]]: f64
// CHECK:         %[[NY:.*]] = arith.negf %[[Y]] : f64
// CHECK:         %[[S:.*]] = arith.addf %[[X]], %[[NY]] : f64
// CHECK:         arith.bitcast %[[S]] : f64 to i64
// CHECK:         %[[R:.*]] = arith.bitcast %{{.*}} : i64 to f64
// CHECK:         return %[[R]]
// CHECK-NOT:     round_to_odd
// OFF-LABEL:   func.func @round_to_odd(
// OFF:           arith.negf
// OFF-NOT:       round_to_odd
func.func @round_to_odd(%x: f64, %y: f64) -> f64 {
  %s = arith.subf %x, %y {triton_spirv.round_to_odd} : f64
  return %s : f64
}
