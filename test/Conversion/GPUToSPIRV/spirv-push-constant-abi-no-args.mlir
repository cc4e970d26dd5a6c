// RUN: triton-spirv-opt %s --pass-pipeline='builtin.module(spirv.module(spirv-push-constant-abi))' | FileCheck %s
//
// A kernel without arguments gets a placeholder i32 push-constant block and
// an empty layout.
//

// CHECK:       spirv.GlobalVariable @__triton_spirv_args_no_args : !spirv.ptr<!spirv.struct<(i32 [0])>, PushConstant>
// CHECK:       spirv.func @no_args() "None" attributes {{{.*}}triton_spirv.abi = {argument_block = false, argument_bytes = 0 : i64, arguments = [], scratch_bytes_per_program = 0 : i64}
// CHECK-NEXT:    spirv.mlir.addressof
// CHECK:         spirv.Return
spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, Int64, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]> {
  spirv.func @no_args() "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
    spirv.Return
  }
}
