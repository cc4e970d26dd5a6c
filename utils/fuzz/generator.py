"""Random program generator: builds a Program statement by statement from a seed. Every program
it makes is meant to be valid Triton with defined behaviour: operands are cast to a common type
explicitly, divisors and shift amounts are made safe, math functions get arguments in their
domain, float->int casts are clamped into the target's range."""
import random

from .dtypes import DTYPES, VALUE_TYPES
from .known_bugs import excluded
from .program import Stmt

FEATURES = ["elementwise", "cast", "mask", "broadcast", "strided", "math", "reduce", "scan",
            "dot", "atomic", "loop", "branch", "return", "shape"]
INT_BINARY = ["add", "sub", "mul", "and", "or", "xor", "maximum", "minimum", "div", "mod", "shl", "shr"]
FLOAT_BINARY = ["add", "sub", "mul", "maximum", "minimum", "div"]
COMPARISONS = ["lt", "le", "gt", "ge", "eq", "ne"]
MATH = ["exp", "log", "sqrt", "sin", "cos", "exp2", "log2", "rsqrt", "floor", "ceil"]
LIBDEVICE = ["ld_tanh", "ld_erf", "ld_atan", "ld_log1p", "ld_expm1", "ld_cbrt", "ld_trunc", "ld_rint"]
DOT_TYPES = ["float16", "bfloat16", "float32", "int8", "float64"]


def float_within(bound, src, up):
    """The float of type src nearest to the integer bound on its inside (>= bound if up)."""
    import numpy as np
    from .dtypes import round_to
    limit = DTYPES[src].max_finite
    x = float(round_to(float(max(-limit, min(limit, bound))), src))
    while (x < bound) if up else (x > bound):
        x = _next_float(x, src, 1.0 if up else -1.0)
    return x


def _next_float(x, src, direction):
    """The neighbour of x (a value of type src) toward +inf (direction 1) or -inf (-1)."""
    import numpy as np
    if src == "bfloat16":
        bits = int(np.array(x, dtype=np.float32).view(np.uint32)) >> 16
        bits += 1 if (direction > 0) == (x >= 0) else -1
        return float(np.array(bits << 16, dtype=np.uint32).view(np.float32))
    t = {"float16": np.float16, "float32": np.float32, "float64": np.float64}[src]
    return float(np.nextafter(t(x), t(direction * np.inf)))


class Generator:
    def __init__(self, seed, features=None, dtypes=None):
        self.seed = seed
        self.dtypes = list(dtypes or VALUE_TYPES)
        self.rng = random.Random(seed)
        self.features = set(features or FEATURES)
        self.count = 0
        self.buffers = {}
        self.scalars = {}
        self.out = []          # the statement list being filled
        self.pool = []         # visible values: (name, dtype, shape)
        self.depth = 0         # > 0 inside a loop body or branch arm
        self.splats, self.consts = set(), set()

    # -- small helpers ---------------------------------------------------------------------
    def has(self, feature):
        return feature in self.features

    def name(self, prefix="v"):
        self.count += 1
        return f"{prefix}{self.count}"

    def scalar(self, value, prefix="s"):
        n = self.name(prefix)
        self.scalars[n] = int(value)
        return n

    def emit(self, op, args, dtype, shape, **attrs):
        s = Stmt(op, self.name(), list(args), attrs, dtype, tuple(shape))
        # Blocks that are splats of a run-time scalar, directly or through elementwise ops
        # (the compiler moves such ops onto the scalar): a known bug concerns bf16 ones.
        if op == "broadcast" and "axis" not in attrs:
            self.splats.add(s.out)
        elif op in ("binary", "unary", "cast", "fma", "where") and any(a in self.splats for a in args) \
                and all(a in self.splats or a in self.consts for a in args):
            self.splats.add(s.out)
        if op == "const":
            self.consts.add(s.out)
        self.out.append(s)
        self.pool.append((s.out, dtype, tuple(shape)))
        return s.out

    def dimval(self, d):
        from .program import eval_dim
        return eval_dim(d, self.dims)

    def pick(self, pred=lambda v: True):
        """A visible value, recent ones likelier (so chains grow deep)."""
        cands = [v for v in self.pool if pred(v)]
        if not cands:
            return None
        weights = [1 + i for i in range(len(cands))]
        return self.rng.choices(cands, weights)[0]

    def minmax(self, x, y, dtype, shape, fn):
        """tl.maximum / tl.minimum: bf16 operands give fp32 (Triton promotes them)."""
        return self.emit("binary", [x, y], "float32" if dtype == "bfloat16" else dtype, shape, fn=fn)

    def const(self, value, dtype, shape):
        return self.emit("const", [], dtype, shape, value=value)

    # -- buffers ---------------------------------------------------------------------------
    def access(self, shape, for_store=False):
        """Strides / pid stride / mask bounds of a block access of `shape`."""
        sizes = [self.dimval(d) for d in shape]
        rng = self.rng
        layout = "contig"
        if self.has("strided") and len(shape) >= 2:
            layout = rng.choice(["contig", "contig", "padded", "transposed", "strided"] +
                                ([] if for_store else ["broadcast"]))
        strides = [0] * len(shape)
        step = 1
        order = list(range(len(shape)))[::-1]  # innermost axis first
        if layout == "transposed":
            order = order[::-1]
        for axis in order:
            inner = {"strided": rng.choice([2, 3]), "padded": 1}.get(layout, 1) if axis == order[0] else 1
            strides[axis] = step * inner
            step = strides[axis] * sizes[axis] + (rng.choice([1, 3]) if layout == "padded" else 0)
        if layout == "broadcast":
            strides[rng.randrange(len(shape))] = 0
        extent = max(step, 1)
        # Strides the kernel gets as arguments, except the unit stride most of the time (so the
        # compiler sees contiguous runs).
        strides = [st if (st == 1 and rng.random() < 0.8) or st == 0 else self.scalar(st, "stride")
                   for st in strides]
        bounds = None
        if self.has("mask") and shape and rng.random() < 0.4:
            bounds = [self.scalar(rng.randint(0, n), "bound") if rng.random() < 0.6 else None
                      for n in sizes]
        pid_stride = extent if for_store else rng.choice([extent, 0, 1])
        pid_stride = self.scalar(pid_stride, "pstride") if pid_stride > 1 else pid_stride
        return {"strides": strides, "pid_stride": pid_stride, "bounds": bounds, "extent": extent}

    def load(self, dtype, shape, loop=False):
        buf = self.name("in")
        dist = "normal" if DTYPES[dtype].is_float and self.rng.random() < 0.3 else (
            "wide" if DTYPES[dtype].is_int and self.rng.random() < 0.3 else "small")
        self.buffers[buf] = {"dtype": dtype, "role": "in", "dist": dist}
        acc = self.access(shape)
        acc["buf"] = buf
        if loop:
            acc["loop_stride"] = self.rng.choice([1, self.scalar(7, "kstride")])
            acc["loop_index"] = self.loop_index
        other = self.rng.choice([0, 1, -2, 3]) if not DTYPES[dtype].kind == "uint" else self.rng.choice([0, 5])
        attrs = {"walk": True} if loop and self.rng.random() < 0.5 else {}
        return self.emit("load", [], dtype, shape, access=acc, other=other, **attrs)

    # -- coercions -------------------------------------------------------------------------
    def cast(self, v, dtype):
        name, src, shape = v
        if src == dtype:
            return name
        if name in self.splats and excluded("splat", dtype=dtype):
            return self.load(dtype, shape)  # a known bug: a fresh block instead
        if excluded("cast", src=src, dst=dtype):  # a known bug: go through float32
            name = self.emit("cast", [name], "float32", shape)
            src = "float32"
        if DTYPES[src].is_float and DTYPES[dtype].is_int:
            lo, hi = DTYPES[dtype].int_range
            if self.rng.random() < 0.5:
                lo, hi = max(lo, -30000), min(hi, 30000)
            else:  # the whole range: the largest floats of src that convert without overflow
                lo, hi = float_within(lo, src, up=True), float_within(hi, src, up=False)
            name = self.minmax(name, self.const(lo, src, shape), src, shape, "maximum")
            name = self.minmax(name, self.const(hi, src, shape), src, shape, "minimum")
        return self.emit("cast", [name], dtype, shape)

    def fit(self, v, dtype, shape):
        """Value v as dtype and shape (broadcasting vectors/scalars), or a fresh load."""
        name, src, vshape = v
        shape = tuple(shape)
        if vshape != shape:
            if len(vshape) == 1 and len(shape) == 2 and vshape[0] in shape and self.has("broadcast"):
                axis = 1 if shape[0] == vshape[0] else 0
                name = self.emit("broadcast", [name], src, shape, axis=axis)
            elif vshape == () and self.has("broadcast") and not excluded("broadcast", dtype=src, rank=0):
                name = self.emit("broadcast", [name], src, shape)
            else:
                return self.load(dtype, shape)
        return self.cast((name, src, shape), dtype)

    # -- op builders -----------------------------------------------------------------------
    def value_dtype(self):
        return self.rng.choice(self.program_dtypes)

    def op_binary(self):
        a = self.pick(lambda v: v[1] != "int1")
        dtype = a[1]
        b = self.pick(lambda v: v[1] != "int1") if self.rng.random() < 0.8 else a
        fns = INT_BINARY if DTYPES[dtype].is_int else FLOAT_BINARY
        fn = self.rng.choice(fns)
        if excluded("binary", fn=fn, dtype=dtype):
            return
        shape = a[2]
        x = self.cast(a, dtype)
        y = self.fit(b, dtype, shape)
        constant = self.rng.random() < 0.3  # constant divisors / shift amounts get folded
        if fn in ("div", "mod") and DTYPES[dtype].is_int and constant:
            # Any divisor but 0 and -1 (INT_MIN / -1 is undefined).
            choices = [2, 3, 5, 7, 8, 10, 16, 100] + ([-2, -3, -8] if DTYPES[dtype].is_signed else [])
            y = self.const(self.rng.choice(choices), dtype, shape)
        elif fn in ("div", "mod") and DTYPES[dtype].is_int:
            # A divisor in 1..8: no division by zero, no INT_MIN / -1.
            y = self.emit("binary", [y, self.const(7, dtype, shape)], dtype, shape, fn="and")
            y = self.emit("binary", [y, self.const(1, dtype, shape)], dtype, shape, fn="add")
        elif fn in ("shl", "shr") and constant:
            y = self.const(self.rng.randrange(DTYPES[dtype].bits), dtype, shape)
        elif fn in ("shl", "shr"):
            y = self.emit("binary", [y, self.const(DTYPES[dtype].bits - 1, dtype, shape)], dtype, shape, fn="and")
        elif fn == "div":
            if dtype in ("float16", "bfloat16"):  # Triton divides halves in fp32
                x = self.cast((x, dtype, shape), "float32")
                y = self.cast((y, dtype, shape), "float32")
                dtype = "float32"
            y = self.emit("unary", [y], dtype, shape, fn="abs")
            y = self.emit("binary", [y, self.const(1, dtype, shape)], dtype, shape, fn="add")
        if fn in ("maximum", "minimum"):
            self.minmax(x, y, dtype, shape, fn)
        else:
            self.emit("binary", [x, y], dtype, shape, fn=fn)

    def op_compare_where(self):
        a = self.pick(lambda v: v[1] != "int1")
        b = self.pick(lambda v: v[1] != "int1")
        x = self.cast(a, a[1])
        y = self.fit(b, a[1], a[2])
        cond = self.emit("binary", [x, y], "int1", a[2], fn=self.rng.choice(COMPARISONS))
        if self.rng.random() < 0.3:
            return self.cast((cond, "int1", a[2]), self.value_dtype())
        c = self.pick(lambda v: v[1] != "int1")
        dtype = c[1]
        if excluded("where", dtype=dtype):
            return
        t = self.fit(c, dtype, a[2])
        f = self.fit(self.pick(lambda v: v[1] != "int1"), dtype, a[2])
        return self.emit("where", [cond, t, f], dtype, a[2])

    def op_unary(self):
        a = self.pick(lambda v: v[1] != "int1")
        name, dtype, shape = a
        d = DTYPES[dtype]
        if d.is_int:
            fn = self.rng.choice(["neg", "not", "abs"])
            if not excluded("unary", fn=fn, dtype=dtype):
                self.emit("unary", [name], dtype, shape, fn=fn)
            return
        fns = ["neg", "abs"] + (MATH + LIBDEVICE if self.has("math") else [])
        fn = self.rng.choice(fns)
        if fn in MATH or fn in LIBDEVICE:
            if dtype in ("float16", "bfloat16"):  # Triton's math wants fp32 / fp64
                name = self.cast(a, "float32")
                dtype = "float32"
            if excluded("unary", fn=fn, dtype=dtype):
                return
            if fn in ("exp", "exp2", "ld_expm1"):
                name = self.emit("binary", [name, self.const(4, dtype, shape)], dtype, shape, fn="minimum")
            elif fn in ("log", "log2", "sqrt", "rsqrt", "ld_log1p", "ld_cbrt"):
                name = self.emit("unary", [name], dtype, shape, fn="abs")
                name = self.emit("binary", [name, self.const(1, dtype, shape)], dtype, shape, fn="add")
            elif fn in ("sin", "cos"):
                name = self.emit("binary", [name, self.const(-8, dtype, shape)], dtype, shape, fn="maximum")
                name = self.emit("binary", [name, self.const(8, dtype, shape)], dtype, shape, fn="minimum")
        self.emit("unary", [name], dtype, shape, fn=fn)

    def op_fma(self):
        a = self.pick(lambda v: DTYPES[v[1]].is_float)
        if a is None:
            return
        dtype, shape = a[1], a[2]
        if excluded("fma", dtype=dtype):
            return
        b = self.fit(self.pick(lambda v: v[1] != "int1"), dtype, shape)
        c = self.fit(self.pick(lambda v: v[1] != "int1"), dtype, shape)
        self.emit("fma", [a[0], b, c], dtype, shape)

    def op_cast(self):
        a = self.pick(lambda v: v[1] != "int1")
        self.cast(a, self.rng.choice(self.dtypes))

    def op_reduce(self):
        a = self.pick(lambda v: len(v[2]) >= 1 and v[1] != "int1")
        if a is None:
            return
        name, dtype, shape = a
        from .reference_blocks import reduce_dtype
        axis = self.rng.randrange(len(shape))
        kinds = ["sum", "max", "min", "argmax", "argmin"] + (["sum_max"] if dtype != "bfloat16" else [])
        kinds += ["xor", "or", "and", "prod"] if DTYPES[dtype].is_int else (
            ["maxabs"] if dtype != "bfloat16" else [])
        kind = self.rng.choice(kinds)
        if excluded("reduce", kind=kind, dtype=dtype, rank=len(shape), axis=axis):
            return
        if len(shape) >= 2 and kind not in ("argmax", "argmin") and self.rng.random() < 0.15:
            axis = None  # all axes at once
        keep = self.rng.random() < 0.2
        if axis is None:
            out_shape = (1,) * len(shape) if keep else ()
        else:
            out_shape = shape[:axis] + ((1,) if keep else ()) + shape[axis + 1:]
        extra = {"keep_dims": True} if keep else {}
        if kind == "sum_max":
            b = self.fit(self.pick(lambda v: v[1] != "int1"), dtype, shape)
            pick = self.rng.randrange(2)
            return self.emit("reduce", [name, b], dtype, out_shape, kind=kind, axis=axis, pick=pick, **extra)
        return self.emit("reduce", [name], reduce_dtype(kind, dtype) if kind in
                         ("sum", "max", "min", "argmax", "argmin") else dtype, out_shape,
                         kind=kind, axis=axis, **extra)

    def op_scan(self):
        a = self.pick(lambda v: len(v[2]) >= 1 and v[1] != "int1")
        if a is None:
            return
        name, dtype, shape = a
        from .reference_blocks import scan_dtype
        axis = self.rng.randrange(len(shape))
        kinds = ["cumsum", "add"] + (["max", "min"] if dtype != "bfloat16" else []) + (["cumprod", "xor", "or"] if DTYPES[dtype].is_int else [])
        kind = self.rng.choice(kinds)
        if excluded("scan", kind=kind, dtype=dtype, rank=len(shape), axis=axis):
            return
        out = scan_dtype(kind, dtype) if kind in ("cumsum", "cumprod") else dtype
        return self.emit("scan", [name], out, shape, kind=kind, axis=axis, reverse=self.rng.random() < 0.3)
