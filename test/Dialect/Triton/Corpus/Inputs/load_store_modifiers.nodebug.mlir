module {
  tt.func public @load_store_modifiers(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<256xf32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg3 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst cacheModifier = cg evictionPolicy = evict_first : tensor<256x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst cacheModifier = ca evictionPolicy = evict_last : tensor<256x!tt.ptr<f32>>
    %13 = tt.addptr %arg1, %arg3 : !tt.ptr<f32>, i32
    %14 = tt.splat %13 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %15 = tt.addptr %14, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %16 = tt.load %15, %6, %cst {isVolatile = true} : tensor<256x!tt.ptr<f32>>
    %17 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %18 = tt.addptr %17, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %19 = arith.addf %9, %12 : tensor<256xf32>
    %20 = arith.addf %19, %16 : tensor<256xf32>
    tt.store %18, %20, %6 cacheModifier = wt evictionPolicy = evict_first : tensor<256x!tt.ptr<f32>>
    %21 = tt.addptr %arg2, %arg3 : !tt.ptr<f32>, i32
    %22 = tt.splat %21 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %23 = tt.addptr %22, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %24 = arith.mulf %9, %12 : tensor<256xf32>
    tt.store %23, %24, %6 cacheModifier = cs : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}

