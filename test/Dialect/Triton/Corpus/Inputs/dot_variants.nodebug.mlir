module {
  tt.func public @dot_variants(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<2x16x32xf32>
    %cst_0 = arith.constant dense<0> : tensor<32x32xi32>
    %c1024_i32 = arith.constant 1024 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<32x32xf16>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %cst_3 = arith.constant dense<32> : tensor<32x1xi32>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %2 = arith.muli %1, %cst_3 : tensor<32x1xi32>
    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %4 = tt.addptr %3, %2 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %5 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %6 = tt.broadcast %4 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x32x!tt.ptr<f32>>
    %7 = tt.broadcast %5 : tensor<1x32xi32> -> tensor<32x32xi32>
    %8 = tt.addptr %6, %7 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %9 = tt.load %8 : tensor<32x32x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %11 = tt.addptr %10, %2 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %12 = tt.broadcast %11 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x32x!tt.ptr<f32>>
    %13 = tt.addptr %12, %7 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %14 = tt.load %13 : tensor<32x32x!tt.ptr<f32>>
    %15 = tt.dot %9, %14, %cst_2, inputPrecision = tf32x3 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
    %16 = arith.truncf %9 : tensor<32x32xf32> to tensor<32x32xf16>
    %17 = arith.truncf %14 : tensor<32x32xf32> to tensor<32x32xf16>
    %18 = tt.dot %16, %17, %cst_1, inputPrecision = tf32 : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf16>
    %19 = arith.truncf %9 : tensor<32x32xf32> to tensor<32x32xbf16>
    %20 = arith.truncf %14 : tensor<32x32xf32> to tensor<32x32xbf16>
    %21 = tt.dot %19, %20, %15, inputPrecision = tf32 : tensor<32x32xbf16> * tensor<32x32xbf16> -> tensor<32x32xf32>
    %22 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %23 = tt.addptr %22, %2 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %24 = tt.broadcast %23 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x32x!tt.ptr<f32>>
    %25 = tt.addptr %24, %7 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %26 = arith.extf %18 : tensor<32x32xf16> to tensor<32x32xf32>
    %27 = arith.addf %15, %26 : tensor<32x32xf32>
    %28 = arith.addf %27, %21 : tensor<32x32xf32>
    tt.store %25, %28 : tensor<32x32x!tt.ptr<f32>>
    %29 = tt.splat %arg2 : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>>
    %30 = tt.addptr %29, %2 : tensor<32x1x!tt.ptr<i8>>, tensor<32x1xi32>
    %31 = tt.broadcast %30 : tensor<32x1x!tt.ptr<i8>> -> tensor<32x32x!tt.ptr<i8>>
    %32 = tt.addptr %31, %7 : tensor<32x32x!tt.ptr<i8>>, tensor<32x32xi32>
    %33 = tt.load %32 : tensor<32x32x!tt.ptr<i8>>
    %34 = tt.addptr %arg2, %c1024_i32 : !tt.ptr<i8>, i32
    %35 = tt.splat %34 : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>>
    %36 = tt.addptr %35, %2 : tensor<32x1x!tt.ptr<i8>>, tensor<32x1xi32>
    %37 = tt.broadcast %36 : tensor<32x1x!tt.ptr<i8>> -> tensor<32x32x!tt.ptr<i8>>
    %38 = tt.addptr %37, %7 : tensor<32x32x!tt.ptr<i8>>, tensor<32x32xi32>
    %39 = tt.load %38 : tensor<32x32x!tt.ptr<i8>>
    %40 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<32x1x!tt.ptr<i32>>
    %41 = tt.addptr %40, %2 : tensor<32x1x!tt.ptr<i32>>, tensor<32x1xi32>
    %42 = tt.broadcast %41 : tensor<32x1x!tt.ptr<i32>> -> tensor<32x32x!tt.ptr<i32>>
    %43 = tt.addptr %42, %7 : tensor<32x32x!tt.ptr<i32>>, tensor<32x32xi32>
    %44 = tt.dot %33, %39, %cst_0, inputPrecision = tf32 : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
    tt.store %43, %44 : tensor<32x32x!tt.ptr<i32>>
    %45 = tt.reshape %9 : tensor<32x32xf32> -> tensor<2x16x32xf32>
    %46 = tt.expand_dims %14 {axis = 0 : i32} : tensor<32x32xf32> -> tensor<1x32x32xf32>
    %47 = tt.broadcast %46 : tensor<1x32x32xf32> -> tensor<2x32x32xf32>
    %48 = tt.dot %45, %47, %cst, inputPrecision = tf32 : tensor<2x16x32xf32> * tensor<2x32x32xf32> -> tensor<2x16x32xf32>
    %49 = tt.addptr %arg3, %c1024_i32 : !tt.ptr<f32>, i32
    %50 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %51 = tt.splat %49 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %52 = tt.addptr %51, %50 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %53 = tt.reshape %48 : tensor<2x16x32xf32> -> tensor<1024xf32>
    tt.store %52, %53 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}

