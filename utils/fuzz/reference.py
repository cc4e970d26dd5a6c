"""The reference: evaluates a Program with numpy, one program instance after another. Integers are
exact Python integers wrapped into their type after every op. Floats are float64 values rounded to
the op's type after every op (the nominal result of a correctly rounded device), each with an
error bound `err` that the device's result may differ by: zero while every op is exact, grown by
the ops' allowances (approximate division and transcendental functions, contraction of a*b+c,
reassociated reductions). Elements whose value could flip within that bound (a comparison of
nearly equal values, floor at an integer...) are marked `bad`; for them the check only asks that
the element was written."""
import numpy as np

from .dtypes import DTYPES, round_to, ulp_scale, wrap_int
from .program import InvalidProgram, OutOfDomain

# Extra error an approximate op may add, in units of the result's half-ulp, and an absolute term.
# Vulkan allows 2.5 ulp for OpFDiv; transcendental functions get a generous relative bound since
# drivers implement them with polynomials (sin/cos only on [-8, 8], where the generator clamps).
# libdevice functions: 8 ulp (16 half-ulps) relative, with no absolute term (CUDA's libdevice is
# within a few ulp everywhere, near zero too).
# tl.sin/cos/log/log2 are within a few ulp on every profile (Float32Transcendentals.cpp, as
# Triton-CUDA's): 8 half-ulps and no absolute term. exp/exp2 are the drivers' (Vulkan: 3 + 2|x|
# ulp).
APPROX_ULPS = {"ld_tanh": 16, "ld_erf": 16, "ld_atan": 16, "ld_log1p": 16, "ld_expm1": 16,
               "ld_cbrt": 16, "div": 6, "sqrt": 6, "exp": 64, "log": 8, "sin": 8, "cos": 8, "exp2": 64,
               "log2": 8, "rsqrt": 16}
RELATIVE_ONLY = {"sin", "cos", "log", "log2"}
APPROX_ABS = {"float32": 2.0 ** -21, "float64": 2.0 ** -50}


def _erf(x):
    import math
    return np.vectorize(math.erf, otypes=[np.float64])(x) if np.ndim(x) else np.float64(math.erf(x))


# libdevice functions (tl.extra.libdevice): exact function, bound on |f'| near x (within err).
LIBDEVICE = {
    "ld_tanh": (np.tanh, lambda x, e: np.ones_like(x)),
    "ld_erf": (_erf, lambda x, e: np.full_like(x, 1.13)),
    "ld_atan": (np.arctan, lambda x, e: np.ones_like(x)),
    "ld_log1p": (np.log1p, lambda x, e: 1 / (1 + x - e)),
    "ld_expm1": (np.expm1, lambda x, e: np.exp(x + e)),
    "ld_cbrt": (np.cbrt, lambda x, e: 1 / (3 * np.cbrt(x - e) ** 2)),
}


class RV:
    """A reference value: data (float64 or object ints or bool), err (float64), bad (bool)."""
    __slots__ = ("data", "err", "bad", "dtype", "dot_terms")

    def __init__(self, data, dtype, err=None, bad=None):
        self.data = data
        self.dtype = dtype
        self.dot_terms = 0  # a tl.dot result: its K + 1 (an add may become its accumulator)
        self.err = np.zeros(np.shape(data)) if err is None else np.broadcast_to(err, np.shape(data)).astype(np.float64)
        self.bad = np.zeros(np.shape(data), dtype=bool) if bad is None else np.broadcast_to(bad, np.shape(data)).copy()


def _as_int(a):
    return np.asarray(a, dtype=object)


def _int_binop(op, a, b, dtype):
    a, b = np.broadcast_arrays(_as_int(a), _as_int(b))
    d = DTYPES[dtype]
    if op in ("div", "mod"):
        if any(int(v) == 0 for v in b.reshape(-1)):
            raise OutOfDomain("integer division by zero")

        def tdiv(x, y):
            q = abs(int(x)) // abs(int(y))
            return q if (x >= 0) == (y > 0) else -q
        q = np.frompyfunc(tdiv, 2, 1)(a, b)
        out = q if op == "div" else a - q * b
        if d.is_signed:
            lo, hi = d.int_range
            if any(not lo <= int(v) <= hi for v in np.asarray(q).reshape(-1)):
                raise OutOfDomain("signed division overflow")
        return wrap_int(out, dtype)
    if op in ("shl", "shr"):
        if any(not 0 <= int(v) < d.bits for v in b.reshape(-1)):
            raise OutOfDomain("shift amount out of range")
        out = np.frompyfunc((lambda x, y: int(x) << int(y)) if op == "shl" else
                            (lambda x, y: int(x) >> int(y)), 2, 1)(a, b)
        return wrap_int(out, dtype)
    fn = {"add": lambda x, y: x + y, "sub": lambda x, y: x - y, "mul": lambda x, y: x * y,
          "and": lambda x, y: x & y, "or": lambda x, y: x | y, "xor": lambda x, y: x ^ y,
          "maximum": max, "minimum": min}[op]
    return wrap_int(np.frompyfunc(lambda x, y: fn(int(x), int(y)), 2, 1)(a, b), dtype)


def _check_finite(values, dtype):
    limit = DTYPES[dtype].max_finite / 4
    if not np.all(np.isfinite(values)) or np.any(np.abs(values) > limit):
        raise OutOfDomain(f"{dtype} value out of range")


def _rounded(exact, prop, dtype, allowance_ulps=0.0, extra=0.0):
    """The nominal result of an op whose exact float64 result is `exact` and whose inputs'
    errors contribute `prop`: rounded to dtype, with its error bound."""
    _check_finite(exact, dtype)
    nominal = round_to(exact, dtype)
    half_ulp = ulp_scale(nominal, dtype)
    # An input off by prop can round the other way: one more ulp whenever prop > 0.
    err = prop + np.where(prop > 0, 2 * half_ulp, 0.0) + allowance_ulps * 2 * half_ulp + extra
    return nominal, err


def binary(op, a, b, dtype):
    """Elementwise a op b of two values of type dtype (comparisons give int1)."""
    bad = a.bad | b.bad
    d = DTYPES[dtype]
    if op in ("lt", "le", "gt", "ge", "eq", "ne"):
        fn = {"lt": np.less, "le": np.less_equal, "gt": np.greater, "ge": np.greater_equal,
              "eq": np.equal, "ne": np.not_equal}[op]
        if d.is_float:
            result = fn(a.data, b.data)
            tie = np.abs(a.data - b.data) <= (a.err + b.err)
            bad = bad | (tie & ((a.err + b.err) > 0))
        else:
            result = np.asarray(np.frompyfunc(lambda x, y: bool(fn(int(x), int(y))), 2, 1)(
                *np.broadcast_arrays(_as_int(a.data), _as_int(b.data)))).astype(bool)
        return RV(np.asarray(result, dtype=bool), "int1", bad=bad)
    if dtype == "int1":
        fn = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}[op]
        return RV(fn(a.data, b.data), "int1", bad=bad)
    if not d.is_float:
        return RV(_int_binop(op, a.data, b.data, dtype), dtype, bad=bad)
    x, y, ex, ey = a.data, b.data, a.err, b.err
    with np.errstate(all="ignore"):
        if op in ("add", "sub"):
            exact = x + y if op == "add" else x - y
            nominal, err = _rounded(exact, ex + ey, dtype)
            # Triton's combine pass folds dot(a, b) + c into dot(a, b, c): c then takes part in
            # every partial sum's rounding.
            for dot_side, other in ((a, y), (b, x)):
                if dot_side.dot_terms:
                    err = err + 2 * dot_side.dot_terms * d.eps * np.abs(other)
        elif op == "mul":
            exact = x * y
            # A later add may be contracted with this product (fma): its rounding may not happen.
            nominal, err = _rounded(exact, np.abs(x) * ey + np.abs(y) * ex + ex * ey, dtype)
            err = err + np.abs(nominal - exact)
        elif op == "div":
            if np.any(np.abs(y) <= ey) or np.any(y == 0):
                raise OutOfDomain("float division by (nearly) zero")
            exact = x / y
            prop = (ex + np.abs(exact) * ey) / (np.abs(y) - ey)
            nominal, err = _rounded(exact, prop, dtype, APPROX_ULPS["div"])
        elif op in ("maximum", "minimum"):
            nominal = np.maximum(x, y) if op == "maximum" else np.minimum(x, y)
            err = np.maximum(ex, ey)
        else:
            raise InvalidProgram(f"float op {op}")
    return RV(nominal, dtype, err, bad)


def unary(op, a, dtype):
    d = DTYPES[dtype]
    if not d.is_float:
        if op == "neg":
            return RV(wrap_int(np.frompyfunc(lambda v: -int(v), 1, 1)(_as_int(a.data)), dtype), dtype, bad=a.bad)
        if op == "not":
            return RV(wrap_int(np.frompyfunc(lambda v: ~int(v), 1, 1)(_as_int(a.data)), dtype), dtype, bad=a.bad)
        if op == "abs":
            return RV(wrap_int(np.frompyfunc(lambda v: abs(int(v)), 1, 1)(_as_int(a.data)), dtype), dtype, bad=a.bad)
        raise InvalidProgram(f"int op {op}")
    x, e = a.data, a.err
    bad = a.bad.copy()
    with np.errstate(all="ignore"):
        if op == "neg":
            return RV(-x, dtype, e, bad)
        if op == "abs":
            return RV(np.abs(x), dtype, e, bad)
        if op in ("floor", "ceil", "ld_trunc", "ld_rint"):
            fn = {"floor": np.floor, "ceil": np.ceil, "ld_trunc": np.trunc, "ld_rint": np.rint}[op]
            bad |= (e > 0) & (fn(x - e) != fn(x + e))
            return RV(fn(x), dtype, np.zeros_like(x), bad)
        if dtype not in APPROX_ABS:
            raise InvalidProgram(f"{op} on {dtype}")
        if op == "exp":
            exact = np.exp(x)
            prop = exact * (np.exp(e) - 1)
            allowance = APPROX_ULPS["exp"] * (1 + np.abs(x))
        elif op == "exp2":
            exact = np.exp2(x)
            prop = exact * (np.exp2(e) - 1)
            allowance = APPROX_ULPS["exp2"] * (1 + np.abs(x))
        elif op in ("log", "log2", "sqrt", "rsqrt"):
            if np.any(x - e <= 0):
                raise OutOfDomain(f"{op} of a non-positive value")
            exact = {"log": np.log, "log2": np.log2, "sqrt": np.sqrt,
                     "rsqrt": lambda v: 1 / np.sqrt(v)}[op](x)
            deriv = {"log": 1 / (x - e), "log2": 1 / ((x - e) * np.log(2)),
                     "sqrt": 0.5 / np.sqrt(x - e), "rsqrt": 0.5 / (x - e) ** 1.5}[op]
            prop = deriv * e
            allowance = APPROX_ULPS[op]
        elif op in LIBDEVICE:
            fn, deriv_bound = LIBDEVICE[op]
            if op in ("ld_log1p", "ld_cbrt") and np.any(x - e <= 0):
                raise OutOfDomain(f"{op} argument")
            exact = fn(x)
            prop = deriv_bound(x, e) * e
            allowance = APPROX_ULPS[op]
        elif op in ("sin", "cos"):
            exact = np.sin(x) if op == "sin" else np.cos(x)
            prop = e
            allowance = APPROX_ULPS[op]
        else:
            raise InvalidProgram(f"float op {op}")
        absolute = 0.0 if op.startswith("ld_") or op in RELATIVE_ONLY else APPROX_ABS[dtype]
        nominal, err = _rounded(exact, prop, dtype, allowance, absolute)
    return RV(nominal, dtype, err, bad)


_BITS = {"float16": (np.float16, np.uint16), "float32": (np.float32, np.uint32)}


def _bits(v, dtype):
    if dtype == "bfloat16":
        return int(np.array(v, np.float32).view(np.uint32)) >> 16
    store, word = _BITS[dtype]
    return int(np.array(v, store).view(word))


def _from_bits(bits, dtype):
    if dtype == "bfloat16":
        return float(np.array(bits << 16, np.uint32).view(np.float32))
    store, word = _BITS[dtype]
    return float(np.array(bits, word).view(store))


def _fma_rounded_once(x, y, z, dtype):
    """x*y+z rounded once to dtype: exact rationals, then the nearest (ties to even)."""
    from fractions import Fraction
    out = np.empty(np.shape(x))
    for i in np.ndindex(*np.shape(x)):
        exact = Fraction(float(x[i])) * Fraction(float(y[i])) + Fraction(float(z[i]))
        guess = float(exact)  # correctly rounded to float64
        if dtype != "float64":
            # Rounded twice, the guess may be one ulp off: its neighbours compete.
            bits = _bits(float(round_to(guess, dtype)), dtype)
            width = 16 if dtype != "float32" else 32
            cands = [_from_bits((bits + d) % (1 << width), dtype) for d in (-1, 0, 1)]
            guess = min((c for c in cands if np.isfinite(c)), key=lambda c: (
                abs(Fraction(c) - exact), _bits(c, dtype) & 1))
        out[i] = guess
    return out


def fma(a, b, c, dtype):
    """tl.fma: rounded once (Triton's llvm.fma), for halves too."""
    exact = a.data * b.data + c.data
    prop = np.abs(a.data) * b.err + np.abs(b.data) * a.err + a.err * b.err + c.err
    _check_finite(exact, dtype)
    nominal = _fma_rounded_once(a.data, b.data, c.data, dtype)
    half_ulp = ulp_scale(nominal, dtype)
    err = prop + np.where(prop > 0, 2 * half_ulp, 0.0)
    return RV(nominal, dtype, err, a.bad | b.bad | c.bad)


def cast(a, dtype):
    src, dst = DTYPES[a.dtype], DTYPES[dtype]
    bad = a.bad.copy()
    if a.dtype == "int1":
        data = np.asarray(a.data, dtype=bool)
        if dst.is_float:
            return RV(data.astype(np.float64), dtype, bad=bad)
        return RV(np.frompyfunc(int, 1, 1)(data.astype(np.int64)) if data.ndim else np.asarray(int(data), dtype=object), dtype, bad=bad)
    if src.is_int and dst.is_int:
        return RV(wrap_int(a.data, dtype), dtype, bad=bad)
    if src.is_int and dst.is_float:
        ints = [int(v) for v in _as_int(a.data).reshape(-1)]
        exact = np.array([float(v) for v in ints]).reshape(np.shape(a.data))
        big = np.array([abs(v) > 2 ** 53 for v in ints]).reshape(np.shape(a.data))
        nominal, err = _rounded(exact, np.zeros_like(exact), dtype)
        return RV(nominal, dtype, np.where(big, 2 * ulp_scale(nominal, dtype), 0.0), bad)
    if src.is_float and dst.is_float:
        if dst.bits >= src.bits and not (a.dtype == "float16" and dtype == "bfloat16") and not (
                a.dtype == "bfloat16" and dtype == "float16"):
            return RV(a.data.copy(), dtype, a.err, bad)
        nominal, err = _rounded(a.data, a.err, dtype)
        return RV(nominal, dtype, err, bad)
    # float -> int truncates toward zero; out of range is undefined, so out of the domain.
    x, e = a.data, a.err
    lo, hi = dst.int_range
    if np.any(np.trunc(x) < lo) or np.any(np.trunc(x) > hi) or np.any(np.trunc(x + e) > hi) or np.any(np.trunc(x - e) < lo):
        raise OutOfDomain("float -> int out of range")
    bad |= (e > 0) & (np.trunc(x - e) != np.trunc(x + e))
    data = np.frompyfunc(lambda v: int(v), 1, 1)(np.trunc(x)) if np.ndim(x) else np.asarray(int(np.trunc(x)), dtype=object)
    return RV(np.asarray(data, dtype=object), dtype, bad=bad)


def where(c, a, b):
    cond = np.asarray(c.data, dtype=bool)
    data = np.where(cond, a.data, b.data)
    if DTYPES[a.dtype].is_int:
        data = np.asarray(data, dtype=object)
    return RV(data, a.dtype, np.where(cond, a.err, b.err), c.bad | np.where(cond, a.bad, b.bad))
