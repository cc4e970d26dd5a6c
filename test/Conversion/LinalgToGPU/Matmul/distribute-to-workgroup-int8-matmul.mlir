// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=128 contiguity=4 cooperative-matrix=true cooperative-int8=true subgroup-size=32}))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(distribute-to-workgroup{num-threads=128 contiguity=4 cooperative-matrix=true subgroup-size=32}))' | FileCheck %s --check-prefix=NOINT8

// int8 x int8 -> int32 (sign-extended products, as tt.dot on int8 lowers) on
// 16x16x32 matrices: A fragments 16x32, B 32x16, two 32-deep k steps for
// K = 64. Rows are padded by 16 elements (16 bytes). Without the option the
// matmul stays on the FMA path.
// CHECK-LABEL: func.func @int8_product(
// CHECK-DAG:     %[[A:.*]] = memref.alloc() : memref<32x80xi8, #spirv.storage_class<Workgroup>>
// CHECK-DAG:     %[[B:.*]] = memref.alloc() : memref<64x80xi8, #spirv.storage_class<Workgroup>>
// CHECK:         gpu.subgroup_mma_load_matrix {{.*}} -> !gpu.mma_matrix<16x16xi32, "COp">
// CHECK:         %[[A0:.*]] = gpu.subgroup_mma_load_matrix %[[A]][%{{.*}}, %[[K0:.*]]] {leadDimension = 80 : index} : {{.*}} -> !gpu.mma_matrix<16x32xsi8, "AOp">
// CHECK:         %[[B0:.*]] = gpu.subgroup_mma_load_matrix %[[B]][%[[K0]], %{{.*}}] {leadDimension = 80 : index} : {{.*}} -> !gpu.mma_matrix<32x16xsi8, "BOp">
// CHECK:         %[[P0:.*]] = gpu.subgroup_mma_compute %[[A0]], %[[B0]], %{{.*}} : !gpu.mma_matrix<16x32xsi8, "AOp">, !gpu.mma_matrix<32x16xsi8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
// CHECK:         gpu.subgroup_mma_load_matrix %[[A]][%{{.*}}, %[[K32:.*]]] {leadDimension = 80 : index}
// CHECK:         gpu.subgroup_mma_load_matrix %[[B]][%[[K32]], %{{.*}}] {leadDimension = 80 : index}
// CHECK:         gpu.subgroup_mma_compute {{.*}}, %[[P0]]
// CHECK:         gpu.subgroup_mma_store_matrix
// CHECK-NOT:     linalg.matmul
// NOINT8-LABEL: func.func @int8_product(
// NOINT8-NOT:     gpu.subgroup_mma
// NOINT8:         arith.extsi {{.*}} : i8 to i32
// NOINT8:         arith.muli
// NOINT8-NOT:     gpu.subgroup_mma
func.func @int8_product(%a: memref<?xi8>, %out: memref<?xi32>) {
  %zero = arith.constant 0 : i32
  %A = memref.alloc() : memref<32x64xi8>
  %B = memref.alloc() : memref<64x64xi8>
  %C = memref.alloc() : memref<32x64xi32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<32x64xi8>) {
  ^bb0(%o: i8):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xi8>
    linalg.yield %v : i8
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<64x64xi8>) {
  ^bb0(%o: i8):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.muli %i, %j : index
    %v = memref.load %a[%f] : memref<?xi8>
    linalg.yield %v : i8
  }
  linalg.fill ins(%zero : i32) outs(%C : memref<32x64xi32>)
  linalg.matmul ins(%A, %B : memref<32x64xi8>, memref<64x64xi8>) outs(%C : memref<32x64xi32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C : memref<32x64xi32>) {
  ^bb0(%x: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c64 = arith.constant 64 : index
    %r = arith.muli %i, %c64 : index
    %f = arith.addi %r, %j : index
    memref.store %x, %out[%f] : memref<?xi32>
    linalg.yield
  }
  return
}

// -----

// K = 48 is no multiple of the 32-deep int8 step; unsigned operands (zero-
// extended) are not what the signed matrices compute: both stay FMAs.
// CHECK-LABEL: func.func @int8_not_matrices(
// CHECK-NOT:     gpu.subgroup_mma
// CHECK:         return
func.func @int8_not_matrices(%a: memref<?xi8>, %out: memref<?xi32>) {
  %zero = arith.constant 0 : i32
  %A = memref.alloc() : memref<32x48xi8>
  %B = memref.alloc() : memref<48x64xi8>
  %C = memref.alloc() : memref<32x64xi32>
  %U = memref.alloc() : memref<64x64xi8>
  %D = memref.alloc() : memref<32x64xi32>
  %A64 = memref.alloc() : memref<32x64xi8>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A : memref<32x48xi8>) {
  ^bb0(%o: i8):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.addi %i, %j : index
    %v = memref.load %a[%f] : memref<?xi8>
    linalg.yield %v : i8
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%B : memref<48x64xi8>) {
  ^bb0(%o: i8):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %f = arith.muli %i, %j : index
    %v = memref.load %a[%f] : memref<?xi8>
    linalg.yield %v : i8
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%U : memref<64x64xi8>) {
  ^bb0(%o: i8):
    %i = linalg.index 0 : index
    %v = memref.load %a[%i] : memref<?xi8>
    linalg.yield %v : i8
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%A64 : memref<32x64xi8>) {
  ^bb0(%o: i8):
    %j = linalg.index 1 : index
    %v = memref.load %a[%j] : memref<?xi8>
    linalg.yield %v : i8
  }
  linalg.fill ins(%zero : i32) outs(%C : memref<32x64xi32>)
  linalg.fill ins(%zero : i32) outs(%D : memref<32x64xi32>)
  linalg.matmul ins(%A, %B : memref<32x48xi8>, memref<48x64xi8>) outs(%C : memref<32x64xi32>)
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A64, %U : memref<32x64xi8>, memref<64x64xi8>) outs(%D : memref<32x64xi32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%C, %D : memref<32x64xi32>, memref<32x64xi32>) {
  ^bb0(%x: i32, %y: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c64 = arith.constant 64 : index
    %r = arith.muli %i, %c64 : index
    %f = arith.addi %r, %j : index
    %s = arith.addi %x, %y : i32
    memref.store %s, %out[%f] : memref<?xi32>
    linalg.yield
  }
  return
}
