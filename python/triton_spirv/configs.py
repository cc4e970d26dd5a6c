"""Autotuning configurations that suit Vulkan devices.

Block shapes measured with ``bench/`` (docs/performance.md): on NVIDIA through Vulkan the
fp16 and bf16 dots run on cooperative matrices with A/B double-buffered in 48 KiB of workgroup
memory (4 subgroups of 4x4 fragments at 128x128x32 lead), int8 dots on 16x16x32 integer
matrices (128x256x64 at 8 warps leads), the fp32 dot on FMAs with its tiles loaded one step ahead; lavapipe prefers fewer, larger workgroups. Use them as
``@triton.autotune(configs=triton_spirv.configs.matmul_configs(), key=[...])``; a configuration
a device cannot hold raises Triton's OutOfResources, which the autotuner skips.
``attention_configs()`` does the same for tutorial 06's fused attention forward.
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
    # int8 -> int32 4096^3 (H200, 2026-11-27, bench/results/2026-11-27-h200-session34-int8.json):
    # 128x256x64 w8 0.651 ms, 256x128x64 w8 0.716, 128x128x64 w4 0.849 (x @ w.T 0.580); 1024^3
    # 64x64x64 w4 0.0247 (Triton-CUDA's best 0.0244).
    ("nvidia", "int8"): [(128, 256, 64, 8, 3), (256, 128, 64, 8, 3), (128, 128, 64, 4, 3),
                         (64, 64, 64, 4, 3)],
    # 2-core lavapipe, fp32 512^3 (2026-11-28, staged tiles read at their source): 128x64x32 w8
    # 5.66 ms, 64x64x32 w4 5.99, 32x32x16 w4 8.2; wider N (128x128x32, 64x128x32) 8.3.
    ("lavapipe", "fp16"): [(128, 64, 32, 8, 2), (64, 64, 32, 4, 2), (32, 32, 16, 4, 2)],
    ("lavapipe", "fp32"): [(128, 64, 32, 8, 2), (64, 64, 32, 4, 2), (32, 32, 16, 4, 2)],
}


# (BLOCK_M, BLOCK_N, num_warps, num_stages) of attention's forward (tutorial 06), fastest first,
# by head_dim.
_ATTENTION_BLOCKS = {
    # H200, 4 x 32 heads, 4096 keys, dispatch (2026-11-28, bench/results/2026-11-28-h200-
    # session37*: running max and sum in registers): 128x64 w4 s2 2.09 ms (causal 1.14; 16384
    # keys too), 128x32 w4 s2 2.11 (1.16; the best causal tile at 1024 keys), 128x32 w4 2.15
    # (session 36), 64x32 w4 2.68 (1.44, session 35).
    ("nvidia", 64): [(128, 64, 4, 2), (128, 32, 4, 2), (128, 32, 4, 3), (64, 32, 4, 3)],
    # 128x64 w8 s2 4.17 ms (causal 2.38), 128x32 w8 s2 4.45 (2.46), 64x32 w4 s2 4.67 (2.45),
    # 64x64 w4 s2 4.67 (3.00).
    ("nvidia", 128): [(128, 64, 8, 2), (128, 32, 8, 2), (64, 32, 4, 2), (64, 64, 4, 2)],
    # 2-core lavapipe, 4 heads x 512 keys (bench/attention_tiles.py): head_dim 64 128x64 w8
    # 10.6 ms, 64x64 w4 11.0, 64x32 w8 11.5 (32x32 w4 12.4); head_dim 128 17.3, 18.9, 18.7
    # (22.2).
    ("lavapipe", 64): [(128, 64, 8, 3), (64, 64, 4, 3), (64, 32, 8, 3)],
    ("lavapipe", 128): [(128, 64, 8, 3), (64, 32, 8, 3), (64, 64, 4, 3)],
}


def active_profile():
    """The device profile kernels are compiled for on the active Vulkan device."""
    return triton.runtime.driver.active.get_current_target().arch


def matmul_configs(dtype="fp16", profile=None, names=("BLOCK_SIZE_M", "BLOCK_SIZE_N",
                                                      "BLOCK_SIZE_K"), **constexprs):
    """Matmul configurations for `profile` (default: the active device's).

    dtype: "fp16" (also bf16: same tiles), "fp32" or "int8" operands. names: the kernel's
    BLOCK_M, BLOCK_N, BLOCK_K meta-parameters (tutorial 03's by default). constexprs: further
    meta-parameters every configuration sets (GROUP_SIZE_M=8, ...).
    """
    profile = profile or active_profile()
    kind = {"fp32": "fp32", "float32": "fp32", "torch.float32": "fp32",
            "int8": "int8", "torch.int8": "int8"}.get(str(dtype), "fp16")
    # nvidia-fma runs every dot on FMAs: fp32's tiles.
    if profile == "nvidia-fma":
        kind = "fp32"
    # lavapipe-mesa22 differs from lavapipe in reductions only; int8 on lavapipe (FMAs, 8-bit A
    # elements handled as 16-bit ones are) takes fp16's tiles, not measured apart.
    base = profile.split("-")[0]
    blocks = _MATMUL_BLOCKS.get((base, kind)) or (
        _MATMUL_BLOCKS.get((base, "fp16")) if kind == "int8" else None)
    if blocks is None:
        raise ValueError(f"triton_spirv.configs: no matmul configurations for profile "
                         f"{profile!r} (known: nvidia, lavapipe, lavapipe-mesa22)")
    block_m, block_n, block_k = names
    return [triton.Config({block_m: m, block_n: n, block_k: k, **constexprs},
                          num_warps=warps, num_stages=stages)
            for m, n, k, warps, stages in blocks]


def attention_configs(head_dim=None, profile=None, names=("BLOCK_M", "BLOCK_N"), **constexprs):
    """Attention forward configurations (tutorial 06's kernel) for `profile` (default: the active
    device's), measured at `head_dim` 64 or 128 (others: the nearer of the two; None: both lists,
    for a kernel autotuned over head dims). names: the kernel's BLOCK_M and BLOCK_N
    meta-parameters. constexprs: further meta-parameters every configuration sets.
    """
    profile = (profile or active_profile()).split("-")[0]
    measured = sorted(d for p, d in _ATTENTION_BLOCKS if p == profile)
    if not measured:
        raise ValueError(f"triton_spirv.configs: no attention configurations for profile "
                         f"{profile!r} (known: nvidia, lavapipe, lavapipe-mesa22)")
    if head_dim is None:
        dims = measured
    else:
        if not isinstance(head_dim, int) or head_dim <= 0:
            raise ValueError(f"triton_spirv.configs: head_dim must be a positive int, "
                             f"not {head_dim!r}")
        dims = [min(measured, key=lambda d: (abs(d - head_dim), d))]
    blocks = []
    for d in dims:
        blocks += [b for b in _ATTENTION_BLOCKS[(profile, d)] if b not in blocks]
    block_m, block_n = names
    return [triton.Config({block_m: m, block_n: n, **constexprs}, num_warps=warps,
                          num_stages=stages)
            for m, n, warps, stages in blocks]
