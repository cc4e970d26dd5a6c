// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=128 contiguity=4 cooperative-matrix=true subgroup-size=32}))' | FileCheck %s
// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=128 contiguity=4 cooperative-matrix=false subgroup-size=32}))' | FileCheck %s --check-prefix=FMA

// A matmul whose f16 operands hold bf16 bits (bf16-matmul-operands-as-f16).
// On cooperative matrices, its multiply-adds carry the marker (loads may be
// rebuilt by later passes; convert-kernel-to-spirv marks their A and B loads).
// CHECK-LABEL: func.func @bf16_bits(
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix {{.*}} {leadDimension = 32 : index} : {{.*}} -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK:         scf.for
// CHECK:           gpu.subgroup_mma_load_matrix {{.*}} {leadDimension = 40 : index} : {{.*}} -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK:           gpu.subgroup_mma_compute {{.*}} {triton_spirv.bf16_operands} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK-NOT:       gpu.subgroup_mma_compute %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}, %{{[0-9a-z_]+}} :
//
// Without cooperative matrices it runs on FMAs and widens each
// operand as the bf16 it holds, not as an f16.
// FMA-LABEL: func.func @bf16_bits(
// FMA-NOT:     gpu.subgroup_mma
// FMA-NOT:     triton_spirv.bf16_operands
// FMA:         %[[BITS:.*]] = arith.bitcast %{{.*}} : f16 to bf16
// FMA:         arith.extf %[[BITS]] : bf16 to f32
// FMA-NOT:     arith.extf %{{.*}} : f16 to f32
// FMA-NOT:     gpu.subgroup_mma
func.func @bf16_bits(%a: memref<?xf16>, %b: memref<?xf16>, %out: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<64x32xf16>
  %B = memref.alloc() : memref<32x32xf16>
  %C = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x32xf32>)
  scf.for %k = %c0 to %steps step %c1 {
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<64x32xf16>) {
    ^bb0(%o: f16):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %f = arith.addi %i, %j : index
      %g = arith.addi %f, %k : index
      %v = memref.load %a[%g] : memref<?xf16>
      linalg.yield %v : f16
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<32x32xf16>) {
    ^bb0(%o: f16):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %f = arith.addi %i, %j : index
      %g = arith.addi %f, %k : index
      %v = memref.load %b[%g] : memref<?xf16>
      linalg.yield %v : f16
    }
    linalg.matmul {triton_spirv.bf16_operands} ins(%A, %B : memref<64x32xf16>, memref<32x32xf16>) outs(%C : memref<64x32xf32>)
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<64x32xf32>) {
  ^bb0(%x: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c32 = arith.constant 32 : index
    %r = arith.muli %i, %c32 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xf32>
    linalg.yield
  }
  return
}
