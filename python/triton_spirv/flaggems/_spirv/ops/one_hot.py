"""one_hot: FlagGems' kernel for tensors of this vendor's device.

Upstream hands every non-CUDA tensor back to torch.nn.functional.one_hot; with
FlagGems registered on the CPU key that is FlagGems' one_hot again, which
recurses until RecursionError.
"""

import importlib

import torch
import triton

_upstream = importlib.import_module("flag_gems.ops.one_hot")


def one_hot(tensor, num_classes=-1):
    if tensor.dtype != torch.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    tensor = tensor.contiguous()
    numel = tensor.numel()
    if num_classes == -1:
        if numel == 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(tensor.max().item()) + 1
    if numel and (int(tensor.min().item()) < 0 or int(tensor.max().item()) >= num_classes):
        raise RuntimeError("Class values must be non-negative and smaller than num_classes.")
    out = torch.empty((*tensor.shape, num_classes), device=tensor.device, dtype=torch.int64)
    if numel == 0 or num_classes == 0:
        return out
    block_m = 32
    _upstream.one_hot_kernel[(triton.cdiv(numel, block_m),)](
        tensor, out, num_classes, numel,
        BLOCK_M=block_m, BLOCK_N=min(triton.next_power_of_2(num_classes), 128))
    return out
