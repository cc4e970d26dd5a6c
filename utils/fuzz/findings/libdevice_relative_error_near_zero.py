"""Fuzzer finding (mismatch), program seed 2000030 (`fuzz.py --seed 20`, generator at commit
709218c): libdevice.atan of a float32 0.0449 was off by 8.7e-7 (160 ulp). Measured over
[-8, 8] and [0.001, 0.2], libdevice's float32 atan, tanh, log1p and expm1 lose relative accuracy
near zero (hundreds of ulp: they are computed as if absolute error were enough, e.g. expm1 like
exp(x) - 1), and the float64 tanh, log1p and expm1 reach 33-65 ulp there. Triton's CUDA libdevice
keeps these within a few ulp. erf, exp, sin and log are within 8 ulp (printed for comparison).
Fixed by 3df431a (f32: the f64 expansions rounded once, within 1 ulp; f64 log1p/expm1 without
cancellation, 3 ulp at most); kept as a regression check.

Run: python3 libdevice_relative_error_near_zero.py; exits 1 while any function listed in
EXPECTED_WITHIN_8_ULP is off by more than 8 ulp."""
import math
import sys

import numpy as np
import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def kernel(x_ptr, out_ptr, FN: tl.constexpr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r)
    if FN == 0:
        y = libdevice.atan(x)
    elif FN == 1:
        y = libdevice.tanh(x)
    elif FN == 2:
        y = libdevice.log1p(x)
    elif FN == 3:
        y = libdevice.expm1(x)
    elif FN == 4:
        y = libdevice.erf(x)
    else:
        y = tl.exp(x)
    tl.store(out_ptr + r, y)


NAMES = ["atan", "tanh", "log1p", "expm1", "erf", "exp"]
REFERENCES = [np.arctan, np.tanh, np.log1p, np.expm1, np.vectorize(math.erf), np.exp]
EXPECTED_WITHIN_8_ULP = NAMES
N = 4096


def main():
    x = np.concatenate([np.linspace(-8, 8, N // 2), np.linspace(0.001, 0.2, N // 2)])
    worst = 0.0
    for np_type, torch_type in ((np.float32, torch.float32), (np.float64, torch.float64)):
        for fn, (name, reference) in enumerate(zip(NAMES, REFERENCES)):
            xs = x.astype(np_type)
            if name == "log1p":
                xs = np.abs(xs)
            if name in ("expm1", "exp"):
                xs = np.minimum(xs, np_type(4))
            out = torch.zeros(N, dtype=torch_type)
            kernel[(1,)](torch.from_numpy(xs.copy()), out, FN=fn, N=N)
            exact = reference(xs.astype(np.float64))
            ulp = np.spacing(np.abs(exact).astype(np_type)).astype(np.float64)
            err = np.abs(out.numpy().astype(np.float64) - exact) / ulp
            i = int(np.argmax(err))
            print(f"{np_type.__name__} {name:6s} max error {err[i]:7.1f} ulp at x = {float(xs[i])!r}: "
                  f"got {float(out[i])!r}, exact {float(exact[i])!r}")
            if name in EXPECTED_WITHIN_8_ULP:
                worst = max(worst, err[i])
    print(f"worst: {worst:.1f} ulp (expected <= 8)")
    sys.exit(1 if worst > 8 else 0)


if __name__ == "__main__":
    main()
