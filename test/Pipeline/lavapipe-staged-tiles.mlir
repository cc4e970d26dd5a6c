// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/matmul_fp32_ieee.nodebug.mlir --convert-triton-to-spirv="profile=lavapipe num-warps=4" | FileCheck %s --check-prefix=LAVAPIPE
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/matmul_fp32_ieee.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4" | FileCheck %s --check-prefix=NVIDIA
//
// The K loop of an FMA matmul stages its A and B tiles each iteration. On
// lavapipe they live in the program's slice of the global scratch buffer
// (llvmpipe reads workgroup memory at lane-varying addresses one lane at a
// time, global memory with a gather: fp32 512^3 29.7 -> 13.4 ms); on the GPU
// they stay in workgroup memory. The ABI records the moved bytes, which the
// kernel's metadata still reports as shared memory. llvmpipe runs a
// workgroup on one thread: the barriers carry no memory semantics, the staged
// accesses are Volatile (spirv-execution-only-barriers).

// LAVAPIPE-NOT:   spirv.GlobalVariable {{.*}}Workgroup>
// LAVAPIPE:       spirv.func @matmul() "None" attributes {triton_spirv.abi = {{.*}}kind = "scratch"{{.*}}scratch_bytes_per_program = 16384 : i64, staged_scratch_bytes = 16384 : i64}
// LAVAPIPE:         spirv.mlir.loop
// LAVAPIPE:           spirv.Store "PhysicalStorageBuffer" %{{.*}}, %{{.*}} ["Volatile|Aligned", {{[0-9]+}}]
// LAVAPIPE:           spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// LAVAPIPE-NOT:   "Workgroup"

// NVIDIA:         spirv.GlobalVariable {{.*}}Workgroup>
// NVIDIA:         spirv.func @matmul()
// NVIDIA-NOT:       kind = "scratch"
// NVIDIA:           spirv.Store "Workgroup"
