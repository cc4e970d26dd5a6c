"""Pointer arguments in the forms Triton accepts: triton.reinterpret's TensorWrapper,
views at an offset into their storage, zero-size tensors; and clear errors for the rest."""
import pytest
import torch
import triton
import triton.language as tl


@triton.jit
def add_one_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) + 1, mask=mask)


def test_reinterpreted_tensors():
    # int32 bits read as uint32 and written through a float32 buffer read as int32.
    x = torch.randint(-(1 << 30), 1 << 30, (3000,), dtype=torch.int32)
    out = torch.full((3000,), float("nan"), dtype=torch.float32)
    add_one_kernel[(3,)](triton.reinterpret(x, tl.uint32), triton.reinterpret(out, tl.uint32),
                         x.numel(), BLOCK=1024)
    assert torch.equal(out.view(torch.int32), x + 1)


def test_views_at_an_offset():
    base = torch.randn(5000)
    x = base[123:123 + 2000]
    out_base = torch.full((4000,), float("nan"))
    out = out_base[1000:3000]
    add_one_kernel[(2,)](x, out, 2000, BLOCK=1024)
    assert torch.allclose(out, x + 1)
    assert torch.isnan(out_base[:1000]).all() and torch.isnan(out_base[3000:]).all()


def test_zero_size_tensors():
    x = torch.empty(0)
    out = torch.empty(0)
    add_one_kernel[(1,)](x, out, 0, BLOCK=1024)  # nothing to touch; must not fail


def test_pointer_without_storage_is_named():
    # Triton takes any object with data_ptr() and dtype as a pointer; memory
    # Vulkan cannot be told the extent of is refused, naming the argument.
    class RawPointer:
        dtype = torch.float32

        def data_ptr(self):
            return 1 << 20

    out = torch.zeros(16)
    with pytest.raises(TypeError, match="argument 'x_ptr' is a RawPointer"):
        add_one_kernel[(1,)](RawPointer(), out, 16, BLOCK=16)


@triton.jit
def narrow_scalars_kernel(out_ptr, half: tl.float16, brain: tl.bfloat16, short: tl.int16,
                          byte: tl.int8, ushort: tl.uint16, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(out_ptr + offsets, mask=mask)
    values = (x * half.to(tl.float32) + brain.to(tl.float32) + short.to(tl.float32)
              + byte.to(tl.float32) * 1000 + ushort.to(tl.float32) * 0.5)
    tl.store(out_ptr + offsets, values, mask=mask)


@pytest.mark.parametrize("seed", [0, 1])
def test_scalar_arguments_narrower_than_32_bits(seed):
    # fp16/bf16/i16/i8/u16 scalars each take a 32-bit push-constant word
    # (8/16-bit push-constant storage is optional in Vulkan).
    generator = torch.Generator().manual_seed(seed)
    x = torch.randn(200, generator=generator)
    half = float(torch.randn(1, generator=generator).half())
    brain = float(torch.randn(1, generator=generator).bfloat16())
    short, byte, ushort = -12345 + seed, -100 - seed, 60000 + seed
    out = x.clone()
    narrow_scalars_kernel[(1,)](out, half, brain, short, byte, ushort, x.numel(), BLOCK=256)
    expected = x * half + brain + short + byte * 1000 + ushort * 0.5
    torch.testing.assert_close(out, expected)


@triton.jit
def copy_from_chosen_kernel(a_ptr, b_ptr, c_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # The source pointer comes out of an if/elif over three arguments: no single base
    # argument, so the kernel addresses memory through raw addresses.
    which = tl.program_id(1)
    if which == 0:
        src = a_ptr
    elif which == 1:
        src = b_ptr
    else:
        src = c_ptr
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + which * n + offsets, tl.load(src + offsets, mask=mask), mask=mask)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16, torch.int64])
def test_pointer_chosen_by_branches(dtype):
    # Each row must come from its own argument (all rows read the first one before).
    a, b, c = ((torch.randn(1000) * 100).to(dtype) for _ in range(3))
    out = torch.zeros(3, 1000, dtype=dtype)
    copy_from_chosen_kernel[(1, 3)](a, b, c, out, 1000, BLOCK=1024)
    for row, source in enumerate((a, b, c)):
        assert torch.equal(out[row], source), row


@triton.jit
def select_by_flags_kernel(flag_ptr, a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    flags = tl.load(flag_ptr + offsets, mask=mask)  # a bool tensor: i1 pointer, i8 memory
    a = tl.load(a_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, tl.where(flags, a, b), mask=mask)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16, torch.float32])
def test_where_with_bool_tensor_condition(dtype):
    # The bool pointer takes the raw-address path, where bf16 moves as i16 too.
    generator = torch.Generator().manual_seed(4)
    flags = torch.rand(1000, generator=generator) > 0.5
    a = torch.randn(1000, generator=generator).to(dtype)
    b = torch.randn(1000, generator=generator).to(dtype)
    out = torch.full((1000,), float("nan"), dtype=dtype)
    select_by_flags_kernel[(1,)](flags, a, b, out, 1000, BLOCK=1024)
    assert torch.equal(out, torch.where(flags, a, b))


@triton.jit
def wide_scalars_kernel(ints_ptr, floats_ptr, small, big, flag, single, double: tl.float64):
    # int64 results: the i32 and i64 arguments with and without the flag.
    tl.store(ints_ptr + 0, small.to(tl.int64) * 3)
    tl.store(ints_ptr + 1, big - 7)
    tl.store(ints_ptr + 2, tl.where(flag, big, small.to(tl.int64)))
    tl.store(floats_ptr + 0, single.to(tl.float64) * 2)
    tl.store(floats_ptr + 1, double / 4)


@pytest.mark.parametrize("seed", [0, 1])
def test_scalar_arguments_change_between_launches(seed):
    # Launches reuse one packing plan per kernel: every launch must carry its own values,
    # negative ones and 64-bit ones included.
    generator = torch.Generator().manual_seed(seed)
    for launch in range(4):
        small = int(torch.randint(-2**31, -2**16, (1,), generator=generator))
        big = int(torch.randint(2**40, 2**62, (1,), generator=generator)) * (-1) ** launch
        single = float(torch.randn(1, generator=generator))
        double = float(torch.randn(1, dtype=torch.float64, generator=generator)) * 1e300
        flag = launch % 2 == 1
        ints = torch.full((3,), -1, dtype=torch.int64)
        floats = torch.full((2,), float("nan"), dtype=torch.float64)
        wide_scalars_kernel[(1,)](ints, floats, small, big, flag, single, double)
        assert ints.tolist() == [small * 3, big - 7, big if flag else small], launch
        single32 = float(torch.tensor(single, dtype=torch.float32))
        assert floats.tolist() == [single32 * 2, double / 4], launch


@triton.jit
def float_argument_kernel(out_ptr, value):
    tl.store(out_ptr + tl.arange(0, 4), tl.full((4,), 1.0, tl.float32) * value)


@pytest.mark.parametrize("value, expected", [
    (1e39, float("inf")), (-1e300, float("-inf")),
    (3.4028235e38, 3.4028234663852886e38), (-2.5, -2.5)])
def test_float_arguments_beyond_fp32_range_become_infinite(value, expected):
    # A Python float reaches an fp32 parameter as C's cast does in Triton-CUDA's launcher.
    out = torch.full((4,), float("nan"))
    float_argument_kernel[(1,)](out, value)
    assert out.tolist() == [expected] * 4


@pytest.mark.parametrize("num_warps", [3, 6, 0])
def test_num_warps_not_a_power_of_two_is_refused(num_warps):
    # As on Triton's other backends (Triton 3.6.0's test_num_warps_pow2): a kernel tuned
    # here must compile there; powers of two still launch and compute.
    x = torch.randn(3000)
    out = torch.full((3000,), float("nan"))
    with pytest.raises(AssertionError, match="must be a power of 2"):
        add_one_kernel[(3,)](x, out, 3000, BLOCK=1024, num_warps=num_warps)
    add_one_kernel[(3,)](x, out, 3000, BLOCK=1024, num_warps=2)
    assert torch.equal(out, x + 1)
