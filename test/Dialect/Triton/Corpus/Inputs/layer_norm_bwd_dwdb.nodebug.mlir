module {
  tt.func public @layer_norm_bwd_dwdb(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: i32, %arg5: i32) attributes {noinline = false} {
    %c32_i32 = arith.constant 32 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32x128xf32>
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %3 = tt.splat %1 : i32 -> tensor<128xi32>
    %4 = arith.addi %3, %2 : tensor<128xi32>
    %5:2 = scf.for %arg6 = %c0_i32 to %arg4 step %c32_i32 iter_args(%arg7 = %cst, %arg8 = %cst) -> (tensor<32x128xf32>, tensor<32x128xf32>)  : i32 {
      %16 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %17 = tt.splat %arg6 : i32 -> tensor<32xi32>
      %18 = arith.addi %17, %16 : tensor<32xi32>
      %19 = tt.expand_dims %18 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %20 = tt.splat %arg4 : i32 -> tensor<32x1xi32>
      %21 = arith.cmpi slt, %19, %20 : tensor<32x1xi32>
      %22 = tt.expand_dims %4 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
      %23 = tt.splat %arg5 : i32 -> tensor<1x128xi32>
      %24 = arith.cmpi slt, %22, %23 : tensor<1x128xi32>
      %25 = tt.broadcast %21 : tensor<32x1xi1> -> tensor<32x128xi1>
      %26 = tt.broadcast %24 : tensor<1x128xi1> -> tensor<32x128xi1>
      %27 = arith.andi %25, %26 : tensor<32x128xi1>
      %28 = tt.splat %arg5 : i32 -> tensor<32x1xi32>
      %29 = arith.muli %19, %28 : tensor<32x1xi32>
      %30 = tt.broadcast %29 : tensor<32x1xi32> -> tensor<32x128xi32>
      %31 = tt.broadcast %22 : tensor<1x128xi32> -> tensor<32x128xi32>
      %32 = arith.addi %30, %31 : tensor<32x128xi32>
      %33 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>>
      %34 = tt.addptr %33, %32 : tensor<32x128x!tt.ptr<f32>>, tensor<32x128xi32>
      %35 = tt.load %34, %27, %cst : tensor<32x128x!tt.ptr<f32>>
      %36 = arith.addf %arg7, %35 : tensor<32x128xf32>
      %37 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>>
      %38 = tt.addptr %37, %32 : tensor<32x128x!tt.ptr<f32>>, tensor<32x128xi32>
      %39 = tt.load %38, %27, %cst : tensor<32x128x!tt.ptr<f32>>
      %40 = arith.addf %arg8, %39 : tensor<32x128xf32>
      scf.yield %36, %40 : tensor<32x128xf32>, tensor<32x128xf32>
    }
    %6 = tt.splat %arg5 : i32 -> tensor<128xi32>
    %7 = arith.cmpi slt, %4, %6 : tensor<128xi32>
    %8 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
    %9 = tt.addptr %8, %4 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    %10 = "tt.reduce"(%5#0) <{axis = 0 : i32}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      %16 = arith.addf %arg6, %arg7 : f32
      tt.reduce.return %16 : f32
    }) : (tensor<32x128xf32>) -> tensor<128xf32>
    %11 = arith.truncf %10 : tensor<128xf32> to tensor<128xf16>
    tt.store %9, %11, %7 : tensor<128x!tt.ptr<f16>>
    %12 = tt.splat %arg3 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
    %13 = tt.addptr %12, %4 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    %14 = "tt.reduce"(%5#1) <{axis = 0 : i32}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      %16 = arith.addf %arg6, %arg7 : f32
      tt.reduce.return %16 : f32
    }) : (tensor<32x128xf32>) -> tensor<128xf32>
    %15 = arith.truncf %14 : tensor<128xf32> to tensor<128xf16>
    tt.store %13, %15, %7 : tensor<128x!tt.ptr<f16>>
    tt.return
  }
}

