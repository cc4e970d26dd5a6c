"""Fuzzer finding (mismatch), program seed 2700052 (`fuzz.py --seed 27`), reduced from 25
statements: tl.fma on float32 with large products (1e18 in the original program, 7e9 here;
uint32 data converted to int32 and float32, times a small float) one ulp from the once-rounded
fma (10 of 48 elements before reduction, 1 here). The reference was right: the f32 fma emulation
widens its operands to f64, and Mesa's NIR folded f2f64(i2f32(x)) into i2f64(x), so the fma
used the int32 unrounded (6.5 * 1088414788 + 6.5, not 6.5 * 1088414848 + 6.5). Plain
int32 -> float32 -> float64 casts kept every bit too. Fixed by 3f0b2a1 (widening and
float -> int conversions are NoContraction); kept as a regression check."""
import sys

import numpy as np
import torch
import triton
import triton.language as tl

@triton.jit
def kernel(in7, out31, in_r3, stride8, pstride9, stride32, stride33, stride34, pstride37, M: tl.constexpr, N: tl.constexpr):
    pid = tl.program_id(0)
    v10 = tl.load(in7 + (pid * pstride9 + tl.arange(0, M)[:, None] + tl.arange(0, N)[None, :] * stride8))
    tl.static_assert(v10.dtype == tl.uint32)
    v11 = tl.reshape(v10, (M, N//2, 2,))
    tl.static_assert(v11.dtype == tl.uint32)
    v21 = tl.trans(v11, (2, 0, 1))
    tl.static_assert(v21.dtype == tl.uint32)
    v24 = tl.load(in_r3 + (tl.arange(0, 2)[:, None, None] * 8 + tl.arange(0, M)[None, :, None] * 2 + tl.arange(0, N//2)[None, None, :]))
    tl.static_assert(v24.dtype == tl.float32)
    v25 = v21.to(tl.int32)
    tl.static_assert(v25.dtype == tl.int32)
    v29 = v25.to(tl.float32)
    tl.static_assert(v29.dtype == tl.float32)
    v30 = tl.fma(v24, v29, v24)
    tl.static_assert(v30.dtype == tl.float32)
    tl.store(out31 + (pid * pstride37 + tl.arange(0, 2)[:, None, None] * stride32 + tl.arange(0, M)[None, :, None] * stride33 + tl.arange(0, N//2)[None, None, :] * stride34), v30)

DIMS = {'M': 1, 'N': 2}
SCALARS = {'stride8': 4, 'pstride9': 16, 'stride32': 1, 'stride33': 2, 'stride34': 8, 'pstride37': 16}
GRID = (3,)
NUM_WARPS = 1
# name -> (type, initial contents in storage form)
BUFFERS = {
    'in7': ('uint32', [1465222339, 2575337218, 93591725, 628573153, 3381769088, 937801208, 1141590113, 537875696, 1786504347, 1430702430, 2366244096, 3586674010, 1338914678, 4031450039, 1952014727, 2449870026, 1088414788, 4205579800, 2172042857, 3960776841, 2298078366, 1411878721, 3676192960, 3642876459, 959030330, 2326776262, 726591178, 3299183287, 2137660113, 3333836832, 2791409743, 425078519, 2280714201, 849809206, 2441289937, 429560602, 710295612]),
    'out31': ('float32', [-1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0]),
    'in_r3': ('float32', [6.5, -3.0, 1.5, 5.75, 7.75, -3.25, 1.75, 1.0, 4.0]),
}
# output name -> (expected, tolerance, checked) where checked=False marks elements whose
# reference value is not reliable (only required to be written)
EXPECTED = {
    'out31': ([9523945472.0, -3652792832.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, 7074696704.0, -7987555840.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -1536.0, -13092644864.0, 2841182464.0],
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        [True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True, True]),
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
