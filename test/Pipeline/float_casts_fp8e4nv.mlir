// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/float_casts_fp8e4nv.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel float_casts_fp8e4nv: fp_to_fp/extf/truncf between f64, f32, f16, bf16 and
// fp8, with rtz and rtne rounding. fp8 memory is 8-bit integers and the
// conversions integer code (SPIR-V has no 8-bit floats); rtz truncations
// carry no FPRoundingMode decoration (Vulkan allows it only on 16-bit stores).

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @float_casts()
// CHECK:           spirv.GL.RoundEven
// CHECK:           spirv.SConvert %{{.*}} : i32 to i8
// CHECK-NOT:     f8E

// BIN:         OpCapability Int8
// BIN-NOT:     FPRoundingMode
