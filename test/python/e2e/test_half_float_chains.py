"""Chains of fp16 / bf16 arithmetic round after every op, as Triton does, on the default
Vulkan device (fuzzer finding half_float_chain_skips_rounding: x + 1 + 1 in bf16 gave 2.203125,
not 2.1875). bf16: arith-emulate-unsupported-floats' truncf/extf pairs between two ops are
marked `contract` and folded away, so emulate-float-conversions widens bf16 arithmetic op by
op itself. fp16 on lavapipe: llvmpipe computes it in f32 and its NIR folded the roundings
between inexact ops, so f16 arithmetic is NoContraction on CPU devices. References: torch on
the CPU, which rounds each op."""
import pytest
import torch
import triton
import triton.language as tl

torch.manual_seed(0)


@triton.jit
def chains_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    one = tl.full((BLOCK,), 1.0, x.dtype)
    v = x + one
    v = v + one
    tl.store(out_ptr + offsets, v, mask=mask)
    tl.store(out_ptr + n + offsets, x * 3.0 * 3.0, mask=mask)
    tl.store(out_ptr + 2 * n + offsets, x - y - y + x, mask=mask)
    w = x
    for _ in tl.static_range(3):
        w = w * y
    tl.store(out_ptr + 3 * n + offsets, w, mask=mask)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["f16", "bf16"])
def test_chains_round_after_each_op(dtype):
    n = 3000
    x = torch.randn(n).to(dtype)
    y = (torch.rand(n) + 0.5).to(dtype)
    out = torch.full((4 * n,), float("nan"), dtype=dtype)
    chains_kernel[(triton.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
    refs = [(x + 1) + 1, (x * 3.0) * 3.0, ((x - y) - y) + x, ((x * y) * y) * y]
    # Without the rounding between ops, up to a fifth of these differed.
    for i, ref in enumerate(refs):
        got = out[i * n:(i + 1) * n]
        same = (got == ref) | (got.isnan() & ref.isnan())
        assert same.all(), (f"chain {i}: {int((~same).sum())} of {n} differ, e.g. x={x[~same][:3]} "
                            f"y={y[~same][:3]}: {got[~same][:3]} vs {ref[~same][:3]}")
