"""A dot whose epilogue reads the matrix it then stores over (Triton's test_dot epilogues): the
dot's init is loaded from Z (a row of it broadcast down the columns for `add-cols`), and every
invocation's read must come before any invocation's store. eliminate-redundant-barriers once
dropped the barrier between them (it only looked at workgroup memory): 61-75% of the outputs of
`add-cols` were wrong on lavapipe."""
import numpy as np
import pytest
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()
EPILOGUES = ["none", "add-matrix", "add-rows", "add-cols", "softmax", "chain-dot"]


@triton.jit
def dot_epilogue_kernel(x_ptr, y_ptr, w_ptr, z_ptr, stride_z, B: tl.constexpr,
                        EPILOGUE: tl.constexpr, PRECISION: tl.constexpr):
    rows = tl.arange(0, B)
    cols = tl.arange(0, B)
    x = tl.load(x_ptr + rows[:, None] * B + cols[None, :])
    y = tl.load(y_ptr + rows[:, None] * B + cols[None, :])
    z = tl.dot(x, y, input_precision=PRECISION)
    z_ptrs = z_ptr + rows[:, None] * stride_z + cols[None, :]
    if EPILOGUE == 1:
        z += tl.load(z_ptrs)
    if EPILOGUE == 2:
        z += tl.load(z_ptr + rows * stride_z)[:, None]
    if EPILOGUE == 3:
        z += tl.load(z_ptr + cols)[None, :]
    if EPILOGUE == 4:
        shifted = z - tl.max(z, 1)[:, None]
        numerator = tl.exp(shifted)
        z = numerator / tl.sum(numerator, 1)[:, None]
    if EPILOGUE == 5:
        z = tl.dot(z, tl.load(w_ptr + rows[:, None] * B + cols[None, :]), input_precision=PRECISION)
    tl.store(z_ptrs, z)


@pytest.mark.parametrize("epilogue", EPILOGUES)
@pytest.mark.parametrize("size, precision", [(16, "ieee"), (64, "ieee"), (32, "tf32x3")])
def test_dot_epilogue_reading_the_output(size, precision, epilogue):
    generator = np.random.RandomState(size + EPILOGUES.index(epilogue))
    x, y, w, z = (generator.randn(size, size).astype(np.float32) for _ in range(4))
    reads_z = epilogue.startswith("add")
    # Z is the epilogue's input where it reads one; elsewhere NaN shows any element not written.
    z_dev = torch.tensor(z if reads_z else np.full_like(z, np.nan), device=DEVICE)
    dot_epilogue_kernel[(1,)](torch.tensor(x, device=DEVICE), torch.tensor(y, device=DEVICE),
                              torch.tensor(w, device=DEVICE), z_dev, size, size,
                              EPILOGUES.index(epilogue), precision, num_warps=4)
    expected = x.astype(np.float64) @ y.astype(np.float64)
    if epilogue == "add-matrix":
        expected += z
    elif epilogue == "add-rows":
        expected += z[:, :1]
    elif epilogue == "add-cols":
        expected += z[:1, :]
    elif epilogue == "softmax":
        numerator = np.exp(expected - expected.max(1, keepdims=True))
        expected = numerator / numerator.sum(1, keepdims=True)
    elif epilogue == "chain-dot":
        expected = expected @ w
    out = z_dev.cpu().numpy()
    assert not np.isnan(out).any()
    wrong = ~np.isclose(out, expected, rtol=1e-3, atol=1e-3)
    assert not wrong.any(), f"{wrong.sum()} of {wrong.size} outputs wrong"
