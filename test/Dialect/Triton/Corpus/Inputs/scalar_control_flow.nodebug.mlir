module {
  tt.func public @scalar_control_flow(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32) attributes {noinline = false} {
    %cst = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %c1_i32 = arith.constant 1 : i32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %c5_i32 = arith.constant 5 : i32
    %cst_2 = arith.constant dense<2.000000e+00> : tensor<128xf32>
    %cst_3 = arith.constant dense<128> : tensor<128xi32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %3:2 = scf.for %arg4 = %c0_i32 to %arg2 step %c128_i32 iter_args(%arg5 = %cst_4, %arg6 = %2) -> (tensor<128xf32>, tensor<128x!tt.ptr<f32>>)  : i32 {
      %16 = tt.splat %arg4 : i32 -> tensor<128xi32>
      %17 = arith.addi %16, %0 : tensor<128xi32>
      %18 = tt.splat %arg2 : i32 -> tensor<128xi32>
      %19 = arith.cmpi slt, %17, %18 : tensor<128xi32>
      %20 = tt.load %arg6, %19, %cst_4 : tensor<128x!tt.ptr<f32>>
      %21 = arith.addf %arg5, %20 : tensor<128xf32>
      %22 = tt.addptr %arg6, %cst_3 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
      scf.yield %21, %22 : tensor<128xf32>, tensor<128x!tt.ptr<f32>>
    }
    %4 = arith.cmpi eq, %arg3, %c0_i32 : i32
    %5 = scf.if %4 -> (tensor<128xf32>) {
      %16 = arith.mulf %3#0, %cst_2 : tensor<128xf32>
      scf.yield %16 : tensor<128xf32>
    } else {
      %16 = arith.cmpi sgt, %arg3, %c5_i32 : i32
      %17 = scf.if %16 -> (tensor<128xf32>) {
        %18 = arith.subf %cst_4, %3#0 : tensor<128xf32>
        scf.yield %18 : tensor<128xf32>
      } else {
        %18 = arith.sitofp %arg3 : i32 to f32
        %19 = tt.splat %18 : f32 -> tensor<128xf32>
        %20 = arith.addf %3#0, %19 : tensor<128xf32>
        scf.yield %20 : tensor<128xf32>
      }
      scf.yield %17 : tensor<128xf32>
    }
    %6 = "tt.reduce"(%5) <{axis = 0 : i32}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %16 = arith.addf %arg4, %arg5 : f32
      tt.reduce.return %16 : f32
    }) : (tensor<128xf32>) -> f32
    %7:2 = scf.while (%arg4 = %6, %arg5 = %c0_i32) : (f32, i32) -> (f32, i32) {
      %16 = arith.cmpf ogt, %arg4, %cst_1 : f32
      scf.condition(%16) %arg4, %arg5 : f32, i32
    } do {
    ^bb0(%arg4: f32, %arg5: i32):
      %16 = arith.mulf %arg4, %cst_0 : f32
      %17 = arith.addi %arg5, %c1_i32 : i32
      scf.yield %16, %17 : f32, i32
    }
    %8 = arith.addf %5, %cst_4 : tensor<128xf32>
    %9 = arith.addf %8, %cst : tensor<128xf32>
    %10 = arith.addf %9, %cst_2 : tensor<128xf32>
    %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %12 = tt.addptr %11, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %12, %10 : tensor<128x!tt.ptr<f32>>
    %13 = tt.addptr %arg1, %c128_i32 : !tt.ptr<f32>, i32
    %14 = arith.sitofp %7#1 : i32 to f32
    %15 = arith.addf %7#0, %14 : f32
    tt.store %13, %15 : !tt.ptr<f32>
    tt.return
  }
}

