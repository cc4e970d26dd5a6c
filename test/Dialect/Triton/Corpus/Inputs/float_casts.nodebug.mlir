module {
  tt.func public @float_casts(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %3 = tt.load %2 : tensor<128x!tt.ptr<f32>>
    %4 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
    %5 = tt.addptr %4, %0 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    %6 = tt.load %5 : tensor<128x!tt.ptr<f16>>
    %7 = tt.splat %arg2 : !tt.ptr<bf16> -> tensor<128x!tt.ptr<bf16>>
    %8 = tt.addptr %7, %0 : tensor<128x!tt.ptr<bf16>>, tensor<128xi32>
    %9 = tt.load %8 : tensor<128x!tt.ptr<bf16>>
    %10 = tt.splat %arg3 : !tt.ptr<f64> -> tensor<128x!tt.ptr<f64>>
    %11 = tt.addptr %10, %0 : tensor<128x!tt.ptr<f64>>, tensor<128xi32>
    %12 = tt.load %11 : tensor<128x!tt.ptr<f64>>
    %13 = tt.fp_to_fp %3, rounding = rtz : tensor<128xf32> -> tensor<128xf16>
    tt.store %5, %13 : tensor<128x!tt.ptr<f16>>
    %14 = arith.truncf %3 : tensor<128xf32> to tensor<128xbf16>
    tt.store %8, %14 : tensor<128x!tt.ptr<bf16>>
    %15 = tt.fp_to_fp %12, rounding = rtz : tensor<128xf64> -> tensor<128xf32>
    tt.store %2, %15 : tensor<128x!tt.ptr<f32>>
    %16 = tt.splat %arg4 : !tt.ptr<f8E5M2> -> tensor<128x!tt.ptr<f8E5M2>>
    %17 = tt.addptr %16, %0 : tensor<128x!tt.ptr<f8E5M2>>, tensor<128xi32>
    %18 = tt.fp_to_fp %3, rounding = rtne : tensor<128xf32> -> tensor<128xf8E5M2>
    tt.store %17, %18 : tensor<128x!tt.ptr<f8E5M2>>
    %19 = tt.splat %arg5 : !tt.ptr<f8E5M2> -> tensor<128x!tt.ptr<f8E5M2>>
    %20 = tt.addptr %19, %0 : tensor<128x!tt.ptr<f8E5M2>>, tensor<128xi32>
    %21 = tt.fp_to_fp %6, rounding = rtne : tensor<128xf16> -> tensor<128xf8E5M2>
    tt.store %20, %21 : tensor<128x!tt.ptr<f8E5M2>>
    %22 = tt.load %17 : tensor<128x!tt.ptr<f8E5M2>>
    %23 = tt.fp_to_fp %22 : tensor<128xf8E5M2> -> tensor<128xf32>
    %24 = tt.load %20 : tensor<128x!tt.ptr<f8E5M2>>
    %25 = tt.fp_to_fp %24 : tensor<128xf8E5M2> -> tensor<128xf16>
    %26 = tt.addptr %arg5, %c128_i32 : !tt.ptr<f8E5M2>, i32
    %27 = tt.splat %26 : !tt.ptr<f8E5M2> -> tensor<128x!tt.ptr<f8E5M2>>
    %28 = tt.addptr %27, %0 : tensor<128x!tt.ptr<f8E5M2>>, tensor<128xi32>
    %29 = tt.fp_to_fp %9, rounding = rtne : tensor<128xbf16> -> tensor<128xf8E5M2>
    tt.store %28, %29 : tensor<128x!tt.ptr<f8E5M2>>
    %30 = arith.extf %6 : tensor<128xf16> to tensor<128xf32>
    %31 = arith.extf %9 : tensor<128xbf16> to tensor<128xf32>
    %32 = arith.addf %30, %31 : tensor<128xf32>
    %33 = arith.addf %32, %23 : tensor<128xf32>
    %34 = arith.extf %25 : tensor<128xf16> to tensor<128xf32>
    %35 = arith.addf %33, %34 : tensor<128xf32>
    %36 = arith.truncf %12 : tensor<128xf64> to tensor<128xf32>
    %37 = arith.addf %35, %36 : tensor<128xf32>
    %38 = tt.splat %arg6 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %39 = tt.addptr %38, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %39, %37 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}

