#!/usr/bin/env python3
"""Contended atomics: a histogram (`tl.atomic_add` of 1 into `bins` counters), a weighted one
(`tl.atomic_add` of f32 weights) and a scatter-max (`tl.atomic_max` of int32 and of f32 into
4096 slots), against torch's own ops on the same tensors in the same run (`torch.bincount`,
`index_add_`, `scatter_reduce_(..., "amax")`).

Runs on the default device (lavapipe, CPU tensors) or, with `--cuda`, on CUDA tensors through
the cuda route (set TRITON_SPIRV_BACKEND=1; with TRITON_SPIRV_BACKEND=0 the same script times
Triton-CUDA, for a comparison across two runs). Each result is checked before it is timed;
times are medians of rounds of three launches, wall clock (with a device synchronisation on
CUDA). ratio = torch's time / ours (> 1: we are faster).

    python3 bench/atomics.py [--cuda] [--sizes 1048576,16777216]

No timed assertions: the numbers are printed, never tested.
"""
import argparse
import statistics
import time

import torch
import triton
import triton.language as tl


@triton.jit
def histogram_kernel(x_ptr, counts_ptr, n, BINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(counts_ptr + x % BINS, 1, mask=mask)


@triton.jit
def weighted_histogram_kernel(x_ptr, w_ptr, sums_ptr, n, BINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(sums_ptr + x % BINS, tl.load(w_ptr + offs, mask=mask, other=0.0), mask=mask)


@triton.jit
def scatter_max_kernel(x_ptr, index_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    index = tl.load(index_ptr + offs, mask=mask, other=0)
    tl.atomic_max(out_ptr + index, tl.load(x_ptr + offs, mask=mask, other=0), mask=mask)


def median_ms(fn, device, rounds=7):
    fn()
    times = []
    for _ in range(rounds):
        if device == "cuda":
            torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(3):
            fn()
        if device == "cuda":
            torch.cuda.synchronize()
        times.append((time.perf_counter() - start) / 3 * 1e3)
    return statistics.median(times)


def cases(n, device):
    gen = torch.Generator().manual_seed(n)
    x = torch.randint(0, 1 << 20, (n,), generator=gen, dtype=torch.int32).to(device)
    index = torch.randint(0, 4096, (n,), generator=gen, dtype=torch.int32).to(device)
    grid = (triton.cdiv(n, 1024),)
    for bins in (16, 4096):
        counts = torch.zeros(bins, dtype=torch.int32, device=device)
        histogram_kernel[grid](x, counts, n, BINS=bins, BLOCK=1024)
        expected = torch.bincount((x % bins).long(), minlength=bins).int()
        yield (f"histogram {bins} bins", torch.equal(counts, expected),
               lambda c=counts, b=bins: histogram_kernel[grid](x, c, n, BINS=b, BLOCK=1024),
               lambda b=bins: torch.bincount(x % b, minlength=b))
    # Multiples of 1/2 up to 2 in size: every partial sum is exact, any order gives one answer.
    w = (torch.randint(-4, 5, (n,), generator=gen) / 2).to(device)
    for bins in (16, 4096):
        sums = torch.zeros(bins, device=device)
        weighted_histogram_kernel[grid](x, w, sums, n, BINS=bins, BLOCK=1024)
        index = (x % bins).long()
        expected = torch.zeros(bins, device=device).index_add_(0, index, w)
        yield (f"f32 sums {bins} bins", torch.equal(sums, expected),
               lambda s=sums, b=bins: weighted_histogram_kernel[grid](x, w, s, n, BINS=b, BLOCK=1024),
               lambda b=bins, i=index: torch.zeros(b, device=device).index_add_(0, i, w))
    out = torch.full((4096,), -1, dtype=torch.int32, device=device)
    scatter_max_kernel[grid](x, index, out, n, BLOCK=1024)
    expected = torch.full((4096,), -1, dtype=torch.int32, device=device).scatter_reduce_(
        0, index.long(), x, "amax")
    yield ("scatter-max 4096 slots", torch.equal(out, expected),
           lambda: scatter_max_kernel[grid](x, index, out, n, BLOCK=1024),
           lambda: torch.full((4096,), -1, dtype=torch.int32, device=device).scatter_reduce_(
               0, index.long(), x, "amax"))
    # Float max: Triton splits it by sign into integer max/min on the bits.
    v = torch.randn(n, generator=gen).to(device)
    fout = torch.full((4096,), -float("inf"), device=device)
    scatter_max_kernel[grid](v, index, fout, n, BLOCK=1024)
    expected = torch.full((4096,), -float("inf"), device=device).scatter_reduce_(
        0, index.long(), v, "amax")
    yield ("f32 scatter-max 4096", torch.equal(fout, expected),
           lambda: scatter_max_kernel[grid](v, index, fout, n, BLOCK=1024),
           lambda: torch.full((4096,), -float("inf"), device=device).scatter_reduce_(
               0, index.long(), v, "amax"))


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cuda", action="store_true", help="CUDA tensors (the cuda route)")
    parser.add_argument("--sizes", default="1048576,16777216")
    args = parser.parse_args()
    device = "cuda" if args.cuda else "cpu"
    backend = triton.runtime.driver.active.__class__.__module__
    print(f"# contended atomics on {device} tensors, driver {backend}")
    print(f"{'case':24s} {'n':>10s} {'ours ms':>9s} {'torch ms':>9s} {'x torch':>8s}")
    wrong = 0
    for n in (int(s) for s in args.sizes.split(",")):
        for name, right, ours, theirs in cases(n, device):
            if not right:
                wrong += 1
                print(f"{name:24s} {n:10d}  WRONG")
                continue
            ours_ms, torch_ms = median_ms(ours, device), median_ms(theirs, device)
            print(f"{name:24s} {n:10d} {ours_ms:9.3f} {torch_ms:9.3f} {torch_ms / ours_ms:8.2f}")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
