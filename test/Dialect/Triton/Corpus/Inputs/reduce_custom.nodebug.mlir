module {
  tt.func public @reduce_custom(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c96_i32 = arith.constant 96 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1056_i32 = arith.constant 1056 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %cst = arith.constant dense<3.200000e+01> : tensor<32x1xf32>
    %cst_0 = arith.constant dense<32> : tensor<32x1xi32>
    %c32_i32 = arith.constant 32 : i32
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %2 = arith.muli %1, %cst_0 : tensor<32x1xi32>
    %3 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %4 = tt.addptr %3, %2 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %5 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %6 = tt.broadcast %4 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x32x!tt.ptr<f32>>
    %7 = tt.broadcast %5 : tensor<1x32xi32> -> tensor<32x32xi32>
    %8 = tt.addptr %6, %7 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %9 = tt.load %8 : tensor<32x32x!tt.ptr<f32>>
    %10 = "tt.reduce"(%9) <{axis = 1 : i32}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %45 = arith.addf %arg4, %arg5 : f32
      tt.reduce.return %45 : f32
    }) : (tensor<32x32xf32>) -> tensor<32xf32>
    %11 = tt.expand_dims %10 {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
    %12 = arith.divf %11, %cst : tensor<32x1xf32>
    %13 = tt.broadcast %12 : tensor<32x1xf32> -> tensor<32x32xf32>
    %14 = arith.subf %9, %13 : tensor<32x32xf32>
    %15 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %16 = tt.addptr %15, %2 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %17 = tt.broadcast %16 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x32x!tt.ptr<f32>>
    %18 = tt.addptr %17, %7 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    tt.store %18, %14 : tensor<32x32x!tt.ptr<f32>>
    %19 = tt.addptr %arg2, %c1024_i32 : !tt.ptr<f32>, i32
    %20 = tt.splat %19 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %21 = tt.addptr %20, %0 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    %22 = "tt.reduce"(%9) <{axis = 0 : i32}> ({
    ^bb0(%arg4: f32, %arg5: f32):
      %45 = arith.mulf %arg5, %arg5 : f32
      %46 = arith.addf %arg4, %45 : f32
      tt.reduce.return %46 : f32
    }) : (tensor<32x32xf32>) -> tensor<32xf32>
    tt.store %21, %22 : tensor<32x!tt.ptr<f32>>
    %23:2 = "tt.reduce"(%9, %7) <{axis = 1 : i32}> ({
    ^bb0(%arg4: f32, %arg5: i32, %arg6: f32, %arg7: i32):
      %45 = math.absf %arg4 : f32
      %46 = math.absf %arg6 : f32
      %47 = arith.cmpf ogt, %45, %46 : f32
      %48 = arith.cmpf oeq, %45, %46 : f32
      %49 = arith.cmpi slt, %arg5, %arg7 : i32
      %50 = arith.andi %48, %49 : i1
      %51 = arith.ori %47, %50 : i1
      %52 = arith.select %51, %arg4, %arg6 : f32
      %53 = arith.select %51, %arg5, %arg7 : i32
      tt.reduce.return %52, %53 : f32, i32
    }) : (tensor<32x32xf32>, tensor<32x32xi32>) -> (tensor<32xf32>, tensor<32xi32>)
    %24 = tt.addptr %arg2, %c1056_i32 : !tt.ptr<f32>, i32
    %25 = tt.splat %24 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %26 = tt.addptr %25, %0 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    tt.store %26, %23#0 : tensor<32x!tt.ptr<f32>>
    %27 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %28 = tt.addptr %27, %0 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    tt.store %28, %23#1 : tensor<32x!tt.ptr<i32>>
    %29 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<32x1x!tt.ptr<i32>>
    %30 = tt.addptr %29, %2 : tensor<32x1x!tt.ptr<i32>>, tensor<32x1xi32>
    %31 = tt.broadcast %30 : tensor<32x1x!tt.ptr<i32>> -> tensor<32x32x!tt.ptr<i32>>
    %32 = tt.addptr %31, %7 : tensor<32x32x!tt.ptr<i32>>, tensor<32x32xi32>
    %33 = tt.load %32 : tensor<32x32x!tt.ptr<i32>>
    %34 = tt.addptr %arg3, %c32_i32 : !tt.ptr<i32>, i32
    %35 = tt.splat %34 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %36 = tt.addptr %35, %0 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    %37 = "tt.reduce"(%33) <{axis = 0 : i32}> ({
    ^bb0(%arg4: i32, %arg5: i32):
      %45 = arith.xori %arg4, %arg5 : i32
      tt.reduce.return %45 : i32
    }) : (tensor<32x32xi32>) -> tensor<32xi32>
    tt.store %36, %37 : tensor<32x!tt.ptr<i32>>
    %38 = tt.addptr %arg3, %c64_i32 : !tt.ptr<i32>, i32
    %39 = tt.splat %38 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %40 = tt.addptr %39, %0 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    %41 = "tt.reduce"(%33) <{axis = 1 : i32}> ({
    ^bb0(%arg4: i32, %arg5: i32):
      %45 = arith.ori %arg4, %arg5 : i32
      tt.reduce.return %45 : i32
    }) : (tensor<32x32xi32>) -> tensor<32xi32>
    tt.store %40, %41 : tensor<32x!tt.ptr<i32>>
    %42 = tt.addptr %arg3, %c96_i32 : !tt.ptr<i32>, i32
    %43 = "tt.reduce"(%33) <{axis = 1 : i32}> ({
    ^bb0(%arg4: i32, %arg5: i32):
      %45 = arith.addi %arg4, %arg5 : i32
      tt.reduce.return %45 : i32
    }) : (tensor<32x32xi32>) -> tensor<32xi32>
    %44 = "tt.reduce"(%43) <{axis = 0 : i32}> ({
    ^bb0(%arg4: i32, %arg5: i32):
      %45 = arith.addi %arg4, %arg5 : i32
      tt.reduce.return %45 : i32
    }) : (tensor<32xi32>) -> i32
    tt.store %42, %44 : !tt.ptr<i32>
    tt.return
  }
}

