// RUN: triton-spirv-opt %s --split-input-file --pass-pipeline='builtin.module(spirv.module(spirv-push-constant-abi))' --verify-diagnostics

spirv.module Logical GLSL450 requires #spirv.vce<v1.5, [Shader], []> {
  // expected-error @+1 {{spirv-push-constant-abi: argument 0 is a pointer outside PhysicalStorageBuffer}}
  spirv.func @storage_buffer_pointer(%p: !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.5, [Shader], []> {
  // expected-error @+1 {{spirv-push-constant-abi: unsupported argument type 'vector<4xf32>'}}
  spirv.func @vector_argument(%v: vector<4xf32>) "None"
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
    spirv.Return
  }
}
