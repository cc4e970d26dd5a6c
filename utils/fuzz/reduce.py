"""Test-case reducer: greedily applies shrinking rewrites to a failing Program and keeps each one
under which it still fails the same way (same Outcome signature), until none applies."""
import re
import time

from .program import InvalidProgram, Stmt, eval_shape, walk

_TERMINAL = ("store", "atomic", "return")
PLAINER_TYPE = {"float64": "float32", "float16": "float32", "bfloat16": "float32", "int64": "int32",
                "int16": "int32", "int8": "int32", "uint8": "int32", "uint16": "int32",
                "uint32": "int32", "uint64": "int32"}


def _lists(stmts):
    """Every statement list (top level and nested bodies)."""
    yield stmts
    for s in stmts:
        for body in s.bodies():
            yield from _lists(body)


def _uses(stmts):
    used = set()
    for s in walk(stmts):
        used.update(s.args)
        for k in ("yield", "then_yield", "else_yield"):
            if k in s.attrs:
                used.add(s.attrs[k])
    return used


def dead_code_eliminated(program):
    """Drops statements nothing uses, then buffers and scalars nothing refers to."""
    while True:
        used = _uses(program.stmts)
        removed = False
        for lst in _lists(program.stmts):
            keep = [s for s in lst if s.op in _TERMINAL or s.out in used]
            if len(keep) != len(lst):
                lst[:] = keep
                removed = True
        if not removed:
            break
    refs = set()
    for s in walk(program.stmts):
        acc = s.attrs.get("access")
        if acc:
            refs.add(acc["buf"])
            refs.update(str(x) for x in acc["strides"] + [acc["pid_stride"], acc.get("loop_stride", 0)]
                        + list(acc.get("bounds") or []))
        for k in ("buf", "trips", "flag"):
            if k in s.attrs:
                refs.add(str(s.attrs[k]))
    program.buffers = {n: b for n, b in program.buffers.items() if n in refs}
    dims_used = set()
    for s in walk(program.stmts):
        for d in tuple(s.shape) + tuple(s.attrs.get("value_shape", ())):
            dims_used.update(re.findall(r"[A-Za-z_]\w*", str(d)))
    program.dims = {n: v for n, v in program.dims.items() if n in dims_used}
    program.scalars = {n: v for n, v in program.scalars.items() if n in refs}
    return program


def _substitute(program, old, new):
    for s in walk(program.stmts):
        s.args = [new if a == old else a for a in s.args]
        for k in ("yield", "then_yield", "else_yield"):
            if s.attrs.get(k) == old:
                s.attrs[k] = new


def _locate(program, index):
    """The index-th statement of walk() as (its list, position)."""
    flat = list(walk(program.stmts))
    target = flat[index]
    for lst in _lists(program.stmts):
        for pos, s in enumerate(lst):
            if s is target:
                return lst, pos
    raise IndexError(index)


def _types(program):
    return {s.out: (s.dtype, tuple(s.shape)) for s in walk(program.stmts) if s.out}


def candidates(program):
    """Smaller variants of `program`, biggest cuts first (each a fresh copy)."""
    n = len(list(walk(program.stmts)))
    # Drop one store / atomic / early return.
    for i in range(n):
        p = program.clone()
        lst, pos = _locate(p, i)
        if lst[pos].op in _TERMINAL:
            del lst[pos]
            yield "drop " + program_stmt(program, i), p
    # Replace a value by one of its operands, by a constant, by a fresh load; loops and
    # branches by one arm.
    types = _types(program)
    for i in range(n):
        s = list(walk(program.stmts))[i]
        if s.out is None or s.op in ("const",):
            continue
        options = []
        if s.op == "loop":
            options.append(("trips=1", lambda st: st.attrs.__setitem__("trips", 1)))
        for a in s.args:
            if types.get(a) == (s.dtype, tuple(s.shape)):
                options.append((f"-> {a}", a))
        for k in ("then_yield", "else_yield"):
            if k in s.attrs and types.get(s.attrs[k]) == (s.dtype, tuple(s.shape)):
                options.append((f"-> {k}", ("arm", k)))
        if s.op != "load":
            options.append(("-> const", ("const", 1 if s.dtype != "int1" else 0)))
            options.append(("-> load", ("load",)))
        for label, opt in options:
            p = program.clone()
            lst, pos = _locate(p, i)
            st = lst[pos]
            if callable(opt):
                opt(st)
            elif isinstance(opt, str):
                _substitute(p, st.out, opt)
            elif opt[0] == "arm":
                body = st.attrs[opt[1].replace("yield", "body")]
                _substitute(p, st.out, st.attrs[opt[1]])
                lst[pos:pos + 1] = body
            elif opt[0] == "const":
                lst[pos] = Stmt("const", st.out, [], {"value": opt[1]}, st.dtype, st.shape)
            else:
                buf = f"in_r{i}"
                p.buffers[buf] = {"dtype": st.dtype, "role": "in", "dist": "small"}
                strides, step = [], 1
                for d in reversed(eval_shape(st.shape, p.dims)):
                    strides.insert(0, step)
                    step *= d
                acc = {"buf": buf, "strides": strides, "pid_stride": 0, "bounds": None}
                lst[pos] = Stmt("load", st.out, [], {"access": acc, "other": 0}, st.dtype, st.shape)
            yield f"{program_stmt(program, i)} {label}", dead_code_eliminated(p)
    # Smaller blocks and grid, simpler accesses, simpler data.
    for d, v in program.dims.items():
        if v > 1:
            p = program.clone()
            p.dims[d] = v // 2
            yield f"{d}={v // 2}", p
    if program.grid > 1:
        p = program.clone()
        p.grid = 1
        yield "grid=1", p
    if program.num_warps > 1:
        p = program.clone()
        p.num_warps = 1
        yield "num_warps=1", p
    for i in range(n):
        s = list(walk(program.stmts))[i]
        acc = s.attrs.get("access")
        if not acc:
            continue
        if acc.get("bounds"):
            p = program.clone()
            _locate(p, i)[0][_locate(p, i)[1]].attrs["access"]["bounds"] = None
            yield f"unmask {acc['buf']}", dead_code_eliminated(p)
        if acc["pid_stride"] not in (0, 1) and s.op == "load":
            p = program.clone()
            _locate(p, i)[0][_locate(p, i)[1]].attrs["access"]["pid_stride"] = 0
            yield f"pid_stride 0 {acc['buf']}", dead_code_eliminated(p)
    # Plainer element types, everywhere at once (the reference rejects inconsistent results).
    used_types = {s.dtype for s in walk(program.stmts) if s.dtype} | {b["dtype"] for b in program.buffers.values()}
    for src in sorted(used_types):
        dst = PLAINER_TYPE.get(src)
        if dst is None:
            continue
        p = program.clone()
        for s in walk(p.stmts):
            if s.dtype == src:
                s.dtype = dst
        for spec in p.buffers.values():
            if spec["dtype"] == src:
                spec["dtype"] = dst
        yield f"{src} -> {dst}", p
    for b, spec in program.buffers.items():
        if spec.get("dist", "small") != "small":
            p = program.clone()
            p.buffers[b]["dist"] = "small"
            yield f"small data {b}", p


def program_stmt(program, i):
    s = list(walk(program.stmts))[i]
    return f"{s.out or s.op}({s.op})"


def validate(program):
    """Raises InvalidProgram for programs Triton would reject (tl.dot under 16, for instance)."""
    for s in walk(program.stmts):
        eval_shape(s.shape, program.dims)
        if s.op == "dot":
            for d in s.shape[-2:]:
                if eval_shape((d,), program.dims)[0] < 16:
                    raise InvalidProgram("tl.dot needs 16 at least")
        if s.op == "loop" and isinstance(s.attrs["trips"], str) and s.attrs["trips"] not in program.scalars:
            raise InvalidProgram("loop trips")
    for s in walk(program.stmts):
        if s.op == "dot":
            for d in ("K",):
                if d in program.dims and program.dims[d] < 16:
                    raise InvalidProgram("tl.dot needs K >= 16")


def reduce_program(program, outcome_of, signature, max_runs=200, max_seconds=900, log=None):
    """Shrinks `program` while outcome_of(candidate).signature == signature. outcome_of runs a
    candidate (reference + backend). Returns (smallest program, its outcome, runs made)."""
    from .check import reference
    current, best_outcome = program, None
    runs, start = 0, time.time()
    progress = True
    while progress and runs < max_runs and time.time() - start < max_seconds:
        progress = False
        for label, cand in candidates(current):
            if runs >= max_runs or time.time() - start >= max_seconds:
                break
            try:
                validate(cand)
            except InvalidProgram:
                continue
            _, why_not = reference(cand)
            if why_not is not None:
                continue
            runs += 1
            outcome = outcome_of(cand)
            if outcome.signature == signature:
                if log:
                    log(f"  reduce: {label}: still {signature} ({len(list(walk(cand.stmts)))} stmts)")
                current, best_outcome, progress = cand, outcome, True
                break
    return current, best_outcome, runs
