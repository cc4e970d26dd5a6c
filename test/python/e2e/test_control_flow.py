"""Unstructured control flow from the frontend: a `return` inside nested ifs."""
import pytest
import torch
import triton
import triton.language as tl


@triton.jit
def nested_return_kernel(x_ptr, y_ptr, n, flag, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    if flag > 0:
        if flag > 1:
            return
        tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + 1, mask=mask)
    else:
        tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) - 1, mask=mask)


@pytest.mark.parametrize("flag", [-3, 0, 1, 2, 7])
def test_return_inside_nested_ifs(flag):
    x = torch.randn(100)
    y = torch.full((100,), float("nan"))
    nested_return_kernel[(1,)](x, y, 100, flag, BLOCK=128)
    if flag > 1:
        assert torch.isnan(y).all()  # returned before any store
    else:
        assert torch.allclose(y, x + 1 if flag == 1 else x - 1)


@triton.jit(noinline=True)
def add_or_subtract_one(x, flag):
    if flag > 0:
        return x + 1
    else:
        return x - 1


@triton.jit
def call_kernel(x_ptr, y_ptr, flag):
    tl.store(y_ptr, add_or_subtract_one(tl.load(x_ptr), flag))


@pytest.mark.parametrize("flag", [-2, 3])
def test_noinline_function_returning_from_both_branches(flag):
    # The callee has several blocks (a return in each branch): inlined as
    # branches to the code after the call, then lifted to scf.
    x = torch.randn(1)
    y = torch.full((1,), float("nan"))
    call_kernel[(1,)](x, y, flag)
    assert torch.allclose(y, x + (1 if flag > 0 else -1))
