// RUN: triton-spirv-opt %s -split-input-file -verify-diagnostics
//
// One case per verifier / type constraint of the tt dialect; each must be
// rejected with the message given (substring match).

//===----------------------------------------------------------------------===//
// Tensor sizes (every op): power-of-two element counts, at most 2^20
//===----------------------------------------------------------------------===//

tt.func @tensor_size_not_power_of_two(%x: tensor<6xf32>) {
  // expected-error @+1 {{tensor 'tensor<6xf32>' must have a power-of-two number of elements}}
  %0 = tt.fp_to_fp %x : tensor<6xf32> -> tensor<6xf64>
  tt.return
}

// -----

tt.func @tensor_size_result(%x: f32) {
  // expected-error @+1 {{tensor 'tensor<3x4xf32>' must have a power-of-two number of elements}}
  %0 = tt.splat %x : f32 -> tensor<3x4xf32>
  tt.return
}

// -----

tt.func @tensor_size_too_large(%x: f32) {
  // expected-error @+1 {{tensor 'tensor<2048x1024xf32>' has more than 1048576 elements}}
  %0 = tt.splat %x : f32 -> tensor<2048x1024xf32>
  tt.return
}

// -----

tt.func @bitcast_ptr_to_int(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{cannot bitcast between a pointer and a non-pointer type}}
  %0 = tt.bitcast %p : !tt.ptr<f32> -> i64
  tt.return
}

// -----

tt.func @bitcast_int_to_ptr(%x: tensor<4xi64>) {
  // expected-error @+1 {{cannot bitcast between a pointer and a non-pointer type}}
  %0 = tt.bitcast %x : tensor<4xi64> -> tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @bitcast_width(%x: tensor<4xf32>) {
  // expected-error @+1 {{cannot bitcast data-type of size 32 to data-type of size 16}}
  %0 = tt.bitcast %x : tensor<4xf32> -> tensor<4xi16>
  tt.return
}

// -----

tt.func @bitcast_ptr_address_space(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{cannot bitcast a pointer between address spaces 1 and 3}}
  %0 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<f32, 3>
  tt.return
}

// -----

tt.func @bitcast_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.bitcast %x : tensor<4xf32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @int_to_ptr_i32(%x: i32) {
  // expected-error @+1 {{operand #0 must be}}
  %0 = tt.int_to_ptr %x : i32 -> !tt.ptr<f32>
  tt.return
}

// -----

tt.func @ptr_to_int_i32(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{result #0 must be}}
  %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i32
  tt.return
}

// -----

tt.func @fp_to_fp_downcast(%x: tensor<4xf32>) {
  // expected-error @+1 {{rounding mode is required for a floating-point downcast}}
  %0 = tt.fp_to_fp %x : tensor<4xf32> -> tensor<4xf16>
  tt.return
}

// -----

tt.func @fp_to_fp_int(%x: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be}}
  %0 = tt.fp_to_fp %x : tensor<4xi32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @clampf_int(%x: i32) {
  // expected-error @+1 {{operand #0 must be}}
  %0 = tt.clampf %x, %x, %x, propagateNan = none : i32
  tt.return
}

// -----

tt.func @mulhiui_float(%x: f32) {
  // expected-error @+1 {{operand #0 must be}}
  %0 = tt.mulhiui %x, %x : f32
  tt.return
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

// -----

tt.func @addptr_result_type(%p: !tt.ptr<f32>, %o: i32) {
  // expected-error @+1 {{failed to verify that result type matches ptr type}}
  %0 = "tt.addptr"(%p, %o) : (!tt.ptr<f32>, i32) -> !tt.ptr<f16>
  tt.return
}

// -----

tt.func @addptr_float_offset(%p: !tt.ptr<f32>, %o: f32) {
  // expected-error @+1 {{operand #1 must be}}
  %0 = "tt.addptr"(%p, %o) : (!tt.ptr<f32>, f32) -> !tt.ptr<f32>
  tt.return
}

// -----

tt.func @advance_offsets(%p: !tt.ptr<tensor<16x32xf32>>, %o: i32) {
  // expected-error @+1 {{expects 2 offsets (one per block dimension), got 1}}
  %0 = tt.advance %p, [%o] : <tensor<16x32xf32>>
  tt.return
}

// -----

tt.func @advance_scalar_ptr(%p: !tt.ptr<f32>, %o: i32) {
  // expected-error @+1 {{operand #0 must be pointer to a tensor}}
  %0 = "tt.advance"(%p, %o) : (!tt.ptr<f32>, i32) -> !tt.ptr<f32>
  tt.return
}

// -----

tt.func @load_result_type(%p: tensor<4x!tt.ptr<f32>>) {
  // expected-error @+1 {{failed to verify that result matches ptr type}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<4x!tt.ptr<f32>>) -> tensor<4xf16>
  tt.return
}

// -----

tt.func @load_mask_shape(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @+1 {{failed to verify that mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4x!tt.ptr<f32>>, tensor<8xi1>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @load_other_type(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<4xi1>, %o: tensor<4xf16>) {
  // expected-error @+1 {{failed to verify that other matches ptr type}}
  %0 = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<4x!tt.ptr<f32>>, tensor<4xi1>, tensor<4xf16>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @load_block_ptr_mask(%p: !tt.ptr<tensor<4xf32>>, %m: tensor<4xi1>) {
  // expected-error @+1 {{a block-pointer load takes no mask or other}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!tt.ptr<tensor<4xf32>>, tensor<4xi1>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @load_boundary_check_without_block_ptr(%p: tensor<4x!tt.ptr<f32>>) {
  // expected-error @+1 {{boundaryCheck and padding need a block pointer}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @load_padding_without_block_ptr(%p: tensor<4x!tt.ptr<f32>>) {
  // expected-error @+1 {{boundaryCheck and padding need a block pointer}}
  %0 = tt.load %p {padding = 1 : i32} : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @load_boundary_check_range(%p: !tt.ptr<tensor<16x32xf32>>) {
  // expected-error @+1 {{boundaryCheck dimension 2 is out of range for rank 2}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0, 2>, padding = 1 : i32} : !tt.ptr<tensor<16x32xf32>>
  tt.return
}

// -----

tt.func @load_mask_not_i1(%p: tensor<4x!tt.ptr<f32>>, %m: tensor<4xi32>) {
  // expected-error @+1 {{operand #1 must be}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4x!tt.ptr<f32>>, tensor<4xi32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @store_value_type(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf16>) {
  // expected-error @+1 {{failed to verify that value type matches ptr type}}
  "tt.store"(%p, %v) : (tensor<4x!tt.ptr<f32>>, tensor<4xf16>) -> ()
  tt.return
}

// -----

tt.func @store_mask_shape(%p: tensor<4x!tt.ptr<f32>>, %v: tensor<4xf32>, %m: tensor<8xi1>) {
  // expected-error @+1 {{failed to verify that mask type matches ptr type}}
  "tt.store"(%p, %v, %m) : (tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<8xi1>) -> ()
  tt.return
}

// -----

tt.func @atomic_rmw_ptr_type(%p: tensor<4x!tt.ptr<f16>>, %v: tensor<4xf32>, %m: tensor<4xi1>) {
  // expected-error @+1 {{failed to verify that ptr type matches value type}}
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<4x!tt.ptr<f16>>, tensor<4xf32>, tensor<4xi1>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @atomic_rmw_mask(%p: !tt.ptr<f32>, %v: f32, %m: tensor<1xi1>) {
  // expected-error @+1 {{failed to verify that mask type matches value type}}
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (!tt.ptr<f32>, f32, tensor<1xi1>) -> f32
  tt.return
}

// -----

tt.func @atomic_cas_shape(%p: tensor<4x!tt.ptr<i32>>, %v: tensor<8xi32>) {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %v, %v : (tensor<4x!tt.ptr<i32>>, tensor<8xi32>, tensor<8xi32>) -> tensor<4xi32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

// -----

tt.func @splat_element_type(%x: f32) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = tt.splat %x : f32 -> tensor<4xf16>
  tt.return
}

// -----

tt.func @unsplat_many(%x: tensor<2x1xf32>) {
  // expected-error @+1 {{source must have exactly one element}}
  %0 = tt.unsplat %x : tensor<2x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_shape(%x: tensor<16xf32>) {
  // expected-error @+1 {{result shape must be the source shape with a 1 inserted at axis 0}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<16xf32>) {
  // expected-error @+1 {{axis 2 is out of range}}
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  tt.return
}

// -----

tt.func @reshape_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{number of src and dst elements of reshape must be the same}}
  %0 = tt.reshape %x : tensor<16xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @broadcast_non_unit(%x: tensor<2x8xf32>) {
  // expected-error @+1 {{only size-1 dimensions can be broadcast, got 2 -> 4}}
  %0 = tt.broadcast %x : tensor<2x8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<8xf32>) {
  // expected-error @+1 {{source rank 1 does not match result rank 2}}
  %0 = tt.broadcast %x : tensor<8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @cat_count(%x: tensor<8xf32>) {
  // expected-error @+1 {{result must have the rank of the operands and twice their number of elements}}
  %0 = tt.cat %x, %x : tensor<8xf32> -> tensor<32xf32>
  tt.return
}

// -----

tt.func @cat_operand_types(%x: tensor<8xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{requires all operands to have the same type}}
  %0 = "tt.cat"(%x, %y) : (tensor<8xf32>, tensor<4xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @join_shape(%x: tensor<8xf32>) {
  // expected-error @+1 {{result must be the operand type with a new minor dimension of size 2}}
  %0 = tt.join %x, %x : tensor<8xf32> -> tensor<2x8xf32>
  tt.return
}

// -----

tt.func @join_element_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{result must be the operand type with a new minor dimension of size 2}}
  %0 = tt.join %x, %x : tensor<8xf32> -> tensor<8x2xf16>
  tt.return
}

// -----

tt.func @split_minor(%x: tensor<8x4xf32>) {
  // expected-error @+1 {{source's minor dimension must have size 2}}
  %0, %1 = tt.split %x : tensor<8x4xf32> -> tensor<8xf32>
  tt.return
}

// -----

tt.func @split_result(%x: tensor<8x2xf32>) {
  // expected-error @+1 {{results must be the source without its minor dimension}}
  %0, %1 = tt.split %x : tensor<8x2xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @trans_order_size(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{order must have one entry per dimension}}
  %0 = tt.trans %x {order = array<i32: 1, 0, 2>} : tensor<4x8xf32> -> tensor<8x4xf32>
  tt.return
}

// -----

tt.func @trans_not_permutation(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{order must be a permutation of [0, rank)}}
  %0 = tt.trans %x {order = array<i32: 1, 1>} : tensor<4x8xf32> -> tensor<8x8xf32>
  tt.return
}

// -----

tt.func @trans_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result dimension 0 must equal source dimension 1}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// SPMD
//===----------------------------------------------------------------------===//

// -----

tt.func @program_id_i64() {
  // expected-error @+1 {{result #0 must be 32-bit signless integer}}
  %0 = tt.get_program_id x : i64
  tt.return
}

// -----

tt.func @program_id_axis() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'axis' [x, y, z]}}
  %0 = tt.get_program_id 3 : i32
  tt.return
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

// -----

tt.func @dot_k(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{the K dimensions of a and b must match}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_acc_shape(%a: tensor<16x32xf16>, %b: tensor<32x64xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{the accumulator must be M x N}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x64xf16> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @dot_rank(%a: tensor<16xf16>, %b: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{operands must all be 2-D or all be 3-D (batched)}}
  %0 = tt.dot %a, %b, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @dot_batch(%a: tensor<2x16x32xf16>, %b: tensor<4x32x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{batch dimensions must match}}
  %0 = tt.dot %a, %b, %c : tensor<2x16x32xf16> * tensor<4x32x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @dot_operand_widths(%a: tensor<16x32xf16>, %b: tensor<32x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{element types of a and b must have the same bit width}}
  %0 = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_result_vs_acc(%a: tensor<16x32xf16>, %b: tensor<32x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{failed to verify that result's type matches accumulator's type}}
  %0 = "tt.dot"(%a, %b, %c) : (tensor<16x32xf16>, tensor<32x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @dot_scaled_k(%a: tensor<32x64xf8E5M2>, %b: tensor<32x32xf8E5M2>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{the K dimensions of a and b must match}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e5m2 rhs = e5m2 {fastMath = false} : tensor<32x64xf8E5M2> * tensor<32x32xf8E5M2> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @dot_scaled_acc(%a: tensor<32x64xf8E5M2>, %b: tensor<32x32xi8>, %c: tensor<32x64xf32>) {
  // expected-error @+1 {{the accumulator must be M x N}}
  %0 = tt.dot_scaled %a, %b, %c lhs = e5m2 rhs = e2m1 {fastMath = false} : tensor<32x64xf8E5M2> * tensor<32x32xi8> -> tensor<32x64xf32>
  tt.return
}

// -----

tt.func @dot_scaled_scale_k(%a: tensor<32x64xf8E5M2>, %as: tensor<32x4xi8>, %b: tensor<64x32xf8E5M2>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{a_scale must be 32 x 2 (one scale per 32 values of K), got 'tensor<32x4xi8>'}}
  %0 = tt.dot_scaled %a scale %as, %b, %c lhs = e5m2 rhs = e5m2 {fastMath = false} : tensor<32x64xf8E5M2>, tensor<32x4xi8> * tensor<64x32xf8E5M2> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @dot_scaled_scale_n(%a: tensor<32x64xf8E5M2>, %b: tensor<64x16xi8>, %bs: tensor<16x2xi8>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{b_scale must be 32 x 2 (one scale per 32 values of K), got 'tensor<16x2xi8>'}}
  %0 = tt.dot_scaled %a, %b scale %bs, %c lhs = e5m2 rhs = e2m1 {fastMath = false, rhs_k_pack = false} : tensor<32x64xf8E5M2> * tensor<64x16xi8>, tensor<16x2xi8> -> tensor<32x32xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Reduce / scan / map_elementwise
//===----------------------------------------------------------------------===//

// -----

tt.func @reduce_axis(%x: tensor<16xf32>) {
  // expected-error @+2 {{reduce axis out of range}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_result_type(%x: tensor<16x8xf32>) {
  // expected-error @+2 {{'tt.reduce' op inferred type(s) 'tensor<8xf32>' are incompatible with return type(s) of operation 'tensor<16xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x8xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @reduce_arg_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{combiner must take 2 arguments}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_arg_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{combiner argument 1 must have type 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f16):
    tt.reduce.return %a : f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_return_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{combiner must return 1 values}}
  %0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_return_type(%x: tensor<16xf32>, %y: tensor<16xi32>) {
  // expected-error @+1 {{combiner result 1 must have type 'i32'}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: i32, %c: f32, %d: i32):
    tt.reduce.return %a, %c : f32, f32
  }) : (tensor<16xf32>, tensor<16xi32>) -> (f32, i32)
  tt.return
}

// -----

tt.func @reduce_operand_shapes(%x: tensor<16xf32>, %y: tensor<8xi32>) {
  // expected-error @+1 {{requires the same shape for all operands}}
  %0:2 = "tt.reduce"(%x, %y) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: i32, %c: f32, %d: i32):
    tt.reduce.return %a, %b : f32, i32
  }) : (tensor<16xf32>, tensor<8xi32>) -> (f32, i32)
  tt.return
}

// -----

tt.func @reduce_no_operands() {
  // expected-error @+1 {{expected 1 or more operands, but found 0}}
  "tt.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    "tt.reduce.return"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @reduce_return_outside(%x: f32) {
  // expected-error @+1 {{expects parent op 'tt.reduce'}}
  tt.reduce.return %x : f32
}

// -----

tt.func @scan_axis(%x: tensor<16xf32>) {
  // expected-error @+1 {{scan axis out of range}}
  %0 = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @scan_arg_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{combiner argument 0 must have type 'f32'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: f32):
    tt.scan.return %b : f32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @scan_return_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{combiner must return 1 values}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    "tt.scan.return"() : () -> ()
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @scan_result_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<16xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @map_elementwise_arg_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{region must take 2 arguments}}
  %0 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @map_elementwise_arg_type(%x: tensor<16xf32>, %y: tensor<16xi32>) {
  // expected-error @+1 {{region argument 1 must have type 'i32'}}
  %0 = "tt.map_elementwise"(%x, %y) <{pack = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<16xf32>, tensor<16xi32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @map_elementwise_return_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{region return does not match map_elementwise result}}
  %0 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.map_elementwise.return %a : f32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @map_elementwise_return_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{region return does not match map_elementwise result}}
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %i = arith.fptosi %a : f32 to i32
    tt.map_elementwise.return %i : i32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @map_elementwise_pack(%x: tensor<16xf32>) {
  // expected-error @+1 {{pack must be a power of 2}}
  %0 = "tt.map_elementwise"(%x) <{pack = 3 : i32}> ({
  ^bb0(%a: f32, %b: f32, %c: f32):
    tt.map_elementwise.return %a, %b, %c : f32, f32, f32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @map_elementwise_no_operands() {
  // expected-error @+1 {{expected 1 or more operands, but found 0}}
  "tt.map_elementwise"() <{pack = 1 : i32}> ({
  ^bb0:
    tt.map_elementwise.return
  }) : () -> ()
  tt.return
}

// -----

tt.func @map_elementwise_store(%x: tensor<16xf32>, %p: !tt.ptr<f32>) {
  %0 = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    // expected-error @+1 {{stores are not allowed inside tt.map_elementwise}}
    tt.store %p, %a : !tt.ptr<f32>
    tt.map_elementwise.return %a : f32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// make_range, inline asm, histogram, gather
//===----------------------------------------------------------------------===//

// -----

tt.func @make_range_empty() {
  // expected-error @+1 {{start must be less than end}}
  %0 = tt.make_range {end = 0 : i32, start = 16 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @make_range_size() {
  // expected-error @+1 {{number of elements in the result must be end - start}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return
}

// -----

tt.func @make_range_i64() {
  // expected-error @+1 {{result must be a 1-D tensor of i32}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi64>
  tt.return
}

// -----

tt.func @make_range_rank() {
  // expected-error @+1 {{result must be a 1-D tensor of i32}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<4x4xi32>
  tt.return
}

// -----

tt.func @make_range_float() {
  // expected-error @+1 {{result #0 must be ranked tensor of integer values}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xf32>
  tt.return
}

// -----

tt.func @inline_asm_packed_zero(%x: tensor<16xi32>) {
  // expected-error @+1 {{packed_element must be at least 1}}
  %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 0 : i32, pure = true} %x : tensor<16xi32> -> tensor<16xi32>
  tt.return
}

// -----

tt.func @inline_asm_packed_divides(%x: tensor<8xi8>) {
  // expected-error @+1 {{number of input elements 8 must be a multiple of packed_element 3}}
  %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 3 : i32, pure = true} %x : tensor<8xi8> -> tensor<8xi8>
  tt.return
}

// -----

tt.func @inline_asm_shape(%x: tensor<16xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xi32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @histogram_float(%x: tensor<16xf32>) {
  // expected-error @+1 {{'src' must be ranked tensor of integer values, but got 'tensor<16xf32>'}}
  %0 = tt.histogram %x : tensor<16xf32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @gather_rank(%s: tensor<16x8xf32>, %i: tensor<16xi32>) {
  // expected-error @+1 {{source and indices must have the same rank}}
  %0 = tt.gather %s[%i] {axis = 0 : i32} : (tensor<16x8xf32>, tensor<16xi32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @gather_axis(%s: tensor<16x8xf32>, %i: tensor<16x8xi32>) {
  // expected-error @+1 {{gather axis out of range}}
  %0 = tt.gather %s[%i] {axis = 2 : i32} : (tensor<16x8xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
  tt.return
}

// -----

tt.func @gather_result(%s: tensor<16x8xf32>, %i: tensor<4x8xi32>) {
  // expected-error @+1 {{result must have the indices' shape and the source's element type}}
  %0 = tt.gather %s[%i] {axis = 0 : i32} : (tensor<16x8xf32>, tensor<4x8xi32>) -> tensor<16x8xf32>
  tt.return
}

// -----

tt.func @gather_other_dim(%s: tensor<16x8xf32>, %i: tensor<4x4xi32>) {
  // expected-error @+1 {{indices dimension 1 must match the source dimension}}
  %0 = tt.gather %s[%i] {axis = 0 : i32} : (tensor<16x8xf32>, tensor<4x4xi32>) -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @assert_not_i1(%c: tensor<4xi32>) {
  // expected-error @+1 {{operand #0 must be}}
  tt.assert %c, "boom" : tensor<4xi32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

// -----

tt.func @make_tensor_ptr_counts(%p: !tt.ptr<f32>, %n: i64, %o: i32) {
  // expected-error @+1 {{shape, strides, offsets and order need one entry per block dimension (2)}}
  %0 = tt.make_tensor_ptr %p, [%n], [%n], [%o] {order = array<i32: 1, 0>} : <tensor<16x32xf32>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order(%p: !tt.ptr<f32>, %n: i64, %o: i32) {
  // expected-error @+1 {{shape, strides, offsets and order need one entry per block dimension (2)}}
  %0 = tt.make_tensor_ptr %p, [%n, %n], [%n, %n], [%o, %o] {order = array<i32: 0>} : <tensor<16x32xf32>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_base(%p: !tt.ptr<f16>, %n: i64, %o: i32) {
  // expected-error @+1 {{failed to verify that infer pointer type from the result type}}
  %0 = "tt.make_tensor_ptr"(%p, %n, %n, %o) <{order = array<i32: 0>}> : (!tt.ptr<f16>, i64, i64, i32) -> !tt.ptr<tensor<16xf32>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_counts(%p: !tt.ptr<f16>, %n: i32, %s: i64) {
  // expected-error @+1 {{shape and strides need one entry per block dimension (2)}}
  %0 = tt.make_tensor_descriptor %p, [%n], [%s] : <f16>, <tensor<64x32xf16>>
  tt.return
}

// -----

tt.func @make_tensor_descriptor_shape_i64(%p: !tt.ptr<f16>, %n: i64, %s: i64) {
  // expected-error @+1 {{operand #1 must be variadic of 32-bit signless integer}}
  %0 = "tt.make_tensor_descriptor"(%p, %n, %s) : (!tt.ptr<f16>, i64, i64) -> !tt.tensordesc<tensor<64xf16>>
  tt.return
}

// -----

tt.func @descriptor_load_indices(%d: !tt.tensordesc<tensor<64x32xf16>>, %i: i32) {
  // expected-error @+1 {{expects one index per block dimension (2)}}
  %0 = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  tt.return
}

// -----

tt.func @descriptor_load_type(%d: !tt.tensordesc<tensor<64x32xf16>>, %i: i32) {
  // expected-error @+1 {{tensor type 'tensor<64x32xf32>' does not match the descriptor block 'tensor<64x32xf16>'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf32>
  tt.return
}

// -----

tt.func @descriptor_load_count(%d: !tt.tensordesc<tensor<64x32xf16>>, %i: i32) {
  // expected-error @+1 {{tensor type 'tensor<64x16xf16>' does not match the descriptor block 'tensor<64x32xf16>'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x16xf16>
  tt.return
}

// -----

tt.func @descriptor_load_transposed(%d: !tt.tensordesc<tensor<64x32xf16>>, %i: i32) {
  // expected-error @+1 {{tensor type 'tensor<32x64xf16>' does not match the descriptor block 'tensor<64x32xf16>'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<32x64xf16>
  tt.return
}

// -----

tt.func @descriptor_load_rank_reduce(%d: !tt.tensordesc<tensor<64x32xf16>>, %i: i32) {
  // expected-error @+1 {{tensor type 'tensor<2048xf16>' does not match the descriptor block 'tensor<64x32xf16>'}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<2048xf16>
  tt.return
}

// -----

tt.func @descriptor_store_indices(%d: !tt.tensordesc<tensor<64x32xf16>>, %i: i32, %v: tensor<64x32xf16>) {
  // expected-error @+1 {{expects one index per block dimension (2)}}
  tt.descriptor_store %d[%i, %i, %i], %v : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tt.return
}

// -----

tt.func @descriptor_store_type(%d: !tt.tensordesc<tensor<64x32xf16>>, %i: i32, %v: tensor<64x32xbf16>) {
  // expected-error @+1 {{does not match the descriptor block}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xbf16>
  tt.return
}

// -----

tt.func @descriptor_reduce_indices(%d: !tt.tensordesc<tensor<16x32xsi32>>, %i: i32, %v: tensor<16x32xi32>) {
  // expected-error @+1 {{expects one index per block dimension (2)}}
  tt.descriptor_reduce add, %d[%i], %v : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
  tt.return
}

// -----

tt.func @descriptor_reduce_type(%d: !tt.tensordesc<tensor<16x32xsi32>>, %i: i32, %v: tensor<16x32xi16>) {
  // expected-error @+1 {{does not match the descriptor block}}
  tt.descriptor_reduce max, %d[%i, %i], %v : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi16>
  tt.return
}

// -----

tt.func @descriptor_index_i64(%d: !tt.tensordesc<tensor<64xf16>>, %i: i64) {
  // expected-error @+1 {{operand #1 must be variadic of 32-bit signless integer}}
  %0 = "tt.descriptor_load"(%d, %i) : (!tt.tensordesc<tensor<64xf16>>, i64) -> tensor<64xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_block(%d: !tt.tensordesc<tensor<2x64xbf16>>, %x: tensor<16xi32>, %y: i32) {
  // expected-error @+1 {{descriptor block must be a 2-D tensor with one row}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<2x64xbf16>>, tensor<16xi32>, i32) -> tensor<16x64xbf16>
  tt.return
}

// -----

tt.func @descriptor_gather_offsets(%d: !tt.tensordesc<tensor<1x64xbf16>>, %x: tensor<16x1xi32>, %y: i32) {
  // expected-error @+1 {{x offsets must be a 1-D tensor}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x64xbf16>>, tensor<16x1xi32>, i32) -> tensor<16x64xbf16>
  tt.return
}

// -----

tt.func @descriptor_gather_result(%d: !tt.tensordesc<tensor<1x64xbf16>>, %x: tensor<16xi32>, %y: i32) {
  // expected-error @+1 {{tensor must be 16x64 with the descriptor's element type}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<1x64xbf16>>, tensor<16xi32>, i32) -> tensor<8x64xbf16>
  tt.return
}

// -----

tt.func @descriptor_scatter_type(%d: !tt.tensordesc<tensor<1x64xbf16>>, %x: tensor<16xi32>, %y: i32, %v: tensor<16x64xf32>) {
  // expected-error @+1 {{tensor must be 16x64 with the descriptor's element type}}
  tt.descriptor_scatter %d[%x, %y], %v : !tt.tensordesc<tensor<1x64xbf16>>, tensor<16xi32>, i32, tensor<16x64xf32>
  tt.return
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

// -----

tt.func @return_count(%x: i32) -> i32 {
  // expected-error @+1 {{has 0 operands, but enclosing function (@return_count) returns 1}}
  tt.return
}

// -----

tt.func @return_type(%x: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32')}}
  tt.return %x : i32
}

// -----

tt.func @call_unknown(%x: i32) {
  // expected-error @+1 {{'nope' does not reference a valid function}}
  tt.call @nope(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func private @callee(%x: i32) -> i32

tt.func @call_operand_type(%x: f32) {
  // expected-error @+1 {{operand and result types must match the callee's signature '(i32) -> i32'}}
  %0 = tt.call @callee(%x) : (f32) -> i32
  tt.return
}

// -----

tt.func private @callee(%x: i32) -> i32

tt.func @call_result_count(%x: i32) {
  // expected-error @+1 {{operand and result types must match the callee's signature}}
  tt.call @callee(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func @outer() {
  // expected-error @+1 {{expects parent op 'builtin.module'}}
  "tt.func"() <{function_type = () -> (), sym_name = "inner"}> ({
    tt.return
  }) : () -> ()
  tt.return
}

// -----

tt.func @ptr_bad_address_space(%p: !tt.ptr<f32, x>) {
  // expected-error @-1 {{expected integer value}}
  tt.return
}
