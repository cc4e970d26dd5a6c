module {
  tt.func public @math_ops(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %cst_0 = arith.constant dense<1.500000e+00> : tensor<256xf32>
    %cst_1 = arith.constant dense<3> : tensor<256xi32>
    %cst_2 = arith.constant dense<1.000000e+00> : tensor<256xf32>
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %3 = tt.load %2 : tensor<256x!tt.ptr<f32>>
    %4 = math.absf %3 : tensor<256xf32>
    %5 = arith.addf %4, %cst_2 : tensor<256xf32>
    %6 = math.exp %3 : tensor<256xf32>
    %7 = math.exp2 %3 : tensor<256xf32>
    %8 = arith.addf %6, %7 : tensor<256xf32>
    %9 = math.log %5 : tensor<256xf32>
    %10 = arith.addf %8, %9 : tensor<256xf32>
    %11 = math.log2 %5 : tensor<256xf32>
    %12 = arith.addf %10, %11 : tensor<256xf32>
    %13 = math.sin %3 : tensor<256xf32>
    %14 = math.cos %3 : tensor<256xf32>
    %15 = arith.addf %13, %14 : tensor<256xf32>
    %16 = math.rsqrt %5 : tensor<256xf32>
    %17 = arith.addf %15, %16 : tensor<256xf32>
    %18 = math.sqrt %5 : tensor<256xf32>
    %19 = arith.addf %17, %18 : tensor<256xf32>
    %20 = arith.addf %12, %19 : tensor<256xf32>
    %21 = math.floor %3 : tensor<256xf32>
    %22 = math.ceil %3 : tensor<256xf32>
    %23 = arith.addf %21, %22 : tensor<256xf32>
    %24 = math.erf %3 : tensor<256xf32>
    %25 = arith.addf %23, %24 : tensor<256xf32>
    %26 = arith.addf %20, %25 : tensor<256xf32>
    %27 = math.fma %3, %3, %26 : tensor<256xf32>
    %28 = arith.divf %3, %5 : tensor<256xf32>
    %29 = arith.addf %27, %28 : tensor<256xf32>
    %30 = arith.addf %26, %29 : tensor<256xf32>
    %31 = arith.subf %cst, %3 : tensor<256xf32>
    %32 = math.exp %31 : tensor<256xf32>
    %33 = arith.addf %32, %cst_2 : tensor<256xf32>
    %34 = arith.divf %cst_2, %33 : tensor<256xf32>
    %35 = arith.subi %0, %cst_1 : tensor<256xi32>
    %36 = math.absi %35 : tensor<256xi32>
    %37 = arith.sitofp %36 : tensor<256xi32> to tensor<256xf32>
    %38 = arith.addf %34, %37 : tensor<256xf32>
    %39 = arith.addf %30, %38 : tensor<256xf32>
    %40 = arith.remf %3, %cst_0 : tensor<256xf32>
    %41 = arith.fptosi %31 : tensor<256xf32> to tensor<256xi32>
    %42 = arith.sitofp %41 : tensor<256xi32> to tensor<256xf32>
    %43 = arith.addf %40, %42 : tensor<256xf32>
    %44 = arith.addf %39, %43 : tensor<256xf32>
    %45 = arith.maximumf %44, %3 : tensor<256xf32>
    %46 = arith.addf %44, %45 : tensor<256xf32>
    %47 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %48 = tt.addptr %47, %0 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %48, %46 : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}

