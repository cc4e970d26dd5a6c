module {
  tt.func public @int_arith(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg6: i32) attributes {noinline = false} {
    %cst = arith.constant dense<6> : tensor<256xi32>
    %cst_0 = arith.constant dense<7> : tensor<256xi32>
    %cst_1 = arith.constant dense<3> : tensor<256xi32>
    %cst_2 = arith.constant dense<0> : tensor<256xi32>
    %cst_3 = arith.constant dense<-1> : tensor<256xi32>
    %cst_4 = arith.constant dense<2> : tensor<256xi32>
    %cst_5 = arith.constant dense<1> : tensor<256xi32>
    %c256_i32 = arith.constant 256 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c256_i32 : i32
    %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %3 = tt.splat %1 : i32 -> tensor<256xi32>
    %4 = arith.addi %3, %2 : tensor<256xi32>
    %5 = tt.splat %arg6 : i32 -> tensor<256xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
    %7 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %9 = tt.load %8, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %10 = tt.splat %arg1 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %12 = tt.load %11, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %13 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %15 = tt.load %14, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %16 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %17 = tt.addptr %16, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %18 = tt.load %17, %6, %cst_5 : tensor<256x!tt.ptr<i32>>
    %19 = arith.divsi %9, %12 : tensor<256xi32>
    %20 = arith.remsi %9, %12 : tensor<256xi32>
    %21 = arith.addi %19, %20 : tensor<256xi32>
    %22 = arith.shrsi %9, %cst_5 : tensor<256xi32>
    %23 = arith.addi %21, %22 : tensor<256xi32>
    %24 = arith.shli %9, %cst_4 : tensor<256xi32>
    %25 = arith.addi %23, %24 : tensor<256xi32>
    %26 = arith.minsi %9, %12 : tensor<256xi32>
    %27 = arith.maxsi %9, %12 : tensor<256xi32>
    %28 = arith.muli %26, %27 : tensor<256xi32>
    %29 = arith.addi %25, %28 : tensor<256xi32>
    %30 = arith.addi %9, %cst : tensor<256xi32>
    %31 = arith.divsi %30, %cst_0 : tensor<256xi32>
    %32 = arith.addi %29, %31 : tensor<256xi32>
    %33 = arith.andi %9, %12 : tensor<256xi32>
    %34 = arith.xori %12, %cst_3 : tensor<256xi32>
    %35 = arith.xori %9, %34 : tensor<256xi32>
    %36 = arith.ori %33, %35 : tensor<256xi32>
    %37 = arith.addi %32, %36 : tensor<256xi32>
    %38 = arith.cmpi slt, %9, %12 : tensor<256xi32>
    %39 = arith.subi %cst_2, %12 : tensor<256xi32>
    %40 = arith.select %38, %9, %39 : tensor<256xi1>, tensor<256xi32>
    %41 = arith.addi %37, %40 : tensor<256xi32>
    %42 = arith.divui %15, %18 : tensor<256xi32>
    %43 = arith.remui %15, %18 : tensor<256xi32>
    %44 = arith.addi %42, %43 : tensor<256xi32>
    %45 = arith.shrui %15, %cst_1 : tensor<256xi32>
    %46 = arith.addi %44, %45 : tensor<256xi32>
    %47 = arith.minui %15, %18 : tensor<256xi32>
    %48 = arith.maxui %15, %18 : tensor<256xi32>
    %49 = arith.addi %47, %48 : tensor<256xi32>
    %50 = arith.addi %46, %49 : tensor<256xi32>
    %51 = arith.cmpi ugt, %15, %18 : tensor<256xi32>
    %52 = arith.addi %50, %cst_5 : tensor<256xi32>
    %53 = arith.select %51, %50, %52 : tensor<256xi1>, tensor<256xi32>
    %54 = tt.splat %arg4 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %55 = tt.addptr %54, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %55, %41, %6 : tensor<256x!tt.ptr<i32>>
    %56 = tt.splat %arg5 : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %57 = tt.addptr %56, %4 : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %57, %53, %6 : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}

