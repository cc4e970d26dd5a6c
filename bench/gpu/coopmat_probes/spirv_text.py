"""The part every probe kernel's SPIR-V assembly shares: capabilities, the memory model, the
entry point %main, the push-constant block %pc and the common types and pointers."""

# Push-constant members of the GEMM probes: A, B and C addresses, then M, N, K.
GEMM_PUSH = ("u64", "u64", "u64", "u32", "u32", "u32")
_BYTES = {"u32": 4, "u64": 8}


def header(local_size, push=GEMM_PUSH, interface=(), capabilities=(), extensions=()):
    """Defines %void %fn %bool %u32 %u64 %f16 %f32 %v3u %v4u %v4h, the block %PC of `push`
    members (%pc, %pPC, %pPCu32, %pPCu64), the builtins %wgid and %lid (%pIn) and the
    PhysicalStorageBuffer pointers %psb16 %psb32 %psbv4. `interface`: the entry point's other
    variables (workgroup arrays)."""
    lines = [f"OpCapability {c}" for c in ("Shader", "Float16", "Int64",
                                            "PhysicalStorageBufferAddresses", "VulkanMemoryModel",
                                            "CooperativeMatrixKHR", *capabilities)]
    lines += [f'OpExtension "{e}"' for e in ("SPV_KHR_cooperative_matrix", *extensions)]
    lines += ["OpMemoryModel PhysicalStorageBuffer64 Vulkan",
              "OpEntryPoint GLCompute %main \"main\" " + " ".join(("%pc", "%wgid", "%lid", *interface)),
              f"OpExecutionMode %main LocalSize {local_size} 1 1",
              "OpDecorate %wgid BuiltIn WorkgroupId",
              "OpDecorate %lid BuiltIn LocalInvocationId",
              "OpDecorate %PC Block"]
    offset = 0
    for i, member in enumerate(push):
        offset = (offset + _BYTES[member] - 1) // _BYTES[member] * _BYTES[member]
        lines.append(f"OpMemberDecorate %PC {i} Offset {offset}")
        offset += _BYTES[member]
    members = " ".join(f"%{m}" for m in push)
    lines += ["%void = OpTypeVoid", "%fn = OpTypeFunction %void", "%bool = OpTypeBool",
              "%u32 = OpTypeInt 32 0", "%u64 = OpTypeInt 64 0", "%f16 = OpTypeFloat 16",
              "%f32 = OpTypeFloat 32", "%v3u = OpTypeVector %u32 3", "%v4u = OpTypeVector %u32 4",
              "%v4h = OpTypeVector %f16 4", f"%PC = OpTypeStruct {members}",
              "%pPC = OpTypePointer PushConstant %PC", "%pc = OpVariable %pPC PushConstant",
              "%pPCu64 = OpTypePointer PushConstant %u64", "%pPCu32 = OpTypePointer PushConstant %u32",
              "%pIn = OpTypePointer Input %v3u", "%wgid = OpVariable %pIn Input",
              "%lid = OpVariable %pIn Input",
              "%psb16 = OpTypePointer PhysicalStorageBuffer %f16",
              "%psb32 = OpTypePointer PhysicalStorageBuffer %f32",
              "%psbv4 = OpTypePointer PhysicalStorageBuffer %v4u"]
    return "\n" + "\n".join(lines) + "\n"


def matrices(scope, rows, depth, cols):
    """Constant ids of the scope and the A (rows x depth), B (depth x cols) and C (rows x cols)
    sizes: defines %useA %useB %useC %rowmajor, the cooperative-matrix types %matA (f16),
    %matB (f16), %matC (f32), and %f0 and the zero accumulator %zeroC."""
    return "\n".join([
        "%useA = OpConstant %u32 0", "%useB = OpConstant %u32 1", "%useC = OpConstant %u32 2",
        "%rowmajor = OpConstant %u32 0",
        f"%matA = OpTypeCooperativeMatrixKHR %f16 {scope} {rows} {depth} %useA",
        f"%matB = OpTypeCooperativeMatrixKHR %f16 {scope} {depth} {cols} %useB",
        f"%matC = OpTypeCooperativeMatrixKHR %f32 {scope} {rows} {cols} %useC",
        "%f0 = OpConstant %f32 0", "%zeroC = OpConstantComposite %matC %f0"])


def load_arguments(*arguments):
    """Push-constant loads: each (name, type, index constant id) defines %name (through %p_name);
    type is u64 (an address) or u32."""
    lines = []
    for name, type_, index in arguments:
        lines += [f"%p_{name} = OpAccessChain %pPC{type_} %pc {index}",
                  f"%{name} = OpLoad %{type_} %p_{name}"]
    return "\n".join(lines)


def gemm_arguments(c0, c1, c2, c4, c5):
    """The GEMM probes' %a %b %c (addresses) and %N %K, given the ids of the constants 0, 1, 2, 4, 5."""
    return load_arguments(("a", "u64", c0), ("b", "u64", c1), ("c", "u64", c2),
                          ("N", "u32", c4), ("K", "u32", c5))


def invocation_ids(workgroup=("%tn", "%tm"), local=True):
    """%wg and its components named `workgroup` (x first); with `local`, %l and %tid (local x)."""
    lines = ["%wg = OpLoad %v3u %wgid"]
    lines += [f"{name} = OpCompositeExtract %u32 %wg {i}" for i, name in enumerate(workgroup)]
    if local:
        lines += ["%l = OpLoad %v3u %lid", "%tid = OpCompositeExtract %u32 %l 0"]
    return "\n".join(lines)
