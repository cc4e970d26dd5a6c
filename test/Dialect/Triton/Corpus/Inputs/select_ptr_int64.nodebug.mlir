module {
  tt.func public @select_ptr_int64(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i64, %arg4: i64) attributes {noinline = false} {
    %c100_i64 = arith.constant 100 : i64
    %cst = arith.constant dense<0> : tensor<512xi64>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<512xf32>
    %cst_1 = arith.constant dense<2> : tensor<512xi64>
    %c512_i64 = arith.constant 512 : i64
    %0 = tt.get_program_id x : i32
    %1 = arith.extsi %0 : i32 to i64
    %2 = arith.muli %1, %c512_i64 : i64
    %3 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %4 = arith.extsi %3 : tensor<512xi32> to tensor<512xi64>
    %5 = tt.splat %2 : i64 -> tensor<512xi64>
    %6 = arith.addi %5, %4 : tensor<512xi64>
    %7 = tt.splat %arg3 : i64 -> tensor<512xi64>
    %8 = arith.cmpi slt, %6, %7 : tensor<512xi64>
    %9 = arith.remsi %6, %cst_1 : tensor<512xi64>
    %10 = arith.cmpi eq, %9, %cst : tensor<512xi64>
    %11 = tt.splat %arg4 : i64 -> tensor<512xi64>
    %12 = arith.muli %6, %11 : tensor<512xi64>
    %13 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %14 = tt.addptr %13, %12 : tensor<512x!tt.ptr<f32>>, tensor<512xi64>
    %15 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %16 = tt.addptr %15, %12 : tensor<512x!tt.ptr<f32>>, tensor<512xi64>
    %17 = arith.select %10, %14, %16 : tensor<512xi1>, tensor<512x!tt.ptr<f32>>
    %18 = tt.load %17, %8, %cst_0 : tensor<512x!tt.ptr<f32>>
    %19 = tt.addptr %arg2, %2 : !tt.ptr<f32>, i64
    %20 = tt.splat %19 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %21 = tt.addptr %20, %3 : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %21, %18, %8 : tensor<512x!tt.ptr<f32>>
    %22 = arith.cmpi sgt, %arg3, %c100_i64 : i64
    %23 = arith.select %22, %arg0, %arg1 : !tt.ptr<f32>
    %24 = tt.addptr %arg2, %arg3 : !tt.ptr<f32>, i64
    %25 = tt.load %23 : !tt.ptr<f32>
    tt.store %24, %25 : !tt.ptr<f32>
    tt.return
  }
}

