"""Autotuning configurations that suit Vulkan devices.

Block shapes measured with ``bench/`` (docs/performance.md): on NVIDIA through Vulkan the
fp16 and bf16 dots run on cooperative matrices with A/B double-buffered in 48 KiB of workgroup
memory (4 subgroups of 4x4 fragments at 128x128x32 lead), the fp32 dot on FMAs with its tiles
loaded one step ahead; lavapipe prefers fewer, larger workgroups. Use them as
``@triton.autotune(configs=triton_spirv.configs.matmul_configs(), key=[...])``; a configuration
a device cannot hold raises Triton's OutOfResources, which the autotuner skips.
"""

import triton

# (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages), fastest first at 4096^3 (nvidia) or
# 512^3 (lavapipe).
_MATMUL_BLOCKS = {
    # H200 4096^3 dispatch (2026-11-27): 128x128x32 w4 0.513 ms, 64x128x32 w4 0.680,
    # 128x128x32 w8 0.689, 128x64x32 w4 0.728 (fp16; bf16 the same since it keeps f16-typed
    # tiles). 128x128x64 w8 (0.556) needs global scratch when the strides are not constants.
    ("nvidia", "fp16"): [(128, 128, 32, 4, 3), (64, 128, 32, 4, 3), (128, 128, 32, 8, 3),
                         (128, 64, 32, 4, 3)],
    # fp32 4096^3 (2026-11-27, K blocks unrolled entirely): 128x128x32 w8 3.311 ms, 64x64x32 w4
    # 3.455, 64x128x16 w4 3.465 (its loads one step ahead whatever num_stages asks).
    ("nvidia", "fp32"): [(128, 128, 32, 8, 2), (64, 64, 32, 4, 2), (64, 128, 16, 4, 2)],
    ("lavapipe", "fp16"): [(128, 64, 32, 8, 2), (64, 64, 32, 4, 2), (32, 32, 16, 4, 2)],
    ("lavapipe", "fp32"): [(128, 64, 32, 8, 2), (64, 64, 32, 4, 2), (32, 32, 16, 4, 2)],
}


def active_profile():
    """The device profile kernels are compiled for on the active Vulkan device."""
    return triton.runtime.driver.active.get_current_target().arch


def matmul_configs(dtype="fp16", profile=None, names=("BLOCK_SIZE_M", "BLOCK_SIZE_N",
                                                      "BLOCK_SIZE_K"), **constexprs):
    """Matmul configurations for `profile` (default: the active device's).

    dtype: "fp16" (also bf16: same tiles) or "fp32" operands. names: the kernel's BLOCK_M,
    BLOCK_N, BLOCK_K meta-parameters (tutorial 03's by default). constexprs: further
    meta-parameters every configuration sets (GROUP_SIZE_M=8, ...).
    """
    profile = profile or active_profile()
    kind = "fp32" if str(dtype) in ("fp32", "float32", "torch.float32") else "fp16"
    # lavapipe-mesa22 differs from lavapipe in reductions only.
    blocks = _MATMUL_BLOCKS.get((profile.split("-")[0], kind))
    if blocks is None:
        raise ValueError(f"triton_spirv.configs: no matmul configurations for profile "
                         f"{profile!r} (known: nvidia, lavapipe, lavapipe-mesa22)")
    block_m, block_n, block_k = names
    return [triton.Config({block_m: m, block_n: n, block_k: k, **constexprs},
                          num_warps=warps, num_stages=stages)
            for m, n, k, warps, stages in blocks]
