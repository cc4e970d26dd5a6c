"""Probe: a whole fp16 GEMM (C f32 = A f16 x B f16, row-major, M = N = K multiples of the tile)
with subgroup-scope cooperative matrices, as the compiler stages it: each K step the
workgroup's invocations store the A/B tile pieces they loaded in the previous step (16-byte
vectors) into one of two padded workgroup copies, load the next step's pieces from global
memory, pass one barrier, then every subgroup loads its fragments and multiplies.

Variants (the sixth argument, default `prefetch`, the compiler's form):
  prefetch   as above, the two copies chosen by the step's parity at run time;
  prefetch2  the same with the loop unrolled twice over two separate workgroup arrays;
  direct     each step copies the next step's pieces straight into the other copy (a global load
             stored at once: what an asynchronous global-to-workgroup copy would take), then
             multiplies the current copy; one barrier per step;
  direct2    `direct` unrolled twice over two separate arrays."""
import sys

from spirv_text import header, matrices, gemm_arguments, invocation_ids


def kernel(WM, WN, FM, FN, TK, variant="prefetch", PAD=8):
    WG = WM * WN * 32
    TM, TN = WM * FM * 16, WN * FN * 16
    KS = TK // 16
    rowA, rowB = (TK + PAD) // 8, (TN + PAD) // 8          # padded row lengths in 16-byte pieces
    piecesA, piecesB = TM * TK // 8, TK * TN // 8
    assert piecesA % WG == 0 and piecesB % WG == 0
    perA, perB = piecesA // WG, piecesB // WG
    copyA, copyB = TM * rowA, TK * rowB                     # pieces per copy
    consts = {0, 1, 2, 3, 4, 5, 8, 16, 32, WN, FM * 16, FN * 16, TM, TN, TK, TK // 8, TN // 8, rowA, rowB,
              copyA, copyB, 2 * TK} | {j * WG for j in range(max(perA, perB))} | {k * 2 for k in range(KS)} \
        | {k * 16 * rowB for k in range(KS)} | {i * 16 for i in range(max(FM, FN))}
    L = []
    add = L.append
    # --- global piece addresses (row r, 8-column chunk q of this invocation's j-th piece) ---
    def piece(which, j, kexpr):
        row_pieces = TK // 8 if which == "A" else TN // 8
        p = f"{which}{j}"
        base, ld = ("%a", "%K") if which == "A" else ("%b", "%N")
        add(f"%idx{p} = OpIAdd %u32 %tid %c{j * WG}")
        add(f"%r{p} = OpUDiv %u32 %idx{p} %c{row_pieces}")
        add(f"%q{p} = OpUMod %u32 %idx{p} %c{row_pieces}")
        add(f"%q8{p} = OpIMul %u32 %q{p} %c8")
        if which == "A":
            add(f"%gr{p} = OpIAdd %u32 %row0 %r{p}")
            add(f"%gc{p} = OpIAdd %u32 %q8{p} %ZERO")
        else:
            add(f"%gr{p} = OpCopyObject %u32 %r{p}")
            add(f"%gc{p} = OpIAdd %u32 %col0 %q8{p}")
        add(f"%grl{p} = OpIMul %u32 %gr{p} {ld}")
        add(f"%ge{p} = OpIAdd %u32 %grl{p} %gc{p}")
        add(f"%ge64{p} = OpUConvert %u64 %ge{p}")
        add(f"%gb{p} = OpIMul %u64 %ge64{p} %two64")
        add(f"%gbase{p} = OpIAdd %u64 {base} %gb{p}")
        # shared piece index within a copy
        rowlen = rowA if which == "A" else rowB
        add(f"%sr{p} = OpIMul %u32 %r{p} %c{rowlen}")
        add(f"%sidx{p} = OpIAdd %u32 %sr{p} %q{p}")
    for j in range(perA):
        piece("A", j, None)
    for j in range(perB):
        piece("B", j, None)
    setup = "\n".join(L).replace("%ZERO", "%c0")
    L.clear()
    # per step k (elements): A advances by k columns (k*2 bytes), B by k rows (k*N*2 bytes)
    def loads(prefix, kval):
        out = []
        out.append(f"%{prefix}k64 = OpUConvert %u64 {kval}")
        out.append(f"%{prefix}ka = OpIMul %u64 %{prefix}k64 %two64")
        out.append(f"%{prefix}kN = OpIMul %u32 {kval} %N")
        out.append(f"%{prefix}kN64 = OpUConvert %u64 %{prefix}kN")
        out.append(f"%{prefix}kb = OpIMul %u64 %{prefix}kN64 %two64")
        for j in range(perA):
            out.append(f"%{prefix}aa{j} = OpIAdd %u64 %gbaseA{j} %{prefix}ka")
            out.append(f"%{prefix}ap{j} = OpConvertUToPtr %psbv4 %{prefix}aa{j}")
            out.append(f"%{prefix}va{j} = OpLoad %v4u %{prefix}ap{j} Aligned 16")
        for j in range(perB):
            out.append(f"%{prefix}ba{j} = OpIAdd %u64 %gbaseB{j} %{prefix}kb")
            out.append(f"%{prefix}bp{j} = OpConvertUToPtr %psbv4 %{prefix}ba{j}")
            out.append(f"%{prefix}vb{j} = OpLoad %v4u %{prefix}bp{j} Aligned 16")
        return out
    static = variant.endswith("2")
    arrays = (("%SA0", "%SB0"), ("%SA1", "%SB1")) if static else (("%SA", "%SB"),)

    def store_pieces(prefix, vals, array, offA, offB):
        out = []
        SA, SB = arrays[array]
        for j in range(perA):
            out += [f"%{prefix}sa{j} = OpIAdd %u32 %sidxA{j} {offA}",
                    f"%{prefix}spa{j} = OpAccessChain %wgv4 {SA} %{prefix}sa{j}",
                    f"OpStore %{prefix}spa{j} %{vals}va{j}"]
        for j in range(perB):
            out += [f"%{prefix}sb{j} = OpIAdd %u32 %sidxB{j} {offB}",
                    f"%{prefix}spb{j} = OpAccessChain %wgv4 {SB} %{prefix}sb{j}",
                    f"OpStore %{prefix}spb{j} %{vals}vb{j}"]
        return out

    def compute(prefix, array, offA, offB, acc_in):
        """Fragments from one copy and the MulAdds; returns lines, the result ids."""
        out = []
        SA, SB = arrays[array]
        result = {}
        for ks in range(KS):
            for i in range(FM):
                out += [f"%{prefix}ao_{ks}_{i} = OpIAdd %u32 %arow{i} %c{ks * 2}",
                        f"%{prefix}ao2_{ks}_{i} = OpIAdd %u32 %{prefix}ao_{ks}_{i} {offA}",
                        f"%{prefix}apf_{ks}_{i} = OpAccessChain %wgv4 {SA} %{prefix}ao2_{ks}_{i}",
                        f"%{prefix}A_{ks}_{i} = OpCooperativeMatrixLoadKHR %matA %{prefix}apf_{ks}_{i} %rowmajor %c{rowA}"]
            for j in range(FN):
                out += [f"%{prefix}bo_{ks}_{j} = OpIAdd %u32 %bcol{j} %c{ks * 16 * rowB}",
                        f"%{prefix}bo2_{ks}_{j} = OpIAdd %u32 %{prefix}bo_{ks}_{j} {offB}",
                        f"%{prefix}bpf_{ks}_{j} = OpAccessChain %wgv4 {SB} %{prefix}bo2_{ks}_{j}",
                        f"%{prefix}B_{ks}_{j} = OpCooperativeMatrixLoadKHR %matB %{prefix}bpf_{ks}_{j} %rowmajor %c{rowB}"]
            for i in range(FM):
                for j in range(FN):
                    prev = acc_in[i, j] if ks == 0 else f"%{prefix}m_{ks-1}_{i}_{j}"
                    out.append(f"%{prefix}m_{ks}_{i}_{j} = OpCooperativeMatrixMulAddKHR %matC "
                               f"%{prefix}A_{ks}_{i} %{prefix}B_{ks}_{j} {prev}")
                    result[i, j] = f"%{prefix}m_{ks}_{i}_{j}"
        return out, result

    def next_k(name, step_ahead):
        """%name: the k of `step_ahead` steps on, the last step's own k where that is past K."""
        return [f"%{name}0 = OpIAdd %u32 %k %c{step_ahead * TK}",
                f"%{name}l = OpISub %u32 %K %cTK",
                f"%{name}lt = OpULessThan %bool %{name}0 %K",
                f"%{name} = OpSelect %u32 %{name}lt %{name}0 %{name}l"]

    barrier = "OpControlBarrier %wgs %wgs %sem"
    acc = {(i, j): f"%acc_{i}_{j}" for i in range(FM) for j in range(FN)}

    def prefetch_step(stored, store_array, name, ahead, loaded, compute_prefix, offA, offB, acc_in):
        """Store the pieces `stored` loaded a step earlier into `store_array`, load the pieces
        `ahead` steps on (ids %{loaded}...), barrier, multiply that copy."""
        lines = store_pieces(stored, stored, store_array, offA, offB)
        lines += next_k(name, ahead) + loads(loaded, f"%{name}") + [barrier]
        multiplied, out = compute(compute_prefix, store_array, offA, offB, acc_in)
        return lines + multiplied, out

    def direct_step(name, ahead, loaded, store_array, noffA, noffB, compute_prefix, compute_array,
                    offA, offB, acc_in):
        """Load the pieces `ahead` steps on and store them into `store_array` at once, multiply
        `compute_array`, barrier."""
        lines = next_k(name, ahead) + loads(loaded, f"%{name}")
        lines += store_pieces(loaded, loaded, store_array, noffA, noffB)
        multiplied, out = compute(compute_prefix, compute_array, offA, offB, acc_in)
        return lines + multiplied + [barrier], out

    def carried_from(latch):
        """(phi, initial, latch) ids of the pieces carried in registers to the next step."""
        return [(f"%cv{w}{j}", f"%fv{w}{j}", f"%{latch}v{w}{j}")
                for w, n in (("a", perA), ("b", perB)) for j in range(n)]

    carried = []
    body = []
    step_size = 2 if static else 1
    parity = ["%par = OpBitwiseAnd %u32 %it %c1", f"%offA = OpIMul %u32 %par %c{copyA}",
              f"%offB = OpIMul %u32 %par %c{copyB}"]
    if variant == "prefetch":
        first = "\n".join(loads("f", "%c0"))
        lines, out = prefetch_step("c", 0, "kn", 1, "n", "", "%offA", "%offB", acc)
        body += parity + lines
        carried = carried_from("n")
    elif variant == "prefetch2":
        first = "\n".join(loads("f", "%c0"))
        lines, mid = prefetch_step("c", 0, "kn", 1, "n", "x", "%c0", "%c0", acc)
        body += lines
        lines, out = prefetch_step("n", 1, "ko", 2, "o", "", "%c0", "%c0", mid)
        body += lines
        carried = carried_from("o")
    elif variant == "direct":
        first = "\n".join(loads("f", "%c0") + store_pieces("f", "f", 0, "%c0", "%c0") + [barrier])
        body += parity + ["%npar = OpISub %u32 %c1 %par", f"%noffA = OpIMul %u32 %npar %c{copyA}",
                          f"%noffB = OpIMul %u32 %npar %c{copyB}"]
        lines, out = direct_step("kn", 1, "n", 0, "%noffA", "%noffB", "", 0, "%offA", "%offB", acc)
        body += lines
    elif variant == "direct2":
        first = "\n".join(loads("f", "%c0") + store_pieces("f", "f", 0, "%c0", "%c0") + [barrier])
        lines, mid = direct_step("kn", 1, "n", 1, "%c0", "%c0", "x", 0, "%c0", "%c0", acc)
        body += lines
        lines, out = direct_step("ko", 2, "o", 0, "%c0", "%c0", "", 1, "%c0", "%c0", mid)
        body += lines
    else:
        raise SystemExit(f"unknown variant {variant}")
    phis = [f"%acc_{i}_{j} = OpPhi %matC %zeroC %entry {out[i, j]} %latch" for i in range(FM) for j in range(FN)]
    phis += [f"{phi} = OpPhi %v4u {init} %entry {latch} %latch" for phi, init, latch in carried]
    stores = []
    for i in range(FM):
        for j in range(FN):
            stores.append(f"""%cr_{i}_{j} = OpIAdd %u32 %crow %c{i * 16}
%crN_{i}_{j} = OpIMul %u32 %cr_{i}_{j} %N
%cc_{i}_{j} = OpIAdd %u32 %ccol %c{j * 16}
%ce_{i}_{j} = OpIAdd %u32 %crN_{i}_{j} %cc_{i}_{j}
%ce64_{i}_{j} = OpUConvert %u64 %ce_{i}_{j}
%cb_{i}_{j} = OpIMul %u64 %ce64_{i}_{j} %four64
%ca_{i}_{j} = OpIAdd %u64 %c %cb_{i}_{j}
%cp_{i}_{j} = OpConvertUToPtr %psb32 %ca_{i}_{j}
OpCooperativeMatrixStoreKHR %cp_{i}_{j} %acc_{i}_{j} %rowmajor %N Aligned 16""")
    const_lines = "\n".join(f"%c{v} = OpConstant %u32 {v}" for v in sorted(consts))
    arow = "\n".join(f"%arow{i}a = OpIAdd %u32 %wrow %c{i * 16}\n%arow{i} = OpIMul %u32 %arow{i}a %c{rowA}" for i in range(FM))
    bcol = "\n".join(f"%bcol{j}a = OpIAdd %u32 %wcol %c{j * 16}\n%bcol{j} = OpUDiv %u32 %bcol{j}a %c8" for j in range(FN))
    nl = "\n"
    copies = 1 if static else 2
    arrays_text = "\n".join([
        f"%nA = OpConstant %u32 {copies * copyA}", f"%nB = OpConstant %u32 {copies * copyB}",
        "%arrA = OpTypeArray %v4u %nA", "%arrB = OpTypeArray %v4u %nB",
        "%wgArrA = OpTypePointer Workgroup %arrA", "%wgArrB = OpTypePointer Workgroup %arrB"]
        + [f"{SA} = OpVariable %wgArrA Workgroup\n{SB} = OpVariable %wgArrB Workgroup" for SA, SB in arrays])
    interface = tuple(name for pair in arrays for name in pair)
    return f"""
{header(WG, interface=interface)}
{const_lines}
%cTK = OpConstant %u32 {TK}
%two64 = OpConstant %u64 2
%four64 = OpConstant %u64 4
%sg = OpConstant %u32 3
%wgs = OpConstant %u32 2
%sem = OpConstant %u32 264
%c16x = OpConstant %u32 16
{arrays_text}
%wgv4 = OpTypePointer Workgroup %v4u
{matrices('%sg', '%c16x', '%c16x', '%c16x')}
%main = OpFunction %void None %fn
%entry = OpLabel
{gemm_arguments('%c0', '%c1', '%c2', '%c4', '%c5')}
{invocation_ids()}
%row0 = OpIMul %u32 %tm %c{TM}
%col0 = OpIMul %u32 %tn %c{TN}
%warp = OpUDiv %u32 %tid %c32
%wm = OpUDiv %u32 %warp %c{WN}
%wn = OpUMod %u32 %warp %c{WN}
%wrow = OpIMul %u32 %wm %c{FM * 16}
%wcol = OpIMul %u32 %wn %c{FN * 16}
%crow = OpIAdd %u32 %row0 %wrow
%ccol = OpIAdd %u32 %col0 %wcol
{arow}
{bcol}
{setup}
{first}
OpBranch %header
%header = OpLabel
%it = OpPhi %u32 %c0 %entry %itnext %latch
%k = OpPhi %u32 %c0 %entry %knext %latch
{nl.join(phis)}
%more = OpULessThan %bool %k %K
OpLoopMerge %exit %latch None
OpBranchConditional %more %body %exit
%body = OpLabel
{nl.join(body)}
OpBranch %latch
%latch = OpLabel
%itnext = OpIAdd %u32 %it %c1
%knext = OpIAdd %u32 %k %c{step_size * TK}
OpBranch %header
%exit = OpLabel
{nl.join(stores)}
OpReturn
OpFunctionEnd
"""


if __name__ == "__main__":
    WM, WN, FM, FN, TK = map(int, sys.argv[1:6])
    sys.stdout.write(kernel(WM, WN, FM, FN, TK, *sys.argv[6:7]))
