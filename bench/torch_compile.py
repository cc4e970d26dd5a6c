"""torch.compile'd models through triton-spirv against a baseline, in one run.

    python3 bench/torch_compile.py --device cpu    # lavapipe: Inductor's Triton CPU backend
                                                  #   through us vs its default C++ backend
    python3 bench/torch_compile.py --device cuda   # a CUDA GPU: TRITON_SPIRV_BACKEND=1 (the
                                                  #   cuda route) vs Triton-CUDA
    python3 bench/torch_compile.py --device spirv  # the spirv torch device (Vulkan memory) vs
                                                  #   Triton-CUDA on CUDA tensors (where torch
                                                  #   has CUDA) or Inductor's C++ on the CPU
    [--size small|gpt2] [--only NAME] [--json out.json] [--iterations N] [--flaggems]
    [--no-max-autotune]

Each side runs in its own process over the same models and inputs (bench/compiled_models.py):
compiled once, checked against eager, then timed per step by wall clock (synchronized).
On the spirv device, max_autotune_gemm offers ATen and Triton choices: on a device with at least
68 multiprocessors (Inductor's rule) matrix products and convolutions may take Inductor's Triton
templates (compiled by us); elsewhere they run through ATen (FlagGems or the CPU fallback).
For ours it also lists the Triton kernels Inductor generated and how many of them our launcher
ran: every one must have been (no kernel silently compiled by another backend).
ratio = baseline ms / ours ms (1.0 = parity).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
_KERNEL_DEFINITION = re.compile(r"async_compile\.triton\(\s*['\"](\w+)['\"]")


def _synchronize(device):
    import torch
    if device in ("cuda", "spirv"):
        getattr(torch, device).synchronize()


def _baseline_device():
    import torch
    return "cuda" if torch.cuda.is_available() else "cpu"


def worker(side, device, size, only, iterations, flaggems=False, max_autotune=True):
    sys.path.insert(0, str(HERE))
    import torch
    import torch._inductor.config as inductor_config
    from torch._inductor.utils import run_and_get_code
    import compiled_models

    if device == "spirv" and side == "baseline":
        device = _baseline_device()
    if device == "cpu":
        inductor_config.cpu_backend = "triton" if side == "ours" else "cpp"
    if device == "spirv":
        import triton_spirv.torch_device as torch_device
        torch_device.register()
        inductor_config.max_autotune_gemm = max_autotune
        inductor_config.max_autotune_gemm_backends = "ATEN,TRITON"
        if flaggems:  # the device's ATen operators (eager, extern mm) from FlagGems, not the CPU
            import triton_spirv.flaggems as registration
            registration.install()
            import flag_gems
            flag_gems.enable()
    launched = set()
    if side == "ours":
        from triton_spirv.driver import SPIRVLauncher
        original = SPIRVLauncher.__call__

        def recording(launcher, *args, **kwargs):
            launched.add(launcher.metadata.name)
            return original(launcher, *args, **kwargs)
        SPIRVLauncher.__call__ = recording

    results = []
    for name, (model, make_inputs, training) in compiled_models.workloads(size, device).items():
        if only and not any(o in name for o in only):
            continue
        torch._dynamo.reset()
        inputs = make_inputs()
        model.zero_grad(set_to_none=True)
        start = time.perf_counter()
        expected = compiled_models.run_step(model, inputs, training)
        _synchronize(device)
        print(f"[{side}] {name}: eager reference in {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
        compiled = torch.compile(model)
        model.zero_grad(set_to_none=True)
        start = time.perf_counter()
        got, codes = run_and_get_code(compiled_models.run_step, compiled, inputs, training)
        _synchronize(device)
        compile_s = time.perf_counter() - start
        print(f"[{side}] {name}: compiled and ran once in {compile_s:.1f} s", file=sys.stderr, flush=True)
        error = (got.float() - expected.float()).abs().max().item()
        scale = expected.float().abs().max().item()
        generated = sorted({k for code in codes for k in _KERNEL_DEFINITION.findall(code)})
        times = []
        for _ in range(iterations + 3):
            model.zero_grad(set_to_none=True)
            _synchronize(device)
            start = time.perf_counter()
            compiled_models.run_step(compiled, inputs, training)
            _synchronize(device)
            times.append((time.perf_counter() - start) * 1e3)
        results.append({
            "name": name, "ms": statistics.median(times[3:]), "compile_s": compile_s,
            "max_error": error, "scale": scale, "generated": generated,
            "ours": sorted(set(generated) & launched),
        })
    print("RESULT " + json.dumps(results))


def run_side(side, args):
    env = dict(os.environ)
    if args.device == "cuda":
        env["TRITON_SPIRV_BACKEND"] = "1" if side == "ours" else "0"
    if args.device == "spirv":
        # The baseline runs on CUDA: without the spirv device, which would take CUDA's place as
        # torch's one accelerator (CUDA autograd fails; docs/torch-device.md).
        env.update(TRITON_SPIRV_BACKEND="1" if side == "ours" else "0", TRITON_SPIRV_CUDA="0",
                   TRITON_SPIRV_TORCH_DEVICE="spirv" if side == "ours" else "0")
    command = [sys.executable, __file__, "--worker", side, "--device", args.device,
               "--size", args.size, "--iterations", str(args.iterations)]
    command += ["--flaggems"] if args.flaggems else []
    command += ["--no-max-autotune"] if not args.max_autotune else []
    for o in args.only:
        command += ["--only", o]
    # The worker's stderr (progress per model, warnings, a traceback) goes straight through, so a
    # run stopped from outside still shows how far each side got.
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True)
    lines = [l for l in result.stdout.splitlines() if l.startswith("RESULT ")]
    if result.returncode != 0 or not lines:
        print(f"{side}: failed (exit {result.returncode}; its stderr is above)")
        return None
    return json.loads(lines[-1][len("RESULT "):])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", choices=["cpu", "cuda", "spirv"], default="cpu")
    parser.add_argument("--size", choices=["small", "gpt2"], default=None)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--json")
    parser.add_argument("--worker")
    parser.add_argument("--flaggems", action="store_true",
                        help="spirv device: FlagGems serves the device's ATen operators")
    parser.add_argument("--no-max-autotune", dest="max_autotune", action="store_false",
                        help="spirv device: no template autotuning (matrix products on ATen)")
    args = parser.parse_args()
    on_gpu = args.device == "cuda" or (args.device == "spirv" and _baseline_device() == "cuda")
    args.size = args.size or ("gpt2" if on_gpu else "small")
    if args.worker:
        return worker(args.worker, args.device, args.size, args.only, args.iterations,
                      args.flaggems, args.max_autotune)
    baseline_name = "Inductor C++" if args.device == "cpu" else "Triton-CUDA"
    if args.device == "spirv":
        baseline_name = "Triton-CUDA" if _baseline_device() == "cuda" else "Inductor C++"
    ours = run_side("ours", args)
    baseline = run_side("baseline", args)
    if ours is None or baseline is None:
        sys.exit(1)
    print(f"torch.compile, {args.device}, size {args.size}: ours (triton-spirv) vs {baseline_name}")
    print(f"{'model':20} {'ours ms':>9} {baseline_name + ' ms':>16} {'ratio':>6} "
          f"{'kernels ours/all':>17} {'compile s':>9} {'max err (scale)':>18}")
    for o, b in zip(ours, baseline):
        print(f"{o['name']:20} {o['ms']:9.3f} {b['ms']:16.3f} {b['ms'] / o['ms']:6.2f} "
              f"{len(o['ours']):>8}/{len(o['generated']):<8} {o['compile_s']:9.1f} "
              f"{o['max_error']:9.2e} ({o['scale']:.1e})")
        missing = sorted(set(o["generated"]) - set(o["ours"]))
        if missing:
            print(f"  NOT run by triton-spirv: {missing}")
    if args.json:
        Path(args.json).write_text(json.dumps({"ours": ours, "baseline": baseline}, indent=1))


if __name__ == "__main__":
    main()
