// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(spirv.module(spirv-push-constant-abi))' | FileCheck %s
// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(spirv.module(spirv-push-constant-abi{max-push-constant-bytes=8}))' | FileCheck %s --check-prefix=BLOCK
//
// Entry-point arguments become fields of one push-constant struct (scalar
// layout): PhysicalStorageBuffer pointers as i64 device addresses turned
// back into pointers with ConvertUToPtr, scalars by value (i1 as i32). The
// layout is recorded in triton_spirv.abi. When the struct is larger than
// max-push-constant-bytes, the push constant holds the i64 address of an
// argument block in memory, and every field is loaded from there with an
// Aligned access.

// Fields: ptr @0, i32 @8, ptr @16 (aligned to 8), i1-as-i32 @24, f32 @28:
// 32 bytes.
// CHECK-LABEL: spirv.module
// CHECK:         spirv.GlobalVariable @[[ARGS:__triton_spirv_args_kernel]] : !spirv.ptr<!spirv.struct<(i64 [0], i32 [8], i64 [16], i32 [24], f32 [28])>, PushConstant>
// CHECK:         spirv.func @kernel() "None" attributes {
// CHECK-SAME:      spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>
// CHECK-SAME:      triton_spirv.abi = {argument_block = false, argument_bytes = 32 : i64, arguments = [
// CHECK-SAME:        {kind = "ptr", offset = 0 : i64, size = 8 : i64},
// CHECK-SAME:        {kind = "i32", offset = 8 : i64, size = 4 : i64},
// CHECK-SAME:        {kind = "ptr", offset = 16 : i64, size = 8 : i64},
// CHECK-SAME:        {kind = "i1", offset = 24 : i64, size = 4 : i64},
// CHECK-SAME:        {kind = "f32", offset = 28 : i64, size = 4 : i64}], scratch_bytes_per_program = 0 : i64}
// CHECK:           %[[PC:.*]] = spirv.mlir.addressof @[[ARGS]] : !spirv.ptr<!spirv.struct<(i64 [0], i32 [8], i64 [16], i32 [24], f32 [28])>, PushConstant>
// CHECK:           %[[I0:.*]] = spirv.Constant 0 : i32
// CHECK-NEXT:      %[[F0:.*]] = spirv.AccessChain %[[PC]][%[[I0]]] : {{.*}} -> !spirv.ptr<i64, PushConstant>
// CHECK-NEXT:      %[[X_ADDR:.*]] = spirv.Load "PushConstant" %[[F0]] : i64
// CHECK-NEXT:      %[[X:.*]] = spirv.ConvertUToPtr %[[X_ADDR]] : i64 to !spirv.ptr<f32, PhysicalStorageBuffer>
// CHECK:           %[[I1:.*]] = spirv.Constant 1 : i32
// CHECK-NEXT:      %[[F1:.*]] = spirv.AccessChain %[[PC]][%[[I1]]] : {{.*}} -> !spirv.ptr<i32, PushConstant>
// CHECK-NEXT:      %[[N:.*]] = spirv.Load "PushConstant" %[[F1]] : i32
// CHECK:           %[[I2:.*]] = spirv.Constant 2 : i32
// CHECK-NEXT:      %[[F2:.*]] = spirv.AccessChain %[[PC]][%[[I2]]] : {{.*}} -> !spirv.ptr<i64, PushConstant>
// CHECK-NEXT:      %[[Y_ADDR:.*]] = spirv.Load "PushConstant" %[[F2]] : i64
// CHECK-NEXT:      %[[Y:.*]] = spirv.ConvertUToPtr %[[Y_ADDR]] : i64 to !spirv.ptr<f32, PhysicalStorageBuffer>
// CHECK:           %[[I3:.*]] = spirv.Constant 3 : i32
// CHECK-NEXT:      %[[F3:.*]] = spirv.AccessChain %[[PC]][%[[I3]]] : {{.*}} -> !spirv.ptr<i32, PushConstant>
// CHECK-NEXT:      %[[FLAG_WORD:.*]] = spirv.Load "PushConstant" %[[F3]] : i32
// CHECK-NEXT:      %[[Z:.*]] = spirv.Constant 0 : i32
// CHECK-NEXT:      %[[FLAG:.*]] = spirv.INotEqual %[[FLAG_WORD]], %[[Z]] : i32
// CHECK:           %[[I4:.*]] = spirv.Constant 4 : i32
// CHECK-NEXT:      %[[F4:.*]] = spirv.AccessChain %[[PC]][%[[I4]]] : {{.*}} -> !spirv.ptr<f32, PushConstant>
// CHECK-NEXT:      %[[S:.*]] = spirv.Load "PushConstant" %[[F4]] : f32
// The body now uses the loaded values.
// CHECK-NEXT:      %[[V:.*]] = spirv.Load "PhysicalStorageBuffer" %[[X]] ["Aligned", 4] : f32
// CHECK-NEXT:      %[[NF:.*]] = spirv.ConvertSToF %[[N]] : i32 to f32
// CHECK-NEXT:      %[[A:.*]] = spirv.FAdd %[[V]], %[[NF]] : f32
// CHECK-NEXT:      %[[B:.*]] = spirv.Select %[[FLAG]], %[[A]], %[[S]] : i1, f32
// CHECK-NEXT:      spirv.Store "PhysicalStorageBuffer" %[[Y]], %[[B]] ["Aligned", 4] : f32
// CHECK-NEXT:      spirv.Return
// Functions that are not entry points keep their arguments.
// CHECK:         spirv.func @not_an_entry(%{{.*}}: i32) -> i32 "None"

// BLOCK-LABEL: spirv.module
// BLOCK:         spirv.GlobalVariable @[[ARGS:__triton_spirv_args_kernel]] : !spirv.ptr<!spirv.struct<(i64 [0])>, PushConstant>
// BLOCK:         spirv.func @kernel() "None" attributes {
// BLOCK-SAME:      triton_spirv.abi = {argument_block = true, argument_bytes = 32 : i64, arguments = [{kind = "ptr", offset = 0 : i64, size = 8 : i64}, {kind = "i32", offset = 8 : i64, size = 4 : i64}, {kind = "ptr", offset = 16 : i64, size = 8 : i64}, {kind = "i1", offset = 24 : i64, size = 4 : i64}, {kind = "f32", offset = 28 : i64, size = 4 : i64}], scratch_bytes_per_program = 0 : i64}
// BLOCK:           %[[PC:.*]] = spirv.mlir.addressof @[[ARGS]] : !spirv.ptr<!spirv.struct<(i64 [0])>, PushConstant>
// BLOCK:           %[[P0:.*]] = spirv.AccessChain %[[PC]][%{{.*}}] : !spirv.ptr<!spirv.struct<(i64 [0])>, PushConstant>, i32 -> !spirv.ptr<i64, PushConstant>
// BLOCK-NEXT:      %[[BLOCK_ADDR:.*]] = spirv.Load "PushConstant" %[[P0]] : i64
// BLOCK-NEXT:      %[[BLK:.*]] = spirv.ConvertUToPtr %[[BLOCK_ADDR]] : i64 to !spirv.ptr<!spirv.struct<(i64 [0], i32 [8], i64 [16], i32 [24], f32 [28])>, PhysicalStorageBuffer>
// BLOCK:           %[[F0:.*]] = spirv.AccessChain %[[BLK]][%{{.*}}] : {{.*}} -> !spirv.ptr<i64, PhysicalStorageBuffer>
// BLOCK-NEXT:      %[[X_ADDR:.*]] = spirv.Load "PhysicalStorageBuffer" %[[F0]] ["Aligned", 8] : i64
// BLOCK-NEXT:      %[[X:.*]] = spirv.ConvertUToPtr %[[X_ADDR]] : i64 to !spirv.ptr<f32, PhysicalStorageBuffer>
// BLOCK:           %[[F1:.*]] = spirv.AccessChain %[[BLK]][%{{.*}}] : {{.*}} -> !spirv.ptr<i32, PhysicalStorageBuffer>
// BLOCK-NEXT:      %[[N:.*]] = spirv.Load "PhysicalStorageBuffer" %[[F1]] ["Aligned", 4] : i32
// BLOCK:           %[[F2:.*]] = spirv.AccessChain %[[BLK]][%{{.*}}] : {{.*}} -> !spirv.ptr<i64, PhysicalStorageBuffer>
// BLOCK-NEXT:      %[[Y_ADDR:.*]] = spirv.Load "PhysicalStorageBuffer" %[[F2]] ["Aligned", 8] : i64
// BLOCK-NEXT:      %[[Y:.*]] = spirv.ConvertUToPtr %[[Y_ADDR]] : i64 to !spirv.ptr<f32, PhysicalStorageBuffer>
// BLOCK:           %[[F3:.*]] = spirv.AccessChain %[[BLK]][%{{.*}}] : {{.*}} -> !spirv.ptr<i32, PhysicalStorageBuffer>
// BLOCK-NEXT:      %[[FLAG_WORD:.*]] = spirv.Load "PhysicalStorageBuffer" %[[F3]] ["Aligned", 4] : i32
// BLOCK-NEXT:      %[[Z:.*]] = spirv.Constant 0 : i32
// BLOCK-NEXT:      %[[FLAG:.*]] = spirv.INotEqual %[[FLAG_WORD]], %[[Z]] : i32
// BLOCK:           %[[F4:.*]] = spirv.AccessChain %[[BLK]][%{{.*}}] : {{.*}} -> !spirv.ptr<f32, PhysicalStorageBuffer>
// BLOCK-NEXT:      %[[S:.*]] = spirv.Load "PhysicalStorageBuffer" %[[F4]] ["Aligned", 4] : f32
// BLOCK-NEXT:      %[[V:.*]] = spirv.Load "PhysicalStorageBuffer" %[[X]] ["Aligned", 4] : f32
// BLOCK-NEXT:      %[[NF:.*]] = spirv.ConvertSToF %[[N]] : i32 to f32
// BLOCK:           spirv.Select %[[FLAG]], %{{.*}}, %[[S]] : i1, f32
// BLOCK-NEXT:      spirv.Store "PhysicalStorageBuffer" %[[Y]], %{{.*}} ["Aligned", 4] : f32
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.func @kernel(%x: !spirv.ptr<f32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<Aliased>},
                     %n: i32,
                     %y: !spirv.ptr<f32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<Aliased>},
                     %flag: i1, %s: f32) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %v = spirv.Load "PhysicalStorageBuffer" %x ["Aligned", 4] : f32
    %f = spirv.ConvertSToF %n : i32 to f32
    %a = spirv.FAdd %v, %f : f32
    %b = spirv.Select %flag, %a, %s : i1, f32
    spirv.Store "PhysicalStorageBuffer" %y, %b ["Aligned", 4] : f32
    spirv.Return
  }
  spirv.func @not_an_entry(%x: i32) -> i32 "None" {
    spirv.ReturnValue %x : i32
  }
}

// -----

// 8 bytes fit exactly: no argument block even with max-push-constant-bytes=8.
// CHECK-LABEL: spirv.module
// CHECK:         spirv.GlobalVariable @__triton_spirv_args_one_pointer : !spirv.ptr<!spirv.struct<(i64 [0])>, PushConstant>
// CHECK:         spirv.func @one_pointer() "None" attributes {{{.*}}triton_spirv.abi = {argument_block = false, argument_bytes = 8 : i64, arguments = [{kind = "ptr", offset = 0 : i64, size = 8 : i64}], scratch_bytes_per_program = 0 : i64}
// BLOCK-LABEL: spirv.module
// BLOCK:         spirv.func @one_pointer() "None" attributes {{{.*}}triton_spirv.abi = {argument_block = false, argument_bytes = 8 : i64
// BLOCK-NOT:       ["Aligned", 8] : i64
// BLOCK:           spirv.Load "PushConstant" %{{.*}} : i64
// BLOCK-NEXT:      spirv.ConvertUToPtr %{{.*}} : i64 to !spirv.ptr<i32, PhysicalStorageBuffer>
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.func @one_pointer(%p: !spirv.ptr<i32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<Aliased>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
    %c = spirv.Constant 7 : i32
    spirv.Store "PhysicalStorageBuffer" %p, %c ["Aligned", 4] : i32
    spirv.Return
  }
}

// -----

// Scalars narrower than 32 bits take a 32-bit word each (8/16-bit
// push-constant storage is optional): integers are its low bits truncated,
// an f16 is the first half of the word seen as two f16.
// CHECK-LABEL: spirv.module
// CHECK:         spirv.GlobalVariable @{{.*}} : !spirv.ptr<!spirv.struct<(i32 [0], i32 [4], i32 [8], i64 [16])>, PushConstant>
// CHECK:         spirv.func @narrow() "None" attributes {{{.*}}triton_spirv.abi = {argument_block = false, argument_bytes = 24 : i64, arguments = [
// CHECK-SAME:      {kind = "f16", offset = 0 : i64, size = 4 : i64}, {kind = "i16", offset = 4 : i64, size = 4 : i64}, {kind = "i8", offset = 8 : i64, size = 4 : i64}, {kind = "ptr", offset = 16 : i64, size = 8 : i64}], scratch_bytes_per_program = 0 : i64}
// CHECK:           %[[HW:.*]] = spirv.Load "PushConstant" %{{.*}} : i32
// CHECK-NEXT:      %[[PAIR:.*]] = spirv.Bitcast %[[HW]] : i32 to vector<2xf16>
// CHECK-NEXT:      %[[H:.*]] = spirv.CompositeExtract %[[PAIR]][0 : i32] : vector<2xf16>
// CHECK:           %[[SW:.*]] = spirv.Load "PushConstant" %{{.*}} : i32
// CHECK-NEXT:      %[[S:.*]] = spirv.UConvert %[[SW]] : i32 to i16
// CHECK:           %[[BW:.*]] = spirv.Load "PushConstant" %{{.*}} : i32
// CHECK-NEXT:      %[[B:.*]] = spirv.UConvert %[[BW]] : i32 to i8
// CHECK:           spirv.FConvert %[[H]] : f16 to f32
// CHECK:           spirv.SConvert %[[S]] : i16 to i32
// CHECK:           spirv.SConvert %[[B]] : i8 to i32
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, Int16, Int8, Float16, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.func @narrow(%h: f16, %s: i16, %b: i8,
                     %p: !spirv.ptr<f32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<Aliased>}) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
    %hf = spirv.FConvert %h : f16 to f32
    %si = spirv.SConvert %s : i16 to i32
    %bi = spirv.SConvert %b : i8 to i32
    %sf = spirv.ConvertSToF %si : i32 to f32
    %bf = spirv.ConvertSToF %bi : i32 to f32
    %t = spirv.FAdd %hf, %sf : f32
    %u = spirv.FAdd %t, %bf : f32
    spirv.Store "PhysicalStorageBuffer" %p, %u ["Aligned", 4] : f32
    spirv.Return
  }
}
