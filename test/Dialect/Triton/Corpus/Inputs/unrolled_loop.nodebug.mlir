module {
  tt.func public @unrolled_loop(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<1.000000e+00> : tensor<64xf32>
    %cst_0 = arith.constant dense<5.000000e-01> : tensor<64xf32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %1 = arith.subi %arg2, %c0_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.subi %c64_i32, %c1_i32 : i32
    %3 = arith.addi %1, %2 : i32
    %4 = arith.divui %3, %c64_i32 : i32
    %c2_i32 = arith.constant 2 : i32
    %5 = arith.remsi %4, %c2_i32 : i32
    %6 = arith.subi %4, %5 : i32
    %7 = arith.muli %6, %c64_i32 : i32
    %8 = arith.addi %c0_i32, %7 : i32
    %9 = arith.muli %c64_i32, %c2_i32 : i32
    %10 = scf.for %arg3 = %c0_i32 to %8 step %9 iter_args(%arg4 = %cst_1) -> (tensor<64xf32>)  : i32 {
      %15 = tt.splat %arg3 : i32 -> tensor<64xi32>
      %16 = arith.addi %15, %0 : tensor<64xi32>
      %17 = tt.splat %arg2 : i32 -> tensor<64xi32>
      %18 = arith.cmpi slt, %16, %17 : tensor<64xi32>
      %19 = tt.addptr %arg0, %arg3 : !tt.ptr<f32>, i32
      %20 = tt.splat %19 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
      %21 = tt.addptr %20, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      %22 = tt.load %21, %18, %cst_1 : tensor<64x!tt.ptr<f32>>
      %23 = arith.addf %arg4, %22 : tensor<64xf32>
      %c1_i32_2 = arith.constant 1 : i32
      %24 = arith.muli %c64_i32, %c1_i32_2 : i32
      %25 = arith.addi %arg3, %24 : i32
      %26 = tt.splat %25 : i32 -> tensor<64xi32>
      %27 = arith.addi %26, %0 : tensor<64xi32>
      %28 = tt.splat %arg2 : i32 -> tensor<64xi32>
      %29 = arith.cmpi slt, %27, %28 : tensor<64xi32>
      %30 = tt.addptr %arg0, %25 : !tt.ptr<f32>, i32
      %31 = tt.splat %30 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
      %32 = tt.addptr %31, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      %33 = tt.load %32, %29, %cst_1 : tensor<64x!tt.ptr<f32>>
      %34 = arith.addf %23, %33 : tensor<64xf32>
      scf.yield %34 : tensor<64xf32>
    }
    %11 = scf.for %arg3 = %8 to %arg2 step %c64_i32 iter_args(%arg4 = %10) -> (tensor<64xf32>)  : i32 {
      %15 = tt.splat %arg3 : i32 -> tensor<64xi32>
      %16 = arith.addi %15, %0 : tensor<64xi32>
      %17 = tt.splat %arg2 : i32 -> tensor<64xi32>
      %18 = arith.cmpi slt, %16, %17 : tensor<64xi32>
      %19 = tt.addptr %arg0, %arg3 : !tt.ptr<f32>, i32
      %20 = tt.splat %19 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
      %21 = tt.addptr %20, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      %22 = tt.load %21, %18, %cst_1 : tensor<64x!tt.ptr<f32>>
      %23 = arith.addf %arg4, %22 : tensor<64xf32>
      scf.yield %23 : tensor<64xf32>
    } {tt.num_stages = 1 : i32}
    %12 = scf.for %arg3 = %c0_i32 to %arg2 step %c64_i32 iter_args(%arg4 = %11) -> (tensor<64xf32>)  : i32 {
      %15 = arith.mulf %arg4, %cst_0 : tensor<64xf32>
      %16 = tt.splat %arg3 : i32 -> tensor<64xi32>
      %17 = arith.addi %16, %0 : tensor<64xi32>
      %18 = tt.splat %arg2 : i32 -> tensor<64xi32>
      %19 = arith.cmpi slt, %17, %18 : tensor<64xi32>
      %20 = tt.addptr %arg0, %arg3 : !tt.ptr<f32>, i32
      %21 = tt.splat %20 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
      %22 = tt.addptr %21, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      %23 = tt.load %22, %19, %cst : tensor<64x!tt.ptr<f32>>
      %24 = arith.addf %15, %23 : tensor<64xf32>
      scf.yield %24 : tensor<64xf32>
    } {tt.flatten, tt.num_stages = 3 : i32}
    %13 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %14 = tt.addptr %13, %0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %14, %12 : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}

