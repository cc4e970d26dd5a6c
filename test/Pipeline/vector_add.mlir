// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/vector_add.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/vector_add.nodebug.mlir --convert-triton-to-spirv="profile=nvidia output=%t.nv.spv" | FileCheck %s --check-prefix=NV
// RUN: spirv-val --target-env vulkan1.2 %t.nv.spv
//
// NVIDIA profile: runs of 4 become 16-byte accesses (the arguments are
// 16-byte aligned and every index term is a multiple of 4) when the whole
// vector is inside the mask, scalar ones at the ragged end.
// NV:       spirv.func @vector_add()
// NV:         spirv.Bitcast %{{.*}} : !spirv.ptr<f32, PhysicalStorageBuffer> to !spirv.ptr<vector<4xf32>, PhysicalStorageBuffer>
// NV:         spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 16] : vector<4xf32>
// NV:         spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 16] : vector<4xf32>
// NV:         spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 4] : f32
// NV:         spirv.FAdd %{{.*}}, %{{.*}} : vector<4xf32>
// NV:         spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Aligned", 16] : vector<4xf32>
//
// Corpus kernel vector_add: the canonical masked vector add.
// Full pipeline (lavapipe, num_warps = 4) to a SPIR-V binary that spirv-val
// accepts for Vulkan 1.2; the kernel's arguments are one push-constant block
// (scalar layout, pointers as 64-bit addresses) and the workgroup is
// 4 warps x 8 (lavapipe's subgroup size) = 32 invocations.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5,
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_vector_add : !spirv.ptr<!spirv.struct<(i64 [0], i64 [8], i64 [16], i32 [24])>, PushConstant>
// No workgroup memory, no LocalInvocationId (thread-id-from-subgroups).
// CHECK-NOT:     Workgroup>
// CHECK-NOT:     built_in("LocalInvocationId")
// CHECK:         spirv.func @vector_add() "None" attributes {triton_spirv.abi = {argument_block = false, argument_bytes = 28 : i64
// lavapipe: runs of 8, each subgroup of 8 invocations covers its own 256
// elements (subgroup-contiguous: rounds advance by 8 x 8 = 64 through that
// span), so invocation tid starts at (tid / 8) * 256 + (tid % 8) * 8.
// Invocations are numbered subgroup * size + lane.
// CHECK:         %[[SG:.*]] = spirv.Load "Input" %__builtin__SubgroupId___addr : i32
// CHECK:         %[[SIZE:.*]] = spirv.Load "Input" %__builtin__SubgroupSize___addr : i32
// CHECK:         %[[LANE_ID:.*]] = spirv.Load "Input" %__builtin__SubgroupLocalInvocationId___addr : i32
// CHECK-NEXT:    %[[SPAN:.*]] = spirv.IMul %[[SG]], %[[SIZE]] : i32
// CHECK-NEXT:    %[[TID:.*]] = spirv.IAdd %[[SPAN]], %[[LANE_ID]] : i32
// CHECK:         %[[SUBGROUP:.*]] = spirv.UDiv %[[TID]], %[[C8:.*]] : i32
// CHECK-NEXT:    %[[LANE:.*]] = spirv.UMod %[[TID]], %[[C8]] : i32
// CHECK-NEXT:    %[[SPAN_START:.*]] = spirv.IMul %[[SUBGROUP]], %[[C256:.*]] : i32
// CHECK-NEXT:    %[[LANE_START:.*]] = spirv.IMul %[[LANE]], %[[C8]] : i32
// CHECK-NEXT:    %[[FIRST:.*]] = spirv.IAdd %[[SPAN_START]], %[[LANE_START]] : i32
// CHECK:         spirv.mlir.loop {
// CHECK:           spirv.SLessThan %{{.*}}, %[[C256]] : i32
// CHECK:           %[[BASE:.*]] = spirv.IAdd %{{.*}}, %[[FIRST]] : i32
// CHECK:           spirv.mlir.loop {
// CHECK:             spirv.SLessThan %{{.*}}, %[[C8]] : i32
// Masked loads of two elements as one 64-bit word each (vectors-as-int64),
// element by element where the mask splits the pair.
// CHECK:             spirv.mlir.selection {
// CHECK:               spirv.Bitcast %{{.*}} : !spirv.ptr<f32, PhysicalStorageBuffer> to !spirv.ptr<i64, PhysicalStorageBuffer>
// CHECK:               %[[X:.*]] = spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 8] : i64
// CHECK-NEXT:          spirv.Bitcast %[[X]] : i64 to vector<2xf32>
// CHECK:               spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 8] : i64
// CHECK:               spirv.Load "PhysicalStorageBuffer" %{{.*}} ["Aligned", 4] : f32
// CHECK:             %[[SUM:.*]] = spirv.FAdd %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK:             spirv.mlir.selection {
// CHECK:               %[[WORD:.*]] = spirv.Bitcast %[[SUM]] : vector<2xf32> to i64
// CHECK-NEXT:          spirv.Store "PhysicalStorageBuffer" %{{.*}}, %[[WORD]] ["Aligned", 8] : i64
// CHECK:           spirv.IAdd %{{.*}}, %[[C64:.*]] : i32
// No workgroup memory, no barrier.
// CHECK-NOT:     spirv.ControlBarrier
// CHECK:         spirv.Return
// CHECK:         spirv.EntryPoint "GLCompute" @vector_add, @__triton_spirv_args_vector_add
// CHECK-NEXT:    spirv.ExecutionMode @vector_add "LocalSize", 32, 1, 1

// BIN:         ; Version: 1.5
// BIN:         OpMemoryModel PhysicalStorageBuffer64 GLSL450
// BIN-NEXT:    OpEntryPoint GLCompute %vector_add "vector_add" %__triton_spirv_args_vector_add
// BIN-NEXT:    OpExecutionMode %vector_add LocalSize 32 1 1
