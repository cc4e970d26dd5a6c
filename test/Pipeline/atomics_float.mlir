// REQUIRES: spirv-tools
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/atomics_float.nodebug.mlir --convert-triton-to-spirv="output=%t.spv" | FileCheck %s
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=BIN
//
// Corpus kernel atomics_float: f32 add/xchg, float max/min split by sign
// into integer atomics on the float's bits, f16 add, i64 add and cas; all
// acq_rel (Triton's default). The f32 add is one OpAtomicFAddEXT (the
// profile's VK_EXT_shader_atomic_float), the max/min and the exchange one
// integer atomic on the bits each; the f16 add is a compare-exchange loop on
// the 32-bit word holding the element, fenced at device scope, its exchange
// without semantics; the cas acquires and releases.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 GLSL450
// CHECK:         spirv.func @atomics_float()
// CHECK:           spirv.EXT.AtomicFAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<f32, PhysicalStorageBuffer>
// CHECK:           spirv.AtomicSMax <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// CHECK:           spirv.AtomicUMin <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// CHECK:           spirv.AtomicSMin <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// CHECK:           spirv.AtomicUMax <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// CHECK:           spirv.AtomicExchange <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// CHECK:           spirv.ConvertPtrToU %{{.*}} : !spirv.ptr<f16, PhysicalStorageBuffer> to i64
// CHECK:           spirv.AtomicCompareExchange <Device> <None> <None> %{{.*}}, %{{.*}}, %{{.*}} : !spirv.ptr<i32, PhysicalStorageBuffer>
// CHECK:           spirv.MemoryBarrier <Device>, <AcquireRelease|UniformMemory>
// CHECK:           spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory> %{{.*}}, %{{.*}} : !spirv.ptr<i64, PhysicalStorageBuffer>
// CHECK:           spirv.AtomicCompareExchange <Device> <AcquireRelease|UniformMemory> <Acquire|UniformMemory> %{{.*}}, %{{.*}}, %{{.*}} : !spirv.ptr<i64, PhysicalStorageBuffer>

// BIN:         OpCapability AtomicFloat32AddEXT
// BIN:         OpCapability Int64Atomics
// BIN:         OpExtension "SPV_EXT_shader_atomic_float_add"
