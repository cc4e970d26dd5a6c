module {
  tt.func public @tensor_desc_ops(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0> : tensor<1x32xi64>
    %cst_0 = arith.constant dense<0> : tensor<32x1xi64>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant dense<2.000000e+00> : tensor<32x32xf32>
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.extsi %arg4 : i32 to i64
    %2 = arith.extsi %arg3 : i32 to i64
    scf.for %arg5 = %c0_i32 to %arg4 step %c32_i32  : i32 {
      %3 = arith.muli %0, %c32_i32 : i32
      %4 = arith.extsi %3 : i32 to i64
      %5 = arith.extsi %arg5 : i32 to i64
      %6 = tt.splat %4 : i64 -> tensor<32xi64>
      %7 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %8 = arith.extsi %7 : tensor<32xi32> to tensor<32xi64>
      %9 = arith.addi %6, %8 : tensor<32xi64>
      %10 = tt.expand_dims %9 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
      %11 = tt.splat %5 : i64 -> tensor<32xi64>
      %12 = arith.addi %11, %8 : tensor<32xi64>
      %13 = tt.expand_dims %12 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
      %14 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
      %15 = tt.splat %1 : i64 -> tensor<32x1xi64>
      %16 = arith.muli %10, %15 : tensor<32x1xi64>
      %17 = tt.broadcast %16 : tensor<32x1xi64> -> tensor<32x32xi64>
      %18 = tt.broadcast %13 : tensor<1x32xi64> -> tensor<32x32xi64>
      %19 = arith.addi %17, %18 : tensor<32x32xi64>
      %20 = tt.addptr %14, %19 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi64>
      %21 = arith.cmpi sge, %10, %cst_0 : tensor<32x1xi64>
      %22 = tt.splat %2 : i64 -> tensor<32x1xi64>
      %23 = arith.cmpi slt, %10, %22 : tensor<32x1xi64>
      %24 = arith.andi %21, %23 : tensor<32x1xi1>
      %25 = tt.broadcast %24 : tensor<32x1xi1> -> tensor<32x32xi1>
      %26 = arith.cmpi sge, %13, %cst : tensor<1x32xi64>
      %27 = tt.splat %1 : i64 -> tensor<1x32xi64>
      %28 = arith.cmpi slt, %13, %27 : tensor<1x32xi64>
      %29 = arith.andi %26, %28 : tensor<1x32xi1>
      %30 = tt.broadcast %29 : tensor<1x32xi1> -> tensor<32x32xi1>
      %31 = arith.andi %25, %30 : tensor<32x32xi1>
      %32 = tt.load %20, %31, %cst_1 : tensor<32x32x!tt.ptr<f32>>
      %33 = arith.mulf %32, %cst_2 : tensor<32x32xf32>
      %34 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
      %35 = tt.addptr %34, %19 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi64>
      tt.store %35, %33, %31 : tensor<32x32x!tt.ptr<f32>>
      %36 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
      %37 = tt.addptr %36, %19 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi64>
      %38 = tt.atomic_rmw fadd, release, gpu, %37, %32, %31 : (tensor<32x32x!tt.ptr<f32>>, tensor<32x32xf32>, tensor<32x32xi1>) -> tensor<32x32xf32>
    }
    tt.return
  }
}

