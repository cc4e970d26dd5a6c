module {
  tt.func public @tensor_desc_int_reduce(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c16_i32 = arith.constant 16 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg3 : i32 to i64
    %1 = tt.make_tensor_descriptor %arg0, [%arg2, %arg3], [%0, %c1_i64] : <i32>, <tensor<16x32xsi32>>
    %2 = tt.make_tensor_descriptor %arg1, [%arg2, %arg3], [%0, %c1_i64] : <i32>, <tensor<16x32xsi32>>
    %3 = tt.get_program_id x : i32
    %4 = arith.muli %3, %c16_i32 : i32
    %5 = tt.descriptor_load %2[%4, %c0_i32] : !tt.tensordesc<tensor<16x32xsi32>> -> tensor<16x32xi32>
    tt.descriptor_reduce min, %1[%4, %c0_i32], %5 : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
    tt.descriptor_reduce max, %1[%4, %c0_i32], %5 : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
    tt.descriptor_reduce and, %1[%4, %c0_i32], %5 : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
    tt.descriptor_reduce or, %1[%4, %c0_i32], %5 : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
    tt.descriptor_reduce xor, %1[%4, %c0_i32], %5 : !tt.tensordesc<tensor<16x32xsi32>>, tensor<16x32xi32>
    tt.return
  }
}

