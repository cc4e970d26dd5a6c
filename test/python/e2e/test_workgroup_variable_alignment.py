"""Workgroup variables stay on 16-byte boundaries (spirv-pad-workgroup-variables): a kernel with
a cooperative-matrix dot and a full reduction, compiled for the nvidia profile, declares every
workgroup variable in a multiple of 16 bytes (NVIDIA's driver placed a dot's staged operands
8 bytes off 16 behind a 4-byte reduction result, and the dot read garbage). Compile only: lavapipe
cannot run cooperative matrices; test/python/gpu/test_nvidia_findings.py runs it on the GPU."""
import re

import pytest
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

from .kernels import dot_beside_full_reduction_kernel

SIZES = {"i8": 1, "i16": 2, "f16": 2, "bf16": 2, "i32": 4, "f32": 4, "i64": 8, "f64": 8}


def _workgroup_variable_bytes(spirv_text):
    sizes = {}
    for name, count, element in re.findall(
            r"spirv\.GlobalVariable @(\w+) : !spirv\.ptr<!spirv\.struct<\(!spirv\.array<(\d+) x "
            r"(vector<\d+x\w+>|\w+)>\)>, Workgroup>", spirv_text):
        vector = re.match(r"vector<(\d+)x(\w+)>", element)
        bytes_each = int(vector.group(1)) * SIZES[vector.group(2)] if vector else SIZES[element]
        sizes[name] = int(count) * bytes_each
    return sizes


@pytest.mark.parametrize("combiner, dtype", [("and", "bf16"), ("min64", "fp16")])
def test_workgroup_variables_are_multiples_of_16_bytes(combiner, dtype):
    signature = {"r": "*i32", "reduced": "*i32", "a": f"*{dtype}", "b": f"*{dtype}",
                 "out": "*fp32", "M": "constexpr", "N": "constexpr", "K": "constexpr",
                 "COMBINER": "constexpr"}
    source = ASTSource(dot_beside_full_reduction_kernel, signature,
                       constexprs={"M": 32, "N": 32, "K": 32, "COMBINER": combiner})
    compiled = triton.compile(source, target=GPUTarget("spirv", "nvidia", 32),
                              options={"num_warps": 1})
    text = compiled.asm["spirvir"]
    assert "KHR.CooperativeMatrixMulAdd" in text
    sizes = _workgroup_variable_bytes(text)
    assert len(sizes) >= 3, sizes  # the staged operands, the block, the reduction's result
    assert all(size % 16 == 0 for size in sizes.values()), sizes
