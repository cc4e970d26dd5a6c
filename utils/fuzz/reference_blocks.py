"""Reference semantics of the block-level ops: reductions, scans, tl.dot and the shape ops."""
import numpy as np

from .dtypes import DTYPES, round_to, wrap_int
from .program import InvalidProgram
from .reference import RV, _rounded, cast


def sum_dtype(dtype):
    """tl.sum's / tl.cumsum's result type (standard.py's _pick_sum_dtype; bf16 scans in fp32)."""
    d = DTYPES[dtype]
    if d.is_int and d.bits < 32:
        return "int32" if d.is_signed else "uint32"
    return dtype


def reduce_dtype(kind, dtype):
    if kind == "sum":
        return sum_dtype(dtype)
    if kind in ("argmax", "argmin"):
        return "int32"
    if kind in ("max", "min") and dtype == "bfloat16":
        return "float32"
    return dtype


def scan_dtype(kind, dtype):
    if kind == "cumsum":
        return "float32" if dtype == "bfloat16" else sum_dtype(dtype)
    if kind == "cumprod" and dtype == "bfloat16":
        return "float32"
    return dtype


# Custom combine functions the emitter defines as @triton.jit helpers: name -> (python fn on
# exact ints / floats, which types it applies to). All associative and commutative.
COMBINERS = {
    "xor": (lambda x, y: x ^ y, "int"),
    "or": (lambda x, y: x | y, "int"),
    "and": (lambda x, y: x & y, "int"),
    "prod": (lambda x, y: x * y, "int"),
    "max": (max, "any"),
    "min": (min, "any"),
    "add": (lambda x, y: x + y, "any"),
    "maxabs": (lambda x, y: max(abs(x), abs(y)), "float"),
}


def _fold_ints(values, fn, dtype):
    acc = int(values[0])
    for v in values[1:]:
        acc = int(wrap_int(np.array([fn(acc, int(v))], dtype=object), dtype)[0])
    return acc


def _moved(rv, axis):
    return (np.moveaxis(np.asarray(rv.data), axis, -1), np.moveaxis(rv.err, axis, -1),
            np.moveaxis(rv.bad, axis, -1))


def _float_fold(data, err, dtype, kind):
    """Fold the last axis of float data: sums get a reassociation bound, max/min are exact."""
    n = data.shape[-1]
    if kind in ("sum", "add"):
        exact = data.sum(-1)
        prop = err.sum(-1) + (n - 1) * DTYPES[dtype].eps * np.abs(data).sum(-1) * 2
        return _rounded(exact, prop, dtype)
    if kind in ("max", "min"):
        fn = np.max if kind == "max" else np.min
        return fn(data, -1), np.max(err, -1)
    if kind == "maxabs":
        if n == 1:  # Triton never calls the combiner on a lone element: it is the result
            return data[..., 0], err[..., 0]
        return np.max(np.abs(data), -1), np.max(err, -1)
    raise InvalidProgram(f"float reduction {kind}")


def reduce(kind, x, axis, out_dtype):
    if kind in ("sum",) and out_dtype != x.dtype:
        x = cast(x, out_dtype)
    data, err, bad = _moved(x, axis)
    lead = data.shape[:-1]
    flat_bad = bad.any(-1)
    d = DTYPES[x.dtype]
    if kind in ("argmax", "argmin"):
        sign = 1 if kind == "argmax" else -1
        out = np.zeros(lead, dtype=object)
        worse = np.zeros(lead, dtype=bool)
        for idx in np.ndindex(*lead):
            row = data[idx]
            keys = [sign * (float(v) if d.is_float else int(v)) for v in row]
            best = max(keys)
            pick = keys.index(best)  # the smallest index among ties (tie_break_left)
            out[idx] = pick
            if d.is_float:
                e = err[idx]
                close = [j for j in range(len(keys)) if j != pick and keys[j] >= best - (e[j] + e[pick])]
                worse[idx] = any(e[j] + e[pick] > 0 for j in close)
        return RV(out, "int32", bad=flat_bad | worse)
    if d.is_float:
        nominal, e = _float_fold(data, err, x.dtype, kind)
        if out_dtype != x.dtype:
            nominal, e = round_to(nominal, out_dtype), e
        return RV(np.asarray(nominal, dtype=np.float64), out_dtype, e, flat_bad)
    fn = {"sum": lambda a, b: a + b}.get(kind) or COMBINERS[kind][0]
    out = np.zeros(lead, dtype=object)
    for idx in np.ndindex(*lead):
        out[idx] = _fold_ints(list(data[idx]), fn, out_dtype)
    return RV(out, out_dtype, bad=flat_bad)


def scan(kind, x, axis, reverse, out_dtype):
    if out_dtype != x.dtype:
        x = cast(x, out_dtype)
    data, err, bad = _moved(x, axis)
    if reverse:
        data, err, bad = data[..., ::-1], err[..., ::-1], bad[..., ::-1]
    n = data.shape[-1]
    bad = np.logical_or.accumulate(bad, axis=-1)
    d = DTYPES[out_dtype]
    if d.is_float:
        if kind in ("cumsum", "add"):
            exact = np.cumsum(data, -1)
            prop = np.cumsum(err, -1) + n * d.eps * np.cumsum(np.abs(data), -1) * 2
            out, e = _rounded(exact, prop, out_dtype)
        elif kind in ("max", "min"):
            acc_fn = np.maximum if kind == "max" else np.minimum
            out, e = acc_fn.accumulate(data, -1), np.maximum.accumulate(err, -1)
        else:
            raise InvalidProgram(f"float scan {kind}")
    else:
        fn = {"cumsum": lambda a, b: a + b, "cumprod": lambda a, b: a * b}.get(kind) or COMBINERS[kind][0]
        out = np.zeros(data.shape, dtype=object)
        for idx in np.ndindex(*data.shape[:-1]):
            acc = None
            for j in range(n):
                v = int(data[idx + (j,)])
                acc = v if acc is None else int(wrap_int(np.array([fn(acc, v)], dtype=object), out_dtype)[0])
                out[idx + (j,)] = acc
        e = np.zeros(data.shape)
    if reverse:
        out, e, bad = out[..., ::-1], e[..., ::-1], bad[..., ::-1]
    return RV(np.moveaxis(np.asarray(out), -1, axis), out_dtype, np.moveaxis(e, -1, axis),
              np.moveaxis(bad, -1, axis))


def dot_dtype(dtype):
    return {"int8": "int32", "float16": "float32", "bfloat16": "float32",
            "float32": "float32", "float64": "float64"}[dtype]


def dot(a, b, acc, out_dtype):
    """a @ b (+ acc) over the last two axes; float: one rounding plus a bound for the order."""
    k = a.data.shape[-1]
    bad = (a.bad.any(-1)[..., :, None]) | (b.bad.any(-2)[..., None, :])
    if DTYPES[out_dtype].is_int:
        prod = np.matmul(np.asarray(a.data, dtype=object), np.asarray(b.data, dtype=object))
        if acc is not None:
            prod = prod + acc.data
            bad = bad | acc.bad
        return RV(wrap_int(prod, out_dtype), out_dtype, bad=bad)
    exact = np.matmul(a.data, b.data)
    magnitude = np.matmul(np.abs(a.data), np.abs(b.data))
    prop = np.matmul(np.abs(a.data), b.err) + np.matmul(a.err, np.abs(b.data)) + np.matmul(a.err, b.err)
    if acc is not None:
        exact = exact + acc.data
        magnitude = magnitude + np.abs(acc.data)
        prop = prop + acc.err
        bad = bad | acc.bad
    prop = prop + (k + 1) * DTYPES[out_dtype].eps * magnitude * 2
    nominal, err = _rounded(exact, prop, out_dtype)
    out = RV(nominal, out_dtype, err, bad)
    out.dot_terms = k + 1
    return out


def shape_op(kind, args, attrs, shape):
    """reshape / trans / permute / join / split / expand_dims / broadcast, on all three arrays."""
    x = args[0]

    def apply(fn):
        data = fn(np.asarray(x.data))
        return RV(np.asarray(data), x.dtype, fn(x.err), fn(x.bad))
    if kind == "reshape":
        return apply(lambda v: np.reshape(v, shape))
    if kind == "trans":
        return apply(lambda v: np.transpose(v, attrs.get("perm")))
    if kind == "expand_dims":
        return apply(lambda v: np.expand_dims(v, attrs["axis"]))
    if kind == "broadcast":
        return apply(lambda v: np.broadcast_to(np.expand_dims(v, attrs["axis"]) if "axis" in attrs else v, shape).copy())
    if kind == "split":
        return apply(lambda v: v[..., attrs["half"]])
    if kind == "join":
        y = args[1]
        return RV(np.stack([np.asarray(x.data), np.asarray(y.data)], -1), x.dtype,
                  np.stack([x.err, y.err], -1), np.stack([x.bad, y.bad], -1))
    raise InvalidProgram(kind)
