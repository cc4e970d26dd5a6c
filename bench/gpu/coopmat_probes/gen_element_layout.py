"""Probe: which elements of a 16x16 subgroup-scope cooperative matrix each invocation holds (the
KHR extension leaves the order implementation-defined). One subgroup loads a row-major matrix
whose element (r, c) holds r * 16 + c as A (f16), B (f16), accumulator f32 and accumulator f16,
and every invocation writes its first 8 components (OpCompositeExtract) and the matrices'
OpCooperativeMatrixLengthKHR. element_layout_probe.py runs it and prints the mapping.

    python3 gen_element_layout.py > layout.spvasm && spirv-as --target-env vulkan1.3 \
        layout.spvasm -o layout.spv
"""
import sys

from spirv_text import header, load_arguments

USES = (("A", "%matA", "%f16"), ("B", "%matB", "%f16"), ("C", "%matC", "%f32"),
        ("Ch", "%matCh", "%f16"))
PER_LANE = 8


def kernel():
    body = []
    for slot, (name, matrix, element) in enumerate(USES):
        source = "%pin32" if element == "%f32" else "%pin16"
        align = 64 if element == "%f32" else 32
        body.append(f"%m{name} = OpCooperativeMatrixLoadKHR {matrix} {source} %rowmajor %c16 "
                    f"Aligned {align}")
        body.append(f"%len{name} = OpCooperativeMatrixLengthKHR %u32 {matrix}")
        body.append(f"%lenf{name} = OpConvertUToF %f32 %len{name}")
        body.append(f"%lenp{name} = OpIAdd %u64 %out %off_len{slot}")
        body.append(f"%lenq{name} = OpConvertUToPtr %psb32 %lenp{name}")
        body.append(f"OpStore %lenq{name} %lenf{name} Aligned 4")
        for i in range(PER_LANE):
            v = f"%e{name}_{i}"
            body.append(f"{v} = OpCompositeExtract {element} %m{name} {i}")
            if element == "%f16":
                body.append(f"{v}f = OpFConvert %f32 {v}")
                v = f"{v}f"
            body.append(f"%i{name}_{i} = OpIAdd %u32 %lanebase{slot} %c{i}")
            body.append(f"%i64{name}_{i} = OpUConvert %u64 %i{name}_{i}")
            body.append(f"%b{name}_{i} = OpIMul %u64 %i64{name}_{i} %four64")
            body.append(f"%a{name}_{i} = OpIAdd %u64 %out %b{name}_{i}")
            body.append(f"%p{name}_{i} = OpConvertUToPtr %psb32 %a{name}_{i}")
            body.append(f"OpStore %p{name}_{i} {v} Aligned 4")
    lanes = []
    for slot in range(len(USES)):
        lanes.append(f"%lane{slot} = OpIAdd %u32 %tid %c{slot * 32}")
        lanes.append(f"%lanebase{slot} = OpIMul %u32 %lane{slot} %c{PER_LANE}")
    consts = sorted({0, 1, 2, 3, 16, 32, 64, 96, PER_LANE} | set(range(PER_LANE)))
    lengths_at = len(USES) * 32 * PER_LANE * 4
    nl = "\n"
    return header(32, push=("u64", "u64", "u64")) + nl.join([
        *(f"%c{v} = OpConstant %u32 {v}" for v in consts),
        "%four64 = OpConstant %u64 4",
        *(f"%off_len{s} = OpConstant %u64 {lengths_at + 4 * s}" for s in range(len(USES))),
        "%scope = OpConstant %u32 3",
        "%useA = OpConstant %u32 0", "%useB = OpConstant %u32 1", "%useC = OpConstant %u32 2",
        "%rowmajor = OpConstant %u32 0",
        "%matA = OpTypeCooperativeMatrixKHR %f16 %scope %c16 %c16 %useA",
        "%matB = OpTypeCooperativeMatrixKHR %f16 %scope %c16 %c16 %useB",
        "%matC = OpTypeCooperativeMatrixKHR %f32 %scope %c16 %c16 %useC",
        "%matCh = OpTypeCooperativeMatrixKHR %f16 %scope %c16 %c16 %useC",
        "%main = OpFunction %void None %fn", "%entry = OpLabel",
        load_arguments(("in16", "u64", "%c0"), ("in32", "u64", "%c1"), ("out", "u64", "%c2")),
        "%pin16 = OpConvertUToPtr %psb16 %in16", "%pin32 = OpConvertUToPtr %psb32 %in32",
        "%l = OpLoad %v3u %lid", "%tid = OpCompositeExtract %u32 %l 0",
        *lanes, *body, "OpReturn", "OpFunctionEnd"]) + nl


if __name__ == "__main__":
    sys.stdout.write(kernel())
