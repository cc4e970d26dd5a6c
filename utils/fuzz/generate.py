"""The rest of the generator: tl.dot with epilogues, atomics, loops, branches, early returns,
shape ops, the stores, and `generate_program`, which puts a whole program together."""
from .dtypes import DTYPES
from .generator import DOT_TYPES, FEATURES, Generator  # noqa: F401 (FEATURES: the CLI's list)
from .known_bugs import excluded
from .program import Program, Stmt


class ProgramGenerator(Generator):
    def op_broadcast(self):
        a = self.pick(lambda v: len(v[2]) == 1)
        if a is None:
            return
        other = [d for d in ("M", "N") if d != a[2][0]] or ["M"]
        axis = self.rng.randrange(2)
        shape = (other[0], a[2][0]) if axis == 0 else (a[2][0], other[0])
        return self.emit("broadcast", [a[0]], a[1], shape, axis=axis)

    def op_dot(self):
        if "K" not in self.dims:
            return
        dtype = self.rng.choice([d for d in DOT_TYPES if d in self.dtypes] or ["float32"])
        rank = 3 if self.rng.random() < 0.25 else 2
        if excluded("dot", dtype=dtype, rank=rank):
            return
        lead = ("L",) if rank == 3 else ()
        a = self.load(dtype, lead + ("M", "K"))
        b = self.load(dtype, lead + ("K", "N"))
        if self.rng.random() < 0.3:  # an elementwise prologue on an operand
            a = self.emit("binary", [a, a], dtype, lead + ("M", "K"), fn="add")
        out_dtype = {"int8": "int32", "float64": "float64"}.get(dtype, "float32")
        args = [a, b]
        if self.rng.random() < 0.4:
            args.append(self.fit(self.pick(lambda v: v[1] != "int1"), out_dtype, lead + ("M", "N")))
        c = self.emit("dot", args, out_dtype, lead + ("M", "N"), ieee=dtype in ("float32", "float64"))
        shape = lead + ("M", "N")
        # Epilogue: a broadcast row or column vector, a matrix, an activation.
        for _ in range(self.rng.randint(0, 2)):
            kind = self.rng.choice(["row", "col", "matrix", "relu", "scale"])
            if kind in ("row", "col") and rank == 2:
                vec = self.load(out_dtype, ("N",) if kind == "row" else ("M",))
                vec = self.emit("broadcast", [vec], out_dtype, shape, axis=0 if kind == "row" else 1)
                c = self.emit("binary", [c, vec], out_dtype, shape, fn="add")
            elif kind == "matrix":
                c = self.emit("binary", [c, self.load(out_dtype, shape)], out_dtype, shape, fn="add")
            elif kind == "relu":
                c = self.emit("binary", [c, self.const(0, out_dtype, shape)], out_dtype, shape, fn="maximum")
            else:
                c = self.emit("binary", [c, self.const(3, out_dtype, shape)], out_dtype, shape, fn="mul")

    def op_atomic(self):
        kind = self.rng.choice(["add", "max"])
        dtype = self.rng.choice(["int32", "int64", "uint32", "float32"])
        if excluded("atomic", kind=kind, dtype=dtype):
            return
        a = self.pick(lambda v: len(v[2]) >= 1 and v[1] != "int1")
        if a is None:
            return
        shape = a[2]
        vals = self.cast(a, dtype)
        bins = self.rng.choice([1, 2, 4])
        if self.rng.random() < 0.5 or len(shape) != 1:
            src = self.pick(lambda v: v[2] == shape and DTYPES[v[1]].is_int)
            idx = self.cast(src, "int32") if src else self.load("int32", shape)
        else:
            idx = self.emit("iota", [], "int32", shape)
        idx = self.emit("binary", [idx, self.const(bins - 1, "int32", shape)], "int32", shape, fn="and")
        buf = self.name("acc")
        self.buffers[buf] = {"dtype": dtype, "role": "atomic"}
        self.out.append(Stmt("atomic", None, [vals, idx], {"kind": kind, "buf": buf, "bins": bins}))

    def body(self, ops):
        """Runs op builders into a fresh statement list; returns it (the pool keeps only what
        was visible before, plus nothing from inside)."""
        saved_out, saved_pool = self.out, list(self.pool)
        self.out = []
        self.depth += 1
        for _ in range(ops):
            self.random_op(inside=True)
        body = self.out
        self.out, self.depth = saved_out, self.depth - 1
        inner_pool, self.pool = self.pool, saved_pool
        return body, inner_pool

    def op_loop(self):
        a = self.pick(lambda v: len(v[2]) >= 1 and v[1] != "int1")
        if a is None or excluded("loop"):
            return
        init, dtype, shape = a
        carried = self.name("c")
        trips = self.rng.choice([1, 2, 3, self.scalar(self.rng.randint(0, 4), "trips")])
        saved_out, saved_pool, saved_index = self.out, list(self.pool), getattr(self, "loop_index", None)
        self.out, self.depth = [], self.depth + 1
        self.loop_index = index = self.name("k")
        self.pool.append((carried, dtype, shape))
        if self.has("dot") and len(shape) == 2 and dtype == "float32" and shape == ("M", "N") and "K" in self.dims and self.rng.random() < 0.5:
            # The classic K loop: acc = tl.dot(a_k, b_k, acc).
            x = self.load("float16", ("M", "K"), loop=True)
            y = self.load("float16", ("K", "N"), loop=True)
            result = self.emit("dot", [x, y, carried], "float32", shape)
        else:
            loaded = self.load(dtype, shape, loop=True)
            for _ in range(self.rng.randint(0, 2)):
                self.random_op(inside=True)
            last = self.pick(lambda v: v[2] == shape and v[1] != "int1") or (loaded, dtype, shape)
            fn = self.rng.choice(["add", "maximum", "minimum"] + (["xor"] if DTYPES[dtype].is_int else []))
            if fn in ("maximum", "minimum"):
                result = self.cast((self.minmax(carried, self.cast(last, dtype), dtype, shape, fn),
                                    "float32" if dtype == "bfloat16" else dtype, shape), dtype)
            else:
                result = self.emit("binary", [carried, self.cast(last, dtype)], dtype, shape, fn=fn)
        if self.rng.random() < 0.3:  # a store in the loop body: one region per iteration
            self.store((result, dtype, shape), loop_trips=4)
        body = self.out
        self.out, self.pool, self.depth = saved_out, saved_pool, self.depth - 1
        self.loop_index = saved_index
        kinds = ["for", "for", "while"] + (["static"] if isinstance(trips, int) else [])
        kind = self.rng.choice([k for k in kinds if not excluded("loop", kind=k)])
        self.emit("loop", [init], dtype, shape, trips=trips, carried=carried, body=body, kind=kind,
                  index=index, **{"yield": result})

    def op_branch(self):
        a = self.pick(lambda v: v[1] != "int1")
        if a is None or excluded("branch"):
            return
        name, dtype, shape = a
        flag = self.scalar(self.rng.choice([-1, 1]), "flag")
        arms = {}
        for arm in ("then", "else"):
            body, pool = self.body(self.rng.randint(0, 2))
            saved_out, saved_pool = self.out, self.pool
            self.out, self.pool = body, pool
            cand = self.pick(lambda v: v[2] == shape and v[1] != "int1") or a
            result = self.cast(cand, dtype)
            self.out, self.pool = saved_out, saved_pool
            arms[arm] = (body, result)
        self.emit("if", [], dtype, shape, flag=flag, then_body=arms["then"][0], then_yield=arms["then"][1],
                  else_body=arms["else"][0], else_yield=arms["else"][1])

    def op_return(self):
        if self.depth or excluded("return"):
            return
        if self.rng.random() < 0.5:
            flag = self.scalar(self.rng.randint(-1, self.grid - 1), "retpid")
            self.out.append(Stmt("return", None, [], {"kind": "pid", "flag": flag}))
        else:
            flag = self.scalar(self.rng.choice([0, 0, 1]), "retflag")
            self.out.append(Stmt("return", None, [], {"kind": "flag", "flag": flag}))

    def op_shape(self):
        a = self.pick(lambda v: len(v[2]) >= 1)
        if a is None:
            return
        name, dtype, shape = a
        kinds = ["expand_dims", "join"]
        if len(shape) == 2:
            kinds += ["trans", "reshape_flat", "reshape_swap", "split"]
        if len(shape) == 3:
            kinds += ["permute", "reshape_flat"]
        if shape and shape[-1] == 2:
            kinds += ["split_last"]
        kind = self.rng.choice(kinds)
        if excluded("shape", kind=kind):
            return
        if kind == "expand_dims":
            axis = self.rng.randrange(len(shape) + 1)
            if len(shape) >= 3:
                return
            return self.emit("expand_dims", [name], dtype, shape[:axis] + (1,) + shape[axis:], axis=axis)
        if kind == "join":
            if len(shape) >= 3:
                return
            b = self.fit(self.pick(lambda v: v[1] != "int1"), dtype, shape) if dtype != "int1" else name
            return self.emit("join", [name, b], dtype, shape + (2,))
        if kind == "trans":
            return self.emit("trans", [name], dtype, (shape[1], shape[0]))
        if kind == "permute":
            perm = self.rng.choice([(1, 0, 2), (2, 0, 1), (0, 2, 1), (2, 1, 0), (1, 2, 0)])
            return self.emit("trans", [name], dtype, tuple(shape[p] for p in perm), perm=list(perm),
                             spelling=self.rng.choice(["trans", "permute"]))
        if kind == "reshape_flat":
            return self.emit("reshape", [name], dtype, ("*".join(str(d) for d in shape),))
        if kind == "reshape_swap":
            return self.emit("reshape", [name], dtype, (shape[1], shape[0]))
        if kind == "split":  # (R, C) -> (R, C/2, 2) -> one half
            if self.dimval(shape[1]) < 2:
                return
            mid = self.emit("reshape", [name], dtype, (shape[0], f"{shape[1]}/2", 2))
            return self.emit("split", [mid], dtype, (shape[0], f"{shape[1]}/2"), half=self.rng.randrange(2))
        if kind == "split_last":
            return self.emit("split", [name], dtype, shape[:-1], half=self.rng.randrange(2))

    def op_pid(self):
        """The program id as a value (a scalar, broadcast where used)."""
        self.emit("pid", [], "int32", ())

    def op_data_mask(self):
        """A comparison kept as a mask for a later store."""
        a = self.pick(lambda v: v[1] != "int1" and len(v[2]) >= 1)
        if a is not None:
            zero = self.const(0, a[1], a[2])
            self.emit("binary", [a[0], zero], "int1", a[2], fn=self.rng.choice(["gt", "ne", "le"]))

    OPS = [("elementwise", "op_pid", 0.3), ("mask", "op_data_mask", 0.7), ("elementwise", "op_binary", 6), ("elementwise", "op_compare_where", 2),
           ("elementwise", "op_unary", 3), ("math", "op_fma", 1), ("cast", "op_cast", 2),
           ("broadcast", "op_broadcast", 1), ("reduce", "op_reduce", 2), ("scan", "op_scan", 2),
           ("dot", "op_dot", 2), ("atomic", "op_atomic", 1), ("loop", "op_loop", 1),
           ("branch", "op_branch", 1), ("return", "op_return", 1), ("shape", "op_shape", 2)]

    def random_op(self, inside=False):
        # Inside a loop or a branch: no dot (its K dims), no early return (Triton allows it
        # at the top level only); branches and atomics one level deep.
        banned = ("op_return", "op_dot") + (("op_loop", "op_branch", "op_atomic") if self.depth > 1 else ())
        ops = [(m, w) for f, m, w in self.OPS if self.has(f) and not (inside and m in banned)]
        method = self.rng.choices([m for m, _ in ops], [w for _, w in ops])[0]
        getattr(self, method)()

    def store(self, v, loop_trips=None):
        """Store v to a fresh output buffer; inside a loop (loop_trips: the most iterations)
        each iteration writes its own region."""
        name, dtype, shape = v
        if dtype == "int1":
            name = self.cast(v, "int8")
            dtype = "int8"
        buf = self.name("out")
        self.buffers[buf] = {"dtype": dtype, "role": "out"}
        acc = self.access(shape, for_store=True) if shape else {
            "strides": [], "pid_stride": 1, "bounds": None, "extent": 1}
        if loop_trips:
            acc["loop_stride"] = acc["extent"]
            acc["loop_index"] = self.loop_index
            acc["pid_stride"] = self.scalar(acc["extent"] * loop_trips, "pstride")
        acc["buf"] = buf
        args = [name]
        masks = [m for m in self.pool if m[1] == "int1" and m[2] == tuple(shape)]
        if self.has("mask") and shape and masks and self.rng.random() < 0.5:
            args.append(self.rng.choice(masks)[0])
        self.out.append(Stmt("store", None, args, {"access": acc, "value_shape": tuple(shape)}))

    def generate(self):
        rng = self.rng
        dot = self.has("dot") and rng.random() < 0.3
        small = [2, 4, 8, 16] + ([32, 64] if rng.random() < 0.2 else [])
        self.dims = {"M": rng.choice([16, 32] if dot else small), "N": rng.choice([16, 32] if dot else small)}
        if dot:
            self.dims.update(K=rng.choice([16, 32]), L=2)
        self.grid = rng.choice([1, 1, 2, 3])
        n_types = rng.choice([1, 1, 2])
        self.program_dtypes = rng.sample(self.dtypes, min(n_types, len(self.dtypes)))
        for _ in range(rng.randint(1, 3)):
            shape = rng.choice([("M", "N"), ("M", "N"), ("M",), ("N",), ("M", "N"), ()])
            self.load(self.value_dtype(), shape)
        if dot:
            self.op_dot()
        for _ in range(rng.randint(2, 10)):
            self.random_op()
        used = {a for s in self._all() for a in s.args} | {s.attrs.get("yield") for s in self._all()}
        leaves = [v for v in self.pool if v[0] not in used and not v[0].startswith("c")]
        rng.shuffle(leaves)
        for v in leaves[:6]:
            self.store(v)
        if not leaves:
            self.store(self.pool[-1])
        return Program(seed=self.seed, dims=self.dims, grid=self.grid, buffers=self.buffers,
                       scalars=self.scalars, stmts=self.out, data_seed=self.seed,
                       num_warps=rng.choice([1, 2, 4, 4, 8]), features=sorted(self.features))

    def _all(self):
        from .program import walk
        return list(walk(self.out))


def generate_program(seed, features=None, dtypes=None):
    return ProgramGenerator(seed, features, dtypes).generate()
