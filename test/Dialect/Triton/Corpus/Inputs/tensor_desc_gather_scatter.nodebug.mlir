module {
  tt.func public @tensor_desc_gather_scatter(%arg0: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<1.000000e+00> : tensor<16x64xbf16>
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg4 : i32 to i64
    %1 = tt.make_tensor_descriptor %arg0, [%arg3, %arg4], [%0, %c1_i64] : <bf16>, <tensor<1x64xbf16>>
    %2 = tt.make_tensor_descriptor %arg1, [%arg3, %arg4], [%0, %c1_i64] : <bf16>, <tensor<1x64xbf16>>
    %3 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %4 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %5 = tt.addptr %4, %3 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    %6 = tt.load %5 : tensor<16x!tt.ptr<i32>>
    %7 = tt.get_program_id x : i32
    %8 = arith.muli %7, %c64_i32 : i32
    %9 = tt.descriptor_gather %1[%6, %8] : (!tt.tensordesc<tensor<1x64xbf16>>, tensor<16xi32>, i32) -> tensor<16x64xbf16>
    %10 = arith.addf %9, %cst : tensor<16x64xbf16>
    tt.descriptor_scatter %2[%6, %8], %10 : !tt.tensordesc<tensor<1x64xbf16>>, tensor<16xi32>, i32, tensor<16x64xbf16>
    tt.return
  }
}

