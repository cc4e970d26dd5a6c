// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/layer_norm_bwd_dx.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s --implicit-check-not=spirv.AtomicOr
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/layer_norm_bwd_dx.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 output=%t.nvidia.spv" | FileCheck %s --check-prefix=NVIDIA
// RUN: spirv-val --target-env vulkan1.2 %t.nvidia.spv
//
// Corpus kernel layer_norm_bwd_dx through the whole pipeline for both device profiles
// (lavapipe: 4 warps x 8 = 32 invocations; nvidia: 4 x 32 = 128) to
// binaries spirv-val accepts. The kernel accumulates dW/dB under a spin lock
// (it reads atomic_cas's result): on the GPU its global loads after the lock
// read atomically (OpAtomicOr with 0, past the SM's incoherent L1), while the
// row's loads before it stay plain (all atomic, the kernel ran 15x slower on
// the H100); on lavapipe (a CPU device, coherent caches) they stay volatile
// loads.
// NVIDIA:        spirv.func @layer_norm_bwd_dx
// NVIDIA-NOT:    spirv.AtomicOr
// NVIDIA:        spirv.Load "PhysicalStorageBuffer"
// NVIDIA-NOT:    spirv.AtomicOr
// NVIDIA:        spirv.AtomicCompareExchange
// NVIDIA:        spirv.AtomicOr <Device> <None>

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @layer_norm_bwd_dx()
// CHECK:         spirv.ExecutionMode @layer_norm_bwd_dx "LocalSize", 32, 1, 1
