module {
  tt.func public @shape_ops(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c5120_i32 = arith.constant 5120 : i32
    %c4608_i32 = arith.constant 4608 : i32
    %c3584_i32 = arith.constant 3584 : i32
    %c2560_i32 = arith.constant 2560 : i32
    %c1536_i32 = arith.constant 1536 : i32
    %cst = arith.constant dense<16> : tensor<32x1xi32>
    %c1024_i32 = arith.constant 1024 : i32
    %cst_0 = arith.constant dense<64> : tensor<16x1xi32>
    %cst_1 = arith.constant dense<32> : tensor<16x1xi32>
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %3 = arith.muli %2, %cst_1 : tensor<16x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %7 = tt.broadcast %5 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x32xi32> -> tensor<16x32xi32>
    %9 = tt.addptr %7, %8 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %10 = tt.load %9 : tensor<16x32x!tt.ptr<f32>>
    %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %12 = tt.addptr %11, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %13 = tt.broadcast %12 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %14 = tt.addptr %13, %8 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %15 = tt.load %14 : tensor<16x32x!tt.ptr<f32>>
    %16 = tt.join %10, %15 : tensor<16x32xf32> -> tensor<16x32x2xf32>
    %outLHS, %outRHS = tt.split %16 : tensor<16x32x2xf32> -> tensor<16x32xf32>
    %17 = tt.join %outLHS, %outRHS : tensor<16x32xf32> -> tensor<16x32x2xf32>
    %18 = tt.reshape %17 : tensor<16x32x2xf32> -> tensor<16x64xf32>
    %19 = arith.muli %2, %cst_0 : tensor<16x1xi32>
    %20 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %21 = tt.addptr %20, %19 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %22 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %23 = tt.expand_dims %22 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %24 = tt.broadcast %21 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x64x!tt.ptr<f32>>
    %25 = tt.broadcast %23 : tensor<1x64xi32> -> tensor<16x64xi32>
    %26 = tt.addptr %24, %25 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    tt.store %26, %18 : tensor<16x64x!tt.ptr<f32>>
    %27 = tt.trans %10 {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<32x16xf32>
    %28 = tt.addptr %arg2, %c1024_i32 : !tt.ptr<f32>, i32
    %29 = tt.expand_dims %1 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %30 = arith.muli %29, %cst : tensor<32x1xi32>
    %31 = tt.splat %28 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %32 = tt.addptr %31, %30 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %33 = tt.expand_dims %0 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %34 = tt.broadcast %32 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x16x!tt.ptr<f32>>
    %35 = tt.broadcast %33 : tensor<1x16xi32> -> tensor<32x16xi32>
    %36 = tt.addptr %34, %35 : tensor<32x16x!tt.ptr<f32>>, tensor<32x16xi32>
    %37 = arith.addf %27, %27 : tensor<32x16xf32>
    tt.store %36, %37 : tensor<32x16x!tt.ptr<f32>>
    %38 = tt.trans %16 {order = array<i32: 2, 0, 1>} : tensor<16x32x2xf32> -> tensor<2x16x32xf32>
    %39 = tt.reshape %38 : tensor<2x16x32xf32> -> tensor<1024xf32>
    %40 = tt.addptr %arg2, %c1536_i32 : !tt.ptr<f32>, i32
    %41 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %42 = tt.splat %40 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %43 = tt.addptr %42, %41 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %43, %39 : tensor<1024x!tt.ptr<f32>>
    %44 = tt.reshape %10 : tensor<16x32xf32> -> tensor<512xf32>
    %45 = tt.reshape %15 : tensor<16x32xf32> -> tensor<512xf32>
    %46 = tt.cat %44, %45 : tensor<512xf32> -> tensor<1024xf32>
    %47 = tt.addptr %arg2, %c2560_i32 : !tt.ptr<f32>, i32
    %48 = tt.splat %47 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %49 = tt.addptr %48, %41 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %49, %46 : tensor<1024x!tt.ptr<f32>>
    %50 = "tt.reduce"(%10) <{axis = 1 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %73 = arith.addf %arg3, %arg4 : f32
      tt.reduce.return %73 : f32
    }) : (tensor<16x32xf32>) -> tensor<16xf32>
    %51 = tt.expand_dims %50 {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
    %52 = tt.expand_dims %51 {axis = 0 : i32} : tensor<16x1xf32> -> tensor<1x16x1xf32>
    %53 = tt.broadcast %52 : tensor<1x16x1xf32> -> tensor<2x16x32xf32>
    %54 = arith.sitofp %6 : tensor<1x32xi32> to tensor<1x32xf32>
    %55 = tt.broadcast %51 : tensor<16x1xf32> -> tensor<16x32xf32>
    %56 = tt.broadcast %54 : tensor<1x32xf32> -> tensor<16x32xf32>
    %57 = tt.addptr %arg2, %c3584_i32 : !tt.ptr<f32>, i32
    %58 = tt.splat %57 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %59 = tt.addptr %58, %41 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %60 = tt.reshape %53 : tensor<2x16x32xf32> -> tensor<1024xf32>
    tt.store %59, %60 : tensor<1024x!tt.ptr<f32>>
    %61 = tt.addptr %arg2, %c4608_i32 : !tt.ptr<f32>, i32
    %62 = tt.splat %61 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %63 = tt.addptr %62, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %64 = tt.broadcast %63 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x32x!tt.ptr<f32>>
    %65 = tt.addptr %64, %8 : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %66 = arith.mulf %55, %56 : tensor<16x32xf32>
    tt.store %65, %66 : tensor<16x32x!tt.ptr<f32>>
    %67 = tt.reshape %10 allow_reorder : tensor<16x32xf32> -> tensor<32x16xf32>
    %68 = tt.addptr %arg2, %c5120_i32 : !tt.ptr<f32>, i32
    %69 = tt.splat %68 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %70 = tt.addptr %69, %30 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %71 = tt.broadcast %70 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x16x!tt.ptr<f32>>
    %72 = tt.addptr %71, %35 : tensor<32x16x!tt.ptr<f32>>, tensor<32x16xi32>
    tt.store %72, %67 : tensor<32x16x!tt.ptr<f32>>
    tt.return
  }
}

