#!/usr/bin/env python3
"""Per-launch cost of a trivial kernel (one program storing 16 ints), from Python.

Medians of many back-to-back launches of each layer:
  triton    k[(1,)](x, 3): Triton's JIT dispatch (its argument binding and cache lookup), our
            launcher (argument packing, host-memory lookup) and the dispatch with its wait;
  launcher  our launcher alone (what Triton calls once it found the compiled kernel);
  pack      our argument packing alone;
  device    Device.launch(sync=True) of pre-packed arguments: submission, the driver's
            execution and the fence wait;
  torch     x.add_(1) on the same 16-int CPU tensor: the baseline, measured in the same run.

Each configuration runs in its own process, alternately, for `--rounds` rounds (the 2 cores
here are shared and their speed drifts). Configurations: `default`, and `no-spin` with
TRITON_SPIRV_FENCE_SPIN_US=0 (the wait sleeps on the fence at once, as before it polled).
Where torch has CUDA, also (CUDA tensors; `device` and `pack` there are ours, `torch` is
x.add_(1) on the GPU, launched without waiting):
  cuda-route   TRITON_SPIRV_BACKEND=1: our launch ordered on torch's stream, `triton+sync`
               waiting for it (torch.cuda.synchronize);
  triton-cuda  Triton's own CUDA backend, the same kernel: `triton` launches without waiting,
               `triton+sync` waits for each.
The cpu-route configurations then run on the GPU's Vulkan driver with host memory
(TRITON_SPIRV_BACKEND=1 TRITON_SPIRV_CUDA=0).

    python3 bench/launch_overhead.py [--rounds 3] [--json out.json]

No timed assertions: numbers are printed, never tested.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIGS = {"default": {}, "no-spin": {"TRITON_SPIRV_FENCE_SPIN_US": "0"}}
CUDA_CONFIGS = {
    "cuda-route": {"TRITON_SPIRV_BACKEND": "1", "TRITON_SPIRV_CUDA": "1"},
    "triton-cuda": {"TRITON_SPIRV_BACKEND": "0"},
}
LAYERS = ("triton", "triton+sync", "launcher", "pack", "device", "torch")


def _median_us(fn, reps):
    times = []
    for _ in range(reps):
        start = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def measure(reps, on_gpu):
    """Medians (µs) of each layer in this process (NaN where the layer does not apply)."""
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def store_iota(out_ptr, start):
        offsets = tl.arange(0, 16)
        tl.store(out_ptr + offsets, offsets + start)

    out = torch.full((16,), -1, dtype=torch.int32, device="cuda" if on_gpu else "cpu")
    store_iota[(1,)](out, 3)
    if not torch.equal(out.cpu(), torch.arange(16, dtype=torch.int32) + 3):
        raise SystemExit(f"launch_overhead: wrong result {out.tolist()}")
    layers = {"triton": lambda: store_iota[(1,)](out, 3)}
    if on_gpu:
        def launch_and_wait():
            store_iota[(1,)](out, 3)
            torch.cuda.synchronize()
        layers["triton+sync"] = launch_and_wait
    ours = os.environ.get("TRITON_SPIRV_BACKEND") != "0"
    if ours:
        from triton_spirv import _vulkan_runtime as runtime
        compiled = next(iter(store_iota.device_caches[out.device.index or 0][0].values()))
        launcher = compiled.run
        layers["pack"] = lambda: launcher.pack([out, 3], (1, 1, 1))
    if ours and not on_gpu:
        kernel = launcher._load(compiled.function)
        packed = launcher.pack([out, 3], (1, 1, 1))
        device = runtime.get_device()
        layers["launcher"] = lambda: launcher(1, 1, 1, 0, compiled.function, None, None, None,
                                              None, out, 3)
        layers["device"] = lambda: device.launch(kernel, 1, 1, 1, packed, sync=True)
    layers["torch"] = lambda: out.add_(1)
    for fn in layers.values():  # warm up
        _median_us(fn, 200)
    result = {name: _median_us(fn, reps) for name, fn in layers.items()}
    if on_gpu:
        torch.cuda.synchronize()
    name = (runtime.get_device().device_properties().get("name", "") if ours
            else torch.cuda.get_device_name())
    return {"device_name": name, **{layer: result.get(layer, float("nan")) for layer in LAYERS}}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reps", type=int, default=3000)
    ap.add_argument("--json")
    ap.add_argument("--worker", choices=("cpu", "gpu"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(measure(args.reps, args.worker == "gpu")))
        return
    sys.path.insert(0, str(HERE))
    import machine
    import torch
    configs = {name: ("cpu", dict(env)) for name, env in CONFIGS.items()}
    if torch.cuda.is_available():
        # On a GPU an import of host memory ends once the device is idle: `device` relaunches
        # arguments packed once, so their import must stay (the tensor lives throughout).
        for _, env in configs.values():
            env.update({"TRITON_SPIRV_BACKEND": "1", "TRITON_SPIRV_CUDA": "0",
                        "TRITON_SPIRV_HOST_IMPORT_CACHE": "16"})
        configs.update({name: ("gpu", env) for name, env in CUDA_CONFIGS.items()})
    results = {name: [] for name in configs}
    for _ in range(args.rounds):
        for name, (where, env) in configs.items():
            out = subprocess.run([sys.executable, __file__, "--worker", where, "--reps",
                                  str(args.reps)], env={**os.environ, **env}, capture_output=True,
                                 text=True)
            if out.returncode != 0:
                raise SystemExit(f"launch_overhead: {name} failed:\n{out.stdout}{out.stderr}")
            results[name].append(json.loads(out.stdout.strip().splitlines()[-1]))
    info = machine.describe(results["default"][0]["device_name"])
    print(machine.header_line(info))
    print("# devices: " + ", ".join(f"{name}: {rounds[0]['device_name']}"
                                    for name, rounds in results.items()))
    print(f"\nmedian µs per launch, each round's median (rounds: {args.rounds}); "
          "x torch = torch's x.add_(1) time / ours (same process)")
    print(f"{'config':11s} " + " ".join(f"{layer:>18s}" for layer in LAYERS) + "   x torch (triton)")
    for name, rounds in results.items():
        cells = [", ".join("-" if r[layer] != r[layer] else f"{r[layer]:.1f}" for r in rounds)
                 for layer in LAYERS]
        ratio = ", ".join(f"{r['torch'] / r['triton']:.3f}" for r in rounds)
        print(f"{name:11s} " + " ".join(f"{c:>18s}" for c in cells) + f"   {ratio}")
    best = {name: min(r["triton"] for r in rounds) for name, rounds in results.items()}
    print(f"\nno-spin / default (triton, best round): {best['no-spin'] / best['default']:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": info, "results": results}, indent=1))


if __name__ == "__main__":
    main()
