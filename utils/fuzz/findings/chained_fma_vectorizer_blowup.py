"""Fuzzer finding (timeout), program seed 3300017 (`fuzz.py --seed 33 --features math --dtypes
float16,bfloat16,float32,float64`), reduced from 6 statements: three dependent tl.fma on bfloat16
(float32 and float16 alike) did not compile within 300 s. exact-float-ops emulates each fma
with values used several times (TwoSum, the round-to-odd step); the 4 elements on 2 warps sit
under a per-lane mask, where vectorize-contiguous-runs built each lane without a cache and
cloned that DAG as a tree (650k lines of IR). Fixed by 843c64f (lanes built inside a per-lane
if reuse what they cloned); kept as a regression check."""
import sys

import numpy as np
import torch
import triton
import triton.language as tl

@triton.jit
def kernel(in1, out7, pstride8, N: tl.constexpr):
    pid = tl.program_id(0)
    v2 = tl.load(in1 + (tl.arange(0, N)))
    tl.static_assert(v2.dtype == tl.bfloat16)
    v4 = tl.fma(v2, v2, v2)
    tl.static_assert(v4.dtype == tl.bfloat16)
    v5 = tl.fma(v4, v4, v4)
    tl.static_assert(v5.dtype == tl.bfloat16)
    v6 = tl.fma(v2, v5, v2)
    tl.static_assert(v6.dtype == tl.bfloat16)
    tl.store(out7 + (pid * pstride8 + tl.arange(0, N)), v6)

DIMS = {'N': 4}
SCALARS = {'pstride8': 8}
GRID = (3,)
NUM_WARPS = 2
# name -> (type, initial contents in storage form)
BUFFERS = {
    'in1': ('bfloat16', [-7.25, -7.75, -0.25, -3.5]),
    'out7': ('bfloat16', [-1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0]),
}
# output name -> (expected, tolerance, checked) where checked=False marks elements whose
# reference value is not reliable (only required to be written)
EXPECTED = {
    'out7': ([-15232.0, -21632.0, -0.2119140625, -302.0, -1536.0, -1536.0, -1536.0, -1536.0, -15232.0, -21632.0, -0.2119140625, -302.0, -1536.0, -1536.0, -1536.0, -1536.0, -15232.0, -21632.0, -0.2119140625, -302.0],
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        [True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True]),
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
