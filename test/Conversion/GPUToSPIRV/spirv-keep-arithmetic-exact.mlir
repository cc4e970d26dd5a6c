// RUN: triton-spirv-opt %s --split-input-file --spirv-keep-arithmetic-exact="ordered-float-arithmetic=true" | FileCheck %s --check-prefix=ORDERED
// RUN: triton-spirv-opt %s --split-input-file --spirv-keep-arithmetic-exact="contract-products=false" | FileCheck %s --check-prefix=NOFUSION
// RUN: triton-spirv-opt %s --split-input-file --spirv-keep-arithmetic-exact | FileCheck %s --check-prefix=DEFAULT
// RUN: triton-spirv-opt %s --split-input-file --spirv-keep-arithmetic-exact="wrap-narrow-integers=true" | FileCheck %s --check-prefix=WRAP
// RUN: triton-spirv-opt %s --split-input-file --spirv-keep-arithmetic-exact="split-wide-truncations=true" | FileCheck %s --check-prefix=SPLIT

// An add chain keeps its order (NVIDIA computed (a + b) + b as a + 2b); a
// product with one add user, and that add, may still become one fma. f64
// arithmetic is exact whatever the options (drivers merged two-part
// constants).
spirv.module PhysicalStorageBuffer64 GLSL450 {
  // ORDERED-LABEL: spirv.func @add_chain
  // NOFUSION-LABEL: spirv.func @add_chain
  // DEFAULT-LABEL: spirv.func @add_chain
  spirv.func @add_chain(%a: f32, %b: f32, %c: vector<4xf16>, %d: f64) -> f32 "None" {
    // ORDERED: %[[AB:.*]] = spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f32
    // ORDERED: spirv.FAdd %[[AB]], %{{.*}} {no_contraction} : f32
    // NOFUSION: spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f32
    // DEFAULT: spirv.FAdd %{{.*}}, %{{.*}} : f32
    // DEFAULT-NOT: no_contraction
    %ab = spirv.FAdd %a, %b : f32
    %abb = spirv.FAdd %ab, %b : f32
    // ORDERED: %[[P:.*]] = spirv.FMul %{{.*}}, %{{.*}} : f32
    // ORDERED: spirv.FAdd %[[P]], %{{.*}} : f32
    // NOFUSION: spirv.FMul %{{.*}}, %{{.*}} {no_contraction} : f32
    // NOFUSION: spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f32
    %p = spirv.FMul %a, %b : f32
    %fma = spirv.FAdd %p, %abb : f32
    // A product used twice is rounded, as LLVM keeps it.
    // ORDERED: %[[Q:.*]] = spirv.FMul %{{.*}}, %{{.*}} {no_contraction} : f32
    // ORDERED: spirv.FSub %[[Q]], %{{.*}} {no_contraction} : f32
    %q = spirv.FMul %fma, %b : f32
    %s = spirv.FSub %q, %q : f32
    // ORDERED: spirv.FMul %{{.*}}, %{{.*}} {no_contraction} : vector<4xf16>
    %h = spirv.FMul %c, %c : vector<4xf16>
    %h2 = spirv.FMul %h, %c : vector<4xf16>
    // ORDERED: spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f64
    // DEFAULT: spirv.FAdd %{{.*}}, %{{.*}} {no_contraction} : f64
    %e = spirv.FAdd %d, %d : f64
    spirv.ReturnValue %s : f32
  }
}

// -----

// Narrow arithmetic that can overflow runs in 32 bits, wrapped there; a
// chain stays wide, and its narrow results are truncations of wrapped
// values (NVIDIA compared a 16-bit -(x << 15) of -32768 as +32768).
spirv.module PhysicalStorageBuffer64 GLSL450 {
  // WRAP-LABEL: spirv.func @narrow_overflow
  spirv.func @narrow_overflow(%x: i16, %s: i16, %v: vector<4xi8>, %w: i32) -> i1 "None" {
    // WRAP: %[[X:.*]] = spirv.SConvert %{{.*}} : i16 to i32
    // WRAP: %[[S:.*]] = spirv.UConvert %{{.*}} : i16 to i32
    // WRAP: %[[SHL:.*]] = spirv.ShiftLeftLogical %[[X]], %[[S]] : i32, i32
    // WRAP: %[[C16:.*]] = spirv.Constant 16 : i32
    // WRAP: %[[UP:.*]] = spirv.ShiftLeftLogical %[[SHL]], %[[C16]] : i32, i32
    // WRAP: %[[WRAPPED:.*]] = spirv.ShiftRightArithmetic %[[UP]], %[[C16]] : i32, i32
    // WRAP: %[[NARROW:.*]] = spirv.SConvert %[[WRAPPED]] : i32 to i16
    %shl = spirv.ShiftLeftLogical %x, %s : i16, i16
    // WRAP: %[[NEG:.*]] = spirv.SNegate %[[WRAPPED]] : i32
    // WRAP: spirv.ShiftLeftLogical %[[NEG]]
    // WRAP: %[[NEGW:.*]] = spirv.ShiftRightArithmetic
    // WRAP: %[[NEG16:.*]] = spirv.SConvert %[[NEGW]] : i32 to i16
    %neg = spirv.SNegate %shl : i16
    // WRAP: spirv.SGreaterThan %[[NEG16]], %{{.*}} : i16
    %c15 = spirv.Constant 15 : i16
    %gt = spirv.SGreaterThan %neg, %c15 : i16
    // WRAP: %[[V:.*]] = spirv.SConvert %{{.*}} : vector<4xi8> to vector<4xi32>
    // WRAP: %[[SUM:.*]] = spirv.IAdd %[[V]], %[[V]] : vector<4xi32>
    // WRAP: %[[C24:.*]] = spirv.Constant dense<24> : vector<4xi32>
    // WRAP: spirv.ShiftLeftLogical %[[SUM]], %[[C24]] : vector<4xi32>, vector<4xi32>
    // WRAP: spirv.SConvert %{{.*}} : vector<4xi32> to vector<4xi8>
    %sum = spirv.IAdd %v, %v : vector<4xi8>
    // 32-bit arithmetic is left alone.
    // WRAP: spirv.IMul %{{.*}}, %{{.*}} : i32
    // WRAP-NOT: spirv.ShiftRightArithmetic
    %m = spirv.IMul %w, %w : i32
    spirv.ReturnValue %gt : i1
  }
}

// -----

// A float converted to a 64-bit integer and truncated keeps its low word,
// computed without the 64-bit conversion (NVIDIA saturated f32 -> u64 -> i32
// as one conversion, also through a bitcast of the 64-bit value): the
// magnitude's remainder modulo 2^32, negated for a negative signed source.
// f16 fits in 32 bits; other truncations are left alone.
spirv.module PhysicalStorageBuffer64 GLSL450 {
  // SPLIT-LABEL: spirv.func @wide_truncation
  spirv.func @wide_truncation(%f: f32, %g: vector<2xf32>, %h: f16, %n: i64) -> i32 "None" {
    // SPLIT-NOT: spirv.ConvertFToU %{{.*}} : f32 to i64
    // SPLIT: %[[T:.*]] = spirv.GL.Floor %{{.*}} : f32
    // SPLIT: %[[SCALED:.*]] = spirv.FMul %[[T]], %{{.*}} {no_contraction} : f32
    // SPLIT: %[[HIGH:.*]] = spirv.GL.Floor %[[SCALED]] : f32
    // SPLIT: %[[BACK:.*]] = spirv.FMul %[[HIGH]], %{{.*}} {no_contraction} : f32
    // SPLIT: %[[REM:.*]] = spirv.FSub %[[T]], %[[BACK]] {no_contraction} : f32
    // SPLIT: %[[LOW:.*]] = spirv.ConvertFToU %[[REM]] : f32 to i32
    // SPLIT: spirv.IAdd %[[LOW]], %[[LOW]] : i32
    %u = spirv.ConvertFToU %f : f32 to i64
    %t = spirv.SConvert %u : i64 to i32
    %r = spirv.IAdd %t, %t : i32
    // SPLIT: %[[ABS:.*]] = spirv.GL.FAbs %[[G:.*]] : vector<2xf32>
    // SPLIT: %[[MAG:.*]] = spirv.GL.Floor %[[ABS]] : vector<2xf32>
    // SPLIT: spirv.FMul %[[MAG]]
    // SPLIT: %[[VLOW:.*]] = spirv.ConvertFToU %{{.*}} : vector<2xf32> to vector<2xi32>
    // SPLIT: %[[NEG:.*]] = spirv.FOrdLessThan %[[G]], %{{.*}} : vector<2xf32>
    // SPLIT: %[[MINUS:.*]] = spirv.SNegate %[[VLOW]] : vector<2xi32>
    // SPLIT: %[[SIGNED:.*]] = spirv.Select %[[NEG]], %[[MINUS]], %[[VLOW]] : vector<2xi1>, vector<2xi32>
    // SPLIT: spirv.UConvert %[[SIGNED]] : vector<2xi32> to vector<2xi16>
    %s = spirv.ConvertFToS %g : vector<2xf32> to vector<2xi64>
    %w = spirv.UConvert %s : vector<2xi64> to vector<2xi16>
    // SPLIT: %[[HALF:.*]] = spirv.ConvertFToS %{{.*}} : f16 to i32
    // SPLIT: spirv.SConvert %[[HALF]] : i32 to i8
    %hs = spirv.ConvertFToS %h : f16 to i64
    %hb = spirv.SConvert %hs : i64 to i8
    // The 64-bit value has another user: it stays.
    // SPLIT: spirv.ConvertFToS %{{.*}} : f32 to i64
    %kept = spirv.ConvertFToS %f : f32 to i64
    %kt = spirv.SConvert %kept : i64 to i32
    %ksum = spirv.IAdd %kept, %kept : i64
    // SPLIT: spirv.SConvert %{{.*}} : i64 to i32
    %plain = spirv.SConvert %n : i64 to i32
    spirv.ReturnValue %r : i32
  }
}
