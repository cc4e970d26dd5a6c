"""Heuristics of FlagGems operators for Vulkan devices (vendor `spirv`).

FlagGems takes an operator's heuristics from here when the operator is listed,
else from its NVIDIA file. Listed here:
- the three NVIDIA entries that call torch.cuda (absent on the cpu route) to
  count multiprocessors; ours ask FlagGems' device module, which reports the
  Vulkan device on the cpu route and is torch.cuda on the cuda route;
- argmax over a non-inner dim: a power-of-2 TILE_N for every N;
- pointwise_dynamic's tiling (POINTWISE_CODEGEN, pointwise_num_warps), which
  triton_spirv.flaggems installs as FlagGems' CODEGEN_COFIGS[vendors.SPIRV].
"""

import importlib

import triton

# FlagGems' backend directory is on sys.path while vendor packages load.
_nvidia = importlib.import_module("_nvidia.heuristics_config_utils")


def _multiprocessors():
    from flag_gems.runtime import torch_device_fn
    return torch_device_fn.get_device_properties(torch_device_fn.current_device()).multi_processor_count


def _tile_k(args, max_tile_k, min_tile_k=1):
    """Largest power-of-2 TILE_K <= max_tile_k that still gives every multiprocessor a program."""
    programs_per_wave = _multiprocessors()
    upper = min(args["K"], max_tile_k)
    tile_k = min_tile_k
    while tile_k * 2 <= upper and args["M"] * triton.cdiv(args["K"], tile_k) > programs_per_wave:
        tile_k *= 2
    return tile_k


def argmax_tile_k(args):
    if args["K"] <= 128:
        return 1 << max(args["K"].bit_length() - 1, 0)  # the largest power of 2 <= K
    return _tile_k(args, 512, min_tile_k=64)


def argmax_tile_n_non_inner(args):
    # NVIDIA's returns N itself up to 128: tl.arange then fails for N not a power of 2.
    if args["N"] <= 128:
        return triton.next_power_of_2(args["N"])
    return _nvidia.argmax_heur_tile_n_non_inner(args)


def softmax_tile_k(args):
    return _tile_k(args, 8192)


def mean_tile_k(args):
    tile_k = _tile_k(args, 64)  # NVIDIA's bound: 4096 per row / 64 minimum TILE_N
    # Vulkan's grid is at most 65535 programs per dimension, like CUDA's y.
    needed = triton.cdiv(args["K"], 65535)
    return max(tile_k, triton.next_power_of_2(needed))


# pointwise_dynamic (all elementwise operators): FlagGems' CodeGenConfig fields.
# Tiles up to 4096 elements per program with 8 warps (NVIDIA's: 512, 4 warps):
# on lavapipe a few percent faster than 512 or 1024 (bench/flaggems_bench.py,
# docs/flaggems.md), as each program pays a dispatch share; grids within
# Vulkan's 65535 per dimension; block pointers measured no different.
POINTWISE_CODEGEN = dict(
    max_tile_size=4096,
    max_grid_size=(65535, 65535, 65535),
    max_num_warps_per_cta=32,
    prefer_block_pointer=False,
    prefer_1d_tile=False,
)


def pointwise_num_warps(tile_size):
    return 4 if tile_size <= 512 else 8


HEURISTICS_CONFIGS = {
    "argmax_non_inner": {
        "TILE_K": argmax_tile_k,
        "TILE_N": argmax_tile_n_non_inner,
        "ONE_TILE_PER_CTA": _nvidia.argmax_heur_one_tile_per_cta,
        "num_warps": _nvidia.argmax_heur_num_warps_non_inner,
    },
    "softmax_non_inner": {
        "TILE_K": softmax_tile_k,
        "TILE_N": _nvidia.softmax_heur_tile_n_non_inner,
        "ONE_TILE_PER_CTA": _nvidia.softmax_heur_one_tile_per_cta,
        "num_warps": _nvidia.softmax_heur_num_warps_non_inner,
    },
    "mean_non_inner": {
        "TILE_K": mean_tile_k,
        "TILE_N": _nvidia.mean_heur_tile_n_non_inner,
        "ONE_TILE_PER_CTA": _nvidia.mean_heur_one_tile_per_cta,
        "num_warps": _nvidia.softmax_heur_num_warps_non_inner,
    },
}
