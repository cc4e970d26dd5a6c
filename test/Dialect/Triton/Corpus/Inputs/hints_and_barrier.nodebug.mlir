module {
  tt.func public @hints_and_barrier(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c256_i32 = arith.constant 256 : i32
    %c0_i32 = arith.constant 0 : i32
    %0 = arith.cmpi sgt, %arg2, %c0_i32 : i32
    llvm.intr.assume %0 : i1
    %1 = arith.cmpi sgt, %arg3, %c0_i32 : i32
    llvm.intr.assume %1 : i1
    %2 = tt.get_program_id x : i32
    %3 = arith.muli %2, %c256_i32 : i32
    %4 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %5 = tt.splat %3 : i32 -> tensor<256xi32>
    %6 = arith.addi %5, %4 {tt.contiguity = dense<256> : tensor<1xi32>, tt.divisibility = dense<256> : tensor<1xi32>} : tensor<256xi32>
    %7 = arith.muli %2, %arg3 : i32
    %8 = tt.splat %arg2 : i32 -> tensor<256xi32>
    %9 = arith.cmpi slt, %6, %8 : tensor<256xi32>
    %10 = tt.addptr %arg0, %7 : !tt.ptr<f16>, i32
    %11 = tt.splat %10 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %12 = tt.addptr %11, %6 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    %13 = tt.load %12, %9 : tensor<256x!tt.ptr<f16>>
    gpu.barrier
    %14 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
    %15 = tt.addptr %14, %6 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
    tt.store %15, %13, %9 : tensor<256x!tt.ptr<f16>>
    tt.return
  }
}

