// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(fuse-elementwise-chains))' | FileCheck %s

#map = affine_map<(d0) -> (d0)>

// A pure chain fuses into one generic.
// CHECK-LABEL: func.func @pure_chain
// CHECK:         linalg.generic
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK-NOT:     linalg.generic
func.func @pure_chain(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %sq = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    linalg.yield %m : f32
  } -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%sq, %x : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %sum : tensor<64xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>

// An atomic returning old values stays its own generic: fusing it into the
// consumer would leave the (not dead) producer behind and update twice.
// CHECK-LABEL: func.func @atomic_producer
// CHECK:         %[[OLD:.*]] = linalg.generic
// CHECK:           memref.generic_atomic_rmw
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[OLD]] : tensor<64xf32>)
// CHECK-NOT:       memref.generic_atomic_rmw
// CHECK:           arith.mulf
func.func @atomic_producer(%m: memref<?xf32>, %offsets: tensor<64xi64>, %v: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %old = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%offsets, %v : tensor<64xi64>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%off: i64, %x: f32, %o: f32):
    %i = arith.index_cast %off : i64 to index
    %r = memref.generic_atomic_rmw %m[%i] : memref<?xf32> {
    ^bb0(%cur: f32):
      %n = arith.addf %cur, %x : f32
      memref.atomic_yield %n : f32
    }
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %twice = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%old : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  return %twice : tensor<64xf32>
}
