// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(store-bf16-as-i16{container=f16}))' | FileCheck %s
// RUN: not triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(store-bf16-as-i16{container=f32}))' 2>&1 | FileCheck %s --check-prefix=BAD

// container=f16 (the NVIDIA profiles): bf16 memory holds its bits as f16;
// values carried by scf.if travel as f16, only arithmetic sees bf16. Scalar
// arguments still arrive as i16 (the argument ABI).
// CHECK-LABEL: func.func @scale(
// CHECK-SAME:    %[[IN:.*]]: memref<?xf16>, %[[OUT:.*]]: memref<?xf16>, %[[S:.*]]: i16, %{{.*}}: index, %{{.*}}: i1)
// CHECK:         %[[SB:.*]] = arith.bitcast %[[S]] : i16 to bf16
// CHECK:         %[[V:.*]] = scf.if %{{.*}} -> (f16) {
// CHECK:           %[[RAW:.*]] = memref.load %[[IN]][%{{.*}}] : memref<?xf16>
// CHECK:           scf.yield %{{.*}} : f16
// CHECK:         %[[X:.*]] = arith.bitcast %[[V]] : f16 to bf16
// CHECK:         %[[Y:.*]] = arith.mulf %[[X]], %[[SB]] : bf16
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[Y]] : bf16 to f16
// CHECK:         memref.store %[[BITS]], %[[OUT]][%{{.*}}] : memref<?xf16>
// BAD: error: store-bf16-as-i16: container must be i16 or f16, not 'f32'
func.func @scale(%in: memref<?xbf16>, %out: memref<?xbf16>, %s: bf16, %i: index, %m: i1) {
  %zero = arith.constant 0.0 : bf16
  %v = scf.if %m -> (bf16) {
    %l = memref.load %in[%i] : memref<?xbf16>
    scf.yield %l : bf16
  } else {
    scf.yield %zero : bf16
  }
  %y = arith.mulf %v, %s : bf16
  memref.store %y, %out[%i] : memref<?xbf16>
  return
}

// -----

// Raw-address accesses move f16 bits too.
// CHECK-LABEL: func.func @raw_address(
// CHECK:         %[[BITS:.*]] = llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<1> -> f16
// CHECK:         %[[X:.*]] = arith.bitcast %[[BITS]] : f16 to bf16
// CHECK:         %[[OUT:.*]] = arith.bitcast %{{.*}} : bf16 to f16
// CHECK:         llvm.store %[[OUT]], %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<1>
func.func @raw_address(%p: !llvm.ptr<1>) {
  %x = llvm.load %p {alignment = 2 : i64} : !llvm.ptr<1> -> bf16
  %y = arith.addf %x, %x : bf16
  llvm.store %y, %p {alignment = 2 : i64} : bf16, !llvm.ptr<1>
  return
}
