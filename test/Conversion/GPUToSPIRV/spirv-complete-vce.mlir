// RUN: triton-spirv-opt %s --split-input-file --spirv-update-vce --spirv-complete-vce | FileCheck %s

// Where the target offers SignedZeroInfNanPreserve, every entry point declares
// it for 32-bit floats, with the capability; the version rises to the
// target's (push constants in OpEntryPoint need 1.4); 64-bit atomics add
// Int64Atomics, which spirv-update-vce leaves out.
// CHECK-LABEL: spirv.module
// CHECK-SAME: #spirv.vce<v1.5, [{{.*}}Int64Atomics{{.*}}SignedZeroInfNanPreserve]
// CHECK-DAG: spirv.ExecutionMode @first "SignedZeroInfNanPreserve", 32
// CHECK-DAG: spirv.ExecutionMode @second "SignedZeroInfNanPreserve", 32
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5,
    [Shader, Int64, Int64Atomics, SignedZeroInfNanPreserve], []>, #spirv.resource_limits<>>} {
  spirv.module Logical GLSL450 {
    spirv.GlobalVariable @counter bind(0, 0) : !spirv.ptr<!spirv.struct<(i64 [0])>, StorageBuffer>
    spirv.func @first() "None" {
      %zero = spirv.Constant 0 : i32
      %one = spirv.Constant 1 : i64
      %base = spirv.mlir.addressof @counter : !spirv.ptr<!spirv.struct<(i64 [0])>, StorageBuffer>
      %slot = spirv.AccessChain %base[%zero] : !spirv.ptr<!spirv.struct<(i64 [0])>, StorageBuffer>, i32 -> !spirv.ptr<i64, StorageBuffer>
      %old = spirv.AtomicIAdd <Device> <AcquireRelease> %slot, %one : !spirv.ptr<i64, StorageBuffer>
      spirv.Return
    }
    spirv.func @second() "None" {
      spirv.Return
    }
    spirv.EntryPoint "GLCompute" @first
    spirv.EntryPoint "GLCompute" @second
  }
}

// -----

// Without it in the target (the lavapipe-mesa22 profile), no mode is
// declared; SPIR-V 1.5 still.
// CHECK-LABEL: spirv.module
// CHECK-SAME: #spirv.vce<v1.5,
// CHECK-NOT: Int64Atomics
// CHECK-NOT: Preserve
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader], []>, #spirv.resource_limits<>>} {
  spirv.module Logical GLSL450 {
    spirv.func @only() "None" {
      spirv.Return
    }
    spirv.EntryPoint "GLCompute" @only
  }
}
