"""The fuzzer's program representation: a straight list of statements over block values, each
defining one variable, plus the buffers and scalar arguments the kernel takes. The generator
builds it, the reference evaluates it, the emitter prints it as a Triton kernel and the reducer
rewrites it. Shapes are symbolic (tuples of dimension expressions such as "M", "N*2", "K/2", 1)
so the reducer can shrink a dimension everywhere at once."""
import copy
import dataclasses
import hashlib
import json
import re

import numpy as np

from .dtypes import DTYPES


class InvalidProgram(Exception):
    """The program breaks a rule of Triton or of defined behaviour (shape, range, domain)."""


class OutOfDomain(InvalidProgram):
    """The reference met a value the program must not compute (overflow to inf, division by
    zero, out-of-range float->int conversion...): the program is skipped, not a finding."""


@dataclasses.dataclass
class Stmt:
    op: str
    out: str = None          # the variable it defines (None for store / atomic / return)
    args: list = dataclasses.field(default_factory=list)   # operand variable names
    attrs: dict = dataclasses.field(default_factory=dict)
    dtype: str = None        # element type of `out`
    shape: tuple = ()        # symbolic shape of `out`

    def bodies(self):
        """Nested statement lists (loop body, branch arms)."""
        return [self.attrs[k] for k in ("body", "then_body", "else_body") if k in self.attrs]


@dataclasses.dataclass
class Program:
    seed: int
    dims: dict               # dimension name -> power of two
    grid: int                # programs along axis 0
    buffers: dict            # name -> {"dtype":..., "role": "in"|"out"|"atomic", "dist":...}
    scalars: dict            # runtime int32 argument name -> value
    stmts: list
    data_seed: int = 0
    num_warps: int = 4
    features: list = dataclasses.field(default_factory=list)

    def clone(self):
        return copy.deepcopy(self)

    def to_json(self):
        return json.dumps(dataclasses.asdict(self), sort_keys=True, default=str)

    def digest(self):
        return hashlib.sha1(self.to_json().encode()).hexdigest()[:12]

    @staticmethod
    def from_dict(d):
        def stmt(s):
            s = dict(s)
            attrs = dict(s["attrs"])
            for k in ("body", "then_body", "else_body"):
                if k in attrs:
                    attrs[k] = [stmt(x) for x in attrs[k]]
            s["attrs"] = attrs
            s["shape"] = tuple(s["shape"])
            return Stmt(**s)
        d = dict(d)
        d["stmts"] = [stmt(s) for s in d["stmts"]]
        return Program(**d)


def walk(stmts):
    """Every statement, nested ones included, in program order."""
    for s in stmts:
        yield s
        for body in s.bodies():
            yield from walk(body)


_DIM_TOKEN = re.compile(r"\s*([A-Za-z_][A-Za-z_0-9]*|\d+|[*/])")


def eval_dim(expr, dims):
    """A dimension expression ("M", 2, "N*2", "K/2") -> int, left to right."""
    if isinstance(expr, (int, np.integer)):
        return int(expr)
    tokens = _DIM_TOKEN.findall(str(expr))
    value, op = None, None
    for tok in tokens:
        if tok in "*/":
            op = tok
            continue
        n = int(tok) if tok.isdigit() else dims[tok]
        if value is None:
            value = n
        elif op == "*":
            value *= n
        else:
            if n == 0 or value % n:
                raise InvalidProgram(f"dimension {expr} is not whole")
            value //= n
    return value


def eval_shape(shape, dims):
    out = tuple(eval_dim(d, dims) for d in shape)
    for n in out:
        if n < 1 or n & (n - 1):
            raise InvalidProgram(f"shape {shape} -> {out} is not made of powers of two")
    return out


def dim_code(expr):
    """A dimension expression as Triton source (constexpr arithmetic)."""
    return str(expr).replace("/", "//")


def stride_value(stride, scalars):
    return stride if isinstance(stride, int) else scalars[stride]


def access_offsets(access, shape, dims, scalars, pid, k=0):
    """Element offsets (an int64 array of the block's shape) of a load / store / atomic, and the
    mask (bool array) its bounds give. access = {"buf", "strides": [per dim], "pid_stride",
    "bounds": [per dim: None or scalar name], "loop_stride": stride or absent}."""
    concrete = eval_shape(shape, dims)
    offsets = np.zeros(concrete, dtype=np.int64)
    mask = np.ones(concrete, dtype=bool)
    offsets += pid * stride_value(access["pid_stride"], scalars)
    if "loop_stride" in access:
        offsets += k * stride_value(access["loop_stride"], scalars)
    for axis, n in enumerate(concrete):
        index = np.arange(n).reshape([n if a == axis else 1 for a in range(len(concrete))])
        offsets = offsets + index * stride_value(access["strides"][axis], scalars)
        bound = access["bounds"][axis] if access.get("bounds") else None
        if bound is not None:
            mask = mask & (index < scalars[bound])
    return offsets, mask


def buffer_sizes(program):
    """Elements each buffer needs: the largest offset any program instance touches, plus one."""
    sizes = {name: 1 for name in program.buffers}

    def visit(stmts, trips_by_index):
        for s in stmts:
            access = s.attrs.get("access")
            if access is not None:
                shape = s.shape if s.op == "load" else s.attrs["value_shape"]
                trips = trips_by_index.get(access.get("loop_index", "k"), 1)
                for pid in (0, program.grid - 1):
                    for k in {0, max(trips - 1, 0)}:
                        offs, _ = access_offsets(access, shape, program.dims, program.scalars, pid, k)
                        sizes[access["buf"]] = max(sizes[access["buf"]], int(offs.max()) + 1)
            if s.op == "atomic":
                sizes[s.attrs["buf"]] = max(sizes[s.attrs["buf"]], s.attrs["bins"])
            if s.op == "loop":
                visit(s.attrs["body"], dict(trips_by_index, **{
                    s.attrs.get("index", "k"): stride_value(s.attrs["trips"], program.scalars)}))
            for key in ("then_body", "else_body"):
                if key in s.attrs:
                    visit(s.attrs[key], trips_by_index)
    visit(program.stmts, {})
    return sizes


def input_data(program, name, size):
    """A buffer's initial contents (reference values: float64 or Python ints), deterministic in
    the program's data seed and the buffer's name."""
    spec = program.buffers[name]
    d = DTYPES[spec["dtype"]]
    rng = np.random.default_rng([program.data_seed, int(hashlib.sha1(name.encode()).hexdigest()[:8], 16)])
    dist = spec.get("dist", "small")
    if d.is_float:
        if dist == "normal":
            from .dtypes import round_to
            return round_to(rng.standard_normal(size) * 2, spec["dtype"])
        # Multiples of 1/4 in [-8, 8]: exact in every float type, so most arithmetic is exact.
        return rng.integers(-32, 33, size).astype(np.float64) / 4
    lo, hi = d.int_range
    if dist == "wide":
        values = [int(v) for v in rng.integers(0, 1 << 62, size)]
        values = [lo + (v * 4 + int(rng.integers(0, 4))) % (hi - lo + 1) for v in values]
        return np.array(values, dtype=object)
    lo, hi = (max(lo, -60), min(hi, 60)) if d.is_signed else (0, min(hi, 100))
    return np.array([int(v) for v in rng.integers(lo, hi + 1, size)], dtype=object)


def sentinel(name, variant):
    """What an output buffer holds before the launch; two variants tell unwritten elements."""
    d = DTYPES[name]
    if d.is_float:
        return (-1536.0, 1280.0)[variant]
    return ((-99 if d.is_signed else 157), (77 if d.is_signed else 201))[variant]
