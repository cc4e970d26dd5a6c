#!/usr/bin/env python3
"""Compile the GPU benchmark kernels HERE (the machine with MLIR) for the `nvidia` profile.

For every case of bench/cases.py:gpu_cases() that runs through SPIR-V: Triton's frontend makes the
TTIR (through our backend's `ttir` stage, with the same argument specialisation a launch with those
values gets: 16-divisible ints, ints equal to 1 become constants), then our stages
`_compiler.to_linalg` -> `to_spirvir(..., "nvidia", num_warps)` -> `to_spv` make the binary. The
bundle folder gets one `.spv` per case and `bundle.json` with the launch metadata (push-constant
layout, workgroup size, workgroup memory), the kernel signature, compile times and provenance.
The same TTIR is also compiled by Triton's CUDA backend for sm_90 on this CPU, for compile time.

    python3 bench/gpu/prepare.py [--out .gpubundle]

The bundle folder must be ignored by git (.git/info/exclude) and named in the device tool's
`carry`; see bench/gpu/README.md.
"""
import argparse
import datetime
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "bench"))

NVIDIA_SHARED_LIMIT = 48 * 1024     # maxComputeSharedMemorySize through Vulkan on the H100


def _git(*args):
    try:
        return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True,
                              timeout=30).stdout.strip()
    except Exception:
        return ""


def _best_of(fn, reps):
    best, out = None, None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn()
        dt = (time.perf_counter() - t0) * 1e6
        best = dt if best is None else min(best, dt)
    return out, best


def cuda_compile_us(ttir, name, num_warps, reps=3):
    """Triton-CUDA TTIR -> cubin (sm_90) on this CPU, per stage (best of reps), or an error text."""
    import triton
    from triton.backends.compiler import GPUTarget
    stages = {}

    def listener(src, metadata, metadata_group, times, cache_hit):
        for stage, us in times.lowering_stages:
            stages[stage] = min(stages.get(stage, 1 << 62), us)

    knobs = triton.knobs.compilation
    old = (knobs.listener, knobs.always_compile)
    knobs.listener, knobs.always_compile = listener, True
    try:
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / f"{name}.ttir"
            path.write_text(ttir)
            for _ in range(reps):
                triton.compile(str(path), target=GPUTarget("cuda", 90, 32), options={"num_warps": num_warps})
        return stages
    except Exception as e:
        return {"error": f"{type(e).__name__}: {e}"[:300]}
    finally:
        knobs.listener, knobs.always_compile = old


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(REPO / ".gpubundle"))
    ap.add_argument("--reps", type=int, default=3, help="compile repetitions (best is kept)")
    ap.add_argument("--set", default="suite", help="case set of bench/cases.py: suite | sweep")
    args = ap.parse_args()
    if os.environ.get("TRITON_INTERPRET") == "1":
        sys.exit("prepare.py: unset TRITON_INTERPRET")

    import triton
    import cases as C
    from triton_spirv import _compiler

    out = Path(args.out)
    (out / "spv").mkdir(parents=True, exist_ok=True)
    for old in (out / "spv").glob("*.spv"):
        old.unlink()
    so = sorted(Path(_compiler.__file__).parent.glob("_compiler*.so"))
    bundle = {
        "created": datetime.datetime.now().isoformat(timespec="seconds"),
        "git_head": _git("rev-parse", "HEAD"),
        "git_dirty": bool(_git("status", "--porcelain", "--untracked-files=no")),
        "compiler_so_sha256": hashlib.sha256(so[0].read_bytes()).hexdigest()[:16] if so else None,
        "profile": "nvidia",
        "set": args.set,
        "triton": triton.__version__,
        "cases": [],
    }
    spirv_val = shutil.which("spirv-val")
    for case in C.GPU_SETS[args.set]():
        if case.cuda_only:
            continue
        entry = {"id": case.id, "grid": list(case.grid), "num_warps": case.num_warps,
                 "constexprs": case.constexprs}
        try:
            ck = case.kernel.warmup(*case.make_dtypes(), grid=case.grid, **case.constexprs,
                                    num_warps=case.num_warps, num_stages=case.num_stages)
            ttir = ck.asm["ttir"]
            linalg, t_linalg = _best_of(lambda: _compiler.to_linalg(ttir), args.reps)
            spirvir, t_spirvir = _best_of(
                lambda: _compiler.to_spirvir(linalg, "nvidia", case.num_warps,
                                             num_stages=case.num_stages, **case.spirv_options),
                args.reps)
            spv, t_spv = _best_of(lambda: _compiler.to_spv(spirvir["ir"]), args.reps)
        except Exception as e:
            entry["error"] = f"{type(e).__name__}: {e}"[:500]
            bundle["cases"].append(entry)
            print(f"{case.id:40s} COMPILE ERROR {entry['error'][:200]}")
            continue
        md = spirvir["metadata"]
        entry.update({
            "signature": dict(ck.src.signature),
            "metadata": md,
            "spv": f"spv/{case.id}.spv",
            "compile_us": {"linalg": t_linalg, "spirvir": t_spirvir, "spv": t_spv},
            "ttir_to_spv_ms": (t_linalg + t_spirvir + t_spv) / 1e3,
        })
        (out / entry["spv"]).write_bytes(spv)
        if md["shared"] > NVIDIA_SHARED_LIMIT:
            entry["skip"] = f"workgroup memory {md['shared']} B > {NVIDIA_SHARED_LIMIT} B"
        if spirv_val:
            # SPIR-V 1.6 (cooperative matrices) is Vulkan 1.3's.
            version = int.from_bytes(spv[4:8], "little")
            env = "vulkan1.3" if version >= 0x00010600 else "vulkan1.2"
            r = subprocess.run([spirv_val, "--target-env", env, str(out / entry["spv"])],
                               capture_output=True, text=True)
            entry["spirv_val"] = "ok" if r.returncode == 0 else (r.stdout + r.stderr)[:300]
        cuda = cuda_compile_us(ttir, case.kernel.__name__, case.num_warps, args.reps)
        entry["cuda_compile_us_here"] = cuda
        cuda_ms = (sum(v for k, v in cuda.items() if k != "ttir") / 1e3) if "error" not in cuda else None
        entry["cuda_ttir_to_cubin_ms_here"] = cuda_ms
        bundle["cases"].append(entry)
        print(f"{case.id:40s} wg {md['workgroup_size']:4d}  shared {md['shared']:6d} B  "
              f"args {md['argument_bytes']:3d} B  spv {len(spv):6d} B  compile {entry['ttir_to_spv_ms']:6.1f} ms"
              f"  (Triton-CUDA here {cuda_ms if cuda_ms is None else round(cuda_ms, 1)} ms)"
              f"  spirv-val {entry.get('spirv_val', 'n/a')[:40]}{'  SKIP: ' + entry['skip'] if 'skip' in entry else ''}")
    (out / "bundle.json").write_text(json.dumps(bundle, indent=1))
    print(f"wrote {out}/bundle.json ({len(bundle['cases'])} kernels) from {bundle['git_head'][:10]}"
          f"{' + uncommitted changes' if bundle['git_dirty'] else ''}")


if __name__ == "__main__":
    main()
