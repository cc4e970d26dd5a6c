"""FlagGems operators through the spirv vendor vs torch on the same tensors, same run.

    python3 bench/flaggems_bench.py [--quick] [--only NAME[,NAME...]] [--json FILE]

Each operator runs outside `flag_gems.use_gems()` (torch's kernels) and inside it
(FlagGems' Triton kernels compiled and launched by triton-spirv), on the same
random inputs. The first FlagGems call (compile) is not timed; outputs are checked
against torch before timing. Reported: median wall time of each, and
ratio = torch time / FlagGems time (above 1: FlagGems is faster). On the cpu route
torch uses its CPU kernels and threads; lavapipe its own worker threads.
Needs FlagGems (pip install --no-deps flag-gems==5.0.2 sqlalchemy==2.0.48 PyYAML==6.0.3).
"""

import argparse
import json
import statistics
import sys
import time

import triton_spirv.flaggems as registration

registration.install()

import flag_gems  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

DEVICE = flag_gems.device


def _randn(*shape, dtype=torch.float32, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(*shape, generator=g).to(dtype).to(DEVICE)


def _cases(quick):
    n = 1 << (18 if quick else 22)
    rows, cols = (256, 1024) if quick else (4096, 1024)
    mat = 256 if quick else 512
    x, y = _randn(n), _randn(n, seed=1)
    m, w, b = _randn(rows, cols), _randn(cols, seed=1), _randn(cols, seed=2)
    a_mm, b_mm = _randn(mat, mat), _randn(mat, mat, seed=1)
    idx = torch.randint(0, rows, (rows,), generator=torch.Generator().manual_seed(3)).to(DEVICE)
    emb_ids = torch.randint(0, 30000, (4096,), generator=torch.Generator().manual_seed(4)).to(DEVICE)
    emb = _randn(30000, 256, seed=5)
    cond = x > 0
    return [
        ("add", f"{n}", torch.add, (x, y)),
        ("mul_scalar", f"{n}", lambda t: t * 1.5, (x,)),
        ("exp", f"{n}", torch.exp, (x,)),
        ("gelu", f"{n}", F.gelu, (x,)),
        ("where", f"{n}", torch.where, (cond, x, y)),
        ("sum", f"{n}", torch.sum, (x,)),
        ("sum_dim1", f"{rows}x{cols}", lambda t: t.sum(dim=1), (m,)),
        ("amax_dim0", f"{rows}x{cols}", lambda t: t.amax(dim=0), (m,)),
        ("argmax_dim1", f"{rows}x{cols}", lambda t: t.argmax(dim=1), (m,)),
        ("softmax", f"{rows}x{cols}", lambda t: torch.softmax(t, dim=-1), (m,)),
        ("layer_norm", f"{rows}x{cols}", lambda t, w_, b_: F.layer_norm(t, (cols,), w_, b_), (m, w, b)),
        ("rms_norm", f"{rows}x{cols}", lambda t, w_: F.rms_norm(t, (cols,), w_), (m, w)),
        ("cumsum_dim1", f"{rows}x{cols}", lambda t: t.cumsum(dim=1), (m,)),
        ("mm", f"{mat}^3", torch.mm, (a_mm, b_mm)),
        ("mm_fp16", f"{mat}^3", torch.mm, (a_mm.half(), b_mm.half())),
        ("index_select", f"{rows}x{cols}", lambda t, i: t.index_select(0, i), (m, idx)),
        ("embedding", "4096 of 30000x256", F.embedding, (emb_ids, emb)),
        ("cat", f"2x {rows}x{cols}", lambda p, q: torch.cat([p, q], dim=1), (m, m)),
        ("transpose_copy", f"{rows}x{cols}", lambda t: t.t().contiguous(), (m,)),
        ("randn", f"{n}", lambda: torch.randn(n, device=DEVICE), ()),
    ]


def _time(fn, args, min_time, max_reps):
    times = []
    start = time.perf_counter()
    while len(times) < 3 or (time.perf_counter() - start < min_time and len(times) < max_reps):
        t = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _check(name, got, want):
    if name == "randn":
        return
    if isinstance(want, torch.Tensor):
        got, want = [got], [want]
    for g, w in zip(got, want):
        tol = 1e-2 if w.dtype == torch.float16 else 1e-3
        if g.shape != w.shape or not torch.allclose(g.double(), w.double(), rtol=tol, atol=tol):
            raise AssertionError(f"{name}: FlagGems result differs from torch; not timing it")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--min-time", type=float, default=0.5, help="seconds of timing per measurement")
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    if flag_gems.vendor_name != registration.VENDOR:
        sys.exit(f"FlagGems chose vendor {flag_gems.vendor_name!r}, not spirv: nothing to measure")
    from triton_spirv import driver
    props = driver.runtime.get_device().device_properties()
    print(f"device: {props['name']} ({DEVICE} route), torch {torch.__version__} "
          f"({torch.get_num_threads()} threads), FlagGems {flag_gems.__version__}")
    print(f"{'op':<15} {'size':<20} {'torch ms':>10} {'FlagGems ms':>12} {'ratio':>7}  first call s")
    only = set(args.only.split(",")) if args.only else None
    results = []
    for name, size, fn, inputs in _cases(args.quick):
        if only and name not in only:
            continue
        want = fn(*inputs)
        with flag_gems.use_gems():
            t = time.perf_counter()
            got = fn(*inputs)  # compiles (or loads from Triton's cache)
            first = time.perf_counter() - t
            gems = _time(fn, inputs, args.min_time, 200)
        _check(name, got, want)
        ref = _time(fn, inputs, args.min_time, 200)
        results.append(dict(op=name, size=size, torch_ms=ref * 1e3, flaggems_ms=gems * 1e3,
                            ratio=ref / gems, first_call_s=first))
        print(f"{name:<15} {size:<20} {ref * 1e3:>10.3f} {gems * 1e3:>12.3f} {ref / gems:>7.3f}  {first:.2f}",
              flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(device=props["name"], route=DEVICE, results=results), f, indent=1)


if __name__ == "__main__":
    main()
