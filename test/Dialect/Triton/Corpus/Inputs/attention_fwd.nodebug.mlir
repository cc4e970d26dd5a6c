module {
  tt.func public @attention_fwd(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: f32, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf16>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
    %cst_2 = arith.constant dense<0xFF800000> : tensor<128x64xf32>
    %cst_3 = arith.constant dense<64> : tensor<64x1xi32>
    %cst_4 = arith.constant 1.44269502 : f32
    %cst_5 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %cst_7 = arith.constant dense<64> : tensor<128x1xi32>
    %c128_i32 = arith.constant 128 : i32
    %c64_i64 = arith.constant 64 : i64
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.extsi %arg5 : i32 to i64
    %4 = arith.muli %2, %3 : i64
    %5 = arith.muli %4, %c64_i64 : i64
    %6 = arith.muli %0, %c128_i32 : i32
    %7 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %8 = tt.splat %6 : i32 -> tensor<128xi32>
    %9 = arith.addi %8, %7 : tensor<128xi32>
    %10 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %11 = tt.expand_dims %9 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %12 = tt.splat %arg5 : i32 -> tensor<128x1xi32>
    %13 = arith.cmpi slt, %11, %12 : tensor<128x1xi32>
    %14 = tt.addptr %arg0, %5 : !tt.ptr<f16>, i64
    %15 = arith.muli %11, %cst_7 : tensor<128x1xi32>
    %16 = tt.splat %14 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %17 = tt.addptr %16, %15 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %18 = tt.expand_dims %10 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %19 = tt.broadcast %17 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %20 = tt.broadcast %18 : tensor<1x64xi32> -> tensor<128x64xi32>
    %21 = tt.addptr %19, %20 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %22 = tt.broadcast %13 : tensor<128x1xi1> -> tensor<128x64xi1>
    %23 = tt.load %21, %22, %cst_1 : tensor<128x64x!tt.ptr<f16>>
    %24 = arith.mulf %arg4, %cst_4 : f32
    %25:3 = scf.for %arg6 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg7 = %cst_5, %arg8 = %cst, %arg9 = %cst_6) -> (tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>)  : i32 {
      %35 = tt.splat %arg6 : i32 -> tensor<64xi32>
      %36 = arith.addi %35, %10 : tensor<64xi32>
      %37 = tt.expand_dims %36 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %38 = arith.muli %37, %cst_3 : tensor<64x1xi32>
      %39 = arith.extsi %38 : tensor<64x1xi32> to tensor<64x1xi64>
      %40 = tt.splat %5 : i64 -> tensor<64x1xi64>
      %41 = arith.addi %40, %39 : tensor<64x1xi64>
      %42 = arith.extsi %18 : tensor<1x64xi32> to tensor<1x64xi64>
      %43 = tt.broadcast %41 : tensor<64x1xi64> -> tensor<64x64xi64>
      %44 = tt.broadcast %42 : tensor<1x64xi64> -> tensor<64x64xi64>
      %45 = arith.addi %43, %44 : tensor<64x64xi64>
      %46 = tt.splat %arg5 : i32 -> tensor<64x1xi32>
      %47 = arith.cmpi slt, %37, %46 : tensor<64x1xi32>
      %48 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
      %49 = tt.addptr %48, %45 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi64>
      %50 = tt.broadcast %47 : tensor<64x1xi1> -> tensor<64x64xi1>
      %51 = tt.load %49, %50, %cst_0 : tensor<64x64x!tt.ptr<f16>>
      %52 = tt.trans %51 {order = array<i32: 1, 0>} : tensor<64x64xf16> -> tensor<64x64xf16>
      %53 = tt.dot %23, %52, %cst_6, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %54 = tt.splat %24 : f32 -> tensor<128x64xf32>
      %55 = arith.mulf %53, %54 : tensor<128x64xf32>
      %56 = tt.expand_dims %36 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %57 = tt.splat %arg5 : i32 -> tensor<1x64xi32>
      %58 = arith.cmpi slt, %56, %57 : tensor<1x64xi32>
      %59 = tt.broadcast %58 : tensor<1x64xi1> -> tensor<128x64xi1>
      %60 = arith.select %59, %55, %cst_2 : tensor<128x64xi1>, tensor<128x64xf32>
      %61 = "tt.reduce"(%60) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %80 = arith.maxnumf %arg10, %arg11 : f32
        tt.reduce.return %80 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %62 = arith.maxnumf %arg7, %61 : tensor<128xf32>
      %63 = tt.expand_dims %62 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %64 = tt.broadcast %63 : tensor<128x1xf32> -> tensor<128x64xf32>
      %65 = arith.subf %60, %64 : tensor<128x64xf32>
      %66 = math.exp2 %65 : tensor<128x64xf32>
      %67 = arith.subf %arg7, %62 : tensor<128xf32>
      %68 = math.exp2 %67 : tensor<128xf32>
      %69 = arith.mulf %arg8, %68 : tensor<128xf32>
      %70 = "tt.reduce"(%66) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %80 = arith.addf %arg10, %arg11 : f32
        tt.reduce.return %80 : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      %71 = arith.addf %69, %70 : tensor<128xf32>
      %72 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
      %73 = tt.addptr %72, %45 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi64>
      %74 = tt.load %73, %50, %cst_0 : tensor<64x64x!tt.ptr<f16>>
      %75 = arith.truncf %66 : tensor<128x64xf32> to tensor<128x64xf16>
      %76 = tt.expand_dims %68 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %77 = tt.broadcast %76 : tensor<128x1xf32> -> tensor<128x64xf32>
      %78 = arith.mulf %arg9, %77 : tensor<128x64xf32>
      %79 = tt.dot %75, %74, %78, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      scf.yield %62, %71, %79 : tensor<128xf32>, tensor<128xf32>, tensor<128x64xf32>
    }
    %26 = tt.expand_dims %25#1 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %27 = tt.broadcast %26 : tensor<128x1xf32> -> tensor<128x64xf32>
    %28 = arith.divf %25#2, %27 : tensor<128x64xf32>
    %29 = tt.addptr %arg3, %5 : !tt.ptr<f16>, i64
    %30 = tt.splat %29 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %31 = tt.addptr %30, %15 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %32 = tt.broadcast %31 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %33 = tt.addptr %32, %20 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %34 = arith.truncf %28 : tensor<128x64xf32> to tensor<128x64xf16>
    tt.store %33, %34, %22 : tensor<128x64x!tt.ptr<f16>>
    tt.return
  }
}

