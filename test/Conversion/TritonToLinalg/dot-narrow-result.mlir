// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// A dot with a narrow float result (out_dtype=float16) accumulates in f32:
// C is widened, the products summed in f32, and the sum rounded once.

// CHECK-LABEL: func.func private @dot3d_f16_out(
// CHECK-SAME:    %[[A:.*]]: tensor<8x32x32xf16>, %[[B:.*]]: tensor<8x32x32xf16>, %[[C:.*]]: tensor<8x32x32xf16>)
// CHECK:         %[[WIDE:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<8x32x32xf16>) outs(%{{.*}} : tensor<8x32x32xf32>)
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK:         %[[D:.*]] = linalg.batch_matmul {triton_spirv.input_precision = "ieee"} ins(%[[A]], %[[B]] : tensor<8x32x32xf16>, tensor<8x32x32xf16>) outs(%[[WIDE]] : tensor<8x32x32xf32>) -> tensor<8x32x32xf32>
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[D]] : tensor<8x32x32xf32>) outs(%{{.*}} : tensor<8x32x32xf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to f16
// CHECK:         return %[[R]]
tt.func private @dot3d_f16_out(%a: tensor<8x32x32xf16>, %b: tensor<8x32x32xf16>, %c: tensor<8x32x32xf16>) -> tensor<8x32x32xf16> {
  %d = tt.dot %a, %b, %c : tensor<8x32x32xf16> * tensor<8x32x32xf16> -> tensor<8x32x32xf16>
  tt.return %d : tensor<8x32x32xf16>
}

// -----

// 2-D, bf16.
// CHECK-LABEL: func.func private @dot_bf16_out(
// CHECK:         arith.extf %{{.*}} : bf16 to f32
// CHECK:         linalg.matmul {{.*}} outs(%{{.*}} : tensor<16x16xf32>)
// CHECK:         arith.truncf %{{.*}} : f32 to bf16
tt.func private @dot_bf16_out(%a: tensor<16x16xbf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xbf16>) -> tensor<16x16xbf16> {
  %d = tt.dot %a, %b, %c : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xbf16>
  tt.return %d : tensor<16x16xbf16>
}

// -----

// An f32 result stays one matmul into C.
// CHECK-LABEL: func.func private @dot_f32_out(
// CHECK-NOT:     arith.extf
// CHECK:         linalg.matmul
// CHECK-NOT:     arith.truncf
tt.func private @dot_f32_out(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}
