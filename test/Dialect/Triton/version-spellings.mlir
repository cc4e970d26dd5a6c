// RUN: triton-spirv-opt %s | triton-spirv-opt | FileCheck %s

// Spellings that differ between the Triton 3.6-3.9 frontends print back as
// they were read.

// 3.6/3.7 print a descriptor's block as a tensor type, 3.8+ as its shape.
// CHECK-LABEL: tt.func @descriptors(
// CHECK-SAME:    %{{.*}}: !tt.tensordesc<tensor<64x32xf16>>
// CHECK-SAME:    %{{.*}}: !tt.tensordesc<16x8xbf16>
tt.func @descriptors(%old: !tt.tensordesc<tensor<64x32xf16>>, %new: !tt.tensordesc<16x8xbf16>) {
  tt.return
}

// 3.9 carries load/store cache hints in one attribute.
// CHECK-LABEL: tt.func @cache_policy(
// CHECK: tt.load %{{.*}} {cachePolicy = #tt.cache_policy<cache_modifier = cg, eviction_policy = evict_first>} : !tt.ptr<f32>
// CHECK: tt.store %{{.*}}, %{{.*}} {cachePolicy = #tt.cache_policy<cache_modifier = wt, eviction_policy = evict_last>} : !tt.ptr<f32>
tt.func @cache_policy(%p: !tt.ptr<f32>) {
  %v = tt.load %p {cachePolicy = #tt.cache_policy<cache_modifier = cg, eviction_policy = evict_first>} : !tt.ptr<f32>
  tt.store %p, %v {cachePolicy = #tt.cache_policy<cache_modifier = wt, eviction_policy = evict_last>} : !tt.ptr<f32>
  tt.return
}

// 3.9's atomic loads, stores and polls, approximate division and
// programmatic-dependent-launch ops.
// CHECK-LABEL: tt.func @triton39_ops(
// CHECK: tt.grid_dependency_wait
// CHECK: %{{.*}} = tt.atomic_load acquire, gpu, %{{.*}}, %{{.*}} : (tensor<8x!tt.ptr<i32>>, tensor<8xi1>) -> tensor<8xi32>
// CHECK: %{{.*}} = tt.atomic_load relaxed, cta, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i1) -> i32
// CHECK: tt.atomic_store release, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<8x!tt.ptr<i32>>
// CHECK: tt.atomic_store relaxed, sys, %{{.*}}, %{{.*}}, %{{.*}} : !tt.ptr<i32>
// CHECK: %{{.*}} = tt.atomic_poll acquire, gpu, %{{.*}}, %{{.*}} : !tt.ptr<i32>, i32 -> i1
// CHECK: %{{.*}} = tt.atomic_poll relaxed, gpu, %{{.*}}, %{{.*}} timeout %{{.*}} : tensor<8x!tt.ptr<i16>>, tensor<8xi16> -> tensor<8xi1>
// CHECK: %{{.*}} = tt.approx_divf %{{.*}}, %{{.*}} : tensor<8xf32>
// CHECK: tt.grid_dependency_launch_dependents
tt.func @triton39_ops(%p: !tt.ptr<i32>, %h: !tt.ptr<i16>, %x: tensor<8xf32>, %m: tensor<8xi1>, %t: i64) {
  %true = arith.constant true
  %one = arith.constant 1 : i32
  %three = arith.constant dense<3> : tensor<8xi16>
  %offs = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
  %pv = tt.addptr %ps, %offs : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
  %hs = tt.splat %h : !tt.ptr<i16> -> tensor<8x!tt.ptr<i16>>
  %hv = tt.addptr %hs, %offs : tensor<8x!tt.ptr<i16>>, tensor<8xi32>
  tt.grid_dependency_wait
  %a = tt.atomic_load acquire, gpu, %pv, %m : (tensor<8x!tt.ptr<i32>>, tensor<8xi1>) -> tensor<8xi32>
  %s = tt.atomic_load relaxed, cta, %p, %true : (!tt.ptr<i32>, i1) -> i32
  tt.atomic_store release, gpu, %pv, %a, %m : tensor<8x!tt.ptr<i32>>
  tt.atomic_store relaxed, sys, %p, %s, %true : !tt.ptr<i32>
  %ok = tt.atomic_poll acquire, gpu, %p, %one : !tt.ptr<i32>, i32 -> i1
  %oks = tt.atomic_poll relaxed, gpu, %hv, %three timeout %t : tensor<8x!tt.ptr<i16>>, tensor<8xi16> -> tensor<8xi1>
  %d = tt.approx_divf %x, %x : tensor<8xf32>
  tt.grid_dependency_launch_dependents
  tt.return
}
