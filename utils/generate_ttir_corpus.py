#!/usr/bin/env python3
"""Regenerate the TTIR corpus under test/Dialect/Triton/Corpus from the kernels in
utils/ttir_corpus/kernels_*.py.  Needs the triton==3.6.0 wheel but no GPU: every kernel is
lowered with the CUDA backend's frontend + "ttir" stage for a fixed target (cuda:80).

  python3 utils/generate_ttir_corpus.py            # (re)write every file
  python3 utils/generate_ttir_corpus.py --check    # exit 1 if a committed file is stale
  python3 utils/generate_ttir_corpus.py --only vector_add softmax_rows
"""
import argparse
import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path

# Frontend knobs read TRITON_* variables (e.g. TRITON_F32_DEFAULT changes tt.dot precision);
# drop them all before triton is imported so the output depends on the sources only.
for _k in [k for k in os.environ if k.startswith("TRITON_")]:
    del os.environ[_k]

REPO = Path(__file__).resolve().parent.parent
KERNEL_DIR = REPO / "utils" / "ttir_corpus"
DEFAULT_OUT = REPO / "test" / "Dialect" / "Triton" / "Corpus"
HEADER = ("// RUN: triton-spirv-opt %s --mlir-print-debuginfo --mlir-use-nameloc-as-prefix > %t"
          " && grep -v '^// RUN:' %s | diff - %t\n"
          "// RUN: triton-spirv-opt %s | diff - %S/Inputs/{name}.nodebug.mlir\n")
PIPELINES = ("ttir", "ttir-keep-tensor-ptrs")


def load_registry():
    """Import every kernels_*.py (by absolute path, so locations start with REPO) and return
    the concatenation of their CORPUS lists, checking that names are unique."""
    entries, seen = [], {}
    for path in sorted(KERNEL_DIR.glob("kernels_*.py")):
        spec = importlib.util.spec_from_file_location(f"ttir_corpus_{path.stem}", path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod
        spec.loader.exec_module(mod)
        for e in mod.CORPUS:
            if e["name"] in seen:
                raise SystemExit(f"duplicate corpus name {e['name']!r} in {path.name} and {seen[e['name']]}")
            seen[e["name"]] = path.name
            entries.append(dict(e, source=path.name))
    return entries


def compile_entry(e):
    """Lower one registry entry to TTIR; returns the module (live until its context dies)."""
    from triton.backends.compiler import GPUTarget
    from triton.backends.nvidia.compiler import CUDABackend
    from triton.compiler import ASTSource
    from triton._C.libtriton import ir, passes

    target = GPUTarget("cuda", e.get("arch", 80), 32)
    backend = CUDABackend(target)
    sig = e["signature"]
    names = list(sig)
    # Same attribute the JIT attaches to 16-byte aligned pointers / ints divisible by 16.
    attrs = {(names.index(a), ): [["tt.divisibility", 16]] for a in e.get("divisible", ())}
    src = ASTSource(e["fn"], signature=sig, constexprs=e.get("constexprs", {}), attrs=attrs)
    opts = backend.parse_options(dict(e.get("options", {})))
    ctx = ir.context()
    ir.load_dialects(ctx)
    backend.load_dialects(ctx)
    mod = src.make_ir(target, opts, backend.get_codegen_implementation(opts), backend.get_module_map(), ctx)
    pipeline = e.get("pipeline", "ttir")
    if pipeline == "ttir":
        stages = {}
        backend.add_stages(stages, opts, src.language)
        mod = stages["ttir"](mod, {})
    elif pipeline == "ttir-keep-tensor-ptrs":
        # CUDABackend.make_ttir minus rewrite_tensor_pointer / rewrite_tensor_descriptor_to_pointer,
        # which on cuda:80 would erase make_tensor_ptr/advance/descriptor ops we want to keep.
        pm = ir.pass_manager(mod.context)
        passes.common.add_inliner(pm)
        passes.common.add_canonicalizer(pm)
        passes.ttir.add_combine(pm)
        passes.ttir.add_reorder_broadcast(pm)
        passes.common.add_cse(pm)
        passes.common.add_symbol_dce(pm)
        passes.ttir.add_loop_unroll(pm)
        pm.run(mod, "make_ttir")
    else:
        raise ValueError(f"{e['name']}: unknown pipeline {pipeline!r}, expected one of {PIPELINES}")
    return ctx, mod


# Language features later frontends removed; kernels using them are skipped there.
REMOVED_FEATURES = ("Block pointers have been removed",)


def removed_from_frontend(exc):
    """The removed feature an exception reports, or None."""
    text = str(exc)
    return next((feature for feature in REMOVED_FEATURES if feature in text), None)


def triton_prefixes():
    """Directories containing the triton package, as spelled in co_filename and resolved."""
    import triton
    pkg = os.path.dirname(triton.__file__)
    return sorted({os.path.dirname(pkg), os.path.dirname(os.path.realpath(pkg))}, key=len, reverse=True)


def render(e):
    """Return {relative path: text} for one entry."""
    ctx, mod = compile_entry(e)
    # Locations carry absolute source paths; make them machine-independent: kernels become
    # repo-relative (they are imported through REPO, so the prefix is exact) and inlined
    # triton.language helpers (standard.py, random.py) become "triton/language/...".
    text = str(mod).replace(f'loc("{REPO}/', 'loc("')
    for prefix in triton_prefixes():
        text = text.replace(f'loc("{prefix}/triton/', 'loc("triton/')
    if 'loc("/' in text or str(REPO) in text:
        raise RuntimeError(f"{e['name']}: absolute path left in locations")
    # The printer names SSA values after NameLocs, but scf.for/while block arguments do not
    # print their locations, so a parse + print of str(mod) renames them (%start -> %arg6).
    # Store the fixed point so that "opt --mlir-print-debuginfo" reproduces the file exactly.
    text = reprint(ctx, text)
    if reprint(ctx, text) != text:
        raise RuntimeError(f"{e['name']}: printed TTIR is not a parse/print fixed point")
    name = e["name"]
    files = {
        # triton-spirv-opt (like mlir-opt) ends its output with one more newline.
        f"{name}.mlir": HEADER.format(name=name) + text + "\n",
        f"Inputs/{name}.nodebug.mlir": mod.str_nodebug() + "\n",
    }
    del mod, ctx
    return files


def reprint(ctx, text):
    from triton._C.libtriton import ir
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "m.mlir")
        with open(path, "w") as f:
            f.write(text)
        return str(ir.parse_mlir_module(path, ctx))


def display(path):
    path = Path(path).resolve()
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if any file would change")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="only these corpus entries")
    ap.add_argument("--out-dir", type=Path, default=DEFAULT_OUT, help=f"default: {DEFAULT_OUT.relative_to(REPO)}")
    ap.add_argument("--list", action="store_true", help="print the registered names and exit")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    entries = load_registry()
    if args.list:
        for e in entries:
            print(f"{e['name']:32} {e['source']}")
        return 0
    if args.only:
        unknown = set(args.only) - {e["name"] for e in entries}
        if unknown:
            ap.error(f"unknown corpus names: {', '.join(sorted(unknown))}")
        entries = [e for e in entries if e["name"] in args.only]

    out = args.out_dir
    written, stale, failed, skipped = 0, [], [], []
    for e in entries:
        try:
            files = render(e)
        except Exception as exc:  # report every broken kernel, not just the first
            if removed_from_frontend(exc):
                skipped.append(e["name"])
                print(f"skipped: {e['name']} (this Triton no longer accepts it: {removed_from_frontend(exc)})")
                continue
            failed.append(e["name"])
            print(f"error: {e['name']} ({e['source']}): {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        for rel, text in files.items():
            path = out / rel
            old = path.read_text() if path.exists() else None
            if old == text:
                continue
            if args.check:
                stale.append(display(path))
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
                written += 1
    if args.check and not args.only:
        # Files for kernels that no longer exist are stale too.
        expected = {f"{e['name']}.mlir" for e in entries} | {f"{e['name']}.nodebug.mlir" for e in entries}
        for p in sorted(list(out.glob("*.mlir")) + list(out.glob("Inputs/*.mlir"))):
            if p.name not in expected:
                stale.append(f"{display(p)} (no such kernel)")

    dt = time.perf_counter() - t0
    for s in stale:
        print(f"stale: {s}")
    verb = "checked" if args.check else "generated"
    print(f"ttir corpus: {verb} {len(entries) - len(failed) - len(skipped)}/{len(entries)} kernels in {dt:.2f}s; "
          f"{'stale' if args.check else 'written'}: {len(stale) if args.check else written}; failed: {len(failed)}")
    return 1 if failed or stale else 0


if __name__ == "__main__":
    sys.exit(main())
