module {
  tt.func public @dot_scaled_mx(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<32> : tensor<64x1xi32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %cst_1 = arith.constant dense<2> : tensor<32x1xi32>
    %cst_2 = arith.constant dense<32> : tensor<32x1xi32>
    %cst_3 = arith.constant dense<64> : tensor<32x1xi32>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %3 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %4 = arith.muli %3, %cst_3 : tensor<32x1xi32>
    %5 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>>
    %6 = tt.addptr %5, %4 : tensor<32x1x!tt.ptr<i8>>, tensor<32x1xi32>
    %7 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %8 = tt.broadcast %6 : tensor<32x1x!tt.ptr<i8>> -> tensor<32x64x!tt.ptr<i8>>
    %9 = tt.broadcast %7 : tensor<1x64xi32> -> tensor<32x64xi32>
    %10 = tt.addptr %8, %9 : tensor<32x64x!tt.ptr<i8>>, tensor<32x64xi32>
    %11 = tt.load %10 : tensor<32x64x!tt.ptr<i8>>
    %12 = arith.muli %3, %cst_2 : tensor<32x1xi32>
    %13 = tt.splat %arg2 : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>>
    %14 = tt.addptr %13, %12 : tensor<32x1x!tt.ptr<i8>>, tensor<32x1xi32>
    %15 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %16 = tt.broadcast %14 : tensor<32x1x!tt.ptr<i8>> -> tensor<32x32x!tt.ptr<i8>>
    %17 = tt.broadcast %15 : tensor<1x32xi32> -> tensor<32x32xi32>
    %18 = tt.addptr %16, %17 : tensor<32x32x!tt.ptr<i8>>, tensor<32x32xi32>
    %19 = tt.load %18 : tensor<32x32x!tt.ptr<i8>>
    %20 = arith.muli %3, %cst_1 : tensor<32x1xi32>
    %21 = tt.splat %arg1 : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>>
    %22 = tt.addptr %21, %20 : tensor<32x1x!tt.ptr<i8>>, tensor<32x1xi32>
    %23 = tt.expand_dims %2 {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
    %24 = tt.broadcast %22 : tensor<32x1x!tt.ptr<i8>> -> tensor<32x2x!tt.ptr<i8>>
    %25 = tt.broadcast %23 : tensor<1x2xi32> -> tensor<32x2xi32>
    %26 = tt.addptr %24, %25 : tensor<32x2x!tt.ptr<i8>>, tensor<32x2xi32>
    %27 = tt.load %26 : tensor<32x2x!tt.ptr<i8>>
    %28 = tt.splat %arg3 : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>>
    %29 = tt.addptr %28, %20 : tensor<32x1x!tt.ptr<i8>>, tensor<32x1xi32>
    %30 = tt.broadcast %29 : tensor<32x1x!tt.ptr<i8>> -> tensor<32x2x!tt.ptr<i8>>
    %31 = tt.addptr %30, %25 : tensor<32x2x!tt.ptr<i8>>, tensor<32x2xi32>
    %32 = tt.load %31 : tensor<32x2x!tt.ptr<i8>>
    %33 = tt.bitcast %11 : tensor<32x64xi8> -> tensor<32x64xf8E5M2>
    %34 = tt.dot_scaled %33 scale %27, %19 scale %32, %cst_0 lhs = e5m2 rhs = e2m1 {fastMath = false} : tensor<32x64xf8E5M2>, tensor<32x2xi8> * tensor<32x32xi8>, tensor<32x2xi8> -> tensor<32x32xf32>
    %35 = tt.splat %arg4 : !tt.ptr<bf16> -> tensor<32x1x!tt.ptr<bf16>>
    %36 = tt.addptr %35, %4 : tensor<32x1x!tt.ptr<bf16>>, tensor<32x1xi32>
    %37 = tt.broadcast %36 : tensor<32x1x!tt.ptr<bf16>> -> tensor<32x64x!tt.ptr<bf16>>
    %38 = tt.addptr %37, %9 : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
    %39 = tt.load %38 : tensor<32x64x!tt.ptr<bf16>>
    %40 = tt.expand_dims %1 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %41 = arith.muli %40, %cst : tensor<64x1xi32>
    %42 = tt.splat %arg2 : !tt.ptr<i8> -> tensor<64x1x!tt.ptr<i8>>
    %43 = tt.addptr %42, %41 : tensor<64x1x!tt.ptr<i8>>, tensor<64x1xi32>
    %44 = tt.broadcast %43 : tensor<64x1x!tt.ptr<i8>> -> tensor<64x32x!tt.ptr<i8>>
    %45 = tt.broadcast %15 : tensor<1x32xi32> -> tensor<64x32xi32>
    %46 = tt.addptr %44, %45 : tensor<64x32x!tt.ptr<i8>>, tensor<64x32xi32>
    %47 = tt.load %46 : tensor<64x32x!tt.ptr<i8>>
    %48 = tt.bitcast %47 : tensor<64x32xi8> -> tensor<64x32xf8E5M2>
    %49 = tt.dot_scaled %39, %48 scale %32, %34 lhs = bf16 rhs = e5m2 {fastMath = false} : tensor<32x64xbf16> * tensor<64x32xf8E5M2>, tensor<32x2xi8> -> tensor<32x32xf32>
    %50 = tt.splat %arg5 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %51 = tt.addptr %50, %12 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %52 = tt.broadcast %51 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x32x!tt.ptr<f32>>
    %53 = tt.addptr %52, %17 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    tt.store %53, %49 : tensor<32x32x!tt.ptr<f32>>
    tt.return
  }
}

