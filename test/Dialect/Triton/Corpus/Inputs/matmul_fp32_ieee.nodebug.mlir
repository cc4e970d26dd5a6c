module {
  tt.func public @matmul(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c31_i32 = arith.constant 31 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %c63_i32 = arith.constant 63 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<32> : tensor<64x32xi32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x32xf32>
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %arg3, %c63_i32 : i32
    %2 = arith.divsi %1, %c64_i32 : i32
    %3 = arith.addi %arg4, %c63_i32 : i32
    %4 = arith.divsi %3, %c64_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c64_i32 : i32
    %15 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %16 = tt.splat %14 : i32 -> tensor<64xi32>
    %17 = arith.addi %16, %15 : tensor<64xi32>
    %18 = tt.splat %arg3 : i32 -> tensor<64xi32>
    %19 = arith.remsi %17, %18 : tensor<64xi32>
    %20 = arith.muli %13, %c64_i32 : i32
    %21 = tt.splat %20 : i32 -> tensor<64xi32>
    %22 = arith.addi %21, %15 : tensor<64xi32>
    %23 = tt.splat %arg4 : i32 -> tensor<64xi32>
    %24 = arith.remsi %22, %23 : tensor<64xi32>
    %25 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %26 = tt.expand_dims %19 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %27 = tt.splat %arg6 : i32 -> tensor<64x1xi32>
    %28 = arith.muli %26, %27 : tensor<64x1xi32>
    %29 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>>
    %30 = tt.addptr %29, %28 : tensor<64x1x!tt.ptr<f32>>, tensor<64x1xi32>
    %31 = tt.expand_dims %25 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %32 = tt.broadcast %30 : tensor<64x1x!tt.ptr<f32>> -> tensor<64x32x!tt.ptr<f32>>
    %33 = tt.broadcast %31 : tensor<1x32xi32> -> tensor<64x32xi32>
    %34 = tt.addptr %32, %33 : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
    %35 = tt.expand_dims %25 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %36 = tt.splat %arg7 : i32 -> tensor<32x1xi32>
    %37 = arith.muli %35, %36 : tensor<32x1xi32>
    %38 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %39 = tt.addptr %38, %37 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %40 = tt.expand_dims %24 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %41 = tt.broadcast %39 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x64x!tt.ptr<f32>>
    %42 = tt.broadcast %40 : tensor<1x64xi32> -> tensor<32x64xi32>
    %43 = tt.addptr %41, %42 : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
    %44 = arith.addi %arg5, %c31_i32 : i32
    %45 = arith.divsi %44, %c32_i32 : i32
    %46:3 = scf.for %arg9 = %c0_i32 to %45 step %c1_i32 iter_args(%arg10 = %34, %arg11 = %43, %arg12 = %cst) -> (tensor<64x32x!tt.ptr<f32>>, tensor<32x64x!tt.ptr<f32>>, tensor<64x64xf32>)  : i32 {
      %63 = arith.muli %arg9, %c32_i32 : i32
      %64 = arith.subi %arg5, %63 : i32
      %65 = tt.splat %64 : i32 -> tensor<1x32xi32>
      %66 = arith.cmpi slt, %31, %65 : tensor<1x32xi32>
      %67 = tt.broadcast %66 : tensor<1x32xi1> -> tensor<64x32xi1>
      %68 = tt.load %arg10, %67, %cst_2 : tensor<64x32x!tt.ptr<f32>>
      %69 = tt.splat %64 : i32 -> tensor<32x1xi32>
      %70 = arith.cmpi slt, %35, %69 : tensor<32x1xi32>
      %71 = tt.broadcast %70 : tensor<32x1xi1> -> tensor<32x64xi1>
      %72 = tt.load %arg11, %71, %cst_1 : tensor<32x64x!tt.ptr<f32>>
      %73 = tt.dot %68, %72, %arg12 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
      %74 = tt.addptr %arg10, %cst_0 : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
      %75 = arith.muli %arg7, %c32_i32 : i32
      %76 = tt.splat %75 : i32 -> tensor<32x64xi32>
      %77 = tt.addptr %arg11, %76 : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
      scf.yield %74, %77, %73 : tensor<64x32x!tt.ptr<f32>>, tensor<32x64x!tt.ptr<f32>>, tensor<64x64xf32>
    }
    %47 = tt.expand_dims %17 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %48 = tt.splat %arg8 : i32 -> tensor<64x1xi32>
    %49 = arith.muli %47, %48 : tensor<64x1xi32>
    %50 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>>
    %51 = tt.addptr %50, %49 : tensor<64x1x!tt.ptr<f32>>, tensor<64x1xi32>
    %52 = tt.expand_dims %22 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %53 = tt.broadcast %51 : tensor<64x1x!tt.ptr<f32>> -> tensor<64x64x!tt.ptr<f32>>
    %54 = tt.broadcast %52 : tensor<1x64xi32> -> tensor<64x64xi32>
    %55 = tt.addptr %53, %54 : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %56 = tt.splat %arg3 : i32 -> tensor<64x1xi32>
    %57 = arith.cmpi slt, %47, %56 : tensor<64x1xi32>
    %58 = tt.splat %arg4 : i32 -> tensor<1x64xi32>
    %59 = arith.cmpi slt, %52, %58 : tensor<1x64xi32>
    %60 = tt.broadcast %57 : tensor<64x1xi1> -> tensor<64x64xi1>
    %61 = tt.broadcast %59 : tensor<1x64xi1> -> tensor<64x64xi1>
    %62 = arith.andi %60, %61 : tensor<64x64xi1>
    tt.store %55, %46#2, %62 : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}

