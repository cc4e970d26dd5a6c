module {
  tt.func public @print_and_assert(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32) attributes {noinline = false} {
    %c64_i64 = arith.constant 64 : i64
    %c1024_i32 = arith.constant 1024 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %cst_0 = arith.constant dense<-2147483648> : tensor<64xi64>
    %cst_1 = arith.constant dense<2147483647> : tensor<64xi64>
    %c-2147483648_i64 = arith.constant -2147483648 : i64
    %c2147483647_i64 = arith.constant 2147483647 : i64
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.extsi %0 : i32 to i64
    %2 = arith.muli %1, %c64_i64 : i64
    %3 = arith.cmpi sle, %2, %c2147483647_i64 : i64
    %4 = arith.cmpi sge, %2, %c-2147483648_i64 : i64
    %5 = arith.andi %3, %4 : i1
    tt.assert %5, "int32 overflow detected for operation mul" : i1
    %6 = arith.muli %0, %c64_i32 : i32
    %7 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %8 = tt.splat %6 : i32 -> tensor<64xi32>
    %9 = arith.extsi %6 : i32 to i64
    %10 = tt.splat %9 : i64 -> tensor<64xi64>
    %11 = arith.extsi %7 : tensor<64xi32> to tensor<64xi64>
    %12 = arith.addi %10, %11 : tensor<64xi64>
    %13 = arith.cmpi sle, %12, %cst_1 : tensor<64xi64>
    %14 = arith.cmpi sge, %12, %cst_0 : tensor<64xi64>
    %15 = arith.andi %13, %14 : tensor<64xi1>
    tt.assert %15, "int32 overflow detected for operation add" : tensor<64xi1>
    %16 = arith.addi %8, %7 : tensor<64xi32>
    %17 = tt.splat %arg1 : i32 -> tensor<64xi32>
    %18 = arith.cmpi slt, %16, %17 : tensor<64xi32>
    %19 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %20 = tt.addptr %19, %16 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %21 = tt.load %20, %18, %cst : tensor<64x!tt.ptr<f32>>
    tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %21 : tensor<64xf32>
    tt.print " pid: " {hex = true, isSigned = array<i32: 1, 1>} : %0, %16 : i32, tensor<64xi32>
    %22 = arith.cmpf oge, %21, %cst : tensor<64xf32>
    tt.assert %22, "x must be non-negative" : tensor<64xi1>
    %23 = arith.cmpi slt, %0, %c1024_i32 : i32
    tt.assert %23, "" : i1
    tt.return
  }
}

