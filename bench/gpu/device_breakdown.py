"""Where a step's time goes on the spirv torch device: GPU time per Triton kernel, the GPU's idle
share, and the torch operators that ran on the host (the CPU fallback and the device's host
kernels), for the torch.compile'd models of bench/compiled_models.py and tutorial 05's backward.

    TRITON_SPIRV_BACKEND=1 TRITON_SPIRV_CUDA=0 TRITON_SPIRV_TORCH_DEVICE=spirv \
        python3 bench/gpu/device_breakdown.py [--size small|gpt2] [--flaggems] [--no-max-autotune]
        [--only NAME ...] [--tutorial05 PATH --ln-rows M --ln-cols N,N]

Per workload, over --iterations steps after a warm-up step:
- step ms: host wall time per step (each launch timed by device events: adds host time);
- GPU ms: the span between events recorded before and after the step; kernels ms: the sum of
  every Triton launch's own event pair; the rest of the span is the GPU waiting for the host;
- the kernels with most GPU time, and the host's operators with most self time
  (torch.profiler, CPU), where operators that fell back to the CPU show up with their copies;
- the operators that warned that they ran on the CPU.
"""
import argparse
import collections
import os
import statistics
import sys
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parent.parent))

FALLBACK_WARNING = "has no "


class KernelTimer:
    """Records a pair of timing events around every Triton launch of ours while active."""

    def __init__(self, torch, device):
        from triton_spirv.driver import SPIRVLauncher
        self.torch, self.device = torch, device
        self.active, self.pending = False, []
        original = SPIRVLauncher.__call__
        timer = self

        def timed(launcher, *args, **kwargs):
            if not timer.active:
                return original(launcher, *args, **kwargs)
            start, end = timer.event(), timer.event()
            start.record()
            result = original(launcher, *args, **kwargs)
            end.record()
            timer.pending.append((launcher.metadata.name, start, end))
            return result
        SPIRVLauncher.__call__ = timed

    def event(self):
        return self.torch.Event(device=self.device, enable_timing=True)

    def collect(self):
        """{kernel name: [launches, total ms]} of the launches recorded since the last call."""
        synchronize(self.torch, self.device)
        totals = collections.defaultdict(lambda: [0, 0.0])
        for name, start, end in self.pending:
            totals[name][0] += 1
            totals[name][1] += start.elapsed_time(end)
        self.pending = []
        return totals


def synchronize(torch, device):
    getattr(torch, device.split(":")[0]).synchronize()


def measure(torch, device, name, step, timer, iterations, top):
    step()  # warm-up: compiles, autotunes, allocates
    synchronize(torch, device)
    walls, spans = [], []
    kernels = collections.defaultdict(lambda: [0, 0.0])
    for _ in range(iterations):
        before, after = timer.event(), timer.event()
        synchronize(torch, device)
        start = time.perf_counter()
        timer.active = True
        before.record()
        step()
        after.record()
        timer.active = False
        synchronize(torch, device)
        walls.append((time.perf_counter() - start) * 1e3)
        spans.append(before.elapsed_time(after))
        for kernel, (count, ms) in timer.collect().items():
            kernels[kernel][0] += count
            kernels[kernel][1] += ms
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CPU]) as profiled:
        step()
        synchronize(torch, device)
    kernel_ms = sum(ms for _, ms in kernels.values()) / iterations
    span = statistics.median(spans)
    print(f"\n== {name}: step {statistics.median(walls):.3f} ms (host, timed launches), GPU span "
          f"{span:.3f} ms, kernels {kernel_ms:.3f} ms ({kernel_ms / span:.0%} of the span), "
          f"{sum(c for c, _ in kernels.values()) // iterations} launches per step")
    print("  kernels by GPU time (ms per step, launches per step):")
    for kernel, (count, ms) in sorted(kernels.items(), key=lambda kv: -kv[1][1])[:top]:
        print(f"    {ms / iterations:9.3f}  {count // iterations:4d}  {kernel}")
    print("  host operators by self CPU time (one step):")
    averages = sorted(profiled.key_averages(), key=lambda e: -e.self_cpu_time_total)[:top]
    for event in averages:
        print(f"    {event.self_cpu_time_total / 1e3:9.3f} ms  {event.count:5d}x  {event.key}")


def compiled_workloads(torch, device, args):
    import compiled_models
    for name, (model, make_inputs, training) in compiled_models.workloads(args.size, device).items():
        if args.only and not any(o in name for o in args.only):
            continue
        torch._dynamo.reset()
        compiled = torch.compile(model)
        inputs = make_inputs()

        def step(compiled=compiled, inputs=inputs, training=training, model=model):
            model.zero_grad(set_to_none=True)
            compiled_models.run_step(compiled, inputs, training)
        yield name, step


def tutorial05_workloads(torch, device, args):
    """Tutorial 05's LayerNorm autograd function, its definitions run from the file unchanged."""
    source = Path(args.tutorial05).read_text()
    definitions = source[:source.index("def test_layer_norm")]
    namespace = {"__name__": "tutorial05"}
    exec(compile(definitions, args.tutorial05, "exec"), namespace)
    layer_norm = namespace["layer_norm"]
    for cols in args.ln_cols:
        rows = args.ln_rows
        x = -2.3 + 0.5 * torch.randn(rows, cols, dtype=torch.float16, device=device)
        x.requires_grad_(True)
        weight = torch.rand(cols, dtype=torch.float16, device=device, requires_grad=True)
        bias = torch.rand(cols, dtype=torch.float16, device=device, requires_grad=True)
        dy = 0.1 * torch.randn_like(x)
        y = layer_norm(x, (cols,), weight, bias, 1e-5)

        def backward(y=y, dy=dy, x=x):
            x.grad = None  # as do_bench's grad_to_none
            y.backward(dy, retain_graph=True)
        yield f"tutorial 05 backward {rows}x{cols}", backward

        def forward(x=x, weight=weight, bias=bias, cols=cols):
            with torch.no_grad():
                layer_norm(x, (cols,), weight, bias, 1e-5)
        yield f"tutorial 05 forward {rows}x{cols}", forward


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", choices=["small", "gpt2"], default="small")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--models", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--flaggems", action="store_true")
    parser.add_argument("--no-max-autotune", dest="max_autotune", action="store_false")
    parser.add_argument("--tutorial05")
    parser.add_argument("--ln-rows", type=int, default=4096)
    parser.add_argument("--ln-cols", type=lambda s: [int(c) for c in s.split(",")],
                        default=[1024, 15872])
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()

    warnings.simplefilter("always")
    fallbacks = collections.Counter()
    show = warnings.showwarning

    def note(message, *rest, **kw):
        text = str(message)
        if FALLBACK_WARNING in text and "triton-spirv" in text:
            fallbacks[text.split("triton-spirv: ")[-1].split(" has no")[0]] += 1
        elif "mask = " not in text:
            show(message, *rest, **kw)
    warnings.showwarning = note

    import torch
    import triton_spirv.torch_device as torch_device
    torch_device.register()
    device = "spirv"
    if args.flaggems:
        import triton_spirv.flaggems as registration
        registration.install()
        import flag_gems
        flag_gems.enable()
    import torch._inductor.config as inductor_config
    inductor_config.max_autotune_gemm = args.max_autotune
    inductor_config.max_autotune_gemm_backends = "ATEN,TRITON"
    timer = KernelTimer(torch, device)
    workloads = []
    if args.models:
        workloads.append(compiled_workloads(torch, device, args))
    if args.tutorial05:
        workloads.append(tutorial05_workloads(torch, device, args))
    for group in workloads:
        for name, step in group:
            measure(torch, device, name, step, timer, args.iterations, args.top)
    print("\noperators that ran on the CPU (first warning each):", ", ".join(sorted(fallbacks)) or "none")


if __name__ == "__main__":
    main()
