module {
  tt.func public @tensor_desc_ops(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<2.000000e+00> : tensor<32x32xf32>
    %c32_i32 = arith.constant 32 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = tt.get_program_id x : i32
    %1 = arith.extsi %arg4 : i32 to i64
    %2 = tt.make_tensor_descriptor %arg0, [%arg3, %arg4], [%1, %c1_i64] : <f32>, <tensor<32x32xf32>>
    %3 = tt.make_tensor_descriptor %arg1, [%arg3, %arg4], [%1, %c1_i64] : <f32>, <tensor<32x32xf32>>
    %4 = tt.make_tensor_descriptor %arg2, [%arg3, %arg4], [%1, %c1_i64] : <f32>, <tensor<32x32xf32>>
    scf.for %arg5 = %c0_i32 to %arg4 step %c32_i32  : i32 {
      %5 = arith.muli %0, %c32_i32 : i32
      %6 = tt.descriptor_load %2[%5, %arg5] : !tt.tensordesc<tensor<32x32xf32>> -> tensor<32x32xf32>
      %7 = arith.mulf %6, %cst : tensor<32x32xf32>
      tt.descriptor_store %3[%5, %arg5], %7 : !tt.tensordesc<tensor<32x32xf32>>, tensor<32x32xf32>
      tt.descriptor_reduce add, %4[%5, %arg5], %6 : !tt.tensordesc<tensor<32x32xf32>>, tensor<32x32xf32>
    }
    tt.return
  }
}

