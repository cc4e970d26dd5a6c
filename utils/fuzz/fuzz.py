"""Differential fuzzer CLI: generates `--count` programs from `--seed`, runs each through the
backend and the numpy reference, reports disagreements (and reduces them with --reduce).

    python3 utils/fuzz/fuzz.py --seed 1 --count 200 [--reduce] [--out DIR]

Program i of a run has seed SEED * 100000 + i; `--only SEED` replays one program (`--show`
prints its kernel). Exit status 1 when anything was found."""
import argparse
import collections
import concurrent.futures
import json
import os
import signal
import sys
import threading
import time

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    __package__ = "utils.fuzz"

from .check import FINDINGS, check  # noqa: E402
from .dtypes import VALUE_TYPES  # noqa: E402
from .emit import kernel_source  # noqa: E402
from .generate import FEATURES, generate_program  # noqa: E402
from .reduce import reduce_program  # noqa: E402
from .repro import script, size  # noqa: E402
from .runner import Runner  # noqa: E402


def program_seeds(args):
    if args.only is not None:
        return [args.only]
    return [args.seed * 100000 + i for i in range(args.count)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--only", type=int, help="run the one program with this seed")
    ap.add_argument("--features", default=",".join(FEATURES),
                    help="comma-separated subset of: " + ",".join(FEATURES))
    ap.add_argument("--dtypes", default=",".join(VALUE_TYPES), help="element types to use")
    ap.add_argument("--reduce", action="store_true", help="shrink each finding and write a repro")
    ap.add_argument("--out", default="fuzz-out", help="where repros and findings.jsonl go")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per program")
    ap.add_argument("--reduce-runs", type=int, default=150, help="backend runs per reduction")
    ap.add_argument("--show", action="store_true", help="print each program's kernel")
    ap.add_argument("--jobs", type=int, default=1, help="programs checked at once (worker processes)")
    ap.add_argument("--profile", help="compile for this device profile (e.g. nvidia) instead of "
                    "the running device's: NVIDIA-only code paths checked on lavapipe")
    ap.add_argument("--device", default="cpu",
                    help="torch device of the kernels' tensors: cpu, spirv (our Vulkan device), cuda")
    args = ap.parse_args(argv)
    features = [f for f in args.features.split(",") if f]
    os.makedirs(args.out, exist_ok=True)
    # A terminated run still stops its worker (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tally = collections.Counter()
    found = []
    lock = threading.Lock()
    local = threading.local()
    runners = []

    def say(message):
        with lock:
            print(message, flush=True)

    def run_one(n, seed):
        if not hasattr(local, "runner"):
            local.runner = Runner(timeout=args.timeout, device=args.device, profile=args.profile)
            with lock:
                runners.append(local.runner)
        runner = local.runner
        program = generate_program(seed, features, args.dtypes.split(","))
        if args.show:
            say(kernel_source(program))
        t = time.time()
        outcome = check(program, runner)
        with lock:
            tally[outcome.kind] += 1
        say(f"[{n + 1}] seed {seed}: {outcome.kind} ({size(program)} stmts, {time.time() - t:.1f} s)")
        if outcome.kind not in FINDINGS and outcome.kind != "invalid":
            return
        say(f"    seed {seed}: " + outcome.detail.strip().replace("\n", "\n    ")[:2000])
        record = {"seed": seed, "kind": outcome.kind, "detail": outcome.detail[:4000],
                  "device": args.device}
        if args.reduce and outcome.kind in FINDINGS:
            # A hang costs a whole time limit per try: give it ten minutes in all.
            reduced, reduced_outcome, runs = reduce_program(
                program, lambda p: check(p, runner), outcome.signature,
                max_runs=args.reduce_runs, log=lambda m: say(f"    seed {seed}: {m}"),
                max_seconds=600 if outcome.kind == "timeout" else 900)
            final = reduced_outcome or outcome
            path = os.path.join(args.out, f"{outcome.kind}-{seed}.py")
            with open(path, "w") as f:
                f.write(script(reduced, final))
            record.update(reduced_stmts=size(reduced), original_stmts=size(program),
                          reduce_runs=runs, repro=path, reduced_detail=final.detail[:4000])
            say(f"    seed {seed}: reduced {size(program)} -> {size(reduced)} stmts in {runs} runs: {path}")
        with lock:
            found.append(record)
            with open(os.path.join(args.out, "findings.jsonl"), "a") as f:
                f.write(json.dumps(record) + "\n")

    start = time.time()
    try:
        seeds = list(enumerate(program_seeds(args)))
        if args.jobs <= 1:
            for n, seed in seeds:
                run_one(n, seed)
        else:
            # Each thread drives its own worker process: programs compile in parallel.
            pool = concurrent.futures.ThreadPoolExecutor(args.jobs)
            try:
                for future in [pool.submit(run_one, n, seed) for n, seed in seeds]:
                    future.result()
            finally:
                pool.shutdown(wait=False, cancel_futures=True)
    finally:
        for runner in runners:
            runner.close()
        total = sum(tally.values())
        print(f"{total} programs in {time.time() - start:.0f} s on {args.device}: " +
              ", ".join(f"{k} {v}" for k, v in sorted(tally.items())), flush=True)
    return 1 if any(r["kind"] in FINDINGS for r in found) else 0


if __name__ == "__main__":
    sys.exit(main())
