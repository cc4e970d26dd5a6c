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

// -----

#map = affine_map<(d0) -> (d0)>

// Offsets used by two consumers (a load and a store in Triton's kernels) are
// a little index arithmetic: fused into both, no offsets tensor remains.
// CHECK-LABEL: func.func @offsets_into_every_consumer
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @offsets_into_every_consumer(%base: i32, %x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %e = tensor.empty() : tensor<64xi32>
  %ef = tensor.empty() : tensor<64xf32>
  %offsets = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]}
      outs(%e : tensor<64xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i32
    %s = arith.addi %c, %base : i32
    linalg.yield %s : i32
  } -> tensor<64xi32>
  %a = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%offsets, %x : tensor<64xi32>, tensor<64xf32>) outs(%ef : tensor<64xf32>) {
  ^bb0(%off: i32, %v: f32, %o: f32):
    %f = arith.sitofp %off : i32 to f32
    %r = arith.addf %f, %v : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%offsets, %x : tensor<64xi32>, tensor<64xf32>) outs(%ef : tensor<64xf32>) {
  ^bb0(%off: i32, %v: f32, %o: f32):
    %f = arith.sitofp %off : i32 to f32
    %r = arith.mulf %f, %v : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %a, %b : tensor<64xf32>, tensor<64xf32>
}

// -----

#map2 = affine_map<(d0, d1) -> (d0, d1)>

// 64-bit addresses of a key block, `base + (start + i) * 64 + d` (ten ops),
// read by two loads (attention's k and v): fused into both, so each load
// sees its address pattern (and vectorizes after distribution).
// CHECK-LABEL: func.func @addresses_into_every_consumer
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @addresses_into_every_consumer(%base: i64, %start: i32, %k: memref<?xf16>, %v: memref<?xf16>) -> (tensor<32x64xf16>, tensor<32x64xf16>) {
  %e = tensor.empty() : tensor<32x64xi64>
  %ef = tensor.empty() : tensor<32x64xf16>
  %addresses = linalg.generic {indexing_maps = [#map2], iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<32x64xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ci = arith.index_cast %i : index to i32
    %cj = arith.index_cast %j : index to i32
    %row = arith.addi %start, %ci : i32
    %c64 = arith.constant 64 : i32
    %scaled = arith.muli %row, %c64 : i32
    %wide = arith.extsi %scaled : i32 to i64
    %col = arith.extsi %cj : i32 to i64
    %sum = arith.addi %wide, %col : i64
    %a = arith.addi %base, %sum : i64
    linalg.yield %a : i64
  } -> tensor<32x64xi64>
  %kb = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%addresses : tensor<32x64xi64>) outs(%ef : tensor<32x64xf16>) {
  ^bb0(%a: i64, %o: f16):
    %i = arith.index_cast %a : i64 to index
    %x = memref.load %k[%i] : memref<?xf16>
    linalg.yield %x : f16
  } -> tensor<32x64xf16>
  %vb = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%addresses : tensor<32x64xi64>) outs(%ef : tensor<32x64xf16>) {
  ^bb0(%a: i64, %o: f16):
    %i = arith.index_cast %a : i64 to index
    %x = memref.load %v[%i] : memref<?xf16>
    linalg.yield %x : f16
  } -> tensor<32x64xf16>
  return %kb, %vb : tensor<32x64xf16>, tensor<32x64xf16>
}

// -----

#map = affine_map<(d0) -> (d0)>

// An exp used twice is not recomputed per consumer: its consumers join it as
// further results of one generic (one loop nest).
// CHECK-LABEL: func.func @costly_producer_stays
// CHECK:         %[[ALL:.*]]:3 = linalg.generic
// CHECK:           math.exp
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[ALL]]#{{[12]}}, %[[ALL]]#{{[12]}}
func.func @costly_producer_stays(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %e = tensor.empty() : tensor<64xf32>
  %ex = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%ex : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.addf %v, %v : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%ex : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.mulf %v, %v : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %a, %b : tensor<64xf32>, tensor<64xf32>
}

// -----

// A range reshaped into a column (32x1) and a row (1x32) and broadcast: each
// reshape becomes the range computed at the expanded shape from its indices
// (i * 1 + j for the column), so both fuse into the consumer: no range
// tensor is left.
// CHECK-LABEL: func.func @range_rows_and_columns(
// CHECK-NOT:     tensor.expand_shape
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<32x32xi32>)
// CHECK-DAG:       linalg.index 0
// CHECK-DAG:       linalg.index 1
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[R]]
func.func @range_rows_and_columns() -> tensor<32x32xi32> {
  %e = tensor.empty() : tensor<32xi32>
  %range = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<32xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i32
    linalg.yield %v : i32
  } -> tensor<32xi32>
  %column = tensor.expand_shape %range [[0, 1]] output_shape [32, 1] : tensor<32xi32> into tensor<32x1xi32>
  %row = tensor.expand_shape %range [[0, 1]] output_shape [1, 32] : tensor<32xi32> into tensor<1x32xi32>
  %e2 = tensor.empty() : tensor<32x32xi32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%column, %row : tensor<32x1xi32>, tensor<1x32xi32>) outs(%e2 : tensor<32x32xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %c32 = arith.constant 32 : i32
    %m = arith.muli %a, %c32 : i32
    %s = arith.addi %m, %b : i32
    linalg.yield %s : i32
  } -> tensor<32x32xi32>
  return %sum : tensor<32x32xi32>
}

// -----

#map = affine_map<(d0) -> (d0)>

// A block loaded and stored back in place at other positions: fusing the
// load into the store would let one element's store overwrite another's
// value before it is read. The load stays its own generic.
// CHECK-LABEL: func.func @in_place_permuted_store
// CHECK:         %[[X:.*]] = linalg.generic
// CHECK:           memref.load %{{.*}}[%{{.*}}]
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %[[X]] :
// CHECK-NOT:       memref.load
// CHECK:           memref.store
func.func @in_place_permuted_store(%m: memref<?xf32>, %offsets: tensor<64xi64>, %dest: tensor<64xi64>) {
  %e = tensor.empty() : tensor<64xf32>
  %x = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%offsets : tensor<64xi64>) outs(%e : tensor<64xf32>) {
  ^bb0(%off: i64, %o: f32):
    %i = arith.index_cast %off : i64 to index
    %v = memref.load %m[%i] : memref<?xf32>
    linalg.yield %v : f32
  } -> tensor<64xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%dest, %x : tensor<64xi64>, tensor<64xf32>) {
  ^bb0(%d: i64, %v: f32):
    %i = arith.index_cast %d : i64 to index
    memref.store %v, %m[%i] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>

// An in-place update at the addresses it read: one fused generic.
// CHECK-LABEL: func.func @in_place_same_addresses
// CHECK:         linalg.generic
// CHECK:           memref.load
// CHECK:           arith.mulf
// CHECK:           memref.store
// CHECK-NOT:     linalg.generic
func.func @in_place_same_addresses(%m: memref<?xf32>, %offsets: tensor<64xi64>) {
  %e = tensor.empty() : tensor<64xf32>
  %x = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%offsets : tensor<64xi64>) outs(%e : tensor<64xf32>) {
  ^bb0(%off: i64, %o: f32):
    %i = arith.index_cast %off : i64 to index
    %v = memref.load %m[%i] : memref<?xf32>
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = arith.mulf %v, %v : f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%offsets, %y : tensor<64xi64>, tensor<64xf32>) {
  ^bb0(%off: i64, %v: f32):
    %i = arith.index_cast %off : i64 to index
    memref.store %v, %m[%i] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

#map = affine_map<(d0) -> (d0)>

// A store between a load and its use: the load must not move past it.
// CHECK-LABEL: func.func @store_between_load_and_use
// CHECK:         %[[X:.*]] = linalg.generic
// CHECK:           memref.load %[[A:.*]][
// CHECK:         linalg.generic
// CHECK:           memref.store %{{.*}}, %[[A]][
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %[[X]] :
// CHECK-NOT:       memref.load
// CHECK:           memref.store
func.func @store_between_load_and_use(%a: memref<?xf32>, %b: memref<?xf32>, %offsets: tensor<64xi64>, %z: tensor<64xf32>) {
  %e = tensor.empty() : tensor<64xf32>
  %x = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%offsets : tensor<64xi64>) outs(%e : tensor<64xf32>) {
  ^bb0(%off: i64, %o: f32):
    %i = arith.index_cast %off : i64 to index
    %v = memref.load %a[%i] : memref<?xf32>
    linalg.yield %v : f32
  } -> tensor<64xf32>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%offsets, %z : tensor<64xi64>, tensor<64xf32>) {
  ^bb0(%off: i64, %v: f32):
    %i = arith.index_cast %off : i64 to index
    memref.store %v, %a[%i] : memref<?xf32>
    linalg.yield
  }
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%offsets, %x : tensor<64xi64>, tensor<64xf32>) {
  ^bb0(%off: i64, %v: f32):
    %i = arith.index_cast %off : i64 to index
    memref.store %v, %b[%i] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// A row max broadcast back over its rows (m[:, None]): the expand_shape stays
// after the linalg.reduce instead of turning it into a generic with a
// reduction loop (which distribution would fold serially per row).
// CHECK-LABEL: func.func @row_max_then_broadcast
// CHECK:         %[[M:.*]] = linalg.reduce { arith.maxnumf }
// CHECK:         tensor.expand_shape %[[M]]
// CHECK-NOT:     "reduction"
func.func @row_max_then_broadcast(%x: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<32xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %m = linalg.reduce { arith.maxnumf } ins(%x : tensor<32x16xf32>) outs(%init : tensor<32xf32>) dimensions = [1]
  %m2 = tensor.expand_shape %m [[0, 1]] output_shape [32, 1] : tensor<32xf32> into tensor<32x1xf32>
  %e2 = tensor.empty() : tensor<32x16xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m2 : tensor<32x16xf32>, tensor<32x1xf32>) outs(%e2 : tensor<32x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<32x16xf32>
  return %d : tensor<32x16xf32>
}

// -----

// start + arange(0, 32) built as a column (32x1), collapsed and expanded to a
// row (1x32) for a mask: the range is recomputed at the row's shape from its
// flat position (the scalar start stays an input) and fuses into the
// consumer; no reshape or range buffer is left.
// CHECK-LABEL: func.func @range_reshaped_to_row(
// CHECK-NOT:     tensor.collapse_shape
// CHECK-NOT:     tensor.expand_shape
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %{{.*}}, %{{.*}} : i32, tensor<32x32xf32>, i32)
// CHECK:           arith.cmpi slt
// CHECK-NOT:     linalg.generic
func.func @range_reshaped_to_row(%start: i32, %n: i32, %x: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %e = tensor.empty() : tensor<32x1xi32>
  %col = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%start : i32) outs(%e : tensor<32x1xi32>) {
  ^bb0(%s: i32, %o: i32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %v = arith.addi %s, %ii : i32
    linalg.yield %v : i32
  } -> tensor<32x1xi32>
  %flat = tensor.collapse_shape %col [[0, 1]] : tensor<32x1xi32> into tensor<32xi32>
  %row = tensor.expand_shape %flat [[0, 1]] output_shape [1, 32] : tensor<32xi32> into tensor<1x32xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %e2 = tensor.empty() : tensor<32x32xf32>
  %masked = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%row, %x, %n : tensor<1x32xi32>, tensor<32x32xf32>, i32) outs(%e2 : tensor<32x32xf32>) {
  ^bb0(%r: i32, %v: f32, %limit: i32, %o: f32):
    %in = arith.cmpi slt, %r, %limit : i32
    %m = arith.select %in, %v, %ninf : f32
    linalg.yield %m : f32
  } -> tensor<32x32xf32>
  return %masked : tensor<32x32xf32>
}

// -----

// p = exp(s - m) feeds a row sum and p.to(f16): the conversion joins the exp
// as a second result (one loop nest), the sum reads the first.
// CHECK-LABEL: func.func @consumer_joins_producer(
// CHECK:         %[[P:.*]]:2 = linalg.generic
// CHECK:           math.exp
// CHECK:           arith.truncf
// CHECK:           linalg.yield %{{.*}}, %{{.*}} : f32, f16
// CHECK:         linalg.reduce { arith.addf } ins(%[[P]]#0
// CHECK:         return %{{.*}}, %[[P]]#1
func.func @consumer_joins_producer(%s: tensor<32x32xf32>, %m: f32) -> (tensor<32xf32>, tensor<32x32xf16>) {
  %e = tensor.empty() : tensor<32x32xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s, %m : tensor<32x32xf32>, f32) outs(%e : tensor<32x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.subf %x, %y : f32
    %x2 = math.exp %d : f32
    linalg.yield %x2 : f32
  } -> tensor<32x32xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32xf32>) -> tensor<32xf32>
  %sum = linalg.reduce { arith.addf } ins(%p : tensor<32x32xf32>) outs(%init : tensor<32xf32>) dimensions = [1]
  %e2 = tensor.empty() : tensor<32x32xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%p : tensor<32x32xf32>) outs(%e2 : tensor<32x32xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<32x32xf16>
  return %sum, %h : tensor<32xf32>, tensor<32x32xf16>
}

// -----

// Scaled scores feed a row max (which keeps them in a buffer) and
// exp(s - max): recomputing the scaling in the exp would save no buffer, so
// the exp reads the scaled scores.
// CHECK-LABEL: func.func @kept_producer_not_recomputed(
// CHECK:         %[[S:.*]] = linalg.generic
// CHECK:           arith.mulf
// CHECK:         linalg.reduce { arith.maxnumf } ins(%[[S]]
// CHECK:         linalg.generic {{.*}} ins(%[[S]]
// CHECK-NOT:       arith.mulf
// CHECK:           math.exp
func.func @kept_producer_not_recomputed(%x: tensor<32x32xf32>, %scale: f32) -> (tensor<32xf32>, tensor<32x32xf32>) {
  %e = tensor.empty() : tensor<32x32xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %scale : tensor<32x32xf32>, f32) outs(%e : tensor<32x32xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %m = arith.mulf %v, %c : f32
    linalg.yield %m : f32
  } -> tensor<32x32xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<32xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<32xf32>) -> tensor<32xf32>
  %mx = linalg.reduce { arith.maxnumf } ins(%s : tensor<32x32xf32>) outs(%init : tensor<32xf32>) dimensions = [1]
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s, %mx : tensor<32x32xf32>, tensor<32xf32>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%v: f32, %row: f32, %o: f32):
    %d = arith.subf %v, %row : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<32x32xf32>
  return %mx, %p : tensor<32xf32>, tensor<32x32xf32>
}

// -----

// m = max(a, b) is broadcast over rows (m[:, None]) and also read as a row
// vector: it keeps its 1-D shape (expanding it for the broadcast would leave
// the other reader a collapse of it), and the row-vector reader joins it.
// CHECK-LABEL: func.func @expanded_for_one_of_two_readers(
// CHECK:         %[[M:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel"]}
// CHECK:         tensor.expand_shape %[[M]]#0 {{\[}}[0, 1]] output_shape [32, 1]
// CHECK-NOT:     tensor.collapse_shape
func.func @expanded_for_one_of_two_readers(%a: tensor<32xf32>, %b: tensor<32xf32>, %s: tensor<32x16xf32>) -> (tensor<32xf32>, tensor<32x16xf32>) {
  %e = tensor.empty() : tensor<32xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<32xf32>, tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = arith.maxnumf %x, %y : f32
    linalg.yield %r : f32
  } -> tensor<32xf32>
  %alpha = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %m : tensor<32xf32>, tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.subf %x, %y : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<32xf32>
  %col = tensor.expand_shape %m [[0, 1]] output_shape [32, 1] : tensor<32xf32> into tensor<32x1xf32>
  %e2 = tensor.empty() : tensor<32x16xf32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s, %col : tensor<32x16xf32>, tensor<32x1xf32>) outs(%e2 : tensor<32x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %d = arith.subf %x, %y : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<32x16xf32>
  return %alpha, %p : tensor<32xf32>, tensor<32x16xf32>
}

// -----

// l * a + tl.sum(p, 1): the row sum starts from l * a instead of zero, so
// the addition is the reduction's own (no separate phase for it).
// CHECK-LABEL: func.func @sum_started_from_addend(
// CHECK:         %[[START:.*]] = linalg.generic
// CHECK:           arith.mulf
// CHECK-NOT:       arith.addf
// CHECK:         %[[SUM:.*]] = linalg.reduce { arith.addf } ins(%{{.*}} : tensor<32x16xf32>) outs(%[[START]] : tensor<32xf32>)
// CHECK:         return %[[SUM]]
func.func @sum_started_from_addend(%p: tensor<32x16xf32>, %l: tensor<32xf32>, %a: tensor<32xf32>) -> tensor<32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %sum = linalg.reduce { arith.addf } ins(%p : tensor<32x16xf32>) outs(%init : tensor<32xf32>) dimensions = [1]
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%l, %a, %sum : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%x: f32, %y: f32, %s: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %t = arith.addf %m, %s : f32
    linalg.yield %t : f32
  } -> tensor<32xf32>
  return %r : tensor<32xf32>
}

// -----

// A zero block is a loop's initial accumulator and a masked load's `other`:
// recomputing it in the load costs nothing (no tensor inputs), so the load
// uses the constant instead of reading a zero buffer.
// CHECK-LABEL: func.func @constant_other(
// CHECK:         scf.for
// CHECK:           linalg.generic {{.*}} ins(%{{.*}} : tensor<64xf32>, i32)
// CHECK:             scf.if
// CHECK:             } else {
// CHECK-NEXT:          scf.yield %{{.*}} : f32
func.func @constant_other(%x: memref<?xf32>, %n: i32, %steps: index) -> tensor<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %zeros = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<64xf32>) {
  ^bb0(%o: f32):
    linalg.yield %zero : f32
  } -> tensor<64xf32>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zeros) -> (tensor<64xf32>) {
    %next = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%acc, %zeros, %n : tensor<64xf32>, tensor<64xf32>, i32) outs(%e : tensor<64xf32>) {
    ^bb0(%a: f32, %other: f32, %limit: i32, %o: f32):
      %j = linalg.index 0 : index
      %ji = arith.index_cast %j : index to i32
      %in = arith.cmpi slt, %ji, %limit : i32
      %v = scf.if %in -> f32 {
        %l = memref.load %x[%j] : memref<?xf32>
        scf.yield %l : f32
      } else {
        scf.yield %other : f32
      }
      %s = arith.addf %a, %v : f32
      linalg.yield %s : f32
    } -> tensor<64xf32>
    scf.yield %next : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}
