"""Kernels whose pointers do not trace to one argument (raw 64-bit addresses)."""
import triton
import triton.language as tl


@triton.jit
def address_round_trip_kernel(x_ptr, out_ptr, addr_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    addr = (x_ptr + offs).to(tl.int64)
    tl.store(addr_ptr + offs, addr, mask=mask)
    # One element further on, rebuilt from the integer address (4 bytes).
    nxt = (addr + 4).to(tl.pointer_type(tl.float32))
    tl.store(out_ptr + offs, tl.load(nxt, mask=mask & (offs + 1 < n), other=-1.0), mask=mask)


@triton.jit
def select_between_arguments_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    src = tl.where(offs % 3 == 0, a_ptr + offs, b_ptr + offs)
    tl.store(out_ptr + offs, tl.load(src, mask=mask, other=0.0) * 2.0, mask=mask)
    first = tl.where(n > 100, a_ptr, b_ptr)
    tl.store(out_ptr + n, tl.load(first))


@triton.jit
def select_within_argument_kernel(x_ptr, out_ptr, k, n, BLOCK: tl.constexpr):
    # Both sides of each select offset the same argument: a select of
    # offsets into one buffer (tensor and scalar forms).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    src = tl.where(offs % 3 == 0, x_ptr + offs, x_ptr + n - 1 - offs)
    scalar = tl.where(k > 8, x_ptr + 8, x_ptr + k)
    tl.store(out_ptr + offs, tl.load(src, mask=mask) + tl.load(scalar), mask=mask)


@triton.jit
def store_addresses_kernel(x_ptr, y_ptr, table_ptr):
    tl.store(table_ptr, x_ptr.to(tl.int64))
    tl.store(table_ptr + 1, y_ptr.to(tl.int64))


@triton.jit
def pointer_table_kernel(table_ptr, sizes_ptr, out_ptr, x_ptr, y_ptr, BLOCK: tl.constexpr,
                         STEPS: tl.constexpr):
    # Program g sums the vector whose address is table[g], walking it with a
    # loop-carried pointer. (x_ptr/y_ptr only keep the vectors mapped for the
    # launch, as any argument does.)
    g = tl.program_id(0)
    n = tl.load(sizes_ptr + g)
    ptrs = tl.load(table_ptr + g).to(tl.pointer_type(tl.float32)) + tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for step in range(STEPS):
        offs = step * BLOCK + tl.arange(0, BLOCK)
        acc += tl.load(ptrs, mask=offs < n, other=0.0)
        ptrs += BLOCK
    tl.store(out_ptr + g, tl.sum(acc, axis=0))
