module {
  tt.func public @inline_asm(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %3 = tt.load %2 : tensor<128x!tt.ptr<i32>>
    %4 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %5 = tt.addptr %4, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %6 = tt.load %5 : tensor<128x!tt.ptr<i32>>
    %7 = tt.elementwise_inline_asm "shl.b32 $0, $1, 1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %3 : tensor<128xi32> -> tensor<128xi32>
    %8:2 = tt.elementwise_inline_asm "min.s32 $0, $2, $3;\0A\09max.s32 $1, $2, $3;" {constraints = "=r,=r,r,r", packed_element = 1 : i32, pure = true} %3, %6 : tensor<128xi32>, tensor<128xi32> -> tensor<128xi32>, tensor<128xi32>
    %9 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %10 = tt.addptr %9, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %11 = arith.addi %7, %8#0 : tensor<128xi32>
    tt.store %10, %11 : tensor<128x!tt.ptr<i32>>
    %12 = arith.trunci %3 : tensor<128xi32> to tensor<128xi8>
    %13 = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 4 : i32, pure = false} %12 : tensor<128xi8> -> tensor<128xi8>
    %14 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %15 = tt.addptr %14, %0 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %16 = arith.extsi %13 : tensor<128xi8> to tensor<128xi32>
    %17 = arith.addi %16, %8#1 : tensor<128xi32>
    tt.store %15, %17 : tensor<128x!tt.ptr<i32>>
    tt.return
  }
}

