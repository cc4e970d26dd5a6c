module {
  tt.func public @scans(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c3072_i32 = arith.constant 3072 : i32
    %c2048_i32 = arith.constant 2048 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %cst = arith.constant dense<128> : tensor<8x1xi32>
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %3 = arith.muli %2, %cst : tensor<8x1xi32>
    %4 = tt.expand_dims %1 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %5 = tt.broadcast %3 : tensor<8x1xi32> -> tensor<8x128xi32>
    %6 = tt.broadcast %4 : tensor<1x128xi32> -> tensor<8x128xi32>
    %7 = arith.addi %5, %6 : tensor<8x128xi32>
    %8 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x128x!tt.ptr<f32>>
    %9 = tt.addptr %8, %7 : tensor<8x128x!tt.ptr<f32>>, tensor<8x128xi32>
    %10 = tt.load %9 : tensor<8x128x!tt.ptr<f32>>
    %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<8x128x!tt.ptr<f32>>
    %12 = tt.addptr %11, %7 : tensor<8x128x!tt.ptr<f32>>, tensor<8x128xi32>
    %13 = tt.load %12 : tensor<8x128x!tt.ptr<f32>>
    %14 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<8x128x!tt.ptr<f32>>
    %15 = tt.addptr %14, %7 : tensor<8x128x!tt.ptr<f32>>, tensor<8x128xi32>
    %16 = "tt.scan"(%10) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %36 = arith.addf %arg4, %arg5 : f32
      tt.scan.return %36 : f32
    }) : (tensor<8x128xf32>) -> tensor<8x128xf32>
    tt.store %15, %16 : tensor<8x128x!tt.ptr<f32>>
    %17 = tt.addptr %arg2, %c1024_i32 : !tt.ptr<f32>, i32
    %18 = tt.splat %17 : !tt.ptr<f32> -> tensor<8x128x!tt.ptr<f32>>
    %19 = tt.addptr %18, %7 : tensor<8x128x!tt.ptr<f32>>, tensor<8x128xi32>
    %20 = "tt.scan"(%10) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %36 = arith.mulf %arg4, %arg5 : f32
      tt.scan.return %36 : f32
    }) : (tensor<8x128xf32>) -> tensor<8x128xf32>
    tt.store %19, %20 : tensor<8x128x!tt.ptr<f32>>
    %21:2 = "tt.scan"(%13, %10) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%arg4: f32, %arg5: f32, %arg6: f32, %arg7: f32):
      %36 = arith.mulf %arg4, %arg6 : f32
      %37 = arith.mulf %arg5, %arg6 : f32
      %38 = arith.addf %37, %arg7 : f32
      tt.scan.return %36, %38 : f32, f32
    }) : (tensor<8x128xf32>, tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>)
    %22 = tt.addptr %arg2, %c2048_i32 : !tt.ptr<f32>, i32
    %23 = tt.splat %22 : !tt.ptr<f32> -> tensor<8x128x!tt.ptr<f32>>
    %24 = tt.addptr %23, %7 : tensor<8x128x!tt.ptr<f32>>, tensor<8x128xi32>
    tt.store %24, %21#1 : tensor<8x128x!tt.ptr<f32>>
    %25:2 = "tt.scan"(%13, %10) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%arg4: f32, %arg5: f32, %arg6: f32, %arg7: f32):
      %36 = arith.mulf %arg4, %arg6 : f32
      %37 = arith.mulf %arg5, %arg6 : f32
      %38 = arith.addf %37, %arg7 : f32
      tt.scan.return %36, %38 : f32, f32
    }) : (tensor<8x128xf32>, tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>)
    %26 = tt.addptr %arg2, %c3072_i32 : !tt.ptr<f32>, i32
    %27 = tt.splat %26 : !tt.ptr<f32> -> tensor<8x128x!tt.ptr<f32>>
    %28 = tt.addptr %27, %7 : tensor<8x128x!tt.ptr<f32>>, tensor<8x128xi32>
    tt.store %28, %25#1 : tensor<8x128x!tt.ptr<f32>>
    %29 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %30 = tt.addptr %29, %1 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %31 = tt.load %30 : tensor<128x!tt.ptr<i32>>
    %32 = tt.addptr %arg3, %c128_i32 : !tt.ptr<i32>, i32
    %33 = tt.splat %32 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %34 = tt.addptr %33, %1 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %35 = "tt.scan"(%31) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%arg4: i32, %arg5: i32):
      %36 = arith.addi %arg4, %arg5 : i32
      tt.scan.return %36 : i32
    }) : (tensor<128xi32>) -> tensor<128xi32>
    tt.store %34, %35 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
}

