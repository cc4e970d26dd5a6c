module {
  tt.func public @precise_and_misc(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<1000> : tensor<256xi32>
    %cst_0 = arith.constant dense<3> : tensor<256xi32>
    %cst_1 = arith.constant dense<-1640531527> : tensor<256xi32>
    %cst_2 = arith.constant dense<-1.000000e+00> : tensor<256xf32>
    %cst_3 = arith.constant dense<1.000000e+00> : tensor<256xf32>
    %cst_4 = arith.constant dense<2.000000e+00> : tensor<256xf32>
    %0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %3 = tt.load %2 : tensor<256x!tt.ptr<f32>>
    %4 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %5 = tt.addptr %4, %0 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %6 = tt.load %5 : tensor<256x!tt.ptr<f32>>
    %7 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %8 = tt.addptr %7, %0 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %9 = tt.load %8 : tensor<256x!tt.ptr<i32>>
    %10 = math.absf %3 : tensor<256xf32>
    %11 = tt.precise_sqrt %10 : tensor<256xf32>
    %12 = arith.addf %6, %cst_4 : tensor<256xf32>
    %13 = tt.precise_divf %3, %12 : tensor<256xf32>
    %14 = arith.addf %11, %13 : tensor<256xf32>
    %15 = math.fma %3, %6, %cst_3 : tensor<256xf32>
    %16 = arith.addf %14, %15 : tensor<256xf32>
    %17 = tt.clampf %3, %cst_2, %6, propagateNan = none : tensor<256xf32>
    %18 = arith.addf %16, %17 : tensor<256xf32>
    %19 = tt.clampf %3, %cst_2, %cst_3, propagateNan = all : tensor<256xf32>
    %20 = arith.addf %18, %19 : tensor<256xf32>
    %21 = arith.minimumf %3, %6 : tensor<256xf32>
    %22 = arith.maxnumf %3, %6 : tensor<256xf32>
    %23 = arith.addf %21, %22 : tensor<256xf32>
    %24 = arith.addf %20, %23 : tensor<256xf32>
    %25 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %26 = tt.addptr %25, %0 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %26, %24 : tensor<256x!tt.ptr<f32>>
    %27 = arith.addi %9, %cst_1 : tensor<256xi32>
    %28 = tt.mulhiui %9, %27 : tensor<256xi32>
    %29 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %30 = tt.addptr %29, %0 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %31 = arith.maxui %9, %cst_0 : tensor<256xi32>
    %32 = arith.minui %31, %cst : tensor<256xi32>
    %33 = arith.addi %28, %32 : tensor<256xi32>
    tt.store %30, %33 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}

