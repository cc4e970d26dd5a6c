"""Our cuda route against Triton-CUDA, on torch CUDA tensors, in one run.

Each case of bench/cases.py's GPU set runs twice, in two processes on the same GPU:
Triton's CUDA backend (TRITON_SPIRV_BACKEND=0) and triton-spirv's cuda route
(TRITON_SPIRV_BACKEND=1: the same script, kernels compiled by us and launched through
Vulkan on the GPU that torch uses). Both are timed by triton.testing.do_bench (CUDA
events on torch's stream, median) and checked against float64 references.

    python3 bench/gpu/cuda_route.py [--set suite|sweep|...] [--only ID ...] [--json out.json]
                                    [--triton-mma 2]

--triton-mma 2 compiles Triton-CUDA's dots to mma.sync (Ampere's warp-level MMA, Triton's
DISABLE_MMA_V3, in a cache of its own) instead of Hopper's wgmma: the instruction class a
subgroup-scope cooperative matrix can reach, so its ratios separate the code generation from the
instruction set.

ratio = Triton-CUDA ms / our ms (1.0 = parity); "best CUDA" is Triton-CUDA's fastest
configuration of the same kernel and size. "dev ms" is our dispatch alone (Vulkan GPU
timestamps, back to back, no hand-off between CUDA and Vulkan): what the code generation
reaches; "dev ratio" compares Triton-CUDA's do_bench time with it.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def device_time(case, tensors):
    """Median GPU-timestamp time of the case's dispatch, back to back in one submission
    (after >= 250 ms of warm-up dispatches: the H100 idles at a low clock)."""
    import statistics
    import torch
    from triton_spirv import _vulkan_runtime as runtime
    from triton_spirv.driver import SPIRVLauncher

    case.launch(tensors)
    torch.cuda.synchronize()
    kernel, (gx, gy, gz), packed = SPIRVLauncher.last_launch
    device = runtime.get_device()
    warm = device.time_launches(kernel, gx, gy, gz, packed, 5)
    reps = max(20, min(2000, int(250 / max(statistics.median(warm), 1e-3))))
    device.time_launches(kernel, gx, gy, gz, packed, reps)
    # The driver's statistics (NVIDIA: registers, shared memory, ...).
    stats = {k: v for e in kernel.executables() for k, v in e["statistics"].items()}
    return statistics.median(device.time_launches(kernel, gx, gy, gz, packed, 50)), stats


def worker(set_name, only):
    sys.path.insert(0, str(HERE.parents[1]))
    import torch
    import triton
    import cases as C

    backend = triton.runtime.driver.active.get_current_target().backend
    results = {}
    for case in C.GPU_SETS[set_name]():
        if only and case.id not in only:
            continue
        if case.cuda_only and backend != "cuda":
            continue
        entry = {}
        try:
            tensors = case.make(device="cuda")
            start = time.perf_counter()
            case.launch(tensors)
            torch.cuda.synchronize()
            entry["first_call_ms"] = (time.perf_counter() - start) * 1e3
            entry["ok"], entry["check"] = case.check(tensors)
            entry["ms"] = triton.testing.do_bench(lambda: case.launch(tensors), warmup=100, rep=400)
            entry["gbps"] = case.bytes / entry["ms"] / 1e6
            if backend == "spirv":  # the same dispatch alone: GPU timestamps, no CUDA hand-off
                entry["device_ms"], entry["driver_stats"] = device_time(case, tensors)
            if case.flops:
                entry["tflops"] = case.flops / entry["ms"] / 1e9
        except Exception as error:  # reported in the table
            entry["error"] = f"{type(error).__name__}: {str(error)[:300]}"
        entry.update(kernel=case.kernel_name, size=case.size, config=case.config,
                     cuda_only=case.cuda_only)
        results[case.id] = entry
        print(f"[{backend}] {case.id}: {entry.get('ms', entry.get('error'))}", file=sys.stderr,
              flush=True)
    json.dump({"backend": backend, "results": results}, sys.stdout)


def run_worker(backend_flag, args):
    env = dict(os.environ, TRITON_SPIRV_BACKEND=backend_flag, PYTHONUNBUFFERED="1")
    if backend_flag == "0" and args.triton_mma == 2:
        # Triton's cache key does not include this variable: keep its binaries apart.
        env.update(DISABLE_MMA_V3="1",
                   TRITON_CACHE_DIR=str(Path(tempfile.gettempdir()) / "triton-cache-mma-v2"))
    cmd = [sys.executable, str(HERE), "--worker", "--set", args.set, *sum((["--only", o] for o in args.only), [])]
    run = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, text=True, timeout=args.timeout)
    if run.returncode != 0:
        raise SystemExit(f"worker TRITON_SPIRV_BACKEND={backend_flag} failed ({run.returncode})")
    return json.loads(run.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--set", default="suite")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--json")
    parser.add_argument("--timeout", type=int, default=1200)
    parser.add_argument("--worker", action="store_true")
    parser.add_argument("--triton-mma", type=int, choices=(2, 3), default=3,
                        help="2: Triton-CUDA's dots on mma.sync instead of wgmma")
    args = parser.parse_args()
    if args.worker:
        return worker(args.set, set(args.only))
    cuda = run_worker("0", args)
    ours = run_worker("1", args)
    assert cuda["backend"] == "cuda" and ours["backend"] == "spirv", (cuda["backend"], ours["backend"])
    best = {}  # (kernel, size) -> Triton-CUDA's fastest (ms, config)
    for entry in cuda["results"].values():
        if "ms" in entry:
            key = (entry["kernel"], entry["size"])
            if key not in best or entry["ms"] < best[key][0]:
                best[key] = (entry["ms"], entry["config"])
    print(f"{'case':44} {'ours ms':>9} {'CUDA ms':>9} {'ratio':>6} {'best CUDA':>9} {'GB/s':>7} "
          f"{'TFLOP/s':>7} {'dev ms':>8} {'dev ratio':>9}  check")
    rows = []
    for case_id, mine in ours["results"].items():
        theirs = cuda["results"].get(case_id, {})
        if "ms" not in mine:
            print(f"{case_id:44} {mine.get('error', '?')}")
            rows.append({"id": case_id, "ours": mine, "cuda": theirs})
            continue
        ratio = theirs["ms"] / mine["ms"] if "ms" in theirs else float("nan")
        best_ratio = best.get((mine["kernel"], mine["size"]), (float("nan"),))[0] / mine["ms"]
        device_ms = mine.get("device_ms", float("nan"))
        device_ratio = theirs["ms"] / device_ms if "ms" in theirs else float("nan")
        print(f"{case_id:44} {mine['ms']:9.4f} {theirs.get('ms', float('nan')):9.4f} {ratio:6.3f} "
              f"{best_ratio:9.3f} {mine['gbps']:7.0f} {mine.get('tflops', 0):7.1f} "
              f"{device_ms:8.4f} {device_ratio:9.3f}  "
              f"{'ok' if mine['ok'] else 'WRONG ' + mine['check']}")
        rows.append({"id": case_id, "ours": mine, "cuda": theirs, "ratio": ratio,
                     "ratio_best_cuda": best_ratio, "device_ratio": device_ratio})
    print_best(rows, best, args.triton_mma)
    if args.json:
        Path(args.json).write_text(json.dumps({"rows": rows, "cuda": cuda, "ours": ours,
                                               "triton_mma": args.triton_mma}, indent=1))


def print_best(rows, cuda_best, triton_mma):
    """Per kernel and size: our fastest dispatch against Triton-CUDA's fastest configuration."""
    ours_best = {}
    for row in rows:
        mine = row["ours"]
        if "device_ms" in mine and mine.get("ok"):
            key = (mine["kernel"], mine["size"])
            if key not in ours_best or mine["device_ms"] < ours_best[key][0]:
                ours_best[key] = (mine["device_ms"], mine["config"])
    label = "Triton-CUDA (mma.sync)" if triton_mma == 2 else "Triton-CUDA"
    for key, (ms, config) in sorted(ours_best.items()):
        if key in cuda_best:
            theirs, their_config = cuda_best[key]
            print(f"best {key[0]} {key[1]}: ours {ms:.4f} ms ({config}), {label} {theirs:.4f} ms "
                  f"({their_config}): {theirs / ms:.3f}")


if __name__ == "__main__":
    main()
