"""A while loop carrying a boolean mask tensor (FlagGems' scatter with reduce="multiply": a
compare-and-swap retry loop that stops lanes as their exchange succeeds). Bufferization carries
the mask as a buffer through the loop, which privatization did not follow: linalg -> SPIR-V failed
with an scf.while operand type mismatch (a private buffer against a workgroup one)."""
import pytest
import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def multiply_into_kernel(out_ptr, index_ptr, src_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    index = tl.load(index_ptr + offsets, mask=mask, other=0)
    src = tl.load(src_ptr + offsets, mask=mask, other=0)
    stop = tl.where(mask, 0, 1).to(tl.int1)
    done = False
    while not done:
        current = tl.load(out_ptr + index, mask=mask, other=0)
        updated = tl.where(stop, current, current * src)
        seen = tl.atomic_cas(out_ptr + index, current, updated, sem="relaxed")
        stop |= current == seen
        done = tl.sum(stop.to(tl.int32)) == BLOCK


@triton.jit
def count_rounds_kernel(x_ptr, out_ptr, rounds_ptr, BLOCK: tl.constexpr):
    # Each lane halves its value until it is below 1; the mask of lanes still
    # running is the loop's carried tensor.
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    active = x >= 1.0
    rounds = tl.zeros((BLOCK,), tl.int32)
    while tl.sum(active.to(tl.int32)) > 0:
        x = tl.where(active, x * 0.5, x)
        rounds += active.to(tl.int32)
        active = active & (x >= 1.0)
    tl.store(out_ptr + offsets, x)
    tl.store(rounds_ptr + offsets, rounds)


@pytest.mark.parametrize("n, size, block", [(1000, 300, 128), (77, 5, 32)])
def test_compare_and_swap_loop_with_carried_mask(n, size, block):
    generator = torch.Generator().manual_seed(n)
    index = torch.randint(0, size, (n,), generator=generator, dtype=torch.int32)
    src = torch.randint(-2, 3, (n,), generator=generator, dtype=torch.int32)
    src[src == 0] = 3
    start = torch.randint(1, 4, (size,), generator=generator, dtype=torch.int32)
    expected = start.clone()
    for i, s in zip(index.tolist(), src.tolist()):
        expected[i] *= s
    out = start.to(DEVICE)
    multiply_into_kernel[(triton.cdiv(n, block),)](out, index.to(DEVICE), src.to(DEVICE), n, BLOCK=block)
    assert torch.equal(out.cpu(), expected)


def test_loop_while_any_lane_is_active():
    generator = torch.Generator().manual_seed(5)
    x = torch.rand(256, generator=generator) * 1000
    out = torch.full((256,), float("nan"))
    rounds = torch.full((256,), -1, dtype=torch.int32)
    out_dev, rounds_dev = out.to(DEVICE), rounds.to(DEVICE)
    count_rounds_kernel[(1,)](x.to(DEVICE), out_dev, rounds_dev, BLOCK=256)
    expected_rounds = torch.where(x >= 1, torch.floor(torch.log2(x)).to(torch.int32) + 1, 0)
    expected = x / torch.pow(2.0, expected_rounds.float())
    assert torch.equal(rounds_dev.cpu(), expected_rounds.to(torch.int32))
    torch.testing.assert_close(out_dev.cpu(), expected, rtol=0, atol=0)
