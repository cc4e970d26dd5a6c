"""20 common FlagGems operators on the spirv torch device against torch's CUDA eager kernels
(issue 61's report), in one run on a machine with CUDA:

    python3 bench/gpu/flaggems_device.py [--only NAME ...] [--json out.json]

Two processes over the same inputs (made on the CPU from one seed): ours, FlagGems' `spirv`
vendor on device memory (TRITON_SPIRV_BACKEND=1 TRITON_SPIRV_CUDA=0, no CUDA context, any
fallback to the CPU an error), and torch's own CUDA operators. Each side's time is Triton's
do_bench on its own device's events; each result is compared with float64 on the CPU.
ratio = CUDA ms / ours (1.0 = parity).
"""
import argparse
import json
import os
import subprocess
import sys

# rows x columns of the 2-D cases (fp32, 64 MiB each), fp16 matrix product size;
# FLAGGEMS_BENCH_SMALL=1 for a quick check of the script on lavapipe.
M, N, MM = (256, 512, 128) if os.environ.get("FLAGGEMS_BENCH_SMALL") else (4096, 4096, 2048)


def inputs(torch):
    gen = torch.Generator().manual_seed(0)
    return {
        "x": torch.randn(M, N, generator=gen),
        "w": torch.randn(M, N, generator=gen),
        "a": torch.randn(MM, MM, generator=gen).half(),
        "b": torch.randn(MM, MM, generator=gen).half(),
        "i": torch.randint(0, M, (M // 2,), generator=gen),
        "g": torch.rand(N, generator=gen) + 0.5,
        "h": torch.randn(N, generator=gen),
    }


def cases(torch):
    F = torch.nn.functional
    return {
        "add": lambda t: t["x"] + 2.5 * t["w"],
        "mul": lambda t: t["x"] * t["w"],
        "div": lambda t: t["x"] / t["w"],
        "exp": lambda t: torch.exp(t["x"]),
        "abs": lambda t: torch.abs(t["x"]),
        "where": lambda t: torch.where(t["x"] > 0, t["x"], t["w"]),
        "mm_fp16": lambda t: t["a"] @ t["b"],
        "sum_dim1": lambda t: t["x"].sum(dim=1),
        "mean_dim0": lambda t: t["x"].mean(dim=0),
        "amax_dim1": lambda t: t["x"].amax(dim=1),
        "softmax": lambda t: torch.softmax(t["x"], dim=-1),
        "log_softmax": lambda t: torch.log_softmax(t["x"], dim=-1),
        "layer_norm": lambda t: F.layer_norm(t["x"], (N,), t["g"], t["h"]),
        "gelu": lambda t: F.gelu(t["x"]),
        "silu": lambda t: F.silu(t["x"]),
        "relu": lambda t: F.relu(t["x"]),
        "tanh": lambda t: torch.tanh(t["x"]),
        "index_select": lambda t: t["x"].index_select(0, t["i"]),
        "cat": lambda t: torch.cat([t["x"], t["w"]], dim=1),
        "transpose_copy": lambda t: t["x"].t().contiguous(),
    }


def worker(side, only, out):
    if side == "ours":
        os.environ["TRITON_SPIRV_TORCH_DEVICE"] = "spirv"
        os.environ["TRITON_SPIRV_TORCH_FALLBACK"] = "error"
        import triton_spirv.flaggems as registration
        registration.install()
        import flag_gems
        flag_gems.enable()
        device = "spirv"
    else:
        device = "cuda"
    import torch
    import triton
    host = inputs(torch)
    results = {}
    for name, fn in cases(torch).items():
        if only and name not in only:
            continue
        entry = results[name] = {}
        try:
            t = {k: v.to(device) for k, v in host.items()}
            got = fn(t).cpu()
            ref = fn({k: (v.double() if v.is_floating_point() else v) for k, v in host.items()})
            err = ((got.double() - ref).abs().max() / ref.abs().max().clamp_min(1e-30)).item()
            entry["rel_err"] = err
            entry["ms"] = triton.testing.do_bench(lambda: fn(t), warmup=50, rep=200)
        except Exception as exc:  # noqa: BLE001 - reported per case
            entry["error"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:300]}"
        print(side, name, entry, flush=True)
    if side == "ours":
        import torch as _t  # CUDA must never have been initialized on our side
        results["_cuda_initialized"] = bool(_t.cuda.is_initialized())
    with open(out, "w") as f:
        json.dump(results, f)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--json")
    ap.add_argument("--worker", choices=("ours", "cuda"))
    ap.add_argument("--out")
    args = ap.parse_args()
    if args.worker:
        return worker(args.worker, args.only, args.out)
    sides = {}
    for side in ("ours", "cuda"):
        env = dict(os.environ)
        if side == "ours":
            env.update(TRITON_SPIRV_BACKEND="1", TRITON_SPIRV_CUDA="0")
        else:
            env.pop("TRITON_SPIRV_BACKEND", None)
        out = f"/tmp/flaggems_device_{side}.json"
        cmd = [sys.executable, __file__, "--worker", side, "--out", out]
        for o in args.only:
            cmd += ["--only", o]
        subprocess.run(cmd, env=env, check=False)
        sides[side] = json.load(open(out)) if os.path.exists(out) else {}
    ours, cuda = sides["ours"], sides["cuda"]
    print(f"FlagGems on the spirv device vs torch CUDA eager ({M}x{N} fp32; mm {MM}^3 fp16)")
    print(f"{'op':16} {'ours ms':>9} {'CUDA ms':>9} {'ratio':>6} {'ours err':>9} {'CUDA err':>9}")
    import torch
    for name in cases(torch):
        o, c = ours.get(name), cuda.get(name)
        if o is None and c is None:
            continue
        if o is None or c is None or "ms" not in o or "ms" not in c:
            print(f"{name:16} ours: {(o or {}).get('error', o)}  cuda: {(c or {}).get('error', c)}")
            continue
        print(f"{name:16} {o['ms']:9.4f} {c['ms']:9.4f} {c['ms'] / o['ms']:6.2f} "
              f"{o['rel_err']:9.1e} {c['rel_err']:9.1e}")
    print("CUDA initialized on our side:", ours.get("_cuda_initialized"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(sides, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
