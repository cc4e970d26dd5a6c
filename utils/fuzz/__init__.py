"""Differential fuzzer for triton-spirv: random Triton programs run on the backend and on a numpy
reference (docs/fuzzing.md)."""
