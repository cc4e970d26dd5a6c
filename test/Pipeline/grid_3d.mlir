// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/grid_3d.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel grid_3d: program ids and grid sizes on all three axes.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_grid_3d : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8])>, PushConstant>
// Program ids and num_programs read the WorkgroupId / NumWorkgroups builtins.
// CHECK-DAG:     spirv.GlobalVariable @__builtin__NumWorkgroups__ built_in("NumWorkgroups")
// CHECK-DAG:     spirv.GlobalVariable @__builtin__WorkgroupId__ built_in("WorkgroupId")
// CHECK:         spirv.func @grid_3d() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 16 : i64
// CHECK:         spirv.EntryPoint "GLCompute" @grid_3d, @__triton_spirv_args_grid_3d
// CHECK-NEXT:    spirv.ExecutionMode @grid_3d "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %grid_3d "grid_3d" %__triton_spirv_args_grid_3d
// BIN-NEXT:    OpExecutionMode %grid_3d LocalSize 32 1 1
