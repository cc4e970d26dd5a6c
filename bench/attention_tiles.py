"""Attention forward (tutorial 06's form, bench/cases.py mha_case) at each tile of
triton_spirv.configs.attention_configs and a few others, on the active device, timed in
alternating rounds in one process (each round the best of a few launches; the machine drifts
over minutes), every result checked against float64 first. Ratios are to 32x32 at 4 warps,
measured in the same rounds.

    python3 bench/attention_tiles.py [--heads 4] [--n-ctx 512] [--head-dims 64,128] [--rounds 3]

On the GPU machine run it with TRITON_SPIRV_BACKEND=1 TRITON_SPIRV_CUDA=0 (CPU tensors on the
Vulkan GPU); bench/gpu/cuda_route.py --set tutorial06_tiles times the cuda route against
Triton-CUDA. No timed assertions: the numbers are printed, never tested.
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cases as C  # noqa: E402
from triton_spirv import configs  # noqa: E402

BASELINE = (32, 32, 4, 3)
OTHERS = [(64, 32, 4, 3), (128, 32, 4, 3), (64, 64, 4, 3), (128, 64, 8, 3), (128, 32, 8, 3),
          (64, 32, 8, 3)]


def best_ms(case, tensors, launches=3):
    times = []
    for _ in range(launches):
        start = time.perf_counter()
        case.launch(tensors)
        times.append(time.perf_counter() - start)
    return min(times) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--n-ctx", type=int, default=512)
    parser.add_argument("--head-dims", default="64,128")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    profile = configs.active_profile()
    print(f"# attention forward, {args.heads} heads x {args.n_ctx} keys, profile {profile}; "
          f"ms = median over {args.rounds} rounds of the best of 3 launches")
    for head_dim in (int(d) for d in args.head_dims.split(",")):
        listed = [(c.kwargs["BLOCK_M"], c.kwargs["BLOCK_N"], c.num_warps, c.num_stages)
                  for c in configs.attention_configs(head_dim)]
        tiles = [t for t in dict.fromkeys([BASELINE] + listed + OTHERS) if args.n_ctx % t[0] == 0]
        runs = []
        for bm, bn, warps, stages in tiles:
            case = C.mha_case(args.heads, args.n_ctx, head_dim, False, bm, bn, num_warps=warps,
                              num_stages=stages)
            tensors = case.make()
            case.launch(tensors)
            ok, message = case.check(tensors)
            if not ok:
                raise SystemExit(f"{case.id}: wrong result: {message}")
            runs.append((case, tensors, []))
        for _ in range(args.rounds):
            for case, tensors, times in runs:
                times.append(best_ms(case, tensors))
        baseline = statistics.median(runs[0][2])
        for (case, _, times), tile in zip(runs, tiles):
            ms = statistics.median(times)
            mark = "  (attention_configs)" if tile in listed else ""
            print(f"head_dim {head_dim:<4} {tile[0]}x{tile[1]} w{tile[2]} s{tile[3]}  "
                  f"{ms:9.2f} ms  x{baseline / ms:5.2f} of 32x32 w4{mark}")


if __name__ == "__main__":
    main()
