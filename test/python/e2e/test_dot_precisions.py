"""tl.dot input precisions on fp32 operands: bf16x3 and bf16x6 are the sums of the
products of the operands' bf16 terms (fp32 accumulation); tf32, tf32x3 and ieee run in
full fp32."""
import pytest
import torch
import triton
import triton.language as tl


@triton.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
               PRECISION: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b, input_precision=PRECISION))


def bf16_terms(x, parts):
    terms, rest = [], x.clone()
    for _ in range(parts):
        term = rest.to(torch.bfloat16).to(torch.float32)
        terms.append(term)
        rest = rest - term
    return terms


PRODUCTS = {"bf16x3": (2, [(0, 1), (1, 0), (0, 0)]),
            "bf16x6": (3, [(0, 2), (2, 0), (1, 1), (0, 1), (1, 0), (0, 0)])}


@pytest.mark.parametrize("precision", ["bf16x3", "bf16x6"])
def test_bf16_split_products(precision):
    torch.manual_seed(1)
    M = N = K = 32
    a, b = torch.randn(M, K), torch.randn(K, N)
    c = torch.full((M, N), float("nan"))
    dot_kernel[(1,)](a, b, c, M, N, K, precision)
    parts, products = PRODUCTS[precision]
    at, bt = bf16_terms(a, parts), bf16_terms(b, parts)
    split = sum(at[i].double() @ bt[j].double() for i, j in products)
    exact = a.double() @ b.double()
    assert not torch.isnan(c).any()
    # Equal to the split products up to fp32 summation order...
    assert (c.double() - split).abs().max() < 2e-5
    if precision == "bf16x3":
        # ...which are measurably not the full fp32 product (the test tells them apart).
        assert (split - exact).abs().max() > 1e-5
    # ...and far closer to it than one bf16 product.
    one = at[0].double() @ bt[0].double()
    assert (c.double() - exact).abs().max() < (one - exact).abs().max() / 50


@pytest.mark.parametrize("precision", ["tf32", "tf32x3", "ieee"])
def test_fp32_precisions_run_in_full_fp32(precision):
    torch.manual_seed(2)
    a, b = torch.randn(32, 32), torch.randn(32, 32)
    c = torch.full((32, 32), float("nan"))
    dot_kernel[(1,)](a, b, c, 32, 32, 32, precision)
    assert (c.double() - a.double() @ b.double()).abs().max() < 2e-5
