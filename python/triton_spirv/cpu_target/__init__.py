"""Triton's `cpu` target, served by triton-spirv.

PyTorch Inductor's Triton CPU backend (`torch._inductor.config.cpu_backend = "triton"`)
looks up the Triton backend registered under the name `cpu`, makes its driver active and
compiles for `GPUTarget("cpu", <ISA>, 32)`. This package is that backend: kernels compile
for the active Vulkan device's profile (lavapipe on a plain CPU) and take torch CPU tensors,
exactly as kernels of the `spirv` backend do on the cpu route.
"""
