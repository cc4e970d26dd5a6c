"""Triton's tutorial 06 (fused attention), unchanged, at its test configuration on both backends.

The tutorial's own benchmark autotunes 36 configurations per sequence length and head size: on
the GPU machine, compiled one after another, that alone outlasts a device call. Under pytest the
tutorial uses one configuration (BLOCK_M 128, BLOCK_N 64, 2 stages, 4 warps); this script
imports its definitions that way (PYTEST_VERSION set) and times its `attention` forward and
backward with Triton's do_bench, as its benchmark does, in two processes: ours on the `spirv`
device (TRITON_SPIRV_BACKEND=1 TRITON_SPIRV_CUDA=0) and Triton-CUDA on CUDA tensors. Each
case's output of the first (batch, head) is checked against float64 on the CPU.

    python3 bench/gpu/tutorial06_fixed_config.py TUTORIAL.py [--n-ctx 1024,4096] [--flaggems]
        [--json out]

ratio = Triton-CUDA ms / ours.
"""
import argparse
import json
import os
import subprocess
import sys


def worker(path, n_ctx_values, head_dim, batch, heads, flaggems):
    os.environ["PYTEST_VERSION"] = "1"  # the tutorial's single configuration
    import torch
    import triton
    if flaggems:  # the torch operators of the tutorial's backward (k * scale, gradient sums)
        import triton_spirv.flaggems as registration
        registration.install()
        import flag_gems
        flag_gems.enable()
    source = open(path).read()
    namespace = {"__name__": "tutorial06"}
    exec(compile(source[:source.index("@pytest.mark.parametrize")], path, "exec"), namespace)
    attention, device = namespace["attention"], namespace["DEVICE"]
    results = []
    for n_ctx in n_ctx_values:
        for causal in (False, True):
            for mode in ("fwd", "bwd"):
                generator = torch.Generator().manual_seed(n_ctx)
                q, k, v = (torch.randn((batch, heads, n_ctx, head_dim), generator=generator)
                           .half().to(device).requires_grad_(True) for _ in range(3))
                sm_scale = 1.3
                out = attention(q, k, v, causal, sm_scale, False)
                # The first (batch, head) against float64.
                q0, k0, v0 = (t[0, 0].detach().cpu().double() for t in (q, k, v))
                scores = q0 @ k0.T * sm_scale
                if causal:
                    scores = scores.masked_fill(~torch.ones(n_ctx, n_ctx, dtype=torch.bool).tril(),
                                                float("-inf"))
                error = (out[0, 0].detach().cpu().double() - scores.softmax(-1) @ v0).abs().max()
                fn = lambda: attention(q, k, v, causal, sm_scale, False)  # noqa: E731
                if mode == "bwd":
                    grad = torch.randn_like(out)
                    fn = lambda: out.backward(grad, retain_graph=True)  # noqa: E731
                ms = triton.testing.do_bench(fn)
                flops = 4.0 * batch * heads * n_ctx * n_ctx * head_dim * (0.5 if causal else 1.0)
                flops *= 2.5 if mode == "bwd" else 1.0
                results.append({"n_ctx": n_ctx, "causal": causal, "mode": mode, "ms": ms,
                                "tflops": flops * 1e-9 / ms, "max_error": float(error)})
                print(f"  {device} {n_ctx} causal={causal} {mode}: {ms:.3f} ms, error {float(error):.2e}",
                      file=sys.stderr, flush=True)
    print("RESULT " + json.dumps(results))


def run_side(side, args):
    env = dict(os.environ)
    if side == "ours":
        env.update(TRITON_SPIRV_BACKEND="1", TRITON_SPIRV_CUDA="0", TRITON_SPIRV_TORCH_DEVICE="spirv")
    else:
        env.update(TRITON_SPIRV_BACKEND="0", TRITON_SPIRV_TORCH_DEVICE="0")
    command = [sys.executable, __file__, args.tutorial, "--worker", "--n-ctx",
               ",".join(map(str, args.n_ctx)), "--head-dim", str(args.head_dim)]
    command += ["--flaggems"] if args.flaggems and side == "ours" else []
    print(f"[{side}]", file=sys.stderr, flush=True)
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True)
    lines = [l for l in result.stdout.splitlines() if l.startswith("RESULT ")]
    if result.returncode or not lines:
        print(f"{side}: failed (exit {result.returncode}; its stderr is above)")
        return None
    return json.loads(lines[-1][len("RESULT "):])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tutorial")
    parser.add_argument("--n-ctx", type=lambda s: [int(v) for v in s.split(",")],
                        default=[1024, 4096])
    parser.add_argument("--head-dim", type=int, default=64)
    parser.add_argument("--worker", action="store_true")
    parser.add_argument("--flaggems", action="store_true",
                        help="ours: FlagGems serves the device's torch operators (else the CPU "
                             "fallback runs the backward's k * scale and gradient sums)")
    parser.add_argument("--json")
    args = parser.parse_args()
    if args.worker:
        return worker(args.tutorial, args.n_ctx, args.head_dim, batch=4, heads=32,
                      flaggems=args.flaggems)
    ours, baseline = run_side("ours", args), run_side("baseline", args)
    if not ours or not baseline:
        return 1
    print(f"tutorial 06 at BLOCK_M 128, BLOCK_N 64, 2 stages, 4 warps; batch 4, 32 heads, "
          f"head_dim {args.head_dim}, fp16 (ours on the spirv device vs Triton-CUDA)")
    print(f"{'n_ctx':>6} {'causal':>6} {'mode':>4} {'ours ms':>9} {'CUDA ms':>9} {'ratio':>6} "
          f"{'ours TFLOP/s':>12} {'error':>9}")
    for o, b in zip(ours, baseline):
        print(f"{o['n_ctx']:>6} {str(o['causal']):>6} {o['mode']:>4} {o['ms']:9.3f} {b['ms']:9.3f} "
              f"{b['ms'] / o['ms']:6.2f} {o['tflops']:12.1f} {o['max_error']:9.2e}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"ours": ours, "baseline": baseline}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
