//===- Passes.td - triton-spirv passes, by stage and folder -*- tablegen -*-===//
#ifndef TRITON_SPIRV_CONVERSION_PASSES
#define TRITON_SPIRV_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

// Sections follow the pipeline's stages and, in LinalgToGPU, its sub-folders
// (docs/architecture.md); passes are alphabetical within a section. mlir-tblgen
// emits them sorted by name, so the order here does not change Passes.h.inc.

//===----------------------------------------------------------------------===//
// TritonToLinalg: TTIR to linalg on tensors (lib/Conversion/TritonToLinalg).
//===----------------------------------------------------------------------===//

def DecomposeDotScaled : Pass<"decompose-dot-scaled", "ModuleOp"> {
  let summary = "Microscaled tt.dot_scaled as f32 operands times their e8m0 "
                "scales, then tt.dot";
  let description = [{
    Operands in e2m1 (fp4 packed two per byte along K), e5m2/e4m3, bf16 or
    fp16 are widened to f32 and multiplied by 2^(scale-127) per group of 32
    elements along K, then an ordinary tt.dot (ieee) computes the product.
  }];
  let dependentDialects = ["arith::ArithDialect"];
}

def LowerBlockPointers : Pass<"lower-block-pointers", "ModuleOp"> {
  let summary = "Lower block pointers (make_tensor_ptr/advance) to masked "
                "tensors of pointers";
  let description = [{
    A block pointer becomes its base, shape, strides and offsets (carried
    through scf loops and branches); tt.advance adds to the offsets; loads
    and stores through it become tt.load/tt.store on tensors of pointers
    masked on the boundary-checked dimensions, padding with zero or NaN.
  }];
  let dependentDialects = ["arith::ArithDialect"];
}

def LowerRawPointers : Pass<"lower-raw-pointers", "ModuleOp"> {
  let summary = "Turn every pointer of a kernel whose pointers do not all trace "
                "to one argument into 64-bit byte addresses";
  let description = [{
    The general pointer model, for kernels the traced one cannot describe
    (tt.int_to_ptr, pointers loaded from memory, a select between kernel
    arguments): addptr scales offsets by the element size, shape ops and
    selects move addresses, loop-carried pointers are carried as addresses,
    and every load/store accesses a marked tt.int_to_ptr of its address.
    Other kernels are left alone.
  }];
  let dependentDialects = ["arith::ArithDialect", "scf::SCFDialect"];
}

def LowerTensorDescriptors : Pass<"lower-tensor-descriptors", "ModuleOp"> {
  let summary = "Lower tensor descriptors to masked tensors of pointers";
  let description = [{
    tt.descriptor_load/store/reduce/gather/scatter become tt.load/store/
    atomic_rmw on tensors of pointers with a bounds mask; out-of-bounds
    lanes load the descriptor's padding (zero or NaN). A descriptor kernel
    argument becomes its base pointer plus an i1 "pad with NaN" argument;
    the frontend passes its shape and strides as the arguments after it.
  }];
  let dependentDialects = ["arith::ArithDialect"];
}

def SplitLoopsAtMaskBounds : Pass<"split-loops-at-mask-bounds", "ModuleOp"> {
  let summary = "Split loops where a load/store mask comparison on the "
                "induction variable stops holding";
  let description = [{
    A comparison feeding a tt.load/tt.store mask in an scf.for whose sides
    are affine in the induction variable (`rk < K - k * BK`,
    `off + arange(0, B) < N`) holds for every element up to some iteration.
    The loop runs to that iteration as a copy where the comparison is
    `true`, then the original loop does the rest.

    A K loop with a tt.dot is not split (its accumulator would pass from
    one loop to the next through memory). When every load/store mask in it
    is made of comparisons that hold for all iterations under a condition
    on values known before the loop (`pid * BM + BM - 1 < M`, K a multiple
    of BLOCK_K), the rest of its block (the kernel's body, or a tile loop's
    body in a persistent kernel), the loop first, runs under `scf.if` as two
    copies: one without those masks (the epilogue's too where they
    qualify), one as written.
  }];
  let dependentDialects = ["arith::ArithDialect"];
}

def TritonToLinalg : Pass<"triton-to-linalg", "ModuleOp"> {
  let summary = "Lower TTIR to linalg/tensor/arith/math/scf with memref "
                "accesses for memory";
  let description = [{
    Kernels become func.func; each `!tt.ptr` argument becomes a `memref<?xT>`
    (the memory from that address on) and every pointer value inside becomes
    an i64 element offset from the kernel argument it derives from (found by
    PointerBaseAnalysis). Loads and stores become linalg.generic ops that read
    and write the base memref at those offsets, with masks and `other` kept.
    Elementwise ops become linalg.generic, reductions linalg.reduce, dots
    linalg.matmul.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "func::FuncDialect", "gpu::GPUDialect",
    "linalg::LinalgDialect", "LLVM::LLVMDialect", "math::MathDialect",
    "memref::MemRefDialect", "scf::SCFDialect", "tensor::TensorDialect"
  ];
}

//===----------------------------------------------------------------------===//
// LinalgToGPU/Distribution: block loops over the workgroup, invocation-private
// buffers, barriers, and kernels into a gpu.module.
//===----------------------------------------------------------------------===//

def ConvertFuncToSPIRVKernel : Pass<"convert-func-to-spirv-kernel", "ModuleOp"> {
  let summary = "Wrap each kernel func.func into a gpu.module/gpu.func kernel "
                "with the target environment and entry-point ABI of a device profile";
  let description = [{
    Turns the distributed kernel (one func.func per Triton kernel, using
    gpu.thread_id/block_id/barrier) into `gpu.module @kernels { gpu.func
    kernel }` with `spirv.entry_point_abi` (workgroup size) and the profile's
    `spirv.target_env`. Global pointers become PhysicalStorageBuffer memrefs.
  }];
  let dependentDialects = ["gpu::GPUDialect", "spirv::SPIRVDialect"];
  let options = [
    Option<"profile", "profile", "std::string", /*default=*/"\"lavapipe\"",
           "Device profile: lavapipe or nvidia">,
    Option<"numThreads", "num-threads", "int64_t", /*default=*/"128",
           "Invocations per workgroup (num_warps x subgroup size)">,
  ];
}

def DistributeToWorkgroup : Pass<"distribute-to-workgroup", "func::FuncOp"> {
  let summary = "Distribute a program's block-level loops over the invocations "
                "of one workgroup";
  let description = [{
    Runs after bufferization. Every linalg op but reductions becomes an
    `scf.parallel` nest, and every top-level `scf.parallel` is split over
    `num-threads` invocations (`gpu.thread_id x`); each invocation takes a
    contiguous run of `contiguity` iterations at a time. `linalg.reduce`
    becomes a workgroup tree reduction: outputs spread over groups of
    invocations, each folding a chunk, partials combined pairwise in order
    through workgroup memory. Block-sized temporaries move to
    workgroup memory and a `gpu.barrier` separates a loop that writes them
    from the next one that reads them.
  }];
  let dependentDialects = ["gpu::GPUDialect", "scf::SCFDialect",
                           "memref::MemRefDialect", "spirv::SPIRVDialect",
                           "math::MathDialect"];
  let options = [
    Option<"shareBarriers", "share-barriers", "bool", /*default=*/"false",
           "Adjacent phases on disjoint workgroup buffers end with one "
           "barrier (after the second)">,
    Option<"numThreads", "num-threads", "int64_t", /*default=*/"128",
           "Invocations per workgroup (num_warps x subgroup size)">,
    Option<"contiguity", "contiguity", "int64_t", /*default=*/"4",
           "Consecutive elements one invocation handles before striding by "
           "the workgroup (vector width of its memory accesses)">,
    Option<"minSubgroupReduceThreads", "min-subgroup-reduce-threads",
           "int64_t", /*default=*/"0",
           "Workgroups of at most this many invocations reduce through "
           "workgroup memory instead of subgroup operations">,
    Option<"cooperativeMatrix", "cooperative-matrix", "bool",
           /*default=*/"false",
           "Run f16 matmuls that tile into 16x16x16 on subgroup cooperative "
           "matrices (gpu.subgroup_mma_*)">,
    Option<"cooperativeInt8", "cooperative-int8", "bool", /*default=*/"false",
           "With cooperative-matrix: int8 x int8 -> int32 matmuls too, on "
           "16x16x32 matrices">,
    Option<"subgroupSize", "subgroup-size", "int64_t", /*default=*/"32",
           "Invocations per subgroup (cooperative matrices, "
           "subgroup-contiguous loops)">,
    Option<"barrierAfterPrivatePhases", "barrier-after-private-phases",
           "bool", /*default=*/"true",
           "Also put a barrier after block loops that touch no workgroup "
           "memory (in functions that use workgroup memory)">,
    Option<"foldPartialsIntoInit", "fold-partials-into-init", "bool",
           /*default=*/"false",
           "Whole-workgroup reductions: invocation 0 folds the subgroup "
           "partials straight into the accumulator (one barrier and one "
           "branch fewer per reduction)">,
    Option<"privateReductionResults", "private-reduction-results", "bool",
           /*default=*/"false",
           "Whole-workgroup reductions to a scalar every invocation reads: "
           "each invocation folds the subgroup partials into its own copy "
           "(one barrier per reduction, no workgroup slot for the result)">,
    Option<"subgroupContiguous", "subgroup-contiguous", "bool",
           /*default=*/"false",
           "Loops that own no invocation-private element give each subgroup "
           "one contiguous span (rounds advance through it) instead of "
           "striding rounds over the whole workgroup">,
    Option<"broadcastSharedRows", "broadcast-shared-rows", "bool",
           /*default=*/"false",
           "FMA matmuls whose subgroups' lanes all own the same rows load "
           "each A element (up to 32 bits) once per subgroup (lane j the row "
           "of round j) and broadcast it (gpu.shuffle idx of a constant "
           "lane)">,
    Option<"narrowMatmulContiguity", "narrow-matmul-contiguity", "int64_t",
           /*default=*/"0",
           "Run length for functions with an FMA matmul that keeps fewer "
           "than 64 outputs per invocation (0: `contiguity`): each "
           "invocation then owns more rows and fewer columns, and reads "
           "fewer B elements per k">,
    Option<"maxMatmulAccumulators", "max-matmul-accumulators", "int64_t",
           /*default=*/"64",
           "Outputs an invocation of an FMA matmul keeps in registers across "
           "the K loop (more rounds run the K loop again)">,
    Option<"fullyUnrolledMatmulK", "fully-unrolled-matmul-k", "int64_t",
           /*default=*/"16",
           "FMA matmuls whose K extent is at most this unroll their K loop "
           "entirely (longer ones advance four steps per iteration)">,
    Option<"fullyUnrolledNarrowMatmulK", "fully-unrolled-narrow-matmul-k",
           "int64_t", /*default=*/"0",
           "The same for FMA matmuls whose A elements have at most 16 bits "
           "(0: fully-unrolled-matmul-k)">,
    Option<"matmulUnrollBudget", "matmul-unroll-budget", "int64_t",
           /*default=*/"0",
           "Unrolled multiply-accumulates per invocation that the FMA "
           "matmuls of a function with several may emit together: over it, "
           "no K block is unrolled entirely, then K loops stay rolled (0: no "
           "limit)">,
    Option<"subgroupOwnedRows", "subgroup-owned-rows", "bool",
           /*default=*/"false",
           "Attention's cooperative dots (a row-scaled accumulating matmul "
           "and the matmuls of its block with as many rows) give each "
           "subgroup whole rows where their tiles split so "
           "(for fragment-row-phases)">,
  ];
}

def EliminateRedundantBarriers
    : Pass<"eliminate-redundant-barriers", "func::FuncOp"> {
  let summary = "Remove the workgroup barriers no conflicting workgroup "
                "access needs";
  let description = [{
    Runs on distributed GPU code. Within a block, a `gpu.barrier` between
    two straight-line segments (back to the previous barrier kept, up to the
    next one) is removed when no workgroup buffer is written on one side and
    accessed on the other. Segments that reach the start or end of a region
    other than the function body, or hold a barrier in a nested region, keep
    their barriers; so do the kernel's own barriers (`tl.debug_barrier`).
    The last barrier of an `scf.for` body goes when what ran since the
    barrier before it conflicts neither with the body's tail, the next
    iteration's head (up to its first barrier) nor the code after the loop
    (up to the next barrier; to the kernel's end at function level).
  }];
  let dependentDialects = ["gpu::GPUDialect"];
}

def FuseElementwiseChains : Pass<"fuse-elementwise-chains", "func::FuncOp"> {
  let summary = "Fuse elementwise linalg chains so intermediates stay in "
                "registers, never duplicating a producer that writes memory";
  let description = [{
    Upstream elementwise fusion (with reshape propagation and constant
    folding), except that a producer whose body writes memory (atomics
    returning old values) is not fused: it could not be erased and would run
    twice. A producer with several consumers is fused into each of them when
    it is a little pure index/mask arithmetic (offsets, masks).
  }];
  let dependentDialects = ["linalg::LinalgDialect", "affine::AffineDialect",
                           "tensor::TensorDialect"];
}

def FuseRowPhases : Pass<"fuse-row-phases", "func::FuncOp"> {
  let summary = "Run a chain of row-local linalg ops on R x N tiles as one "
                "loop over rows";
  let description = [{
    Runs on buffers before distribute-to-workgroup. Consecutive row-local
    ops in one block (fills of R-vectors, `linalg.reduce` along dimension 1
    of an R x N tile, parallel generics over R or over R x N whose operands
    are whole tiles, R-vectors broadcast along rows, N-vectors along columns,
    or scalars), at least one of them a reduction, become one `scf.parallel`
    over rows marked `triton_spirv.row_phase`: each row runs the chain's ops
    in order on registers (columns unrolled, N <= 128), reading each element
    and R-vector entry once and storing R-vectors and tiles at the end. A
    tile is not stored when nothing reads it after the chain before a copy
    or fill overwrites it whole. Only tiles with at least `num-threads` rows
    qualify: distribute-to-workgroup gives such a loop one row per
    invocation. Online softmax (attention's row max, running-max update,
    exponentials and row sum) is then one phase instead of four. With
    `min-rows-after-dot`, chains that read a tile a `linalg.matmul` of the
    block wrote qualify from that many rows (fragment-row-phases then runs
    them on the dot's fragments, whatever the invocation count), and so
    does a reduction-free step between two dots; such chains may load a
    vector along the columns from global memory in a generic's body
    (`memref[offset + column]`, column j's written as the column-0 offset
    plus j). The tile such a step writes for a later matmul gets a buffer
    of its own when the block (or the loop's next iteration) then
    overwrites the old one whole, so that only the matmul reads it.
  }];
  let options = [
    Option<"numThreads", "num-threads", "int64_t", /*default=*/"128",
           "Invocations per workgroup (tiles need at least as many rows)">,
    Option<"minRowsAfterDot", "min-rows-after-dot", "int64_t",
           /*default=*/"0",
           "Rows from which a chain on a matmul's output qualifies (0: "
           "num-threads)">,
  ];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect",
                           "scf::SCFDialect"];
}

def ThreadIdFromSubgroups : Pass<"thread-id-from-subgroups", "func::FuncOp"> {
  let summary = "Number invocations by subgroup and lane instead of "
                "LocalInvocationId";
  let description = [{
    Replaces `gpu.thread_id x` with `gpu.subgroup_id * gpu.subgroup_size +
    gpu.lane_id`. Over a one-dimensional workgroup of whole subgroups this
    numbers the invocations 0..N-1 as well, and lane = id mod subgroup size
    holds by construction. llvmpipe computes LocalInvocationId per call of a
    subgroup with one integer division per lane (the workgroup size is a
    runtime value there), while the subgroup ID is a scalar and the lane a
    constant vector: a plain copy kernel runs 4-6% faster.
  }];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect"];
}

//===----------------------------------------------------------------------===//
// LinalgToGPU/Matmul: dots and their accumulation loops, toward FMA tiles or
// cooperative matrices.
//===----------------------------------------------------------------------===//

def AccumulateInPlace : Pass<"accumulate-in-place", "func::FuncOp"> {
  let summary = "Let an elementwise linalg.generic that produces an scf.for's "
                "next carried tensor write it into the carried tensor";
  let description = [{
    Runs on tensors before bufferization. A parallel `linalg.generic` in an
    `scf.for` body whose only result is yielded as carried value i, that
    reads carried value i with the output's indexing map and ignores its own
    init, gets the carried value as its init instead (the body reads it from
    the output argument). Bufferization then updates the carried buffer in
    place instead of allocating a result and copying it back each
    iteration (`acc += tl.load(...)` loops). Likewise an elementwise
    generic that reads a tensor last (every other user a linalg op before it
    in its block, only reading it) with its output's type and indexing writes
    its result there (attention's scores scaled, then exponentiated): no
    second block-sized buffer.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def BF16MatmulOperandsAsF16 : Pass<"bf16-matmul-operands-as-f16", "func::FuncOp"> {
  let summary = "Carry bf16 matmul operands as f16 bit patterns, so that "
                "they reach cooperative matrices";
  let description = [{
    For devices with bf16 cooperative matrices (VK_KHR_shader_bfloat16): a
    tensor linalg.matmul of bf16 A and B into f32 gets its operands through
    an elementwise bitcast to f16 (before a transpose that feeds it, so
    that the transpose still folds into the fragment loads) and is marked
    `triton_spirv.bf16_operands`. The gpu dialect's MMA types and loads
    take no bf16; the bits travel as f16 until convert-kernel-to-spirv
    retypes the marked fragments to bf16 cooperative matrices. A marked
    matmul that distribute-to-workgroup does not put on cooperative
    matrices gets its bf16 widening back there.
  }];
  let dependentDialects = ["linalg::LinalgDialect", "arith::ArithDialect",
                           "tensor::TensorDialect"];
}

def HoistInvariantFragments : Pass<"hoist-invariant-fragments", "func::FuncOp"> {
  let summary = "Load cooperative-matrix fragments of a tile no loop "
                "iteration writes once, before the loop";
  let description = [{
    A gpu.subgroup_mma_load_matrix in an scf.for body reading a workgroup
    buffer that nothing in the loop writes, whose writes all precede the
    loop in its block with a gpu.barrier after them, moves in front of the
    loop with the pure index arithmetic it needs (attention's Q block: its
    fragments then stay in registers). Loops that would hold more than
    `max-fragments` such fragments are left alone: 16 (head_dim 128 at 32
    rows per subgroup, 64 registers) made attention 128x32 9-17% slower on
    the H200 than loading them every block; 8 (head_dim 64) gains.
  }];
  let options = [
    Option<"maxFragments", "max-fragments", "int64_t", /*default=*/"8",
           "Most fragments hoisted out of one loop (registers they hold)">,
  ];
}

def InterchangeAccumulationLoops
    : Pass<"interchange-accumulation-loops", "func::FuncOp"> {
  let summary = "Accumulate an invocation's elements one run at a time";
  let description = [{
    Runs on distributed GPU code. A private array that a nest fills, block
    loops update element by element (`acc += f(tl.load(...))`) and a
    reduction's fold reads once, every nest visiting it in order, shrinks to
    one run of the invocation's elements: the block loops move inside the
    loop over runs, each run is filled, updated and folded before the next.
    Each block loop's first iteration is peeled and both parts run under a
    uniform `scf.if`: a block as wide as the row needs one iteration, and
    llvmpipe pays for every loop it enters. Every element sees the same
    operations in the same order, so results are bit-identical. For
    llvmpipe, which accesses a private array with run-time indices lane by
    lane (layer norm's accumulators at BLOCK 8192: 128 elements per
    invocation), while a run's array stays in registers.
  }];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect",
                           "scf::SCFDialect"];
}

def TransposeColumnLoads : Pass<"transpose-column-loads", "func::FuncOp"> {
  let summary = "Load a block whose memory runs down its columns in memory "
                "order, then transpose it (absorbed by cooperative matmuls)";
  let description = [{
    On tensors, before bufferization. A 2-D `linalg.generic` that fills a
    fresh tensor from one global `memref.load` (masked or not) whose address
    steps by one element along dim 0 and by anything but 0 or 1 along dim 1,
    a constant or a run-time stride (attention's K^T block through
    transposed pointers, the B operand of `x @ w.T`), from scalar inputs
    only, and that only f16/bf16 matmuls (with `int8`, int8 ones too) with
    fragment-sized dimensions read, becomes the same load over the swapped
    iteration space (a row-contiguous block: vector loads, vector workgroup stores) followed
    by a `linalg.transpose`. The cooperative-matrix lowering reads the
    transpose's source column-major instead of copying it. Run only where
    the profile has cooperative matrices.
  }];
  let options = [
    Option<"int8", "int8", "bool", /*default=*/"false",
           "int8 matmuls run on cooperative matrices too (their B fragments "
           "then come column-major: K-contiguous, as integer tensor cores "
           "read them)">,
  ];
  let dependentDialects = ["linalg::LinalgDialect", "tensor::TensorDialect"];
}

//===----------------------------------------------------------------------===//
// LinalgToGPU/Fragments: attention's row phases and epilogues on
// cooperative-matrix fragments.
//===----------------------------------------------------------------------===//

def FragmentEpilogue : Pass<"fragment-epilogue", "func::FuncOp"> {
  let summary = "Keep a cooperative-matrix matmul's accumulator out of "
                "workgroup memory: constant fragments, fragment-wise epilogue";
  let description = [{
    Runs on distributed GPU code after the cooperative-matrix lowering. For
    a workgroup alloc C that fragments are stored into:
    `gpu.subgroup_mma_load_matrix` of C when every earlier store into C
    writes one constant becomes `gpu.subgroup_mma_constant_matrix` (the fill
    is erased); and when C's remaining uses are those fragment stores (one
    block) and the reads of one distributed loop over C's elements (`iv +
    thread_id * width`, C read at that element), the loop runs fragment by
    fragment instead: each subgroup stores the fragment into its own 16x16
    scratch tile, a barrier, its lanes run the loop body for the fragment's
    elements. C is erased; the scratch needs 1 KiB (f32) per subgroup.
  }];
  let options = [
    Option<"subgroupSize", "subgroup-size", "int64_t", /*default=*/"32",
           "Invocations per subgroup">
  ];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect",
                           "memref::MemRefDialect", "scf::SCFDialect"];
}

def FragmentRowPhases : Pass<"fragment-row-phases", "func::FuncOp"> {
  let summary = "Run attention's row phase on the cooperative-matrix "
                "fragments of S and P instead of through workgroup memory";
  let description = [{
    Runs right after distribute-to-workgroup, on devices whose 16x16
    fragments hold rows l/4 and l/4 + 8 in invocation l (components 0-3 and
    4-7, a row's columns spread over a quad) with accumulators in the A
    operand's component order. Matches fragment stores of f32 dot outputs
    (S; attention backward's dQ: S and dP, stored with the same tiling), a
    barrier, a straight-line row phase (invocation t handles row t, under
    `if t < rows` when there are fewer rows than invocations: loads
    S[t, j], per-row state X[t], stores f16 P[t, j]) and a barrier after
    which P is read only as A fragments. Each subgroup must hold whole rows
    of S, the P fragments it loads among them, and every column's element
    code must be column 0's. Each invocation then runs the phase for its 4
    components of each of its rows (element code per component, a row
    reduction as a fold plus two xor shuffles, per-row code once per row,
    state stored by the quad's first invocation) and builds P's A fragments
    from its elements. S's stores, P's buffer and the barrier before the
    phase go. The phase may also read vectors along the columns from global
    memory (column j at `base + offset + j`: attention backward's dK/dV lse
    and delta), loaded at each component's column, use values defined
    before it shifted by the column (column j's code on start + j where
    column 0's uses start: the causal mask), computed per component, and
    write a score buffer back in place: its fragments are then stored where
    S's were, for a later phase that takes their values.

    Per-row state the phases of a loop body read and write (attention's
    running max and sum) is then carried through the loop as iteration
    arguments, each invocation holding its quad's rows: loaded once in front
    of the loop (or taken from the previous such loop), stored once after
    it, where the loop touches the buffer only there, the rows are provably
    distinct and the loop's estimated registers per invocation (iteration
    arguments, fragments read from outside, scores, its share of the staged
    tiles) are at most carry-state-register-limit: spills where the driver
    is at its register limit cost more than the loads save.
  }];
  let options = [
    Option<"numThreads", "num-threads", "int64_t", /*default=*/"128",
           "Invocations per workgroup">,
    Option<"subgroupSize", "subgroup-size", "int64_t", /*default=*/"32",
           "Invocations per subgroup (the layout needs 32)">,
    Option<"carryStateRegisterLimit", "carry-state-register-limit",
           "int64_t", /*default=*/"0",
           "Carry per-row state through loops holding at most this many "
           "registers per invocation in registers (0: never)">
  ];
  let dependentDialects = ["arith::ArithDialect", "gpu::GPUDialect",
                           "memref::MemRefDialect", "scf::SCFDialect"];
}

//===----------------------------------------------------------------------===//
// LinalgToGPU/Staging: global tiles staged in workgroup memory.
//===----------------------------------------------------------------------===//

def DoubleBufferWorkgroupTiles
    : Pass<"double-buffer-workgroup-tiles", "func::FuncOp"> {
  let summary = "Alternate two copies of a K loop's staged workgroup tiles so "
                "one barrier per iteration suffices";
  let description = [{
    Runs on distributed GPU code. An `scf.for` whose body has two barriers,
    the second just before the yield, whose workgroup accesses are stores
    into tiles before the first barrier and loads (memref, vector or
    cooperative-matrix) after it, the tiles being allocs used only in the
    loop (one the body allocates moves in front of it): each tile gets a leading dimension of 2, iteration i uses copy
    ((iv - lb) / step) % 2, and the second barrier is removed (the next
    writer of a copy is two iterations later, past a barrier every reader
    of it has reached). Skipped when the copies would exceed
    `workgroup-bytes` of workgroup memory in the function, and with
    `fragment-loops-only` when no tile read is a cooperative-matrix load.
  }];
  let options = [
    Option<"workgroupBytes", "workgroup-bytes", "int64_t", /*default=*/"16384",
           "Workgroup memory the device gives one workgroup">,
    Option<"fragmentLoopsOnly", "fragment-loops-only", "bool", /*default=*/"false",
           "Only loops that read their tiles as cooperative-matrix fragments">
  ];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect"];
}

def GroupTileStaging : Pass<"group-tile-staging", "func::FuncOp"> {
  let summary = "Move each tile staging op of a block up to the previous one";
  let description = [{
    Runs on buffers before distribute-to-workgroup. A staging op is a
    `linalg.generic` with scalar inputs whose outputs are block allocations
    and whose body reads only kernel arguments (global tile -> workgroup
    tile). It moves right after the previous staging op of its block (with
    the allocations of its outputs) when no op in between touches its
    outputs, writes a kernel argument, or is other than a pure op, an
    allocation, a copy or a linalg op, and everything it uses is defined
    before. Attention's V tile is then staged beside K at the top of the key
    loop, and with `share-barriers` the two phases end with one barrier.
  }];
  let dependentDialects = ["linalg::LinalgDialect"];
}

def PadWorkgroupRows : Pass<"pad-workgroup-rows", "func::FuncOp"> {
  let summary = "Lengthen the rows of workgroup buffers whose row length is a "
                "multiple of the shared-memory bank row";
  let description = [{
    A workgroup `memref.alloc` (rank >= 2, static, identity layout) whose
    rows are a multiple of `bank-bytes` long puts one column of every row in
    the same bank: accesses of a subgroup that walk a column over several
    rows (row reductions, cooperative-matrix loads and stores) serialize.
    Its last dimension grows by `pad-bytes`; element accesses keep their
    indices and `gpu.subgroup_mma_load_matrix`/`store_matrix` get the padded
    row as their leading dimension. Buffers with any other use are left
    alone.
  }];
  let options = [
    Option<"bankBytes", "bank-bytes", "int64_t", /*default=*/"128",
           "Bytes of one row of shared-memory banks (0: no padding)">,
    Option<"padBytes", "pad-bytes", "int64_t", /*default=*/"16",
           "Bytes added to each such row">,
  ];
  let dependentDialects = ["memref::MemRefDialect"];
}

def PrefetchWorkgroupTiles : Pass<"prefetch-workgroup-tiles", "func::FuncOp"> {
  let summary = "Load the next iteration's workgroup-memory tiles while the "
                "current ones are used (register prefetch)";
  let description = [{
    Runs on distributed GPU code. In an `scf.for` with a barrier that writes
    no global memory, constant-trip loop nests that copy global loads into
    workgroup memory are unrolled; each stored value is computed for
    iteration i+d at the top of iteration i (d = `distance`; past the end the
    iteration's own values, so no branch surrounds the loads) and carried as
    loop values, a guarded prologue computes the first d, and the stores
    write the values carried in. The global loads of the next tile then overlap
    the barrier and the work on the current one. A barrier between two such
    store phases into different tiles (no workgroup reads on either side)
    orders nothing afterwards and is dropped. The values carried and the
    loop's cooperative-matrix accumulators share a register budget: with
    many accumulator fragments per subgroup (4x4), d shrinks rather than
    spill.
  }];
  let options = [
    Option<"distance", "distance", "int64_t", /*default=*/"1",
           "Iterations ahead of its use each tile is loaded">,
    Option<"elementTileDistance", "element-tile-distance", "int64_t",
           /*default=*/"0",
           "At most this distance in loops that read no cooperative-matrix "
           "fragments (0: no limit)">,
    Option<"subgroupSize", "subgroup-size", "int64_t", /*default=*/"32",
           "Invocations per subgroup (a cooperative-matrix accumulator's "
           "registers per invocation)">
  ];
  let dependentDialects = ["arith::ArithDialect", "scf::SCFDialect"];
}

def RecomputeStagedTiles
    : Pass<"recompute-staged-tiles", "func::FuncOp"> {
  let summary = "Read a staged global tile's elements at their source";
  let description = [{
    Runs on distributed GPU code. A read of a workgroup tile whose nearest
    writer before it is a staging loop that writes the whole tile (marked
    `triton_spirv.writes_whole_buffer`) storing `tile[i, j] = f(i, j)` (f a
    mask-free chain of arithmetic and kernel-argument loads over the store's
    indices and values fixed before the loop) computes f at its own indices
    instead, as a lane of one aligned `vector-bytes` load: a copy's reads
    are recomputed only when every one of them can be (the element function
    moves one element per column, the first column is aligned) and the copy
    is made in a loop they are in. Staging
    stores whose reads were all recomputed go, and so do the barriers in
    loop bodies that then touch no workgroup memory. For devices whose
    workgroup memory is no faster than global memory (lavapipe: host memory
    either way).
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Bytes of the aligned vector loads that serve reads of "
           "consecutive columns">,
  ];
  let dependentDialects = ["gpu::GPUDialect", "vector::VectorDialect"];
}

def ShareWorkgroupBuffers : Pass<"share-workgroup-buffers", "func::FuncOp"> {
  let summary = "One workgroup buffer for same-typed block temporaries that "
                "are never live at once";
  let description = [{
    Workgroup `memref.alloc`s of one type whose uses (accesses and views
    only) lie in disjoint ranges of the function's top-level ops become one
    buffer, moved to the function's entry: a kernel with two loops over the
    same tiles (causal attention) needs the tiles' memory once. Only ranges
    with a top-level `gpu.barrier` between them are merged (it orders the
    earlier buffer's last use before the later one's first); none is added.
  }];
  let dependentDialects = ["gpu::GPUDialect", "memref::MemRefDialect"];
}

//===----------------------------------------------------------------------===//
// LinalgToGPU/Vectorization: vector code for contiguous runs.
//===----------------------------------------------------------------------===//

def SubstituteInductionTensors : Pass<"substitute-induction-tensors", "func::FuncOp"> {
  let summary = "Replace tensors carried by scf.for and advanced by a "
                "loop-invariant increment with p0 + i * d";
  let description = [{
    Runs on linalg on tensors. A tensor iter_arg of integers whose next value
    is an elementwise `p + d` (a linalg.generic reading p at its own index),
    with d loop-invariant and the loop's result for it unused, is replaced in
    the body by a generic computing `p0 + i * d` (i = (iv - lb) / step); the
    iter_arg becomes invariant and canonicalization removes it. Pointer
    tensors advanced through a K loop then fuse into their loads as address
    arithmetic instead of living in memory across iterations.
  }];
  let dependentDialects = ["linalg::LinalgDialect", "arith::ArithDialect"];
}

def UnswitchAlignmentVersions
    : Pass<"unswitch-alignment-versions", "func::FuncOp"> {
  let summary = "Check a vectorized run's alignment once, before the loops "
                "it does not depend on";
  let description = [{
    vectorize-contiguous-runs versions a run whose alignment rests on
    run-time values (a `tl.multiple_of` hint on an address read from memory,
    a loaded stride): an `scf.if` marked `triton_spirv.alignment_version`
    takes the vector copy when those values are multiples of the width.
    Inside a K loop that branch surrounds every staging round, and with the
    stores in its branches prefetch-workgroup-tiles cannot carry the loaded
    values to the next iteration. Where the condition depends only on values
    from outside an enclosing `scf.for` (its pure computation is cloned in
    front), the outermost such loop is duplicated once under the conjunction
    of all its versions' conditions: the first copy takes every vector
    branch, the second every original one (always valid). Both copies are
    then branch-free straight-line staging. Workgroup buffers the loop body
    allocates move in front of it, one for both copies (double buffering
    then finds them outside the loop, and the copies do not count twice).
  }];
  let dependentDialects = ["arith::ArithDialect", "scf::SCFDialect"];
}

def VectorizeContiguousRuns : Pass<"vectorize-contiguous-runs", "func::FuncOp"> {
  let summary = "Widen each invocation's contiguous runs into vector code with "
                "aligned vector loads/stores of kernel-argument buffers";
  let description = [{
    Runs after distribute-to-workgroup. A run loop (`triton_spirv.contiguous_run`)
    whose body is element-wise arith/math, loads, stores and ifs becomes a
    loop over vectors of `vector-bytes / widest global element` lanes.
    Loads/stores of kernel arguments whose index is lane-consecutive and
    provably aligned (tt.divisibility of the base and of the index terms)
    become one `vector.load`/`vector.store`; other accesses stay per lane.
    An access under a per-element mask becomes the vector access when every
    lane is inside, else the original code per lane.
    With `runtime-alignment-checks`, a run whose contiguous accesses (or
    `linear < bound` masks) miss only the divisibility of values computed
    before the run (a row offset `row * stride` with a stride Triton did not
    specialize, an odd-looking bound) is versioned: `scf.if` every such value
    is a multiple of the width, the widened run with those accesses as
    vectors, else the run as before. A run with an access that carries
    `triton_spirv.hinted_alignment` (tl.multiple_of) is versioned so without
    the option, and a view of an address read from memory joins the check
    (its address a multiple of the vector's bytes): the hint decides that the
    check pays, the check keeps a hint that does not hold harmless.
    Workgroup allocs that every run loads/stores as whole aligned vectors
    (and cooperative-matrix ops read or write at vector-aligned columns)
    become arrays of `vector<lanes x T>`: one shared-memory access per run.
  }];
  let dependentDialects = ["vector::VectorDialect", "arith::ArithDialect",
                           "scf::SCFDialect"];
  let options = [
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Bytes per vector access (0 disables the pass)">,
    Option<"runtimeAlignmentChecks", "runtime-alignment-checks", "bool",
           /*default=*/"false",
           "Runs whose accesses are aligned and whose masks are uniform when "
           "some values set before the run are multiples of the vector "
           "width get a vector copy, taken when they are">,
    Option<"wrappedOffsets", "wrapped-offsets", "bool", /*default=*/"true",
           "Offsets wrapped by a remainder (`offs % N`) count as consecutive "
           "over aligned vectors when N is a multiple of the width and the "
           "dividend is not negative (checked at run time where unproven: a "
           "vector copy), and indices kept in workgroup or private buffers "
           "are recomputed for vector accesses">,
  ];
}

//===----------------------------------------------------------------------===//
// LinalgToGPU/FloatEmulation: float conversions and exact float ops SPIR-V
// lacks, narrow floats kept as integers.
//===----------------------------------------------------------------------===//

def EmulateFloatConversions : Pass<"emulate-float-conversions", "func::FuncOp"> {
  let summary = "fp8 memory as i8, fp8 conversions as integer code, and "
                "truncf toward zero without rounding-mode decorations";
  let description = [{
    Vulkan allows FPRoundingMode only on conversions stored straight to
    16-bit memory: arith.truncf toward zero becomes a nearest-even truncf
    stepped one ulp toward zero where it rounded away.
    SPIR-V has no 8-bit float type. Memrefs of f8E5M2/f8E4M3FN become i8,
    values carried by scf travel as i8, and arith.extf/truncf to or from fp8
    become integer code: exact widening, and narrowing that rounds to
    nearest even (toward zero for rtz) and saturates finite overflow like
    Triton's CUDA backend. Any other fp8 arithmetic is rejected.
  }];
  let dependentDialects = ["arith::ArithDialect", "math::MathDialect",
                           "memref::MemRefDialect"];
}

def ExactFloatOps : Pass<"exact-float-ops", "func::FuncOp"> {
  let summary = "tl.fma with one rounding and the _rn sqrt and division "
                "correctly rounded where the device's instructions are not";
  let description = [{
    Runs on linalg before any pass creates math.fma of its own. With `fma`,
    every f32 math.fma becomes an exact f64 product and a round-to-odd f64
    sum rounded once to f32, and every f64 math.fma Boldo and Melquiond's
    emulation (Dekker's exact product, TwoSums, a round-to-odd low sum),
    extreme operands keeping a*b + c: llvmpipe splits Fma into a multiply and
    an add. f16 and bf16 fma (with `fma`, bf16 also with `bf16-fma`) become
    an exact f64 product and a round-to-odd sum rounded once to the type: a
    bf16 fma is otherwise f32's, rounded twice (NVIDIA). With
    `sqrt-div-via-f64`, f32 math.sqrt and arith.divf marked
    `triton_spirv.correctly_rounded` are computed in f64 and rounded once:
    NVIDIA's f32 Sqrt and FDiv are approximations. The marker is dropped
    either way. f64 addf/subf marked `triton_spirv.round_to_odd` (libdevice's
    directed-rounding f32 sums) are always rounded to odd. The expansions
    compute in f64, which spirv-keep-arithmetic-exact decorates NoContraction
    (no driver may fuse or reassociate them).
  }];
  let options = [
    Option<"expandFma", "fma", "bool", /*default=*/"false",
           "Expand math.fma of f32, f64, f16 and bf16 into exactly rounded "
           "arithmetic">,
    Option<"expandBF16Fma", "bf16-fma", "bool", /*default=*/"false",
           "Expand math.fma of bf16 so (no device has a bf16 fma here: an f32 "
           "fma rounded to bf16 rounds twice)">,
    Option<"viaFloat64Ops", "sqrt-div-via-f64", "bool", /*default=*/"false",
           "Compute correctly rounded f32 sqrt and division in f64">,
  ];
  let dependentDialects = ["arith::ArithDialect", "math::MathDialect"];
}

def StoreBF16AsI16 : Pass<"store-bf16-as-i16", "func::FuncOp"> {
  let summary = "Keep bf16 in memory as i16 (bitcasts at loads and stores)";
  let description = [{
    For devices without a bf16 type: memrefs of bf16 become memrefs of i16,
    loads and stores bitcast. bf16 arithmetic is then emulated in f32 by
    upstream arith-emulate-unsupported-floats and arith-expand. With
    container=f16 the bits live in f16 memory instead (the device profile's
    choice: NVIDIA's compiler moves f16 data far faster than 16-bit
    integers). Scalar bf16 arguments arrive as i16 either way.
  }];
  let options = [
    Option<"container", "container", "std::string", /*default=*/"\"i16\"",
           "Memory element type holding bf16 bits: i16 or f16">,
  ];
  let dependentDialects = ["arith::ArithDialect", "memref::MemRefDialect"];
}

//===----------------------------------------------------------------------===//
// GPUToSPIRV: the kernel to the SPIR-V dialect, and SPIR-V module rewrites
// (lib/Conversion/GPUToSPIRV).
//===----------------------------------------------------------------------===//

def ConvertKernelToSPIRV : Pass<"convert-kernel-to-spirv", "ModuleOp"> {
  let summary = "Convert gpu.module kernels to spirv.module (upstream GPU, SCF, "
                "arith, math, memref, func patterns plus ours: atomics)";
  let options = [
    Option<"vectorsAsInt64", "vectors-as-int64", "bool", /*default=*/"false",
           "Access 8-byte vectors of kernel-argument buffers as one 64-bit "
           "integer (bitcast to and from the vector)">,
    Option<"nativeMaxNum", "native-max-num", "bool", /*default=*/"false",
           "arith.maxnumf/minnumf become a bare GLSL FMax/FMin: the "
           "driver's own return the non-NaN operand (NVIDIA), so no NaN "
           "tests and selects around them">,
    Option<"accurateTranscendentals", "accurate-transcendentals", "bool",
           /*default=*/"false",
           "f32 sin, cos, log and log2 as arithmetic within 2 ulp (argument "
           "reduction in f64, polynomials) instead of GLSL's, which Vulkan "
           "bounds only in absolute error (NVIDIA: millions of ulp near "
           "their zeros)">,
  ];
  let dependentDialects = ["spirv::SPIRVDialect"];
}

def GuardZeroTripLoops : Pass<"guard-zero-trip-loops", "gpu::GPUModuleOp"> {
  let summary = "Wrap scf.for loops with results in an scf.if on their trip "
                "condition";
  let description = [{
    Upstream SCF-to-SPIR-V keeps an scf.for's results in function variables
    that only the loop body stores: a loop that runs zero times yields
    undefined values instead of its init values (a 1-D reduction with one
    element per invocation summed to 0 on lavapipe). Each scf.for with
    results whose bounds do not prove a first iteration runs under
    `scf.if lb < ub` (unsigned for unsignedCmp loops), the else branch
    yielding the init values.
  }];
  let dependentDialects = ["scf::SCFDialect", "arith::ArithDialect"];
}

def SPIRVCompleteVCE
    : Pass<"spirv-complete-vce", "spirv::ModuleOp"> {
  let summary = "Complete spirv-update-vce's version/capability/extension "
                "triple: the target's SPIR-V version, Int64Atomics";
  let description = [{
    Run after spirv-update-vce: entry points that read push constants must
    list them in OpEntryPoint, which needs SPIR-V 1.4 or newer, so the
    module declares the target environment's version; extensions that are
    core at that version are dropped. 64-bit atomics need Int64Atomics,
    which spirv-update-vce does not infer.
  }];
}

def SPIRVExecutionOnlyBarriers
    : Pass<"spirv-execution-only-barriers", "spirv::ModuleOp"> {
  let summary = "Workgroup barriers without memory semantics where one thread "
                "runs a workgroup";
  let description = [{
    For devices that run all invocations of a workgroup on one CPU thread
    (llvmpipe: a subgroup per coroutine, a barrier switches coroutines), so
    that reaching a barrier already orders every access before it against
    every access after it. A `spirv.ControlBarrier` at workgroup scope whose
    semantics order workgroup memory only loses them (llvmpipe emits a
    sequentially consistent fence, `mfence`, for any semantics, once per
    subgroup). Every access to workgroup memory becomes Volatile, so that
    the driver's compiler, which reasons about one invocation at a time,
    neither forwards nor drops accesses across such a barrier. Barriers
    that order other memory (the kernel's `tl.debug_barrier`, an atomic's
    result shared) keep their semantics. Runs before
    spirv-spill-workgroup-memory, which keeps the Volatile mark on the
    accesses it moves to global memory and adds no semantics to these
    barriers. Only for drivers that keep execution-only barriers (Mesa 25's
    lavapipe; under Mesa 22.3's, results were wrong).
  }];
}

def SPIRVKeepArithmeticExact
    : Pass<"spirv-keep-arithmetic-exact", "spirv::ModuleOp"> {
  let summary = "Keep drivers from rewriting arithmetic whose result Triton defines";
  let description = [{
    Triton's arithmetic means what LLVM's does: float operations in the order
    written (multiply-adds may contract into one fused operation, as
    Triton-CUDA's `enable_fp_fusion` allows), integers wrapping at their
    width, a float converted to a 64-bit integer then truncated keeping its
    low bits. Vulkan drivers may rewrite SPIR-V arithmetic that is not
    decorated `NoContraction`, and NVIDIA's does rewrite some of it into other
    answers (fuzzer findings on the H100, docs/fuzzing.md). Always
    `NoContraction`: f64 arithmetic (Mesa's NIR merged two-part constants)
    and conversions that widen a float or make an integer of one, unless
    their operand was loaded from memory (Mesa folded conversion chains,
    skipping the inner rounding). Each option keeps one more kind exact:

    - `exact-half-arithmetic` (CPU devices): f16 arithmetic, which lavapipe
      computes in f32 and whose roundings between operations it dropped.

    - `contract-products=false` (Triton's `enable_fp_fusion=False`): every f16
      and f32 `FAdd`, `FSub` and `FMul` is `NoContraction`.
    - `ordered-float-arithmetic`: f16 and f32 `FAdd`, `FSub` and `FMul` are
      `NoContraction` except a multiply whose one user is an add or subtract
      of its block, and that add or subtract: `(a + b) + b` stays two adds
      (NVIDIA computed `a + 2b`), while `a * b + c` may still become a fused
      multiply-add.
    - `wrap-narrow-integers`: 8- and 16-bit `IAdd`, `ISub`, `IMul`,
      `ShiftLeftLogical` and `SNegate` compute in 32 bits and wrap explicitly
      (shift left, arithmetic shift right), then truncate: NVIDIA compared a
      16-bit `-(x << 15)` that overflowed as +32768.
    - `split-wide-truncations`: a 64-bit integer made by `ConvertFToU` or
      `ConvertFToS` and truncated to a narrower integer gets its low word
      without the 64-bit conversion: the float's magnitude modulo 2^32
      (exact in its own type), converted to 32 bits and negated for a
      negative signed source. NVIDIA turned `f32 -> u64 -> i32` into one
      saturating conversion, also where the low word was read through a
      bitcast.
  }];
  let options = [
    Option<"contractProducts", "contract-products", "bool", "true",
           "Float multiply-adds may become fused multiply-adds">,
    Option<"orderedFloatArithmetic", "ordered-float-arithmetic", "bool",
           "false", "NoContraction on float arithmetic no multiply-add can "
           "contract">,
    Option<"wrapNarrowIntegers", "wrap-narrow-integers", "bool", "false",
           "8- and 16-bit arithmetic in 32 bits, wrapped explicitly">,
    Option<"splitWideTruncations", "split-wide-truncations", "bool", "false",
           "Truncations of float -> 64-bit integer conversions computed "
           "from the float's remainder modulo 2^32">,
    Option<"exactHalfArithmetic", "exact-half-arithmetic", "bool", "false",
           "NoContraction on f16 arithmetic">,
  ];
}

def SPIRVLoopControl : Pass<"spirv-loop-control", "spirv::ModuleOp"> {
  let summary = "Tell the driver's compiler which loops not to unroll";
  let description = [{
    Sets `DontUnroll` on the `spirv.mlir.loop`s of the classes the profile
    names (comma-separated): `all`; `workgroup-memory`, loops that load or
    store workgroup memory at any depth; `nested-global`, loops inside
    a loop with a run-time trip count that touch no workgroup memory and index
    no function-storage array (their unrolled global accesses re-run every
    outer iteration); `short-matrix-loops`, loops of cooperative-matrix
    multiply-adds whose trip count is a constant of at most 8, even between
    run-time bounds (NVIDIA unrolls those entirely, and the copies crowd out
    the main loop's code); `paired-matrix-loops`, the other loops of
    cooperative-matrix multiply-adds in a function with a short one whose
    iterations start at least 4 products from an accumulator defined outside
    the loop (causal attention's key loop at 128-row tiles; fewer products
    gain from the driver's unrolling); `none`. Loops that already carry a loop control
    keep it. llvmpipe turns each memory access into a loop over the lanes: unrolled loops of
    workgroup accesses took some scan kernels tens of seconds to compile,
    and unrolled global-access loops inside a kernel's column loop ran
    slower than rolled ones.
  }];
  let options = [
    Option<"dontUnroll", "dont-unroll", "std::string", "\"none\"",
           "Loop classes to mark DontUnroll: none, all, workgroup-memory, "
           "nested-global, short-matrix-loops, paired-matrix-loops "
           "(comma-separated)">,
  ];
}

def SPIRVPushConstantABI : Pass<"spirv-push-constant-abi", "spirv::ModuleOp"> {
  let summary = "Pass kernel arguments in a push-constant block, pointers as "
                "64-bit buffer device addresses";
  let description = [{
    Rewrites each entry-point spirv.func's arguments into fields of one
    push-constant struct (scalar layout): pointers become i64 device addresses
    converted with OpConvertUToPtr to PhysicalStorageBuffer pointers; scalars
    are passed by value. When the block exceeds `max-push-constant-bytes`, the
    push constant holds a single i64 address of an argument block in memory.
    The chosen layout is recorded in `triton_spirv.abi` on the function.
  }];
  let options = [
    Option<"maxPushConstantBytes", "max-push-constant-bytes", "int64_t",
           /*default=*/"128", "The device's maxPushConstantsSize">,
  ];
}

def SPIRVRebroadcastUniforms
    : Pass<"spirv-rebroadcast-uniforms", "spirv::ModuleOp"> {
  let summary = "Read subgroup-uniform values again after each workgroup "
                "barrier, through a subgroup broadcast";
  let description = [{
    After each workgroup `spirv.ControlBarrier`, a value that is the same in
    every invocation of a subgroup (derived from constants, push constants
    and the workgroup/subgroup ids and counts through pure operations),
    defined before the barrier and used after it in the barrier's block, is
    replaced there by `spirv.GroupNonUniformBroadcast` of lane 0 (64-bit
    scalars as two 32-bit words unless `extended-types` says the device's
    subgroup operations take them); physical-storage-buffer pointers are
    computed again from such values. llvmpipe saves values live across a
    barrier as per-lane vectors and then rebuilds each address lane by lane;
    the broadcast tells it they are uniform again. Run after the push-constant
    ABI pass and before spirv-update-vce (the broadcast needs
    GroupNonUniformBallot).
  }];
  let options = [
    Option<"extendedTypes", "extended-types", "bool", /*default=*/"false",
           "The device's subgroup operations take 8-, 16- and 64-bit values "
           "(shaderSubgroupExtendedTypes): broadcast those directly">,
  ];
}

def SPIRVResolveWorkgroupPointerSelects
    : Pass<"spirv-resolve-workgroup-pointer-selects", "spirv::ModuleOp"> {
  let summary = "Access both workgroup buffers instead of a selected pointer";
  let description = [{
    A `spirv.Select` between workgroup pointers (an `if` yielding one of two
    staged blocks) needs VariablePointers, and NVIDIA's driver read the wrong
    buffer through one. Where every use of the select is an access chain to
    an element that is plainly loaded or stored, each load reads the element
    of both buffers and selects the value, and each store writes the chosen
    buffer's element under a branch. Other selects stay.
  }];
}

def SPIRVWidenInt16WorkgroupVariables
    : Pass<"spirv-widen-int16-workgroup-variables", "spirv::ModuleOp"> {
  let summary = "Hold 16-bit integer workgroup arrays in 32-bit elements";
  let description = [{
    For drivers that lose the sign of 16-bit integers loaded from workgroup
    memory (NVIDIA: an int16 cummin staged in workgroup memory took
    min(-26, 25) as 25, with its compares widened too). Workgroup variables that are arrays (or
    single-array structs) of i16 or i16 vectors, used only through element
    access chains that are loaded and stored, get 32-bit elements: stores
    sign-extend with `spirv.SConvert`, loads truncate back to i16 and keep
    their memory-access attributes. Other variables keep their types.
  }];
}

def SPIRVPadWorkgroupVariables
    : Pass<"spirv-pad-workgroup-variables", "spirv::ModuleOp"> {
  let summary = "Round every workgroup variable up to a multiple of 16 bytes";
  let description = [{
    Cooperative-matrix loads and stores need 16-byte aligned pointers, and
    workgroup variables have no explicit layout: a driver that places them one
    after another at their types' alignment (NVIDIA's) put a dot's staged
    operands 8 bytes off 16 behind a reduction's 4- or 8-byte result, and the
    dot read garbage. Padding each variable's array (or single-array struct)
    of scalars or vectors to a multiple of 16 bytes keeps the next one on a
    16-byte boundary. Variables whose address is used other than through
    `spirv.AccessChain` keep their type.
  }];
}

def SPIRVSpillWorkgroupMemory
    : Pass<"spirv-spill-workgroup-memory", "spirv::ModuleOp"> {
  let summary = "Move Workgroup variables beyond the device's limit into a "
                "per-program slice of a global scratch buffer";
  let description = [{
    When the module's Workgroup variables exceed `max-workgroup-bytes`,
    movable ones (whose only uses are access chains, loads, stores and
    cooperative-matrix loads/stores in the single entry point) move to
    global memory until the rest fits: the set with the fewest accesses
    (weighted 8x per enclosing loop) that frees enough, or with
    `loop-staged` the largest first. With `loop-staged`, every movable
    variable that one structured loop both stores to and loads from moves
    too, whatever the limit (on llvmpipe a workgroup load at lane-varying
    addresses goes lane by lane, a global one is a gather). The entry point gets three trailing
    arguments, named in `triton_spirv.hidden_arguments`: `scratch` (i64
    address of the launch's scratch buffer), `grid_x`, `grid_y` (i32 grid
    extents); its workgroup's slice starts at scratch + linear workgroup id
    * `triton_spirv.scratch_bytes_per_program`. Accesses become Aligned
    PhysicalStorageBuffer accesses on an explicitly laid out copy of the
    variable's type, and the kernel's barriers also order UniformMemory:
    only those outside loops and branches where no barrier-holding loop
    stores to a moved variable and top-level barriers separate such stores
    from those loops, every barrier otherwise.
  }];
  let options = [
    Option<"maxWorkgroupBytes", "max-workgroup-bytes", "int64_t",
           /*default=*/"32768", "The device's maxComputeSharedMemorySize">,
    Option<"loopStaged", "loop-staged", "bool", /*default=*/"false",
           "Also move every variable that one loop both stores to and "
           "loads from (tiles staged each iteration), whatever the limit">,
  ];
}

//===----------------------------------------------------------------------===//
// Pipeline: the SPIR-V binary (lib/Pipeline).
//===----------------------------------------------------------------------===//

def SerializeSPIRV : Pass<"serialize-spirv", "ModuleOp"> {
  let summary = "Write the module's spirv.module as a SPIR-V binary file";
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"kernel.spv\"",
           "Path of the binary to write">,
  ];
}

#endif
