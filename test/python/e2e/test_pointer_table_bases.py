"""Addresses read from a pointer table are bases of their own (a memref view each, as a
pointer argument is): a grouped GEMM whose matrices come from tables of addresses, rows
gathered through a table, and a table entry walked by a loop-carried pointer. Random data
against torch, outputs NaN-poisoned so that every element must be written. On the cuda route
the tables hold CUDA addresses, which the kernels translate."""
import pytest
import torch
import triton
import triton.language as tl

# torch CPU tensors on lavapipe; CUDA tensors on the cuda route (TRITON_SPIRV_BACKEND=1).
DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def grouped_gemm_kernel(a_table, b_table, c_table, sizes_ptr, lds_ptr, groups,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # Program `pid` walks the groups' output tiles in order until it finds its own.
    pid = tl.program_id(0)
    first = 0
    for g in range(groups):
        m = tl.load(sizes_ptr + 3 * g)
        n = tl.load(sizes_ptr + 3 * g + 1)
        k = tl.load(sizes_ptr + 3 * g + 2)
        tiles_n = tl.cdiv(n, BLOCK_N)
        tiles = tl.cdiv(m, BLOCK_M) * tiles_n
        if pid >= first and pid < first + tiles:
            tile = pid - first
            lda = tl.load(lds_ptr + 3 * g)
            ldb = tl.load(lds_ptr + 3 * g + 1)
            ldc = tl.load(lds_ptr + 3 * g + 2)
            a_ptr = tl.load(a_table + g).to(tl.pointer_type(tl.float16))
            b_ptr = tl.load(b_table + g).to(tl.pointer_type(tl.float16))
            c_ptr = tl.load(c_table + g).to(tl.pointer_type(tl.float32))
            rows = (tile // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
            cols = (tile % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
            ks = tl.arange(0, BLOCK_K)
            a_ptrs = a_ptr + rows[:, None] * lda + ks[None, :]
            b_ptrs = b_ptr + ks[:, None] * ldb + cols[None, :]
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
            for kk in range(0, tl.cdiv(k, BLOCK_K)):
                k_left = k - kk * BLOCK_K
                a = tl.load(a_ptrs, mask=(rows[:, None] < m) & (ks[None, :] < k_left), other=0.0)
                b = tl.load(b_ptrs, mask=(ks[:, None] < k_left) & (cols[None, :] < n), other=0.0)
                acc += tl.dot(a, b)
                a_ptrs += BLOCK_K
                b_ptrs += BLOCK_K * ldb
            c_ptrs = c_ptr + rows[:, None] * ldc + cols[None, :]
            tl.store(c_ptrs, acc, mask=(rows[:, None] < m) & (cols[None, :] < n))
        first += tiles


@pytest.mark.parametrize("shapes", [
    [(64, 64, 64)],
    [(32, 48, 80), (96, 16, 32), (17, 33, 50)],
])
def test_grouped_gemm_through_pointer_tables(shapes):
    generator = torch.Generator().manual_seed(len(shapes))
    block_m, block_n, block_k = 32, 32, 32
    a = [torch.randn(m, k, generator=generator).half() for m, n, k in shapes]
    b = [torch.randn(k, n, generator=generator).half() for m, n, k in shapes]
    a_dev, b_dev = [t.to(DEVICE) for t in a], [t.to(DEVICE) for t in b]
    c_dev = [torch.full((m, n), float("nan"), device=DEVICE) for m, n, k in shapes]

    def table(tensors):
        return torch.tensor([t.data_ptr() for t in tensors], dtype=torch.int64, device=DEVICE)

    sizes = torch.tensor([d for shape in shapes for d in shape], dtype=torch.int32, device=DEVICE)
    lds = torch.tensor([v for x, y, z in zip(a, b, c_dev) for v in (x.stride(0), y.stride(0),
                                                                     z.stride(0))],
                       dtype=torch.int32, device=DEVICE)
    tiles = sum(triton.cdiv(m, block_m) * triton.cdiv(n, block_n) for m, n, k in shapes)
    grouped_gemm_kernel[(tiles,)](table(a_dev), table(b_dev), table(c_dev), sizes, lds,
                                  len(shapes), BLOCK_M=block_m, BLOCK_N=block_n,
                                  BLOCK_K=block_k)
    for x, y, z in zip(a, b, c_dev):
        expected = x.double() @ y.double()
        got = z.cpu().double()
        assert not got.isnan().any(), "an output element was not written"
        torch.testing.assert_close(got, expected, atol=2e-3 * x.shape[1] ** 0.5, rtol=1e-3)


@triton.jit
def gather_rows_kernel(row_table, out_ptr, n, BLOCK: tl.constexpr):
    # Row i of the output is the vector whose address is row_table[i].
    i = tl.program_id(0)
    row = tl.load(row_table + i).to(tl.pointer_type(tl.float32))
    offs = tl.arange(0, BLOCK)
    for start in range(0, n, BLOCK):
        values = tl.load(row + start + offs, mask=start + offs < n, other=0.0)
        tl.store(out_ptr + i * n + start + offs, values * 2.0 + 1.0, mask=start + offs < n)


def test_rows_gathered_through_a_table():
    generator = torch.Generator().manual_seed(3)
    n = 300
    sources = [torch.randn(n, generator=generator) for _ in range(5)]
    source_dev = [s.to(DEVICE) for s in sources]
    order = [3, 0, 4, 4, 1, 2]
    table = torch.tensor([source_dev[j].data_ptr() for j in order], dtype=torch.int64,
                         device=DEVICE)
    out = torch.full((len(order), n), float("nan"), device=DEVICE)
    gather_rows_kernel[(len(order),)](table, out, n, BLOCK=128)
    expected = torch.stack([sources[j] * 2.0 + 1.0 for j in order])
    torch.testing.assert_close(out.cpu(), expected)
