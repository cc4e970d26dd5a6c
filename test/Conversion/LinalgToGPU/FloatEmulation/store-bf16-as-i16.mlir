// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(store-bf16-as-i16))' | FileCheck %s

// bf16 memory becomes i16 memory; loads and stores bitcast, and bf16 values
// carried by scf.if travel as i16.
// CHECK-LABEL: func.func @scale(
// CHECK-SAME:    %[[IN:.*]]: memref<?xi16>, %[[OUT:.*]]: memref<?xi16>, %{{.*}}: index, %{{.*}}: i1)
// CHECK:         %[[V:.*]] = scf.if %{{.*}} -> (i16) {
// CHECK:           %[[RAW:.*]] = memref.load %[[IN]][%{{.*}}] : memref<?xi16>
// CHECK:           scf.yield %{{.*}} : i16
// CHECK:         %[[X:.*]] = arith.bitcast %[[V]] : i16 to bf16
// CHECK:         %[[Y:.*]] = arith.addf %[[X]], %[[X]] : bf16
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[Y]] : bf16 to i16
// CHECK:         memref.store %[[BITS]], %[[OUT]][%{{.*}}] : memref<?xi16>
func.func @scale(%in: memref<?xbf16>, %out: memref<?xbf16>, %i: index, %m: i1) {
  %zero = arith.constant 0.0 : bf16
  %v = scf.if %m -> (bf16) {
    %l = memref.load %in[%i] : memref<?xbf16>
    scf.yield %l : bf16
  } else {
    scf.yield %zero : bf16
  }
  %y = arith.addf %v, %v : bf16
  memref.store %y, %out[%i] : memref<?xbf16>
  return
}

// A scalar bf16 argument arrives as its bits and is a bf16 again at entry.
// CHECK-LABEL: func.func @scalar_argument(
// CHECK-SAME:    %[[OUT:.*]]: memref<?xi16>, %[[S:.*]]: i16, %{{.*}}: index)
// CHECK-NEXT:    %[[X:.*]] = arith.bitcast %[[S]] : i16 to bf16
// CHECK-NEXT:    %[[Y:.*]] = arith.addf %[[X]], %[[X]] : bf16
func.func @scalar_argument(%out: memref<?xbf16>, %s: bf16, %i: index) {
  %y = arith.addf %s, %s : bf16
  memref.store %y, %out[%i] : memref<?xbf16>
  return
}

// Raw-address accesses (kernels without a single base argument per pointer)
// move bf16 as i16 too.
// CHECK-LABEL: func.func @raw_address(
// CHECK:         %[[BITS:.*]] = llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<1> -> i16
// CHECK:         %[[X:.*]] = arith.bitcast %[[BITS]] : i16 to bf16
// CHECK:         %[[Y:.*]] = arith.addf %[[X]], %[[X]] : bf16
// CHECK:         %[[OUT:.*]] = arith.bitcast %[[Y]] : bf16 to i16
// CHECK:         llvm.store %[[OUT]], %{{.*}} {alignment = 2 : i64} : i16, !llvm.ptr<1>
func.func @raw_address(%p: !llvm.ptr<1>) {
  %x = llvm.load %p {alignment = 2 : i64} : !llvm.ptr<1> -> bf16
  %y = arith.addf %x, %x : bf16
  llvm.store %y, %p {alignment = 2 : i64} : bf16, !llvm.ptr<1>
  return
}
