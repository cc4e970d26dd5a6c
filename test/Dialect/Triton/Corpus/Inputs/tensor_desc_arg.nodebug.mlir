module {
  tt.func public @tensor_desc_arg(%arg0: !tt.tensordesc<tensor<64x32xf16>>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i64, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: i32) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tt.descriptor_load %arg0[%1, %c0_i32] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
    %3 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %4 = tt.splat %1 : i32 -> tensor<64xi32>
    %5 = arith.addi %4, %3 : tensor<64xi32>
    %6 = tt.expand_dims %5 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %7 = tt.splat %arg6 : i32 -> tensor<64x1xi32>
    %8 = arith.muli %6, %7 : tensor<64x1xi32>
    %9 = tt.splat %arg5 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %10 = tt.addptr %9, %8 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
    %11 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %12 = tt.expand_dims %11 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %13 = tt.broadcast %10 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x32x!tt.ptr<f16>>
    %14 = tt.broadcast %12 : tensor<1x32xi32> -> tensor<64x32xi32>
    %15 = tt.addptr %13, %14 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    tt.store %15, %2 : tensor<64x32x!tt.ptr<f16>>
    tt.return
  }
}

