"""Accuracy of Triton's fp32 math functions on this backend beside Triton-CUDA, on one GPU.

Each function runs on 2^20 points of its range, once on the spirv device (our SPIR-V, the
Vulkan driver) and once under Triton's CUDA backend, each in its own process; errors are
against float64 numpy. Prints max absolute error and max error in ulps of the fp32 result,
and the ratio ours / Triton-CUDA.

    python3 bench/gpu/math_accuracy.py [--functions sin,cos] [--json out.json]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

# name -> (numpy reference, range, log-spaced)
FUNCTIONS = {
    "sin": (np.sin, (-8.0, 8.0), False),
    "cos": (np.cos, (-8.0, 8.0), False),
    "sin_wide": (np.sin, (-1000.0, 1000.0), False),
    "exp": (np.exp, (-80.0, 80.0), False),
    "exp2": (np.exp2, (-120.0, 120.0), False),
    "log": (np.log, (1e-30, 1e30), True),
    "log2": (np.log2, (1e-30, 1e30), True),
    "sqrt": (np.sqrt, (1e-30, 1e30), True),
    "rsqrt": (lambda x: 1.0 / np.sqrt(x), (1e-30, 1e30), True),
}
CODES = {name: i for i, name in enumerate(FUNCTIONS)}


def points(name, n=1 << 20):
    _, (lo, hi), log_spaced = FUNCTIONS[name]
    if log_spaced:
        return np.exp(np.linspace(np.log(lo), np.log(hi), n)).astype(np.float32)
    return np.linspace(lo, hi, n).astype(np.float32)


def run_backend(names, device):
    """In this process: each function's fp32 results on `device` (Triton's active backend)."""
    import torch
    import triton
    import triton.language as tl

    @triton.jit
    def math_kernel(x_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        if FN == 0 or FN == 2:
            y = tl.sin(x)
        elif FN == 1:
            y = tl.cos(x)
        elif FN == 3:
            y = tl.exp(x)
        elif FN == 4:
            y = tl.exp2(x)
        elif FN == 5:
            y = tl.log(x)
        elif FN == 6:
            y = tl.log2(x)
        elif FN == 7:
            y = tl.sqrt(x)
        else:
            y = tl.rsqrt(x)
        tl.store(out_ptr + offs, y, mask=mask)

    results = {}
    for name in names:
        x = torch.from_numpy(points(name)).to(device)
        out = torch.full_like(x, float("nan"))
        n = x.numel()
        math_kernel[(triton.cdiv(n, 1024),)](x, out, n, FN=CODES[name], BLOCK=1024)
        results[name] = out.cpu().numpy()
    return results


def errors(name, got):
    reference, _, _ = FUNCTIONS[name]
    x = points(name).astype(np.float64)
    exact = reference(x)
    got = np.asarray(got, dtype=np.float64)
    ulp = np.spacing(np.abs(exact).astype(np.float32)).astype(np.float64)
    absolute = np.abs(got - exact)
    return float(absolute.max()), float((absolute / ulp).max())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--functions", default=",".join(FUNCTIONS))
    parser.add_argument("--json")
    parser.add_argument("--child", choices=["spirv", "cuda"], help=argparse.SUPPRESS)
    parser.add_argument("--child-out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = args.functions.split(",")
    if args.child:
        np.savez(args.child_out, **run_backend(names, args.child))
        return
    outputs = {}
    workdir = tempfile.mkdtemp(prefix="math_accuracy_")
    for backend, env in (("ours", {"TRITON_SPIRV_BACKEND": "1", "TRITON_SPIRV_CUDA": "0",
                                   "TRITON_SPIRV_TORCH_DEVICE": "spirv"}),
                         ("triton-cuda", {"TRITON_SPIRV_BACKEND": "0"})):
        device = "spirv" if backend == "ours" else "cuda"
        path = os.path.join(workdir, backend + ".npz")
        run = subprocess.run([sys.executable, __file__, "--functions", args.functions,
                              "--child", device, "--child-out", path],
                             env=dict(os.environ, **env),
                             capture_output=True, text=True, timeout=600)
        if run.returncode:
            sys.exit(f"{backend}: {run.stderr[-3000:]}")
        outputs[backend] = dict(np.load(path))
    table = {}
    print(f"{'function':10} {'ours abs':>10} {'ours ulp':>10} {'cuda abs':>10} {'cuda ulp':>10} "
          f"{'ulp ratio':>9}")
    for name in names:
        ours, cuda = errors(name, outputs["ours"][name]), errors(name, outputs["triton-cuda"][name])
        table[name] = {"ours": ours, "triton-cuda": cuda}
        ratio = ours[1] / cuda[1] if cuda[1] else float("inf")
        print(f"{name:10} {ours[0]:10.3g} {ours[1]:10.3g} {cuda[0]:10.3g} {cuda[1]:10.3g} "
              f"{ratio:9.2f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(table, f, indent=1)


if __name__ == "__main__":
    main()
