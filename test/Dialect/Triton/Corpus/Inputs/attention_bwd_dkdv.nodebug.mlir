module {
  tt.func public @attention_bwd_dkdv(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg8: f32) attributes {noinline = false} {
    %c32_i32 = arith.constant 32 : i32
    %c0_i32 = arith.constant 0 : i32
    %c65536_i64 = arith.constant 65536 : i64
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x32xf32>
    %cst_1 = arith.constant dense<64> : tensor<32x1xi32>
    %cst_2 = arith.constant 1.44269502 : f32
    %cst_3 = arith.constant dense<64> : tensor<64x1xi32>
    %c64_i32 = arith.constant 64 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = arith.extsi %1 : i32 to i64
    %3 = arith.muli %2, %c65536_i64 : i64
    %4 = arith.muli %1, %c1024_i32 : i32
    %5 = arith.muli %0, %c64_i32 : i32
    %6 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %7 = tt.splat %5 : i32 -> tensor<64xi32>
    %8 = arith.addi %7, %6 : tensor<64xi32>
    %9 = tt.expand_dims %8 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %10 = arith.muli %9, %cst_3 : tensor<64x1xi32>
    %11 = arith.extsi %10 : tensor<64x1xi32> to tensor<64x1xi64>
    %12 = tt.splat %3 : i64 -> tensor<64x1xi64>
    %13 = arith.addi %12, %11 : tensor<64x1xi64>
    %14 = tt.expand_dims %6 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %15 = arith.extsi %14 : tensor<1x64xi32> to tensor<1x64xi64>
    %16 = tt.broadcast %13 : tensor<64x1xi64> -> tensor<64x64xi64>
    %17 = tt.broadcast %15 : tensor<1x64xi64> -> tensor<64x64xi64>
    %18 = arith.addi %16, %17 : tensor<64x64xi64>
    %19 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %20 = tt.addptr %19, %18 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi64>
    %21 = tt.load %20 : tensor<64x64x!tt.ptr<f16>>
    %22 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %23 = tt.addptr %22, %18 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi64>
    %24 = tt.load %23 : tensor<64x64x!tt.ptr<f16>>
    %25 = arith.mulf %arg8, %cst_2 : f32
    %26:2 = scf.for %arg9 = %c0_i32 to %c1024_i32 step %c32_i32 iter_args(%arg10 = %cst, %arg11 = %cst) -> (tensor<64x64xf32>, tensor<64x64xf32>)  : i32 {
      %35 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %36 = tt.splat %arg9 : i32 -> tensor<32xi32>
      %37 = arith.addi %36, %35 : tensor<32xi32>
      %38 = tt.expand_dims %37 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %39 = arith.muli %38, %cst_1 : tensor<32x1xi32>
      %40 = arith.extsi %39 : tensor<32x1xi32> to tensor<32x1xi64>
      %41 = tt.splat %3 : i64 -> tensor<32x1xi64>
      %42 = arith.addi %41, %40 : tensor<32x1xi64>
      %43 = tt.broadcast %42 : tensor<32x1xi64> -> tensor<32x64xi64>
      %44 = tt.broadcast %15 : tensor<1x64xi64> -> tensor<32x64xi64>
      %45 = arith.addi %43, %44 : tensor<32x64xi64>
      %46 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
      %47 = tt.addptr %46, %45 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
      %48 = tt.load %47 : tensor<32x64x!tt.ptr<f16>>
      %49 = tt.splat %arg3 : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
      %50 = tt.addptr %49, %45 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi64>
      %51 = tt.load %50 : tensor<32x64x!tt.ptr<f16>>
      %52 = tt.addptr %arg4, %4 : !tt.ptr<f32>, i32
      %53 = tt.splat %52 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
      %54 = tt.addptr %53, %37 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
      %55 = tt.load %54 : tensor<32x!tt.ptr<f32>>
      %56 = tt.addptr %arg5, %4 : !tt.ptr<f32>, i32
      %57 = tt.splat %56 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
      %58 = tt.addptr %57, %37 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
      %59 = tt.load %58 : tensor<32x!tt.ptr<f32>>
      %60 = tt.trans %48 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
      %61 = tt.dot %21, %60, %cst_0, inputPrecision = tf32 : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
      %62 = tt.splat %25 : f32 -> tensor<64x32xf32>
      %63 = arith.mulf %61, %62 : tensor<64x32xf32>
      %64 = tt.expand_dims %55 {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
      %65 = tt.broadcast %64 : tensor<1x32xf32> -> tensor<64x32xf32>
      %66 = arith.subf %63, %65 : tensor<64x32xf32>
      %67 = math.exp2 %66 : tensor<64x32xf32>
      %68 = arith.truncf %67 : tensor<64x32xf32> to tensor<64x32xf16>
      %69 = tt.dot %68, %51, %arg11, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
      %70 = tt.trans %51 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
      %71 = tt.dot %24, %70, %cst_0, inputPrecision = tf32 : tensor<64x64xf16> * tensor<64x32xf16> -> tensor<64x32xf32>
      %72 = tt.expand_dims %59 {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
      %73 = tt.broadcast %72 : tensor<1x32xf32> -> tensor<64x32xf32>
      %74 = arith.subf %71, %73 : tensor<64x32xf32>
      %75 = arith.mulf %67, %74 : tensor<64x32xf32>
      %76 = arith.truncf %75 : tensor<64x32xf32> to tensor<64x32xf16>
      %77 = tt.dot %76, %48, %arg10, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
      scf.yield %77, %69 : tensor<64x64xf32>, tensor<64x64xf32>
    }
    %27 = tt.splat %arg6 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %28 = tt.addptr %27, %18 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi64>
    %29 = tt.splat %arg8 : f32 -> tensor<64x64xf32>
    %30 = arith.mulf %26#0, %29 : tensor<64x64xf32>
    %31 = arith.truncf %30 : tensor<64x64xf32> to tensor<64x64xf16>
    tt.store %28, %31 : tensor<64x64x!tt.ptr<f16>>
    %32 = tt.splat %arg7 : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %33 = tt.addptr %32, %18 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi64>
    %34 = arith.truncf %26#1 : tensor<64x64xf32> to tensor<64x64xf16>
    tt.store %33, %34 : tensor<64x64x!tt.ptr<f16>>
    tt.return
  }
}

