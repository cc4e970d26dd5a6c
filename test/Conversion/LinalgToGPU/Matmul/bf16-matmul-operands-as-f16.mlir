// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(bf16-matmul-operands-as-f16))' | FileCheck %s

// A bf16 x bf16 -> f32 matmul takes its operands as f16 bits and is marked;
// the frontend's attributes stay.
// CHECK-LABEL: func.func @bf16_matmul(
// CHECK-SAME:      %[[A:.*]]: tensor<64x32xbf16>, %[[B:.*]]: tensor<32x64xbf16>, %[[C:.*]]: tensor<64x64xf32>
// CHECK:         %[[A16:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<64x32xbf16>) outs(%{{.*}} : tensor<64x32xf16>)
// CHECK:           arith.bitcast %{{.*}} : bf16 to f16
// CHECK:         %[[B16:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<32x64xbf16>) outs(%{{.*}} : tensor<32x64xf16>)
// CHECK:         %[[R:.*]] = linalg.matmul {triton_spirv.bf16_operands, triton_spirv.input_precision = "ieee"} ins(%[[A16]], %[[B16]] : tensor<64x32xf16>, tensor<32x64xf16>) outs(%[[C]] : tensor<64x64xf32>)
// CHECK:         return %[[R]]
func.func @bf16_matmul(%a: tensor<64x32xbf16>, %b: tensor<32x64xbf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul {triton_spirv.input_precision = "ieee"} ins(%a, %b : tensor<64x32xbf16>, tensor<32x64xbf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// A transposed operand (attention's K^T) is transposed as f16 bits, so that
// the transpose still feeds the matmul directly.
// CHECK-LABEL: func.func @transposed_operand(
// CHECK-SAME:      %[[A:.*]]: tensor<64x32xbf16>, %[[K:.*]]: tensor<64x32xbf16>
// CHECK:         %[[A16:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<64x32xbf16>)
// CHECK:         %[[K16:.*]] = linalg.generic {{.*}} ins(%[[K]] : tensor<64x32xbf16>) outs(%{{.*}} : tensor<64x32xf16>)
// CHECK:         %[[KT:.*]] = linalg.transpose ins(%[[K16]] : tensor<64x32xf16>) outs(%{{.*}} : tensor<32x64xf16>) permutation = [1, 0]
// CHECK:         linalg.matmul {triton_spirv.bf16_operands} ins(%[[A16]], %[[KT]] : tensor<64x32xf16>, tensor<32x64xf16>)
// CHECK-NOT:     linalg.transpose
func.func @transposed_operand(%a: tensor<64x32xbf16>, %k: tensor<64x32xbf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %init = tensor.empty() : tensor<32x64xbf16>
  %kt = linalg.transpose ins(%k : tensor<64x32xbf16>) outs(%init : tensor<32x64xbf16>) permutation = [1, 0]
  %r = linalg.matmul ins(%a, %kt : tensor<64x32xbf16>, tensor<32x64xbf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// f16 matmuls and bf16 ones into bf16 are left alone.
// CHECK-LABEL: func.func @others(
// CHECK-NOT:     arith.bitcast
// CHECK-NOT:     triton_spirv.bf16_operands
func.func @others(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>,
                  %x: tensor<64x32xbf16>, %y: tensor<32x64xbf16>, %z: tensor<64x64xbf16>) -> (tensor<64x64xf32>, tensor<64x64xbf16>) {
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = linalg.matmul ins(%x, %y : tensor<64x32xbf16>, tensor<32x64xbf16>) outs(%z : tensor<64x64xbf16>) -> tensor<64x64xbf16>
  return %r, %s : tensor<64x64xf32>, tensor<64x64xbf16>
}
