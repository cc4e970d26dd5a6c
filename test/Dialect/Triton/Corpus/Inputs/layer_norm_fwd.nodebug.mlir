module {
  tt.func public @layer_norm_fwd(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32, %arg8: f32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<512xf16>
    %c512_i32 = arith.constant 512 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<512xf32>
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %arg6 : i32
    %2 = tt.addptr %arg0, %1 : !tt.ptr<f16>, i32
    %3 = tt.addptr %arg1, %1 : !tt.ptr<f16>, i32
    %4 = scf.for %arg9 = %c0_i32 to %arg7 step %c512_i32 iter_args(%arg10 = %cst_1) -> (tensor<512xf32>)  : i32 {
      %16 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
      %17 = tt.splat %arg9 : i32 -> tensor<512xi32>
      %18 = arith.addi %17, %16 : tensor<512xi32>
      %19 = tt.splat %arg7 : i32 -> tensor<512xi32>
      %20 = arith.cmpi slt, %18, %19 : tensor<512xi32>
      %21 = tt.splat %2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
      %22 = tt.addptr %21, %18 : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
      %23 = tt.load %22, %20, %cst : tensor<512x!tt.ptr<f16>>
      %24 = arith.extf %23 : tensor<512xf16> to tensor<512xf32>
      %25 = arith.addf %arg10, %24 : tensor<512xf32>
      scf.yield %25 : tensor<512xf32>
    }
    %5 = "tt.reduce"(%4) <{axis = 0 : i32}> ({
    ^bb0(%arg9: f32, %arg10: f32):
      %16 = arith.addf %arg9, %arg10 : f32
      tt.reduce.return %16 : f32
    }) : (tensor<512xf32>) -> f32
    %6 = arith.sitofp %arg7 : i32 to f32
    %7 = arith.divf %5, %6 : f32
    %8 = scf.for %arg9 = %c0_i32 to %arg7 step %c512_i32 iter_args(%arg10 = %cst_1) -> (tensor<512xf32>)  : i32 {
      %16 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
      %17 = tt.splat %arg9 : i32 -> tensor<512xi32>
      %18 = arith.addi %17, %16 : tensor<512xi32>
      %19 = tt.splat %arg7 : i32 -> tensor<512xi32>
      %20 = arith.cmpi slt, %18, %19 : tensor<512xi32>
      %21 = tt.splat %2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
      %22 = tt.addptr %21, %18 : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
      %23 = tt.load %22, %20, %cst : tensor<512x!tt.ptr<f16>>
      %24 = arith.extf %23 : tensor<512xf16> to tensor<512xf32>
      %25 = tt.splat %7 : f32 -> tensor<512xf32>
      %26 = arith.subf %24, %25 : tensor<512xf32>
      %27 = arith.select %20, %26, %cst_1 : tensor<512xi1>, tensor<512xf32>
      %28 = arith.mulf %27, %27 : tensor<512xf32>
      %29 = arith.addf %arg10, %28 : tensor<512xf32>
      scf.yield %29 : tensor<512xf32>
    }
    %9 = "tt.reduce"(%8) <{axis = 0 : i32}> ({
    ^bb0(%arg9: f32, %arg10: f32):
      %16 = arith.addf %arg9, %arg10 : f32
      tt.reduce.return %16 : f32
    }) : (tensor<512xf32>) -> f32
    %10 = arith.divf %9, %6 : f32
    %11 = arith.addf %10, %arg8 : f32
    %12 = math.sqrt %11 : f32
    %13 = arith.divf %cst_0, %12 : f32
    %14 = tt.addptr %arg4, %0 : !tt.ptr<f32>, i32
    tt.store %14, %7 : !tt.ptr<f32>
    %15 = tt.addptr %arg5, %0 : !tt.ptr<f32>, i32
    tt.store %15, %13 : !tt.ptr<f32>
    scf.for %arg9 = %c0_i32 to %arg7 step %c512_i32  : i32 {
      %16 = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
      %17 = tt.splat %arg9 : i32 -> tensor<512xi32>
      %18 = arith.addi %17, %16 : tensor<512xi32>
      %19 = tt.splat %arg7 : i32 -> tensor<512xi32>
      %20 = arith.cmpi slt, %18, %19 : tensor<512xi32>
      %21 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
      %22 = tt.addptr %21, %18 : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
      %23 = tt.load %22, %20 : tensor<512x!tt.ptr<f32>>
      %24 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
      %25 = tt.addptr %24, %18 : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
      %26 = tt.load %25, %20 : tensor<512x!tt.ptr<f32>>
      %27 = tt.splat %2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
      %28 = tt.addptr %27, %18 : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
      %29 = tt.load %28, %20, %cst : tensor<512x!tt.ptr<f16>>
      %30 = arith.extf %29 : tensor<512xf16> to tensor<512xf32>
      %31 = tt.splat %7 : f32 -> tensor<512xf32>
      %32 = arith.subf %30, %31 : tensor<512xf32>
      %33 = tt.splat %13 : f32 -> tensor<512xf32>
      %34 = arith.mulf %32, %33 : tensor<512xf32>
      %35 = arith.mulf %34, %23 : tensor<512xf32>
      %36 = arith.addf %35, %26 : tensor<512xf32>
      %37 = tt.splat %3 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
      %38 = tt.addptr %37, %18 : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
      %39 = arith.truncf %36 : tensor<512xf32> to tensor<512xf16>
      tt.store %38, %39, %20 : tensor<512x!tt.ptr<f16>>
    }
    tt.return
  }
}

