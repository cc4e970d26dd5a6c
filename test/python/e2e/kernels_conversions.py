"""Kernels for the float conversion tests (fp8 formats, rounding toward zero)."""
import triton
import triton.language as tl


@triton.jit
def fp8_round_trip_kernel(x_ptr, fp8_ptr, back_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(fp8_ptr + offs, x.to(fp8_ptr.dtype.element_ty), mask=mask)
    # A masked fp8 load with `other`, widened to the output's type.
    y = tl.load(fp8_ptr + offs, mask=mask, other=0.0)
    tl.store(back_ptr + offs, y.to(back_ptr.dtype.element_ty), mask=mask)


@triton.jit
def round_toward_zero_kernel(x_ptr, d_ptr, h_ptr, f_ptr, e5_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    d = tl.load(d_ptr + offs, mask=mask)
    h = x.to(tl.float16, fp_downcast_rounding="rtz")
    tl.store(h_ptr + offs, h, mask=mask)
    tl.store(f_ptr + offs, d.to(tl.float32, fp_downcast_rounding="rtz"), mask=mask)
    tl.store(e5_ptr + offs, h.to(tl.float8e5, fp_downcast_rounding="rtz"), mask=mask)


@triton.jit
def fp8_widen_kernel(fp8_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(fp8_ptr + offs).to(out_ptr.dtype.element_ty))


@triton.jit
def narrow_and_widen_kernel(x_ptr, d_ptr, x_out_ptr, d_out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    d = tl.load(d_ptr + offs, mask=mask)
    tl.store(x_out_ptr + offs, x.to(tl.float16).to(tl.float32), mask=mask)
    tl.store(d_out_ptr + offs, d.to(tl.float32).to(tl.float64), mask=mask)


@triton.jit
def f64_to_f16_kernel(d_ptr, h_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(h_ptr + offs, tl.load(d_ptr + offs, mask=mask).to(tl.float16), mask=mask)


@triton.jit
def conversion_chains_kernel(i_ptr, u_ptr, a_ptr, out_ptr, fma_ptr, int_ptr, n,
                             BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    i = tl.load(i_ptr + offs, mask=mask)
    u = tl.load(u_ptr + offs, mask=mask)
    a = tl.load(a_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, i.to(tl.float32).to(tl.float64), mask=mask)
    tl.store(out_ptr + n + offs, u.to(tl.float32).to(tl.float64), mask=mask)
    # The f32 fma emulation widens its operands to f64 (fuzzer seed 2700052).
    tl.store(fma_ptr + offs, tl.fma(a, i.to(tl.float32), a), mask=mask)
    tl.store(int_ptr + offs, i.to(tl.float32).to(tl.int32), mask=mask)
    tl.store(int_ptr + n + offs, (a * 1000.0).to(tl.float16).to(tl.int32), mask=mask)
