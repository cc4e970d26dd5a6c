// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/atomics_float.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel atomics_float: f32 add/xchg, float max/min split by sign
// into integer atomics through bitcast pointers, f16 add (a compare-exchange
// on the 32-bit word holding the element), i64 add and cas; all acq_rel
// (Triton's default): the cas acquires and releases; the f16 add's retry
// loop is fenced at device scope and its exchange has no semantics.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @atomics_float()
// CHECK:           spirv.ConvertPtrToU %{{.*}} : !spirv.ptr<f16, PhysicalStorageBuffer> to i64
// CHECK:           spirv.AtomicCompareExchange <Device> <None> <None> %{{.*}}, %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// CHECK:           spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
// CHECK:           spirv.AtomicCompareExchange <Device> <AcquireRelease|UniformMemory> <Acquire|UniformMemory> %{{.*}}, %{{.*}}, %{{.*}} : !spirv.ptr<i64, PhysicalStorageBuffer>

// BIN:         OpCapability Int64Atomics
