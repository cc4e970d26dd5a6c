// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/softmax_rows.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel softmax_rows: row softmax. The 1024-element row stays in
// invocation-private memory (32 elements per invocation, the same ones the
// loads, both reductions and the stores touch); workgroup memory only holds
// one partial per subgroup for each reduction, and every invocation folds
// the partials into its own copy of the reduced value.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_softmax_rows : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i32 [16], i32 [20], i32 [24])>, PushConstant>
// CHECK-NOT:     !spirv.array<1024 x f32>
// CHECK-NOT:     !spirv.array<1 x f32>)>, Workgroup>
// CHECK-COUNT-2: spirv.GlobalVariable @{{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<32 x f32>)>, Workgroup>
// CHECK-NOT:     !spirv.array<1 x f32>)>, Workgroup>
// CHECK:         spirv.func @softmax_rows() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 28 : i64
// CHECK:           spirv.Variable : !spirv.ptr<!spirv.struct<(!spirv.array<32 x f32>)>, Function>
// One barrier per reduction, after the subgroup partials (the lavapipe
// profile keeps no others); exp lowers to GL.Exp.
// CHECK-NOT:     spirv.ControlBarrier
// The row max is a subgroup operation, then one partial per subgroup; each
// invocation reads the four partials.
// CHECK:         spirv.GroupNonUniformFMax <Subgroup> <Reduce>
// The barriers carry no memory semantics and the partials' accesses are
// Volatile (spirv-execution-only-barriers: llvmpipe runs a workgroup on one
// thread).
// CHECK:         spirv.Store "Workgroup" %{{.*}}, %{{.*}} ["Volatile"]
// CHECK:         spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// CHECK-COUNT-4: spirv.Load "Workgroup" %{{.*}} ["Volatile"]
// CHECK-NOT:     spirv.ControlBarrier
// CHECK:         spirv.GL.Exp
// CHECK:         spirv.GroupNonUniformFAdd <Subgroup> <Reduce>
// CHECK:         spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// CHECK-COUNT-4: spirv.Load "Workgroup" %{{.*}} ["Volatile"]
// CHECK-NOT:     spirv.ControlBarrier
// CHECK:         spirv.FDiv
// CHECK:         spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Aligned", 4] : f32
// CHECK:         spirv.Return
// CHECK:         spirv.EntryPoint "GLCompute" @softmax_rows, @__triton_spirv_args_softmax_rows
// CHECK-NEXT:    spirv.ExecutionMode @softmax_rows "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %softmax_rows "softmax_rows" %__triton_spirv_args_softmax_rows
// BIN-NEXT:    OpExecutionMode %softmax_rows LocalSize 32 1 1
