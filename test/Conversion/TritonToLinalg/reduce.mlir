// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// tt.reduce has no identity element: the first slice along the axis is the
// initial accumulator (init of linalg.reduce) and the remaining slices are
// reduced into it. The combiner body is cloned with (accumulator, new)
// mapped from linalg's (in, init).

// CHECK-LABEL: func.func private @custom_combiner(
// CHECK-SAME:    %[[X:.*]]: tensor<8x16xf32>) -> tensor<8xf32>
// CHECK:         %[[INIT:.*]] = tensor.extract_slice %[[X]][0, 0] [8, 1] [1, 1] : tensor<8x16xf32> to tensor<8xf32>
// CHECK:         %[[REST:.*]] = tensor.extract_slice %[[X]][0, 1] [8, 15] [1, 1] : tensor<8x16xf32> to tensor<8x15xf32>
// CHECK:         %[[R:.*]] = linalg.reduce ins(%[[REST]] : tensor<8x15xf32>) outs(%[[INIT]] : tensor<8xf32>) dimensions = [1]
// CHECK-NEXT:      (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// The combiner squares the *new* element and adds it to the accumulator.
// CHECK-NEXT:        %[[SQ:.*]] = arith.mulf %[[IN]], %[[IN]] : f32
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[ACC]], %[[SQ]] : f32
// CHECK-NEXT:        linalg.yield %[[S]] : f32
// CHECK:         return %[[R]] : tensor<8xf32>
tt.func private @custom_combiner(%x: tensor<8x16xf32>) -> tensor<8xf32> {
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%acc: f32, %new: f32):
    %sq = arith.mulf %new, %new : f32
    %s = arith.addf %acc, %sq : f32
    tt.reduce.return %s : f32
  }) : (tensor<8x16xf32>) -> tensor<8xf32>
  tt.return %r : tensor<8xf32>
}

// -----

// Argmax: a 2-operand reduce is one linalg.reduce with two inputs and two
// inits; the combiner's (v0, i0, v1, i1) map to (init0, init1, in0, in1).
// CHECK-LABEL: func.func private @argmax(
// CHECK-SAME:    %[[V:.*]]: tensor<8x16xf32>, %[[I:.*]]: tensor<8x16xi32>) -> (tensor<16xf32>, tensor<16xi32>)
// CHECK:         %[[V0:.*]] = tensor.extract_slice %[[V]][0, 0] [1, 16] [1, 1] : tensor<8x16xf32> to tensor<16xf32>
// CHECK:         %[[VR:.*]] = tensor.extract_slice %[[V]][1, 0] [7, 16] [1, 1] : tensor<8x16xf32> to tensor<7x16xf32>
// CHECK:         %[[I0:.*]] = tensor.extract_slice %[[I]][0, 0] [1, 16] [1, 1] : tensor<8x16xi32> to tensor<16xi32>
// CHECK:         %[[IR:.*]] = tensor.extract_slice %[[I]][1, 0] [7, 16] [1, 1] : tensor<8x16xi32> to tensor<7x16xi32>
// CHECK:         %[[R:.*]]:2 = linalg.reduce ins(%[[VR]], %[[IR]] : tensor<7x16xf32>, tensor<7x16xi32>) outs(%[[V0]], %[[I0]] : tensor<16xf32>, tensor<16xi32>) dimensions = [0]
// CHECK-NEXT:      (%[[INV:.*]]: f32, %[[INI:.*]]: i32, %[[ACCV:.*]]: f32, %[[ACCI:.*]]: i32) {
// CHECK-NEXT:        %[[GT:.*]] = arith.cmpf ogt, %[[ACCV]], %[[INV]] : f32
// CHECK-NEXT:        %[[SV:.*]] = arith.select %[[GT]], %[[ACCV]], %[[INV]] : f32
// CHECK-NEXT:        %[[SI:.*]] = arith.select %[[GT]], %[[ACCI]], %[[INI]] : i32
// CHECK-NEXT:        linalg.yield %[[SV]], %[[SI]] : f32, i32
// CHECK:         return %[[R]]#0, %[[R]]#1 : tensor<16xf32>, tensor<16xi32>
tt.func private @argmax(%x: tensor<8x16xf32>, %i: tensor<8x16xi32>) -> (tensor<16xf32>, tensor<16xi32>) {
  %r:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
  ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
    %gt = arith.cmpf ogt, %v0, %v1 : f32
    %v = arith.select %gt, %v0, %v1 : f32
    %j = arith.select %gt, %i0, %i1 : i32
    tt.reduce.return %v, %j : f32, i32
  }) : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<16xf32>, tensor<16xi32>)
  tt.return %r#0, %r#1 : tensor<16xf32>, tensor<16xi32>
}

// -----

// Reducing a 1-D tensor to a scalar with a single-op combiner: the 0-d init
// is the combiner's identity (NaN for maxnumf) and every element is an
// input, then tensor.extract.
// CHECK-LABEL: func.func private @to_scalar(
// CHECK-SAME:    %[[X:.*]]: tensor<32xf32>) -> f32
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<f32>
// CHECK:         %[[ID:.*]] = arith.constant 0xFFC00000 : f32
// CHECK:         %[[INIT:.*]] = linalg.fill ins(%[[ID]] : f32) outs(%[[EMPTY]] : tensor<f32>) -> tensor<f32>
// CHECK:         %[[R:.*]] = linalg.reduce { arith.maxnumf } ins(%[[X]] : tensor<32xf32>) outs(%[[INIT]] : tensor<f32>) dimensions = [0]
// CHECK:         %[[E:.*]] = tensor.extract %[[R]][] : tensor<f32>
// CHECK:         return %[[E]] : f32
tt.func private @to_scalar(%x: tensor<32xf32>) -> f32 {
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %m = arith.maxnumf %a, %b : f32
    tt.reduce.return %m : f32
  }) : (tensor<32xf32>) -> f32
  tt.return %r : f32
}

// -----

// An axis of extent 1 needs no linalg.reduce: the single slice is the result.
// CHECK-LABEL: func.func private @unit_axis(
// CHECK-SAME:    %[[X:.*]]: tensor<4x1xi32>) -> tensor<4xi32>
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[X]][0, 0] [4, 1] [1, 1] : tensor<4x1xi32> to tensor<4xi32>
// CHECK-NOT:     linalg.reduce
// CHECK:         return %[[S]] : tensor<4xi32>
tt.func private @unit_axis(%x: tensor<4x1xi32>) -> tensor<4xi32> {
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.reduce.return %s : i32
  }) : (tensor<4x1xi32>) -> tensor<4xi32>
  tt.return %r : tensor<4xi32>
}
