"""float64 references shared by the end-to-end tests."""
import math

import torch


def multi_head_attention(q, k, v, sm_scale, causal):
    """(softmax(q k^T * sm_scale) v, each row's log-sum-exp in base 2) of (heads, n, head_dim)
    tensors, in float64; causal: keys after each row masked (tutorial 06's mha_fwd_kernel)."""
    scores = (q.double() @ k.double().transpose(1, 2)) * sm_scale
    if causal:
        n_ctx = q.shape[1]
        scores = scores.masked_fill(torch.ones(n_ctx, n_ctx, dtype=torch.bool).triu(1),
                                    float("-inf"))
    return torch.softmax(scores, dim=-1) @ v.double(), torch.logsumexp(scores, dim=-1) / math.log(2)
