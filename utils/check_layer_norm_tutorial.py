"""Numbers behind Triton tutorial 05 (layer norm) on the CPU device.

The tutorial's own test compares our fp16 results with torch's fp16 layer
norm at atol=1e-2. On a CPU torch device that reference itself is further
than that from the exact result for dw/db, so the tutorial's assert fails
whatever the kernels compute. This script runs the tutorial's unchanged
`layer_norm` (forward + backward) from the given tutorial file and reports,
for y, dx, dw, db: |ours - torch fp16|, |ours - float64|, |torch fp16 -
float64| on the tutorial's test shape.

    python3 utils/check_layer_norm_tutorial.py path/to/05-layer-norm.py
"""
import argparse
import types

import torch


def load_tutorial(path):
    # Everything up to the tutorial's own test call (its definitions only).
    source = open(path).read()
    cut = source.index("\ntest_layer_norm(")
    module = types.ModuleType("layer_norm_tutorial")
    module.__file__ = path
    exec(compile(source[:cut], path, "exec"), module.__dict__)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tutorial", help="path of 05-layer-norm.py (Triton 3.6.0)")
    parser.add_argument("--rows", type=int, default=1151)
    parser.add_argument("--cols", type=int, default=8192)
    args = parser.parse_args()
    tutorial = load_tutorial(args.tutorial)

    torch.manual_seed(0)
    dtype, eps = torch.float16, 1e-5
    shape = (args.cols,)
    weight = torch.rand(shape, dtype=dtype, requires_grad=True)
    bias = torch.rand(shape, dtype=dtype, requires_grad=True)
    x = (-2.3 + 0.5 * torch.randn(args.rows, args.cols, dtype=dtype)).requires_grad_(True)
    dy = 0.1 * torch.randn_like(x)

    def grads(fn, inputs):
        for t in inputs:
            t.grad = None
        y = fn(*inputs)
        y.backward(dy.to(y.dtype))
        return [y.detach()] + [t.grad.detach().clone() for t in inputs]

    ours = grads(lambda a, w, b: tutorial.layer_norm(a, shape, w, b, eps), [x, weight, bias])
    fp16 = grads(lambda a, w, b: torch.nn.functional.layer_norm(a, shape, w, b, eps), [x, weight, bias])
    exact = grads(lambda a, w, b: torch.nn.functional.layer_norm(a, shape, w, b, eps),
                  [t.detach().double().requires_grad_(True) for t in (x, weight, bias)])

    def dist(a, b):
        return (a.double() - b.double()).abs().max().item()

    print(f"{'':4} {'|ours-torch16|':>15} {'|ours-f64|':>11} {'|torch16-f64|':>14}  tutorial assert (atol 1e-2)")
    for name, o, r, e in zip(("y", "dx", "dw", "db"), ours, fp16, exact):
        assert not torch.isnan(o).any(), f"{name}: NaN in our result"
        print(f"{name:4} {dist(o, r):15.4g} {dist(o, e):11.4g} {dist(r, e):14.4g}  "
              f"{'passes' if torch.allclose(o, r, atol=1e-2, rtol=0) else 'fails'}")


if __name__ == "__main__":
    main()
