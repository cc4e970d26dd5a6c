"""native_batch_norm: scratch running-stat buffers when the caller gives none.

Upstream passes the INPUT tensor as running_mean/running_var when they are
None (F.batch_norm(x, None, None, training=True)); the training kernel then
stores "updated running stats" into the input's first C elements, so the
input is corrupted and later reads of it are wrong (every vendor).
"""

import importlib

import torch

_upstream = importlib.import_module("flag_gems.ops.batch_norm")


def batch_norm(input, weight=None, bias=None, running_mean=None, running_var=None, training=False,
               momentum=0.1, eps=1e-05):
    channels = input.shape[1] if input.ndim > 1 else 1
    if running_mean is None:
        running_mean = torch.zeros(channels, dtype=input.dtype, device=input.device)
    if running_var is None:
        running_var = torch.ones(channels, dtype=input.dtype, device=input.device)
    return _upstream.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps)
