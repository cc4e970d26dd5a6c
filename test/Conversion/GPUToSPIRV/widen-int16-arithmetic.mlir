// RUN: triton-spirv-opt %s --widen-int16-arithmetic | FileCheck %s

gpu.module @kernels {
  // CHECK-LABEL: func.func @signed_min_of_int16
  func.func @signed_min_of_int16(%a: i16, %b: i16) -> (i16, i1) {
    // CHECK-DAG: %[[A:.*]] = arith.extsi %{{.*}} : i16 to i32
    // CHECK-DAG: %[[B:.*]] = arith.extsi %{{.*}} : i16 to i32
    // CHECK: arith.cmpi slt, %[[A]], %[[B]] : i32
    %lt = arith.cmpi slt, %a, %b : i16
    // CHECK: %[[MIN:.*]] = arith.minsi %{{.*}}, %{{.*}} : i32
    // CHECK: arith.trunci %[[MIN]] : i32 to i16
    %min = arith.minsi %a, %b : i16
    return %min, %lt : i16, i1
  }

  // CHECK-LABEL: func.func @unsigned_forms_zero_extend
  func.func @unsigned_forms_zero_extend(%a: vector<4xi16>, %b: vector<4xi16>) -> (vector<4xi1>, vector<4xi16>) {
    // CHECK-NOT: arith.extsi
    // CHECK: arith.extui %{{.*}} : vector<4xi16> to vector<4xi32>
    // CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : vector<4xi32>
    %ge = arith.cmpi uge, %a, %b : vector<4xi16>
    // CHECK: arith.divui %{{.*}}, %{{.*}} : vector<4xi32>
    // CHECK: arith.trunci %{{.*}} : vector<4xi32> to vector<4xi16>
    %q = arith.divui %a, %b : vector<4xi16>
    return %ge, %q : vector<4xi1>, vector<4xi16>
  }

  // CHECK-LABEL: func.func @arithmetic_shift_count_zero_extended
  func.func @arithmetic_shift_count_zero_extended(%a: i16, %n: i16) -> i16 {
    // CHECK-DAG: %[[V:.*]] = arith.extsi %{{.*}} : i16 to i32
    // CHECK-DAG: %[[N:.*]] = arith.extui %{{.*}} : i16 to i32
    // CHECK: arith.shrsi %[[V]], %[[N]] : i32
    %r = arith.shrsi %a, %n : i16
    return %r : i16
  }

  // Additions, other widths and memory stay as they are.
  // CHECK-LABEL: func.func @left_alone
  func.func @left_alone(%a: i16, %b: i16, %c: i8, %d: i8, %e: i32, %f: i32) -> (i16, i1, i1) {
    // CHECK: arith.addi %{{.*}}, %{{.*}} : i16
    %s = arith.addi %a, %b : i16
    // CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i8
    %x = arith.cmpi slt, %c, %d : i8
    // CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
    %y = arith.cmpi slt, %e, %f : i32
    return %s, %x, %y : i16, i1, i1
  }
}
