"""tl.maximum / tl.minimum and the tl.max / tl.min reductions (arith.maxnumf / minnumf): a NaN
operand yields the other one, as IEEE maxNum and Triton-CUDA's max.f32 do. The lavapipe (Mesa
25) and NVIDIA profiles leave that to the driver's own GLSL FMax/FMin (profile nativeMaxNum; this
test checks lavapipe, test/python/gpu the NVIDIA driver); the lowering with and without it is in
test/Conversion/GPUToSPIRV/native-max-num.mlir."""
import pytest
import torch
import triton

from .kernels import nan_max_min_kernel

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def same(got, expected):
    return (got == expected) | (got.isnan() & expected.isnan())


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_nan_operand_yields_the_other(dtype):
    rows, block = 16, 128
    g = torch.Generator().manual_seed(11)
    x = torch.randn(rows * block, generator=g).to(dtype)
    y = torch.randn(rows * block, generator=g).to(dtype)
    x[torch.rand(rows * block, generator=g) < 0.25] = float("nan")
    y[torch.rand(rows * block, generator=g) < 0.25] = float("nan")
    x[:block] = float("nan")  # a whole row of NaN against numbers
    y[block:2 * block] = float("nan")  # and numbers against a whole row of NaN
    x, y = x.to(DEVICE), y.to(DEVICE)
    sentinel = 12345.0
    out_max, out_min = (torch.full_like(x, sentinel) for _ in range(2))
    row_max, row_min = (torch.full((rows,), sentinel, dtype=dtype, device=DEVICE) for _ in range(2))
    nan_max_min_kernel[(rows,)](x, y, out_max, out_min, row_max, row_min, BLOCK=block)
    x, y = x.cpu(), y.cpu()
    assert same(out_max.cpu(), torch.fmax(x, y)).all()
    assert same(out_min.cpu(), torch.fmin(x, y)).all()
    # Rows with numbers: the largest / smallest of them (the all-NaN row 0 is left out: a
    # reduction of NaN alone has no number to yield).
    by_row = x.view(rows, block)[1:]
    assert same(row_max.cpu()[1:], by_row.nan_to_num(nan=float("-inf")).amax(1)).all()
    assert same(row_min.cpu()[1:], by_row.nan_to_num(nan=float("inf")).amin(1)).all()
