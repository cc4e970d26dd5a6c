"""Fuzzer finding (compile error), program seed 700006 (`fuzz.py --seed 7`), reduced from 41
statements: libdevice.cbrt on float32 fails in linalg -> SPIR-V: failed to legalize operation
'math.cbrt' (float64 compiles: it has an expansion; float32 has none). Fixed by 3df431a (f32 cbrt
is the f64 expansion rounded once where the device has f64); kept as a regression check."""
import sys

import numpy as np
import torch
import triton
import triton.language as tl

from triton.language.extra import libdevice


@triton.jit
def kernel(out38, in_r1, stride39, pstride40, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, L: tl.constexpr):
    pid = tl.program_id(0)
    v32 = tl.load(in_r1 + (tl.arange(0, M)[:, None] * 16 + tl.arange(0, K)[None, :]))
    tl.static_assert(v32.dtype == tl.float32)
    v33 = tl.abs(v32)
    tl.static_assert(v33.dtype == tl.float32)
    v34 = tl.full((M, K,), 1.0, tl.float32)
    tl.static_assert(v34.dtype == tl.float32)
    v35 = v33 + v34
    tl.static_assert(v35.dtype == tl.float32)
    v36 = libdevice.cbrt(v35)
    tl.static_assert(v36.dtype == tl.float32)
    tl.store(out38 + (pid * pstride40 + tl.arange(0, M)[:, None] * stride39 + tl.arange(0, K)[None, :]), v36)

DIMS = {'M': 1, 'N': 1, 'K': 2, 'L': 1}
SCALARS = {'stride39': 16, 'pstride40': 512}
GRID = (1,)
NUM_WARPS = 1
# name -> (type, initial contents in storage form)
BUFFERS = {
    'out38': ('float32', [-1536.0, -1536.0]),
    'in_r1': ('float32', [-7.5, 0.0]),
}
# output name -> (expected, tolerance, checked) where checked=False marks elements whose
# reference value is not reliable (only required to be written)
EXPECTED = {
    'out38': ([2.040827512741089, 1.0],
        [1.6047115423134528e-05, 8.106231689453125e-06],
        [True, True]),
}
UNSIGNED = {"uint16": torch.int16, "uint32": torch.int32, "uint64": torch.int64}


def to_tensor(dtype, values):
    if dtype == "bfloat16":
        return torch.tensor(values, dtype=torch.float32).to(torch.bfloat16)
    if dtype in UNSIGNED:
        bits = np.array(values, dtype=getattr(np, dtype)).view(getattr(np, dtype[1:]))
        return triton.reinterpret(torch.from_numpy(bits.copy()), getattr(tl, dtype))
    return torch.tensor(values, dtype=getattr(torch, dtype))


def to_numpy(dtype, tensor):
    base = getattr(tensor, "base", tensor)
    if dtype == "bfloat16":
        return base.float().numpy().astype(np.float64)
    array = base.numpy()
    if dtype in UNSIGNED:
        array = array.view(getattr(np, dtype))
    return array


def main():
    tensors = {name: to_tensor(dtype, values) for name, (dtype, values) in BUFFERS.items()}
    kernel[GRID](*tensors.values(), *SCALARS.values(), **DIMS, num_warps=NUM_WARPS)
    wrong = 0
    for name, (expected, tolerance, checked) in EXPECTED.items():
        dtype = BUFFERS[name][0]
        got = to_numpy(dtype, tensors[name])
        for i, (e, t, c) in enumerate(zip(expected, tolerance, checked)):
            g = got[i]
            ok = (not c) or (abs(float(g) - e) <= t if isinstance(e, float) else int(g) == e)
            if not ok:
                wrong += 1
                if wrong <= 20:
                    print(f"{name}[{i}]: got {g!r}, expected {e!r} (tolerance {t:.3g})")
    print(f"{wrong} wrong elements")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
