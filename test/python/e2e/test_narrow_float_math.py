"""|x| on 16- and 8-bit floats: bf16 math runs in f32 and rounds back (exact for abs),
|x| of fp8 clears the sign bit. (Triton's frontend allows no other math on them.)"""
import pytest
import torch
import triton
import triton.language as tl


@triton.jit
def abs_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(y_ptr + offsets, tl.abs(x), mask=mask)


def run_abs(x):
    y = torch.full_like(x, float("nan"))
    n = x.numel()
    abs_kernel[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
    return y


def test_abs_bf16_exact():
    x = torch.randn(1000).to(torch.bfloat16)
    assert torch.equal(run_abs(x), x.abs())


@pytest.mark.parametrize("dtype", [torch.float8_e5m2, torch.float8_e4m3fn])
def test_abs_fp8_exact(dtype):
    x = (torch.randn(1000) * 4).to(dtype)
    y = run_abs(x)
    assert torch.equal(y.view(torch.uint8), x.abs().view(torch.uint8))
