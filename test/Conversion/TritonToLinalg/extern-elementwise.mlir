// RUN: triton-spirv-opt %s --split-input-file --triton-to-linalg | FileCheck %s
//
// tt.extern_elementwise calls of CUDA libdevice functions become the math or
// arith op computing the same function (inside a linalg.generic on tensors).
// `__nv_`, `fast_` and the single-precision `f` suffix are not part of the
// function: __nv_expf, __nv_fast_expf and __nv_exp are all math.exp.

// CHECK-LABEL: func.func private @libdevice_f32(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<16xf32>, %[[Y:[^:]*]]: tensor<16xf32>, %[[Z:[^:]*]]: tensor<16xf32>)
// CHECK:         linalg.generic {{.*}} ins(%[[X]] : tensor<16xf32>)
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[E:.*]] = math.exp %[[A]] : f32
// CHECK-NEXT:      linalg.yield %[[E]] : f32
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %[[Y]] : tensor<16xf32>, tensor<16xf32>)
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      math.powf %[[A]], %[[B]] : f32
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %[[Y]], %[[Z]] : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>)
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32, %[[C:[^:]*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      math.fma %[[A]], %[[B]], %[[C]] : f32
// CHECK:         math.exp
// CHECK:         arith.maxnumf
// isnan returns libdevice's int: 0 or 1.
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<16xi32>)
// CHECK-NEXT:    ^bb0(%[[A:[^:]*]]: f32, %{{.*}}: i32):
// CHECK-NEXT:      %[[NAN:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f32
// CHECK-NEXT:      %[[I:.*]] = arith.extui %[[NAN]] : i1 to i32
// CHECK-NEXT:      linalg.yield %[[I]] : i32
tt.func private @libdevice_f32(%x: tensor<16xf32>, %y: tensor<16xf32>, %z: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xi32>) {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<16xf32>) -> tensor<16xf32>
  %1 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %2 = tt.extern_elementwise %x, %y, %z {libname = "", libpath = "", pure = true, symbol = "__nv_fmaf"} : (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %3 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_fast_expf"} : (tensor<16xf32>) -> tensor<16xf32>
  %4 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_fmaxf"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %5 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_isnanf"} : (tensor<16xf32>) -> tensor<16xi32>
  tt.return %0, %1, %2, %3, %4, %5 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xi32>
}

// -----

// Scalars need no generic; f64 functions have no suffix (__nv_erf is erf).
// CHECK-LABEL: func.func private @libdevice_f64_scalar(
// CHECK-SAME:    %[[X:[^:]*]]: f64)
// CHECK-NEXT:    %[[A:.*]] = math.erf %[[X]] : f64
// CHECK-NEXT:    %[[B:.*]] = math.rsqrt %[[X]] : f64
// CHECK-NEXT:    %[[C:.*]] = math.roundeven %[[X]] : f64
// CHECK-NEXT:    %[[D:.*]] = math.absf %[[X]] : f64
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]]
tt.func private @libdevice_f64_scalar(%x: f64) -> (f64, f64, f64, f64) {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_erf"} : (f64) -> f64
  %1 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_rsqrt"} : (f64) -> f64
  %2 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_rint"} : (f64) -> f64
  %3 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_fabs"} : (f64) -> f64
  tt.return %0, %1, %2, %3 : f64, f64, f64, f64
}

// -----

// Integer functions keep their names; popcll counts an i64 into an i32.
// CHECK-LABEL: func.func private @libdevice_int(
// CHECK:         ^bb0(%[[A:[^:]*]]: i64, %{{.*}}: i32):
// CHECK-NEXT:      %[[P:.*]] = math.ctpop %[[A]] : i64
// CHECK-NEXT:      %[[T:.*]] = arith.trunci %[[P]] : i64 to i32
// CHECK-NEXT:      linalg.yield %[[T]] : i32
// CHECK:         ^bb0(%[[L:[^:]*]]: i32, %[[R:[^:]*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %{{.*}}, %[[HI:.*]] = arith.mului_extended %[[L]], %[[R]] : i32
// CHECK-NEXT:      linalg.yield %[[HI]] : i32
tt.func private @libdevice_int(%x: tensor<8xi64>, %y: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>) {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_popcll"} : (tensor<8xi64>) -> tensor<8xi32>
  %1 = tt.extern_elementwise %y, %y {libname = "", libpath = "", pure = true, symbol = "__nv_umulhi"} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  tt.return %0, %1 : tensor<8xi32>, tensor<8xi32>
}

// -----

// Conversions with an explicit rounding round first; bit reinterpretations
// are bitcasts; powif converts the exponent.
// CHECK-LABEL: func.func private @conversions(
// CHECK-SAME:    %[[X:[^:]*]]: f32, %[[N:[^:]*]]: i32)
// CHECK-NEXT:    %[[R:.*]] = math.roundeven %[[X]] : f32
// CHECK-NEXT:    %[[A:.*]] = arith.fptosi %[[R]] : f32 to i32
// CHECK-NEXT:    %[[B:.*]] = arith.fptoui %[[X]] : f32 to i32
// CHECK-NEXT:    %[[C:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT:    %[[D:.*]] = arith.bitcast %[[N]] : i32 to f32
// CHECK-NEXT:    %[[NF:.*]] = arith.sitofp %[[N]] : i32 to f32
// CHECK-NEXT:    %[[E:.*]] = math.powf %[[X]], %[[NF]] : f32
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
tt.func private @conversions(%x: f32, %n: i32) -> (i32, i32, i32, f32, f32) {
  %0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_float2int_rn"} : (f32) -> i32
  %1 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_float2uint_rz"} : (f32) -> i32
  %2 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_float_as_int"} : (f32) -> i32
  %3 = tt.extern_elementwise %n {libname = "", libpath = "", pure = true, symbol = "__nv_int_as_float"} : (i32) -> f32
  %4 = tt.extern_elementwise %x, %n {libname = "", libpath = "", pure = true, symbol = "__nv_powif"} : (f32, i32) -> f32
  tt.return %0, %1, %2, %3, %4 : i32, i32, i32, f32, f32
}

// -----

// The _rn functions are marked correctly rounded (exact-float-ops computes
// them exactly where the device's instruction is an approximation);
// __nv_fdividef, the fast division, is not. f32 arithmetic rounded toward
// zero, up or down is the f64 op narrowed in that direction, a sum marked
// round-to-odd first.
// CHECK-LABEL: func.func private @rounding_modes(
// CHECK-SAME:    %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32)
// CHECK:         %[[Q:.*]] = arith.divf %[[X]], %[[Y]] {triton_spirv.correctly_rounded} : f32
// CHECK:         %[[S:.*]] = math.sqrt %[[X]] {triton_spirv.correctly_rounded} : f32
// CHECK:         %[[F:.*]] = arith.divf %[[X]], %[[Y]] : f32
// CHECK:         %[[XD:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK:         %[[YD:.*]] = arith.extf %[[Y]] : f32 to f64
// CHECK:         %[[QD:.*]] = arith.divf %[[XD]], %[[YD]] : f64
// CHECK:         %[[QZ:.*]] = arith.truncf %[[QD]] toward_zero : f64 to f32
// CHECK:         %[[XD2:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK:         %[[YD2:.*]] = arith.extf %[[Y]] : f32 to f64
// CHECK:         %[[SD:.*]] = arith.addf %[[XD2]], %[[YD2]] {triton_spirv.round_to_odd} : f64
// CHECK:         %[[SU:.*]] = arith.truncf %[[SD]] upward : f64 to f32
// CHECK:         %[[XD3:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK:         %[[RD:.*]] = math.sqrt %[[XD3]] : f64
// CHECK:         %[[RDOWN:.*]] = arith.truncf %[[RD]] downward : f64 to f32
// CHECK:         return %[[Q]], %[[S]], %[[F]], %[[QZ]], %[[SU]], %[[RDOWN]]
tt.func private @rounding_modes(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32) {
  %0 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_fdiv_rn"} : (f32, f32) -> f32
  %1 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_fsqrt_rn"} : (f32) -> f32
  %2 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_fdividef"} : (f32, f32) -> f32
  %3 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_fdiv_rz"} : (f32, f32) -> f32
  %4 = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_fadd_ru"} : (f32, f32) -> f32
  %5 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_fsqrt_rd"} : (f32) -> f32
  tt.return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}
