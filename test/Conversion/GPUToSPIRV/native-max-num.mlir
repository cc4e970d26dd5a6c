// RUN: triton-spirv-opt %s --convert-kernel-to-spirv="native-max-num=true" | FileCheck %s --check-prefix=NATIVE
// RUN: triton-spirv-opt %s --convert-kernel-to-spirv | FileCheck %s --check-prefix=CHECKED
// The pipeline expands arith ops first (arith-expand): maxnumf/minnumf come back from their
// expanded form, maximumf's stays expanded.
// RUN: triton-spirv-opt %s --pass-pipeline="builtin.module(gpu.module(arith-expand),convert-kernel-to-spirv{native-max-num=true})" | FileCheck %s --check-prefix=EXPANDED

// maxnumf/minnumf (tl.max, tl.maximum: a NaN operand yields the other) are a
// bare GLSL FMax/FMin where the driver's own have that semantics; elsewhere
// NaN tests and selects pick the other operand. maximumf (NaN propagates)
// keeps its tests either way.
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5, [Shader, PhysicalStorageBufferAddresses], [SPV_KHR_physical_storage_buffer]>, #spirv.resource_limits<>>} {
    // NATIVE-LABEL: spirv.func @max_min
    // NATIVE:         %[[A:.*]] = spirv.Load "PhysicalStorageBuffer"
    // NATIVE:         %[[B:.*]] = spirv.Load "PhysicalStorageBuffer"
    // NATIVE-NEXT:    %[[MAX:.*]] = spirv.GL.FMax %[[A]], %[[B]] : f32
    // NATIVE-NEXT:    %[[MIN:.*]] = spirv.GL.FMin %[[MAX]], %[[B]] : f32
    // NATIVE-NEXT:    %[[PMAX:.*]] = spirv.GL.FMax %[[MIN]], %[[A]] : f32
    // NATIVE-NEXT:    spirv.IsNan
    // NATIVE-NEXT:    spirv.IsNan
    // NATIVE-NEXT:    spirv.Select
    // NATIVE-NEXT:    spirv.Select
    // EXPANDED-LABEL: spirv.func @max_min
    // EXPANDED:         %[[A:.*]] = spirv.Load "PhysicalStorageBuffer"
    // EXPANDED:         %[[B:.*]] = spirv.Load "PhysicalStorageBuffer"
    // EXPANDED-NEXT:    %[[MAX:.*]] = spirv.GL.FMax %[[A]], %[[B]] : f32
    // EXPANDED-NEXT:    %[[MIN:.*]] = spirv.GL.FMin %[[MAX]], %[[B]] : f32
    // EXPANDED-NEXT:    spirv.FUnordGreaterThan %[[MIN]], %[[A]]
    // EXPANDED-NOT:     spirv.GL.FMax
    // EXPANDED:         spirv.IsNan %[[A]]
    // CHECKED-LABEL: spirv.func @max_min
    // CHECKED:         spirv.GL.FMax
    // CHECKED-NEXT:    spirv.IsNan
    // CHECKED-NEXT:    spirv.IsNan
    // CHECKED-NEXT:    spirv.Select
    // CHECKED-NEXT:    spirv.Select
    // CHECKED-NEXT:    spirv.GL.FMin
    // CHECKED-NEXT:    spirv.IsNan
    // CHECKED-NEXT:    spirv.IsNan
    // CHECKED-NEXT:    spirv.Select
    // CHECKED-NEXT:    spirv.Select
    gpu.func @max_min(%x: memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>> {spirv.decoration = #spirv.decoration<Aliased>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.load %x[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %b = memref.load %x[%c1] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      %max = arith.maxnumf %a, %b : f32
      %min = arith.minnumf %max, %b : f32
      %pmax = arith.maximumf %min, %a : f32
      memref.store %pmax, %x[%c0] : memref<?xf32, #spirv.storage_class<PhysicalStorageBuffer>>
      gpu.return
    }
  }
}
