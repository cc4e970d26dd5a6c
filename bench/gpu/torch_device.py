"""The spirv torch device against Triton-CUDA on the same GPU, in one run (issue 61's targets).

Two worker processes: Triton-CUDA on torch CUDA tensors (TRITON_SPIRV_BACKEND=0), and ours on the
`spirv` device (TRITON_SPIRV_BACKEND=1 TRITON_SPIRV_CUDA=0: tensors in Vulkan memory, launches
asynchronous, events from Vulkan timestamps; no CUDA context). Per case: Triton's do_bench (both
on their own device's events), checked against float64 on the CPU. Then host time per launch:
1,000 chained launches of a trivial kernel, timed on the host until the loop returns (no wait),
and until the device finished.

    python3 bench/gpu/torch_device.py [--set suite] [--only ID ...] [--json out.json]

ratio = Triton-CUDA ms / ours (1.0 = parity; host: Triton-CUDA us / ours).
"""
import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
SUITE = ("add-2^24-B1024-w4", "add-2^26-B1024-w4", "add-2^26-B1024-w8", "softmax-16384x1024-B1024-w4",
         "softmax-4096x4096-B4096-w8", "layer_norm-16384x1024-B1024-w4", "layer_norm-4096x4096-B1024-w4")


def host_per_launch(device, sync):
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def bump(x_ptr):
        tl.store(x_ptr, tl.load(x_ptr) + 1)

    x = torch.zeros(1, dtype=torch.int32, device=device)
    for _ in range(50):
        bump[(1,)](x)
    sync()
    rounds = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(1000):
            bump[(1,)](x)
        issued = time.perf_counter()
        sync()
        done = time.perf_counter()
        rounds.append(((issued - start) * 1e3, (done - start) * 1e3))
    value = int(x.cpu().item())
    assert value == 50 + 5000, value
    rounds.sort()
    result = {"host_us": rounds[2][0], "total_us": rounds[2][1]}
    launcher = getattr(triton.runtime.driver.active.launcher_cls, "last_launch", None)
    if launcher is not None:  # ours: where the host time goes (packing, then the runtime's launch)
        from triton_spirv import _vulkan_runtime as runtime
        from triton_spirv.launcher import ArgumentMemory
        kernel, grid, packed = launcher
        start = time.perf_counter()
        for _ in range(1000):
            runtime.launch(kernel, *grid, packed, sync=False)
        result["runtime_launch_us"] = (time.perf_counter() - start) * 1e3
        sync()
    return result


def worker(ids):
    sys.path.insert(0, str(HERE.parents[1]))
    import torch
    import triton
    import cases as C

    backend = triton.runtime.driver.active.get_current_target().backend
    device = triton.runtime.driver.active.get_active_torch_device()
    sync = getattr(torch, device.type).synchronize
    results = {"device": str(device), "cuda_initialized": torch.cuda.is_initialized()}
    for case in C.GPU_SETS["suite"]():
        if case.id not in ids:
            continue
        entry = {}
        try:
            tensors = case.make(device=device.type)
            case.launch(tensors)
            sync()
            entry["ms"] = triton.testing.do_bench(lambda: case.launch(tensors), warmup=100, rep=400)
            host = {k: v.cpu() if hasattr(v, "cpu") else v for k, v in tensors.items()}
            entry["ok"], entry["check"] = case.check(host)
            # Once more, after the outputs were read back: the first do_bench of a case had
            # measured slower on the device when it followed the read-back (add at 2^26).
            entry["ms_again"] = triton.testing.do_bench(lambda: case.launch(tensors), warmup=100,
                                                        rep=400)
            # 100 launches back to back between two events (no cache clearing between them)
            di = getattr(torch, device.type)
            start, end = di.Event(enable_timing=True), di.Event(enable_timing=True)
            start.record()
            for _ in range(100):
                case.launch(tensors)
            end.record()
            end.synchronize()
            entry["chained_ms"] = start.elapsed_time(end) / 100
            if backend == "spirv":  # the dispatch alone, by GPU timestamps in one submission
                from triton_spirv import _vulkan_runtime as runtime
                from triton_spirv.launcher import SPIRVLauncher
                kernel, grid, packed = SPIRVLauncher.last_launch
                times = sorted(runtime.get_device().time_launches(kernel, *grid, packed, 200))
                entry["device_ms"] = times[len(times) // 2]
        except Exception as error:  # reported in the table
            entry["error"] = f"{type(error).__name__}: {str(error)[:300]}"
        results[case.id] = entry
        print(f"[{backend} {device}] {case.id}: {entry.get('ms', entry.get('error'))}",
              file=sys.stderr, flush=True)
    results["launch"] = host_per_launch(device, sync)
    results["cuda_initialized_after"] = torch.cuda.is_initialized()
    json.dump({"backend": backend, "results": results}, sys.stdout)


def run_worker(env_update, args):
    env = dict(os.environ, PYTHONUNBUFFERED="1", **env_update)
    cmd = [sys.executable, str(HERE), "--worker", *sum((["--only", o] for o in args.only), [])]
    run = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, text=True, timeout=args.timeout)
    if run.returncode != 0:
        raise SystemExit(f"worker {env_update} failed ({run.returncode})")
    return json.loads(run.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--json")
    parser.add_argument("--timeout", type=int, default=900)
    parser.add_argument("--worker", action="store_true")
    args = parser.parse_args()
    ids = set(args.only) or set(SUITE)
    if args.worker:
        return worker(ids)
    cuda = run_worker({"TRITON_SPIRV_BACKEND": "0"}, args)
    ours = run_worker({"TRITON_SPIRV_BACKEND": "1", "TRITON_SPIRV_CUDA": "0"}, args)
    assert cuda["backend"] == "cuda" and ours["backend"] == "spirv", (cuda["backend"], ours["backend"])
    print(f"ours: {ours['results']['device']} (CUDA initialized: "
          f"{ours['results']['cuda_initialized_after']}); baseline: {cuda['results']['device']}")
    print(f"{'case':28} {'ours ms':>9} {'CUDA ms':>9} {'ratio':>6} {'chained':>8} {'CUDA':>8} "
          f"{'ratio':>6} {'dev ms':>8}  check")
    for case_id in sorted(ids):
        mine, theirs = ours["results"].get(case_id, {}), cuda["results"].get(case_id, {})
        if "ms" not in mine or "ms" not in theirs:
            print(f"{case_id:28} {mine.get('error', '')} {theirs.get('error', '')}")
            continue
        print(f"{case_id:28} {mine['ms']:9.4f} {theirs['ms']:9.4f} {theirs['ms'] / mine['ms']:6.3f} "
              f"{mine['chained_ms']:8.4f} {theirs['chained_ms']:8.4f} "
              f"{theirs['chained_ms'] / mine['chained_ms']:6.3f} {mine.get('device_ms', 0):8.4f}  "
              f"{'ok' if mine['ok'] else 'WRONG'} {mine['check']}")
        print(f"{'':28} again: {mine['ms_again']:9.4f} {theirs['ms_again']:9.4f} "
              f"{theirs['ms_again'] / mine['ms_again']:6.3f}")
    a, b = ours["results"]["launch"], cuda["results"]["launch"]
    print(f"1000 chained launches: host {a['host_us']:.1f} ms ours, {b['host_us']:.1f} ms "
          f"Triton-CUDA (ratio ours/CUDA {a['host_us'] / b['host_us']:.2f}); until done "
          f"{a['total_us']:.1f} vs {b['total_us']:.1f} ms; of ours, the runtime's launch alone "
          f"{a.get('runtime_launch_us', float('nan')):.1f} ms")
    if args.json:
        Path(args.json).write_text(json.dumps({"ours": ours, "cuda": cuda}, indent=1))


if __name__ == "__main__":
    main()
