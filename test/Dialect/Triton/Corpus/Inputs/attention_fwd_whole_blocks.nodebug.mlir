module {
  tt.func public @attention_fwd_whole_blocks(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: f32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %c32_i32 = arith.constant 32 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %c0_i32 = arith.constant 0 : i32
    %c65536_i64 = arith.constant 65536 : i64
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x32xf32>
    %cst_2 = arith.constant dense<64> : tensor<32x1xi32>
    %cst_3 = arith.constant 1.44269502 : f32
    %cst_4 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_5 = arith.constant dense<64> : tensor<128x1xi32>
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.muli %2, %c65536_i64 : i64
    %4 = arith.muli %0, %c128_i32 : i32
    %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %6 = tt.splat %4 : i32 -> tensor<128xi32>
    %7 = arith.addi %6, %5 : tensor<128xi32>
    %8 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %9 = tt.addptr %arg0, %3 : !tt.ptr<f16>, i64
    %10 = tt.expand_dims %7 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %11 = arith.muli %10, %cst_5 : tensor<128x1xi32>
    %12 = tt.splat %9 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %13 = tt.addptr %12, %11 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %14 = tt.expand_dims %8 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %15 = tt.broadcast %13 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %16 = tt.broadcast %14 : tensor<1x64xi32> -> tensor<128x64xi32>
    %17 = tt.addptr %15, %16 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %18 = tt.load %17 : tensor<128x64x!tt.ptr<f16>>
    %19 = arith.mulf %arg4, %cst_3 : f32
    %20:3 = scf.for %arg5 = %c0_i32 to %c1024_i32 step %c32_i32 iter_args(%arg6 = %cst_4, %arg7 = %cst_0, %arg8 = %cst) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %30 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %31 = tt.splat %arg5 : i32 -> tensor<32xi32>
      %32 = arith.addi %31, %30 : tensor<32xi32>
      %33 = tt.expand_dims %32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %34 = arith.muli %33, %cst_2 : tensor<32x1xi32>
      %35 = arith.extsi %34 : tensor<32x1xi32> to tensor<32x1xi64>
      %36 = tt.splat %3 : i64 -> tensor<32x1xi64>
      %37 = arith.addi %36, %35 : tensor<32x1xi64>
      %38 = arith.extsi %14 : tensor<1x64xi32> to tensor<1x64xi64>
      %39 = tt.broadcast %37 : tensor<32x1xi64> -> tensor<32x64xi64>
      %40 = tt.broadcast %38 : tensor<1x64xi64> -> tensor<32x64xi64>
      %41 = arith.addi %39, %40 : tensor<32x64xi64>
      %42 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
      %43 = tt.addptr %42, %41 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
      %44 = tt.load %43 : tensor<32x64x!tt.ptr<f16>>
      %45 = tt.trans %44 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
      %46 = tt.dot %18, %45, %cst_1, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
      %47 = tt.splat %19 : f32 -> tensor<128x32xf32>
      %48 = arith.mulf %46, %47 : tensor<128x32xf32>
      %49 = "tt.reduce"(%48) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %68 = arith.maxnumf %arg9, %arg10 : f32
        tt.reduce.return %68 : f32
      }) : (tensor<128x32xf32>) -> tensor<128xf32>
      %50 = arith.maxnumf %arg6, %49 : tensor<128xf32>
      %51 = tt.expand_dims %50 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %52 = tt.broadcast %51 : tensor<128x1xf32> -> tensor<128x32xf32>
      %53 = arith.subf %48, %52 : tensor<128x32xf32>
      %54 = math.exp2 %53 : tensor<128x32xf32>
      %55 = arith.subf %arg6, %50 : tensor<128xf32>
      %56 = math.exp2 %55 : tensor<128xf32>
      %57 = arith.mulf %arg7, %56 : tensor<128xf32>
      %58 = "tt.reduce"(%54) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %68 = arith.addf %arg9, %arg10 : f32
        tt.reduce.return %68 : f32
      }) : (tensor<128x32xf32>) -> tensor<128xf32>
      %59 = arith.addf %57, %58 : tensor<128xf32>
      %60 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
      %61 = tt.addptr %60, %41 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
      %62 = tt.load %61 : tensor<32x64x!tt.ptr<f16>>
      %63 = arith.truncf %54 : tensor<128x32xf32> to tensor<128x32xf16>
      %64 = tt.expand_dims %56 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %65 = tt.broadcast %64 : tensor<128x1xf32> -> tensor<128x64xf32>
      %66 = arith.mulf %arg8, %65 : tensor<128x64xf32>
      %67 = tt.dot %63, %62, %66, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      scf.yield %50, %59, %67 : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %21 = tt.expand_dims %20#1 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %22 = tt.broadcast %21 : tensor<128x1xf32> -> tensor<128x64xf32>
    %23 = arith.divf %20#2, %22 : tensor<128x64xf32>
    %24 = tt.addptr %arg3, %3 : !tt.ptr<f16>, i64
    %25 = tt.splat %24 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %26 = tt.addptr %25, %11 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %27 = tt.broadcast %26 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %28 = tt.addptr %27, %16 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %29 = arith.truncf %23 : tensor<128x64xf32> to tensor<128x64xf16>
    tt.store %28, %29 : tensor<128x64x!tt.ptr<f16>>
    tt.return
  }
}

