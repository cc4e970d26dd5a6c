"""Fused-attention cases of bench/cases.py: tutorial 06's forward and backward kernels and
attention written for any sequence length, with their float64 references."""
import math
import sys
from pathlib import Path

import torch

from case_types import Case, T, Tensor
from e2e import kernels as K

REPO = Path(__file__).resolve().parents[1]


def head_by_head_attention(t, sm_scale, causal, lse=None):
    """softmax(q k^T * sm_scale) v of (heads, n, head_dim) tensors, one head at a time (a float64
    score matrix of 16384^2 is 2 GiB); causal: keys after each row masked. With `lse`, also each
    row's log-sum-exp in base 2."""
    heads, n_ctx = t["q"].shape[:2]
    out = torch.empty_like(t["q"])
    mask = torch.ones(n_ctx, n_ctx, dtype=torch.bool, device=t["q"].device).triu(1)
    for h in range(heads):
        s = (t["q"][h] @ t["k"][h].T) * sm_scale
        if causal:
            s = s.masked_fill(mask, float("-inf"))
        out[h] = torch.softmax(s, dim=-1) @ t["v"][h]
        if lse is not None:
            lse[h] = torch.logsumexp(s, dim=-1) / math.log(2)
    return out


def mha_case(heads, n_ctx, head_dim, causal, block_m, block_n, num_warps=4, num_stages=3,
             cuda_only=False):
    """Multi-head attention forward (fp16) in tutorial 06's form: heads = batch x heads."""
    sm_scale = 1.3  # the tutorial's benchmark value

    def attention(t, lse=None):
        return head_by_head_attention(t, sm_scale, causal, lse)

    def ref(t):
        lse = torch.empty((heads, n_ctx), dtype=t["q"].dtype, device=t["q"].device)
        return {"o": attention(t, lse), "lse": lse}

    shape = (heads, n_ctx, head_dim)
    return Case("mha_fwd_fp16", f"{heads}x{n_ctx}x{head_dim}{'-causal' if causal else ''}",
                K.mha_fwd_kernel,
                {"q": Tensor(shape, torch.float16), "k": Tensor(shape, torch.float16),
                 "v": Tensor(shape, torch.float16), "o": Tensor(shape, torch.float16, output=True),
                 "lse": Tensor((heads, n_ctx), torch.float32, output=True)},
                [T("q"), T("k"), T("v"), T("o"), T("lse"), sm_scale],
                {"N_CTX": n_ctx, "HEAD_DIM": head_dim, "BLOCK_M": block_m, "BLOCK_N": block_n,
                 "CAUSAL": causal},
                (n_ctx // block_m, heads, 1), num_warps, reference=ref, torch_fn=attention,
                bytes=2 * 4 * heads * n_ctx * head_dim,
                flops=4 * heads * n_ctx * n_ctx * head_dim // (2 if causal else 1), tol=2e-3,
                config=f"{block_m}x{block_n}", num_stages=num_stages, cuda_only=cuda_only)


def any_length_attention_case(heads, seq_len, head_dim, causal, block_m, block_n, num_warps=4):
    """Attention forward (fp16) written for any sequence length: utils/ttir_corpus/kernels_nn.py's
    attention_fwd (keys past seq_len masked in every block, the causal loop stopping at the
    diagonal), so the key loop runs in two versions (mask-free, then masked)."""
    if str(REPO / "utils" / "ttir_corpus") not in sys.path:
        sys.path.insert(0, str(REPO / "utils" / "ttir_corpus"))
    import kernels_nn
    sm_scale = head_dim ** -0.5

    def attention(t):
        return head_by_head_attention(t, sm_scale, causal)

    shape = (heads, seq_len, head_dim)
    return Case("attention_any_length", f"{heads}x{seq_len}x{head_dim}{'-causal' if causal else ''}",
                kernels_nn.attention_fwd,
                {"q": Tensor(shape, torch.float16), "k": Tensor(shape, torch.float16),
                 "v": Tensor(shape, torch.float16), "o": Tensor(shape, torch.float16, output=True)},
                [T("q"), T("k"), T("v"), T("o"), sm_scale, seq_len],
                {"HEAD_DIM": head_dim, "BLOCK_M": block_m, "BLOCK_N": block_n, "CAUSAL": causal},
                (math.ceil(seq_len / block_m), heads, 1), num_warps,
                reference=lambda t: {"o": attention(t)}, torch_fn=attention,
                bytes=2 * 4 * heads * seq_len * head_dim,
                flops=4 * heads * seq_len * seq_len * head_dim // (2 if causal else 1), tol=2e-3,
                config=f"{block_m}x{block_n}")


def mha_bwd_case(side, heads, n_ctx, head_dim, block_m, block_n, num_warps=4, num_stages=3,
                 cuda_only=False):
    """Attention backward (fp16, head_dim 64/128) in the form of tutorial 06's: `side` "dkdv"
    (programs over key blocks) or "dq" (over query blocks). lse and delta are random here (their
    values only scale P), q and k small enough that every P stays finite in fp16."""
    sm_scale = 0.125

    def gradients(t):
        outputs = {}
        for h in range(heads):
            q, k, v, d_out = (t[n][h].double() for n in ("q", "k", "v", "do"))
            lse, delta = t["lse"][h].double(), t["delta"][h].double()
            p = torch.exp2((q @ k.T) * (sm_scale * 1.4426950408889634) - lse[:, None])
            ds = p * (d_out @ v.T - delta[:, None])
            for name, value in (("dq", ds @ k * sm_scale), ("dk", ds.T @ q * sm_scale),
                                ("dv", p.T @ d_out)):
                outputs.setdefault(name, torch.empty((heads,) + value.shape, dtype=torch.float64,
                                                     device=value.device))[h] = value
        return outputs

    def ref(t):
        grads = gradients(t)
        return {n: grads[n] for n in (("dk", "dv") if side == "dkdv" else ("dq",))}

    shape = (heads, n_ctx, head_dim)
    tensors = {n: Tensor(shape, torch.float16) for n in ("q", "k", "v", "do")}
    tensors["lse"] = Tensor((heads, n_ctx), torch.float32)
    tensors["delta"] = Tensor((heads, n_ctx), torch.float32)
    outputs = ("dk", "dv") if side == "dkdv" else ("dq",)
    for n in outputs:
        tensors[n] = Tensor(shape, torch.float16, output=True)
    kernel = K.mha_bwd_dkdv_kernel if side == "dkdv" else K.mha_bwd_dq_kernel
    blocks = n_ctx // (block_n if side == "dkdv" else block_m)
    return Case(f"mha_bwd_{side}_fp16", f"{heads}x{n_ctx}x{head_dim}-{side}", kernel, tensors,
                [T("q"), T("k"), T("v"), T("do"), T("lse"), T("delta"), *(T(n) for n in outputs),
                 sm_scale],
                {"N_CTX": n_ctx, "HEAD_DIM": head_dim, "BLOCK_M": block_m, "BLOCK_N": block_n},
                (blocks, heads, 1), num_warps, reference=ref,
                torch_fn=lambda t: gradients(t),
                bytes=2 * (4 + len(outputs)) * heads * n_ctx * head_dim,
                # dkdv: three dots of n_ctx^2 x head_dim per head and P^T recomputed (four in
                # all); dq: three.
                flops=2 * (4 if side == "dkdv" else 3) * heads * n_ctx * n_ctx * head_dim,
                tol=2e-3, config=f"{block_m}x{block_n}", num_stages=num_stages,
                cuda_only=cuda_only)
