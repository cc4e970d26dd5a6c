"""argmin: every dim reduction through FlagGems' masked kernel.

Upstream sends contiguous last-dim-1 shapes (K == 1) to argmin_kernel_opt_k1,
which loads and stores with mask=True: when N is not a multiple of BLOCK_N or
M of BLOCK_M it reads the next rows and writes past the output. On CPU tensors
that corrupts the malloc heap (free(): invalid pointer, SIGSEGV later). Its
general kernel (argmin_kernel) masks both and handles K == 1.
"""

import importlib
import math

import torch
import triton

# The module: flag_gems.ops re-exports the function under the same name.
_upstream = importlib.import_module("flag_gems.ops.argmin")


def argmin(inp, dim=None, keepdim=False, *, dtype=None):
    if dim is None:
        return _upstream.argmin(inp, dim=None, keepdim=keepdim, dtype=dtype)
    if not -inp.ndim <= dim < max(inp.ndim, 1):
        raise IndexError(f"argmin: dim {dim} is out of range for a {inp.ndim}-d tensor")
    dim = dim % max(inp.ndim, 1)
    shape = list(inp.shape) or [1]
    n = shape[dim]
    m = math.prod(shape[:dim])
    k = math.prod(shape[dim + 1:])
    inp = inp.contiguous()
    out_shape = list(inp.shape)
    if out_shape:
        out_shape[dim] = 1
    out = torch.empty(out_shape, dtype=torch.int64, device=inp.device)
    if not keepdim and out.ndim:
        out = out.squeeze(dim)
    if inp.numel() == 0:
        raise IndexError("argmin(): Expected reduction dim to be specified for input.numel() == 0")
    grid = lambda meta: (triton.cdiv(m, meta["BLOCK_M"]), k)  # noqa: E731
    _upstream.argmin_kernel[grid](inp, out, m, n, k)
    return out
