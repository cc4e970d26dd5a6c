module {
  tt.func public @layer_norm_bwd_dx(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg8: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg9: i32, %arg10: i32) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf16>
    %true = arith.constant true
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %2 = tt.splat %arg10 : i32 -> tensor<1024xi32>
    %3 = arith.cmpi slt, %1, %2 : tensor<1024xi32>
    %4 = arith.muli %0, %arg9 : i32
    %5 = tt.addptr %arg4, %4 : !tt.ptr<f16>, i32
    %6 = tt.splat %5 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %7 = tt.addptr %6, %1 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %8 = tt.load %7, %3, %cst : tensor<1024x!tt.ptr<f16>>
    %9 = arith.extf %8 : tensor<1024xf16> to tensor<1024xf32>
    %10 = tt.addptr %arg1, %4 : !tt.ptr<f16>, i32
    %11 = tt.splat %10 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %12 = tt.addptr %11, %1 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %13 = tt.load %12, %3, %cst : tensor<1024x!tt.ptr<f16>>
    %14 = arith.extf %13 : tensor<1024xf16> to tensor<1024xf32>
    %15 = tt.splat %arg5 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %16 = tt.addptr %15, %1 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %17 = tt.load %16, %3 : tensor<1024x!tt.ptr<f16>>
    %18 = arith.extf %17 : tensor<1024xf16> to tensor<1024xf32>
    %19 = tt.addptr %arg6, %0 : !tt.ptr<f32>, i32
    %20 = tt.load %19 : !tt.ptr<f32>
    %21 = tt.addptr %arg7, %0 : !tt.ptr<f32>, i32
    %22 = tt.load %21 : !tt.ptr<f32>
    %23 = tt.splat %20 : f32 -> tensor<1024xf32>
    %24 = arith.subf %9, %23 : tensor<1024xf32>
    %25 = tt.splat %22 : f32 -> tensor<1024xf32>
    %26 = arith.mulf %24, %25 : tensor<1024xf32>
    %27 = arith.select %3, %26, %cst_0 : tensor<1024xi1>, tensor<1024xf32>
    %28 = arith.mulf %18, %14 : tensor<1024xf32>
    %29 = arith.select %3, %28, %cst_0 : tensor<1024xi1>, tensor<1024xf32>
    %30 = arith.mulf %27, %29 : tensor<1024xf32>
    %31 = "tt.reduce"(%30) <{axis = 0 : i32}> ({
    ^bb0(%arg11: f32, %arg12: f32):
      %62 = arith.addf %arg11, %arg12 : f32
      tt.reduce.return %62 : f32
    }) : (tensor<1024xf32>) -> f32
    %32 = arith.sitofp %arg10 : i32 to f32
    %33 = arith.divf %31, %32 : f32
    %34 = "tt.reduce"(%29) <{axis = 0 : i32}> ({
    ^bb0(%arg11: f32, %arg12: f32):
      %62 = arith.addf %arg11, %arg12 : f32
      tt.reduce.return %62 : f32
    }) : (tensor<1024xf32>) -> f32
    %35 = arith.divf %34, %32 : f32
    %36 = tt.splat %33 : f32 -> tensor<1024xf32>
    %37 = arith.mulf %27, %36 : tensor<1024xf32>
    %38 = tt.splat %35 : f32 -> tensor<1024xf32>
    %39 = arith.addf %37, %38 : tensor<1024xf32>
    %40 = arith.subf %29, %39 : tensor<1024xf32>
    %41 = arith.mulf %40, %25 : tensor<1024xf32>
    %42 = tt.addptr %arg0, %4 : !tt.ptr<f16>, i32
    %43 = tt.splat %42 : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %44 = tt.addptr %43, %1 : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %45 = arith.truncf %41 : tensor<1024xf32> to tensor<1024xf16>
    tt.store %44, %45, %3 : tensor<1024x!tt.ptr<f16>>
    %46 = arith.remsi %0, %c64_i32 : i32
    %47 = tt.addptr %arg8, %46 : !tt.ptr<i32>, i32
    %48 = tt.addptr %arg8, %c64_i32 : !tt.ptr<i32>, i32
    %49 = tt.addptr %48, %46 : !tt.ptr<i32>, i32
    %50 = arith.muli %46, %arg10 : i32
    %51 = tt.addptr %arg2, %50 : !tt.ptr<f32>, i32
    %52 = tt.splat %51 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %53 = tt.addptr %52, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %54 = tt.addptr %arg3, %50 : !tt.ptr<f32>, i32
    %55 = tt.splat %54 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %56 = tt.addptr %55, %1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %57 = arith.mulf %14, %27 : tensor<1024xf32>
    scf.while : () -> () {
      %62 = tt.atomic_cas acq_rel, gpu, %47, %c0_i32, %c1_i32 : (!tt.ptr<i32>, i32, i32) -> i32
      %63 = arith.cmpi eq, %62, %c1_i32 : i32
      scf.condition(%63)
    } do {
      scf.yield
    }
    %58 = tt.load %49 : !tt.ptr<i32>
    %59 = arith.cmpi eq, %58, %c0_i32 : i32
    %60:2 = scf.if %59 -> (tensor<1024xf32>, tensor<1024xf32>) {
      %62 = tt.atomic_rmw exch, acq_rel, gpu, %49, %c1_i32, %true : (!tt.ptr<i32>, i32, i1) -> i32
      scf.yield %57, %14 : tensor<1024xf32>, tensor<1024xf32>
    } else {
      %62 = tt.load %53, %3 : tensor<1024x!tt.ptr<f32>>
      %63 = arith.addf %57, %62 : tensor<1024xf32>
      %64 = tt.load %56, %3 : tensor<1024x!tt.ptr<f32>>
      %65 = arith.addf %14, %64 : tensor<1024xf32>
      scf.yield %63, %65 : tensor<1024xf32>, tensor<1024xf32>
    }
    tt.store %53, %60#0, %3 : tensor<1024x!tt.ptr<f32>>
    tt.store %56, %60#1, %3 : tensor<1024x!tt.ptr<f32>>
    gpu.barrier
    %61 = tt.atomic_rmw exch, acq_rel, gpu, %47, %c0_i32, %true : (!tt.ptr<i32>, i32, i1) -> i32
    tt.return
  }
}

