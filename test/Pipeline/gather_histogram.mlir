// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/gather_histogram.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel gather_histogram: gathers along both axes of a 16x32 block
// and histograms (with and without a mask) of 512 values into 64 bins.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_gather_histogram : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i64 [24], i32 [32])>, PushConstant>
// CHECK:         spirv.func @gather_histogram() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 36 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @gather_histogram, @__triton_spirv_args_gather_histogram
// CHECK-NEXT:    spirv.ExecutionMode @gather_histogram "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %gather_histogram "gather_histogram" %__triton_spirv_args_gather_histogram
// BIN-NEXT:    OpExecutionMode %gather_histogram LocalSize 32 1 1
