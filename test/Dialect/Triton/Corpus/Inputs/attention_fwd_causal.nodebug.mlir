module {
  tt.func public @attention_fwd(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: f32, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf16>
    %c32_i32 = arith.constant 32 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
    %cst_2 = arith.constant dense<0xFF800000> : tensor<64x32xf32>
    %cst_3 = arith.constant dense<32> : tensor<32x1xi32>
    %c1_i32 = arith.constant 1 : i32
    %cst_4 = arith.constant 1.44269502 : f32
    %cst_5 = arith.constant dense<0xFF800000> : tensor<64xf32>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<64x32xf32>
    %cst_7 = arith.constant dense<32> : tensor<64x1xi32>
    %c64_i32 = arith.constant 64 : i32
    %c32_i64 = arith.constant 32 : i64
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.extsi %arg5 : i32 to i64
    %4 = arith.muli %2, %3 : i64
    %5 = arith.muli %4, %c32_i64 : i64
    %6 = arith.muli %0, %c64_i32 : i32
    %7 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %8 = tt.splat %6 : i32 -> tensor<64xi32>
    %9 = arith.addi %8, %7 : tensor<64xi32>
    %10 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %11 = tt.expand_dims %9 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %12 = tt.splat %arg5 : i32 -> tensor<64x1xi32>
    %13 = arith.cmpi slt, %11, %12 : tensor<64x1xi32>
    %14 = tt.addptr %arg0, %5 : !tt.ptr<f16>, i64
    %15 = arith.muli %11, %cst_7 : tensor<64x1xi32>
    %16 = tt.splat %14 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %17 = tt.addptr %16, %15 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
    %18 = tt.expand_dims %10 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %19 = tt.broadcast %17 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x32x!tt.ptr<f16>>
    %20 = tt.broadcast %18 : tensor<1x32xi32> -> tensor<64x32xi32>
    %21 = tt.addptr %19, %20 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %22 = tt.broadcast %13 : tensor<64x1xi1> -> tensor<64x32xi1>
    %23 = tt.load %21, %22, %cst_1 : tensor<64x32x!tt.ptr<f16>>
    %24 = arith.mulf %arg4, %cst_4 : f32
    %25 = arith.addi %0, %c1_i32 : i32
    %26 = arith.muli %25, %c64_i32 : i32
    %27 = arith.minsi %26, %arg5 : i32
    %28:3 = scf.for %arg6 = %c0_i32 to %27 step %c32_i32 iter_args(%arg7 = %cst_5, %arg8 = %cst, %arg9 = %cst_6) -> (tensor<64xf32>, tensor<64xf32>, tensor<64x32xf32>)  : i32 {
      %38 = tt.splat %arg6 : i32 -> tensor<32xi32>
      %39 = arith.addi %38, %10 : tensor<32xi32>
      %40 = tt.expand_dims %39 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %41 = arith.muli %40, %cst_3 : tensor<32x1xi32>
      %42 = arith.extsi %41 : tensor<32x1xi32> to tensor<32x1xi64>
      %43 = tt.splat %5 : i64 -> tensor<32x1xi64>
      %44 = arith.addi %43, %42 : tensor<32x1xi64>
      %45 = arith.extsi %18 : tensor<1x32xi32> to tensor<1x32xi64>
      %46 = tt.broadcast %44 : tensor<32x1xi64> -> tensor<32x32xi64>
      %47 = tt.broadcast %45 : tensor<1x32xi64> -> tensor<32x32xi64>
      %48 = arith.addi %46, %47 : tensor<32x32xi64>
      %49 = tt.splat %arg5 : i32 -> tensor<32x1xi32>
      %50 = arith.cmpi slt, %40, %49 : tensor<32x1xi32>
      %51 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
      %52 = tt.addptr %51, %48 : tensor<32x32x!tt.ptr<f16>>, tensor<32x32xi64>
      %53 = tt.broadcast %50 : tensor<32x1xi1> -> tensor<32x32xi1>
      %54 = tt.load %52, %53, %cst_0 : tensor<32x32x!tt.ptr<f16>>
      %55 = tt.trans %54 {order = array<i32: 1, 0>} : tensor<32x32xf16> -> tensor<32x32xf16>
      %56 = tt.dot %23, %55, %cst_6, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x32xf16> -> tensor<64x32xf32>
      %57 = tt.splat %24 : f32 -> tensor<64x32xf32>
      %58 = arith.mulf %56, %57 : tensor<64x32xf32>
      %59 = tt.expand_dims %39 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %60 = tt.splat %arg5 : i32 -> tensor<1x32xi32>
      %61 = arith.cmpi slt, %59, %60 : tensor<1x32xi32>
      %62 = tt.broadcast %11 : tensor<64x1xi32> -> tensor<64x32xi32>
      %63 = tt.broadcast %59 : tensor<1x32xi32> -> tensor<64x32xi32>
      %64 = arith.cmpi sge, %62, %63 : tensor<64x32xi32>
      %65 = tt.broadcast %61 : tensor<1x32xi1> -> tensor<64x32xi1>
      %66 = arith.andi %65, %64 : tensor<64x32xi1>
      %67 = arith.select %66, %58, %cst_2 : tensor<64x32xi1>, tensor<64x32xf32>
      %68 = "tt.reduce"(%67) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %87 = arith.maxnumf %arg10, %arg11 : f32
        tt.reduce.return %87 : f32
      }) : (tensor<64x32xf32>) -> tensor<64xf32>
      %69 = arith.maxnumf %arg7, %68 : tensor<64xf32>
      %70 = tt.expand_dims %69 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %71 = tt.broadcast %70 : tensor<64x1xf32> -> tensor<64x32xf32>
      %72 = arith.subf %67, %71 : tensor<64x32xf32>
      %73 = math.exp2 %72 : tensor<64x32xf32>
      %74 = arith.subf %arg7, %69 : tensor<64xf32>
      %75 = math.exp2 %74 : tensor<64xf32>
      %76 = arith.mulf %arg8, %75 : tensor<64xf32>
      %77 = "tt.reduce"(%73) <{axis = 1 : i32}> ({
      ^bb0(%arg10: f32, %arg11: f32):
        %87 = arith.addf %arg10, %arg11 : f32
        tt.reduce.return %87 : f32
      }) : (tensor<64x32xf32>) -> tensor<64xf32>
      %78 = arith.addf %76, %77 : tensor<64xf32>
      %79 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
      %80 = tt.addptr %79, %48 : tensor<32x32x!tt.ptr<f16>>, tensor<32x32xi64>
      %81 = tt.load %80, %53, %cst_0 : tensor<32x32x!tt.ptr<f16>>
      %82 = arith.truncf %73 : tensor<64x32xf32> to tensor<64x32xf16>
      %83 = tt.expand_dims %75 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %84 = tt.broadcast %83 : tensor<64x1xf32> -> tensor<64x32xf32>
      %85 = arith.mulf %arg9, %84 : tensor<64x32xf32>
      %86 = tt.dot %82, %81, %85, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x32xf16> -> tensor<64x32xf32>
      scf.yield %69, %78, %86 : tensor<64xf32>, tensor<64xf32>, tensor<64x32xf32>
    }
    %29 = tt.expand_dims %28#1 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %30 = tt.broadcast %29 : tensor<64x1xf32> -> tensor<64x32xf32>
    %31 = arith.divf %28#2, %30 : tensor<64x32xf32>
    %32 = tt.addptr %arg3, %5 : !tt.ptr<f16>, i64
    %33 = tt.splat %32 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
    %34 = tt.addptr %33, %15 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
    %35 = tt.broadcast %34 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x32x!tt.ptr<f16>>
    %36 = tt.addptr %35, %20 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %37 = arith.truncf %31 : tensor<64x32xf32> to tensor<64x32xf16>
    tt.store %36, %37, %22 : tensor<64x32x!tt.ptr<f16>>
    tt.return
  }
}

