// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=nvidia num-warps=8 output=%t.nvidia.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.nvidia.spv
// RUN: triton-spirv-opt %s --convert-triton-to-spirv="profile=lavapipe num-warps=8 output=%t.spv" -o /dev/null
// RUN: spirv-val --target-env vulkan1.2 %t.spv
//
// An scf.if yielding one of two tensors that live in workgroup buffers
// bufferizes to a select of the two buffers: an OpSelect of Workgroup
// pointers, which SPIR-V allows only with VariablePointers. Without the
// capability the binary failed spirv-val and NVIDIA's driver crashed creating
// the pipeline (lavapipe ran it). With the capability it ran, but NVIDIA's
// driver read the wrong buffer through such pointers (fuzzer programs 6301322
// and 6301412): spirv-resolve-workgroup-pointer-selects now reads both
// buffers' elements and selects the value, so neither the pointer select nor
// VariablePointers remains. The kernel is fuzzer program 6101084
// (`fuzz.py --only 6101084 --device spirv` on the H100), printed without
// locations.

// CHECK-NOT: requires #spirv.vce<{{[^]]*}}VariablePointers
// CHECK: spirv.func @kernel
// CHECK-NOT: spirv.Select %{{.*}} : i1, !spirv.ptr<{{.*}}Workgroup>
// CHECK: spirv.Select %{{.*}} : i1, f32
// CHECK-NOT: spirv.Select %{{.*}} : i1, !spirv.ptr<{{.*}}Workgroup>
// CHECK: spirv.EntryPoint

module {
  tt.func public @kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %arg4: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg5: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg6: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg7: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg8: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg9: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg10: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg11: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg12: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg13: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg14: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg15: i32 {tt.divisibility = 16 : i32}, %arg16: i32, %arg17: i32 {tt.divisibility = 16 : i32}, %arg18: i32 {tt.divisibility = 16 : i32}, %arg19: i32, %arg20: i32, %arg21: i32 {tt.divisibility = 16 : i32}, %arg22: i32 {tt.divisibility = 16 : i32}, %arg23: i32 {tt.divisibility = 16 : i32}, %arg24: i32 {tt.divisibility = 16 : i32}, %arg25: i32 {tt.divisibility = 16 : i32}, %arg26: i32 {tt.divisibility = 16 : i32}, %arg27: i32, %arg28: i32, %arg29: i32, %arg30: i32, %arg31: i32, %arg32: i32, %arg33: i32 {tt.divisibility = 16 : i32}, %arg34: i32 {tt.divisibility = 16 : i32}, %arg35: i32, %arg36: i32, %arg37: i32, %arg38: i32, %arg39: i32 {tt.divisibility = 16 : i32}, %arg40: i32 {tt.divisibility = 16 : i32}, %arg41: i32, %arg42: i32 {tt.divisibility = 16 : i32}, %arg43: i32 {tt.divisibility = 16 : i32}, %arg44: i32 {tt.divisibility = 16 : i32}, %arg45: i32 {tt.divisibility = 16 : i32}, %arg46: i32 {tt.divisibility = 16 : i32}, %arg47: i32 {tt.divisibility = 16 : i32}, %arg48: i32 {tt.divisibility = 16 : i32}, %arg49: i32, %arg50: i32, %arg51: i32 {tt.divisibility = 16 : i32}, %arg52: i32 {tt.divisibility = 16 : i32}, %arg53: i32 {tt.divisibility = 16 : i32}, %arg54: i32 {tt.divisibility = 16 : i32}, %arg55: i32 {tt.divisibility = 16 : i32}, %arg56: i32 {tt.divisibility = 16 : i32}, %arg57: i32, %arg58: i32, %arg59: i32 {tt.divisibility = 16 : i32}, %arg60: i32 {tt.divisibility = 16 : i32}, %arg61: i32 {tt.divisibility = 16 : i32}, %arg62: i32 {tt.divisibility = 16 : i32}, %arg63: i32 {tt.divisibility = 16 : i32}, %arg64: i32 {tt.divisibility = 16 : i32}, %arg65: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c3_i32 = arith.constant 3 : i32
    %c2_i32 = arith.constant 2 : i32
    %cst = arith.constant dense<1.000000e+00> : tensor<2x32x32xbf16>
    %c2048_i32 = arith.constant 2048 : i32
    %cst_0 = arith.constant dense<1> : tensor<2x1x1xi32>
    %cst_1 = arith.constant dense<1> : tensor<2x32x32xi32>
    %cst_2 = arith.constant dense<2.14748352E+9> : tensor<2x32x32xf32>
    %cst_3 = arith.constant dense<-2.14748365E+9> : tensor<2x32x32xf32>
    %c1_i32 = arith.constant 1 : i32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<2x32x32xf32>
    %cst_5 = arith.constant dense<3.000000e+00> : tensor<2x32x32xf32>
    %c0_i32 = arith.constant 0 : i32
    %cst_6 = arith.constant dense<1.000000e+00> : tensor<2x32x32xf32>
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %1 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %3 = tt.splat %arg15 : i32 -> tensor<32x1xi32>
    %4 = arith.muli %2, %3 : tensor<32x1xi32>
    %5 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %6 = tt.splat %arg16 : i32 -> tensor<1x32xi32>
    %7 = arith.muli %5, %6 : tensor<1x32xi32>
    %8 = tt.broadcast %4 : tensor<32x1xi32> -> tensor<32x32xi32>
    %9 = tt.broadcast %7 : tensor<1x32xi32> -> tensor<32x32xi32>
    %10 = arith.addi %8, %9 : tensor<32x32xi32>
    %11 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
    %12 = tt.addptr %11, %10 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    %13 = tt.load %12 : tensor<32x32x!tt.ptr<f32>>
    %14 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %15 = tt.addptr %14, %1 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    %16 = tt.load %15 : tensor<32x!tt.ptr<f32>>
    %17 = tt.expand_dims %5 {axis = 1 : i32} : tensor<1x32xi32> -> tensor<1x1x32xi32>
    %18 = tt.splat %arg20 : i32 -> tensor<1x1x32xi32>
    %19 = arith.cmpi slt, %17, %18 : tensor<1x1x32xi32>
    %20 = arith.muli %0, %arg21 : i32
    %21 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
    %22 = tt.expand_dims %21 {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %23 = tt.expand_dims %22 {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
    %24 = tt.splat %arg17 : i32 -> tensor<2x1x1xi32>
    %25 = arith.muli %23, %24 : tensor<2x1x1xi32>
    %26 = tt.splat %20 : i32 -> tensor<2x1x1xi32>
    %27 = arith.addi %26, %25 : tensor<2x1x1xi32>
    %28 = tt.expand_dims %5 {axis = 2 : i32} : tensor<1x32xi32> -> tensor<1x32x1xi32>
    %29 = tt.splat %arg18 : i32 -> tensor<1x32x1xi32>
    %30 = arith.muli %28, %29 : tensor<1x32x1xi32>
    %31 = tt.broadcast %27 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
    %32 = tt.broadcast %30 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
    %33 = arith.addi %31, %32 : tensor<2x32x1xi32>
    %34 = tt.splat %arg19 : i32 -> tensor<1x1x32xi32>
    %35 = arith.muli %17, %34 : tensor<1x1x32xi32>
    %36 = tt.broadcast %33 : tensor<2x32x1xi32> -> tensor<2x32x32xi32>
    %37 = tt.broadcast %35 : tensor<1x1x32xi32> -> tensor<2x32x32xi32>
    %38 = arith.addi %36, %37 : tensor<2x32x32xi32>
    %39 = tt.splat %arg2 : !tt.ptr<bf16> -> tensor<2x32x32x!tt.ptr<bf16>>
    %40 = tt.addptr %39, %38 : tensor<2x32x32x!tt.ptr<bf16>>, tensor<2x32x32xi32>
    %41 = tt.broadcast %19 : tensor<1x1x32xi1> -> tensor<2x32x32xi1>
    %42 = tt.load %40, %41, %cst : tensor<2x32x32x!tt.ptr<bf16>>
    %43 = arith.muli %0, %arg24 : i32
    %44 = tt.splat %arg22 : i32 -> tensor<2x1x1xi32>
    %45 = arith.muli %23, %44 : tensor<2x1x1xi32>
    %46 = tt.splat %43 : i32 -> tensor<2x1x1xi32>
    %47 = arith.addi %46, %45 : tensor<2x1x1xi32>
    %48 = tt.splat %arg23 : i32 -> tensor<1x32x1xi32>
    %49 = arith.muli %28, %48 : tensor<1x32x1xi32>
    %50 = tt.broadcast %47 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
    %51 = tt.broadcast %49 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
    %52 = arith.addi %50, %51 : tensor<2x32x1xi32>
    %53 = tt.splat %arg3 : !tt.ptr<bf16> -> tensor<2x32x1x!tt.ptr<bf16>>
    %54 = tt.addptr %53, %52 : tensor<2x32x1x!tt.ptr<bf16>>, tensor<2x32x1xi32>
    %55 = tt.broadcast %54 : tensor<2x32x1x!tt.ptr<bf16>> -> tensor<2x32x32x!tt.ptr<bf16>>
    %56 = tt.load %55 : tensor<2x32x32x!tt.ptr<bf16>>
    %57 = tt.splat %arg25 : i32 -> tensor<2x1x1xi32>
    %58 = arith.muli %23, %57 : tensor<2x1x1xi32>
    %59 = tt.splat %arg26 : i32 -> tensor<1x32x1xi32>
    %60 = arith.muli %28, %59 : tensor<1x32x1xi32>
    %61 = tt.broadcast %58 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
    %62 = tt.broadcast %60 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
    %63 = arith.addi %61, %62 : tensor<2x32x1xi32>
    %64 = tt.broadcast %63 : tensor<2x32x1xi32> -> tensor<2x32x32xi32>
    %65 = tt.broadcast %17 : tensor<1x1x32xi32> -> tensor<2x32x32xi32>
    %66 = arith.addi %64, %65 : tensor<2x32x32xi32>
    %67 = tt.splat %arg4 : !tt.ptr<f32> -> tensor<2x32x32x!tt.ptr<f32>>
    %68 = tt.addptr %67, %66 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
    %69 = tt.load %68 : tensor<2x32x32x!tt.ptr<f32>>
    %70 = tt.dot %42, %56, %69, inputPrecision = tf32 : tensor<2x32x32xbf16> * tensor<2x32x32xbf16> -> tensor<2x32x32xf32>
    %71 = arith.mulf %70, %cst_5 : tensor<2x32x32xf32>
    %72 = arith.maxnumf %71, %cst_4 : tensor<2x32x32xf32>
    %73 = arith.cmpi eq, %0, %c1_i32 : i32
    cf.cond_br %73, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    tt.return
  ^bb2:  // pred: ^bb0
    %74 = arith.extf %42 : tensor<2x32x32xbf16> to tensor<2x32x32xf32>
    %75 = "tt.scan"(%74) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%arg66: f32, %arg67: f32):
      %200 = arith.addf %arg66, %arg67 : f32
      tt.scan.return %200 : f32
    }) : (tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
    %76 = arith.cmpf une, %70, %72 : tensor<2x32x32xf32>
    %77 = arith.select %76, %71, %cst_4 : tensor<2x32x32xi1>, tensor<2x32x32xf32>
    %78 = arith.subf %77, %77 : tensor<2x32x32xf32>
    %79 = arith.muli %0, %arg30 : i32
    %80 = tt.splat %arg28 : i32 -> tensor<2x1x1xi32>
    %81 = arith.muli %23, %80 : tensor<2x1x1xi32>
    %82 = tt.splat %79 : i32 -> tensor<2x1x1xi32>
    %83 = arith.addi %82, %81 : tensor<2x1x1xi32>
    %84 = tt.splat %arg29 : i32 -> tensor<1x32x1xi32>
    %85 = arith.muli %28, %84 : tensor<1x32x1xi32>
    %86 = tt.broadcast %83 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
    %87 = tt.broadcast %85 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
    %88 = arith.addi %86, %87 : tensor<2x32x1xi32>
    %89 = tt.broadcast %88 : tensor<2x32x1xi32> -> tensor<2x32x32xi32>
    %90 = arith.addi %89, %65 : tensor<2x32x32xi32>
    %91 = tt.splat %arg5 : !tt.ptr<f32> -> tensor<2x32x32x!tt.ptr<f32>>
    %92 = tt.addptr %91, %90 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
    %93:2 = scf.for %arg66 = %c0_i32 to %c2_i32 step %c1_i32 iter_args(%arg67 = %71, %arg68 = %92) -> (tensor<2x32x32xf32>, tensor<2x32x32x!tt.ptr<f32>>)  : i32 {
      %200 = arith.maxnumf %71, %cst_3 : tensor<2x32x32xf32>
      %201 = arith.minnumf %200, %cst_2 : tensor<2x32x32xf32>
      %202 = arith.fptosi %201 : tensor<2x32x32xf32> to tensor<2x32x32xi32>
      %203 = arith.sitofp %202 : tensor<2x32x32xi32> to tensor<2x32x32xf32>
      %204 = arith.addf %arg67, %203 : tensor<2x32x32xf32>
      %205 = tt.addptr %arg68, %cst_1 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
      scf.yield %204, %205 : tensor<2x32x32xf32>, tensor<2x32x32x!tt.ptr<f32>>
    }
    %94 = tt.splat %arg33 : i32 -> tensor<2x1x1xi32>
    %95 = arith.muli %23, %94 : tensor<2x1x1xi32>
    %96 = tt.splat %0 : i32 -> tensor<2x1x1xi32>
    %97 = arith.addi %96, %95 : tensor<2x1x1xi32>
    %98 = tt.splat %arg34 : i32 -> tensor<1x32x1xi32>
    %99 = arith.muli %28, %98 : tensor<1x32x1xi32>
    %100 = tt.broadcast %97 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
    %101 = tt.broadcast %99 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
    %102 = arith.addi %100, %101 : tensor<2x32x1xi32>
    %103 = tt.broadcast %102 : tensor<2x32x1xi32> -> tensor<2x32x32xi32>
    %104 = arith.addi %103, %65 : tensor<2x32x32xi32>
    %105 = tt.splat %arg6 : !tt.ptr<f32> -> tensor<2x32x32x!tt.ptr<f32>>
    %106 = tt.addptr %105, %104 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
    %107:2 = scf.for %arg66 = %c0_i32 to %c3_i32 step %c1_i32 iter_args(%arg67 = %93#0, %arg68 = %106) -> (tensor<2x32x32xf32>, tensor<2x32x32x!tt.ptr<f32>>)  : i32 {
      %200 = arith.minnumf %arg67, %78 : tensor<2x32x32xf32>
      %201 = tt.addptr %arg68, %cst_1 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
      scf.yield %200, %201 : tensor<2x32x32xf32>, tensor<2x32x32x!tt.ptr<f32>>
    }
    %108 = arith.cmpi sgt, %arg38, %c0_i32 : i32
    %109 = scf.if %108 -> (tensor<2x32x32xf32>) {
      %200 = scf.for %arg66 = %c0_i32 to %c3_i32 step %c1_i32 iter_args(%arg67 = %93#0) -> (tensor<2x32x32xf32>)  : i32 {
        %201 = arith.maxnumf %arg67, %cst_5 : tensor<2x32x32xf32>
        %202 = arith.cmpi slt, %23, %cst_0 : tensor<2x1x1xi32>
        %203 = tt.splat %arg44 : i32 -> tensor<1x1x32xi32>
        %204 = arith.cmpi slt, %17, %203 : tensor<1x1x32xi32>
        %205 = tt.broadcast %202 : tensor<2x1x1xi1> -> tensor<2x1x32xi1>
        %206 = tt.broadcast %204 : tensor<1x1x32xi1> -> tensor<2x1x32xi1>
        %207 = arith.andi %205, %206 : tensor<2x1x32xi1>
        %208 = arith.muli %0, %arg46 : i32
        %209 = arith.muli %arg66, %c2048_i32 : i32
        %210 = arith.addi %208, %209 : i32
        %211 = tt.splat %arg42 : i32 -> tensor<2x1x1xi32>
        %212 = arith.muli %23, %211 : tensor<2x1x1xi32>
        %213 = tt.splat %210 : i32 -> tensor<2x1x1xi32>
        %214 = arith.addi %213, %212 : tensor<2x1x1xi32>
        %215 = tt.splat %arg43 : i32 -> tensor<1x32x1xi32>
        %216 = arith.muli %28, %215 : tensor<1x32x1xi32>
        %217 = tt.broadcast %214 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
        %218 = tt.broadcast %216 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
        %219 = arith.addi %217, %218 : tensor<2x32x1xi32>
        %220 = tt.broadcast %219 : tensor<2x32x1xi32> -> tensor<2x32x32xi32>
        %221 = arith.addi %220, %65 : tensor<2x32x32xi32>
        %222 = tt.splat %arg8 : !tt.ptr<f32> -> tensor<2x32x32x!tt.ptr<f32>>
        %223 = tt.addptr %222, %221 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
        %224 = tt.broadcast %207 : tensor<2x1x32xi1> -> tensor<2x32x32xi1>
        tt.store %223, %201, %224 : tensor<2x32x32x!tt.ptr<f32>>
        scf.yield %201 : tensor<2x32x32xf32>
      }
      scf.yield %200 : tensor<2x32x32xf32>
    } else {
      scf.yield %78 : tensor<2x32x32xf32>
    }
    %110 = arith.extf %56 : tensor<2x32x32xbf16> to tensor<2x32x32xf32>
    %111 = math.absf %110 : tensor<2x32x32xf32>
    %112 = arith.addf %111, %cst_6 : tensor<2x32x32xf32>
    %113 = math.rsqrt %112 : tensor<2x32x32xf32>
    %114 = tt.splat %arg49 : i32 -> tensor<2x1x1xi32>
    %115 = arith.cmpi slt, %23, %114 : tensor<2x1x1xi32>
    %116 = tt.broadcast %115 : tensor<2x1x1xi1> -> tensor<2x32x32xi1>
    %117 = arith.andi %76, %116 : tensor<2x32x32xi1>
    %118 = tt.splat %arg50 : i32 -> tensor<1x1x32xi32>
    %119 = arith.cmpi slt, %17, %118 : tensor<1x1x32xi32>
    %120 = tt.broadcast %119 : tensor<1x1x32xi1> -> tensor<2x32x32xi1>
    %121 = arith.andi %117, %120 : tensor<2x32x32xi1>
    %122 = arith.muli %0, %arg51 : i32
    %123 = tt.splat %arg47 : i32 -> tensor<2x1x1xi32>
    %124 = arith.muli %23, %123 : tensor<2x1x1xi32>
    %125 = tt.splat %122 : i32 -> tensor<2x1x1xi32>
    %126 = arith.addi %125, %124 : tensor<2x1x1xi32>
    %127 = tt.splat %arg48 : i32 -> tensor<1x32x1xi32>
    %128 = arith.muli %28, %127 : tensor<1x32x1xi32>
    %129 = tt.broadcast %126 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
    %130 = tt.broadcast %128 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
    %131 = arith.addi %129, %130 : tensor<2x32x1xi32>
    %132 = tt.broadcast %131 : tensor<2x32x1xi32> -> tensor<2x32x32xi32>
    %133 = arith.addi %132, %65 : tensor<2x32x32xi32>
    %134 = tt.splat %arg9 : !tt.ptr<f32> -> tensor<2x32x32x!tt.ptr<f32>>
    %135 = tt.addptr %134, %133 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
    tt.store %135, %107#0, %121 : tensor<2x32x32x!tt.ptr<f32>>
    %136 = arith.muli %0, %arg54 : i32
    %137 = tt.splat %arg52 : i32 -> tensor<2x1x1xi32>
    %138 = arith.muli %23, %137 : tensor<2x1x1xi32>
    %139 = tt.splat %136 : i32 -> tensor<2x1x1xi32>
    %140 = arith.addi %139, %138 : tensor<2x1x1xi32>
    %141 = tt.splat %arg53 : i32 -> tensor<1x32x1xi32>
    %142 = arith.muli %28, %141 : tensor<1x32x1xi32>
    %143 = tt.broadcast %140 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
    %144 = tt.broadcast %142 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
    %145 = arith.addi %143, %144 : tensor<2x32x1xi32>
    %146 = tt.broadcast %145 : tensor<2x32x1xi32> -> tensor<2x32x32xi32>
    %147 = arith.addi %146, %65 : tensor<2x32x32xi32>
    %148 = tt.splat %arg10 : !tt.ptr<f32> -> tensor<2x32x32x!tt.ptr<f32>>
    %149 = tt.addptr %148, %147 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
    tt.store %149, %113 : tensor<2x32x32x!tt.ptr<f32>>
    %150 = arith.muli %0, %arg55 : i32
    %151 = tt.splat %150 : i32 -> tensor<32xi32>
    %152 = arith.addi %151, %1 : tensor<32xi32>
    %153 = tt.splat %arg11 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %154 = tt.addptr %153, %152 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    tt.store %154, %16 : tensor<32x!tt.ptr<f32>>
    %155 = tt.splat %arg57 : i32 -> tensor<32x1xi32>
    %156 = arith.cmpi slt, %2, %155 : tensor<32x1xi32>
    %157 = tt.splat %arg58 : i32 -> tensor<1x32xi32>
    %158 = arith.cmpi slt, %5, %157 : tensor<1x32xi32>
    %159 = tt.broadcast %156 : tensor<32x1xi1> -> tensor<32x32xi1>
    %160 = tt.broadcast %158 : tensor<1x32xi1> -> tensor<32x32xi1>
    %161 = arith.andi %159, %160 : tensor<32x32xi1>
    %162 = arith.muli %0, %arg59 : i32
    %163 = tt.splat %162 : i32 -> tensor<32x1xi32>
    %164 = arith.addi %163, %2 : tensor<32x1xi32>
    %165 = tt.splat %arg56 : i32 -> tensor<1x32xi32>
    %166 = arith.muli %5, %165 : tensor<1x32xi32>
    %167 = tt.broadcast %164 : tensor<32x1xi32> -> tensor<32x32xi32>
    %168 = tt.broadcast %166 : tensor<1x32xi32> -> tensor<32x32xi32>
    %169 = arith.addi %167, %168 : tensor<32x32xi32>
    %170 = tt.splat %arg12 : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
    %171 = tt.addptr %170, %169 : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
    tt.store %171, %13, %161 : tensor<32x32x!tt.ptr<f32>>
    %172 = arith.muli %0, %arg62 : i32
    %173 = tt.splat %arg60 : i32 -> tensor<2x1x1xi32>
    %174 = arith.muli %23, %173 : tensor<2x1x1xi32>
    %175 = tt.splat %172 : i32 -> tensor<2x1x1xi32>
    %176 = arith.addi %175, %174 : tensor<2x1x1xi32>
    %177 = tt.splat %arg61 : i32 -> tensor<1x32x1xi32>
    %178 = arith.muli %28, %177 : tensor<1x32x1xi32>
    %179 = tt.broadcast %176 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
    %180 = tt.broadcast %178 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
    %181 = arith.addi %179, %180 : tensor<2x32x1xi32>
    %182 = tt.broadcast %181 : tensor<2x32x1xi32> -> tensor<2x32x32xi32>
    %183 = arith.addi %182, %65 : tensor<2x32x32xi32>
    %184 = tt.splat %arg13 : !tt.ptr<f32> -> tensor<2x32x32x!tt.ptr<f32>>
    %185 = tt.addptr %184, %183 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
    tt.store %185, %109 : tensor<2x32x32x!tt.ptr<f32>>
    %186 = arith.muli %0, %arg65 : i32
    %187 = tt.splat %arg63 : i32 -> tensor<2x1x1xi32>
    %188 = arith.muli %23, %187 : tensor<2x1x1xi32>
    %189 = tt.splat %186 : i32 -> tensor<2x1x1xi32>
    %190 = arith.addi %189, %188 : tensor<2x1x1xi32>
    %191 = tt.splat %arg64 : i32 -> tensor<1x32x1xi32>
    %192 = arith.muli %28, %191 : tensor<1x32x1xi32>
    %193 = tt.broadcast %190 : tensor<2x1x1xi32> -> tensor<2x32x1xi32>
    %194 = tt.broadcast %192 : tensor<1x32x1xi32> -> tensor<2x32x1xi32>
    %195 = arith.addi %193, %194 : tensor<2x32x1xi32>
    %196 = tt.broadcast %195 : tensor<2x32x1xi32> -> tensor<2x32x32xi32>
    %197 = arith.addi %196, %65 : tensor<2x32x32xi32>
    %198 = tt.splat %arg14 : !tt.ptr<f32> -> tensor<2x32x32x!tt.ptr<f32>>
    %199 = tt.addptr %198, %197 : tensor<2x32x32x!tt.ptr<f32>>, tensor<2x32x32xi32>
    tt.store %199, %75 : tensor<2x32x32x!tt.ptr<f32>>
    tt.return
  }
}

