"""Runs a Program on the numpy reference (program instance by program instance) and compares a
device's output buffers against it."""
import numpy as np

from . import reference as ref
from . import reference_blocks as blocks
from .dtypes import DTYPES, round_to, ulp_scale, wrap_int
from .program import (InvalidProgram, OutOfDomain, access_offsets, buffer_sizes, eval_shape,
                      input_data, sentinel, stride_value)


class _EarlyReturn(Exception):
    pass


def const_value(value, dtype, shape):
    d = DTYPES[dtype]
    if d.is_float:
        return ref.RV(np.full(shape, round_to(float(value), dtype)), dtype)
    if dtype == "int1":
        return ref.RV(np.full(shape, bool(value)), dtype)
    return ref.RV(wrap_int(np.full(shape, int(value), dtype=object), dtype), dtype)


class Interpreter:
    def __init__(self, program, variant=0):
        self.p = program
        self.sizes = buffer_sizes(program)
        self.mem = {}
        for name, spec in program.buffers.items():
            n = self.sizes[name]
            if spec["role"] == "in":
                self.mem[name] = ref.RV(input_data(program, name, n), spec["dtype"])
            else:
                self.mem[name] = const_value(sentinel(spec["dtype"], variant), spec["dtype"], (n,))

    def run(self):
        for pid in range(self.p.grid):
            try:
                self.block(self.p.stmts, {}, pid, {})
            except _EarlyReturn:
                pass
        return self.mem

    def block(self, stmts, env, pid, ks):
        """ks: the enclosing loops' indices by name."""
        for s in stmts:
            self.stmt(s, env, pid, ks)
        return env

    def shape(self, s):
        return eval_shape(s.shape, self.p.dims)

    def stmt(self, s, env, pid, ks):
        try:
            args = [env[a] for a in s.args]
        except KeyError as e:
            raise InvalidProgram(f"{s.op} uses undefined {e}")
        op, at = s.op, s.attrs
        if op == "load":
            k = ks.get(at["access"].get("loop_index", "k"), 0)
            offs, mask = access_offsets(at["access"], s.shape, self.p.dims, self.p.scalars, pid, k)
            src = self.mem[at["access"]["buf"]]
            data = np.asarray(src.data)[offs]
            other = const_value(at.get("other", 0), s.dtype, offs.shape)
            out = ref.where(ref.RV(mask, "int1"), ref.RV(data, s.dtype, src.err[offs]), other)
        elif op == "const":
            out = const_value(at["value"], s.dtype, self.shape(s))
        elif op == "iota":
            out = ref.RV(np.array(list(range(self.shape(s)[0])), dtype=object), "int32")
        elif op == "pid":
            out = ref.RV(np.asarray(pid, dtype=object), "int32")
            out.data = np.array(pid, dtype=object)
        elif op == "binary":
            out = ref.binary(at["fn"], args[0], args[1], args[0].dtype)
            if at["fn"] in ("maximum", "minimum") and out.dtype == "bfloat16":
                out.dtype = "float32"  # Triton computes bf16 max / min in fp32
        elif op == "unary":
            out = ref.unary(at["fn"], args[0], args[0].dtype)
        elif op == "fma":
            out = ref.fma(*args, s.dtype)
        elif op == "cast":
            out = ref.cast(args[0], s.dtype)
        elif op == "where":
            out = ref.where(*args)
        elif op == "reduce":
            kind, src = at["kind"], args[0]
            if kind == "sum_max":  # a tuple reduction: (sum of x, max of y), one picked
                kind, src = ("add", args[0]) if at["pick"] == 0 else ("max", args[1])
            axis, rank = at["axis"], len(np.shape(src.data))
            if axis is None:  # every axis: reduce the flattened block
                src = blocks.shape_op("reshape", [src], {}, (int(np.size(src.data)),))
                axis = 0
            out = blocks.reduce(kind, src, axis, s.dtype)
            if at.get("keep_dims"):
                shape = tuple(1 if at["axis"] is None or a == at["axis"] else n
                              for a, n in enumerate(np.shape(args[0].data)))
                out = blocks.shape_op("reshape", [out], {}, shape)
        elif op == "scan":
            out = blocks.scan(at["kind"], args[0], at["axis"], at.get("reverse", False), s.dtype)
        elif op == "dot":
            out = blocks.dot(args[0], args[1], args[2] if len(args) > 2 else None, s.dtype)
        elif op in ("reshape", "trans", "expand_dims", "broadcast", "split", "join"):
            out = blocks.shape_op(op, args, at, self.shape(s))
        elif op == "store":
            k = ks.get(at["access"].get("loop_index", "k"), 0)
            self.store(s, args[0], pid, k, args[1] if len(args) > 1 else None)
            return
        elif op == "atomic":
            self.atomic(s, args[0], args[1])
            return
        elif op == "loop":
            cur = args[0]
            for i in range(stride_value(at["trips"], self.p.scalars)):
                inner = dict(env)
                inner[at["carried"]] = cur
                self.block(at["body"], inner, pid, dict(ks, **{at.get("index", "k"): i}))
                if at["yield"] not in inner:
                    raise InvalidProgram("loop yields an undefined value")
                cur = inner[at["yield"]]
            out = cur
        elif op == "if":
            taken = self.p.scalars[at["flag"]] > at.get("threshold", 0)
            body, result = ("then_body", "then_yield") if taken else ("else_body", "else_yield")
            inner = self.block(at[body], dict(env), pid, ks)
            if at[result] not in inner:
                raise InvalidProgram("branch yields an undefined value")
            out = inner[at[result]]
        elif op == "return":
            if (pid == self.p.scalars[at["flag"]]) if at.get("kind") == "pid" else self.p.scalars[at["flag"]] > 0:
                raise _EarlyReturn()
            return
        else:
            raise InvalidProgram(f"unknown op {op}")
        if out.dtype != s.dtype:
            raise InvalidProgram(f"{s.out}: {op} gives {out.dtype}, declared {s.dtype}")
        if np.shape(out.data) != self.shape(s):
            raise InvalidProgram(f"{s.out}: {op} gives shape {np.shape(out.data)}, declared {self.shape(s)}")
        env[s.out] = out

    def store(self, s, value, pid, k, data_mask=None):
        offs, mask = access_offsets(s.attrs["access"], s.attrs["value_shape"], self.p.dims,
                                    self.p.scalars, pid, k)
        if data_mask is not None:  # a mask computed from data, besides the bounds
            if data_mask.dtype != "int1" or np.shape(data_mask.data) != offs.shape:
                raise InvalidProgram("store mask must be an int1 block of the value's shape")
            if np.any(data_mask.bad):
                raise OutOfDomain("store mask is unreliable")
            mask = mask & np.asarray(data_mask.data, dtype=bool)
        if np.shape(value.data) != offs.shape:
            raise InvalidProgram("stored value's shape differs from its offsets'")
        buf = self.mem[s.attrs["access"]["buf"]]
        if value.dtype != buf.dtype:
            raise InvalidProgram("stored value's type differs from the buffer's")
        if DTYPES[buf.dtype].is_int:
            buf.data[offs[mask]] = np.asarray(value.data, dtype=object)[mask]
        else:
            buf.data[offs[mask]] = np.asarray(value.data)[mask]
        buf.err[offs[mask]] = value.err[mask]
        buf.bad[offs[mask]] = value.bad[mask]

    def atomic(self, s, values, index):
        buf = self.mem[s.attrs["buf"]]
        if values.dtype != buf.dtype or np.shape(values.data) != np.shape(index.data):
            raise InvalidProgram("atomic operands do not match")
        d = DTYPES[buf.dtype]
        idx = [int(v) for v in np.asarray(index.data, dtype=object).reshape(-1)]
        if any(not 0 <= i < s.attrs["bins"] for i in idx):
            raise OutOfDomain("atomic bin out of range")
        vals = np.asarray(values.data).reshape(-1)
        errs, bads = values.err.reshape(-1), values.bad.reshape(-1)
        ibad = index.bad.reshape(-1)
        for j, i in enumerate(idx):
            v = vals[j]
            if ibad[j]:
                raise OutOfDomain("atomic bin index is unreliable")
            if d.is_int:
                new = int(v) + int(buf.data[i]) if s.attrs["kind"] == "add" else max(int(v), int(buf.data[i]))
                buf.data[i] = wrap_int(np.array([new], dtype=object), buf.dtype)[0]
            elif s.attrs["kind"] == "add":
                exact = float(v) + float(buf.data[i])
                ref._check_finite(np.array([exact]), buf.dtype)
                buf.data[i] = float(round_to(exact, buf.dtype))
                # Other programs may add in another order: every partial sum may round otherwise.
                buf.err[i] += errs[j] + 2 * float(ulp_scale(np.array([abs(exact) + abs(float(v))]), buf.dtype)[0])
            else:
                buf.err[i] = max(buf.err[i], errs[j]) if v >= buf.data[i] - errs[j] - buf.err[i] else buf.err[i]
                buf.data[i] = max(float(v), float(buf.data[i]))
            buf.bad[i] |= bads[j]


def evaluate(program, variant=0):
    """Output buffers as the reference computes them: {name: RV}. Raises InvalidProgram /
    OutOfDomain for programs to skip."""
    mem = Interpreter(program, variant).run()
    return {n: mem[n] for n, spec in program.buffers.items() if spec["role"] != "in"}


def compare(program, expected_by_variant, got_by_variant, limit=8):
    """Mismatches between the reference and the device: a list of readable lines (empty: agree).
    An element marked bad by the reference must only have been written (it does not equal the
    sentinel in both runs, which used different sentinels)."""
    problems = []
    for name, spec in program.buffers.items():
        if spec["role"] == "in":
            continue
        d = DTYPES[spec["dtype"]]
        exp0 = expected_by_variant[0][name]
        got = [np.asarray(got_by_variant[v][name]) for v in (0, 1)]
        unwritten = (got[0] == sentinel(spec["dtype"], 0)) & (got[1] == sentinel(spec["dtype"], 1)) if not d.is_float else \
            (got[0].astype(np.float64) == sentinel(spec["dtype"], 0)) & (got[1].astype(np.float64) == sentinel(spec["dtype"], 1))
        for variant in (0, 1):
            e = expected_by_variant[variant][name]
            g = got[variant]
            if d.is_float:
                gv = g.astype(np.float64)
                with np.errstate(invalid="ignore"):
                    ok = np.abs(gv - e.data) <= e.err
                ok = ok | (e.bad & ~unwritten)
            else:
                gv = np.array([int(v) for v in g.reshape(-1)], dtype=object)
                ok = np.array([int(a) == int(b) for a, b in zip(gv, np.asarray(e.data).reshape(-1))], dtype=bool)
                ok = ok | (e.bad & ~unwritten)
            for i in np.flatnonzero(~ok)[:limit]:
                problems.append(f"{name}[{i}] (run {variant}): got {gv[i]!r}, expected {e.data[i]!r}"
                                f" (+-{e.err[i]:.3g}){' (sentinel: unwritten)' if unwritten[i] else ''}")
            if (~ok).sum() > limit:
                problems.append(f"{name}: {(~ok).sum()} of {ok.size} elements differ (run {variant})")
            if problems:
                break
    return problems
