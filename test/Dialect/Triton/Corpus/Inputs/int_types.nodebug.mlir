module {
  tt.func public @int_types(%arg0: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<7> : tensor<128xi32>
    %cst_0 = arith.constant dense<0> : tensor<128xi32>
    %cst_1 = arith.constant dense<5.000000e-01> : tensor<128xf32>
    %cst_2 = arith.constant dense<8> : tensor<128xi64>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<i8> -> tensor<128x!tt.ptr<i8>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<i8>>, tensor<128xi32>
    %3 = tt.load %2 : tensor<128x!tt.ptr<i8>>
    %4 = tt.splat %arg1 : !tt.ptr<i16> -> tensor<128x!tt.ptr<i16>>
    %5 = tt.addptr %4, %0 : tensor<128x!tt.ptr<i16>>, tensor<128xi32>
    %6 = tt.load %5 : tensor<128x!tt.ptr<i16>>
    %7 = tt.splat %arg2 : !tt.ptr<i64> -> tensor<128x!tt.ptr<i64>>
    %8 = tt.addptr %7, %0 : tensor<128x!tt.ptr<i64>>, tensor<128xi32>
    %9 = tt.load %8 : tensor<128x!tt.ptr<i64>>
    %10 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %11 = tt.addptr %10, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %12 = tt.load %11 : tensor<128x!tt.ptr<i32>>
    %13 = tt.splat %arg4 : !tt.ptr<i8> -> tensor<128x!tt.ptr<i8>>
    %14 = tt.addptr %13, %0 : tensor<128x!tt.ptr<i8>>, tensor<128xi32>
    %15 = tt.load %14 : tensor<128x!tt.ptr<i8>>
    %16 = arith.extsi %3 : tensor<128xi8> to tensor<128xi16>
    %17 = arith.addi %16, %6 : tensor<128xi16>
    %18 = arith.extsi %17 : tensor<128xi16> to tensor<128xi64>
    %19 = arith.muli %18, %9 : tensor<128xi64>
    %20 = arith.extui %12 : tensor<128xi32> to tensor<128xi64>
    %21 = arith.addi %19, %20 : tensor<128xi64>
    %22 = arith.extui %15 : tensor<128xi8> to tensor<128xi64>
    %23 = arith.addi %21, %22 : tensor<128xi64>
    %24 = arith.shrsi %23, %cst_2 : tensor<128xi64>
    %25 = arith.trunci %24 : tensor<128xi64> to tensor<128xi8>
    tt.store %2, %25 : tensor<128x!tt.ptr<i8>>
    %26 = arith.trunci %23 : tensor<128xi64> to tensor<128xi16>
    tt.store %5, %26 : tensor<128x!tt.ptr<i16>>
    %27 = arith.sitofp %23 : tensor<128xi64> to tensor<128xf32>
    %28 = arith.mulf %27, %cst_1 : tensor<128xf32>
    %29 = arith.fptoui %28 : tensor<128xf32> to tensor<128xi32>
    tt.store %11, %29 : tensor<128x!tt.ptr<i32>>
    %30 = tt.splat %arg5 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %31 = tt.addptr %30, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %32 = arith.uitofp %12 : tensor<128xi32> to tensor<128xf32>
    %33 = arith.sitofp %9 : tensor<128xi64> to tensor<128xf32>
    %34 = arith.addf %32, %33 : tensor<128xf32>
    %35 = arith.sitofp %3 : tensor<128xi8> to tensor<128xf32>
    %36 = arith.addf %34, %35 : tensor<128xf32>
    tt.store %31, %36 : tensor<128x!tt.ptr<f32>>
    %37 = arith.extsi %3 : tensor<128xi8> to tensor<128xi32>
    %38 = arith.cmpi sgt, %37, %cst_0 : tensor<128xi32>
    %39 = arith.cmpi ult, %12, %cst : tensor<128xi32>
    %40 = arith.xori %38, %39 : tensor<128xi1>
    %41 = arith.extui %40 : tensor<128xi1> to tensor<128xi8>
    tt.store %14, %41 : tensor<128x!tt.ptr<i8>>
    tt.return
  }
}

