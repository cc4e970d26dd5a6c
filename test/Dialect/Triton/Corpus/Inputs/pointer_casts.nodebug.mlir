module {
  tt.func public @pointer_casts(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i64> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c64_i32 = arith.constant 64 : i32
    %cst = arith.constant dense<4> : tensor<64xi64>
    %cst_0 = arith.constant dense<2147483647> : tensor<64xi32>
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %1 = tt.bitcast %arg0 : !tt.ptr<f32> -> !tt.ptr<i32>
    %2 = tt.splat %1 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %3 = tt.addptr %2, %0 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %4 = tt.load %3 : tensor<64x!tt.ptr<i32>>
    %5 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %6 = tt.addptr %5, %0 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %7 = arith.andi %4, %cst_0 : tensor<64xi32>
    tt.store %6, %7 : tensor<64x!tt.ptr<i32>>
    %8 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %9 = tt.addptr %8, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %10 = tt.ptr_to_int %9 : tensor<64x!tt.ptr<f32>> -> tensor<64xi64>
    %11 = tt.splat %arg2 : !tt.ptr<i64> -> tensor<64x!tt.ptr<i64>>
    %12 = tt.addptr %11, %0 : tensor<64x!tt.ptr<i64>>, tensor<64xi32>
    tt.store %12, %10 : tensor<64x!tt.ptr<i64>>
    %13 = arith.addi %10, %cst : tensor<64xi64>
    %14 = tt.int_to_ptr %13 : tensor<64xi64> -> tensor<64x!tt.ptr<f32>>
    %15 = tt.bitcast %arg1 : !tt.ptr<i32> -> !tt.ptr<f32>
    %16 = tt.addptr %15, %c64_i32 : !tt.ptr<f32>, i32
    %17 = tt.splat %16 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %18 = tt.addptr %17, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %19 = tt.load %14 : tensor<64x!tt.ptr<f32>>
    tt.store %18, %19 : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}

