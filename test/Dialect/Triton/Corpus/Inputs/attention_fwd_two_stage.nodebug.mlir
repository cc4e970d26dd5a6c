module {
  tt.func public @attention_fwd_two_stage(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: f32) attributes {noinline = false} {
    %cst = arith.constant dense<-1.000000e+06> : tensor<128x32xf32>
    %cst_0 = arith.constant dense<64> : tensor<32x1xi32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x32xf32>
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %c65536_i64 = arith.constant 65536 : i64
    %c1_i32 = arith.constant 1 : i32
    %cst_4 = arith.constant 1.44269502 : f32
    %cst_5 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %cst_6 = arith.constant dense<64> : tensor<128x1xi32>
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
    %11 = arith.muli %10, %cst_6 : tensor<128x1xi32>
    %12 = tt.splat %9 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %13 = tt.addptr %12, %11 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %14 = tt.expand_dims %8 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %15 = tt.broadcast %13 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %16 = tt.broadcast %14 : tensor<1x64xi32> -> tensor<128x64xi32>
    %17 = tt.addptr %15, %16 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %18 = tt.load %17 : tensor<128x64x!tt.ptr<f16>>
    %19 = arith.mulf %arg4, %cst_4 : f32
    %20:3 = scf.for %arg5 = %c0_i32 to %4 step %c32_i32 iter_args(%arg6 = %cst_2, %arg7 = %cst_3, %arg8 = %cst_5) -> (tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>)  : i32 {
      %33 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %34 = tt.splat %arg5 : i32 -> tensor<32xi32>
      %35 = arith.addi %34, %33 : tensor<32xi32>
      %36 = tt.expand_dims %35 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %37 = arith.muli %36, %cst_0 : tensor<32x1xi32>
      %38 = arith.extsi %37 : tensor<32x1xi32> to tensor<32x1xi64>
      %39 = tt.splat %3 : i64 -> tensor<32x1xi64>
      %40 = arith.addi %39, %38 : tensor<32x1xi64>
      %41 = arith.extsi %14 : tensor<1x64xi32> to tensor<1x64xi64>
      %42 = tt.broadcast %40 : tensor<32x1xi64> -> tensor<32x64xi64>
      %43 = tt.broadcast %41 : tensor<1x64xi64> -> tensor<32x64xi64>
      %44 = arith.addi %42, %43 : tensor<32x64xi64>
      %45 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
      %46 = tt.addptr %45, %44 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
      %47 = tt.load %46 : tensor<32x64x!tt.ptr<f16>>
      %48 = tt.trans %47 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
      %49 = tt.dot %18, %48, %cst_1, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
      %50 = tt.splat %19 : f32 -> tensor<128x32xf32>
      %51 = arith.mulf %49, %50 : tensor<128x32xf32>
      %52 = "tt.reduce"(%51) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %71 = arith.maxnumf %arg9, %arg10 : f32
        tt.reduce.return %71 : f32
      }) : (tensor<128x32xf32>) -> tensor<128xf32>
      %53 = arith.maxnumf %arg8, %52 : tensor<128xf32>
      %54 = tt.expand_dims %53 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %55 = tt.broadcast %54 : tensor<128x1xf32> -> tensor<128x32xf32>
      %56 = arith.subf %51, %55 : tensor<128x32xf32>
      %57 = math.exp2 %56 : tensor<128x32xf32>
      %58 = arith.subf %arg8, %53 : tensor<128xf32>
      %59 = math.exp2 %58 : tensor<128xf32>
      %60 = arith.mulf %arg7, %59 : tensor<128xf32>
      %61 = "tt.reduce"(%57) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %71 = arith.addf %arg9, %arg10 : f32
        tt.reduce.return %71 : f32
      }) : (tensor<128x32xf32>) -> tensor<128xf32>
      %62 = arith.addf %60, %61 : tensor<128xf32>
      %63 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
      %64 = tt.addptr %63, %44 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
      %65 = tt.load %64 : tensor<32x64x!tt.ptr<f16>>
      %66 = arith.truncf %57 : tensor<128x32xf32> to tensor<128x32xf16>
      %67 = tt.expand_dims %59 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %68 = tt.broadcast %67 : tensor<128x1xf32> -> tensor<128x64xf32>
      %69 = arith.mulf %arg6, %68 : tensor<128x64xf32>
      %70 = tt.dot %66, %65, %69, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      scf.yield %70, %62, %53 : tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>
    }
    %21 = arith.addi %0, %c1_i32 : i32
    %22 = arith.muli %21, %c128_i32 : i32
    %23:3 = scf.for %arg5 = %4 to %22 step %c32_i32 iter_args(%arg6 = %20#0, %arg7 = %20#1, %arg8 = %20#2) -> (tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>)  : i32 {
      %33 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %34 = tt.splat %arg5 : i32 -> tensor<32xi32>
      %35 = arith.addi %34, %33 : tensor<32xi32>
      %36 = tt.expand_dims %35 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %37 = arith.muli %36, %cst_0 : tensor<32x1xi32>
      %38 = arith.extsi %37 : tensor<32x1xi32> to tensor<32x1xi64>
      %39 = tt.splat %3 : i64 -> tensor<32x1xi64>
      %40 = arith.addi %39, %38 : tensor<32x1xi64>
      %41 = arith.extsi %14 : tensor<1x64xi32> to tensor<1x64xi64>
      %42 = tt.broadcast %40 : tensor<32x1xi64> -> tensor<32x64xi64>
      %43 = tt.broadcast %41 : tensor<1x64xi64> -> tensor<32x64xi64>
      %44 = arith.addi %42, %43 : tensor<32x64xi64>
      %45 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
      %46 = tt.addptr %45, %44 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
      %47 = tt.load %46 : tensor<32x64x!tt.ptr<f16>>
      %48 = tt.trans %47 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
      %49 = tt.dot %18, %48, %cst_1, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x32xf16> -> tensor<128x32xf32>
      %50 = tt.splat %19 : f32 -> tensor<128x32xf32>
      %51 = arith.mulf %49, %50 : tensor<128x32xf32>
      %52 = tt.expand_dims %35 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %53 = tt.broadcast %10 : tensor<128x1xi32> -> tensor<128x32xi32>
      %54 = tt.broadcast %52 : tensor<1x32xi32> -> tensor<128x32xi32>
      %55 = arith.cmpi sge, %53, %54 : tensor<128x32xi32>
      %56 = arith.select %55, %51, %cst : tensor<128x32xi1>, tensor<128x32xf32>
      %57 = "tt.reduce"(%56) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %76 = arith.maxnumf %arg9, %arg10 : f32
        tt.reduce.return %76 : f32
      }) : (tensor<128x32xf32>) -> tensor<128xf32>
      %58 = arith.maxnumf %arg8, %57 : tensor<128xf32>
      %59 = tt.expand_dims %58 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %60 = tt.broadcast %59 : tensor<128x1xf32> -> tensor<128x32xf32>
      %61 = arith.subf %56, %60 : tensor<128x32xf32>
      %62 = math.exp2 %61 : tensor<128x32xf32>
      %63 = arith.subf %arg8, %58 : tensor<128xf32>
      %64 = math.exp2 %63 : tensor<128xf32>
      %65 = arith.mulf %arg7, %64 : tensor<128xf32>
      %66 = "tt.reduce"(%62) <{axis = 1 : i32}> ({
      ^bb0(%arg9: f32, %arg10: f32):
        %76 = arith.addf %arg9, %arg10 : f32
        tt.reduce.return %76 : f32
      }) : (tensor<128x32xf32>) -> tensor<128xf32>
      %67 = arith.addf %65, %66 : tensor<128xf32>
      %68 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
      %69 = tt.addptr %68, %44 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
      %70 = tt.load %69 : tensor<32x64x!tt.ptr<f16>>
      %71 = arith.truncf %62 : tensor<128x32xf32> to tensor<128x32xf16>
      %72 = tt.expand_dims %64 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %73 = tt.broadcast %72 : tensor<128x1xf32> -> tensor<128x64xf32>
      %74 = arith.mulf %arg6, %73 : tensor<128x64xf32>
      %75 = tt.dot %71, %70, %74, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      scf.yield %75, %67, %58 : tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>
    }
    %24 = tt.expand_dims %23#1 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %25 = tt.broadcast %24 : tensor<128x1xf32> -> tensor<128x64xf32>
    %26 = arith.divf %23#0, %25 : tensor<128x64xf32>
    %27 = tt.addptr %arg3, %3 : !tt.ptr<f16>, i64
    %28 = tt.splat %27 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %29 = tt.addptr %28, %11 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %30 = tt.broadcast %29 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
    %31 = tt.addptr %30, %16 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %32 = arith.truncf %26 : tensor<128x64xf32> to tensor<128x64xf16>
    tt.store %31, %32 : tensor<128x64x!tt.ptr<f16>>
    tt.return
  }
}

