module {
  tt.func public @reduce_axes(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c176_i32 = arith.constant 176 : i32
    %c160_i32 = arith.constant 160 : i32
    %c144_i32 = arith.constant 144 : i32
    %c80_i32 = arith.constant 80 : i32
    %cst = arith.constant dense<64> : tensor<16x1xi32>
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %3 = arith.muli %2, %cst : tensor<16x1xi32>
    %4 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x1x!tt.ptr<f32>>
    %5 = tt.addptr %4, %3 : tensor<16x1x!tt.ptr<f32>>, tensor<16x1xi32>
    %6 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %7 = tt.broadcast %5 : tensor<16x1x!tt.ptr<f32>> -> tensor<16x64x!tt.ptr<f32>>
    %8 = tt.broadcast %6 : tensor<1x64xi32> -> tensor<16x64xi32>
    %9 = tt.addptr %7, %8 : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
    %10 = tt.load %9 : tensor<16x64x!tt.ptr<f32>>
    %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %12 = tt.addptr %11, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %13 = "tt.reduce"(%10) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %51 = arith.maxnumf %arg3, %arg4 : f32
      tt.reduce.return %51 : f32
    }) : (tensor<16x64xf32>) -> tensor<64xf32>
    tt.store %12, %13 : tensor<64x!tt.ptr<f32>>
    %14 = tt.addptr %arg1, %c64_i32 : !tt.ptr<f32>, i32
    %15 = tt.splat %14 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %16 = tt.addptr %15, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %17 = "tt.reduce"(%10) <{axis = 1 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %51 = arith.maxnumf %arg3, %arg4 : f32
      tt.reduce.return %51 : f32
    }) : (tensor<16x64xf32>) -> tensor<16xf32>
    tt.store %16, %17 : tensor<16x!tt.ptr<f32>>
    %18 = tt.addptr %arg1, %c80_i32 : !tt.ptr<f32>, i32
    %19 = tt.splat %18 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %20 = tt.addptr %19, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %21 = "tt.reduce"(%10) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %51 = arith.minnumf %arg3, %arg4 : f32
      tt.reduce.return %51 : f32
    }) : (tensor<16x64xf32>) -> tensor<64xf32>
    tt.store %20, %21 : tensor<64x!tt.ptr<f32>>
    %22 = tt.addptr %arg1, %c144_i32 : !tt.ptr<f32>, i32
    %23 = tt.splat %22 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %24 = tt.addptr %23, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %25 = "tt.reduce"(%10) <{axis = 1 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %51 = arith.minnumf %arg3, %arg4 : f32
      tt.reduce.return %51 : f32
    }) : (tensor<16x64xf32>) -> tensor<16xf32>
    tt.store %24, %25 : tensor<16x!tt.ptr<f32>>
    %26 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %27 = tt.addptr %26, %1 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %28 = tt.broadcast %2 : tensor<16x1xi32> -> tensor<16x64xi32>
    %29:2 = "tt.reduce"(%10, %28) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %51 = arith.cmpf oeq, %arg3, %arg5 : f32
      %52 = arith.cmpi slt, %arg4, %arg6 : i32
      %53 = arith.andi %51, %52 : i1
      %54 = arith.cmpf ogt, %arg3, %arg5 : f32
      %55 = arith.ori %54, %53 : i1
      %56 = arith.select %55, %arg3, %arg5 : f32
      %57 = arith.select %55, %arg4, %arg6 : i32
      tt.reduce.return %56, %57 : f32, i32
    }) : (tensor<16x64xf32>, tensor<16x64xi32>) -> (tensor<64xf32>, tensor<64xi32>)
    tt.store %27, %29#1 : tensor<64x!tt.ptr<i32>>
    %30 = tt.addptr %arg2, %c64_i32 : !tt.ptr<i32>, i32
    %31 = tt.splat %30 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %32 = tt.addptr %31, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    %33:2 = "tt.reduce"(%10, %8) <{axis = 1 : i32}> ({
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %51 = arith.cmpf ogt, %arg3, %arg5 : f32
      %52 = arith.select %51, %arg3, %arg5 : f32
      %53 = arith.select %51, %arg4, %arg6 : i32
      tt.reduce.return %52, %53 : f32, i32
    }) : (tensor<16x64xf32>, tensor<16x64xi32>) -> (tensor<16xf32>, tensor<16xi32>)
    tt.store %32, %33#1 : tensor<16x!tt.ptr<i32>>
    %34 = tt.addptr %arg2, %c80_i32 : !tt.ptr<i32>, i32
    %35 = tt.splat %34 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %36 = tt.addptr %35, %1 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %37:2 = "tt.reduce"(%10, %28) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %51 = arith.cmpf oeq, %arg3, %arg5 : f32
      %52 = arith.cmpi slt, %arg4, %arg6 : i32
      %53 = arith.andi %51, %52 : i1
      %54 = arith.cmpf olt, %arg3, %arg5 : f32
      %55 = arith.ori %54, %53 : i1
      %56 = arith.select %55, %arg3, %arg5 : f32
      %57 = arith.select %55, %arg4, %arg6 : i32
      tt.reduce.return %56, %57 : f32, i32
    }) : (tensor<16x64xf32>, tensor<16x64xi32>) -> (tensor<64xf32>, tensor<64xi32>)
    tt.store %36, %37#1 : tensor<64x!tt.ptr<i32>>
    %38 = tt.addptr %arg2, %c144_i32 : !tt.ptr<i32>, i32
    %39 = tt.splat %38 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %40 = tt.addptr %39, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    %41:2 = "tt.reduce"(%10, %8) <{axis = 1 : i32}> ({
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %51 = arith.cmpf oeq, %arg3, %arg5 : f32
      %52 = arith.cmpi slt, %arg4, %arg6 : i32
      %53 = arith.andi %51, %52 : i1
      %54 = arith.cmpf olt, %arg3, %arg5 : f32
      %55 = arith.ori %54, %53 : i1
      %56 = arith.select %55, %arg3, %arg5 : f32
      %57 = arith.select %55, %arg4, %arg6 : i32
      tt.reduce.return %56, %57 : f32, i32
    }) : (tensor<16x64xf32>, tensor<16x64xi32>) -> (tensor<16xf32>, tensor<16xi32>)
    tt.store %40, %41#1 : tensor<16x!tt.ptr<i32>>
    %42:2 = "tt.reduce"(%10, %8) <{axis = 1 : i32}> ({
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %51 = arith.cmpf oeq, %arg3, %arg5 : f32
      %52 = arith.cmpi slt, %arg4, %arg6 : i32
      %53 = arith.andi %51, %52 : i1
      %54 = arith.cmpf ogt, %arg3, %arg5 : f32
      %55 = arith.ori %54, %53 : i1
      %56 = arith.select %55, %arg3, %arg5 : f32
      %57 = arith.select %55, %arg4, %arg6 : i32
      tt.reduce.return %56, %57 : f32, i32
    }) : (tensor<16x64xf32>, tensor<16x64xi32>) -> (tensor<16xf32>, tensor<16xi32>)
    %43 = tt.addptr %arg1, %c160_i32 : !tt.ptr<f32>, i32
    %44 = tt.splat %43 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %45 = tt.addptr %44, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %46 = arith.sitofp %42#1 : tensor<16xi32> to tensor<16xf32>
    %47 = arith.addf %42#0, %46 : tensor<16xf32>
    tt.store %45, %47 : tensor<16x!tt.ptr<f32>>
    %48 = tt.addptr %arg1, %c176_i32 : !tt.ptr<f32>, i32
    %49 = tt.reshape %10 allow_reorder : tensor<16x64xf32> -> tensor<1024xf32>
    %50 = "tt.reduce"(%49) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %51 = arith.maxnumf %arg3, %arg4 : f32
      tt.reduce.return %51 : f32
    }) : (tensor<1024xf32>) -> f32
    tt.store %48, %50 : !tt.ptr<f32>
    tt.return
  }
}

