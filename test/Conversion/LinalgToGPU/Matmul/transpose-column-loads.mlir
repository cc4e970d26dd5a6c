// RUN: triton-spirv-opt %s --split-input-file --transpose-column-loads | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --transpose-column-loads=int8=true | FileCheck %s --check-prefix=INT8

// Attention's K^T block (64 x 32) through transposed pointers: element
// (d, n) at base + n * 64 + d. It is loaded as the 32 x 64 block K, whose
// rows are contiguous, and transposed for the matmul.
// CHECK-LABEL: func.func @k_transposed(
// CHECK-SAME:      %[[K:[^:]*]]: memref<?xf16>, %[[BASE:[^:]*]]: i64
// CHECK:         %[[EMPTY:.*]] = tensor.empty() : tensor<32x64xf16>
// CHECK:         %[[ROWS:.*]] = linalg.generic {{.*}} ins(%[[BASE]] : i64) outs(%[[EMPTY]] : tensor<32x64xf16>)
// CHECK:           %[[D:.*]] = linalg.index 1 : index
// CHECK:           %[[N:.*]] = linalg.index 0 : index
// CHECK:           %[[DI:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK:           %[[NI:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK:           %[[ROW:.*]] = arith.muli %[[NI]], %c64_i64
// CHECK:           %[[AT:.*]] = arith.addi %[[ROW]], %[[DI]]
// CHECK:           memref.load %[[K]]
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<64x32xf16>
// CHECK:         %[[KT:.*]] = linalg.transpose ins(%[[ROWS]] : tensor<32x64xf16>) outs(%[[INIT]] : tensor<64x32xf16>) permutation = [1, 0]
// CHECK:         linalg.matmul ins(%{{.*}}, %[[KT]] : tensor<128x64xf16>, tensor<64x32xf16>)
func.func @k_transposed(%k: memref<?xf16>, %base: i64, %q: tensor<128x64xf16>,
                        %acc: tensor<128x32xf32>) -> tensor<128x32xf32> {
  %c64 = arith.constant 64 : i64
  %empty = tensor.empty() : tensor<64x32xf16>
  %kt = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%base : i64) outs(%empty : tensor<64x32xf16>) {
  ^bb0(%b: i64, %out: f16):
    %d = linalg.index 0 : index
    %n = linalg.index 1 : index
    %di = arith.index_cast %d : index to i64
    %ni = arith.index_cast %n : index to i64
    %row = arith.muli %ni, %c64 : i64
    %at = arith.addi %row, %di : i64
    %at2 = arith.addi %at, %b : i64
    %i = arith.index_cast %at2 : i64 to index
    %v = memref.load %k[%i] : memref<?xf16>
    linalg.yield %v : f16
  } -> tensor<64x32xf16>
  %r = linalg.matmul ins(%q, %kt : tensor<128x64xf16>, tensor<64x32xf16>)
                     outs(%acc : tensor<128x32xf32>) -> tensor<128x32xf32>
  return %r : tensor<128x32xf32>
}

// -----

// Rows already contiguous (V's block) and a column load that something
// other than a matmul reads: left alone.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     linalg.transpose
// CHECK:         return
func.func @left_alone(%k: memref<?xf16>, %p: tensor<32x64xf16>,
                      %acc: tensor<32x64xf32>) -> (tensor<32x64xf32>, tensor<64x64xf16>) {
  %c64 = arith.constant 64 : i64
  %e0 = tensor.empty() : tensor<64x64xf16>
  %rows = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      outs(%e0 : tensor<64x64xf16>) {
  ^bb0(%out: f16):
    %r = linalg.index 0 : index
    %c = linalg.index 1 : index
    %ri = arith.index_cast %r : index to i64
    %ci = arith.index_cast %c : index to i64
    %row = arith.muli %ri, %c64 : i64
    %at = arith.addi %row, %ci : i64
    %i = arith.index_cast %at : i64 to index
    %v = memref.load %k[%i] : memref<?xf16>
    linalg.yield %v : f16
  } -> tensor<64x64xf16>
  %mm = linalg.matmul ins(%p, %rows : tensor<32x64xf16>, tensor<64x64xf16>)
                      outs(%acc : tensor<32x64xf32>) -> tensor<32x64xf32>
  %e1 = tensor.empty() : tensor<64x64xf16>
  %cols = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      outs(%e1 : tensor<64x64xf16>) {
  ^bb0(%out: f16):
    %r = linalg.index 0 : index
    %c = linalg.index 1 : index
    %ri = arith.index_cast %r : index to i64
    %ci = arith.index_cast %c : index to i64
    %col = arith.muli %ci, %c64 : i64
    %at = arith.addi %col, %ri : i64
    %i = arith.index_cast %at : i64 to index
    %v = memref.load %k[%i] : memref<?xf16>
    linalg.yield %v : f16
  } -> tensor<64x64xf16>
  return %mm, %cols : tensor<32x64xf32>, tensor<64x64xf16>
}

// -----

// x @ w.T with w row-major (K, N) given as its transpose: B's element (k, n)
// at k + n * stride_bn, a run-time stride, under the mask of a ragged edge.
// It is loaded row by row of w and transposed; the mask moves with it.
// CHECK-LABEL: func.func @masked_runtime_stride(
// CHECK-SAME:      %[[W:[^:]*]]: memref<?xf16>, %[[STRIDE:[^:]*]]: i64, %[[KMAX:[^:]*]]: index
// CHECK:         %[[ROWS:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<64x32xf16>)
// CHECK:           %[[K:.*]] = linalg.index 1 : index
// CHECK:           %[[N:.*]] = linalg.index 0 : index
// CHECK:           arith.cmpi slt, %[[K]], %[[KMAX]]
// CHECK:           %[[NI:.*]] = arith.index_cast %[[N]]
// CHECK:           arith.muli %[[NI]], %{{.*}} : i64
// CHECK:           scf.if
// CHECK:             memref.load %[[W]]
// CHECK:         linalg.transpose ins(%[[ROWS]] : tensor<64x32xf16>) outs(%{{.*}} : tensor<32x64xf16>) permutation = [1, 0]
func.func @masked_runtime_stride(%w: memref<?xf16>, %stride: i64, %kmax: index,
                                 %x: tensor<64x32xf16>, %acc: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<32x64xf16>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%stride : i64) outs(%e : tensor<32x64xf16>) {
  ^bb0(%s: i64, %out: f16):
    %k = linalg.index 0 : index
    %n = linalg.index 1 : index
    %inside = arith.cmpi slt, %k, %kmax : index
    %ki = arith.index_cast %k : index to i64
    %ni = arith.index_cast %n : index to i64
    %col = arith.muli %ni, %s : i64
    %at = arith.addi %ki, %col : i64
    %v = scf.if %inside -> (f16) {
      %i = arith.index_cast %at : i64 to index
      %l = memref.load %w[%i] : memref<?xf16>
      scf.yield %l : f16
    } else {
      scf.yield %zero : f16
    }
    linalg.yield %v : f16
  } -> tensor<32x64xf16>
  %r = linalg.matmul ins(%x, %b : tensor<64x32xf16>, tensor<32x64xf16>)
                     outs(%acc : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// An int8 x @ w.T: with `int8` (int8 cooperative matrices) B is loaded along
// w's rows and transposed, as for f16; without it the block is left to the
// FMA path as it came.
// INT8-LABEL: func.func @int8_weight(
// INT8:         %[[ROWS:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<64x64xi8>)
// INT8:         linalg.transpose ins(%[[ROWS]] : tensor<64x64xi8>)
// CHECK-LABEL: func.func @int8_weight(
// CHECK-NOT:     linalg.transpose
func.func @int8_weight(%w: memref<?xi8>, %stride: i64, %x: tensor<64x64xi8>,
                       %acc: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %e = tensor.empty() : tensor<64x64xi8>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%stride : i64) outs(%e : tensor<64x64xi8>) {
  ^bb0(%s: i64, %out: i8):
    %k = linalg.index 0 : index
    %n = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %ni = arith.index_cast %n : index to i64
    %col = arith.muli %ni, %s : i64
    %at = arith.addi %ki, %col : i64
    %i = arith.index_cast %at : i64 to index
    %l = memref.load %w[%i] : memref<?xi8>
    linalg.yield %l : i8
  } -> tensor<64x64xi8>
  %r = linalg.matmul ins(%x, %b : tensor<64x64xi8>, tensor<64x64xi8>)
                     outs(%acc : tensor<64x64xi32>) -> tensor<64x64xi32>
  return %r : tensor<64x64xi32>
}

// -----

// An int8 x @ w.T whose K block (16) is no multiple of the int8 matrices'
// 32-deep step: the matmul stays on FMAs, so the block is left as it came.
// INT8-LABEL: func.func @int8_short_k(
// INT8-NOT:     linalg.transpose
func.func @int8_short_k(%w: memref<?xi8>, %stride: i64, %x: tensor<64x16xi8>,
                        %acc: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %e = tensor.empty() : tensor<16x64xi8>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%stride : i64) outs(%e : tensor<16x64xi8>) {
  ^bb0(%s: i64, %out: i8):
    %k = linalg.index 0 : index
    %n = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %ni = arith.index_cast %n : index to i64
    %col = arith.muli %ni, %s : i64
    %at = arith.addi %ki, %col : i64
    %i = arith.index_cast %at : i64 to index
    %l = memref.load %w[%i] : memref<?xi8>
    linalg.yield %l : i8
  } -> tensor<16x64xi8>
  %r = linalg.matmul ins(%x, %b : tensor<64x16xi8>, tensor<16x64xi8>)
                     outs(%acc : tensor<64x64xi32>) -> tensor<64x64xi32>
  return %r : tensor<64x64xi32>
}
