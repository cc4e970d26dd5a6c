// RUN: triton-spirv-opt %s --decompose-dot-scaled | FileCheck %s

// e5m2 lhs widened by tt.fp_to_fp; e2m1 rhs (two nibbles per byte along K)
// split with tt.join and reshaped to [K, N]; e8m0 scales become f32 bit
// patterns (s << 23), broadcast over their 32 elements; then tt.dot (ieee, the printed default).
// CHECK-LABEL: tt.func public @mx(
// CHECK:         %[[A:.*]] = tt.fp_to_fp %{{.*}} : tensor<16x64xf8E5M2> -> tensor<16x64xf32>
// CHECK:         arith.shli %{{.*}}, %{{.*}} : tensor<16x2xi32>
// CHECK:         tt.broadcast %{{.*}} : tensor<16x2x1xf32> -> tensor<16x2x32xf32>
// CHECK:         tt.reshape %{{.*}} : tensor<16x2x32xf32> -> tensor<16x64xf32>
// CHECK:         %[[AS:.*]] = arith.mulf %[[A]], %{{.*}} : tensor<16x64xf32>
// CHECK:         %[[LOW:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<32x16xi8>
// CHECK:         %[[HIGH:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<32x16xi8>
// CHECK:         %[[PAIRS:.*]] = tt.join %[[LOW]], %[[HIGH]] : tensor<32x16xi8> -> tensor<32x16x2xi8>
// CHECK:         %[[KMAJOR:.*]] = tt.trans %[[PAIRS]] {order = array<i32: 0, 2, 1>} : tensor<32x16x2xi8> -> tensor<32x2x16xi8>
// CHECK:         tt.reshape %[[KMAJOR]] : tensor<32x2x16xi8> -> tensor<64x16xi8>
// CHECK:         tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<16x64xf32> -> tensor<64x16xf32>
// CHECK:         %[[BS:.*]] = arith.mulf %{{.*}}, %{{.*}} : tensor<64x16xf32>
// CHECK:         tt.dot %[[AS]], %[[BS]], %{{.*}} : tensor<16x64xf32> * tensor<64x16xf32> -> tensor<16x16xf32>
// CHECK-NOT:     tt.dot_scaled
tt.func public @mx(%a: tensor<16x64xf8E5M2>, %sa: tensor<16x2xi8>, %b: tensor<32x16xi8>, %sb: tensor<16x2xi8>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e5m2 rhs = e2m1 {fastMath = false} : tensor<16x64xf8E5M2>, tensor<16x2xi8> * tensor<32x16xi8>, tensor<16x2xi8> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}
