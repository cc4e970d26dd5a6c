module {
  tt.func public @atomics_float(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: i32) attributes {noinline = false} {
    %c1_i64 = arith.constant 1 : i64
    %c0_i64 = arith.constant 0 : i64
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %cst = arith.constant dense<true> : tensor<128xi1>
    %cst_0 = arith.constant dense<0> : tensor<128xi32>
    %cst_1 = arith.constant dense<31> : tensor<128xi32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %3 = tt.splat %1 : i32 -> tensor<128xi32>
    %4 = arith.addi %3, %2 : tensor<128xi32>
    %5 = tt.splat %arg4 : i32 -> tensor<128xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<128xi32>
    %7 = tt.splat %arg3 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %9 = tt.load %8, %6, %cst_2 : tensor<128x!tt.ptr<f32>>
    %10 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %11 = tt.addptr %10, %4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %12 = tt.atomic_rmw fadd, acq_rel, gpu, %11, %9, %6 : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
    %13 = tt.addptr %arg0, %arg4 : !tt.ptr<f32>, i32
    %14 = tt.splat %13 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %15 = tt.addptr %14, %4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %16 = tt.bitcast %9 : tensor<128xf32> -> tensor<128xi32>
    %17 = tt.bitcast %15 : tensor<128x!tt.ptr<f32>> -> tensor<128x!tt.ptr<i32>>
    %18 = arith.shrui %16, %cst_1 : tensor<128xi32>
    %19 = arith.cmpi ne, %18, %cst_0 : tensor<128xi32>
    %20 = arith.xori %19, %cst : tensor<128xi1>
    %21 = arith.andi %6, %20 : tensor<128xi1>
    %22 = tt.atomic_rmw max, acq_rel, gpu, %17, %16, %21 : (tensor<128x!tt.ptr<i32>>, tensor<128xi32>, tensor<128xi1>) -> tensor<128xi32>
    %23 = arith.andi %6, %19 : tensor<128xi1>
    %24 = tt.atomic_rmw umin, acq_rel, gpu, %17, %16, %23 : (tensor<128x!tt.ptr<i32>>, tensor<128xi32>, tensor<128xi1>) -> tensor<128xi32>
    %25 = arith.muli %arg4, %c2_i32 : i32
    %26 = tt.addptr %arg0, %25 : !tt.ptr<f32>, i32
    %27 = tt.splat %26 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %28 = tt.addptr %27, %4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %29 = tt.bitcast %28 : tensor<128x!tt.ptr<f32>> -> tensor<128x!tt.ptr<i32>>
    %30 = tt.atomic_rmw min, acq_rel, gpu, %29, %16, %21 : (tensor<128x!tt.ptr<i32>>, tensor<128xi32>, tensor<128xi1>) -> tensor<128xi32>
    %31 = tt.atomic_rmw umax, acq_rel, gpu, %29, %16, %23 : (tensor<128x!tt.ptr<i32>>, tensor<128xi32>, tensor<128xi1>) -> tensor<128xi32>
    %32 = arith.muli %arg4, %c3_i32 : i32
    %33 = tt.addptr %arg0, %32 : !tt.ptr<f32>, i32
    %34 = tt.splat %33 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %35 = tt.addptr %34, %4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %36 = tt.atomic_rmw exch, acq_rel, gpu, %35, %9, %6 : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
    %37 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
    %38 = tt.addptr %37, %4 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    %39 = arith.truncf %36 : tensor<128xf32> to tensor<128xf16>
    %40 = tt.atomic_rmw fadd, acq_rel, gpu, %38, %39, %6 : (tensor<128x!tt.ptr<f16>>, tensor<128xf16>, tensor<128xi1>) -> tensor<128xf16>
    %41 = tt.splat %arg2 : !tt.ptr<i64> -> tensor<128x!tt.ptr<i64>>
    %42 = tt.addptr %41, %4 : tensor<128x!tt.ptr<i64>>, tensor<128xi32>
    %43 = arith.extsi %4 : tensor<128xi32> to tensor<128xi64>
    %44 = tt.atomic_rmw add, acq_rel, gpu, %42, %43, %6 : (tensor<128x!tt.ptr<i64>>, tensor<128xi64>, tensor<128xi1>) -> tensor<128xi64>
    %45 = tt.addptr %arg2, %arg4 : !tt.ptr<i64>, i32
    %46 = tt.atomic_cas acq_rel, gpu, %45, %c0_i64, %c1_i64 : (!tt.ptr<i64>, i64, i64) -> i64
    tt.return
  }
}

