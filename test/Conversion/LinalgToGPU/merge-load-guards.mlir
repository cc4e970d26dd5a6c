// RUN: triton-spirv-opt %s --split-input-file --merge-load-guards | FileCheck %s

// Two masked loads (a tile's runs): one guard for both. When both hold the
// loads run unguarded; otherwise the original ifs.
// CHECK-LABEL: func.func @two_runs(
// CHECK-SAME:    %[[SRC:.*]]: memref<?xf16>, %[[I:.*]]: index, %[[J:.*]]: index, %[[P:.*]]: i1, %[[Q:.*]]: i1
// CHECK:         %[[ALL:.*]] = arith.andi %[[P]], %[[Q]] : i1
// CHECK:         %[[R:.*]]:2 = scf.if %[[ALL]] -> (vector<4xf16>, vector<4xf16>) {
// CHECK-NEXT:      %[[A:.*]] = vector.load %[[SRC]][%[[I]]]
// CHECK-NEXT:      %[[B:.*]] = vector.load %[[SRC]][%[[J]]]
// CHECK-NEXT:      scf.yield %[[A]], %[[B]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[A2:.*]] = scf.if %[[P]]
// CHECK:           %[[B2:.*]] = scf.if %[[Q]]
// CHECK:           scf.yield %[[A2]], %[[B2]]
// CHECK:         %[[S:.*]] = arith.addf %[[R]]#0, %[[R]]#1
// CHECK:         return %[[S]]
func.func @two_runs(%src: memref<?xf16>, %i: index, %j: index, %p: i1, %q: i1) -> vector<4xf16> {
  %zero = arith.constant dense<0.0> : vector<4xf16>
  %a = scf.if %p -> (vector<4xf16>) {
    %v = vector.load %src[%i] : memref<?xf16>, vector<4xf16>
    scf.yield %v : vector<4xf16>
  } else {
    scf.yield %zero : vector<4xf16>
  }
  %c4 = arith.constant 4 : index
  %b = scf.if %q -> (vector<4xf16>) {
    %v = vector.load %src[%j] : memref<?xf16>, vector<4xf16>
    scf.yield %v : vector<4xf16>
  } else {
    scf.yield %zero : vector<4xf16>
  }
  %s = arith.addf %a, %b : vector<4xf16>
  return %s : vector<4xf16>
}

// -----

// A store between them: the loads may not move past it.
// CHECK-LABEL: func.func @store_between(
// CHECK-NOT:     arith.andi
func.func @store_between(%src: memref<?xf16>, %dst: memref<?xf16>, %i: index, %p: i1, %q: i1) -> (vector<4xf16>, vector<4xf16>) {
  %zero = arith.constant dense<0.0> : vector<4xf16>
  %a = scf.if %p -> (vector<4xf16>) {
    %v = vector.load %src[%i] : memref<?xf16>, vector<4xf16>
    scf.yield %v : vector<4xf16>
  } else {
    scf.yield %zero : vector<4xf16>
  }
  vector.store %zero, %dst[%i] : memref<?xf16>, vector<4xf16>
  %b = scf.if %q -> (vector<4xf16>) {
    %v = vector.load %src[%i] : memref<?xf16>, vector<4xf16>
    scf.yield %v : vector<4xf16>
  } else {
    scf.yield %zero : vector<4xf16>
  }
  return %a, %b : vector<4xf16>, vector<4xf16>
}

// -----

// The first load's value decides the second's address: no merge.
// CHECK-LABEL: func.func @dependent_address(
// CHECK-NOT:     arith.andi
func.func @dependent_address(%src: memref<?xi32>, %p: i1, %q: i1) -> i32 {
  %zero = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %a = scf.if %p -> (i32) {
    %v = memref.load %src[%c0] : memref<?xi32>
    scf.yield %v : i32
  } else {
    scf.yield %zero : i32
  }
  %i = arith.index_cast %a : i32 to index
  %b = scf.if %q -> (i32) {
    %v = memref.load %src[%i] : memref<?xi32>
    scf.yield %v : i32
  } else {
    scf.yield %zero : i32
  }
  return %b : i32
}
