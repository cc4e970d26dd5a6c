"""Probe: the subgroup-scope cooperative-matrix inner loop alone (as dot_loop_kernel): each warp
multiplies FM x FN 16x16 fragments read from workgroup memory, KS k-steps per iteration, ITERS
iterations, then stores its accumulators. Element views of the workgroup tiles: 'v4u' (16-byte
vectors), 'f16' (scalars), 'v4h' (vector<4xf16>, what the compiler emits)."""
import sys

from spirv_text import header, matrices, load_arguments, invocation_ids

def kernel_global_prefetched(WM, WN, FM, FN, KS, ITERS):
    """kernel_global with the fragments of iteration it + 1 loaded during iteration it (carried)."""
    text = kernel_global(WM, WN, FM, FN, KS, ITERS)
    names = [f"A_{ks}_{i}" for ks in range(KS) for i in range(FM)] + [f"B_{ks}_{j}" for ks in range(KS) for j in range(FN)]
    # loads in the body address iteration it + 1 (clamped to the last one)
    text = text.replace("%kbase = OpIMul %u32 %it %c" + str(KS * 16),
                        "%itn0 = OpIAdd %u32 %it %c1\n%itlast = OpISub %u32 %cITERS %c1\n%itlt = OpULessThan %bool %itn0 %cITERS\n"
                        "%itn = OpSelect %u32 %itlt %itn0 %itlast\n%kbase = OpIMul %u32 %itn %c" + str(KS * 16))
    # first fragments (iteration 0) loaded in the entry block
    entry_loads = []
    for line in text.split("\n"):
        pass
    body_start = text.index("%kbase = OpIMul")
    body_end = text.index("OpBranch %latch")
    body = text[body_start:body_end]
    load_lines = [l for l in body.split("\n") if l and "MulAdd" not in l and not l.startswith("%itn") and not l.startswith("%itlast") and not l.startswith("%itlt")]
    pre = "\n".join(l.replace("%kbase = OpIMul %u32 %itn", "%kbase = OpIMul %u32 %c0") for l in load_lines)
    pre = pre.replace("%", "%e_").replace("%e_c", "%c").replace("%e_abase", "%abase").replace("%e_bbase", "%bbase").replace("%e_psb16", "%psb16").replace("%e_matA", "%matA").replace("%e_matB", "%matB").replace("%e_rowmajor", "%rowmajor").replace("%e_u32", "%u32").replace("%e_u64", "%u64").replace("%e_wrow", "%wrow").replace("%e_wcol", "%wcol").replace("%e_two64", "%two64")
    text = text.replace("OpBranch %header\n%header = OpLabel", pre + "\nOpBranch %header\n%header = OpLabel", 1)
    for n in names:
        kind = "matA" if n.startswith("A") else "matB"
        text = text.replace("%more = OpULessThan", f"%p{n} = OpPhi %{kind} %e_{n} %entry %{n} %latch\n%more = OpULessThan", 1)
    for ks in range(KS):
        for i in range(FM):
            for j in range(FN):
                text = text.replace(f"OpCooperativeMatrixMulAddKHR %matC %A_{ks}_{i} %B_{ks}_{j}", f"OpCooperativeMatrixMulAddKHR %matC %pA_{ks}_{i} %pB_{ks}_{j}")
    text = text.replace("%cK = OpConstant", f"%cITERS = OpConstant %u32 {ITERS}\n%cK = OpConstant")
    return text


def kernel_global(WM, WN, FM, FN, KS, ITERS):
    WG = WM * WN * 32
    TM, TN = WM * FM * 16, WN * FN * 16
    K = ITERS * KS * 16
    body, stores = [], []
    for ks in range(KS):
        body.append(f"%k_{ks} = OpIAdd %u32 %kbase %c{ks * 16}")
        for i in range(FM):
            body.append(f"""%ar_{ks}_{i} = OpIAdd %u32 %wrow %c{i * 16}
%arK_{ks}_{i} = OpIMul %u32 %ar_{ks}_{i} %cK
%ae_{ks}_{i} = OpIAdd %u32 %arK_{ks}_{i} %k_{ks}
%ae64_{ks}_{i} = OpUConvert %u64 %ae_{ks}_{i}
%ab_{ks}_{i} = OpIMul %u64 %ae64_{ks}_{i} %two64
%aa_{ks}_{i} = OpIAdd %u64 %abase %ab_{ks}_{i}
%ap_{ks}_{i} = OpConvertUToPtr %psb16 %aa_{ks}_{i}
%A_{ks}_{i} = OpCooperativeMatrixLoadKHR %matA %ap_{ks}_{i} %rowmajor %cK Aligned 32""")
        for j in range(FN):
            body.append(f"""%bkN_{ks}_{j} = OpIMul %u32 %k_{ks} %cTN
%bc_{ks}_{j} = OpIAdd %u32 %wcol %c{j * 16}
%be_{ks}_{j} = OpIAdd %u32 %bkN_{ks}_{j} %bc_{ks}_{j}
%be64_{ks}_{j} = OpUConvert %u64 %be_{ks}_{j}
%bb_{ks}_{j} = OpIMul %u64 %be64_{ks}_{j} %two64
%ba_{ks}_{j} = OpIAdd %u64 %bbase %bb_{ks}_{j}
%bp_{ks}_{j} = OpConvertUToPtr %psb16 %ba_{ks}_{j}
%B_{ks}_{j} = OpCooperativeMatrixLoadKHR %matB %bp_{ks}_{j} %rowmajor %cTN Aligned 32""")
        for i in range(FM):
            for j in range(FN):
                prev = f"%acc_{i}_{j}" if ks == 0 else f"%m_{ks-1}_{i}_{j}"
                body.append(f"%m_{ks}_{i}_{j} = OpCooperativeMatrixMulAddKHR %matC %A_{ks}_{i} %B_{ks}_{j} {prev}")
    last = KS - 1
    phis = "\n".join(f"%acc_{i}_{j} = OpPhi %matC %zeroC %entry %m_{last}_{i}_{j} %latch" for i in range(FM) for j in range(FN))
    for i in range(FM):
        for j in range(FN):
            stores.append(f"""%cr_{i}_{j} = OpIAdd %u32 %crow0 %c{i * 16}
%crN_{i}_{j} = OpIMul %u32 %cr_{i}_{j} %cTN
%cc_{i}_{j} = OpIAdd %u32 %wcol %c{j * 16}
%ce_{i}_{j} = OpIAdd %u32 %crN_{i}_{j} %cc_{i}_{j}
%ce64_{i}_{j} = OpUConvert %u64 %ce_{i}_{j}
%cb_{i}_{j} = OpIMul %u64 %ce64_{i}_{j} %four64
%ca_{i}_{j} = OpIAdd %u64 %cbase %cb_{i}_{j}
%cp_{i}_{j} = OpConvertUToPtr %psb32 %ca_{i}_{j}
OpCooperativeMatrixStoreKHR %cp_{i}_{j} %acc_{i}_{j} %rowmajor %cTN Aligned 16""")
    consts = sorted(set([0, 1, 32, WN, FM * 16, FN * 16, TM, ITERS, KS * 16] + [i * 16 for i in range(max(FM, FN, KS))]))
    const_lines = "\n".join(f"%c{v} = OpConstant %u32 {v}" for v in consts)
    nl = "\n"
    return f"""
{header(WG, push=('u64', 'u64', 'u64'))}
{const_lines}
%c2i = OpConstant %u32 2
%two64 = OpConstant %u64 2
%four64 = OpConstant %u64 4
%sg = OpConstant %u32 3
%c16x = OpConstant %u32 16
%cTN = OpConstant %u32 {TN}
%cK = OpConstant %u32 {K}
{matrices('%sg', '%c16x', '%c16x', '%c16x')}
%main = OpFunction %void None %fn
%entry = OpLabel
{load_arguments(('abase', 'u64', '%c0'), ('bbase', 'u64', '%c1'), ('cbase', 'u64', '%c2i'))}
{invocation_ids(('%blk',))}
%warp = OpUDiv %u32 %tid %c32
%wm = OpUDiv %u32 %warp %c{WN}
%wn = OpUMod %u32 %warp %c{WN}
%wrow = OpIMul %u32 %wm %c{FM * 16}
%wcol = OpIMul %u32 %wn %c{FN * 16}
%blkTM = OpIMul %u32 %blk %c{TM}
%crow0 = OpIAdd %u32 %blkTM %wrow
OpBranch %header
%header = OpLabel
%it = OpPhi %u32 %c0 %entry %itnext %latch
{phis}
%more = OpULessThan %bool %it %c{ITERS}
OpLoopMerge %exit %latch None
OpBranchConditional %more %body %exit
%body = OpLabel
%kbase = OpIMul %u32 %it %c{KS * 16}
{nl.join(body)}
OpBranch %latch
%latch = OpLabel
%itnext = OpIAdd %u32 %it %c1
OpBranch %header
%exit = OpLabel
{nl.join(stores)}
OpReturn
OpFunctionEnd
"""


def kernel(WM, WN, FM, FN, KS, ITERS, view, barrier=False):
    if barrier == "barvars":
        return kernel_vars(WM, WN, FM, FN, KS, ITERS, view)
    if barrier and barrier.startswith("nestd"):
        return kernel_nested_distinct(WM, WN, FM, FN, KS, ITERS, view, int(barrier[5:]))
    if barrier and barrier.startswith("nest"):
        return kernel_nested(WM, WN, FM, FN, KS, ITERS, view, int(barrier[4:]))
    if barrier and barrier.startswith("every"):
        return kernel_every(WM, WN, FM, FN, KS, ITERS, view, int(barrier[5:]))
    if barrier == "barpf":
        return kernel_prefetched(WM, WN, FM, FN, KS, ITERS, view)
    return kernel_plain(WM, WN, FM, FN, KS, ITERS, view, barrier)


def kernel_every(WM, WN, FM, FN, KS, ITERS, view, every):
    """A barrier only every `every` iterations (a uniform branch around it)."""
    text = kernel_plain(WM, WN, FM, FN, KS, ITERS, view, "bar")
    text = text.replace("OpControlBarrier %wgs %wgs %sem\nOpBranch %latch",
                        f"%rr = OpBitwiseAnd %u32 %it %cevm1\n%isz = OpIEqual %bool %rr %c0\n"
                        "OpSelectionMerge %after None\nOpBranchConditional %isz %dobar %after\n"
                        "%dobar = OpLabel\nOpControlBarrier %wgs %wgs %sem\nOpBranch %after\n"
                        "%after = OpLabel\nOpBranch %latch")
    text = text.replace("%sem = OpConstant %u32 264", f"%sem = OpConstant %u32 264\n%cevm1 = OpConstant %u32 {every - 1}")
    return text


def kernel_vars(WM, WN, FM, FN, KS, ITERS, view):
    text = kernel_plain(WM, WN, FM, FN, KS, ITERS, view, "bar")
    accs = [(i, j) for i in range(FM) for j in range(FN)]
    last = KS - 1
    decl = "\n".join(f"%var_{i}_{j} = OpVariable %fpC Function" for i, j in accs)
    text = text.replace("%main = OpFunction %void None %fn\n%entry = OpLabel\n",
                        "%main = OpFunction %void None %fn\n%entry = OpLabel\n" + decl + "\n")
    stores = "\n".join(f"OpStore %var_{i}_{j} %m_{last}_{i}_{j}" for i, j in accs)
    text = text.replace("OpControlBarrier %wgs %wgs %sem\nOpBranch %latch",
                        "OpControlBarrier %wgs %wgs %sem\n" + stores + "\nOpBranch %latch")
    for i, j in accs:
        text = text.replace(f"%acc_{i}_{j}x = OpCopyObject %matC %acc_{i}_{j}",
                            f"%acc_{i}_{j}x = OpLoad %matC %var_{i}_{j}")
    text = text.replace("%zeroC = OpConstantComposite %matC %f0",
                        "%zeroC = OpConstantComposite %matC %f0\n%fpC = OpTypePointer Function %matC")
    return text


def kernel_nested_distinct(WM, WN, FM, FN, KS, ITERS, view, inner):
    text = kernel_nested(WM, WN, FM, FN, KS, ITERS, view, inner, tk=inner * KS * 16)
    per = {"v4u": 8, "v4h": 4, "f16": 1}[view]
    TN = WN * FN * 16
    # slice j: A columns j*KS*16.., B rows j*KS*16..
    text = text.replace("%par = OpBitwiseAnd %u32 %j %c1", "%par = OpCopyObject %u32 %j")
    return text


def kernel_nested(WM, WN, FM, FN, KS, ITERS, view, inner, tk=None):
    """The barrier in an outer loop; the fragment loads and MulAdds in an inner loop of `inner`
    iterations without one (ITERS iterations of MulAdds in all)."""
    text = kernel_plain(WM, WN, FM, FN, KS, ITERS, view, "bar", tk=tk)
    accs = [(i, j) for i in range(FM) for j in range(FN)]
    last = KS - 1
    # outer loop counts ITERS / inner; its body: barrier, then the inner loop
    head, rest = text.split("%body = OpLabel\n", 1)
    body, tail = rest.split("OpControlBarrier %wgs %wgs %sem\nOpBranch %latch", 1)
    body = body.replace("%it %c1\n", "%j %c1\n", 1)   # parity from the inner counter
    inner_phis = "\n".join(f"%ia_{i}_{j} = OpPhi %matC %acc_{i}_{j} %body %m_{last}_{i}_{j} %il" for i, j in accs)
    for i, j in accs:
        body = body.replace(f"%matC %A_0_{i} %B_0_{j} %acc_{i}_{j}", f"%matC %A_0_{i} %B_0_{j} %ia_{i}_{j}")
    new_body = f"""%body = OpLabel
OpControlBarrier %wgs %wgs %sem
OpBranch %ih
%ih = OpLabel
%j = OpPhi %u32 %c0 %body %jn %il
{inner_phis}
%jm = OpULessThan %bool %j %cinner
OpLoopMerge %ie %il None
OpBranchConditional %jm %ib %ie
%ib = OpLabel
{body}OpBranch %il
%il = OpLabel
%jn = OpIAdd %u32 %j %c1
OpBranch %ih
%ie = OpLabel
OpBranch %latch"""
    text = head + new_body + tail
    # the outer latch carries the inner loop's results and steps by `inner`
    for i, j in accs:
        text = text.replace(f"%acc_{i}_{j} = OpPhi %matC %zeroC %entry %m_{last}_{i}_{j} %latch",
                            f"%acc_{i}_{j} = OpPhi %matC %zeroC %entry %ia_{i}_{j} %latch")
    text = text.replace("%itnext = OpIAdd %u32 %it %c1", "%itnext = OpIAdd %u32 %it %cinner")
    text = text.replace("%sem = OpConstant %u32 264", f"%sem = OpConstant %u32 264\n%cinner = OpConstant %u32 {inner}")
    return text


def kernel_prefetched(WM, WN, FM, FN, KS, ITERS, view):
    text = kernel_plain(WM, WN, FM, FN, KS, ITERS, view, "bar")
    lines = text.split("\n")
    # the loads in the body read the next iteration's half: parity of it + 1
    text = text.replace("%par = OpBitwiseAnd %u32 %it %c1", "%itn = OpIAdd %u32 %it %c1\n%par = OpBitwiseAnd %u32 %itn %c1")
    frag_names = [f"%A_{ks}_{i}" for ks in range(KS) for i in range(FM)] + [f"%B_{ks}_{j}" for ks in range(KS) for j in range(FN)]
    # carried fragments: %pA_.. phis; MulAdds use them
    for ks in range(KS):
        for i in range(FM):
            for j in range(FN):
                prev = f"%acc_{i}_{j}" if ks == 0 else f"%m_{ks-1}_{i}_{j}"
                text = text.replace(f"%m_{ks}_{i}_{j} = OpCooperativeMatrixMulAddKHR %matC %A_{ks}_{i} %B_{ks}_{j} {prev}",
                                    f"%m_{ks}_{i}_{j} = OpCooperativeMatrixMulAddKHR %matC %pA_{ks}_{i} %pB_{ks}_{j} {prev}")
    phis = []
    for name in frag_names:
        kind = "matA" if name.startswith("%A") else "matB"
        phis.append(f"%p{name[1:]} = OpPhi %{kind} %u{name[1:]} %entry {name} %latch")
    # barrier first in the body, then the loads, then the MMAs (already in that order but the
    # barrier was at the end): move it
    text = text.replace("OpControlBarrier %wgs %wgs %sem\nOpBranch %latch", "OpBranch %latch")
    text = text.replace("%body = OpLabel\n", "%body = OpLabel\nOpControlBarrier %wgs %wgs %sem\n")
    text = text.replace("%more = OpULessThan", "\n".join(phis) + "\n%more = OpULessThan")
    undefs = "\n".join(f"%u{n[1:]} = OpUndef %{'matA' if n.startswith('%A') else 'matB'}" for n in frag_names)
    text = text.replace("%zeroC = OpConstantComposite %matC %f0", "%zeroC = OpConstantComposite %matC %f0\n" + undefs)
    return text


def kernel_plain(WM, WN, FM, FN, KS, ITERS, view, barrier=False, tk=None):
    WG = WM * WN * 32
    TM, TN, TK = WM * FM * 16, WN * FN * 16, tk or 2 * KS * 16
    per = {"v4u": 8, "v4h": 4, "f16": 1}[view]          # f16 per element of the view
    elem = {"v4u": "%v4u", "v4h": "%v4h", "f16": "%f16"}[view]
    PAD = int(__import__("os").environ.get("PAD", "0"))    # f16 of padding per row
    nA, nB = TM * (TK + PAD) // per, TK * (TN + PAD) // per
    lines = []
    # fragment loads and MulAdds for one k-step ks (unrolled), accumulators acc_i_j
    body = []
    accs_in = {}
    for ks in range(KS):
        for i in range(FM):
            body.append(f"%aoffp_{ks}_{i} = OpIAdd %u32 %arow{i} %c{ks * 16 // per}")
            body.append(f"%aoff_{ks}_{i} = OpIAdd %u32 %aoffp_{ks}_{i} %ahalf")
            body.append(f"%ap_{ks}_{i} = OpAccessChain %wgE %SA %aoff_{ks}_{i}")
            body.append(f"%A_{ks}_{i} = OpCooperativeMatrixLoadKHR %matA %ap_{ks}_{i} %rowmajor %strideA")
        for j in range(FN):
            body.append(f"%boffp_{ks}_{j} = OpIAdd %u32 %bcol{j} %c{ks * 16 * (TN + PAD) // per}")
            body.append(f"%boff_{ks}_{j} = OpIAdd %u32 %boffp_{ks}_{j} %bhalf")
            body.append(f"%bp_{ks}_{j} = OpAccessChain %wgE %SB %boff_{ks}_{j}")
            body.append(f"%B_{ks}_{j} = OpCooperativeMatrixLoadKHR %matB %bp_{ks}_{j} %rowmajor %strideB")
        for i in range(FM):
            for j in range(FN):
                prev = f"%acc_{i}_{j}" if ks == 0 else f"%m_{ks-1}_{i}_{j}"
                body.append(f"%m_{ks}_{i}_{j} = OpCooperativeMatrixMulAddKHR %matC %A_{ks}_{i} %B_{ks}_{j} {prev}")
    last = KS - 1
    phis = "\n".join(f"%acc_{i}_{j} = OpPhi %matC %zeroC %entry %m_{last}_{i}_{j} %latch" for i in range(FM) for j in range(FN))
    stores = []
    for i in range(FM):
        for j in range(FN):
            stores.append(f"""%cr_{i}_{j} = OpIAdd %u32 %crow0 %c{i * 16}
%crN_{i}_{j} = OpIMul %u32 %cr_{i}_{j} %cTN
%cc_{i}_{j} = OpIAdd %u32 %ccol0 %c{j * 16}
%ce_{i}_{j} = OpIAdd %u32 %crN_{i}_{j} %cc_{i}_{j}
%ce64_{i}_{j} = OpUConvert %u64 %ce_{i}_{j}
%cb_{i}_{j} = OpIMul %u64 %ce64_{i}_{j} %four64
%ca_{i}_{j} = OpIAdd %u64 %cbase %cb_{i}_{j}
%cp_{i}_{j} = OpConvertUToPtr %psb32 %ca_{i}_{j}
OpCooperativeMatrixStoreKHR %cp_{i}_{j} %acc_{i}_{j}x %rowmajor %cTN Aligned 16""")
    consts = set([0, 1, 8, 16, 32, TN, WG] + [ks * 16 // per for ks in range(KS)] +
                 [ks * 16 * (TN + PAD) // per for ks in range(KS)] + [i * 16 for i in range(max(FM, FN))] +
                 [i * 16 * TK // per for i in range(FM)] + [j * 16 // per for j in range(FN)] +
                 [FM * 16, FN * 16, WN, ITERS, TM, KS * 16 // per, KS * 16 * (TN + PAD) // per])
    const_lines = "\n".join(f"%c{v} = OpConstant %u32 {v}" for v in sorted(consts))
    arow = "\n".join(f"%arow{i}a = OpIAdd %u32 %wrow %c{i * 16}\n%arow{i} = OpIMul %u32 %arow{i}a %strideA" for i in range(FM))
    bcol = "\n".join(f"%bcol{j}a = OpIAdd %u32 %wcol %c{j * 16}\n%bcol{j} = OpUDiv %u32 %bcol{j}a %cper" for j in range(FN))
    exit_accs = "\n".join(f"%acc_{i}_{j}x = OpCopyObject %matC %acc_{i}_{j}" for i in range(FM) for j in range(FN))
    return f"""
{header(WG, push=('u64',), interface=('%SA', '%SB'))}
{const_lines}
%four64 = OpConstant %u64 4
%sg = OpConstant %u32 3
%wgs = OpConstant %u32 2
%sem = OpConstant %u32 264
%semnone = OpConstant %u32 0
%c16x = OpConstant %u32 16
%cTN = OpConstant %u32 {TN}
%cper = OpConstant %u32 {per}
%nA = OpConstant %u32 {nA}
%nB = OpConstant %u32 {nB}
%strideA = OpConstant %u32 {(TK + PAD) // per}
%strideB = OpConstant %u32 {(TN + PAD) // per}
%arrA = OpTypeArray {elem} %nA
%arrB = OpTypeArray {elem} %nB
%wgArrA = OpTypePointer Workgroup %arrA
%wgArrB = OpTypePointer Workgroup %arrB
%wgE = OpTypePointer Workgroup {elem}
%SA = OpVariable %wgArrA Workgroup
%SB = OpVariable %wgArrB Workgroup
{matrices('%sg', '%c16x', '%c16x', '%c16x')}
%main = OpFunction %void None %fn
%entry = OpLabel
{load_arguments(('cbase0', 'u64', '%c0'))}
{invocation_ids(('%blk',))}
%warp = OpUDiv %u32 %tid %c32
%wm = OpUDiv %u32 %warp %c{WN}
%wn = OpUMod %u32 %warp %c{WN}
%wrow = OpIMul %u32 %wm %c{FM * 16}
%wcol = OpIMul %u32 %wn %c{FN * 16}
{arow}
{bcol}
%blkTM = OpIMul %u32 %blk %c{TM}
%crow0 = OpIAdd %u32 %blkTM %wrow
%ccol0 = OpCopyObject %u32 %wcol
%cbase = OpCopyObject %u64 %cbase0
OpBranch %header
%header = OpLabel
%it = OpPhi %u32 %c0 %entry %itnext %latch
{phis}
%more = OpULessThan %bool %it %c{ITERS}
OpLoopMerge %exit %latch None
OpBranchConditional %more %body %exit
%body = OpLabel
%par = OpBitwiseAnd %u32 %it %c1
%ahalf = OpIMul %u32 %par %c{KS * 16 // per}
%bhalf = OpIMul %u32 %par %c{KS * 16 * (TN + PAD) // per}
{chr(10).join(body)}
{({"bar": "OpControlBarrier %wgs %wgs %sem", "barnone": "OpControlBarrier %wgs %wgs %semnone", "sgbar": "OpControlBarrier %sg %sg %sem", "membar": "OpMemoryBarrier %wgs %sem"}[barrier]) if barrier else ""}
OpBranch %latch
%latch = OpLabel
%itnext = OpIAdd %u32 %it %c1
OpBranch %header
%exit = OpLabel
{exit_accs}
{chr(10).join(stores)}
OpReturn
OpFunctionEnd
"""

if __name__ == "__main__":
    WM, WN, FM, FN, KS, ITERS = map(int, sys.argv[1:7])
    if sys.argv[7] == "glbpf":
        sys.stdout.write(kernel_global_prefetched(WM, WN, FM, FN, KS, ITERS))
        sys.exit()
    if sys.argv[7] == "glb":
        sys.stdout.write(kernel_global(WM, WN, FM, FN, KS, ITERS))
        sys.exit()
    sys.stdout.write(kernel(WM, WN, FM, FN, KS, ITERS, sys.argv[7], sys.argv[8] if len(sys.argv) > 8 else False))
