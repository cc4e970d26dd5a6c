module {
  tt.func public @gather_histogram(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %cst = arith.constant dense<64> : tensor<512xi32>
    %cst_0 = arith.constant dense<16> : tensor<16x32xi32>
    %cst_1 = arith.constant dense<32> : tensor<16x32xi32>
    %cst_2 = arith.constant dense<32> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %3 = arith.muli %2, %cst_2 : tensor<16x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %7 = tt.broadcast %5 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x32xi32> -> tensor<16x32xi32>
    %9 = tt.addptr %7, %8 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %10 = tt.load %9 : tensor<16x32x!tt.ptr<f32>>
    %11 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<16x1x!tt.ptr<i32>>
    %12 = tt.addptr %11, %3 : tensor<16x1x!tt.ptr<i32>>, tensor<16x1xi32>
    %13 = tt.broadcast %12 : tensor<16x1x!tt.ptr<i32>> -> tensor<16x32x!tt.ptr<i32>>
    %14 = tt.addptr %13, %8 : tensor<16x32x!tt.ptr<i32>>, tensor<16x32xi32>
    %15 = tt.load %14 : tensor<16x32x!tt.ptr<i32>>
    %16 = arith.remsi %15, %cst_1 : tensor<16x32xi32>
    %17 = tt.gather %10[%16] {axis = 1 : i32} : (tensor<16x32xf32>, tensor<16x32xi32>) -> tensor<16x32xf32>
    %18 = arith.remsi %15, %cst_0 : tensor<16x32xi32>
    %19 = tt.gather %10[%18] {axis = 0 : i32} : (tensor<16x32xf32>, tensor<16x32xi32>) -> tensor<16x32xf32>
    %20 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %21 = tt.addptr %20, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %22 = tt.broadcast %21 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %23 = tt.addptr %22, %8 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %24 = arith.addf %17, %19 : tensor<16x32xf32>
    tt.store %23, %24 : tensor<16x32x!tt.ptr<f32>>
    %25 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %26 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %27 = tt.addptr %26, %25 : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    %28 = tt.load %27 : tensor<512x!tt.ptr<i32>>
    %29 = arith.remsi %28, %cst : tensor<512xi32>
    %30 = tt.histogram %29 : tensor<512xi32> -> tensor<64xi32>
    %31 = tt.splat %arg4 : i32 -> tensor<512xi32>
    %32 = arith.cmpi slt, %25, %31 : tensor<512xi32>
    %33 = tt.histogram %29, %32 : tensor<512xi32> -> tensor<64xi32>
    %34 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %35 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %36 = tt.addptr %35, %34 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %37 = arith.addi %30, %33 : tensor<64xi32>
    tt.store %36, %37 : tensor<64x!tt.ptr<i32>>
    tt.return
  }
}

