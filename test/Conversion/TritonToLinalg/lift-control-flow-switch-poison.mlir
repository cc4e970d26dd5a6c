// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s --check-prefix=NOSWITCH
//
// Returns inside nested ifs whose other paths fall through to different
// stores: lifting leaves the outer branch through several exits, which
// upstream's CFG-to-SCF writes as scf.index_switch; it becomes scf.if chains.

// NOSWITCH-NOT: scf.index_switch
// NOSWITCH-NOT: ub.poison
// CHECK-LABEL: func.func public @returns_in_nested_ifs(
// CHECK:         %[[SEL:.*]]:{{[0-9]+}} = scf.if
// CHECK:         %[[IS0:.*]] = arith.cmpi eq, %{{.*}}, %c0
// CHECK:         scf.if %[[IS0]]
// CHECK:         } else {
// CHECK:         return
tt.func public @returns_in_nested_ifs(%X: !tt.ptr<i32>, %Out: !tt.ptr<i32>) {
  %c4_i32 = arith.constant 4 : i32
  %c3_i32 = arith.constant 3 : i32
  %c2_i32 = arith.constant 2 : i32
  %c1_i32 = arith.constant 1 : i32
  %c-10_i32 = arith.constant -10 : i32
  %c10_i32 = arith.constant 10 : i32
  %c0_i32 = arith.constant 0 : i32
  %x = tt.load %X : !tt.ptr<i32>
  %0 = arith.cmpi sgt, %x, %c0_i32 : i32
  cf.cond_br %0, ^bb1, ^bb2
^bb1:
  %1 = arith.cmpi sgt, %x, %c10_i32 : i32
  cf.cond_br %1, ^bb3, ^bb4(%c1_i32, %c2_i32 : i32, i32)
^bb2:
  %2 = arith.cmpi slt, %x, %c-10_i32 : i32
  cf.cond_br %2, ^bb5(%c2_i32, %c3_i32 : i32, i32), ^bb4(%c3_i32, %c4_i32 : i32, i32)
^bb3:
  tt.store %Out, %c1_i32 : !tt.ptr<i32>
  tt.return
^bb4(%3: i32, %4: i32):
  %5 = tt.addptr %Out, %3 : !tt.ptr<i32>, i32
  tt.store %5, %4 : !tt.ptr<i32>
  cf.br ^bb5(%c4_i32, %x : i32, i32)
^bb5(%6: i32, %7: i32):
  %8 = tt.addptr %Out, %6 : !tt.ptr<i32>, i32
  tt.store %8, %7 : !tt.ptr<i32>
  tt.return
}

// -----

// A switch already in the input: each case an scf.if, the default last.
// CHECK-LABEL: func.func public @three_cases(
// CHECK:         %[[C0:.*]] = arith.cmpi eq, %{{.*}}, %c0
// CHECK:         scf.if %[[C0]] -> (i32) {
// CHECK:           scf.yield %c10_i32
// CHECK:         } else {
// CHECK:           %[[C2:.*]] = arith.cmpi eq, %{{.*}}, %c2
// CHECK:           scf.if %[[C2]] -> (i32) {
// CHECK:             scf.yield %c20_i32
// CHECK:           } else {
// CHECK:             scf.yield %c30_i32
tt.func public @three_cases(%i: index, %Out: !tt.ptr<i32>) {
  %r = scf.index_switch %i -> i32
  case 0 {
    %a = arith.constant 10 : i32
    scf.yield %a : i32
  }
  case 2 {
    %b = arith.constant 20 : i32
    scf.yield %b : i32
  }
  default {
    %c = arith.constant 30 : i32
    scf.yield %c : i32
  }
  tt.store %Out, %r : !tt.ptr<i32>
  tt.return
}

// -----

// test_poison_return's shape: a callee returning nothing on its only path;
// the poison is stored as zero.
// CHECK-LABEL: func.func public @store_poison(
// CHECK:         %[[Z:.*]] = arith.constant 0 : i32
// CHECK:         memref.store %[[Z]]
tt.func public @store_poison(%Out: !tt.ptr<i32>) {
  %0 = ub.poison : i32
  tt.store %Out, %0 : !tt.ptr<i32>
  tt.return
}

// -----

// A tensor poison becomes a zero tensor (a splat generic, so it fuses).
// CHECK-LABEL: func.func public @tensor_poison(
// CHECK:         %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         linalg.generic {{.*}} ins(%[[Z]] : f32) outs(%{{.*}} : tensor<16xf32>)
tt.func public @tensor_poison(%Out: !tt.ptr<f32>) {
  %0 = ub.poison : tensor<16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %s = tt.splat %Out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %p = tt.addptr %s, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %p, %0 : tensor<16x!tt.ptr<f32>>
  tt.return
}
