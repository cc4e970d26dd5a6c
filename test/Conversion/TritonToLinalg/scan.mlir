// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// tt.scan: ceil(log2 N) Hillis-Steele steps, each a linalg.map per scanned
// operand: y[i] = i >= d ? combine(x[i - d], x[i]) : x[i] with d = 1, 2, 4...
// (the earlier element is the combiner's left operand). x[i - d] is read with
// tensor.extract. A step's init is the block of two steps earlier, so the
// bufferizer reuses two buffers for all steps.

// CHECK-LABEL: func.func private @cumsum(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<8xf32>) -> tensor<8xf32>
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK:         %[[S1:.*]] = linalg.map ins(%[[X]] : tensor<8xf32>) outs(%[[E]] : tensor<8xf32>)
// CHECK-NEXT:      (%[[IN:[^:]*]]: f32, %{{.*}}: f32) {
// CHECK-NEXT:        %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:        %[[D:.*]] = arith.constant 1 : index
// CHECK-NEXT:        %[[HAS:.*]] = arith.cmpi uge, %[[I]], %[[D]] : index
// CHECK-NEXT:        %[[Y:.*]] = scf.if %[[HAS]] -> (f32) {
// CHECK-NEXT:          %[[J:.*]] = arith.subi %[[I]], %[[D]] : index
// CHECK-NEXT:          %[[P:.*]] = tensor.extract %[[X]][%[[J]]] : tensor<8xf32>
// CHECK-NEXT:          %[[S:.*]] = arith.addf %[[P]], %[[IN]] : f32
// CHECK-NEXT:          scf.yield %[[S]] : f32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          scf.yield %[[IN]] : f32
// CHECK-NEXT:        }
// CHECK-NEXT:        linalg.yield %[[Y]] : f32
// Step 2 (d = 2) writes into the source block, step 3 (d = 4) into step 1's.
// CHECK:         %[[S2:.*]] = linalg.map ins(%[[S1]] : tensor<8xf32>) outs(%[[X]] : tensor<8xf32>)
// CHECK:           arith.constant 2 : index
// CHECK:           tensor.extract %[[S1]]
// CHECK:         %[[S3:.*]] = linalg.map ins(%[[S2]] : tensor<8xf32>) outs(%[[S1]] : tensor<8xf32>)
// CHECK:           arith.constant 4 : index
// CHECK:           tensor.extract %[[S2]]
// CHECK-NOT:     linalg.map
// CHECK:         return %[[S3]] : tensor<8xf32>
tt.func private @cumsum(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return %r : tensor<8xf32>
}

// -----

// Reverse scan along axis 0 of a 2-D block: the partner is i + d, present
// while i + d < N; it is still the combiner's left operand (Triton flips,
// scans, flips back). The other coordinates are the loop indices.
// CHECK-LABEL: func.func private @reverse_axis0(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<8x4xi32>) -> tensor<8x4xi32>
// CHECK:         %[[S1:.*]] = linalg.map ins(%[[X]] : tensor<8x4xi32>) outs(%{{.*}} : tensor<8x4xi32>)
// CHECK-NEXT:      (%[[IN:[^:]*]]: i32, %{{.*}}: i32) {
// CHECK-NEXT:        %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:        %[[COL:.*]] = linalg.index 1 : index
// CHECK-NEXT:        %[[D:.*]] = arith.constant 1 : index
// CHECK-NEXT:        %[[N:.*]] = arith.constant 8 : index
// CHECK-NEXT:        %[[ID:.*]] = arith.addi %[[I]], %[[D]] : index
// CHECK-NEXT:        %[[HAS:.*]] = arith.cmpi ult, %[[ID]], %[[N]] : index
// CHECK-NEXT:        scf.if %[[HAS]] -> (i32) {
// CHECK-NEXT:          %[[J:.*]] = arith.addi %[[I]], %[[D]] : index
// CHECK-NEXT:          %[[P:.*]] = tensor.extract %[[X]][%[[J]], %[[COL]]] : tensor<8x4xi32>
// CHECK-NEXT:          %[[S:.*]] = arith.subi %[[P]], %[[IN]] : i32
// CHECK-NEXT:          scf.yield %[[S]] : i32
// CHECK:         %[[S2:.*]] = linalg.map ins(%[[S1]] : tensor<8x4xi32>) outs(%[[X]] : tensor<8x4xi32>)
// CHECK:         %[[S3:.*]] = linalg.map ins(%[[S2]] : tensor<8x4xi32>) outs(%[[S1]] : tensor<8x4xi32>)
// CHECK:           arith.constant 4 : index
// CHECK:         return %[[S3]]
tt.func private @reverse_axis0(%x: tensor<8x4xi32>) -> tensor<8x4xi32> {
  %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.subi %a, %b : i32
    tt.scan.return %s : i32
  }) : (tensor<8x4xi32>) -> tensor<8x4xi32>
  tt.return %r : tensor<8x4xi32>
}

// -----

// Two scanned operands: each step is one linalg.map per operand, both reading
// all operands (ins and tensor.extract); the combiner is cloned into each and
// map j yields result j. Combiner arguments: (left a, left b, right a, right b).
// CHECK-LABEL: func.func private @two_operands(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<4x2xf32>, %[[B:[^:]*]]: tensor<4x2xf32>)
// CHECK:         %[[RA:.*]] = linalg.map ins(%[[A]], %[[B]] : tensor<4x2xf32>, tensor<4x2xf32>) outs(%{{.*}} : tensor<4x2xf32>)
// CHECK-NEXT:      (%[[INA:[^:]*]]: f32, %[[INB:[^:]*]]: f32, %{{.*}}: f32) {
// CHECK:             %[[PA:.*]] = tensor.extract %[[A]]
// CHECK-NEXT:        %[[PB:.*]] = tensor.extract %[[B]]
// CHECK-NEXT:        %[[M:.*]] = arith.mulf %[[PA]], %[[INA]] : f32
// CHECK:             scf.yield %[[M]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[INA]] : f32
// CHECK:         %[[RB:.*]] = linalg.map ins(%[[A]], %[[B]] : tensor<4x2xf32>, tensor<4x2xf32>) outs(%{{.*}} : tensor<4x2xf32>)
// CHECK-NEXT:      (%[[INA2:[^:]*]]: f32, %[[INB2:[^:]*]]: f32, %{{.*}}: f32) {
// CHECK:             %[[PA2:.*]] = tensor.extract %[[A]]
// CHECK-NEXT:        %[[PB2:.*]] = tensor.extract %[[B]]
// CHECK-NEXT:        arith.mulf %[[PA2]], %[[INA2]] : f32
// CHECK-NEXT:        %[[T:.*]] = arith.mulf %[[PB2]], %[[INA2]] : f32
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[T]], %[[INB2]] : f32
// CHECK-NEXT:        scf.yield %[[S]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[INB2]] : f32
// CHECK:         return %[[RA]], %[[RB]]
tt.func private @two_operands(%a: tensor<4x2xf32>, %b: tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  %r:2 = "tt.scan"(%a, %b) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%a0: f32, %b0: f32, %a1: f32, %b1: f32):
    %m = arith.mulf %a0, %a1 : f32
    %t = arith.mulf %b0, %a1 : f32
    %s = arith.addf %t, %b1 : f32
    tt.scan.return %m, %s : f32, f32
  }) : (tensor<4x2xf32>, tensor<4x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>)
  tt.return %r#0, %r#1 : tensor<4x2xf32>, tensor<4x2xf32>
}

// -----

// A reverse two-operand scan over 4 elements: two steps per operand; the
// second step of each operand writes into that operand's source block.
// CHECK-LABEL: func.func private @two_operands_reverse(
// CHECK-SAME:    %[[V:[^:]*]]: tensor<4xf32>, %[[I:[^:]*]]: tensor<4xi32>)
// CHECK:         %[[V1:.*]] = linalg.map ins(%[[V]], %[[I]] : tensor<4xf32>, tensor<4xi32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK:           arith.cmpi ult
// CHECK:         %[[I1:.*]] = linalg.map ins(%[[V]], %[[I]] : tensor<4xf32>, tensor<4xi32>) outs(%{{.*}} : tensor<4xi32>)
// CHECK:         %[[V2:.*]] = linalg.map ins(%[[V1]], %[[I1]] : tensor<4xf32>, tensor<4xi32>) outs(%[[V]] : tensor<4xf32>)
// CHECK:           arith.constant 2 : index
// CHECK:         %[[I2:.*]] = linalg.map ins(%[[V1]], %[[I1]] : tensor<4xf32>, tensor<4xi32>) outs(%[[I]] : tensor<4xi32>)
// CHECK:         return %[[V2]], %[[I2]]
tt.func private @two_operands_reverse(%v: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %r:2 = "tt.scan"(%v, %i) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
    %gt = arith.cmpf ogt, %v0, %v1 : f32
    %v2 = arith.select %gt, %v0, %v1 : f32
    %i2 = arith.select %gt, %i0, %i1 : i32
    tt.scan.return %v2, %i2 : f32, i32
  }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  tt.return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// An axis of extent 1 is its own scan.
// CHECK-LABEL: func.func private @unit_axis(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<1x4xf32>)
// CHECK-NOT:     linalg.map
// CHECK:         return %[[X]]
tt.func private @unit_axis(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  tt.return %r : tensor<1x4xf32>
}
