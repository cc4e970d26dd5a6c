"""Control flow that upstream's CFG-to-SCF lifting writes as `scf.index_switch` (returns inside
nested ifs whose other paths fall through to different code), and `ub.poison` (a callee that
returns a value on no path, Triton's test_poison_return): both compile to valid SPIR-V and run."""
import pytest
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def several_exits_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr)
    offsets = tl.arange(0, BLOCK)
    row = tl.load(x_ptr + 1 + offsets)
    if x > 0:
        if x > 10:
            tl.store(out_ptr + offsets, row * 2)
            return
        tl.store(out_ptr + BLOCK + offsets, row + x)
    else:
        if x < -10:
            tl.store(out_ptr + 2 * BLOCK + offsets, row - 1)
            return
        tl.store(out_ptr + 3 * BLOCK + offsets, row * x)
    tl.store(out_ptr + 4 * BLOCK + offsets, row + 7)


def expected_rows(x, row, block):
    out = torch.full((5 * block,), -12345, dtype=torch.int32)
    if x > 0:
        if x > 10:
            out[:block] = row * 2
            return out
        out[block:2 * block] = row + x
    else:
        if x < -10:
            out[2 * block:3 * block] = row - 1
            return out
        out[3 * block:4 * block] = row * x
    out[4 * block:] = row + 7
    return out


@pytest.mark.parametrize("x", [20, 5, 0, -5, -20])
def test_returns_in_nested_ifs_with_different_fall_throughs(x):
    block = 32
    row = torch.randint(-1000, 1000, (block,), generator=torch.Generator().manual_seed(x + 50),
                        dtype=torch.int32)
    inputs = torch.cat([torch.tensor([x], dtype=torch.int32), row])
    out = torch.full((5 * block,), -12345, dtype=torch.int32, device=DEVICE)
    several_exits_kernel[(1,)](inputs.to(DEVICE), out, BLOCK=block)
    assert torch.equal(out.cpu(), expected_rows(x, row, block))


@triton.jit
def returns_nothing(x):
    never = False
    if never:
        return x


@triton.jit
def poison_kernel(out_ptr, y_ptr):
    zero = 0
    tl.store(out_ptr, returns_nothing(zero))
    tl.store(y_ptr, tl.load(y_ptr) + 1.5)


def test_poison_return_compiles_and_runs():
    out = torch.full((1,), -7, dtype=torch.int32, device=DEVICE)
    y = torch.tensor([2.0], device=DEVICE)
    handle = poison_kernel[(1,)](out, y)
    assert "ub.poison" in handle.asm["ttir"]
    # The stored value is undefined (any i32 passes); the rest of the kernel ran.
    assert y.item() == 3.5
