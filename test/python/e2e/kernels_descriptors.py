"""Kernels for the tensor descriptor tests."""
import triton
import triton.language as tl


@triton.jit
def descriptor_scale_kernel(x_ptr, y_ptr, acc_ptr, M, N, ld, BM: tl.constexpr, BN: tl.constexpr):
    # Blocks overhang the M x N tensor at its right and bottom edges.
    x = tl.make_tensor_descriptor(x_ptr, [M, N], [ld, 1], [BM, BN])
    y = tl.make_tensor_descriptor(y_ptr, [M, N], [ld, 1], [BM, BN])
    acc = tl.make_tensor_descriptor(acc_ptr, [M, N], [ld, 1], [BM, BN])
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    block = x.load([m, n])
    y.store([m, n], block * 2.0 + 1.0)
    acc.atomic_add([m, n], block)


@triton.jit
def descriptor_argument_kernel(desc, out_ptr, BM: tl.constexpr, BN: tl.constexpr):
    # Copy the (padded) block at program (i, j) into a dense output.
    i = tl.program_id(0)
    j = tl.program_id(1)
    block = desc.load([i * BM, j * BN])
    rows = i * BM + tl.arange(0, BM)
    cols = j * BN + tl.arange(0, BN)
    width = tl.num_programs(1) * BN
    tl.store(out_ptr + rows[:, None] * width + cols[None, :], block)


@triton.jit
def descriptor_gather_scatter_kernel(src_ptr, dst_ptr, rows_ptr, M, N, R: tl.constexpr,
                                     BN: tl.constexpr):
    src = tl.make_tensor_descriptor(src_ptr, [M, N], [N, 1], [1, BN])
    dst = tl.make_tensor_descriptor(dst_ptr, [M, N], [N, 1], [1, BN])
    rows = tl.load(rows_ptr + tl.arange(0, R))
    col = tl.program_id(0) * BN
    block = src.gather(rows, col)
    dst.scatter(block + 1.0, rows, col)


@triton.jit
def descriptor_int_reduce_kernel(dst_ptr, src_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    dst = tl.make_tensor_descriptor(dst_ptr, [M, N], [N, 1], [BM, BN])
    src = tl.make_tensor_descriptor(src_ptr, [M, N], [N, 1], [BM, BN])
    m = tl.program_id(0) * BM
    v = src.load([m, 0])
    dst.atomic_min([m, 0], v)
    dst.atomic_max([m + M // 2, 0], v)
    dst.atomic_xor([m, 0], v)
