// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/matmul_fp16_acc_fp32.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4" | FileCheck %s
// RUN: triton-spirv-opt %S/../Dialect/Triton/Corpus/Inputs/matmul_fp16_acc_fp32.nodebug.mlir --convert-triton-to-spirv="profile=nvidia num-warps=4 cooperative-matrix=0" | FileCheck %s --check-prefix=FMA
//
// The corpus fp16 matmul (64x64x32 blocks, fp32 accumulator) on the nvidia
// profile, whose device has VK_KHR_cooperative_matrix: 4 subgroups of 2x2
// accumulator tiles each, carried through the K loop as cooperative
// matrices, 2 k steps of 4 MulAdds per iteration. Workgroup tiles hold
// vector<4 x T> elements (fragment strides count vectors), two copies each
// (num_stages 3). The accumulators start as constant matrices and leave the
// loop fragment by fragment through a 16x16 scratch tile per subgroup: no
// 64x64 f32 C tile in workgroup memory. The module needs SPIR-V 1.6 and, as
// a shader with cooperative matrices, the Vulkan memory model; it reads
// SubgroupId (GroupNonUniform) without a subgroup op. Binary validation:
// matmul_fp16_cooperative_matrix_valid.mlir.

// CHECK:       spirv.module @__spv__triton_spirv PhysicalStorageBuffer64 Vulkan requires #spirv.vce<v1.6, [{{.*}}CooperativeMatrixKHR{{.*}}GroupNonUniform{{.*}}VulkanMemoryModel{{.*}}], [SPV_KHR_cooperative_matrix]>
// CHECK-DAG:     spirv.GlobalVariable {{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<1280 x vector<4xf16>>)>, Workgroup>
// CHECK-DAG:     spirv.GlobalVariable {{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<1152 x vector<4xf16>>)>, Workgroup>
// CHECK-DAG:     spirv.GlobalVariable {{.*}} : !spirv.ptr<!spirv.struct<(!spirv.array<256 x vector<4xf32>>)>, Workgroup>
// Programs whose tiles lie inside the matrices (K a multiple of 32) run the
// first copy of the kernel body, with no load masks
// (split-loops-at-mask-bounds); the second keeps them.
// CHECK:         spirv.func @matmul()
// CHECK:           spirv.mlir.selection
// CHECK-NOT:       MatrixAcc>
// CHECK:           spirv.CompositeConstruct {{.*}} : (f32) -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NOT:       spirv.KHR.CooperativeMatrixLoad {{.*}} -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK:           spirv.mlir.loop
// CHECK:           ^bb1({{.*}}: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, {{.*}}: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, {{.*}}: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, {{.*}}: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NOT:         spirv.mlir.selection
// The staged tiles are arrays of vector<4xf16>: one store per run.
// CHECK-NOT:         spirv.Store "Workgroup" {{.*}} : f16
// CHECK:             spirv.Store "Workgroup" {{.*}} : vector<4xf16>
// CHECK-NOT:         spirv.mlir.selection
// CHECK-COUNT-2:     spirv.KHR.CooperativeMatrixLoad {{.*}} : !spirv.ptr<vector<4xf16>, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK-COUNT-2:     spirv.KHR.CooperativeMatrixLoad {{.*}} : !spirv.ptr<vector<4xf16>, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
// CHECK-COUNT-4:     spirv.KHR.CooperativeMatrixMulAdd
// CHECK-COUNT-2:     spirv.KHR.CooperativeMatrixLoad {{.*}} -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK-COUNT-2:     spirv.KHR.CooperativeMatrixLoad {{.*}} -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
// CHECK-COUNT-4:     spirv.KHR.CooperativeMatrixMulAdd
// CHECK:           spirv.mlir.merge
// CHECK-COUNT-4:   spirv.KHR.CooperativeMatrixStore {{.*}} : !spirv.ptr<vector<4xf32>, Workgroup>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, i32
// CHECK-NEXT:      spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK-NOT:       spirv.KHR.CooperativeMatrixLoad {{.*}} -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK:           spirv.CompositeConstruct {{.*}} : (f32) -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK:           spirv.mlir.loop
// CHECK:             spirv.mlir.selection
// CHECK:               spirv.Load "PhysicalStorageBuffer"
// CHECK-COUNT-8:     spirv.KHR.CooperativeMatrixMulAdd
// CHECK-COUNT-4:   spirv.KHR.CooperativeMatrixStore {{.*}} : !spirv.ptr<vector<4xf32>, Workgroup>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, i32
// CHECK-NOT:       spirv.KHR.CooperativeMatrixStore
// CHECK:         spirv.ExecutionMode @matmul "LocalSize", 128, 1, 1
// CHECK:         spirv.ExecutionMode @matmul "SignedZeroInfNanPreserve", 32

// FMA:         requires #spirv.vce<v1.5, [Int64, Shader, Float16, PhysicalStorageBufferAddresses, Matrix, SignedZeroInfNanPreserve], []>
// FMA-NOT:     spirv.KHR.Cooperative
