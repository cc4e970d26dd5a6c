module {
  tt.func public @block_ptr_copy(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32) attributes {noinline = false} {
    %c63_i32 = arith.constant 63 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<2.000000e+00> : tensor<32x64xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c32_i32 : i32
    %2 = arith.extsi %arg3 : i32 to i64
    %3 = arith.extsi %arg4 : i32 to i64
    %4 = arith.extsi %arg5 : i32 to i64
    %5 = tt.make_tensor_ptr %arg0, [%2, %3], [%4, %c1_i64], [%1, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf32>>
    %6 = tt.make_tensor_ptr %arg1, [%2, %3], [%4, %c1_i64], [%1, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x64xf32>>
    %7 = arith.addi %arg4, %c63_i32 : i32
    %8 = arith.divsi %7, %c64_i32 : i32
    %9:2 = scf.for %arg6 = %c0_i32 to %8 step %c1_i32 iter_args(%arg7 = %5, %arg8 = %6) -> (!tt.ptr<tensor<32x64xf32>>, !tt.ptr<tensor<32x64xf32>>)  : i32 {
      %13 = tt.load %arg7 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x64xf32>>
      %14 = arith.mulf %13, %cst : tensor<32x64xf32>
      tt.store %arg8, %14 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<32x64xf32>>
      %15 = tt.advance %arg7, [%c0_i32, %c64_i32] : <tensor<32x64xf32>>
      %16 = tt.advance %arg8, [%c0_i32, %c64_i32] : <tensor<32x64xf32>>
      scf.yield %15, %16 : !tt.ptr<tensor<32x64xf32>>, !tt.ptr<tensor<32x64xf32>>
    }
    %10 = tt.make_tensor_ptr %arg0, [%3, %2], [%c1_i64, %4], [%c0_i32, %1] {order = array<i32: 0, 1>} : <tensor<64x32xf32>>
    %11 = tt.load %10 {boundaryCheck = array<i32: 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf32>>
    %12 = tt.make_tensor_ptr %arg2, [%3, %2], [%2, %c1_i64], [%c0_i32, %1] {order = array<i32: 1, 0>} : <tensor<64x32xf32>>
    tt.store %12, %11 : !tt.ptr<tensor<64x32xf32>>
    tt.return
  }
}

