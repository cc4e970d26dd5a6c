"""Prints a Program as Triton source: one @triton.jit kernel (plus the combine functions it uses),
and a standalone repro script around it."""
from .dtypes import DTYPES
from .program import dim_code, walk

BINARY_SYMBOLS = {"add": "+", "sub": "-", "mul": "*", "mod": "%", "and": "&", "or": "|",
                  "xor": "^", "shl": "<<", "shr": ">>", "lt": "<", "le": "<=", "gt": ">",
                  "ge": ">=", "eq": "==", "ne": "!="}
UNARY_CALLS = {"abs": "tl.abs", "exp": "tl.exp", "log": "tl.log", "sqrt": "tl.sqrt",
               "sin": "tl.sin", "cos": "tl.cos", "floor": "tl.floor", "ceil": "tl.ceil",
               "exp2": "tl.exp2", "log2": "tl.log2", "rsqrt": "tl.rsqrt"}
COMBINER_SOURCE = {
    "xor": "def _combine_xor(a, b):\n    return a ^ b\n",
    "or": "def _combine_or(a, b):\n    return a | b\n",
    "and": "def _combine_and(a, b):\n    return a & b\n",
    "prod": "def _combine_prod(a, b):\n    return a * b\n",
    "max": "def _combine_max(a, b):\n    return tl.maximum(a, b)\n",
    "min": "def _combine_min(a, b):\n    return tl.minimum(a, b)\n",
    "add": "def _combine_add(a, b):\n    return a + b\n",
    "maxabs": "def _combine_maxabs(a, b):\n    return tl.maximum(tl.abs(a), tl.abs(b))\n",
    "sum_max": "def _combine_sum_max(a0, a1, b0, b1):\n    return a0 + b0, tl.maximum(a1, b1)\n",
}


def _index(axis, rank):
    """The subscript that puts a 1-D arange on `axis` of a rank-`rank` block."""
    if rank == 1:
        return ""
    return "[" + ", ".join(":" if a == axis else "None" for a in range(rank)) + "]"


def _term(stride):
    return "" if stride == 1 else f" * {stride}"


def offsets_code(access, shape, with_loop=True):
    terms = []
    if access["pid_stride"] != 0:
        terms.append(f"pid * {access['pid_stride']}")
    if "loop_stride" in access and with_loop:
        terms.append(f"{access.get('loop_index', 'k')} * {access['loop_stride']}")
    for axis, (dim, stride) in enumerate(zip(shape, access["strides"])):
        # A zero stride still needs its term: it gives the offsets their shape.
        terms.append(f"tl.arange(0, {dim_code(dim)}){_index(axis, len(shape))}{_term(stride)}")
    return " + ".join(terms) or "0"


def mask_code(access, shape):
    bounds = access.get("bounds") or []
    parts = [f"(tl.arange(0, {dim_code(dim)}){_index(axis, len(shape))} < {b})"
             for axis, (dim, b) in enumerate(zip(shape, bounds)) if b is not None]
    return " & ".join(parts) if parts else None


def shape_code(shape):
    return "(" + "".join(f"{dim_code(d)}, " for d in shape).rstrip(" ") + ")"


def literal(value, dtype):
    if DTYPES[dtype].is_float:
        return repr(float(value))
    return repr(int(value))


def stmt_lines(s):
    at, a = s.attrs, s.args
    op = s.op
    if op == "load":
        acc = at["access"]
        mask = mask_code(acc, s.shape)
        extra = f", mask={mask}, other={literal(at.get('other', 0), s.dtype)}" if mask else ""
        if at.get("walk") and "loop_stride" in acc:  # a pointer tensor the loop advances
            return [f"{s.out} = tl.load(ptr_{s.out}{extra})"]
        return [f"{s.out} = tl.load({acc['buf']} + ({offsets_code(acc, s.shape)}){extra})"]
    if op == "const":
        return [f"{s.out} = tl.full({shape_code(s.shape)}, {literal(at['value'], s.dtype)}, {DTYPES[s.dtype].tl})"]
    if op == "iota":
        return [f"{s.out} = tl.arange(0, {dim_code(s.shape[0])})"]
    if op == "pid":
        return [f"{s.out} = pid"]
    if op == "binary":
        fn = at["fn"]
        if fn in ("maximum", "minimum"):
            return [f"{s.out} = tl.{fn}({a[0]}, {a[1]})"]
        if fn == "div":
            sym = "/" if DTYPES[s.dtype].is_float else "//"
            return [f"{s.out} = {a[0]} {sym} {a[1]}"]
        return [f"{s.out} = {a[0]} {BINARY_SYMBOLS[fn]} {a[1]}"]
    if op == "unary":
        fn = at["fn"]
        if fn == "neg":
            return [f"{s.out} = -{a[0]}"]
        if fn == "not":
            return [f"{s.out} = ~{a[0]}"]
        if fn.startswith("ld_"):
            return [f"{s.out} = libdevice.{fn[3:]}({a[0]})"]
        return [f"{s.out} = {UNARY_CALLS[fn]}({a[0]})"]
    if op == "fma":
        return [f"{s.out} = tl.fma({a[0]}, {a[1]}, {a[2]})"]
    if op == "cast":
        return [f"{s.out} = {a[0]}.to({DTYPES[s.dtype].tl})"]
    if op == "where":
        return [f"{s.out} = tl.where({a[0]}, {a[1]}, {a[2]})"]
    if op == "reduce":
        kind, axis = at["kind"], at["axis"]
        keep = ", keep_dims=True" if at.get("keep_dims") else ""
        if kind == "sum_max":
            # A name of its own: Triton types every variable, across branch arms too.
            names = ("v", "_") if at["pick"] == 0 else ("_", "v")
            names = [s.out if n == "v" else f"_unused_{s.out}" for n in names]
            return [f"{names[0]}, {names[1]} = tl.reduce(({a[0]}, {a[1]}), {axis}, _combine_sum_max{keep})"]
        if kind in ("sum", "max", "min", "argmax", "argmin"):
            return [f"{s.out} = tl.{kind}({a[0]}, axis={axis}{keep}).to({DTYPES[s.dtype].tl})"]
        return [f"{s.out} = tl.reduce({a[0]}, {axis}, _combine_{kind}{keep})"]
    if op == "scan":
        kind, axis, rev = at["kind"], at["axis"], at.get("reverse", False)
        if kind in ("cumsum", "cumprod"):
            return [f"{s.out} = tl.{kind}({a[0]}, axis={axis}, reverse={rev}).to({DTYPES[s.dtype].tl})"]
        return [f"{s.out} = tl.associative_scan({a[0]}, {axis}, _combine_{kind}, reverse={rev})"]
    if op == "dot":
        extra = ", input_precision=\"ieee\"" if at.get("ieee") else ""
        if s.dtype in ("int32", "float64"):  # an accumulator must have out_dtype's type
            extra += f", out_dtype={DTYPES[s.dtype].tl}"
        acc = f", {a[2]}" if len(a) > 2 else ""
        return [f"{s.out} = tl.dot({a[0]}, {a[1]}{acc}{extra}).to({DTYPES[s.dtype].tl})"]
    if op == "reshape":
        return [f"{s.out} = tl.reshape({a[0]}, {shape_code(s.shape)})"]
    if op == "trans":
        if at.get("perm") is None:
            return [f"{s.out} = tl.trans({a[0]})"]
        spelled = "tl.permute" if at.get("spelling") == "permute" else "tl.trans"
        return [f"{s.out} = {spelled}({a[0]}, {tuple(at['perm'])})"]
    if op == "expand_dims":
        return [f"{s.out} = tl.expand_dims({a[0]}, {at['axis']})"]
    if op == "broadcast":
        src = f"tl.expand_dims({a[0]}, {at['axis']})" if "axis" in at else a[0]
        return [f"{s.out} = tl.broadcast_to({src}, {shape_code(s.shape)})"]
    if op == "split":
        names = (s.out, f"_unused_{s.out}") if at["half"] == 0 else (f"_unused_{s.out}", s.out)
        return [f"{names[0]}, {names[1]} = tl.split({a[0]})"]
    if op == "join":
        return [f"{s.out} = tl.join({a[0]}, {a[1]})"]
    if op == "store":
        acc = at["access"]
        mask = mask_code(acc, at["value_shape"])
        if len(a) > 1:  # a mask computed from data
            mask = f"{a[1]} & {mask}" if mask else a[1]
        extra = f", mask={mask}" if mask else ""
        return [f"tl.store({acc['buf']} + ({offsets_code(acc, at['value_shape'])}), {a[0]}{extra})"]
    if op == "atomic":
        return [f"tl.atomic_{at['kind']}({at['buf']} + {a[1]}, {a[0]})"]
    if op == "loop":
        kind, k = at.get("kind", "for"), at.get("index", "k")
        walks = [st for st in at["body"] if st.op == "load" and st.attrs.get("walk")
                 and "loop_stride" in st.attrs["access"]]
        lines = [f"{at['carried']} = {a[0]}"]
        lines += [f"ptr_{st.out} = {st.attrs['access']['buf']} + ({offsets_code(st.attrs['access'], st.shape, False)})"
                  for st in walks]
        if kind == "while":
            lines += [f"{k} = 0", f"while {k} < {at['trips']}:"]
        elif kind == "static":  # unrolled by the front end
            lines += [f"for {k} in tl.static_range(0, {at['trips']}):"]
        else:
            lines += [f"for {k} in range(0, {at['trips']}):"]
        lines += ["    " + line for st in at["body"] for line in stmt_lines_checked(st)]
        lines += [f"    {at['carried']} = {at['yield']}"]
        lines += [f"    ptr_{st.out} += {st.attrs['access']['loop_stride']}" for st in walks]
        if kind == "while":
            lines += [f"    {k} += 1"]
        lines += [f"{s.out} = {at['carried']}"]
        return lines
    if op == "if":
        lines = [f"if {at['flag']} > {at.get('threshold', 0)}:"]
        lines += ["    " + line for st in at["then_body"] for line in stmt_lines_checked(st)]
        lines += [f"    {s.out} = {at['then_yield']}", "else:"]
        lines += ["    " + line for st in at["else_body"] for line in stmt_lines_checked(st)]
        lines += [f"    {s.out} = {at['else_yield']}"]
        return lines
    if op == "return":
        cond = f"pid == {at['flag']}" if at.get("kind") == "pid" else f"{at['flag']} > 0"
        return [f"if {cond}:", "    return"]
    raise ValueError(op)


def stmt_lines_checked(s):
    lines = stmt_lines(s)
    if s.out is not None and s.op != "loop" and s.op != "if":
        # Our type inference must match Triton's: a wrong guess fails at compile time.
        lines.append(f"tl.static_assert({s.out}.dtype == {DTYPES[s.dtype].tl})")
    return lines


def kernel_parameters(program):
    buffers = list(program.buffers)
    scalars = list(program.scalars)
    dims = [f"{d}: tl.constexpr" for d in program.dims]
    return buffers, scalars, buffers + scalars + dims


def kernel_source(program, name="kernel"):
    used = {s.attrs["kind"] for s in walk(program.stmts) if s.op in ("reduce", "scan")}
    lines = ["import triton", "import triton.language as tl"]
    if any(s.op == "unary" and s.attrs["fn"].startswith("ld_") for s in walk(program.stmts)):
        lines.append("from triton.language.extra import libdevice")
    lines += ["", ""]
    for comb in sorted(used & set(COMBINER_SOURCE)):
        lines += ["@triton.jit", COMBINER_SOURCE[comb], ""]
    _, _, params = kernel_parameters(program)
    lines += ["@triton.jit", f"def {name}({', '.join(params)}):", "    pid = tl.program_id(0)"]
    for s in program.stmts:
        lines += ["    " + line for line in stmt_lines_checked(s)]
    return "\n".join(lines) + "\n"
