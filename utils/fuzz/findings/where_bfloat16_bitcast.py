"""Fuzzer finding (compile error), program seed 1100005 (`fuzz.py --seed 11`), reduced from 18
statements: tl.where on bfloat16 values fails in linalg -> SPIR-V: 'spirv.Bitcast' op mismatch in
result type bitwidth 128 and operand type bitwidth 64 (vector<4xi16> -> vector<4xf32>). Any
select of two bf16 tensors does it, e.g. tl.store(o + r, tl.where(a < b, a, b)) with a, b
loaded from bf16 pointers. Fixed by e656dbc (emulate-float-conversions moves bf16 values that are only
selected, broadcast or shuffled as i16); kept as a regression check."""
import sys

import numpy as np
import torch
import triton
import triton.language as tl

@triton.jit
def kernel(in7, in13, out25, stride14, stride15, stride26, pstride27, M: tl.constexpr, N: tl.constexpr):
    pid = tl.program_id(0)
    v9 = tl.load(in7 + (tl.arange(0, N)))
    tl.static_assert(v9.dtype == tl.bfloat16)
    v10 = tl.full((N, M,), 1.0, tl.bfloat16)
    tl.static_assert(v10.dtype == tl.bfloat16)
    v11 = tl.broadcast_to(tl.expand_dims(v9, 1), (N, M,))
    tl.static_assert(v11.dtype == tl.bfloat16)
    v12 = v10 == v11
    tl.static_assert(v12.dtype == tl.int1)
    v16 = tl.load(in13 + (tl.arange(0, N)[:, None] * stride14 + tl.arange(0, M)[None, :] * stride15))
    tl.static_assert(v16.dtype == tl.bfloat16)
    v17 = tl.where(v12, v11, v16)
    tl.static_assert(v17.dtype == tl.bfloat16)
    tl.store(out25 + (pid * pstride27 + tl.arange(0, N)[:, None] * stride26 + tl.arange(0, M)[None, :]), v17)

DIMS = {'M': 2, 'N': 1}
SCALARS = {'stride14': 1, 'stride15': 16, 'stride26': 16, 'pstride27': 256}
GRID = (1,)
NUM_WARPS = 1
# name -> (type, initial contents in storage form)
BUFFERS = {
    'in7': ('bfloat16', [-0.75]),
    'in13': ('bfloat16', [-1.75, -3.25, 6.75, 2.0, -3.5, -7.5, -6.5, 3.5, 2.5, -2.75, -4.75, 0.25, -5.0, 6.0, -6.0, -2.0, 2.25]),
    'out25': ('bfloat16', [-1536.0, -1536.0]),
}
# output name -> (expected, tolerance, checked) where checked=False marks elements whose
# reference value is not reliable (only required to be written)
EXPECTED = {
    'out25': ([-1.75, 2.25],
        [0.0, 0.0],
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
