"""The TTIR corpus (test/Dialect/Triton/Corpus) is reproducible from utils/ttir_corpus and keeps
covering the Triton 3.6.0 TTIR op set.  Needs the triton==3.6.0 wheel, no GPU; ~3 s."""
import collections
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GENERATOR = REPO / "utils" / "generate_ttir_corpus.py"
CORPUS = REPO / "test" / "Dialect" / "Triton" / "Corpus"

# Every op the tt dialect registers in the triton 3.6.0 wheel (50; found by parsing
# '"tt.<name>"() : () -> ()' for each tt.* string in libtriton.so and keeping the names
# that fail verification rather than "unregistered operation").  All must stay covered.
TT_OPS_3_6 = """
addptr advance assert atomic_cas atomic_rmw bitcast broadcast call cat clampf descriptor_gather
descriptor_load descriptor_reduce descriptor_scatter descriptor_store dot dot_scaled
elementwise_inline_asm expand_dims extern_elementwise fp_to_fp func gather get_num_programs
get_program_id histogram int_to_ptr join load make_range make_tensor_descriptor make_tensor_ptr
map_elementwise map_elementwise.return mulhiui precise_divf precise_sqrt print ptr_to_int reduce
reduce.return reshape return scan scan.return splat split store trans unsplat
"""
REQUIRED_TT = {"tt." + op for op in TT_OPS_3_6.split()}

# Non-tt ops the frontend emits for the tl features the corpus is meant to exercise.
REQUIRED_OTHER = set("""
arith.divsi arith.divui arith.remsi arith.remui arith.remf arith.shrsi arith.shrui arith.shli
arith.minsi arith.maxsi arith.minui arith.maxui arith.minnumf arith.maxnumf arith.minimumf arith.maximumf
arith.extf arith.truncf arith.extsi arith.extui arith.trunci arith.sitofp arith.uitofp arith.fptosi
arith.fptoui arith.select arith.cmpf arith.cmpi arith.xori arith.ori arith.andi
math.exp math.exp2 math.log math.log2 math.sin math.cos math.rsqrt math.sqrt math.absf math.absi
math.floor math.ceil math.erf math.fma
scf.for scf.while scf.condition scf.if scf.yield cf.br cf.cond_br gpu.barrier llvm.intr.assume
""".split())

# An op name at the start of a statement, custom ("tt.load %x") or generic ("\"tt.reduce\"(").
OP_RE = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([a-z_]+\.[a-z_][a-z_0-9.]*)"?(?:[\s(<{]|$)')


def _load_generator():
    spec = importlib.util.spec_from_file_location("generate_ttir_corpus", GENERATOR)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _ops_by_file():
    ops = {}
    for path in sorted((CORPUS / "Inputs").glob("*.nodebug.mlir")):
        found = collections.Counter()
        for line in path.read_text().splitlines():
            m = OP_RE.match(line)
            if m:
                found[m.group(1)] += 1
        ops[path.name[:-len(".nodebug.mlir")]] = found
    return ops


def test_corpus_is_reproducible():
    # Regenerating writes nothing: the committed files match the kernels and the wheel.
    res = subprocess.run([sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, f"corpus is stale; run {GENERATOR.relative_to(REPO)}\n{res.stdout}{res.stderr}"
    assert "failed: 0" in res.stdout


@pytest.fixture(scope="module")
def registry():
    return _load_generator().load_registry()


def test_every_kernel_has_files_and_a_kernel_func(registry):
    names = [e["name"] for e in registry]
    assert len(names) == len(set(names))
    for e in registry:
        name = e["name"]
        text = (CORPUS / f"{name}.mlir").read_text()
        assert text.startswith("// RUN: triton-spirv-opt %s --mlir-print-debuginfo"), name
        assert f"tt.func public @{e['fn'].__name__}(" in text, name
        nodebug = (CORPUS / "Inputs" / f"{name}.nodebug.mlir").read_text()
        assert "tt.func public" in nodebug and " loc(" not in nodebug, name
        # Locations are machine-independent.
        assert 'loc("/' not in text and str(REPO) not in text, name


def test_single_kernel_compiles_in_process(registry):
    # The in-process path (used by --only) yields the same text as the committed file.
    gen = _load_generator()
    entry = next(e for e in gen.load_registry() if e["name"] == "vector_add")
    files = gen.render(entry)
    assert files["vector_add.mlir"] == (CORPUS / "vector_add.mlir").read_text()


def test_tt_op_coverage():
    seen = set().union(*_ops_by_file().values())
    tt_seen = {op for op in seen if op.startswith("tt.")}
    missing = sorted(REQUIRED_TT - tt_seen)
    assert not missing, f"corpus no longer covers: {missing}"
    # A tt op outside the 3.6.0 list means the wheel changed; update TT_OPS_3_6.
    assert not sorted(tt_seen - REQUIRED_TT)


def test_other_dialect_op_coverage():
    seen = set().union(*_ops_by_file().values())
    missing = sorted(REQUIRED_OTHER - seen)
    assert not missing, f"corpus no longer covers: {missing}"


def test_expected_triton_version():
    # utils/test-triton-versions.sh names the release each venv must hold.
    import triton
    expected = __import__("os").environ.get("TRITON_SPIRV_EXPECT_TRITON")
    if not expected:
        pytest.skip("TRITON_SPIRV_EXPECT_TRITON not set (only the per-version runs set it)")
    assert triton.__version__ == expected


def _opt_tool():
    import shutil
    built = REPO / "build" / "bin" / "triton-spirv-opt"
    return str(built) if built.exists() else shutil.which("triton-spirv-opt")


def test_corpus_round_trips_under_installed_triton(tmp_path):
    # Whatever Triton release is installed (3.6.0-3.9.0), the TTIR its frontend
    # emits for every corpus kernel parses in our tt dialect and prints back
    # exactly, with and without locations.
    opt = _opt_tool()
    assert opt, "triton-spirv-opt not found"
    res = subprocess.run([sys.executable, str(GENERATOR), "--out-dir", str(tmp_path)],
                         capture_output=True, text=True, timeout=600)
    assert "failed: 0" in res.stdout, res.stdout + res.stderr
    files = sorted(tmp_path.glob("*.mlir"))
    assert len(files) >= 40
    mismatched = []
    for path in files:
        text = path.read_text()
        body = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("// RUN:"))
        printed = subprocess.run([opt, str(path), "--mlir-print-debuginfo", "--mlir-use-nameloc-as-prefix"],
                                 capture_output=True, text=True)
        nodebug = subprocess.run([opt, str(path)], capture_output=True, text=True)
        expected_nodebug = (tmp_path / "Inputs" / f"{path.stem}.nodebug.mlir").read_text()
        if printed.returncode or printed.stdout != body:
            mismatched.append(f"{path.name} (with locations): {printed.stderr[:500]}")
        elif nodebug.returncode or nodebug.stdout != expected_nodebug:
            mismatched.append(f"{path.name} (without locations): {nodebug.stderr[:500]}")
    assert not mismatched, "\n".join(mismatched)
