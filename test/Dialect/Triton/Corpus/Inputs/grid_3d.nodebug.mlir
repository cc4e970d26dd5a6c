module {
  tt.func public @grid_3d(%arg0: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<i32>) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32
    %2 = tt.get_program_id z : i32
    %3 = tt.get_num_programs x : i32
    %4 = tt.get_num_programs y : i32
    %5 = tt.get_num_programs z : i32
    %6 = arith.muli %2, %4 : i32
    %7 = arith.addi %6, %1 : i32
    %8 = arith.muli %7, %3 : i32
    %9 = arith.addi %8, %0 : i32
    %10 = tt.addptr %arg0, %9 : !tt.ptr<i32>, i32
    tt.store %10, %9 : !tt.ptr<i32>
    %11 = arith.cmpi eq, %9, %c0_i32 : i32
    scf.if %11 {
      %12 = arith.muli %3, %4 : i32
      %13 = arith.muli %12, %5 : i32
      tt.store %arg1, %13 : !tt.ptr<i32>
    }
    tt.return
  }
}

