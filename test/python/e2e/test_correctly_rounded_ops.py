"""tl.fma rounds once and the _rn square roots and divisions are correctly rounded, bit for
bit, on the default Vulkan device: llvmpipe splits Fma into a multiply and an add, NVIDIA's
f32 Sqrt and FDiv are approximations (exact-float-ops makes up for both). References are
exact: fractions rounded to the nearest float, ties to even; numpy's IEEE sqrt and division."""
import math
from fractions import Fraction

import numpy as np
import pytest
import torch

from . import kernels_rounding as k

torch.manual_seed(0)
BLOCK = 256


def _round_fraction(value, dtype):
    """The float of `dtype` nearest to the exact rational `value` (ties to even)."""
    if dtype == torch.float64:
        return float(value)  # int / int true division rounds correctly
    if dtype in (torch.float16, torch.bfloat16):
        # The neighbours of a guess (which may be one ulp off), through their bits.
        bits = int(torch.tensor([float(value)]).to(dtype).view(torch.int16))
        candidates = torch.tensor([bits - 1, bits, bits + 1], dtype=torch.int32)
        candidates = candidates.to(torch.int16).view(dtype).float().tolist()
        def key16(c):
            lowest = int(torch.tensor([c]).to(dtype).view(torch.int16)) & 1
            return (abs(Fraction(c) - value), lowest)
        return min((c for c in candidates if math.isfinite(c)), key=key16)
    guess = np.float32(float(value))  # may be one ulp off (rounded twice)
    candidates = [np.nextafter(guess, np.float32(-np.inf)), guess,
                  np.nextafter(guess, np.float32(np.inf))]
    def key(c):
        return (abs(Fraction(float(c)) - value), int(np.array(c).view(np.int32)) & 1)
    return float(min((c for c in candidates if np.isfinite(c)), key=key))


def _exact_fma(a, b, c, dtype):
    out = []
    for x, y, z in zip(a.tolist(), b.tolist(), c.tolist()):
        if not all(math.isfinite(v) for v in (x, y, z)):
            out.append(x * y + z)  # inf/NaN: no rounding question
            continue
        exact = Fraction(x) * Fraction(y) + Fraction(z)
        if exact == 0:
            # Signed zeros as IEEE fma gives them: -0 only when both terms are -0.
            out.append(-0.0 if (math.copysign(1, x * y) < 0 and math.copysign(1, z) < 0) else 0.0)
            continue
        out.append(_round_fraction(exact, dtype))
    return torch.tensor(out, dtype=dtype)


def _same_bits(ours, ref):
    """Element-wise: the same bit pattern, or both NaN."""
    width = {torch.float64: torch.int64, torch.float32: torch.int32}.get(ours.dtype, torch.int16)
    return (ours.view(width) == ref.view(width)) | (ours.isnan() & ref.isnan())


def _fma_operands(n, dtype):
    """Random operands of mixed magnitudes whose products cancel against c: ~half the
    elements have c = -(a*b) rounded plus a little, where a split fma loses everything."""
    half = dtype in (torch.float16, torch.bfloat16)
    scale = 5 if half else 20  # fp16 products stay below 2^15; some are subnormal
    a = torch.randn(n, dtype=dtype) * torch.exp2(torch.randint(-scale, scale, (n,)).to(dtype))
    b = torch.randn(n, dtype=dtype) * torch.exp2(torch.randint(-scale, scale, (n,)).to(dtype))
    c = torch.randn(n, dtype=dtype)
    cancel = torch.rand(n) < 0.5
    nudge = 1e-2 if half else 1e-6
    c[cancel] = -(a * b)[cancel] * (1 + torch.randn(int(cancel.sum()), dtype=dtype) * nudge)
    special = torch.tensor([[0.0, 1.0, -0.0], [-0.0, 1.0, -0.0], [float("inf"), 2.0, 1.0],
                            [float("inf"), 0.0, 1.0], [float("nan"), 1.0, 1.0],
                            [1.0, 1.0, float("-inf")], [3.0, 1.0 / 3.0, -1.0]], dtype=dtype)
    if half:  # sums just off a midpoint of the type that rounding to f32 first puts on it
        tight = {torch.float16: [[1.09375, 0.953125, -2.0**-24], [1.140625, 0.90625, 2.0**-24]],
                 torch.bfloat16: [[1.0078125, 0.75, -2.0**-25], [1.015625, 0.625, 2.0**-25]]}
        special = torch.cat([special, torch.tensor(tight[dtype], dtype=dtype)])
    a[:len(special)], b[:len(special)], c[:len(special)] = special.T
    return a, b, c


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("kernel", [k.fma_kernel, k.libdevice_fma_kernel], ids=["tl", "libdevice"])
def test_fma_rounds_once(dtype, kernel):
    _check_fma_rounds_once(dtype, kernel)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["f16", "bf16"])
def test_half_fma_rounds_once(dtype):
    # llvmpipe's split Fma rounded fp16's product before the add (fuzzer finding
    # fma_float16_rounds_twice: fma(-1.8544921875, -5.5, -6.5) gave 3.703125, not 3.69921875).
    _check_fma_rounds_once(dtype, k.fma_kernel)


def test_bf16_fma_rounds_once_where_f32_fma_is_fused():
    # The nvidia profile's fma is the device's (fused): a bf16 one was f32's rounded to bf16,
    # twice (H100: the tight cases below off by one bf16 ulp; Triton-CUDA's fma.rn.bf16 rounds
    # once). Its code runs here too: llvmpipe's split f32 fma would round even more often.
    _check_fma_rounds_once(torch.bfloat16, k.fma_kernel, profile="nvidia")


def _check_fma_rounds_once(dtype, kernel, **launch):
    n = 3000  # not a multiple of BLOCK: the last program is masked
    a, b, c = _fma_operands(n, dtype)
    out = torch.full((n,), float("nan"), dtype=dtype)
    kernel[(triton_cdiv(n, BLOCK),)](a, b, c, out, n, BLOCK=BLOCK, **launch)
    ref = _exact_fma(a, b, c, dtype)
    same = _same_bits(out, ref)
    assert same.all(), (f"{int((~same).sum())} of {n} differ, e.g. a={a[~same][:3].tolist()} "
                        f"b={b[~same][:3].tolist()} c={c[~same][:3].tolist()}: "
                        f"{out[~same][:3].tolist()} vs {ref[~same][:3].tolist()}")


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=["f32", "f64"])
def test_fma_keeps_the_products_rounding_error(dtype):
    n = 1000
    a = torch.randn(n, dtype=dtype)
    b = torch.randn(n, dtype=dtype)
    out = torch.full((n,), float("nan"), dtype=dtype)
    k.fma_residual_kernel[(triton_cdiv(n, BLOCK),)](a, b, out, n, BLOCK=BLOCK)
    ref = _exact_fma(a, b, -(a * b), dtype)
    assert (ref != 0).sum() > n // 2  # most products are inexact
    assert _same_bits(out, ref).all()


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16],
                         ids=["f32", "f16", "bf16"])
def test_chained_fmas(dtype):
    # 4 elements on 2 warps: each lane's elements sit under a mask, built lane by lane.
    x = torch.tensor([-7.25, -7.75, -0.25, -3.5], dtype=dtype)
    out = torch.full_like(x, float("nan"))
    k.chained_fma_kernel[(1,)](x, out, N=4, num_warps=2)
    a = _exact_fma(x, x, x, dtype)
    b = _exact_fma(a, a, a, dtype)
    ref = _exact_fma(x, b, x, dtype)
    assert _same_bits(out, ref).all(), (out, ref)


def test_rn_sqrt_and_division_are_correctly_rounded():
    n = 5000
    x = torch.rand(n) * torch.exp2(torch.randint(-30, 30, (n,)).float())
    y = torch.randn(n) * torch.exp2(torch.randint(-30, 30, (n,)).float())
    special = torch.tensor([[0.0, 1.0], [-0.0, -1.0], [float("inf"), 3.0], [4.0, 0.0],
                            [-1.0, float("inf")], [float("nan"), 2.0], [2.0, -0.0]])
    x[:len(special)], y[:len(special)] = special.T
    outs = [torch.full((n,), 12345.0) for _ in range(6)]
    k.rn_ops_kernel[(triton_cdiv(n, BLOCK),)](x, y, *outs, n, BLOCK=BLOCK)
    xs, ys = x.numpy(), y.numpy()
    with np.errstate(all="ignore"):
        sqrt = torch.from_numpy(np.sqrt(xs))
        div = torch.from_numpy(xs / ys)
        rcp = torch.from_numpy(np.float32(1.0) / ys)
    for name, ours, ref in [("sqrt_rn", outs[0], sqrt), ("div_rn", outs[1], div),
                            ("div_rn(1, y)", outs[2], rcp), ("libdevice.sqrt_rn", outs[3], sqrt),
                            ("libdevice.div_rn", outs[4], div), ("libdevice.rcp_rn", outs[5], rcp)]:
        same = _same_bits(ours, ref)
        assert same.all(), f"{name}: {int((~same).sum())} of {n} differ"


def _round_fraction_directed(value, direction):
    """The f32 nearest to `value` in `direction` ("rz", "ru", "rd"), overflowing to the
    largest finite value or infinity as IEEE's directed roundings do."""
    largest = Fraction(float(np.finfo(np.float32).max))
    if abs(value) > largest:
        up = value > 0
        keep_finite = direction == "rz" or (direction == "rd") == up
        return math.copysign(float(largest) if keep_finite else math.inf, value)
    guess = np.float32(float(value))
    candidates = {float(guess), float(np.nextafter(guess, np.float32(-np.inf))),
                  float(np.nextafter(guess, np.float32(np.inf)))}
    candidates = [c for c in candidates if math.isfinite(c)]
    if direction == "ru":
        return min(c for c in candidates if Fraction(c) >= value)
    if direction == "rd":
        return max(c for c in candidates if Fraction(c) <= value)
    toward_zero = [c for c in candidates if abs(Fraction(c)) <= abs(value)]
    return max(toward_zero, key=abs)


def _isqrt_fraction(x, direction):
    """sqrt of the exact rational x (an f32 value) rounded in `direction` to f32: bisection
    on the f32 neighbours of the double result, compared through squares."""
    guess = np.float32(math.sqrt(float(x)))
    candidates = sorted({float(np.nextafter(guess, np.float32(-np.inf))), float(guess),
                         float(np.nextafter(guess, np.float32(np.inf)))})
    below = [c for c in candidates if c >= 0 and Fraction(c) ** 2 <= x]
    above = [c for c in candidates if c >= 0 and Fraction(c) ** 2 >= x]
    return min(above) if direction == "ru" else max(below)


DIRECTED_NAMES = [f"{op}_{mode}" for op in ("add", "sub", "mul", "div", "rcp", "sqrt")
                  for mode in ("rz", "ru", "rd")]


def directed_operands(n):
    x = torch.randn(n) * torch.exp2(torch.randint(-30, 30, (n,)).float())
    y = torch.randn(n) * torch.exp2(torch.randint(-30, 30, (n,)).float())
    y[:300] = -x[:300] * (1 + torch.randn(300) * 1e-7)  # sums that cancel to a few bits
    y[300:400] = x[300:400] * 2.0 ** -40  # sums whose low part lies far below x's last bit
    # Past the largest f32: a product and a sum. (Reciprocals stay normal: NVIDIA's Vulkan
    # driver flushes f32 subnormal results of conversions, Triton-CUDA keeps them.)
    x[400], y[400] = 3.0e38, 2.0
    x[401], y[401] = -3.0e38, -5.0e37
    return x, y


def directed_reference(x, y):
    """The 18 results of directed_rounding_kernel, from exact fractions."""
    rows = []
    for name in DIRECTED_NAMES:
        op, mode = name.split("_")
        ref = []
        for a, b in zip(x.tolist(), y.tolist()):
            fa, fb = Fraction(a), Fraction(b)
            if op == "sqrt":  # of |x|: toward zero is down
                ref.append(_isqrt_fraction(abs(fa), "ru" if mode == "ru" else "rd"))
                continue
            exact = {"add": lambda: fa + fb, "sub": lambda: fa - fb, "mul": lambda: fa * fb,
                     "div": lambda: fa / fb, "rcp": lambda: 1 / fb}[op]()
            ref.append(_round_fraction_directed(exact, mode) if exact != 0 else 0.0)
        rows.append(ref)
    return torch.tensor(rows)


def directed_mismatches(out, ref):
    """Per function: elements that differ (zeros of either sign agree: IEEE's sign of an
    exact zero sum depends on the direction, which the reference does not model)."""
    same = _same_bits(out, ref) | ((out == 0) & (ref == 0))
    return {name: int((~same[row]).sum()) for row, name in enumerate(DIRECTED_NAMES)}


def test_directed_rounding_is_exact():
    # libdevice's f32 {add, sub, mul, div, rcp, sqrt}_{rz, ru, rd}: computed in f64 and
    # narrowed in their direction (sums rounded to odd first), against exact fractions.
    n = 1500
    x, y = directed_operands(n)
    out = torch.full((18 * n,), float("nan"))
    k.directed_rounding_kernel[(triton_cdiv(n, BLOCK),)](x, y, out, n, BLOCK=BLOCK)
    mismatches = directed_mismatches(out.view(18, n), directed_reference(x, y))
    assert all(count == 0 for count in mismatches.values()), mismatches


def round_to_integer_operands(n, dtype):
    x = torch.randn(n, dtype=dtype) * 100
    special = torch.tensor([0.5, -0.5, 1.5, -1.5, 2.5, -2.5, -0.0, 0.0, 0.49999997, -0.49999997,
                            float("inf"), -float("inf"), float("nan"), 2.0**40 + 0.5, -(2.0**23) - 1],
                           dtype=dtype)
    x[:len(special)] = special
    return x


def round_to_integer_mismatches(x, out):
    """Per function of round_to_integer_kernel: elements whose bits differ from torch's."""
    half_away = torch.where(x.abs() - x.abs().floor() == 0.5, x + x.sign() * 0.5, x.round())
    refs = {"trunc": x.trunc(), "round": half_away, "rint": x.round(), "floor": x.floor(),
            "ceil": x.ceil()}
    return {name: int((~_same_bits(out[row], ref)).sum()) for row, (name, ref) in enumerate(refs.items())}


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=["f32", "f64"])
def test_round_to_integer(dtype):
    # trunc (FlagGems' division toward zero), round, rint, floor, ceil, signs of zero included.
    n = 700
    x = round_to_integer_operands(n, dtype)
    out = torch.full((5 * n,), 12345.0, dtype=dtype)
    k.round_to_integer_kernel[(triton_cdiv(n, BLOCK),)](x, out, n, BLOCK=BLOCK)
    mismatches = round_to_integer_mismatches(x, out.view(5, n))
    assert all(count == 0 for count in mismatches.values()), mismatches


def test_infinities_and_nan_are_not_folded_away():
    # Vulkan lets drivers ignore infinities, NaN and signed zeros unless a shader declares
    # SignedZeroInfNanPreserve; without it Mesa's NIR (and NVIDIA's driver) made x * 0 and
    # x - x zero for x = inf or NaN.
    from triton_spirv.driver import SPIRVDriver
    if SPIRVDriver().get_current_target().arch == "lavapipe-mesa22":
        pytest.skip("the Mesa 22.3 profile declares no SignedZeroInfNanPreserve (a kernel of "
                    "this suite never finished with it there; its NIR folds x * 0 regardless)")
    x = torch.tensor([float("inf"), -float("inf"), float("nan"), -1.0, -0.0, 2.0, 0.0, -3.0] * 40)
    n = x.numel()
    out = torch.full((3 * n,), 12345.0)
    k.ieee_specials_kernel[(triton_cdiv(n, BLOCK),)](x, out, n, BLOCK=BLOCK)
    out = out.view(3, n)
    checks = {"x - x": (out[1], x - x), "x * 0": (out[0], x * 0.0)}
    for name, (got, ref) in checks.items():
        same = _same_bits(got, ref)
        assert same.all(), f"{name}: {x[~same][:4].tolist()} -> {got[~same][:4].tolist()}"
    finite = x.isfinite()
    assert torch.equal(out[2][finite], x[finite] + 0.0) and out[2][~finite].isnan().sum() == 40


def triton_cdiv(a, b):
    return (a + b - 1) // b
