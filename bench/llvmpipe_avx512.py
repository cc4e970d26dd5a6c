"""lavapipe with and without AVX-512 (TRITON_SPIRV_LLVMPIPE_AVX512), in alternating processes.

Mesa reads its CPU features once per process, so the two settings cannot share a process:
each round runs one child process per setting, alternating, and each child times every case
(best wall clock of a few launches, after a check against float64). The machine drifts by
up to 1.5x over minutes, so the report gives each case's median over the rounds and the ratio
of the medians.

    python3 bench/llvmpipe_avx512.py [--rounds 4] [--json FILE]

No timed assertions: the numbers are printed, never tested.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETTINGS = {"kept": "1", "hidden": "0"}


def measured_cases():
    import torch
    import cases as C
    return [
        C.add_case(1 << 24), C.softmax_case(1823, 781), C.softmax_case(4096, 1024),
        C.layer_norm_case(1024, 4096), C.layer_norm_case(1151, 8192, num_warps=8, block=8192),
        C.matmul_case(512, 512, 512, torch.float32, 32, 32, 16),
        C.matmul_case(512, 512, 512, torch.float32, 64, 64, 32),
        C.matmul_case(512, 512, 512, torch.float32, 128, 64, 32, 8),
        C.matmul_case(256, 256, 256, torch.float16, 32, 32, 16),
        C.matmul_case(512, 512, 512, torch.float16, 64, 64, 32),
    ]


def child():
    """Times every case under this process's setting; prints one JSON object."""
    from bench import _time_ms
    from triton_spirv import llvmpipe_cpu
    times = {}
    for case in measured_cases():
        tensors = case.make()
        case.launch(tensors)
        ok, message = case.check(tensors)
        if not ok:
            sys.exit(f"{case.id}: WRONG ({message})")
        times[case.id] = _time_ms(lambda: case.launch(tensors))[0]
    print(json.dumps({"setting": llvmpipe_cpu.describe(), "times": times}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--json", help="write the per-round times here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child()
    runs = {name: [] for name in SETTINGS}
    for round_index in range(args.rounds):
        for name, value in SETTINGS.items():
            env = dict(os.environ, TRITON_SPIRV_LLVMPIPE_AVX512=value)
            env.pop("GALLIUM_OVERRIDE_CPU_CAPS", None)
            done = subprocess.run([sys.executable, __file__, "--child"], env=env,
                                  capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"round {round_index + 1}, {name}: {done.stderr.strip()[-2000:]}")
            result = json.loads(done.stdout.strip().splitlines()[-1])
            runs[name].append(result["times"])
            print(f"round {round_index + 1}/{args.rounds} {name}: {result['setting']}",
                  flush=True)
    print(f"\n{'case':44s} {'kept ms':>9s} {'hidden ms':>10s} {'kept/hidden':>12s}")
    for case_id in runs["kept"][0]:
        kept = statistics.median(r[case_id] for r in runs["kept"])
        hidden = statistics.median(r[case_id] for r in runs["hidden"])
        print(f"{case_id:44s} {kept:9.3f} {hidden:10.3f} {kept / hidden:12.2f}")
    print("(medians over the rounds; kept/hidden > 1: hiding AVX-512 is faster)")
    if args.json:
        Path(args.json).write_text(json.dumps(runs, indent=1))


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main()
