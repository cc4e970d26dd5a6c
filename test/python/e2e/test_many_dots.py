"""Kernels with many small dots (flash-linear-attention's fused triangular solves hold 26):
on lavapipe their K loops unroll less once the kernel's dots together pass the profile's
budget (llvmpipe's compile time grows faster than the code), and the answers stay right."""
import pytest
import torch
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def dot_chain_kernel(x_ptr, w_ptr, out_ptr, DOTS: tl.constexpr, B: tl.constexpr,
                     WIDE_K: tl.constexpr):
    rows = tl.arange(0, B)
    cols = tl.arange(0, B)
    x = tl.load(x_ptr + rows[:, None] * B + cols[None, :])
    for i in tl.static_range(DOTS):
        w = tl.load(w_ptr + i * B * B + rows[:, None] * B + cols[None, :])
        if WIDE_K and i % 3 == 0:
            # A K block of 2B: [x, x] @ [w; w] = 2 x @ w.
            wide = tl.join(x, x).permute(0, 2, 1).reshape(B, 2 * B)
            tall = tl.join(w, w).permute(2, 0, 1).reshape(2 * B, B)
            x = tl.dot(wide, tall, acc=x, input_precision="ieee")
        else:
            x = tl.dot(x, w, acc=x, input_precision="ieee")
    tl.store(out_ptr + rows[:, None] * B + cols[None, :], x)


def _reference(x, w, dots, wide_k):
    x = x.double()
    for i in range(dots):
        factor = 2.0 if wide_k and i % 3 == 0 else 1.0
        x = x + factor * (x @ w[i].double())
    return x


# On lavapipe: K unrolled entirely (2 dots), four steps an iteration (6), rolled (20; its
# first compile by llvmpipe takes about a minute here).
@pytest.mark.parametrize("dots, wide_k", [(2, False), (2, True), (6, False), (6, True),
                                          (20, False)])
def test_dot_chain_is_right(dots, wide_k):
    B = 16
    generator = torch.Generator().manual_seed(dots * 2 + wide_k)
    x = torch.randn(B, B, generator=generator)
    # Small weights keep the chain's growth (1 + |w|) bounded over 20 products.
    w = 0.05 * torch.randn(dots, B, B, generator=generator)
    out = torch.full((B, B), float("nan"), device=DEVICE)
    dot_chain_kernel[(1,)](x.to(DEVICE), w.to(DEVICE), out, dots, B, wide_k, num_warps=1)
    out = out.cpu()
    assert not out.isnan().any()
    torch.testing.assert_close(out.double(), _reference(x, w, dots, wide_k),
                               rtol=1e-4, atol=1e-4)


def _fused_multiply_adds(dots):
    signature = {"x_ptr": "*fp32", "w_ptr": "*fp32", "out_ptr": "*fp32", "DOTS": "constexpr",
                 "B": "constexpr", "WIDE_K": "constexpr"}
    source = ASTSource(dot_chain_kernel, signature, {"DOTS": dots, "B": 16, "WIDE_K": False})
    spirv = triton.compile(source, target=GPUTarget("spirv", "lavapipe", 8),
                           options={"num_warps": 1}).asm["spirvir"]
    return spirv.count("spirv.GL.Fma")


def test_lavapipe_unrolls_many_dots_less():
    # One warp of 8 lanes: 32 outputs each per 16x16 dot, K 16 unrolled entirely (512
    # multiply-adds a dot) while the kernel's dots stay within 2,048 together; 6 dots
    # advance K four steps an iteration (128 each), 20 keep the K loop rolled (32 each).
    assert _fused_multiply_adds(2) == 2 * 512
    assert _fused_multiply_adds(6) == 6 * 128
    assert _fused_multiply_adds(20) == 20 * 32
