// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=64 contiguity=4 share-barriers=true}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=64 contiguity=4}))' | FileCheck %s --check-prefix=EACH

// Two tiles staged one after the other into disjoint workgroup buffers: one
// barrier after both (the second phase touches nothing the first does);
// without share-barriers, one after each.
// CHECK-LABEL: func.func @disjoint_stagings(
// CHECK:         memref.store %{{.*}}, %[[A:.*]][
// CHECK-NOT:     gpu.barrier
// CHECK:         memref.store %{{.*}}, %[[B:.*]][
// CHECK:         gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK:         memref.load %[[A]]
// EACH-LABEL: func.func @disjoint_stagings(
// EACH-COUNT-2:  gpu.barrier
func.func @disjoint_stagings(%g: memref<?xf32>, %out: memref<?xf32>) {
  %a = memref.alloc() : memref<16x16xf32>
  %b = memref.alloc() : memref<16x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<16x16xf32>) {
  ^bb0(%o: f32):
    %r = linalg.index 0 : index
    %e = memref.load %g[%r] : memref<?xf32>
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b : memref<16x16xf32>) {
  ^bb0(%o: f32):
    %c = linalg.index 1 : index
    %e = memref.load %g[%c] : memref<?xf32>
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = linalg.index 0 : index
    %c = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %rr = arith.muli %r, %c16 : index
    %i = arith.addi %rr, %c : index
    %s = arith.addf %x, %y : f32
    memref.store %s, %out[%i] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// The second phase reads what the first wrote (transposed): each keeps its
// barrier.
// CHECK-LABEL: func.func @dependent_phases(
// CHECK:         memref.store %{{.*}}, %[[A:.*]][
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[A]]
// CHECK:         gpu.barrier
func.func @dependent_phases(%g: memref<?xf32>, %out: memref<?xf32>) {
  %a = memref.alloc() : memref<16x16xf32>
  %b = memref.alloc() : memref<16x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<16x16xf32>) {
  ^bb0(%o: f32):
    %r = linalg.index 0 : index
    %e = memref.load %g[%r] : memref<?xf32>
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<16x16xf32>) outs(%b : memref<16x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%b : memref<16x16xf32>) {
  ^bb0(%y: f32):
    %r = linalg.index 0 : index
    %c = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %rr = arith.muli %r, %c16 : index
    %i = arith.addi %rr, %c : index
    memref.store %y, %out[%i] : memref<?xf32>
    linalg.yield
  }
  return
}

// -----

// A writes %a, B (disjoint from A) writes %b, C reads %a: B's barrier stays,
// since C must see A's writes too (what was accessed since the last
// barrier counts, not only the phase just before).
// CHECK-LABEL: func.func @run_of_phases(
// CHECK:         memref.store %{{.*}}, %[[A:.*]][
// CHECK-NOT:     gpu.barrier
// CHECK:         memref.store %{{.*}}, %[[B:.*]][
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[A]]
func.func @run_of_phases(%g: memref<?xf32>, %out: memref<?xf32>) {
  %a = memref.alloc() : memref<16x16xf32>
  %b = memref.alloc() : memref<16x16xf32>
  %c = memref.alloc() : memref<16x16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<16x16xf32>) {
  ^bb0(%o: f32):
    %r = linalg.index 0 : index
    %e = memref.load %g[%r] : memref<?xf32>
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%b : memref<16x16xf32>) {
  ^bb0(%o: f32):
    %c1 = linalg.index 1 : index
    %e = memref.load %g[%c1] : memref<?xf32>
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<16x16xf32>) outs(%c : memref<16x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]} ins(%b, %c : memref<16x16xf32>, memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = linalg.index 0 : index
    %c1 = linalg.index 1 : index
    %c16 = arith.constant 16 : index
    %rr = arith.muli %r, %c16 : index
    %i = arith.addi %rr, %c1 : index
    %s = arith.addf %x, %y : f32
    memref.store %s, %out[%i] : memref<?xf32>
    linalg.yield
  }
  return
}
