"""Fuzzer finding (compile error), program seed 6800786 (`fuzz.py --seed 68`), reduced from 41
statements: an `if` yielding either a reshaped block (tl.reshape of a loaded (M, N) block to
(N, M)) or a loaded one failed in linalg -> SPIR-V: failed to legalize operation
'memref.expand_shape'. Both blocks were staged in workgroup buffers and the branch became a select
between the two buffers, one of them the reshape of a flat buffer, which fold-memref-alias-ops
cannot fold into the loads behind the select. Fixed: a reshape between row-major memrefs that lower
to one SPIR-V type is its source's pointer (ContiguousReshapeToSPIRV.cpp); kept as a regression
check (test/python/e2e/test_reshape_through_branches.py)."""
import sys

import numpy as np
import torch
import triton
import triton.language as tl

@triton.jit
def kernel(in8, in16, out77, out81, bound9, pstride10, flag15, stride17, stride18, bound19, stride78, bound79, pstride80, stride82, bound83, pstride84, M: tl.constexpr, N: tl.constexpr):
    pid = tl.program_id(0)
    v11 = tl.load(in8 + (pid * pstride10 + tl.arange(0, M)[:, None] * 0 + tl.arange(0, N)[None, :]), mask=(tl.arange(0, M)[:, None] < bound9), other=0.0)
    tl.static_assert(v11.dtype == tl.float32)
    v12 = v11 < v11
    tl.static_assert(v12.dtype == tl.int1)
    v14 = tl.reshape(v11, (N, M,))
    tl.static_assert(v14.dtype == tl.float32)
    if flag15 > 0:
        v29 = v14
    else:
        v20 = tl.load(in16 + (tl.arange(0, N)[:, None] * stride17 + tl.arange(0, M)[None, :] * stride18), mask=(tl.arange(0, M)[None, :] < bound19), other=3.0)
        tl.static_assert(v20.dtype == tl.float32)
        v29 = v20
    v53 = tl.full((M, N,), 1, tl.uint64)
    tl.static_assert(v53.dtype == tl.uint64)
    v54 = tl.full((N, M,), 0.0, tl.float32)
    tl.static_assert(v54.dtype == tl.float32)
    v55 = tl.maximum(v29, v54)
    tl.static_assert(v55.dtype == tl.float32)
    v58 = v55.to(tl.uint8)
    tl.static_assert(v58.dtype == tl.uint8)
    tl.store(out77 + (pid * pstride80 + tl.arange(0, M)[:, None] * stride78 + tl.arange(0, N)[None, :]), v53, mask=v12 & (tl.arange(0, N)[None, :] < bound79))
    tl.store(out81 + (pid * pstride84 + tl.arange(0, N)[:, None] * stride82 + tl.arange(0, M)[None, :]), v58, mask=(tl.arange(0, N)[:, None] < bound83))

DIMS = {'M': 1, 'N': 2}
SCALARS = {'bound9': 1, 'pstride10': 16, 'flag15': -1, 'stride17': 4, 'stride18': 2, 'bound19': 2, 'stride78': 8, 'bound79': 8, 'pstride80': 16, 'stride82': 3, 'bound83': 2, 'pstride84': 25}
GRID = (1,)
NUM_WARPS = 1
# name -> (type, initial contents in storage form)
BUFFERS = {
    'in8': ('float32', [1.75, -0.25]),
    'in16': ('float32', [6.25, 8.0, -1.5, -3.75, -3.75]),
    'out77': ('uint64', [157, 157]),
    'out81': ('uint8', [157, 157, 157, 157]),
}
# output name -> (expected, tolerance, checked) where checked=False marks elements whose
# reference value is not reliable (only required to be written)
EXPECTED = {
    'out77': ([157, 157],
        [0.0, 0.0],
        [True, True]),
    'out81': ([6, 157, 157, 0],
        [0.0, 0.0, 0.0, 0.0],
        [True, True, True, True]),
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
