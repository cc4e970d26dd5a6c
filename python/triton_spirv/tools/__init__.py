"""Ahead-of-time tools: compile Triton kernels to C + SPIR-V and link them (docs/aot.md).

    python -m triton_spirv.tools.compile  kernel.py -n name -s "..." -g "..."
    python -m triton_spirv.tools.link     headers... -o name
    python -m triton_spirv.tools.runtime  --cflags --libs
"""
