#!/usr/bin/env python3
"""Run the prepared SPIR-V kernels (bench/gpu/prepare.py) on the GPU machine through Vulkan and
compare them with the same Triton kernel source through Triton's CUDA backend.

Phase 1 (Vulkan, in a worker process that is restarted after a crash, so one kernel that brings
the driver down costs only its own row): per case, device-local buffers (`alloc` + `copy_from_host`)
with the case's random inputs and NaN-poisoned outputs, the push constants packed by
triton_spirv.driver.SPIRVLauncher.pack (pointers = buffer device addresses), one launch whose
outputs are copied back, `time_launches` (GPU timestamps, median), then a second launch on fresh
inputs (seed 1) whose outputs are copied back too. No CUDA in that process.
Phase 2 (CUDA, this process): every Vulkan output is checked against a float64 torch reference on
the GPU; the same Triton kernel runs through Triton-CUDA at the same configuration (and, for
matmul, at Triton-CUDA's own tuning points) and torch runs the op, both timed with
`triton.testing.do_bench` (median); Triton-CUDA's compile time comes from its compilation
listener (TRITON_ALWAYS_COMPILE on the first launch). A wrong result prints WRONG and no ratio.

    python3 bench/gpu/run_on_gpu.py --runtime /tmp/b/python/src [--bundle .gpubundle] [--json out.json]
    python3 bench/gpu/run_on_gpu.py --runtime <local build> --no-cuda    # smoke test on lavapipe

Ratios are speed ratios: Triton-CUDA time / our time (1.0 = parity, > 1 = we are faster).
"""
import argparse
import os
import importlib.util
import json
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "bench"))


# --- phase 1: Vulkan worker ---------------------------------------------------------------------------

def load_runtime(runtime_dir):
    """_vulkan_runtime from a runtime-only build, and triton_spirv/driver.py on top of it (for the
    push-constant packing) without importing the compiler."""
    if "triton_spirv._vulkan_runtime" in sys.modules:
        # triton-spirv is installed here and Triton's backend discovery loaded it already (the
        # smoke test on the CPU machine): a second copy of the module cannot register its types.
        rt = sys.modules["triton_spirv._vulkan_runtime"]
        print(f"[vulkan] using the installed runtime {rt.__file__}", flush=True)
    else:
        sys.path.insert(0, str(runtime_dir))
        import _vulkan_runtime as rt
    pkg = types.ModuleType("triton_spirv")
    pkg.__path__ = [str(REPO / "python" / "triton_spirv")]
    pkg._vulkan_runtime = rt
    sys.modules["triton_spirv"] = pkg
    sys.modules["triton_spirv._vulkan_runtime"] = rt
    spec = importlib.util.spec_from_file_location("triton_spirv.driver",
                                                  REPO / "python" / "triton_spirv" / "driver.py")
    drv = importlib.util.module_from_spec(spec)
    sys.modules["triton_spirv.driver"] = drv
    spec.loader.exec_module(drv)
    # our arguments are device-local Buffers: their address is the pointer
    drv._device_address = lambda device, value: value.address
    return rt, drv


def _upload(dev, tensors):
    bufs = {}
    for name, t in tensors.items():
        t = t.contiguous()
        buf = dev.alloc(max(t.numel() * t.element_size(), 4), False)
        buf.copy_from_host(t.data_ptr(), t.numel() * t.element_size())
        bufs[name] = buf
    return bufs


def _download(case, bufs):
    import torch
    out = {}
    for name, spec in case.tensors.items():
        if spec.output:
            t = torch.empty(spec.shape, dtype=spec.dtype)
            bufs[name].copy_to_host(t.data_ptr(), t.numel() * t.element_size())
            out[name] = t
    return out


def vulkan_worker(bundle_dir, runtime_dir, ids, results_dir, budget_ms, warm_ms):
    import torch
    import cases as C
    rt, drv = load_runtime(runtime_dir)
    dev = rt.get_device()
    props = dev.device_properties()
    results_dir = Path(results_dir)
    (results_dir / "device.json").write_text(json.dumps(
        {k: props[k] for k in ("name", "vendor_id", "driver_name", "driver_info", "api_version",
                               "subgroup_size", "max_shared_mem", "max_push_constants_size")}))
    bundle = json.loads((Path(bundle_dir) / "bundle.json").read_text())
    entries = {e["id"]: e for e in bundle["cases"]}
    table = C.by_id(C.GPU_SETS[bundle.get("set", "suite")]())
    isa_dir = os.environ.get("BENCH_ISA_DIR")  # driver internal representations go here
    if isa_dir:
        Path(isa_dir).mkdir(parents=True, exist_ok=True)
    for case_id in ids:
        if (results_dir / f"{case_id}.json").exists():
            continue
        (results_dir / f"{case_id}.started").write_text("")
        case, e = table[case_id], entries[case_id]
        result = {"id": case_id}
        skip = (_not_best_config(case, results_dir, table)
                if bundle.get("set", "suite") not in C.GPU_EVERY_POINT_SETS else None)
        if skip:
            result["skip"] = skip
            (results_dir / f"{case_id}.json").write_text(json.dumps(result))
            print(f"[vulkan] {case_id}: skipped ({skip})", flush=True)
            continue
        md = e["metadata"]
        t0 = time.perf_counter()
        kernel = dev.load_kernel((Path(bundle_dir) / e["spv"]).read_bytes(), md["entry"],
                                 (md["workgroup_size"], 1, 1),
                                 md["argument_bytes"] if not md["argument_block"] else 8,
                                 md["argument_block"], md["shared"],
                                 capture_internal_representations=bool(isa_dir))
        result["pipeline_ms"] = (time.perf_counter() - t0) * 1e3
        _record_executables(kernel, case_id, result, isa_dir)
        meta = types.SimpleNamespace(name=md["entry"], arguments=md["arguments"],
                                     argument_bytes=md["argument_bytes"],
                                     argument_block=md["argument_block"])
        launcher = drv.SPIRVLauncher(types.SimpleNamespace(signature=e["signature"]), meta)
        outputs = {}
        for seed in (0, 1):
            host = case.make(seed=seed)
            bufs = _upload(dev, host)
            bound = dict(zip(case.kernel.arg_names, case.call_args(bufs)))
            bound.update(case.constexprs)
            packed = launcher.pack([bound[n] for n in case.kernel.arg_names])
            t0 = time.perf_counter()
            dev.launch(kernel, *case.grid, packed, sync=True)
            if seed == 0:
                result["first_launch_wall_ms"] = (time.perf_counter() - t0) * 1e3
            outputs[f"seed{seed}"] = _download(case, bufs)
            if seed == 0:
                first = dev.time_launches(kernel, *case.grid, packed, 1)[0]
                # The GPU idles at a few hundred MHz between bursts and needs ~100 ms of work to
                # reach its clocks (bench/gpu/diag_alloc.py showed 5x slower softmax and 2x slower
                # vector add on short bursts): >= warm_ms of back-to-back dispatches first.
                if first < 3000:
                    dev.time_launches(kernel, *case.grid, packed,
                                      max(1, min(5000, int(warm_ms / max(first, 1e-3)))))
                reps = max(5, min(200, int(budget_ms / max(first, 1e-3))))
                times = dev.time_launches(kernel, *case.grid, packed, reps) if first < 3000 else [first]
                result.update(ms=statistics.median(times), ms_min=min(times), ms_max=max(times),
                              reps=len(times), first_ms=first)
            del bufs
        torch.save(outputs, results_dir / f"{case_id}.pt")
        (results_dir / f"{case_id}.json").write_text(json.dumps(result))
        print(f"[vulkan] {case_id}: {result['ms']:.4f} ms (median of {result['reps']})", flush=True)


def _record_executables(kernel, case_id, result, isa_dir):
    """The driver's statistics for the pipeline (registers, spills...: VK_KHR_pipeline_executable_
    properties) into the result, and its internal representations into isa_dir when asked."""
    executables = kernel.executables()
    if not executables:
        return
    result["executables"] = [{k: e[k] for k in ("name", "subgroup_size", "statistics")}
                             for e in executables]
    for e in executables:
        stats = ", ".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
                          for k, v in e["statistics"].items())
        print(f"[vulkan] {case_id}: {e['name']} (subgroup {e['subgroup_size']}): {stats}", flush=True)
        for name, text in e["representations"].items():
            safe = "".join(c if c.isalnum() else "_" for c in f"{e['name']}_{name}")
            Path(isa_dir, f"{case_id}.{safe}.txt").write_text(text)


def _block_area(config):
    m, n = config.split("x")[:2]
    return int(m) * int(n)


def _not_best_config(case, results_dir, table):
    """At 4096^3, run only the matmul configuration that was fastest at 1024^3, and the largest
    output block (1024^3 has too few programs to fill the GPU with it)."""
    if not case.flops or not case.size.startswith("4096"):
        return None
    largest = max(_block_area(o.config) for o in table.values()
                  if o.kernel_name == case.kernel_name and not o.cuda_only)
    if _block_area(case.config) == largest:
        return None
    best = None
    for other in table.values():
        if (other.kernel_name == case.kernel_name and other.size.startswith("1024")
                and not other.cuda_only):
            f = results_dir / f"{other.id}.json"
            if f.exists():
                r = json.loads(f.read_text())
                if "ms" in r and (best is None or r["ms"] < best[0]):
                    best = (r["ms"], other.config, other.num_warps)
    if best and (best[1], best[2]) != (case.config, case.num_warps):
        return f"{best[1]} w{best[2]} was faster at 1024^3"
    return None


def run_vulkan_phase(args, ids, results_dir):
    """Runs the worker until every id has a result; a crash marks the case it was in."""
    remaining_restarts = 6
    while True:
        todo = [i for i in ids if not (results_dir / f"{i}.json").exists()]
        if not todo:
            return
        cmd = [sys.executable, __file__, "--worker", ",".join(todo), "--bundle", args.bundle,
               "--runtime", args.runtime, "--results", str(results_dir),
               "--budget-ms", str(args.budget_ms), "--warm-ms", str(args.warm_ms)]
        proc = subprocess.run(cmd, timeout=args.vulkan_timeout)
        if proc.returncode == 0:
            continue
        crashed = next((i for i in todo if (results_dir / f"{i}.started").exists()
                        and not (results_dir / f"{i}.json").exists()), None)
        if crashed is None or remaining_restarts == 0:
            for i in todo:
                if not (results_dir / f"{i}.json").exists():
                    (results_dir / f"{i}.json").write_text(json.dumps(
                        {"id": i, "error": f"Vulkan worker exited with {proc.returncode}"}))
            return
        print(f"[vulkan] worker died (exit {proc.returncode}) in {crashed}; restarting", flush=True)
        (results_dir / f"{crashed}.json").write_text(json.dumps(
            {"id": crashed, "error": f"crashed (exit {proc.returncode})"}))
        remaining_restarts -= 1


# --- phase 2: checks and CUDA baselines ----------------------------------------------------------------

class _Listener:
    def __init__(self):
        self.times = None

    def __call__(self, src, metadata, metadata_group, times, cache_hit):
        self.times = times


def cuda_phase(case, vk_outputs, use_cuda):
    import torch
    import triton
    from triton.testing import do_bench
    dev = "cuda" if use_cuda else "cpu"
    row = {}
    if vk_outputs is not None:
        checks = []
        ok_all = True
        for seed in (0, 1):
            t = case.make(device=dev, seed=seed)
            t.update({k: v.to(dev) for k, v in vk_outputs[f"seed{seed}"].items()})
            ok, msg = case.check(t)
            ok_all &= ok
            checks.append(f"seed {seed}: {msg}")
        row["ok"], row["check"] = ok_all, " | ".join(checks)
    if not use_cuda:
        return row
    t = case.make(device="cuda", seed=0)
    listener = _Listener()
    knobs = triton.knobs.compilation
    knobs.listener, knobs.always_compile = listener, True
    try:
        case.launch(t)
        torch.cuda.synchronize()
    except Exception as e:
        row["cuda_error"] = f"{type(e).__name__}: {e}"[:300]
        return row
    finally:
        knobs.listener, knobs.always_compile = None, False
    if listener.times is not None:
        stages = dict(listener.times.lowering_stages)
        row["cuda_compile_us"] = stages
        row["cuda_ttir_to_cubin_ms"] = sum(v for k, v in stages.items() if k != "ttir") / 1e3
    ok, msg = case.check(t)
    row["cuda_ok"], row["cuda_check"] = ok, msg
    if ok:
        row["cuda_ms"] = do_bench(lambda: case.launch(t), return_mode="median")
    if not case.cuda_only:
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        row["torch_ms"] = do_bench(lambda: case.torch_fn(t), return_mode="median")
    return row


# --- main -------------------------------------------------------------------------------------------------

def _rate(case, ms):
    if ms is None:
        return "-"
    if case.flops:
        return f"{case.flops / ms / 1e9:.3g} TFLOP/s"
    return f"{case.bytes / ms / 1e6:.4g} GB/s"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bundle", default=str(REPO / ".gpubundle"))
    ap.add_argument("--runtime", required=True, help="folder holding the built _vulkan_runtime module")
    ap.add_argument("--json")
    ap.add_argument("--no-cuda", action="store_true", help="Vulkan only, checks on the CPU")
    ap.add_argument("--only", help="comma-separated substrings of case ids")
    ap.add_argument("--budget-ms", type=float, default=300.0, help="GPU time per timed case")
    ap.add_argument("--warm-ms", type=float, default=250.0,
                    help="back-to-back dispatches before the timed ones (clock ramp)")
    ap.add_argument("--vulkan-timeout", type=float, default=360.0)
    ap.add_argument("--results", default="/tmp/triton_spirv_gpu_results")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return vulkan_worker(args.bundle, args.runtime, args.worker.split(","), args.results,
                             args.budget_ms, args.warm_ms)

    import shutil
    import cases as C
    start = time.perf_counter()
    bundle = json.loads((Path(args.bundle) / "bundle.json").read_text())
    entries = {e["id"]: e for e in bundle["cases"]}
    all_cases = [c for c in C.GPU_SETS[bundle.get("set", "suite")]()
                 if not args.only or any(s in c.id for s in args.only.split(","))]
    results_dir = Path(args.results)
    shutil.rmtree(results_dir, ignore_errors=True)
    results_dir.mkdir(parents=True)
    print(f"# bundle from {bundle['git_head'][:10]}{' + uncommitted changes' if bundle['git_dirty'] else ''}"
          f" ({bundle['created']}, _compiler {bundle['compiler_so_sha256']})", flush=True)

    vk_ids = [c.id for c in all_cases if not c.cuda_only and c.id in entries
              and "error" not in entries[c.id] and "skip" not in entries[c.id]]
    run_vulkan_phase(args, vk_ids, results_dir)
    device = {}
    if (results_dir / "device.json").exists():
        device = json.loads((results_dir / "device.json").read_text())
    print(f"# Vulkan device: {device.get('name')} ({device.get('driver_name')} {device.get('driver_info')})"
          f"; phase 1 took {time.perf_counter() - start:.0f} s", flush=True)

    use_cuda = not args.no_cuda
    if use_cuda:
        import torch
        print(f"# CUDA: {torch.cuda.get_device_name()} torch {torch.__version__}", flush=True)
    rows = []
    for case in all_cases:
        row = {"id": case.id, "kernel": case.kernel_name, "size": case.size, "config": case.config,
               "num_warps": case.num_warps, "cuda_only": case.cuda_only}
        e = entries.get(case.id, {})
        for key in ("error", "skip"):
            if key in e:
                row[f"bundle_{key}"] = e[key]
        if "ttir_to_spv_ms" in e:
            row["ours_compile_ms_prepare_host"] = e["ttir_to_spv_ms"]
            row["cuda_compile_ms_prepare_host"] = e.get("cuda_ttir_to_cubin_ms_here")
        f = results_dir / f"{case.id}.json"
        vk = json.loads(f.read_text()) if f.exists() else None
        vk_outputs = None
        if vk is not None:
            row["vulkan"] = vk
            pt = results_dir / f"{case.id}.pt"
            if "ms" in vk and pt.exists():
                import torch
                vk_outputs = torch.load(pt)
        try:
            row.update(cuda_phase(case, vk_outputs, use_cuda))
        except Exception as ex:
            row["phase2_error"] = f"{type(ex).__name__}: {ex}"[:300]
        rows.append(row)
        ours = vk.get("ms") if vk else None
        status = ("WRONG" if row.get("ok") is False else
                  (vk.get("skip") or vk.get("error") if vk and "ms" not in vk else "ok"))
        print(f"{case.id:40s} ours {ours if ours is None else round(ours, 4)} ms "
              f"cuda {row.get('cuda_ms') if row.get('cuda_ms') is None else round(row['cuda_ms'], 4)} ms "
              f"torch {row.get('torch_ms') if row.get('torch_ms') is None else round(row['torch_ms'], 4)} ms "
              f"[{status}] {row.get('check', '')[:120]}", flush=True)

    summary(all_cases, rows, device, use_cuda)
    if args.json:
        Path(args.json).write_text(json.dumps({"bundle": {k: v for k, v in bundle.items() if k != "cases"},
                                               "device": device, "rows": rows,
                                               "seconds": time.perf_counter() - start}, indent=1))
    print(f"# done in {time.perf_counter() - start:.0f} s")


def summary(all_cases, rows, device, use_cuda):
    by = {r["id"]: r for r in rows}
    cases = {c.id: c for c in all_cases}
    print(f"\n## {device.get('name')} through Vulkan vs Triton-CUDA (speed ratio = CUDA ms / ours ms)")
    print(f"{'kernel':12s} {'size':11s} {'config':13s} {'ours ms':>9s} {'ours rate':>15s} "
          f"{'CUDA ms':>9s} {'ratio':>6s} {'best CUDA ms':>12s} {'(config)':>15s} {'ratio':>6s} "
          f"{'torch ms':>9s}")
    for c in all_cases:
        if c.cuda_only:
            continue
        r = by[c.id]
        vk = r.get("vulkan") or {}
        ours = vk.get("ms")
        cfg = f"{c.config} w{c.num_warps}"
        if ours is None:
            why = vk.get("skip") or vk.get("error") or r.get("bundle_skip") or r.get("bundle_error") or "not run"
            print(f"{c.kernel_name:12s} {c.size:11s} {cfg:13s} {'-':>9s} {why}")
            continue
        if r.get("ok") is False:
            print(f"{c.kernel_name:12s} {c.size:11s} {cfg:13s} WRONG: {r.get('check', '')[:150]}")
            continue
        cuda = r.get("cuda_ms")
        best = [(by[o.id].get("cuda_ms"), f"{o.config} w{o.num_warps}") for o in all_cases
                if o.kernel_name == c.kernel_name and o.size == c.size and by[o.id].get("cuda_ms")]
        best = min(best) if best else (None, "")

        def ratio(x):
            return f"{x / ours:6.3f}" if x else f"{'-':>6s}"

        def num(x):
            return f"{x:9.4f}" if x else f"{'-':>9s}"
        print(f"{c.kernel_name:12s} {c.size:11s} {cfg:13s} {ours:9.4f} {_rate(c, ours):>15s} "
              f"{num(cuda)} {ratio(cuda)} {num(best[0]):>12s} {best[1]:>15s} {ratio(best[0])} "
              f"{num(r.get('torch_ms'))}")
    print("\n## compile time TTIR -> binary (ms): ours nvidia profile (prepare host) | Triton-CUDA sm_90 "
          "(prepare host) | Triton-CUDA (this GPU host, first launch, TRITON_ALWAYS_COMPILE)")
    seen = set()
    for c in all_cases:
        r = by[c.id]
        key = (c.kernel_name, c.config, c.num_warps)
        if key in seen or ("ours_compile_ms_prepare_host" not in r and "cuda_ttir_to_cubin_ms" not in r):
            continue
        seen.add(key)

        def f(x):
            return f"{x:8.1f}" if x else f"{'-':>8s}"
        print(f"{c.kernel_name:12s} {c.config:10s} w{c.num_warps}  {f(r.get('ours_compile_ms_prepare_host'))} |"
              f" {f(r.get('cuda_compile_ms_prepare_host'))} | {f(r.get('cuda_ttir_to_cubin_ms'))}")


if __name__ == "__main__":
    sys.exit(main())
