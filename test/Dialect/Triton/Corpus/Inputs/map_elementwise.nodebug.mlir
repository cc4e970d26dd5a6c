module {
  tt.func public @map_elementwise(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense<1> : tensor<128xi32>
    %cst_2 = arith.constant dense<1.670000e+00> : tensor<128xf32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %3 = tt.load %2 : tensor<128x!tt.ptr<f32>>
    %4 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %5 = tt.addptr %4, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %6 = "tt.map_elementwise"(%3, %cst_2) <{pack = 1 : i32}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      %19 = arith.cmpf ogt, %arg6, %cst : f32
      cf.cond_br %19, ^bb2(%arg6 : f32), ^bb1
    ^bb1:  // pred: ^bb0
      %20 = math.exp %arg6 : f32
      %21 = arith.subf %20, %cst_0 : f32
      %22 = arith.mulf %arg7, %21 : f32
      cf.br ^bb2(%22 : f32)
    ^bb2(%23: f32):  // 2 preds: ^bb0, ^bb1
      tt.map_elementwise.return %23 : f32
    }) : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    tt.store %5, %6 : tensor<128x!tt.ptr<f32>>
    %7 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %8 = tt.addptr %7, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %9 = tt.load %8 : tensor<128x!tt.ptr<i32>>
    %10 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %11 = tt.addptr %10, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %12 = tt.load %11 : tensor<128x!tt.ptr<i32>>
    %13 = arith.addi %12, %cst_1 : tensor<128xi32>
    %14:2 = "tt.map_elementwise"(%9, %13) <{pack = 2 : i32}> ({
    ^bb0(%arg6: i32, %arg7: i32, %arg8: i32, %arg9: i32):
      %19 = arith.divsi %arg6, %arg8 : i32
      %20 = arith.divsi %arg7, %arg9 : i32
      %21 = arith.remsi %arg6, %arg8 : i32
      %22 = arith.remsi %arg7, %arg9 : i32
      tt.map_elementwise.return %19, %20, %21, %22 : i32, i32, i32, i32
    }) : (tensor<128xi32>, tensor<128xi32>) -> (tensor<128xi32>, tensor<128xi32>)
    %15 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %16 = tt.addptr %15, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    tt.store %16, %14#0 : tensor<128x!tt.ptr<i32>>
    %17 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %18 = tt.addptr %17, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    tt.store %18, %14#1 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
}

