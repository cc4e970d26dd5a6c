module {
  tt.func public @bitcasts(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<-2147483648> : tensor<128xi32>
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %3 = tt.load %2 : tensor<128x!tt.ptr<f32>>
    %4 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
    %5 = tt.addptr %4, %0 : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    %6 = tt.load %5 : tensor<128x!tt.ptr<f16>>
    %7 = tt.bitcast %3 : tensor<128xf32> -> tensor<128xi32>
    %8 = arith.xori %7, %cst : tensor<128xi32>
    %9 = tt.bitcast %8 : tensor<128xi32> -> tensor<128xf32>
    tt.store %2, %9 : tensor<128x!tt.ptr<f32>>
    %10 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %11 = tt.addptr %10, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %12 = tt.bitcast %7 : tensor<128xi32> -> tensor<128xi32>
    %13 = tt.bitcast %12 : tensor<128xi32> -> tensor<128xi32>
    tt.store %11, %13 : tensor<128x!tt.ptr<i32>>
    %14 = tt.splat %arg3 : !tt.ptr<i16> -> tensor<128x!tt.ptr<i16>>
    %15 = tt.addptr %14, %0 : tensor<128x!tt.ptr<i16>>, tensor<128xi32>
    %16 = tt.bitcast %6 : tensor<128xf16> -> tensor<128xi16>
    tt.store %15, %16 : tensor<128x!tt.ptr<i16>>
    tt.return
  }
}

