module {
  tt.func public @grouped_gemm(%arg0: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: i32) attributes {noinline = false} {
    %c31_i32 = arith.constant 31 : i32
    %c63_i32 = arith.constant 63 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<32x64xf16>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
    %c108_i32 = arith.constant 108 : i32
    %cst_1 = arith.constant dense<32> : tensor<64x32xi32>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c2_i32 = arith.constant 2 : i32
    %c3_i32 = arith.constant 3 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = tt.get_program_id x : i32
    %1:2 = scf.for %arg6 = %c0_i32 to %arg5 step %c1_i32 iter_args(%arg7 = %0, %arg8 = %c0_i32) -> (i32, i32)  : i32 {
      %2 = arith.muli %arg6, %c3_i32 : i32
      %3 = tt.addptr %arg3, %2 : !tt.ptr<i32>, i32
      %4 = tt.load %3 : !tt.ptr<i32>
      %5 = tt.addptr %3, %c1_i32 : !tt.ptr<i32>, i32
      %6 = tt.load %5 : !tt.ptr<i32>
      %7 = tt.addptr %3, %c2_i32 : !tt.ptr<i32>, i32
      %8 = tt.load %7 : !tt.ptr<i32>
      %9 = arith.addi %6, %c63_i32 : i32
      %10 = arith.divsi %9, %c64_i32 : i32
      %11 = arith.addi %4, %c63_i32 : i32
      %12 = arith.divsi %11, %c64_i32 : i32
      %13 = arith.muli %12, %10 : i32
      %14 = scf.while (%arg9 = %arg7) : (i32) -> i32 {
        %16 = arith.cmpi sge, %arg9, %arg8 : i32
        %17 = arith.addi %arg8, %13 : i32
        %18 = arith.cmpi slt, %arg9, %17 : i32
        %19 = arith.andi %16, %18 : i1
        scf.condition(%19) %arg9 : i32
      } do {
      ^bb0(%arg9: i32):
        %16 = tt.addptr %arg0, %arg6 : !tt.ptr<i64>, i32
        %17 = tt.load %16 : !tt.ptr<i64>
        %18 = tt.int_to_ptr %17 : i64 -> !tt.ptr<f16>
        %19 = tt.addptr %arg1, %arg6 : !tt.ptr<i64>, i32
        %20 = tt.load %19 : !tt.ptr<i64>
        %21 = tt.int_to_ptr %20 : i64 -> !tt.ptr<f16>
        %22 = tt.addptr %arg2, %arg6 : !tt.ptr<i64>, i32
        %23 = tt.load %22 : !tt.ptr<i64>
        %24 = tt.int_to_ptr %23 : i64 -> !tt.ptr<f16>
        %25 = tt.addptr %arg4, %2 : !tt.ptr<i32>, i32
        %26 = tt.load %25 : !tt.ptr<i32>
        %27 = tt.addptr %25, %c1_i32 : !tt.ptr<i32>, i32
        %28 = tt.load %27 : !tt.ptr<i32>
        %29 = tt.addptr %25, %c2_i32 : !tt.ptr<i32>, i32
        %30 = tt.load %29 : !tt.ptr<i32>
        %31 = arith.subi %arg9, %arg8 : i32
        %32 = arith.divsi %31, %10 : i32
        %33 = arith.muli %32, %c64_i32 : i32
        %34 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
        %35 = tt.splat %33 : i32 -> tensor<64xi32>
        %36 = arith.addi %35, %34 : tensor<64xi32>
        %37 = arith.remsi %31, %10 : i32
        %38 = arith.muli %37, %c64_i32 : i32
        %39 = tt.splat %38 : i32 -> tensor<64xi32>
        %40 = arith.addi %39, %34 : tensor<64xi32>
        %41 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
        %42 = tt.expand_dims %36 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
        %43 = tt.splat %26 : i32 -> tensor<64x1xi32>
        %44 = arith.muli %42, %43 : tensor<64x1xi32>
        %45 = tt.splat %18 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
        %46 = tt.addptr %45, %44 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
        %47 = tt.expand_dims %41 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
        %48 = tt.broadcast %46 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x32x!tt.ptr<f16>>
        %49 = tt.broadcast %47 : tensor<1x32xi32> -> tensor<64x32xi32>
        %50 = tt.addptr %48, %49 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
        %51 = tt.expand_dims %41 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
        %52 = tt.splat %28 : i32 -> tensor<32x1xi32>
        %53 = arith.muli %51, %52 : tensor<32x1xi32>
        %54 = tt.splat %21 : !tt.ptr<f16> -> tensor<32x1x!tt.ptr<f16>>
        %55 = tt.addptr %54, %53 : tensor<32x1x!tt.ptr<f16>>, tensor<32x1xi32>
        %56 = tt.expand_dims %40 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
        %57 = tt.broadcast %55 : tensor<32x1x!tt.ptr<f16>> -> tensor<32x64x!tt.ptr<f16>>
        %58 = tt.broadcast %56 : tensor<1x64xi32> -> tensor<32x64xi32>
        %59 = tt.addptr %57, %58 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
        %60 = arith.addi %8, %c31_i32 : i32
        %61 = arith.divsi %60, %c32_i32 : i32
        %62:3 = scf.for %arg10 = %c0_i32 to %61 step %c1_i32 iter_args(%arg11 = %50, %arg12 = %59, %arg13 = %cst_2) -> (tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>, tensor<64x64xf32>)  : i32 {
          %79 = tt.splat %4 : i32 -> tensor<64x1xi32>
          %80 = arith.cmpi slt, %42, %79 : tensor<64x1xi32>
          %81 = arith.muli %arg10, %c32_i32 : i32
          %82 = arith.subi %8, %81 : i32
          %83 = tt.splat %82 : i32 -> tensor<1x32xi32>
          %84 = arith.cmpi slt, %47, %83 : tensor<1x32xi32>
          %85 = tt.broadcast %80 : tensor<64x1xi1> -> tensor<64x32xi1>
          %86 = tt.broadcast %84 : tensor<1x32xi1> -> tensor<64x32xi1>
          %87 = arith.andi %85, %86 : tensor<64x32xi1>
          %88 = tt.load %arg11, %87, %cst_0 : tensor<64x32x!tt.ptr<f16>>
          %89 = tt.splat %82 : i32 -> tensor<32x1xi32>
          %90 = arith.cmpi slt, %51, %89 : tensor<32x1xi32>
          %91 = tt.splat %6 : i32 -> tensor<1x64xi32>
          %92 = arith.cmpi slt, %56, %91 : tensor<1x64xi32>
          %93 = tt.broadcast %90 : tensor<32x1xi1> -> tensor<32x64xi1>
          %94 = tt.broadcast %92 : tensor<1x64xi1> -> tensor<32x64xi1>
          %95 = arith.andi %93, %94 : tensor<32x64xi1>
          %96 = tt.load %arg12, %95, %cst : tensor<32x64x!tt.ptr<f16>>
          %97 = tt.dot %88, %96, %arg13, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
          %98 = tt.addptr %arg11, %cst_1 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
          %99 = arith.muli %28, %c32_i32 : i32
          %100 = tt.splat %99 : i32 -> tensor<32x64xi32>
          %101 = tt.addptr %arg12, %100 : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
          scf.yield %98, %101, %97 : tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>, tensor<64x64xf32>
        }
        %63 = tt.splat %4 : i32 -> tensor<64x1xi32>
        %64 = arith.cmpi slt, %42, %63 : tensor<64x1xi32>
        %65 = tt.splat %6 : i32 -> tensor<1x64xi32>
        %66 = arith.cmpi slt, %56, %65 : tensor<1x64xi32>
        %67 = tt.broadcast %64 : tensor<64x1xi1> -> tensor<64x64xi1>
        %68 = tt.broadcast %66 : tensor<1x64xi1> -> tensor<64x64xi1>
        %69 = arith.andi %67, %68 : tensor<64x64xi1>
        %70 = tt.splat %30 : i32 -> tensor<64x1xi32>
        %71 = arith.muli %42, %70 : tensor<64x1xi32>
        %72 = tt.splat %24 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
        %73 = tt.addptr %72, %71 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
        %74 = tt.broadcast %73 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
        %75 = tt.broadcast %56 : tensor<1x64xi32> -> tensor<64x64xi32>
        %76 = tt.addptr %74, %75 : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
        %77 = arith.truncf %62#2 : tensor<64x64xf32> to tensor<64x64xf16>
        tt.store %76, %77, %69 : tensor<64x64x!tt.ptr<f16>>
        %78 = arith.addi %arg9, %c108_i32 : i32
        scf.yield %78 : i32
      }
      %15 = arith.addi %arg8, %13 : i32
      scf.yield %14, %15 : i32, i32
    }
    tt.return
  }
}

