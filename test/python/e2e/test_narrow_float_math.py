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


@triton.jit
def cas_kernel(p_ptr, cmp_ptr, val_ptr, old_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    old = tl.atomic_cas(p_ptr + offsets, tl.load(cmp_ptr + offsets), tl.load(val_ptr + offsets))
    tl.store(old_ptr + offsets, old)


def test_atomic_cas_bf16():
    # Every other lane's comparand matches: those take the new value.
    x = torch.randn(64).to(torch.bfloat16)
    cmp = x.clone()
    cmp[1::2] += 1
    val = torch.randn(64).to(torch.bfloat16)
    p = x.clone()
    old = torch.full((64,), float("nan"), dtype=torch.bfloat16)
    cas_kernel[(1,)](p, cmp, val, old, BLOCK=64)
    assert torch.equal(old, x)
    assert torch.equal(p, torch.where(cmp == x, val, x))
