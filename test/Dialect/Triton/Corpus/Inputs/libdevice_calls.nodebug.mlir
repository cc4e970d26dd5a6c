module {
  tt.func public @libdevice_calls(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f64> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<2> : tensor<128xi32>
    %cst_0 = arith.constant dense<0> : tensor<128xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %3 = tt.load %2 : tensor<128x!tt.ptr<f32>>
    %4 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %5 = tt.addptr %4, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %6 = tt.load %5 : tensor<128x!tt.ptr<f32>>
    %7 = tt.splat %arg4 : !tt.ptr<f64> -> tensor<128x!tt.ptr<f64>>
    %8 = tt.addptr %7, %0 : tensor<128x!tt.ptr<f64>>, tensor<128xi32>
    %9 = tt.load %8 : tensor<128x!tt.ptr<f64>>
    %10 = tt.extern_elementwise %3, %6 {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %11 = tt.extern_elementwise %3 {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<128xf32>) -> tensor<128xf32>
    %12 = arith.addf %10, %11 : tensor<128xf32>
    %13 = tt.extern_elementwise %3 {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<128xf32>) -> tensor<128xf32>
    %14 = arith.addf %12, %13 : tensor<128xf32>
    %15 = tt.extern_elementwise %3 {libname = "", libpath = "", pure = true, symbol = "__nv_rintf"} : (tensor<128xf32>) -> tensor<128xf32>
    %16 = arith.addf %14, %15 : tensor<128xf32>
    %17 = tt.extern_elementwise %3 {libname = "", libpath = "", pure = true, symbol = "__nv_fast_expf"} : (tensor<128xf32>) -> tensor<128xf32>
    %18 = tt.extern_elementwise %6, %3 {libname = "", libpath = "", pure = true, symbol = "__nv_atan2f"} : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>
    %19 = arith.addf %17, %18 : tensor<128xf32>
    %20 = arith.addf %16, %19 : tensor<128xf32>
    %21 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %22 = tt.addptr %21, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %22, %20 : tensor<128x!tt.ptr<f32>>
    %23 = tt.extern_elementwise %9, %9 {libname = "", libpath = "", pure = true, symbol = "__nv_pow"} : (tensor<128xf64>, tensor<128xf64>) -> tensor<128xf64>
    %24 = tt.extern_elementwise %9 {libname = "", libpath = "", pure = true, symbol = "__nv_log1p"} : (tensor<128xf64>) -> tensor<128xf64>
    %25 = arith.addf %23, %24 : tensor<128xf64>
    tt.store %8, %25 : tensor<128x!tt.ptr<f64>>
    %26 = tt.extern_elementwise %20 {libname = "", libpath = "", pure = true, symbol = "__nv_isnanf"} : (tensor<128xf32>) -> tensor<128xi32>
    %27 = arith.cmpi ne, %26, %cst_0 : tensor<128xi32>
    %28 = arith.extui %27 : tensor<128xi1> to tensor<128xi32>
    %29 = tt.extern_elementwise %6 {libname = "", libpath = "", pure = true, symbol = "__nv_isinff"} : (tensor<128xf32>) -> tensor<128xi32>
    %30 = arith.cmpi ne, %29, %cst_0 : tensor<128xi32>
    %31 = arith.extui %30 : tensor<128xi1> to tensor<128xi32>
    %32 = arith.muli %31, %cst : tensor<128xi32>
    %33 = arith.addi %28, %32 : tensor<128xi32>
    %34 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %35 = tt.addptr %34, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %36 = tt.extern_elementwise %3 {libname = "", libpath = "", pure = true, symbol = "__nv_signbitf"} : (tensor<128xf32>) -> tensor<128xi32>
    %37 = arith.addi %33, %36 : tensor<128xi32>
    tt.store %35, %37 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
}

