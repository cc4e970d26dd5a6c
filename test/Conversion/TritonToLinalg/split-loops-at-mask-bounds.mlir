// RUN: triton-spirv-opt %s --split-loops-at-mask-bounds --canonicalize --split-input-file | FileCheck %s

// A row loop `for off in range(0, N, 1024)` masking `off + arange < N`:
// the comparison holds while off < N - 1023, so the main loop runs to the
// first multiple of 1024 at or past that (clamped to [0, N]) without the
// mask; the original loop, from there, keeps it.

// CHECK-LABEL: tt.func @row_sum
// CHECK-SAME:    (%[[X:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32)
// CHECK:         arith.extsi %[[N]] : i32 to i64
// CHECK:         arith.addi %{{.*}}, %c-1023_i64 : i64
// CHECK:         arith.ceildivsi %{{.*}}, %c1024_i64 : i64
// CHECK:         %[[SPLIT:.*]] = arith.trunci {{.*}} : i64 to i32
// CHECK:         %[[MAIN:.*]] = scf.for %{{.*}} = %c0_i32 to %[[SPLIT]] step %c1024_i32
// CHECK-NOT:       arith.cmpi
// CHECK:           tt.load %{{.*}} : tensor<1024x!tt.ptr<f32>>
// CHECK:           arith.addf
// CHECK:           scf.yield
// CHECK:         %[[TAIL:.*]] = scf.for %{{.*}} = %[[SPLIT]] to %[[N]] step %c1024_i32 iter_args(%{{.*}} = %[[MAIN]])
// CHECK:           %[[MASK:.*]] = arith.cmpi slt
// CHECK:           tt.load %{{.*}}, %[[MASK]], %{{.*}} : tensor<1024x!tt.ptr<f32>>
// CHECK:         tt.store %{{.*}}, %{{.*}} : !tt.ptr<f32>
tt.func @row_sum(%x: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %sum = scf.for %off = %c0 to %n step %c1024 iter_args(%acc = %zero) -> (tensor<1024xf32>) : i32 {
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %offs = tt.splat %off : i32 -> tensor<1024xi32>
    %cols = arith.addi %offs, %range : tensor<1024xi32>
    %bound = tt.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %bound : tensor<1024xi32>
    %base = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ptrs = tt.addptr %base, %cols : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %ptrs, %mask, %zero : tensor<1024x!tt.ptr<f32>>
    %next = arith.addf %acc, %v : tensor<1024xf32>
    scf.yield %next : tensor<1024xf32>
  }
  %total = "tt.reduce"(%sum) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<1024xf32>) -> f32
  tt.store %x, %total : !tt.ptr<f32>
  tt.return
}

// -----

// Tutorial 03's K mask `rk < K - k * 16` inside a 2-D mask: in the main
// loop only the row test stays (`x & true` is `x`); a select on the same
// comparison keeps its true side.

// CHECK-LABEL: tt.func @k_mask
// CHECK:         scf.for
// CHECK:           %[[ROWS:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<16x1xi32>
// CHECK:           %[[WIDE:.*]] = tt.broadcast %[[ROWS]] : tensor<16x1xi1> -> tensor<16x16xi1>
// CHECK-NEXT:      %[[V:.*]] = tt.load %{{.*}}, %[[WIDE]], %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK-NOT:       arith.select
// CHECK:           scf.yield
// CHECK:         scf.for
// CHECK:           arith.andi
// CHECK:           arith.select
tt.func @k_mask(%a: !tt.ptr<f32>, %m: i32, %k: i32, %out: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %steps = arith.divsi %k, %c16 : i32
  %rows = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %rk = tt.expand_dims %rows {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %base = tt.splat %a : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %sum = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %done = arith.muli %i, %c16 : i32
    %left = arith.subi %k, %done : i32
    %msplat = tt.splat %m : i32 -> tensor<16x1xi32>
    %in_rows = arith.cmpi slt, %rows2, %msplat : tensor<16x1xi32>
    %lsplat = tt.splat %left : i32 -> tensor<1x16xi32>
    %in_k = arith.cmpi slt, %rk, %lsplat : tensor<1x16xi32>
    %r = tt.broadcast %in_rows : tensor<16x1xi1> -> tensor<16x16xi1>
    %c = tt.broadcast %in_k : tensor<1x16xi1> -> tensor<16x16xi1>
    %mask = arith.andi %r, %c : tensor<16x16xi1>
    %v = tt.load %base, %mask, %zero : tensor<16x16x!tt.ptr<f32>>
    %kept = arith.select %c, %v, %zero : tensor<16x16xi1>, tensor<16x16xf32>
    %next = arith.addf %acc, %kept : tensor<16x16xf32>
    scf.yield %next : tensor<16x16xf32>
  }
  %outs = tt.splat %out : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  tt.store %outs, %sum : tensor<16x16x!tt.ptr<f32>>
  tt.return
}

// -----

// Left whole: a comparison that holds only from some iteration on (a
// suffix), one that does not reach a mask, a K loop with a dot whose mask
// compares against a value loaded in the loop (no condition before the loop
// can make it hold), and an unsigned loop.

// CHECK-LABEL: tt.func @left_whole
// CHECK:         scf.for
// CHECK:           arith.cmpi sge
// CHECK:         scf.for
// CHECK:           arith.cmpi slt
// CHECK:           arith.select
// CHECK-NOT:     scf.if
// CHECK:         scf.for
// CHECK:           arith.cmpi slt
// CHECK:           tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>>
// CHECK:           tt.dot
// CHECK:         scf.for unsigned
// CHECK-NEXT:      tt.splat
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      tt.splat
// CHECK-NEXT:      arith.cmpi slt
// CHECK-NOT:     scf.for
tt.func @left_whole(%x: !tt.ptr<f32>, %n: i32, %a: tensor<16x16xf32>, %limit_ptr: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %one = arith.constant dense<1.0> : tensor<16xf32>
  %acc0 = arith.constant dense<0.0> : tensor<16x16xf32>
  %range = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %base = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %ptrs = tt.addptr %base, %range : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  scf.for %off = %c0 to %n step %c16 : i32 {
    %offs = tt.splat %off : i32 -> tensor<16xi32>
    %cols = arith.addi %offs, %range : tensor<16xi32>
    %bound = tt.splat %n : i32 -> tensor<16xi32>
    %late = arith.cmpi sge, %cols, %bound : tensor<16xi32>
    tt.store %ptrs, %zero, %late : tensor<16x!tt.ptr<f32>>
  }
  scf.for %off = %c0 to %n step %c16 : i32 {
    %offs = tt.splat %off : i32 -> tensor<16xi32>
    %cols = arith.addi %offs, %range : tensor<16xi32>
    %bound = tt.splat %n : i32 -> tensor<16xi32>
    %inside = arith.cmpi slt, %cols, %bound : tensor<16xi32>
    %v = arith.select %inside, %one, %zero : tensor<16xi1>, tensor<16xf32>
    tt.store %ptrs, %v : tensor<16x!tt.ptr<f32>>
  }
  %d = scf.for %off = %c0 to %n step %c16 iter_args(%acc = %acc0) -> (tensor<16x16xf32>) : i32 {
    %offs = tt.splat %off : i32 -> tensor<16xi32>
    %cols = arith.addi %offs, %range : tensor<16xi32>
    %limit = tt.load %limit_ptr : !tt.ptr<i32>
    %bound = tt.splat %limit : i32 -> tensor<16xi32>
    %inside = arith.cmpi slt, %cols, %bound : tensor<16xi32>
    tt.store %ptrs, %zero, %inside : tensor<16x!tt.ptr<f32>>
    %next = tt.dot %a, %a, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    scf.yield %next : tensor<16x16xf32>
  }
  // An unsigned loop: the split point's signed arithmetic does not apply.
  scf.for unsigned %off = %c0 to %n step %c16 : i32 {
    %offs = tt.splat %off : i32 -> tensor<16xi32>
    %cols = arith.addi %offs, %range : tensor<16xi32>
    %bound = tt.splat %n : i32 -> tensor<16xi32>
    %inside = arith.cmpi slt, %cols, %bound : tensor<16xi32>
    tt.store %ptrs, %zero, %inside : tensor<16x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Tutorial 03's K loop with a dot: its masks (rows < M, rk < K - k * 16) and
// the epilogue's (rows < M) hold throughout when the last row and the last
// K step lie inside. The rest of the kernel then runs as two copies under
// `scf.if`: the first without those masks, the second as written. Each
// copy's loop keeps its own accumulator.

// CHECK-LABEL: tt.func @versioned_dot_loop
// CHECK-SAME:    (%[[A:.*]]: !tt.ptr<f32>, %[[M:.*]]: i32, %[[K:.*]]: i32, %[[OUT:.*]]: !tt.ptr<f32>)
// CHECK:         %[[PID:.*]] = tt.get_program_id x
// CHECK:         %[[ROW0:.*]] = arith.muli %[[PID]], %c16_i32
// CHECK:         %[[STEPS:.*]] = arith.divsi
// rows: pid * 16 + 15 - M < 0
// CHECK:         %[[R64:.*]] = arith.extsi %[[ROW0]] : i32 to i64
// CHECK:         %[[RLAST:.*]] = arith.addi %[[R64]], %c15_i64
// CHECK:         %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK:         %[[RDIFF:.*]] = arith.subi %[[RLAST]], %[[M64]]
// CHECK:         %[[ROWS_IN:.*]] = arith.cmpi slt, %[[RDIFF]], %c0_i64
// K: 15 - K + (steps - 1) * 16 < 0
// CHECK:         %[[K64:.*]] = arith.extsi %[[K]] : i32 to i64
// CHECK:         arith.subi %c15_i64, %[[K64]]
// CHECK:         %[[S64:.*]] = arith.extsi %[[STEPS]] : i32 to i64
// CHECK:         %[[LAST:.*]] = arith.subi %[[S64]], %c1_i64
// CHECK:         arith.muli %[[LAST]], %c16_i64
// CHECK:         %[[K_IN:.*]] = arith.cmpi slt
// CHECK:         %[[BOTH:.*]] = arith.andi %[[ROWS_IN]], %[[K_IN]]
// CHECK:         scf.if
// CHECK:           scf.for
// CHECK-NOT:         arith.cmpi
// CHECK:             %[[V:.*]] = tt.load %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK:             tt.dot %[[V]], %[[V]]
// CHECK:           tt.store %{{.*}}, %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK-NEXT:    } else {
// CHECK:           scf.for
// CHECK:             arith.cmpi slt
// CHECK:             tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK:             tt.dot
// CHECK:           tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK-NEXT:    }
// CHECK-NEXT:    tt.return
tt.func @versioned_dot_loop(%a: !tt.ptr<f32>, %m: i32, %k: i32, %out: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %pid = tt.get_program_id x : i32
  %row0 = arith.muli %pid, %c16 : i32
  %range = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<16xi32>
  %rows = arith.addi %row0s, %range : tensor<16xi32>
  %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %rk = tt.expand_dims %range {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %kpad = arith.addi %k, %c15 : i32
  %steps = arith.divsi %kpad, %c16 : i32
  %base = tt.splat %a : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %sum = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %done = arith.muli %i, %c16 : i32
    %left = arith.subi %k, %done : i32
    %msplat = tt.splat %m : i32 -> tensor<16x1xi32>
    %in_rows = arith.cmpi slt, %rows2, %msplat : tensor<16x1xi32>
    %lsplat = tt.splat %left : i32 -> tensor<1x16xi32>
    %in_k = arith.cmpi slt, %rk, %lsplat : tensor<1x16xi32>
    %wide_rows = tt.broadcast %in_rows : tensor<16x1xi1> -> tensor<16x16xi1>
    %wide_k = tt.broadcast %in_k : tensor<1x16xi1> -> tensor<16x16xi1>
    %mask = arith.andi %wide_rows, %wide_k : tensor<16x16xi1>
    %v = tt.load %base, %mask, %zero : tensor<16x16x!tt.ptr<f32>>
    %next = tt.dot %v, %v, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    scf.yield %next : tensor<16x16xf32>
  }
  %msplat = tt.splat %m : i32 -> tensor<16x1xi32>
  %in_rows = arith.cmpi slt, %rows2, %msplat : tensor<16x1xi32>
  %store_mask = tt.broadcast %in_rows : tensor<16x1xi1> -> tensor<16x16xi1>
  %outs = tt.splat %out : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  tt.store %outs, %sum, %store_mask : tensor<16x16x!tt.ptr<f32>>
  tt.return
}

// -----

// The row mask computed once before the loop (a common way to write it):
// the copy's loads and store still lose their masks; the comparison itself,
// outside the copy, stays for the other.

// CHECK-LABEL: tt.func @hoisted_row_mask
// CHECK:         %[[IN_ROWS:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<16x1xi32>
// CHECK:         scf.if
// CHECK:           scf.for
// CHECK:             %[[V:.*]] = tt.load %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK:             tt.dot %[[V]], %[[V]]
// CHECK:           tt.store %{{.*}}, %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK-NEXT:    } else {
// CHECK:           scf.for
// CHECK:             tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK:           tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tt.ptr<f32>>
tt.func @hoisted_row_mask(%a: !tt.ptr<f32>, %m: i32, %steps: i32, %out: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %pid = tt.get_program_id x : i32
  %row0 = arith.muli %pid, %c16 : i32
  %range = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<16xi32>
  %rows = arith.addi %row0s, %range : tensor<16xi32>
  %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %msplat = tt.splat %m : i32 -> tensor<16x1xi32>
  %in_rows = arith.cmpi slt, %rows2, %msplat : tensor<16x1xi32>
  %mask = tt.broadcast %in_rows : tensor<16x1xi1> -> tensor<16x16xi1>
  %base = tt.splat %a : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %sum = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %v = tt.load %base, %mask, %zero : tensor<16x16x!tt.ptr<f32>>
    %next = tt.dot %v, %v, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    scf.yield %next : tensor<16x16xf32>
  }
  %outs = tt.splat %out : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  tt.store %outs, %sum, %mask : tensor<16x16x!tt.ptr<f32>>
  tt.return
}

// -----

// A K loop inside a loop over tiles (a persistent kernel): the rest of the
// tile loop's body is versioned, and the count it carries is yielded by
// whichever copy ran.

// CHECK-LABEL: tt.func @tile_loop
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[COUNT:.*]] = %{{.*}}) -> (i32)
// CHECK:           %[[NEXT:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK:             scf.for
// CHECK:               tt.load %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK:             %[[FAST:.*]] = arith.addi %[[COUNT]], %c1_i32
// CHECK:             scf.yield %[[FAST]] : i32
// CHECK:           } else {
// CHECK:             scf.for
// CHECK:               tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK:             %[[SLOW:.*]] = arith.addi %[[COUNT]], %c1_i32
// CHECK:             scf.yield %[[SLOW]] : i32
// CHECK:           }
// CHECK:           scf.yield %[[NEXT]] : i32
tt.func @tile_loop(%a: !tt.ptr<f32>, %m: i32, %steps: i32, %tiles: i32, %out: !tt.ptr<i32>, %c: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %range = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %base = tt.splat %a : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %count = scf.for %tile = %c0 to %tiles step %c1 iter_args(%n = %c0) -> (i32) : i32 {
    %row0 = arith.muli %tile, %c16 : i32
    %row0s = tt.splat %row0 : i32 -> tensor<16xi32>
    %rows = arith.addi %row0s, %range : tensor<16xi32>
    %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %sum = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
      %msplat = tt.splat %m : i32 -> tensor<16x1xi32>
      %in_rows = arith.cmpi slt, %rows2, %msplat : tensor<16x1xi32>
      %mask = tt.broadcast %in_rows : tensor<16x1xi1> -> tensor<16x16xi1>
      %v = tt.load %base, %mask, %zero : tensor<16x16x!tt.ptr<f32>>
      %next = tt.dot %v, %v, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
      scf.yield %next : tensor<16x16xf32>
    }
    %cs = tt.splat %c : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
    tt.store %cs, %sum : tensor<16x16x!tt.ptr<f32>>
    %done = arith.addi %n, %c1 : i32
    scf.yield %done : i32
  }
  tt.store %out, %count : !tt.ptr<i32>
  tt.return
}

// -----

// An outer loop that carries a tensor (an accumulator over K chunks): a
// copy of its body would hand that tensor through the scf.if, that is
// through memory. The outer loop, whose masks hold throughout too, is
// versioned whole instead.

// CHECK-LABEL: tt.func @tensor_carrying_outer_loop
// CHECK:         scf.if
// CHECK-NEXT:      scf.for
// CHECK-NOT:         scf.if
// CHECK:             scf.for
// CHECK:               tt.load %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK:         } else {
// CHECK-NEXT:      scf.for
// CHECK-NOT:         scf.if
// CHECK:             scf.for
// CHECK:               tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16x!tt.ptr<f32>>
tt.func @tensor_carrying_outer_loop(%a: !tt.ptr<f32>, %m: i32, %steps: i32, %chunks: i32, %c: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %range = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %rows2 = tt.expand_dims %range {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %base = tt.splat %a : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %total = scf.for %chunk = %c0 to %chunks step %c1 iter_args(%outer = %zero) -> (tensor<16x16xf32>) : i32 {
    %sum = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %outer) -> (tensor<16x16xf32>) : i32 {
      %msplat = tt.splat %m : i32 -> tensor<16x1xi32>
      %in_rows = arith.cmpi slt, %rows2, %msplat : tensor<16x1xi32>
      %mask = tt.broadcast %in_rows : tensor<16x1xi1> -> tensor<16x16xi1>
      %v = tt.load %base, %mask, %zero : tensor<16x16x!tt.ptr<f32>>
      %next = tt.dot %v, %v, %acc : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
      scf.yield %next : tensor<16x16xf32>
    }
    scf.yield %sum : tensor<16x16xf32>
  }
  %cs = tt.splat %c : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  tt.store %cs, %total : tensor<16x16x!tt.ptr<f32>>
  tt.return
}
