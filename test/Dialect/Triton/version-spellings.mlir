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
