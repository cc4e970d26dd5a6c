"""In-process A/B of a compile-time switch, for effects smaller than run-to-run noise.

On shared cores, timings of separate processes vary by 15% or more, and for minutes at a time.
That hides or invents the 2-10% effects most compiler changes have. This script compiles each
case twice in one process: once with the environment variable VAR unset and once with VAR=1.
Each build reads the variable when it builds its pipeline (TRITON_ALWAYS_COMPILE is set, and the
second copy comes from a second import of the kernels module, so Triton's caches cannot hand one
binary to both). Both results are checked against the float64 reference. Then the two copies
are timed in alternating rounds, each round taking the best of a few launches, and the medians
are compared.

The switch is a temporary `getenv("VAR")` in the compiler, never committed; the profile or a
pass option decides in the end.

    python3 bench/ab_compile_switch.py EXP_X softmax-1024x1024,layer_norm-1024x4096 [--rounds 15]

Case ids (substrings) are those of bench/cases.py's cpu_cases(). On the GPU machine,
`--gpu-set NAME` takes them from a GPU set instead (bench/cases.py GPU_SETS, CUDA tensors through
the cuda route, TRITON_SPIRV_BACKEND=1): each round then times the dispatch alone from GPU
timestamps (`time_launches`, after warm-up: the GPU idles at a low clock), and the driver's
register count of each copy is printed beside it.

    TRITON_SPIRV_BACKEND=1 python3 bench/ab_compile_switch.py EXP_X mha_fwd_fp16-128x4096x64-64x32 \
        --gpu-set tutorial06 --rounds 5
"""
import argparse
import atexit
import dataclasses
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))


_SECOND_COPIES = {}


def second_copy(module):
    """A kernel module (the e2e kernels, bench/probe_kernels.py) imported again under another
    name: new JITFunctions, empty caches."""
    if module.__name__ not in _SECOND_COPIES:
        spec = importlib.util.spec_from_file_location(module.__name__ + "_second_copy",
                                                      module.__file__)
        copy = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(copy)
        _SECOND_COPIES[module.__name__] = copy
    return _SECOND_COPIES[module.__name__]


def best_ms(launch, launches):
    best = float("inf")
    for _ in range(launches):
        start = time.perf_counter()
        launch()
        best = min(best, time.perf_counter() - start)
    return best * 1e3


class DispatchTimer:
    """Times a case's latest launch by GPU timestamps (the cuda route's dispatch alone)."""

    def __init__(self, case, tensors):
        import torch
        from triton_spirv import _vulkan_runtime as runtime
        from triton_spirv.driver import SPIRVLauncher
        case.launch(tensors)
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        self.kernel, self.grid, self.packed = SPIRVLauncher.last_launch
        self.device = runtime.get_device()
        warm = self.device.time_launches(self.kernel, *self.grid, self.packed, 5)
        self.reps = max(5, min(500, int(100 / max(statistics.median(warm), 1e-3))))
        stats = {k: v for e in self.kernel.executables() for k, v in e["statistics"].items()}
        self.registers = stats.get("Register Count")

    def __call__(self):
        self.device.time_launches(self.kernel, *self.grid, self.packed, self.reps)  # warm
        return statistics.median(self.device.time_launches(self.kernel, *self.grid, self.packed, 20))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("var", help="environment variable the compiler reads at build time")
    ap.add_argument("cases", help="comma-separated substrings of case ids")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--launches", type=int, default=5, help="launches per round (best kept)")
    ap.add_argument("--gpu-set", help="take the cases from this GPU set and time dispatches")
    args = ap.parse_args()
    os.environ["TRITON_ALWAYS_COMPILE"] = "1"
    # A cache of its own: Triton's cache key does not see VAR, so both copies would be written
    # under one key, and a later run of the same kernel would load whichever came last.
    cache = tempfile.mkdtemp(prefix="ab_compile_switch_")
    atexit.register(shutil.rmtree, cache, ignore_errors=True)
    os.environ["TRITON_CACHE_DIR"] = cache
    os.environ.pop(args.var, None)
    import cases as C
    pool = C.GPU_SETS[args.gpu_set]() if args.gpu_set else C.cpu_cases()
    device = "cuda" if args.gpu_set else "cpu"
    selected = [c for c in pool if not c.cuda_only and any(s in c.id for s in args.cases.split(","))]
    if not selected:
        sys.exit(f"no case id contains any of {args.cases!r}")
    status = 0
    for case in selected:
        kernel_module = sys.modules[case.kernel.__module__]
        second = second_copy(kernel_module)
        twin = dataclasses.replace(case, kernel=getattr(second, case.kernel.__name__))
        assert kernel_module is not second
        tensors = case.make(device=device, seed=0)
        case.launch(tensors)                    # compiled with VAR unset
        ok_off, msg_off = case.check(tensors)
        os.environ[args.var] = "1"
        twin_tensors = case.make(device=device, seed=0)
        twin.launch(twin_tensors)               # compiled with VAR=1
        ok_on, msg_on = twin.check(twin_tensors)
        os.environ.pop(args.var, None)
        if not (ok_off and ok_on):
            print(f"{case.id}: WRONG (unset: {msg_off}; set: {msg_on})")
            status = 1
            continue
        if args.gpu_set:
            time_off, time_on = DispatchTimer(case, tensors), DispatchTimer(twin, twin_tensors)
            note = f"  registers {time_off.registers} / {time_on.registers}"
        else:
            time_off = lambda: best_ms(lambda: case.launch(tensors), args.launches)  # noqa: E731
            time_on = lambda: best_ms(lambda: twin.launch(twin_tensors), args.launches)  # noqa: E731
            note = ""
        off, on = [], []
        for _ in range(args.rounds):
            off.append(time_off())
            on.append(time_on())
        m_off, m_on = statistics.median(off), statistics.median(on)
        print(f"{case.id:36s} {args.var} unset {m_off:8.3f} ms  set {m_on:8.3f} ms  "
              f"set/unset {m_on / m_off:.3f}  (best {min(off):.3f} / {min(on):.3f}){note}")
    return status


if __name__ == "__main__":
    sys.exit(main())
