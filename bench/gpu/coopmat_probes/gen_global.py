"""Generates a probe GEMM (C f32 = A f16 x B f16, row-major) with workgroup-scope cooperative
matrices (VK_NV_cooperative_matrix2), loading straight from global memory."""
import sys

from spirv_text import header, matrices, gemm_arguments, invocation_ids, load_arguments

def kernel(TM, TN, TK, WG):
    return f"""
{header(WG)}
%i0 = OpConstant %u32 0
%i1 = OpConstant %u32 1
%i2 = OpConstant %u32 2
%i3 = OpConstant %u32 3
%i4 = OpConstant %u32 4
%i5 = OpConstant %u32 5
%two64 = OpConstant %u64 2
%four64 = OpConstant %u64 4
%scope = OpConstant %u32 2
%TM = OpConstant %u32 {TM}
%TN = OpConstant %u32 {TN}
%TK = OpConstant %u32 {TK}
{matrices('%scope', '%TM', '%TK', '%TN')}
%main = OpFunction %void None %fn
%entry = OpLabel
{gemm_arguments('%i0', '%i1', '%i2', '%i4', '%i5')}
{invocation_ids(local=False)}
%row0 = OpIMul %u32 %tm %TM
%col0 = OpIMul %u32 %tn %TN
%row0K = OpIMul %u32 %row0 %K
OpBranch %header
%header = OpLabel
%k = OpPhi %u32 %i0 %entry %knext %latch
%acc = OpPhi %matC %zeroC %entry %accnext %latch
%more = OpULessThan %bool %k %K
OpLoopMerge %exit %latch None
OpBranchConditional %more %body %exit
%body = OpLabel
%aoff = OpIAdd %u32 %row0K %k
%aoff64 = OpUConvert %u64 %aoff
%abytes = OpIMul %u64 %aoff64 %two64
%aaddr = OpIAdd %u64 %a %abytes
%aptr = OpConvertUToPtr %psb16 %aaddr
%A = OpCooperativeMatrixLoadKHR %matA %aptr %rowmajor %K Aligned 16
%kN = OpIMul %u32 %k %N
%boff = OpIAdd %u32 %kN %col0
%boff64 = OpUConvert %u64 %boff
%bbytes = OpIMul %u64 %boff64 %two64
%baddr = OpIAdd %u64 %b %bbytes
%bptr = OpConvertUToPtr %psb16 %baddr
%B = OpCooperativeMatrixLoadKHR %matB %bptr %rowmajor %N Aligned 16
%accnext = OpCooperativeMatrixMulAddKHR %matC %A %B %acc
OpBranch %latch
%latch = OpLabel
%knext = OpIAdd %u32 %k %TK
OpBranch %header
%exit = OpLabel
%rowN = OpIMul %u32 %row0 %N
%coff = OpIAdd %u32 %rowN %col0
%coff64 = OpUConvert %u64 %coff
%cbytes = OpIMul %u64 %coff64 %four64
%caddr = OpIAdd %u64 %c %cbytes
%cptr = OpConvertUToPtr %psb32 %caddr
OpCooperativeMatrixStoreKHR %cptr %acc %rowmajor %N Aligned 16
OpReturn
OpFunctionEnd
"""

def body_of(text):
    """(text before the loop body, the body, the text from its branch to the latch on)."""
    start = text.index("%body = OpLabel\n")
    end = text.index("OpBranch %latch", start)
    return text[:start], text[start:end], text[end:]


def kernel_tensor(TM, TN, TK, WG):
    """A and B loaded through tensor layouts (SPV_NV_tensor_addressing): the layouts hold the
    matrices' extents, each K step slices them."""
    text = kernel(TM, TN, TK, WG)
    text = text.replace("OpCapability CooperativeMatrixKHR\n", "OpCapability CooperativeMatrixKHR\n"
                        "OpCapability TensorAddressingNV\nOpCapability CooperativeMatrixTensorAddressingNV\n")
    text = text.replace('OpExtension "SPV_KHR_cooperative_matrix"\n', 'OpExtension "SPV_KHR_cooperative_matrix"\n'
                        'OpExtension "SPV_NV_cooperative_matrix2"\nOpExtension "SPV_NV_tensor_addressing"\n')
    text = text.replace("%zeroC = OpConstantComposite %matC %f0", """%zeroC = OpConstantComposite %matC %f0
%h0 = OpConstant %f16 0
%zeroA = OpConstantComposite %matA %h0
%zeroB = OpConstantComposite %matB %h0
%clamp = OpConstant %u32 0
%L = OpTypeTensorLayoutNV %i2 %clamp""")
    text = text.replace("%row0K = OpIMul %u32 %row0 %K\nOpBranch %header", f"""%row0K = OpIMul %u32 %row0 %K
{load_arguments(('M', 'u32', '%i3'))}
%la0 = OpCreateTensorLayoutNV %L
%la = OpTensorLayoutSetDimensionNV %L %la0 %M %K
%lb0 = OpCreateTensorLayoutNV %L
%lb = OpTensorLayoutSetDimensionNV %L %lb0 %K %N
%aptr0 = OpConvertUToPtr %psb16 %a
%bptr0 = OpConvertUToPtr %psb16 %b
OpBranch %header""")
    before, _, after = body_of(text)
    return before + """%body = OpLabel
%las = OpTensorLayoutSliceNV %L %la %row0 %TM %k %TK
%A = OpCooperativeMatrixLoadTensorNV %matA %aptr0 %zeroA %las Aligned 16 None
%lbs = OpTensorLayoutSliceNV %L %lb %k %TK %col0 %TN
%B = OpCooperativeMatrixLoadTensorNV %matB %bptr0 %zeroB %lbs Aligned 16 None
%accnext = OpCooperativeMatrixMulAddKHR %matC %A %B %acc
""" + after


def kernel_prefetch(TM, TN, TK, WG):
    """The next K step's A and B loaded before the multiply of this one (carried; the last step
    loads itself again)."""
    text = kernel(TM, TN, TK, WG)
    text = text.replace("%row0K = OpIMul %u32 %row0 %K\nOpBranch %header", """%row0K = OpIMul %u32 %row0 %K
%aoff0 = OpUConvert %u64 %row0K
%abytes0 = OpIMul %u64 %aoff0 %two64
%aaddr0 = OpIAdd %u64 %a %abytes0
%aptr0 = OpConvertUToPtr %psb16 %aaddr0
%boff0 = OpUConvert %u64 %col0
%bbytes0 = OpIMul %u64 %boff0 %two64
%baddr0 = OpIAdd %u64 %b %bbytes0
%bptr0 = OpConvertUToPtr %psb16 %baddr0
%A0 = OpCooperativeMatrixLoadKHR %matA %aptr0 %rowmajor %K Aligned 16
%B0 = OpCooperativeMatrixLoadKHR %matB %bptr0 %rowmajor %N Aligned 16
OpBranch %header""")
    text = text.replace("%acc = OpPhi %matC %zeroC %entry %accnext %latch", """%acc = OpPhi %matC %zeroC %entry %accnext %latch
%Acur = OpPhi %matA %A0 %entry %A %latch
%Bcur = OpPhi %matB %B0 %entry %B %latch""")
    text = text.replace("%body = OpLabel\n%aoff = OpIAdd %u32 %row0K %k", """%body = OpLabel
%kn0 = OpIAdd %u32 %k %TK
%kmax = OpISub %u32 %K %TK
%knlt = OpULessThan %bool %kn0 %kmax
%kn = OpSelect %u32 %knlt %kn0 %kmax
%aoff = OpIAdd %u32 %row0K %kn""")
    text = text.replace("%kN = OpIMul %u32 %k %N", "%kN = OpIMul %u32 %kn %N")
    return text.replace("OpCooperativeMatrixMulAddKHR %matC %A %B %acc", "OpCooperativeMatrixMulAddKHR %matC %Acur %Bcur %acc")


def through_uvec4(text):
    """A and B read through pointers to 16-byte vectors (uvec4) instead of f16 (the view
    NVIDIA's own cooperative-matrix sample passes): the KHR loads' strides are then counted in
    uvec4s (K/8, N/8)."""
    text = text.replace("%two64 = OpConstant %u64 2", "%two64 = OpConstant %u64 2\n%eight = OpConstant %u32 8")
    text = text.replace("%row0 = OpIMul %u32 %tm %TM", "%row0 = OpIMul %u32 %tm %TM\n%K8 = OpUDiv %u32 %K %eight\n%N8 = OpUDiv %u32 %N %eight")
    for name in ("%aptr", "%bptr", "%aptr0", "%bptr0"):
        text = text.replace(f"{name} = OpConvertUToPtr %psb16", f"{name} = OpConvertUToPtr %psbv4")
    text = text.replace("%rowmajor %K Aligned 16", "%rowmajor %K8 Aligned 16")
    return text.replace("%rowmajor %N Aligned 16\n%accnext", "%rowmajor %N8 Aligned 16\n%accnext").replace(
        "%B0 = OpCooperativeMatrixLoadKHR %matB %bptr0 %rowmajor %N Aligned 16",
        "%B0 = OpCooperativeMatrixLoadKHR %matB %bptr0 %rowmajor %N8 Aligned 16")


def with_known_sizes(text, size, what):
    """Sizes made the constant `size` (NVIDIA's sample makes them specialization constants).
    what: 'all' (M, N, K), 'stride' (the row strides and the tensor layouts' extents; the K
    loop's trip count still read from the push constants) or 'loop' (only the trip count)."""
    text = text.replace("%TM = OpConstant", f"%known = OpConstant %u32 {size}\n%TM = OpConstant")
    loop_bound = "%Kdyn"
    if what.startswith("multiple"):
        # Dynamic sizes the driver can prove multiples of 2^shift (what tt.divisibility tells).
        shift = int(what[8:])
        text = text.replace("%known = OpConstant", f"%shift = OpConstant %u32 {shift}\n%known = OpConstant")
        for name in ("M", "N", "K"):
            text = text.replace(f"%{name} = OpLoad %u32 %p_{name}",
                                f"%{name}dyn = OpLoad %u32 %p_{name}\n%{name}down = OpShiftRightLogical %u32 %{name}dyn %shift\n"
                                f"%{name} = OpShiftLeftLogical %u32 %{name}down %shift")
        return text
    if what in ("all", "stride"):
        for name in ("M", "N", "K"):
            text = text.replace(f"%{name} = OpLoad %u32 %p_{name}",
                                f"%{name}dyn = OpLoad %u32 %p_{name}\n%{name} = OpCopyObject %u32 %known")
        if what == "all":
            loop_bound = "%known"
    else:
        text = text.replace("%K = OpLoad %u32 %p_K", "%K = OpLoad %u32 %p_K\n%Kdyn = OpCopyObject %u32 %K")
        loop_bound = "%known"
    return text.replace("%more = OpULessThan %bool %k %K", f"%more = OpULessThan %bool %k {loop_bound}")


if __name__ == "__main__":
    TM, TN, TK, WG = map(int, sys.argv[1:5])
    variant = sys.argv[5] if len(sys.argv) > 5 else "plain"
    generators = {"plain": kernel, "prefetch": kernel_prefetch, "tensor": kernel_tensor}
    known = sys.argv[6] if len(sys.argv) > 6 else None
    text = generators[variant.removesuffix("v4")](TM, TN, TK, WG)
    text = through_uvec4(text) if variant.endswith("v4") else text
    sys.stdout.write(with_known_sizes(text, 4096, known) if known else text)
