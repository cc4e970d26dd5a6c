"""Liger-Kernel's kernels through triton-spirv against float64 references, beside Triton-CUDA's
errors in the same run (issue 63: the ones that were wrong or less exact on the H100):

    python3 bench/gpu/liger_check.py --device cuda   # the cuda route (TRITON_SPIRV_BACKEND=1)
                                                     #   and Triton-CUDA, each in its own process
    python3 bench/gpu/liger_check.py --device spirv  # the spirv torch device, and Triton-CUDA
                                                     #   on CUDA tensors where torch has CUDA
    python3 bench/gpu/liger_check.py --device cpu    # lavapipe on CPU tensors (ours only)
    [--only NAME ...] [--json out.json]

Needs `liger_kernel` installed. Each case runs forward and backward on its device; every output
and gradient is compared with the same computation in float64 on the CPU: error = max |got -
reference| / max |reference|. A later torch operation reads every result (a device-side
assert or a fault shows there). For ours it also lists the Triton kernels that ran and checks
that our launcher ran each of them.
"""
import argparse
import json
import os
import subprocess
import sys


def _group_norm(torch, device, dtype):
    from liger_kernel.transformers.group_norm import LigerGroupNorm
    batch, channels, groups, hidden = 2, 48, 12, 8192
    gen = torch.Generator().manual_seed(1)
    x = torch.randn(batch, channels, hidden, generator=gen)
    weight, bias = torch.randn(channels, generator=gen), torch.randn(channels, generator=gen)
    grad = torch.randn(batch, channels, hidden, generator=gen)

    def reference():
        x64, w64, b64 = (t.double().requires_grad_() for t in (x, weight, bias))
        y = torch.nn.functional.group_norm(x64, groups, w64, b64, eps=1e-6)
        y.backward(grad.double())
        return {"y": y.detach(), "dx": x64.grad, "dweight": w64.grad, "dbias": b64.grad}

    def ours():
        layer = LigerGroupNorm(channels, groups, eps=1e-6, bias=True).to(device, dtype)
        with torch.no_grad():
            layer.weight.copy_(weight.to(device, dtype))
            layer.bias.copy_(bias.to(device, dtype))
        xd = x.to(device, dtype, copy=True).requires_grad_()
        y = layer(xd)
        y.backward(grad.to(device, dtype))
        return {"y": y, "dx": xd.grad, "dweight": layer.weight.grad, "dbias": layer.bias.grad}
    return reference, ours


def _jsd(torch, device, dtype, beta=0.5):
    from liger_kernel.transformers.jsd import LigerJSD
    rows, vocab = 1024, 4096
    gen = torch.Generator().manual_seed(2)
    log_q = torch.randn(rows, vocab, generator=gen).log_softmax(-1)
    log_p = torch.randn(rows, vocab, generator=gen).log_softmax(-1)

    def reference():
        q = log_q.double().requires_grad_()
        p = log_p.double()
        m = beta * p.exp() + (1 - beta) * q.exp()
        loss = (beta * p.exp() * (p - m.log()) + (1 - beta) * q.exp() * (q - m.log())).sum() / rows
        loss.backward()
        return {"loss": loss.detach(), "dlog_q": q.grad}

    def ours():
        q = log_q.to(device, dtype, copy=True).requires_grad_()
        loss = LigerJSD(beta=beta)(q, log_p.to(device, dtype))
        loss.backward()
        return {"loss": loss, "dlog_q": q.grad}
    return reference, ours


def _fused_linear_cross_entropy(torch, device, dtype):
    from liger_kernel.transformers.fused_linear_cross_entropy import LigerFusedLinearCrossEntropyLoss
    tokens, hidden, vocab = 1024, 1024, 8192
    gen = torch.Generator().manual_seed(3)
    x = torch.randn(tokens, hidden, generator=gen) / hidden ** 0.5
    weight = torch.randn(vocab, hidden, generator=gen)
    target = torch.randint(0, vocab, (tokens,), generator=gen)
    target[torch.randperm(tokens, generator=gen)[:tokens // 8]] = -100

    def reference():
        x64, w64 = x.double().requires_grad_(), weight.double().requires_grad_()
        loss = torch.nn.functional.cross_entropy(x64 @ w64.T, target, ignore_index=-100)
        loss.backward()
        return {"loss": loss.detach(), "dx": x64.grad, "dweight": w64.grad}

    def ours():
        xd = x.to(device, dtype, copy=True).requires_grad_()
        wd = weight.to(device, dtype, copy=True).requires_grad_()
        loss = LigerFusedLinearCrossEntropyLoss()(wd, xd, target.to(device))
        loss.backward()
        # a later torch operation on the results: where the kernels broke the stream, it asserts
        _ = (xd.grad.float().sum() + wd.grad.float().sum() + loss.float()).item()
        return {"loss": loss, "dx": xd.grad, "dweight": wd.grad}
    return reference, ours


CASES = {
    "group_norm fp32 2x48x8192 (12 groups)": lambda t, d: _group_norm(t, d, t.float32),
    "jsd fp32 1024x4096 beta 0.5": lambda t, d: _jsd(t, d, t.float32),
    "jsd fp32 1024x4096 beta 0.1": lambda t, d: _jsd(t, d, t.float32, beta=0.1),
    "fused_linear_cross_entropy fp32 1024x1024x8192": lambda t, d: _fused_linear_cross_entropy(t, d, t.float32),
    "fused_linear_cross_entropy bf16 1024x1024x8192": lambda t, d: _fused_linear_cross_entropy(t, d, t.bfloat16),
}


def run_side(device, only):
    import torch
    import triton
    launched = set()
    if device == "spirv":
        import triton_spirv.torch_device  # noqa: F401  registers torch.spirv
    if os.environ.get("TRITON_SPIRV_BACKEND") == "1" or device in ("cpu", "spirv"):
        from triton_spirv.driver import SPIRVLauncher
        original = SPIRVLauncher.__call__

        def recording(launcher, *args, **kwargs):
            launched.add(launcher.metadata.name)
            return original(launcher, *args, **kwargs)
        SPIRVLauncher.__call__ = recording
    triton_kernels = set()
    original_run = triton.runtime.jit.JITFunction.run

    def counting(fn, *args, **kwargs):
        triton_kernels.add(fn.__name__)
        return original_run(fn, *args, **kwargs)
    triton.runtime.jit.JITFunction.run = counting
    results = {}
    for name, make in CASES.items():
        if only and not any(o in name for o in only):
            continue
        reference, ours = make(torch, device)
        launched.clear()
        triton_kernels.clear()
        try:
            got = {k: v.detach().cpu().double() for k, v in ours().items()}
        except Exception as error:  # reported per case, the other cases still run
            results[name] = {"error": f"{type(error).__name__}: {str(error)[:300]}"}
            continue
        want = reference()
        errors = {k: ((got[k] - want[k]).abs().max() / want[k].abs().max().clamp_min(1e-30)).item()
                  for k in want}
        results[name] = {"errors": errors, "kernels": sorted(triton_kernels), "ours": sorted(launched)}
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", choices=["cpu", "cuda", "spirv"], required=True)
    ap.add_argument("--only", action="append")
    ap.add_argument("--json")
    ap.add_argument("--side", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.side:
        device = "cuda" if args.side == "triton-cuda" else args.device
        print(json.dumps(run_side(device, args.only)))
        return
    sides = {"ours": {"TRITON_SPIRV_BACKEND": "1", "TRITON_SPIRV_CUDA": "1"}}
    if args.device == "spirv":
        sides["ours"].update(TRITON_SPIRV_CUDA="0", TRITON_SPIRV_TORCH_DEVICE="spirv")
    if args.device != "cpu":
        sides["triton-cuda"] = {"TRITON_SPIRV_BACKEND": "0"}
    report = {}
    for side, env in sides.items():
        command = [sys.executable, __file__, "--device", args.device, "--side", side]
        for o in args.only or []:
            command += ["--only", o]
        done = subprocess.run(command, env={**os.environ, **env}, capture_output=True, text=True)
        if done.returncode:
            print(f"[{side}] failed:\n{done.stderr[-3000:]}")
            continue
        report[side] = json.loads(done.stdout.strip().splitlines()[-1])
    ours = report.get("ours", {})
    for name, result in ours.items():
        base = report.get("triton-cuda", {}).get(name, {})
        if "error" in result:
            print(f"{name}: ours FAILED {result['error']}")
            continue
        missing = sorted(set(result["kernels"]) - set(result["ours"]))
        print(f"{name}: kernels {', '.join(result['kernels'])}; ours ran "
              f"{len(result['ours'])}/{len(result['kernels'])}{' MISSING ' + str(missing) if missing else ''}")
        for key, error in result["errors"].items():
            other = base.get("errors", {}).get(key)
            print(f"    {key:10s} ours {error:.2e}" + (f"   triton-cuda {other:.2e}" if other is not None else ""))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
