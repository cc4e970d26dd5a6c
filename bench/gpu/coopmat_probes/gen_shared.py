"""Probe GEMM with workgroup-scope cooperative matrices loaded from workgroup memory: each
K step the workgroup copies A (TM x TK) and B (TK x TN) tiles in 16-byte pieces, then one
workgroup-scope MulAdd."""
import sys

from spirv_text import header, matrices, gemm_arguments, invocation_ids

def kernel(TM, TN, TK, WG):
    a_pieces = TM * TK // 8      # 16-byte pieces of the A tile
    b_pieces = TK * TN // 8
    assert a_pieces % WG == 0 and b_pieces % WG == 0
    a_per, b_per = a_pieces // WG, b_pieces // WG
    a_row_pieces, b_row_pieces = TK // 8, TN // 8
    copies = []
    for which, per, row_pieces, base, ld, row0, col0 in (
            ("A", a_per, a_row_pieces, "%a", "%K", "%row0", "%k"),
            ("B", b_per, b_row_pieces, "%b", "%N", "%k", "%col0")):
        for j in range(per):
            p = f"{which}{j}"
            copies.append(f"""%idx{p} = OpIAdd %u32 %tid %c{j * WG}
%r{p} = OpUDiv %u32 %idx{p} %c{row_pieces}
%q{p} = OpUMod %u32 %idx{p} %c{row_pieces}
%gr{p} = OpIAdd %u32 {row0} %r{p}
%q8{p} = OpIMul %u32 %q{p} %c8
%gc{p} = OpIAdd %u32 {col0} %q8{p}
%grl{p} = OpIMul %u32 %gr{p} {ld}
%ge{p} = OpIAdd %u32 %grl{p} %gc{p}
%ge64{p} = OpUConvert %u64 %ge{p}
%gb{p} = OpIMul %u64 %ge64{p} %two64
%ga{p} = OpIAdd %u64 {base} %gb{p}
%gp{p} = OpConvertUToPtr %psbv4 %ga{p}
%v{p} = OpLoad %v4u %gp{p} Aligned 16
%sp{p} = OpAccessChain %wgv4 %S{which} %idx{p}
OpStore %sp{p} %v{p}""")
    consts = sorted({WG * j for j in range(max(a_per, b_per))} | {a_row_pieces, b_row_pieces, 8})
    const_lines = "\n".join(f"%c{v} = OpConstant %u32 {v}" for v in consts)
    copy_code = "\n".join(copies)
    return f"""
{header(WG, interface=('%SA', '%SB'))}
%i0 = OpConstant %u32 0
%i1 = OpConstant %u32 1
%i2 = OpConstant %u32 2
%i4 = OpConstant %u32 4
%i5 = OpConstant %u32 5
{const_lines}
%two64 = OpConstant %u64 2
%four64 = OpConstant %u64 4
%scope = OpConstant %u32 2
%sem = OpConstant %u32 264
%TM = OpConstant %u32 {TM}
%TN = OpConstant %u32 {TN}
%TK = OpConstant %u32 {TK}
%nA = OpConstant %u32 {a_pieces}
%nB = OpConstant %u32 {b_pieces}
%strideA = OpConstant %u32 {a_row_pieces}
%strideB = OpConstant %u32 {b_row_pieces}
%arrA = OpTypeArray %v4u %nA
%arrB = OpTypeArray %v4u %nB
%wgArrA = OpTypePointer Workgroup %arrA
%wgArrB = OpTypePointer Workgroup %arrB
%wgv4 = OpTypePointer Workgroup %v4u
%SA = OpVariable %wgArrA Workgroup
%SB = OpVariable %wgArrB Workgroup
{matrices('%scope', '%TM', '%TK', '%TN')}
%main = OpFunction %void None %fn
%entry = OpLabel
{gemm_arguments('%i0', '%i1', '%i2', '%i4', '%i5')}
{invocation_ids()}
%row0 = OpIMul %u32 %tm %TM
%col0 = OpIMul %u32 %tn %TN
%sa0 = OpAccessChain %wgv4 %SA %i0
%sb0 = OpAccessChain %wgv4 %SB %i0
OpBranch %header
%header = OpLabel
%k = OpPhi %u32 %i0 %entry %knext %latch
%acc = OpPhi %matC %zeroC %entry %accnext %latch
%more = OpULessThan %bool %k %K
OpLoopMerge %exit %latch None
OpBranchConditional %more %body %exit
%body = OpLabel
{copy_code}
OpControlBarrier %scope %scope %sem
%A = OpCooperativeMatrixLoadKHR %matA %sa0 %rowmajor %strideA
%B = OpCooperativeMatrixLoadKHR %matB %sb0 %rowmajor %strideB
%accnext = OpCooperativeMatrixMulAddKHR %matC %A %B %acc
OpControlBarrier %scope %scope %sem
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

if __name__ == "__main__":
    sys.stdout.write(kernel(*map(int, sys.argv[1:5])))
