"""Arithmetic stays what Triton defines where a driver would rewrite it
(spirv-keep-arithmetic-exact; fuzzer findings on NVIDIA's driver, docs/fuzzing.md): fp32 add
chains in order, 8/16-bit integers wrapping at their width, a float -> 64-bit -> 32-bit integer
keeping its low word, f32 subnormals kept where the device can keep them, and Triton's
`enable_fp_fusion=False`. The nvidia profile's code runs here on lavapipe (none of these kernels
uses a subgroup operation): the rewritten forms must stay right, and the compiled module must
carry them. test/python/gpu/test_nvidia_findings.py runs the
reduced findings on the GPU."""
import re

import numpy as np
import pytest
import torch
import triton
import triton.language as tl


@pytest.fixture(params=["device", "nvidia"])
def profile(request):
    """The profile kernels compile for (a launch option): the device's own (lavapipe here), or
    nvidia's."""
    if request.param == "nvidia":
        return "nvidia"
    return triton.runtime.driver.active.get_current_target().arch


@triton.jit
def add_chain_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, ((a + b) + b) - a * 0.5 + b, mask=mask)


@triton.jit
def multiply_add_kernel(a_ptr, b_ptr, c_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    c = tl.load(c_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a * b + c, mask=mask)


def _float_ops(spirv_text, op, element):
    """The `op` instructions on `element` scalars or vectors, each with whether it is
    NoContraction."""
    result = re.compile(rf": (vector<\d+x{element}>|{element})( loc\(.*\))?$")
    return [("no_contraction" in line) for line in spirv_text.splitlines()
            if f"spirv.{op} " in line and result.search(line.rstrip())]


@pytest.mark.parametrize("n", [1000, 4096])
def test_float_add_chain_in_order(profile, n):
    generator = torch.Generator().manual_seed(n)
    a = torch.randn(n, generator=generator) * 1e3
    b = torch.randn(n, generator=generator) * 1e-3
    out = torch.full((n,), float("nan"))
    compiled = add_chain_kernel[(triton.cdiv(n, 256),)](a, b, out, n, BLOCK=256, profile=profile)
    # Each step rounded to fp32 in order, as torch computes it op by op (a * 0.5 is exact,
    # so contracting it changes nothing).
    assert torch.equal(out, ((a + b) + b) - a * 0.5 + b)
    adds = _float_ops(compiled.asm["spirvir"], "FAdd", "f32")
    assert adds, "the chain's adds should be in the module"
    if profile.startswith("nvidia"):
        # (a + b) + b and the last add keep their order; the subtract of a product may contract.
        assert sum(adds) >= 2, compiled.asm["spirvir"]
        assert not all(_float_ops(compiled.asm["spirvir"], "FMul", "f32"))
    else:
        assert not any(adds)


@pytest.mark.parametrize("fusion", [True, False])
def test_enable_fp_fusion(profile, fusion):
    n = 2048
    generator = torch.Generator().manual_seed(7)
    a, b, c = (torch.randn(n, generator=generator) for _ in range(3))
    out = torch.full((n,), float("nan"))
    compiled = multiply_add_kernel[(n // 256,)](a, b, c, out, n, BLOCK=256,
                                                enable_fp_fusion=fusion, profile=profile)
    separate = a * b + c
    fused = torch.from_numpy((a.double() * b.double() + c.double()).float().numpy())
    if fusion:
        assert torch.all((out == separate) | (out == fused))
    else:
        assert torch.equal(out, separate)
    marks = _float_ops(compiled.asm["spirvir"], "FMul", "f32") + \
        _float_ops(compiled.asm["spirvir"], "FAdd", "f32")
    assert len(marks) >= 2
    # Without fusion nothing may contract; with it, the product and its add may.
    assert all(marks) if not fusion else not any(marks)


@triton.jit
def narrow_overflow_kernel(x_ptr, y_ptr, neg_ptr, sum_ptr, flags_ptr, n,
                           SHIFT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    neg = -(x << SHIFT)
    total = x * y + y
    tl.store(neg_ptr + offs, neg, mask=mask)
    tl.store(sum_ptr + offs, total, mask=mask)
    flags = (neg > 15).to(tl.int32) + (total < -3).to(tl.int32) * 2
    tl.store(flags_ptr + offs, flags, mask=mask)


@pytest.mark.parametrize("dtype", [torch.int8, torch.int16])
def test_narrow_integer_overflow_wraps(profile, dtype):
    n = 3000
    bits = torch.iinfo(dtype).bits
    np_type = {torch.int8: np.int8, torch.int16: np.int16}[dtype]
    generator = torch.Generator().manual_seed(bits)
    info = torch.iinfo(dtype)
    x = torch.randint(info.min, info.max + 1, (n,), dtype=dtype, generator=generator)
    x[:4] = torch.tensor([1, -1, info.min, info.max], dtype=dtype)
    y = torch.randint(info.min, info.max + 1, (n,), dtype=dtype, generator=generator)
    neg, total = torch.full((n,), 7, dtype=dtype), torch.full((n,), 7, dtype=dtype)
    flags = torch.full((n,), -1, dtype=torch.int32)
    shift = bits - 1
    compiled = narrow_overflow_kernel[(triton.cdiv(n, 512),)](x, y, neg, total, flags, n,
                                                             SHIFT=shift, BLOCK=512,
                                                             profile=profile)
    xs, ys = x.numpy().astype(np.int64), y.numpy().astype(np.int64)
    wrap = lambda v: v.astype(np_type)  # noqa: E731  two's complement wrap-around
    expected_neg = wrap(-wrap(xs << shift).astype(np.int64))
    expected_total = wrap(xs * ys + ys)
    expected_flags = (expected_neg.astype(np.int64) > 15).astype(np.int32) + \
        (expected_total.astype(np.int64) < -3).astype(np.int32) * 2
    np.testing.assert_array_equal(neg.numpy(), expected_neg)
    np.testing.assert_array_equal(total.numpy(), expected_total)
    np.testing.assert_array_equal(flags.numpy(), expected_flags)
    # -(-2^(bits-1)) wraps to itself: unwrapped, it would compare as positive.
    assert (expected_neg == info.min).any(), "the test should overflow"
    if profile.startswith("nvidia"):
        assert re.search(rf"spirv\.SConvert %\S+ : (vector<\d+x)?i32>? to (vector<\d+x)?i{bits}",
                         compiled.asm["spirvir"]), "the arithmetic should run in 32 bits"


@triton.jit
def wide_truncation_kernel(x_ptr, low_ptr, small_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(low_ptr + offs, x.to(tl.uint64).to(tl.int32).to(tl.float32), mask=mask)
    tl.store(small_ptr + offs, (x - 1e18).to(tl.int64).to(tl.int16), mask=mask)


def test_float_to_wide_integer_truncated(profile):
    n = 1024
    generator = torch.Generator().manual_seed(3)
    # Values past the 32-bit range (up to 9.2e18) and small ones.
    x = torch.rand(n, generator=generator) * 9.2e18
    x[: n // 4] = torch.rand(n // 4, generator=generator) * 1000
    low = torch.full((n,), float("nan"))
    small = torch.full((n,), 7, dtype=torch.int16)
    compiled = wide_truncation_kernel[(n // 256,)](x, low, small, n, BLOCK=256, profile=profile)
    xs = x.numpy()
    expected_low = xs.astype(np.uint64).astype(np.uint32).view(np.int32).astype(np.float32)
    shifted = (xs - np.float32(1e18)).astype(np.float32)
    expected_small = shifted.astype(np.int64).astype(np.int16)
    np.testing.assert_array_equal(low.numpy(), expected_low)
    np.testing.assert_array_equal(small.numpy(), expected_small)
    assert (expected_low != np.float32(-1)).all()
    if profile.startswith("nvidia"):
        # The low words come from 32-bit conversions of remainders; no 64-bit one is truncated.
        text = compiled.asm["spirvir"]
        assert re.search(r"spirv\.ConvertFToU %\S+ : (vector<\d+x)?f32>? to (vector<\d+x)?i32", text)
        assert not re.search(r"spirv\.[SU]Convert %\S+ : (vector<\d+x)?i64>? to", text)


@triton.jit
def subnormal_arithmetic_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * 1.5, mask=mask)
    tl.store(out_ptr + n + offs, x + y, mask=mask)
    tl.store(out_ptr + 2 * n + offs, x * y, mask=mask)
    tl.store(out_ptr + 3 * n + offs, tl.where(x > 0, 1.0, -1.0), mask=mask)


def _device_cannot_keep_subnormals():
    """Vulkan lets a driver flush f32 subnormals; a shader may ask to keep them (DenormPreserve)
    only where the device supports that (shaderDenormPreserveFloat32). Only a device that
    cannot be asked may lose them."""
    from triton_spirv.driver import device_properties
    return not device_properties(0)["denorm_preserve_float32"]


def test_float32_subnormals_kept(profile):
    """Operands and results below 2^-126 as numpy computes them. NVIDIA's Vulkan driver flushes
    them and offers no DenormPreserve (shaderDenormPreserveFloat32 false on the H100, driver
    580.159; Triton-CUDA keeps them): skipped there, docs/gpu.md."""
    n = 2048
    generator = np.random.default_rng(5)
    tiny = np.finfo(np.float32).tiny
    # Subnormal x (both signs); y normal, small enough that x * y and x + y stay subnormal or near.
    x = (generator.uniform(-1, 1, n) * tiny).astype(np.float32)
    x[x == 0] = np.float32(1e-44)
    y = (generator.uniform(0.25, 1, n) * np.where(generator.random(n) < 0.5, 1, tiny)).astype(np.float32)
    out = torch.full((4 * n,), float("nan"))
    subnormal_arithmetic_kernel[(n // 256,)](torch.from_numpy(x), torch.from_numpy(y), out, n,
                                             BLOCK=256, profile=profile)
    with np.errstate(all="ignore"):
        expected = np.concatenate([x * np.float32(1.5), x + y, x * y,
                                   np.where(x > 0, 1.0, -1.0).astype(np.float32)])
    got = out.numpy()
    if _device_cannot_keep_subnormals() and got[0] == 0:
        pytest.skip("this Vulkan device flushes f32 subnormals and cannot be asked not to")
    np.testing.assert_array_equal(got, expected)
