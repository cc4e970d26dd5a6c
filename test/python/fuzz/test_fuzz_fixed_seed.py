"""The differential fuzzer (utils/fuzz, docs/fuzzing.md): a fixed-seed batch of random programs
must agree with the numpy reference on the backend, and the fuzzer's own parts (generator
determinism, reference semantics, finding and reducing a disagreement) must work."""
import os
import sys
import time

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", ".."))

from utils.fuzz.check import FINDINGS, Outcome, check, reference  # noqa: E402
from utils.fuzz.dtypes import to_storage  # noqa: E402
from utils.fuzz.emit import kernel_source  # noqa: E402
from utils.fuzz.evaluate import evaluate  # noqa: E402
from utils.fuzz.generate import generate_program  # noqa: E402
from utils.fuzz.program import Program, Stmt, walk  # noqa: E402
from utils.fuzz.reduce import reduce_program  # noqa: E402
from utils.fuzz.repro import script  # noqa: E402

# The CI batch: program seeds FIXED_SEED * 100000 + i for i < FIXED_COUNT (as
# `python3 utils/fuzz/fuzz.py --seed 7 --count FIXED_COUNT`). Sized to finish in under 4
# minutes on a 2-core machine with lavapipe.
FIXED_SEED = 7
FIXED_COUNT = int(os.environ.get("FUZZ_FIXED_COUNT", "80"))


def test_generator_is_deterministic_per_seed():
    for seed in (1, 2, 12345):
        a, b = generate_program(seed), generate_program(seed)
        assert a.to_json() == b.to_json()
        assert kernel_source(a) == kernel_source(b)
    assert generate_program(1).to_json() != generate_program(2).to_json()


def _access(buf, n):
    return {"buf": buf, "strides": [1], "pid_stride": n, "bounds": None}


def _tiny_program(dtype, fn, a_values, b_values):
    """out = a fn b over one block of len(a_values) elements; inputs given explicitly."""
    n = len(a_values)
    stmts = [Stmt("load", "a", [], {"access": _access("x", n)}, dtype, ("B",)),
             Stmt("load", "b", [], {"access": _access("y", n)}, dtype, ("B",)),
             Stmt("binary", "c", ["a", "b"], {"fn": fn}, dtype, ("B",)),
             Stmt("store", None, ["c"], {"access": _access("out", n), "value_shape": ("B",)})]
    p = Program(seed=0, dims={"B": n}, grid=1, buffers={
        "x": {"dtype": dtype, "role": "in"}, "y": {"dtype": dtype, "role": "in"},
        "out": {"dtype": dtype, "role": "out"}}, scalars={}, stmts=stmts)
    return p, {"x": a_values, "y": b_values}


def _evaluate_with_inputs(p, inputs):
    import utils.fuzz.evaluate as ev
    original = ev.input_data
    ev.input_data = lambda program, name, size: np.array(
        inputs[name] + [0] * (size - len(inputs[name])),
        dtype=object if not isinstance(inputs[name][0], float) else np.float64)
    try:
        return evaluate(p)["out"]
    finally:
        ev.input_data = original


def test_reference_integer_semantics():
    # int8 wraps; integer // and % truncate toward zero (C semantics, as arith.divsi / remsi);
    # uint8 wraps modulo 256; shifts of signed values are arithmetic.
    assert list(_evaluate_with_inputs(*_tiny_program("int8", "add", [100, -128], [100, -1])).data) == [-56, 127]
    assert list(_evaluate_with_inputs(*_tiny_program("int32", "div", [-7, 7], [2, -2])).data) == [-3, -3]
    assert list(_evaluate_with_inputs(*_tiny_program("int32", "mod", [-7, 7], [2, -2])).data) == [-1, 1]
    assert list(_evaluate_with_inputs(*_tiny_program("uint8", "sub", [1, 0], [2, 255])).data) == [255, 1]
    assert list(_evaluate_with_inputs(*_tiny_program("int16", "shr", [-8, 8], [1, 2])).data) == [-4, 2]
    assert list(_evaluate_with_inputs(*_tiny_program("int64", "mul", [2 ** 62, 3], [4, -5])).data) == [0, -15]


def test_reference_float_rounding_and_tolerance():
    # fp16: 2049 is not representable (rounds to even: 2048); exact ops get zero tolerance.
    out = _evaluate_with_inputs(*_tiny_program("float16", "add", [2048.0, 0.5], [1.0, 0.25]))
    assert list(out.data) == [2048.0, 0.75] and list(out.err) == [0.0, 0.0]
    out = _evaluate_with_inputs(*_tiny_program("bfloat16", "add", [256.0, 1.0], [1.0, 1.0]))
    assert list(out.data) == [256.0, 2.0]
    # Division is approximate on Vulkan: a tolerance of a few ulp.
    out = _evaluate_with_inputs(*_tiny_program("float32", "div", [1.0], [3.0]))
    assert abs(out.data[0] - 1 / 3) < 1e-7 and 0 < out.err[0] < 1e-5


def test_reference_custom_reduction_of_one_element_is_the_element():
    # Triton never calls a combiner on a lone element (Triton's interpreter agrees): a
    # max-of-absolute-values reduction over an axis of one keeps the sign (seed 7400795).
    from utils.fuzz.reference import RV
    from utils.fuzz.reference_blocks import reduce as reduce_block
    x = RV(np.array([[-2.75, 3.0]]), "float32", np.zeros((1, 2)), np.zeros((1, 2), dtype=bool))
    assert list(reduce_block("maxabs", x, 0, "float32").data) == [-2.75, 3.0]
    assert list(reduce_block("maxabs", x, 1, "float32").data) == [3.0]


def _fake_backend(program, bug):
    """Device results computed by the reference from a mutated copy of the program, so the
    'backend' has a planted bug wherever `bug(stmt)` rewrites a statement."""
    broken = program.clone()
    for s in walk(broken.stmts):
        bug(s)
    results = {}
    for variant in (0, 1):
        outs = evaluate(broken, variant)
        results[variant] = {n: to_storage(rv.data, program.buffers[n]["dtype"]) for n, rv in outs.items()}
    return results


def _mul_becomes_add(s):
    if s.op == "binary" and s.attrs.get("fn") == "mul":
        s.attrs["fn"] = "add"


def _program_with_observable_mul():
    for seed in range(1000, 1200):
        p = generate_program(seed, features=["elementwise", "broadcast", "reduce", "shape"],
                            dtypes=["int32"])
        if any(s.op == "binary" and s.attrs.get("fn") == "mul" for s in walk(p.stmts)):
            expected, why_not = reference(p)
            if why_not is None and check(p, None, _fake_backend(p, _mul_becomes_add)).kind == "mismatch":
                return p
    pytest.fail("no generated program shows the planted bug")


def test_planted_wrong_result_is_found_and_reduced(tmp_path):
    p = _program_with_observable_mul()
    outcome = check(p, None, _fake_backend(p, _mul_becomes_add))
    assert outcome.kind == "mismatch"
    assert check(p, None, _fake_backend(p, lambda s: None)).kind == "pass"
    reduced, final, runs = reduce_program(
        p, lambda q: check(q, None, _fake_backend(q, _mul_becomes_add)), outcome.signature, max_runs=400)
    assert final is not None and final.kind == "mismatch"
    stmts = list(walk(reduced.stmts))
    assert len(stmts) < len(list(walk(p.stmts)))
    assert len(stmts) <= 6, kernel_source(reduced)
    assert any(s.op == "binary" and s.attrs["fn"] == "mul" for s in stmts)
    text = script(reduced, final)
    compile(text, "repro.py", "exec")  # a standalone script that at least parses
    assert "def kernel(" in text and "EXPECTED" in text


def test_planted_compile_error_is_reduced():
    p = generate_program(4242)
    trigger = [s for s in walk(p.stmts) if s.op == "store"][-1]

    def crashes(q):
        # A 'backend' that fails to compile any program storing the trigger's buffer.
        if any(s.op == "store" and s.attrs["access"]["buf"] == trigger.attrs["access"]["buf"]
               for s in walk(q.stmts)):
            return Outcome("backend", "error: failed to legalize operation 'x.y'")
        return Outcome("pass")
    reduced, final, _ = reduce_program(p, crashes, crashes(p).signature, max_runs=300)
    assert final.kind == "backend"
    assert len([s for s in walk(reduced.stmts) if s.op == "store"]) == 1


def test_worker_crash_and_hang_are_findings():
    from utils.fuzz.runner import Runner
    r = Runner(timeout=5)
    try:
        p = generate_program(1)
        assert r.run(p, source="import os\nos._exit(3)\n")[0] == "crash"
        assert r.run(p, source="import time\ntime.sleep(60)\n") == ("timeout", 5)
        status, message = r.run(p, source="raise RuntimeError('triton_spirv: boom')\n")
        assert status == "backend" and "boom" in message
    finally:
        r.close()


@pytest.fixture(scope="module")
def runner():
    from utils.fuzz.runner import Runner
    r = Runner(timeout=120)
    yield r
    r.close()


def test_fixed_seed_batch(runner):
    """FIXED_COUNT programs on the backend: every output element must agree with the reference
    (known backend bugs are excluded in utils/fuzz/known_bugs.py)."""
    start = time.time()
    failures, kinds = [], {}
    for i in range(FIXED_COUNT):
        seed = FIXED_SEED * 100000 + i
        outcome = check(generate_program(seed), runner)
        kinds[outcome.kind] = kinds.get(outcome.kind, 0) + 1
        if outcome.kind in FINDINGS or outcome.kind == "invalid":
            failures.append(f"seed {seed}: {outcome.kind}: {outcome.detail[:600]}")
    print(f"{FIXED_COUNT} programs in {time.time() - start:.0f} s: {kinds}")
    assert not failures, "\n".join(failures)
    assert kinds.get("pass", 0) >= FIXED_COUNT * 0.8
