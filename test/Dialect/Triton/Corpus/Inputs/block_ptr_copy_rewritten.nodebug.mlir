module {
  tt.func public @block_ptr_copy(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0x7FC00000> : tensor<64x32xf32>
    %cst_0 = arith.constant dense<0> : tensor<1x32xi64>
    %c64_i64 = arith.constant 64 : i64
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
    %cst_2 = arith.constant dense<0> : tensor<1x64xi64>
    %cst_3 = arith.constant dense<0> : tensor<32x1xi64>
    %c0_i64 = arith.constant 0 : i64
    %c63_i32 = arith.constant 63 : i32
    %c1_i32 = arith.constant 1 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_4 = arith.constant dense<2.000000e+00> : tensor<32x64xf32>
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c32_i32 : i32
    %2 = arith.extsi %arg3 : i32 to i64
    %3 = arith.extsi %arg4 : i32 to i64
    %4 = arith.extsi %arg5 : i32 to i64
    %5 = arith.extsi %1 : i32 to i64
    %6 = arith.addi %arg4, %c63_i32 : i32
    %7 = arith.divsi %6, %c64_i32 : i32
    %8:2 = scf.for %arg6 = %c0_i32 to %7 step %c1_i32 iter_args(%arg7 = %c0_i64, %arg8 = %c0_i64) -> (i64, i64)  : i32 {
      %37 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
      %38 = tt.splat %5 : i64 -> tensor<32xi64>
      %39 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
      %40 = arith.extsi %39 : tensor<32xi32> to tensor<32xi64>
      %41 = arith.addi %38, %40 : tensor<32xi64>
      %42 = tt.expand_dims %41 {axis = 1 : i32} : tensor<32xi64> -> tensor<32x1xi64>
      %43 = tt.splat %4 : i64 -> tensor<32x1xi64>
      %44 = arith.muli %42, %43 : tensor<32x1xi64>
      %45 = tt.broadcast %44 : tensor<32x1xi64> -> tensor<32x64xi64>
      %46 = tt.splat %arg7 : i64 -> tensor<64xi64>
      %47 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
      %48 = arith.extsi %47 : tensor<64xi32> to tensor<64xi64>
      %49 = arith.addi %46, %48 : tensor<64xi64>
      %50 = tt.expand_dims %49 {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
      %51 = tt.broadcast %50 : tensor<1x64xi64> -> tensor<32x64xi64>
      %52 = arith.addi %45, %51 : tensor<32x64xi64>
      %53 = tt.addptr %37, %52 : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi64>
      %54 = arith.cmpi sge, %42, %cst_3 : tensor<32x1xi64>
      %55 = tt.splat %2 : i64 -> tensor<32x1xi64>
      %56 = arith.cmpi slt, %42, %55 : tensor<32x1xi64>
      %57 = arith.andi %54, %56 : tensor<32x1xi1>
      %58 = tt.broadcast %57 : tensor<32x1xi1> -> tensor<32x64xi1>
      %59 = arith.cmpi sge, %50, %cst_2 : tensor<1x64xi64>
      %60 = tt.splat %3 : i64 -> tensor<1x64xi64>
      %61 = arith.cmpi slt, %50, %60 : tensor<1x64xi64>
      %62 = arith.andi %59, %61 : tensor<1x64xi1>
      %63 = tt.broadcast %62 : tensor<1x64xi1> -> tensor<32x64xi1>
      %64 = arith.andi %58, %63 : tensor<32x64xi1>
      %65 = tt.load %53, %64, %cst_1 : tensor<32x64x!tt.ptr<f32>>
      %66 = arith.mulf %65, %cst_4 : tensor<32x64xf32>
      %67 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
      %68 = tt.splat %arg8 : i64 -> tensor<64xi64>
      %69 = arith.addi %68, %48 : tensor<64xi64>
      %70 = tt.expand_dims %69 {axis = 0 : i32} : tensor<64xi64> -> tensor<1x64xi64>
      %71 = tt.broadcast %70 : tensor<1x64xi64> -> tensor<32x64xi64>
      %72 = arith.addi %45, %71 : tensor<32x64xi64>
      %73 = tt.addptr %67, %72 : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi64>
      %74 = arith.cmpi sge, %70, %cst_2 : tensor<1x64xi64>
      %75 = arith.cmpi slt, %70, %60 : tensor<1x64xi64>
      %76 = arith.andi %74, %75 : tensor<1x64xi1>
      %77 = tt.broadcast %76 : tensor<1x64xi1> -> tensor<32x64xi1>
      %78 = arith.andi %58, %77 : tensor<32x64xi1>
      tt.store %73, %66, %78 : tensor<32x64x!tt.ptr<f32>>
      %79 = arith.addi %arg7, %c64_i64 : i64
      %80 = arith.addi %arg8, %c64_i64 : i64
      scf.yield %79, %80 : i64, i64
    }
    %9 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
    %10 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %11 = arith.extsi %10 : tensor<64xi32> to tensor<64xi64>
    %12 = tt.expand_dims %11 {axis = 1 : i32} : tensor<64xi64> -> tensor<64x1xi64>
    %13 = tt.broadcast %12 : tensor<64x1xi64> -> tensor<64x32xi64>
    %14 = tt.splat %5 : i64 -> tensor<32xi64>
    %15 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %16 = arith.extsi %15 : tensor<32xi32> to tensor<32xi64>
    %17 = arith.addi %14, %16 : tensor<32xi64>
    %18 = tt.expand_dims %17 {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
    %19 = tt.splat %4 : i64 -> tensor<1x32xi64>
    %20 = arith.muli %18, %19 : tensor<1x32xi64>
    %21 = tt.broadcast %20 : tensor<1x32xi64> -> tensor<64x32xi64>
    %22 = arith.addi %13, %21 : tensor<64x32xi64>
    %23 = tt.addptr %9, %22 : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi64>
    %24 = arith.cmpi sge, %18, %cst_0 : tensor<1x32xi64>
    %25 = tt.splat %2 : i64 -> tensor<1x32xi64>
    %26 = arith.cmpi slt, %18, %25 : tensor<1x32xi64>
    %27 = arith.andi %24, %26 : tensor<1x32xi1>
    %28 = tt.broadcast %27 : tensor<1x32xi1> -> tensor<64x32xi1>
    %29 = tt.load %23, %28, %cst : tensor<64x32x!tt.ptr<f32>>
    %30 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
    %31 = tt.splat %2 : i64 -> tensor<64x1xi64>
    %32 = arith.muli %12, %31 : tensor<64x1xi64>
    %33 = tt.broadcast %32 : tensor<64x1xi64> -> tensor<64x32xi64>
    %34 = tt.broadcast %18 : tensor<1x32xi64> -> tensor<64x32xi64>
    %35 = arith.addi %33, %34 : tensor<64x32xi64>
    %36 = tt.addptr %30, %35 : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi64>
    tt.store %36, %29 : tensor<64x32x!tt.ptr<f32>>
    tt.return
  }
}

