#!/usr/bin/env python3
"""Runs Triton's tutorial scripts, unchanged, on the active backend and reports each one.

    python3 utils/run_tutorials.py DIR [--benchmarks [--providers triton] [--points N]]
                                       [--only 01,05] [--timeout S]

DIR holds the tutorials' .py files as Triton ships them (python/tutorials/ of the Triton release
you test with; they are not part of this repository). Each runs in its own process, as
`python3 FILE` would run it. Without --benchmarks, `triton.testing.Mark.run` (the tutorials'
benchmark tables) is replaced by a line saying it was skipped: on lavapipe the tables take hours,
the correctness checks minutes. Tutorial 06 keeps its checks in `test_op`, which this runs
through pytest as well; with a CPU build of torch, torch.cuda.get_device_capability() answers
(0, 0) instead of raising. A run fails on a non-zero exit or a printed "❌" (03 prints its
comparison and exits 0). Exit status 1 when any tutorial failed.

--providers keeps the tables' lines whose provider names contain one of the given words (e.g.
`triton`: on the spirv device the torch lines time FlagGems or the CPU fallback, not comparable
with CUDA's eager); --points keeps at most N of each table's x values, evenly spread, first and
last included, so that a table fits a short run. Both filter the tutorial's own Benchmark objects
when its table runs; the kernels, inputs and timing are the tutorial's. Without pandas and
matplotlib (Triton's table needs both) the table is printed plainly.
"""
import argparse
import os
import pathlib
import subprocess
import sys
import time

# A CPU build of torch raises on torch.cuda.get_device_capability(), which tutorial 06 calls
# while filtering its autotune configurations; there is no CUDA device to describe, so (0, 0).
CPU_TORCH = """
import torch
if not torch.cuda.is_available():
    torch.cuda.get_device_capability = lambda *args, **kwargs: (0, 0)
"""

SKIP_BENCHMARKS = """
import triton.testing
def _skipped_run(self, *args, **kwargs):
    print("benchmark table skipped (utils/run_tutorials.py without --benchmarks)")
triton.testing.Mark.run = _skipped_run
"""


FILTER_BENCHMARKS = """
import os, triton.testing
_providers = [p for p in os.environ.get("TUTORIAL_PROVIDERS", "").split(",") if p]
_points = int(os.environ.get("TUTORIAL_POINTS", "0"))
_original_run = triton.testing.Mark.run
def _filtered_run(self, *args, **kwargs):
    single = isinstance(self.benchmarks, triton.testing.Benchmark)
    for bench in [self.benchmarks] if single else self.benchmarks:
        if _providers:
            keep = [i for i, v in enumerate(bench.line_vals) if any(p in str(v) for p in _providers)]
            bench.line_vals = [bench.line_vals[i] for i in keep]
            bench.line_names = [bench.line_names[i] for i in keep]
            if bench.styles:
                bench.styles = [bench.styles[i] for i in keep]
        if _points and len(bench.x_vals) > _points:
            last = len(bench.x_vals) - 1
            picks = sorted({round(i * last / (_points - 1)) for i in range(_points)})
            bench.x_vals = [bench.x_vals[i] for i in picks]
    return _original_run(self, *args, **kwargs)
triton.testing.Mark.run = _filtered_run
try:
    import matplotlib, pandas  # noqa: F401  Triton's own table and plot
except ImportError:  # a machine without them (the GPU one): the same table, printed plainly
    def _plain_run(self, bench, save_path, show_plots, print_data, **kwargs):
        print(bench.plot_name + ":")
        print(" ".join(f"{n:>14}" for n in list(bench.x_names) + list(bench.line_names)))
        for x in bench.x_vals:
            xs = x if isinstance(x, (list, tuple)) else [x] * len(bench.x_names)
            row = []
            for y in bench.line_vals:
                value = self.fn(**dict(zip(bench.x_names, xs)), **{bench.line_arg: y}, **bench.args, **kwargs)
                row.append(value[0] if isinstance(value, tuple) else value)
            print(" ".join(f"{v:>14}" for v in xs) + " " + " ".join(f"{v:>14.3f}" for v in row), flush=True)
    triton.testing.Mark._run = _plain_run
"""


def run(command, env, timeout, cwd):
    start = time.time()
    try:
        done = subprocess.run(command, env=env, timeout=timeout, cwd=cwd, capture_output=True, text=True)
        return done.returncode, done.stdout + done.stderr, time.time() - start
    except subprocess.TimeoutExpired as expired:
        output = (expired.stdout or b"").decode() + (expired.stderr or b"").decode()
        return 124, output + f"\n(timed out after {timeout} s)", time.time() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--benchmarks", action="store_true", help="also print the tables")
    parser.add_argument("--only", help="comma-separated prefixes, e.g. 01,05")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds per tutorial")
    parser.add_argument("--providers", help="with --benchmarks: comma-separated words; only "
                        "the table lines whose provider contains one")
    parser.add_argument("--points", type=int, default=0,
                        help="with --benchmarks: at most N x values per table")
    args = parser.parse_args()

    files = sorted(args.directory.glob("[0-9][0-9]-*.py"))
    if args.only:
        prefixes = args.only.split(",")
        files = [f for f in files if any(f.name.startswith(p) for p in prefixes)]
    if not files:
        sys.exit(f"run_tutorials: no tutorial files (NN-*.py) in {args.directory}")

    env = dict(os.environ, PYTHONUNBUFFERED="1", MPLBACKEND="Agg")
    prelude_dir = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / "triton_spirv_tutorial_prelude"
    prelude_dir.mkdir(exist_ok=True)
    if (args.providers or args.points) and not args.benchmarks:
        parser.error("--providers and --points filter the tables: they need --benchmarks")
    if args.points == 1:
        parser.error("--points needs at least 2 (the first and last x values)")
    prelude = CPU_TORCH + (FILTER_BENCHMARKS if args.benchmarks else SKIP_BENCHMARKS)
    env["TUTORIAL_PROVIDERS"] = args.providers or ""
    env["TUTORIAL_POINTS"] = str(args.points)
    (prelude_dir / "sitecustomize.py").write_text(prelude)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(prelude_dir), env.get("PYTHONPATH")]))

    failed = 0
    for path in files:
        commands = [[sys.executable, path.name]]
        if "def test_op" in path.read_text():
            commands.append([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             path.name, "-k", "test_op"])
        for command in commands:
            status, output, seconds = run(command, env, args.timeout, path.parent)
            if status == 0 and "❌" in output:  # 03 prints its mismatch and exits 0
                status = "printed ❌"
            label = path.name + (" (pytest test_op)" if "pytest" in command else "")
            print(f"=== {label}: {'passed' if status == 0 else f'FAILED ({status})' if isinstance(status, str) else f'FAILED (exit {status})'} "
                  f"in {seconds:.0f} s", flush=True)
            lines = output.strip().splitlines()
            # With the tables, everything; otherwise the end (the checks' output, or the error).
            tail = lines if args.benchmarks else lines[-25 if status else -8:]
            print("\n".join("    " + line for line in tail), flush=True)
            failed += status != 0
    print(f"tutorials: {len(files)} files, {failed} failed run(s)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
