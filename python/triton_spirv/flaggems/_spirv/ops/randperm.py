"""randperm: FlagGems' sort of Philox keys, instead of upstream's key sort + block shuffle.

Upstream sorts random keys and then shuffles each 512-element block in place
(duplicate_keys_shuffle_kernel: load the block, argsort, store it permuted to
the same addresses). Upstream's result is right (the fusion that let
invocations store before others had loaded is fixed), but slow here: on
lavapipe its bitonic sorts compile to shaders that llvmpipe takes 40-60 s to
build on every process start (n = 5000: 45 s, n = 100000: 51 s, against
under a second for this). Sorting random 32-bit keys with FlagGems' radix
sort gives a uniform permutation (ties, rare, keep index order); the keys come
from the device's Philox generator, as FlagGems' other random operators'
numbers do.
"""

import torch
import triton
import triton.language as tl
from flag_gems.utils.random_utils import philox_backend_seed_offset

_BLOCK = 1024


@triton.jit(do_not_specialize=["seed", "offset"])
def _philox_keys_kernel(out_ptr, n, seed, offset, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    seed = seed.to(tl.int64)
    offset = offset.to(tl.int64)
    c0 = (offset & 0xFFFFFFFF).to(tl.uint32) + idx.to(tl.uint32)
    c1 = ((offset >> 32) & 0xFFFFFFFF).to(tl.uint32)
    zero = c0 * 0
    r0, _, _, _ = tl.philox(seed, c0, c1, zero, zero)
    tl.store(out_ptr + idx, r0.to(tl.int32, bitcast=True), mask=idx < n)


def randperm(n, *, generator=None, out=None, dtype=torch.int64, layout=torch.strided, device=None,
             requires_grad=False, pin_memory=False):
    if dtype not in (torch.int16, torch.int32, torch.int64):
        raise TypeError(f"randperm: dtype {dtype} is not supported (int16, int32, int64)")
    if n < 0:
        raise RuntimeError(f"randperm: n must be non-negative, got {n}")
    if dtype != torch.int64 and n > torch.iinfo(dtype).max + 1:
        raise RuntimeError(f"randperm: n={n} does not fit {dtype}")
    from flag_gems import device as device_type
    device = torch.device(device_type) if device is None else torch.device(device)
    keys = torch.empty(n, dtype=torch.int32, device=device)
    if n:
        seed, offset = philox_backend_seed_offset(n, generator=generator)
        _philox_keys_kernel[(triton.cdiv(n, _BLOCK),)](keys, n, seed, offset, BLOCK=_BLOCK)
    perm = torch.sort(keys).indices.to(dtype)
    if out is not None:
        out.resize_(n).copy_(perm)
        return out
    return perm
