module {
  tt.func public @call_noinline(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %3 = tt.load %2 : tensor<128x!tt.ptr<f32>>
    %4 = tt.call @"ttir_corpus_kernels_basic._scaled_sum__Pfp32__(1,)cconstexpr_0_d_5__(2,)cconstexpr_128_"(%arg0) : (!tt.ptr<f32>) -> f32
    %5 = tt.load %arg0 : !tt.ptr<f32>
    %6:2 = tt.call @ttir_corpus_kernels_basic._min_max__fp32_fp32__(%4, %5) : (f32, f32) -> (f32, f32)
    tt.store %arg1, %4 : !tt.ptr<f32>
    %7 = tt.addptr %arg1, %c1_i32 : !tt.ptr<f32>, i32
    tt.store %7, %6#0 : !tt.ptr<f32>
    %8 = tt.addptr %arg1, %c2_i32 : !tt.ptr<f32>, i32
    tt.store %8, %6#1 : !tt.ptr<f32>
    %9 = tt.addptr %arg1, %c3_i32 : !tt.ptr<f32>, i32
    %10 = tt.splat %9 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %11 = tt.addptr %10, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %12 = arith.mulf %3, %3 : tensor<128xf32>
    tt.store %11, %12 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
  tt.func private @"ttir_corpus_kernels_basic._scaled_sum__Pfp32__(1,)cconstexpr_0_d_5__(2,)cconstexpr_128_"(%arg0: !tt.ptr<f32>) -> f32 attributes {noinline = true} {
    %cst = arith.constant 5.000000e-01 : f32
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %3 = tt.load %2 : tensor<128x!tt.ptr<f32>>
    %4 = arith.mulf %3, %3 : tensor<128xf32>
    %5 = "tt.reduce"(%4) <{axis = 0 : i32}> ({
    ^bb0(%arg1: f32, %arg2: f32):
      %7 = arith.addf %arg1, %arg2 : f32
      tt.reduce.return %7 : f32
    }) : (tensor<128xf32>) -> f32
    %6 = arith.mulf %5, %cst : f32
    tt.return %6 : f32
  }
  tt.func private @ttir_corpus_kernels_basic._min_max__fp32_fp32__(%arg0: f32, %arg1: f32) -> (f32, f32) attributes {noinline = true} {
    %0 = arith.minnumf %arg0, %arg1 : f32
    %1 = arith.maxnumf %arg0, %arg1 : f32
    tt.return %0, %1 : f32, f32
  }
}

