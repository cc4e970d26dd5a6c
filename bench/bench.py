#!/usr/bin/env python3
"""triton-spirv benchmark suite on the default Vulkan device (lavapipe on a CPU-only machine).

One run measures, for vector add, softmax, layer norm forward, matmul fp32 (ieee) and matmul fp16
at a few sizes (bench/cases.py):
  * our time (best of N: the 2 cores here are shared): wall clock of a Triton launch (argument
    packing, host-memory import, dispatch, wait) and the dispatch alone from GPU timestamps
    (`time_launches`);
  * torch eager on the CPU (best of default threads and one thread) and the ratio
    torch_time / our_time (> 1: we are faster), by wall clock and by dispatch;
  * Triton's interpreter (TRITON_INTERPRET=1, in a subprocess: the interpreter is chosen when the
    kernels are decorated) on the tutorials' sizes (vector add 98432, softmax 1823x781, layer norm
    1151x8192; and matmul fp32 512^3, which issue 27 names) and the two smallest sizes of each
    kernel, and interp_time / our_time
    (Triton 3.6's interpreter needs a small NumPy >= 2.4 fix for `range(0, N, BLOCK)`, applied in
    the subprocess);
  * GB/s (fewest bytes: inputs read once, outputs written once) or GFLOP/s;
  * compile time TTIR -> SPIR-V binary per kernel (our stages linalg + spirvir + spv, from the
    kernel's TTIR through Triton's compile() with its compilation listener and
    TRITON_ALWAYS_COMPILE) next to Triton-CUDA's TTIR -> cubin for sm_90 from the same TTIR on this
    same CPU (Triton's NVIDIA backend compiles without a GPU: ptxas ships in the wheel).
Runs in about 70 s on 2 cores.
Every result is checked against a float64 torch reference first (outputs NaN-poisoned, fresh random
inputs); a wrong result prints WRONG instead of a ratio and makes the exit status 1.

    python3 bench/bench.py [--json results.json] [--no-interpreter] [--no-cuda-compile] [--only add,softmax]

No timed assertions: the numbers are printed, never tested.
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def _time_ms(fn, budget_s=0.4, min_reps=3, max_reps=30, warmup=True):
    """(best, median) wall-clock ms of fn() (fn must wait for its work) after one warm-up call.
    The ratios use the best: this machine's 2 cores are shared with other work."""
    if warmup:
        fn()
    t0 = time.perf_counter()
    fn()
    first = time.perf_counter() - t0
    reps = max(min_reps, min(max_reps, int(budget_s / max(first, 1e-6))))
    times = [first]
    for _ in range(reps - 1):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times) * 1e3, statistics.median(times) * 1e3


def _torch_ms(fn):
    """torch eager at its best: default threads and one thread (on 2 busy cores OpenMP's barrier can
    cost a scheduler quantum per op: 8 ms instead of 0.07 ms for a small softmax)."""
    import torch
    threads = torch.get_num_threads()
    best, med = _time_ms(fn)
    if threads > 1:
        torch.set_num_threads(1)
        try:
            best1, med1 = _time_ms(fn)
        finally:
            torch.set_num_threads(threads)
        if best1 < best:
            return best1, med1, 1
    return best, med, threads


# --- Triton's interpreter, in a subprocess ---------------------------------------------------------

def _patch_interpreter_for_numpy2():
    """Triton 3.6's interpreter turns a scalar tensor into an int with int(ndarray of shape (1,)),
    which NumPy >= 2.4 refuses (`range(0, N, BLOCK)` in layer norm / matmul). Same semantics, via
    .item()."""
    import triton.runtime.interpreter as interp
    original = interp._patch_lang_tensor

    def patched(tensor, scope):
        original(tensor, scope)
        scope.set_attr(tensor, "__index__", lambda self: int(self.handle.data.reshape(-1)[0])
                       if self.handle.data.size == 1 else int(self.handle.data))

    interp._patch_lang_tensor = patched


def interpreter_worker(ids):
    assert os.environ.get("TRITON_INTERPRET") == "1"
    _patch_interpreter_for_numpy2()
    import cases as C
    table = C.by_id(C.cpu_cases())
    results = {}
    for case_id in ids:
        case = table[case_id]
        t = case.make(seed=0)
        try:
            case.launch(t)
            ok, msg = case.check(t)
            ms = _time_ms(lambda: case.launch(t), budget_s=2.0, min_reps=1, max_reps=3,
                          warmup=False)[0] if ok else None
            results[case_id] = {"ms": ms, "ok": ok, "check": msg}
        except Exception as e:  # reported, not fatal
            results[case_id] = {"ms": None, "ok": False, "check": f"{type(e).__name__}: {e}"[:300]}
    print("INTERPRETER_RESULTS " + json.dumps(results))


def run_interpreter(ids):
    env = dict(os.environ, TRITON_INTERPRET="1")
    proc = subprocess.run([sys.executable, __file__, "--interpreter-worker", ",".join(ids)],
                          env=env, capture_output=True, text=True, timeout=600)
    for line in proc.stdout.splitlines():
        if line.startswith("INTERPRETER_RESULTS "):
            return json.loads(line[len("INTERPRETER_RESULTS "):])
    sys.stderr.write(proc.stdout[-2000:] + proc.stderr[-4000:])
    return {i: {"ms": None, "ok": False, "check": "interpreter subprocess failed"} for i in ids}


# --- compile time ------------------------------------------------------------------------------------

class _Listener:
    def __init__(self):
        self.last = None

    def __call__(self, src, metadata, metadata_group, times, cache_hit):
        self.last = (times, cache_hit)


def compile_times(case, reps=3):
    """Best-of-reps µs per stage of TTIR -> binary from the very same TTIR text (Triton's IRSource,
    its compilation listener, TRITON_ALWAYS_COMPILE): ours for this device's profile, and
    Triton-CUDA's for sm_90. Returns (ours, cuda or None)."""
    import tempfile
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.runtime import driver
    listener = _Listener()
    knobs = triton.knobs.compilation
    old = (knobs.listener, knobs.always_compile)
    ck = case.kernel.warmup(*case.make_dtypes(), grid=case.grid, **case.constexprs,
                            num_warps=case.num_warps, num_stages=case.num_stages)
    targets = [("ours", driver.active.get_current_target())]
    if not os.environ.get("BENCH_NO_CUDA_COMPILE"):
        targets.append(("cuda", GPUTarget("cuda", 90, 32)))
    out = {"ours": None, "cuda": None}
    knobs.listener, knobs.always_compile = listener, True
    try:
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / f"{case.kernel.__name__}.ttir"
            path.write_text(ck.asm["ttir"])
            for who, target in targets:
                try:
                    stages = {}
                    for _ in range(reps):
                        triton.compile(str(path), target=target, options={"num_warps": case.num_warps})
                        for stage, us in listener.last[0].lowering_stages:
                            stages[stage] = min(stages.get(stage, 1 << 62), us)
                    out[who] = stages
                except Exception as e:  # e.g. the NVIDIA backend unusable here: say so
                    out[who] = {"error": f"{type(e).__name__}: {e}"[:200]}
    finally:
        knobs.listener, knobs.always_compile = old
    return out["ours"], out["cuda"]


# --- main ---------------------------------------------------------------------------------------------

def _fmt(x, spec="{:.3g}"):
    return "-" if x is None else spec.format(x)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", help="write all numbers there")
    ap.add_argument("--no-interpreter", action="store_true")
    ap.add_argument("--no-cuda-compile", action="store_true",
                    help="skip Triton-CUDA's compile time (sm_90, on this CPU)")
    ap.add_argument("--only", help="comma-separated substrings of case ids (bench/cases.py)")
    ap.add_argument("--interpreter-worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.interpreter_worker:
        return interpreter_worker(args.interpreter_worker.split(","))
    if os.environ.get("TRITON_INTERPRET") == "1":
        sys.exit("bench.py: unset TRITON_INTERPRET (the interpreter baseline runs in a subprocess)")
    if args.no_cuda_compile:
        os.environ["BENCH_NO_CUDA_COMPILE"] = "1"

    start = time.perf_counter()
    import torch
    import triton
    import cases as C
    import machine
    from triton_spirv import _vulkan_runtime as runtime

    device = runtime.get_device()
    props = device.device_properties()
    header = {
        "date": datetime.date.today().isoformat(),
        "device": props["name"], "driver": props.get("driver_info") or props.get("driver_name"),
        "cpu": platform.processor() or platform.machine(), "cores": os.cpu_count(),
        "torch": torch.__version__, "torch_threads": torch.get_num_threads(),
        "triton": triton.__version__,
    }
    header.update(machine.describe(props["name"]))
    header["host_copy_gbps_start"] = machine.host_copy_gbps()
    cpu_times_at_start = machine.cpu_times()
    print(f"# triton-spirv benchmark {header['date']}: {header['device']} ({header['driver']}); "
          f"{header['cores']} cores, torch {header['torch']} ({header['torch_threads']} threads), "
          f"triton {header['triton']}")
    print(machine.header_line(header))
    print(f"# host memory: a one-thread copy moves {header['host_copy_gbps_start']} GB/s "
          "(read + write; it moves with the host's load, and our memory-bound times with it)")

    all_cases = [c for c in C.cpu_cases()
                 if not args.only or any(s in c.id for s in args.only.split(","))]
    interp = {}
    interp_ids = [i for i in C.interpreter_ids() if i in {c.id for c in all_cases}]
    if not args.no_interpreter and interp_ids:
        t0 = time.perf_counter()
        interp = run_interpreter(interp_ids)
        print(f"# interpreter baseline: {time.perf_counter() - t0:.1f} s")

    rows, failures = [], 0
    copy_ms = {}  # bytes -> best wall ms of a plain copy of that many bytes
    for case in all_cases:
        t = case.make(seed=0)
        case.launch(t)                                   # compiles (cached after) and runs once
        ok, msg = case.check(t)
        row = {"id": case.id, "kernel": case.kernel_name, "size": case.size, "config": case.config,
               "num_warps": case.num_warps, "ok": ok, "check": msg}
        if ok:
            row["ours_ms"], row["ours_median_ms"] = _time_ms(lambda: case.launch(t))
            row["ours_gpu_ms"] = _dispatch_ms(case, t, runtime)
            row["torch_ms"], row["torch_median_ms"], row["torch_threads"] = _torch_ms(lambda: case.torch_fn(t))
            # fresh inputs again after the timing runs: same function on any valid input
            t2 = case.make(seed=1)
            case.launch(t2)
            ok, msg2 = case.check(t2)
            row["ok"], row["check"] = ok, msg + " | seed 1: " + msg2
            if case.bound == "memory":
                row["copy_ms"] = _copy_ceiling_ms(case.bytes, copy_ms)
        i = interp.get(case.id)
        if i is not None:
            row["interp_ms"], row["interp_ok"], row["interp_check"] = i["ms"], i["ok"], i["check"]
        if not row["ok"]:
            failures += 1
        rows.append(row)
        _print_row(case, row)

    print("\n# compile time, TTIR -> binary (best of 3, ms): ours = linalg + spirvir + spv (this device's "
          "profile); Triton-CUDA = ttgir + llir + ptx + cubin (sm_90), same TTIR, same CPU")
    compiled = {}
    for case in all_cases:
        key = (case.kernel_name, case.config, case.num_warps)
        if key in compiled:
            continue
        ours, cuda = compile_times(case)
        ours_ms = (sum(v for k, v in ours.items() if k != "ttir") / 1e3
                   if "error" not in ours else None)
        cuda_ms = (sum(v for k, v in cuda.items() if k != "ttir") / 1e3
                   if cuda and "error" not in cuda else None)
        compiled[key] = {"kernel": case.kernel_name, "config": case.config, "num_warps": case.num_warps,
                         "ours_stages_us": ours, "cuda_stages_us": cuda, "ours_ms": ours_ms,
                         "cuda_ms": cuda_ms}
        stages = ", ".join(f"{k} {v / 1e3:.1f}" for k, v in ours.items() if k != "ttir"
                           and k != "error")
        cuda_txt = (f"Triton-CUDA {cuda_ms:7.1f} ms  ours/CUDA {ours_ms / cuda_ms:5.2f}" if cuda_ms
                    else f"Triton-CUDA: {(cuda or {}).get('error', 'skipped')}")
        print(f"{case.kernel_name:12s} {case.config:10s} w{case.num_warps}  ours {_fmt(ours_ms, '{:7.1f}')} ms "
              f"({stages or ours.get('error')})   {cuda_txt}")

    elapsed = time.perf_counter() - start
    header["steal_fraction"] = machine.steal_fraction(cpu_times_at_start, machine.cpu_times())
    header["host_copy_gbps_end"] = machine.host_copy_gbps()
    print(f"\n# {len(rows)} cases, {failures} wrong, {elapsed:.0f} s; hypervisor steal "
          f"{header['steal_fraction']:.1%} of CPU time during the run" if header["steal_fraction"]
          is not None else f"\n# {len(rows)} cases, {failures} wrong, {elapsed:.0f} s")
    print(f"# host memory copy: {header['host_copy_gbps_start']} GB/s at the start, "
          f"{header['host_copy_gbps_end']} at the end")
    if args.json:
        Path(args.json).write_text(json.dumps({"header": header, "rows": rows,
                                               "compile": list(compiled.values()),
                                               "seconds": elapsed}, indent=1))
    return 1 if failures else 0


def _copy_ceiling_ms(nbytes, memo):
    """Wall ms of a plain copy kernel moving the case's fewest bytes through this backend (checked
    first): no kernel that reads its inputs and writes its outputs can launch faster here."""
    import cases as C
    if nbytes not in memo:
        copy = C.copy_case(nbytes)
        t = copy.make(seed=0)
        copy.launch(t)
        ok, msg = copy.check(t)
        # Two rounds: a ceiling from one slow moment of these shared cores would mislead.
        memo[nbytes] = (min(_time_ms(lambda: copy.launch(t), max_reps=60)[0] for _ in range(2))
                        if ok else None)
    return memo[nbytes]


def _dispatch_ms(case, t, runtime):
    """The dispatch alone: GPU timestamps around back-to-back dispatches of the compiled kernel."""
    ck = case.kernel.warmup(*case.call_args(t), grid=case.grid, **case.constexprs,
                            num_warps=case.num_warps, num_stages=case.num_stages)
    launcher = ck.run
    kernel = launcher._load(ck.function)
    # Parameters the case leaves to their defaults (matmul_kernel's ACC_DTYPE) as Triton binds them.
    bound = {p.name: p.default for p in case.kernel.params if p.has_default}
    bound.update(zip(case.kernel.arg_names, case.call_args(t)))
    bound.update(case.constexprs)
    # Launch options a kernel also takes as its own arguments (tutorial 02's num_stages).
    for option, value in (("num_warps", case.num_warps), ("num_stages", case.num_stages)):
        bound.setdefault(option, value)
    packed = launcher.pack([bound[n] for n in case.kernel.arg_names], case.grid)
    first = runtime.get_device().time_launches(kernel, *case.grid, packed, 1)[0]
    reps = max(3, min(20, int(400 / max(first, 1e-3))))
    return min(runtime.get_device().time_launches(kernel, *case.grid, packed, reps))


_HEADER_PRINTED = False


def _print_row(case, r):
    global _HEADER_PRINTED
    if not _HEADER_PRINTED:
        print("\nours = wall clock of a Triton launch; dispatch = GPU timestamps of the dispatch alone; "
              "rate from dispatch;\nx torch / x interp = their time / ours (> 1: we are faster), by wall "
              "clock and by dispatch;\nceiling = torch ms / the wall ms of a plain copy of the same bytes "
              "through this backend (the best x torch any kernel can reach here)")
        print(f"{'kernel':12s} {'size':10s} {'config':9s} {'ours ms':>9s} {'dispatch':>9s} "
              f"{'rate':>15s} {'torch ms':>9s} {'x torch':>8s} {'(disp.)':>8s} {'interp ms':>10s} "
              f"{'x interp':>9s} {'(disp.)':>8s} {'ceiling':>8s}")
        _HEADER_PRINTED = True
    if not r["ok"]:
        print(f"{case.kernel_name:12s} {case.size:10s} {case.config:9s} WRONG: {r['check']}")
        return
    ours, disp = r["ours_ms"], r["ours_gpu_ms"]
    if case.flops:
        rate = f"{case.flops / disp / 1e6:.3g} GFLOP/s"
    else:
        rate = f"{case.bytes / disp / 1e6:.3g} GB/s"
    interp_ms = r.get("interp_ms")
    if "interp_ok" in r and not r["interp_ok"]:
        x_interp = x_interp_d = "wrong"
    else:
        x_interp = _fmt(interp_ms / ours if interp_ms else None, "{:.0f}")
        x_interp_d = _fmt(interp_ms / disp if interp_ms else None, "{:.0f}")
    print(f"{case.kernel_name:12s} {case.size:10s} {case.config:9s} {ours:9.3f} {disp:9.3f} "
          f"{rate:>15s} {r['torch_ms']:9.3f} {r['torch_ms'] / ours:8.3f} {r['torch_ms'] / disp:8.3f} "
          f"{_fmt(interp_ms, '{:.1f}'):>10s} {x_interp:>9s} {x_interp_d:>8s} "
          f"{_fmt(r['torch_ms'] / r['copy_ms'] if r.get('copy_ms') else None, '{:.3f}'):>8s}")


if __name__ == "__main__":
    sys.exit(main())
