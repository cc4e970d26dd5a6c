// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// tt.dot becomes linalg.matmul (batch_matmul for 3-D) accumulating into C;
// the input precision is kept as triton_spirv.input_precision.
//

// CHECK-LABEL: func.func private @dot_tf32(
// CHECK-SAME:    %[[A:.*]]: tensor<16x8xf16>, %[[B:.*]]: tensor<8x32xf16>, %[[C:.*]]: tensor<16x32xf32>)
// CHECK:         %[[R:.*]] = linalg.matmul {triton_spirv.input_precision = "tf32"} ins(%[[A]], %[[B]] : tensor<16x8xf16>, tensor<8x32xf16>) outs(%[[C]] : tensor<16x32xf32>) -> tensor<16x32xf32>
// CHECK:         return %[[R]]
tt.func private @dot_tf32(%a: tensor<16x8xf16>, %b: tensor<8x32xf16>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x8xf16> * tensor<8x32xf16> -> tensor<16x32xf32>
  tt.return %d : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func private @dot_ieee(
// CHECK-SAME:    %[[A:.*]]: tensor<16x8xf32>, %[[B:.*]]: tensor<8x32xf32>, %[[C:.*]]: tensor<16x32xf32>)
// CHECK:         %[[R:.*]] = linalg.matmul {triton_spirv.input_precision = "ieee"} ins(%[[A]], %[[B]] : tensor<16x8xf32>, tensor<8x32xf32>) outs(%[[C]] : tensor<16x32xf32>) -> tensor<16x32xf32>
// CHECK:         return %[[R]]
tt.func private @dot_ieee(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %d = tt.dot %a, %b, %c : tensor<16x8xf32> * tensor<8x32xf32> -> tensor<16x32xf32>
  tt.return %d : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func private @batched(
// CHECK-SAME:    %[[A:.*]]: tensor<2x16x8xf32>, %[[B:.*]]: tensor<2x8x32xf32>, %[[C:.*]]: tensor<2x16x32xf32>)
// CHECK:         %[[R:.*]] = linalg.batch_matmul {triton_spirv.input_precision = "tf32x3"} ins(%[[A]], %[[B]] : tensor<2x16x8xf32>, tensor<2x8x32xf32>) outs(%[[C]] : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
// CHECK:         return %[[R]]
tt.func private @batched(%a: tensor<2x16x8xf32>, %b: tensor<2x8x32xf32>, %c: tensor<2x16x32xf32>) -> tensor<2x16x32xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<2x16x8xf32> * tensor<2x8x32xf32> -> tensor<2x16x32xf32>
  tt.return %d : tensor<2x16x32xf32>
}

// -----

// A dot accumulating through a loop (the matmul kernels' shape): the
// accumulator is the iter_arg, A and B are the loaded tiles.
// CHECK-LABEL: func.func public @dot_in_loop(
// CHECK-SAME:    %[[PA:[^:]*]]: memref<?xf32>, %[[PB:[^:]*]]: memref<?xf32>, %[[PC:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: i32)
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<16x16xf32>)
// CHECK:           %[[TA:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<16x16xf32>)
// CHECK:             memref.load %[[PA]]
// CHECK:           %[[TB:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<16x16xf32>)
// CHECK:             memref.load %[[PB]]
// CHECK:           %[[D:.*]] = linalg.matmul {triton_spirv.input_precision = "ieee"} ins(%[[TA]], %[[TB]] : tensor<16x16xf32>, tensor<16x16xf32>) outs(%[[ACC]] : tensor<16x16xf32>)
// CHECK:           scf.yield %[[D]]
tt.func public @dot_in_loop(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %row = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %col = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %rowb = tt.broadcast %row : tensor<16x1xi32> -> tensor<16x16xi32>
  %colb = tt.broadcast %col : tensor<1x16xi32> -> tensor<16x16xi32>
  %sixteen = arith.constant dense<16> : tensor<16x16xi32>
  %rows = arith.muli %rowb, %sixteen : tensor<16x16xi32>
  %offs = arith.addi %rows, %colb : tensor<16x16xi32>
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %pa2 = tt.addptr %pa, %offs : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %pb2 = tt.addptr %pb, %offs : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %ta = tt.load %pa2 : tensor<16x16x!tt.ptr<f32>>
    %tb = tt.load %pb2 : tensor<16x16x!tt.ptr<f32>>
    %d = tt.dot %ta, %tb, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %pc2 = tt.addptr %pc, %offs : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  tt.store %pc2, %acc : tensor<16x16x!tt.ptr<f32>>
  tt.return
}

// -----

// bf16x3: each fp32 operand becomes two bf16-rounded terms (kept in f32), and
// the dot the sum of three products, smallest first: a0*b1, a1*b0, a0*b0.
// CHECK-LABEL: func.func @dot_bf16x3(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<16x8xf32>, %[[B:[^:]*]]: tensor<8x32xf32>, %[[C:[^:]*]]: tensor<16x32xf32>)
// CHECK:         %[[AT:.*]]:2 = linalg.generic {{.*}} ins(%[[A]] : tensor<16x8xf32>)
// CHECK:           arith.truncf %{{.*}} : f32 to bf16
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:           arith.subf
// CHECK:         %[[BT:.*]]:2 = linalg.generic {{.*}} ins(%[[B]] : tensor<8x32xf32>)
// CHECK:         %[[P1:.*]] = linalg.matmul {triton_spirv.input_precision = "bf16x3"} ins(%[[AT]]#0, %[[BT]]#1 : {{.*}}) outs(%[[C]] : tensor<16x32xf32>)
// CHECK:         %[[P2:.*]] = linalg.matmul {triton_spirv.input_precision = "bf16x3"} ins(%[[AT]]#1, %[[BT]]#0 : {{.*}}) outs(%[[P1]] : tensor<16x32xf32>)
// CHECK:         %[[P3:.*]] = linalg.matmul {triton_spirv.input_precision = "bf16x3"} ins(%[[AT]]#0, %[[BT]]#0 : {{.*}}) outs(%[[P2]] : tensor<16x32xf32>)
// CHECK:         return %[[P3]]
tt.func @dot_bf16x3(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<16x8xf32> * tensor<8x32xf32> -> tensor<16x32xf32>
  tt.return %d : tensor<16x32xf32>
}

// -----

// bf16x6: three terms each, six products.
// CHECK-LABEL: func.func @dot_bf16x6(
// CHECK:         linalg.generic
// CHECK-COUNT-3:   arith.truncf %{{.*}} : f32 to bf16
// CHECK-COUNT-6: linalg.matmul {triton_spirv.input_precision = "bf16x6"}
// CHECK-NOT:     linalg.matmul
tt.func @dot_bf16x6(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x6 : tensor<16x8xf32> * tensor<8x32xf32> -> tensor<16x32xf32>
  tt.return %d : tensor<16x32xf32>
}
