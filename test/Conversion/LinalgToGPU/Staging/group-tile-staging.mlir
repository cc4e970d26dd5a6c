// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(group-tile-staging))' | FileCheck %s

// Attention's key loop: K is staged at the top, V after the scores' ops.
// V's staging (with its allocation) moves up beside K's: nothing in between
// touches V's tile or writes global memory.
// CHECK-LABEL: func.func @stage_v_beside_k(
// CHECK:         scf.for
// CHECK:           %[[K:.*]] = memref.alloc() : memref<16x8xf16>
// CHECK-NEXT:      linalg.generic {{.*}} outs(%[[K]] : memref<16x8xf16>)
// CHECK:           %[[V:.*]] = memref.alloc() : memref<8x16xf16>
// CHECK-NEXT:      linalg.generic {{.*}} outs(%[[V]] : memref<8x16xf16>)
// CHECK:           linalg.matmul ins(%{{.*}}, %[[K]] :
// CHECK:           linalg.reduce
// CHECK:           linalg.matmul ins(%{{.*}}, %[[V]] :
func.func @stage_v_beside_k(%k: memref<?xf16>, %v: memref<?xf16>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %q = memref.alloc() : memref<8x16xf16>
  %s = memref.alloc() : memref<8x8xf32>
  %p = memref.alloc() : memref<8x8xf16>
  %m = memref.alloc() : memref<8xf32>
  %acc = memref.alloc() : memref<8x16xf32>
  scf.for %i = %c0 to %steps step %c1 {
    %kt = memref.alloc() : memref<16x8xf16>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : index) outs(%kt : memref<16x8xf16>) {
    ^bb0(%base: index, %o: f16):
      %r = linalg.index 0 : index
      %x = arith.addi %r, %base : index
      %e = memref.load %k[%x] : memref<?xf16>
      linalg.yield %e : f16
    }
    linalg.matmul ins(%q, %kt : memref<8x16xf16>, memref<16x8xf16>) outs(%s : memref<8x8xf32>)
    linalg.reduce { arith.maxnumf } ins(%s : memref<8x8xf32>) outs(%m : memref<8xf32>) dimensions = [1]
    %vt = memref.alloc() : memref<8x16xf16>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%i : index) outs(%vt : memref<8x16xf16>) {
    ^bb0(%base: index, %o: f16):
      %c = linalg.index 1 : index
      %x = arith.addi %c, %base : index
      %e = memref.load %v[%x] : memref<?xf16>
      linalg.yield %e : f16
    }
    linalg.matmul ins(%p, %vt : memref<8x8xf16>, memref<8x16xf16>) outs(%acc : memref<8x16xf32>)
  }
  return
}

// -----

// A store to a kernel argument between the two stagings: V's stays where
// it is (a staging load may read what that store writes).
// CHECK-LABEL: func.func @global_store_between(
// CHECK:         linalg.generic {{.*}} outs(%[[A:.*]] : memref<4x4xf16>)
// CHECK:         memref.store
// CHECK:         memref.alloc() : memref<4x4xf16>
// CHECK-NEXT:    linalg.generic
func.func @global_store_between(%g: memref<?xf16>, %x: f16) -> (memref<4x4xf16>, memref<4x4xf16>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4x4xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<4x4xf16>) {
  ^bb0(%o: f16):
    %r = linalg.index 0 : index
    %e = memref.load %g[%r] : memref<?xf16>
    linalg.yield %e : f16
  }
  memref.store %x, %g[%c0] : memref<?xf16>
  %b = memref.alloc() : memref<4x4xf16>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b : memref<4x4xf16>) {
  ^bb0(%o: f16):
    %c = linalg.index 1 : index
    %e = memref.load %g[%c] : memref<?xf16>
    linalg.yield %e : f16
  }
  return %a, %b : memref<4x4xf16>, memref<4x4xf16>
}
