"""Benchmark cases shared by bench/bench.py (default Vulkan device) and bench/gpu/ (H100 via Vulkan).

A case is one kernel launch at one size: its tensors, its arguments in the kernel's order, its
grid / constexprs / num_warps, a float64 reference, the torch eager equivalent and the bytes /
floating-point operations it must move / do. Each runner makes the tensors where it runs them
(CPU for lavapipe and the interpreter, Vulkan buffers + CUDA on the GPU machine).

The kernels are the end-to-end test kernels (test/python/e2e/kernels.py): the same Triton source
runs through triton-spirv, Triton's interpreter and Triton's CUDA backend. The case type is in
case_types.py, the fused-attention cases in attention_cases.py; the sets are here.
"""
import math
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO / "test" / "python") not in sys.path:
    sys.path.insert(0, str(REPO / "test" / "python"))
if str(REPO / "bench") not in sys.path:
    sys.path.insert(0, str(REPO / "bench"))

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from e2e import kernels as K  # noqa: E402  (imported after TRITON_INTERPRET is decided)

from case_types import Case, T, Tensor  # noqa: E402
from attention_cases import any_length_attention_case, mha_bwd_case, mha_case  # noqa: E402


def _f(dtype):
    return {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16"}[dtype]


def _named(kernel, dtype):
    """Case names of the fp32 kernels stay as they were; other dtypes are suffixed."""
    return kernel if dtype == torch.float32 else f"{kernel}_{_f(dtype)}"


# bf16 results round to 8 bits of mantissa (and the kernels round each step).
_ELEMENTWISE_TOL = {torch.float32: 1e-5, torch.float16: 2e-3, torch.bfloat16: 2e-2}


def add_case(n, num_warps=4, block=1024, dtype=torch.float32):
    esz = torch.tensor([], dtype=dtype).element_size()
    return Case(_named("add", dtype), f"2^{int(math.log2(n))}" if n & (n - 1) == 0 else str(n),
                K.add_kernel,
                {"x": Tensor((n,), dtype), "y": Tensor((n,), dtype),
                 "out": Tensor((n,), dtype, output=True)},
                [T("x"), T("y"), T("out"), n], {"BLOCK": block}, (math.ceil(n / block), 1, 1),
                num_warps,
                reference=lambda t: {"out": t["x"] + t["y"]},
                torch_fn=lambda t: torch.add(t["x"], t["y"]),
                bytes=3 * esz * n, config=f"B{block}", tol=_ELEMENTWISE_TOL[dtype])


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)


def copy_case(nbytes, num_warps=4, block=1024):
    """A plain copy moving `nbytes` (half read, half written): the device's ceiling for a
    memory-bound kernel that must move that many bytes at least once."""
    n = max(block, nbytes // 8 // block * block)
    return Case("copy", str(n), copy_kernel,
                {"src": Tensor((n,), torch.float32), "dst": Tensor((n,), torch.float32, output=True)},
                [T("src"), T("dst"), n], {"BLOCK": block}, (math.ceil(n / block), 1, 1), num_warps,
                reference=lambda t: {"dst": t["src"]}, torch_fn=lambda t: t["src"].clone(),
                bytes=2 * 4 * n, config=f"B{block}")


def softmax_case(rows, cols, num_warps=4, dtype=torch.float32):
    block = triton_next_pow2(cols)
    esz = torch.tensor([], dtype=dtype).element_size()
    return Case(_named("softmax", dtype), f"{rows}x{cols}", K.softmax_kernel,
                {"x": Tensor((rows, cols), dtype),
                 "out": Tensor((rows, cols), dtype, output=True)},
                [T("out"), T("x"), cols, cols, cols], {"BLOCK": block}, (rows, 1, 1), num_warps,
                reference=lambda t: {"out": torch.softmax(t["x"].float(), dim=1)},
                torch_fn=lambda t: torch.softmax(t["x"], dim=1),
                bytes=2 * esz * rows * cols, config=f"B{block}", tol=_ELEMENTWISE_TOL[dtype])


def persistent_softmax_case(rows, cols, programs, num_warps=4):
    """Tutorial 02's own form: `programs` programs loop over the rows (the tutorial launches
    multiprocessor_count x occupancy of them)."""
    block = triton_next_pow2(cols)
    return Case("softmax_persistent", f"{rows}x{cols}", K.persistent_softmax_kernel,
                {"x": Tensor((rows, cols), torch.float32),
                 "out": Tensor((rows, cols), torch.float32, output=True)},
                [T("out"), T("x"), cols, cols, rows, cols], {"BLOCK": block},
                (programs, 1, 1), num_warps,
                reference=lambda t: {"out": torch.softmax(t["x"].float(), dim=1)},
                torch_fn=lambda t: torch.softmax(t["x"], dim=1),
                bytes=2 * 4 * rows * cols, config=f"B{block}-p{programs}",
                num_stages=2)  # the tutorial's (also the kernel's own argument)


def layer_norm_case(rows, cols, num_warps=4, block=1024, dtype=torch.float32):
    """dtype: x, y, w and b (mean and rstd stay fp32; the kernel accumulates in x's type)."""
    eps = 1e-5

    def ref(t):
        x = t["x"].float()
        mean = x.mean(dim=1)
        rstd = 1 / torch.sqrt(x.var(dim=1, unbiased=False) + eps)
        y = (x - mean[:, None]) * rstd[:, None] * t["w"].float() + t["b"].float()
        return {"y": y, "mean": mean, "rstd": rstd}

    esz = torch.tensor([], dtype=dtype).element_size()
    return Case(_named("layer_norm", dtype), f"{rows}x{cols}", K.layer_norm_fwd_kernel,
                {"x": Tensor((rows, cols), dtype),
                 "y": Tensor((rows, cols), dtype, output=True),
                 "w": Tensor((cols,), dtype, init="rand_pos"),
                 "b": Tensor((cols,), dtype),
                 "mean": Tensor((rows,), torch.float32, output=True),
                 "rstd": Tensor((rows,), torch.float32, output=True)},
                [T("x"), T("y"), T("w"), T("b"), T("mean"), T("rstd"), cols, cols, eps],
                {"BLOCK": block}, (rows, 1, 1), num_warps, reference=ref,
                torch_fn=lambda t: torch.nn.functional.layer_norm(t["x"], (cols,), t["w"], t["b"], eps),
                # x read once (the kernel reads it three times), y written, w/b, mean/rstd
                bytes=esz * (2 * rows * cols + 2 * cols) + 4 * 2 * rows, config=f"B{block}",
                tol=_ELEMENTWISE_TOL[dtype])


def matmul_case(m, n, k, dtype, bm, bn, bk, num_warps=4, cuda_only=False):
    def torch_mm(t):
        return t["a"] @ t["b"]

    def ref(t):
        return {"c": t["a"] @ t["b"]}

    size = f"{m}^3" if m == n == k else f"{m}x{n}x{k}"
    esz = torch.tensor([], dtype=dtype).element_size()
    # fp32: ieee FMA, errors ~1e-7; fp16 output rounding ~5e-4, bf16's ~4e-3
    tol = {torch.float32: 1e-5, torch.float16: 2e-3, torch.bfloat16: 1e-2}[dtype]
    return Case(f"matmul_{_f(dtype)}", size, K.matmul_kernel,
                {"a": Tensor((m, k), dtype), "b": Tensor((k, n), dtype),
                 "c": Tensor((m, n), dtype, output=True)},
                [T("a"), T("b"), T("c"), m, n, k, k, 1, n, 1, n, 1],
                {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk},
                (math.ceil(m / bm), math.ceil(n / bn), 1), num_warps, reference=ref,
                torch_fn=torch_mm, bytes=esz * (m * k + k * n + m * n), flops=2 * m * n * k,
                tol=tol, config=f"{bm}x{bn}x{bk}", cuda_only=cuda_only)


def int8_matmul_case(m, n, k, bm, bn, bk, num_warps=4, cuda_only=False, options=None,
                     transposed_b=False):
    """int8 x int8 -> int32 (exact: every product sum of 4096 int8 pairs fits a double).
    transposed_b: x @ w.T with w a row-major (n, k) matrix (a quantized nn.Linear's weight)."""
    def torch_mm(t):
        b = t["w"].T if transposed_b else t["b"]
        if t["a"].is_cuda:
            return torch._int_mm(t["a"], b)
        return t["a"].int() @ b.int()

    size = f"{m}^3" if m == n == k else f"{m}x{n}x{k}"
    if transposed_b:
        b_name, b_tensor, b_strides = "w", Tensor((n, k), torch.int8), [1, k]
    else:
        b_name, b_tensor, b_strides = "b", Tensor((k, n), torch.int8), [n, 1]
    case = Case("matmul_nt_int8" if transposed_b else "matmul_int8", size, K.matmul_kernel,
                {"a": Tensor((m, k), torch.int8), b_name: b_tensor,
                 "c": Tensor((m, n), torch.int32, output=True)},
                [T("a"), T(b_name), T("c"), m, n, k, k, 1, *b_strides, n, 1],
                {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk, "ACC_DTYPE": tl.int32},
                (math.ceil(m / bm), math.ceil(n / bn), 1), num_warps,
                reference=lambda t: {"c": t["a"] @ (t[b_name].T if transposed_b else t[b_name])},
                torch_fn=torch_mm,
                bytes=m * k + k * n + 4 * m * n, flops=2 * m * n * k, tol=0.0,
                config=f"{bm}x{bn}x{bk}", cuda_only=cuda_only)
    if options:
        case.spirv_options = options
    return case


def matmul_nt_case(m, n, k, dtype, bm, bn, bk, num_warps=4):
    """x @ w.T with w a row-major (n, k) matrix (nn.Linear's weight): the same kernel as
    matmul_case, B read through stride_bk = 1 and stride_bn = k (B's columns are contiguous)."""
    def torch_mm(t):
        return t["a"] @ t["w"].T

    size = f"{m}^3" if m == n == k else f"{m}x{n}x{k}"
    esz = torch.tensor([], dtype=dtype).element_size()
    tol = {torch.float16: 2e-3, torch.bfloat16: 1e-2}[dtype]
    return Case(f"matmul_nt_{_f(dtype)}", size, K.matmul_kernel,
                {"a": Tensor((m, k), dtype), "w": Tensor((n, k), dtype),
                 "c": Tensor((m, n), dtype, output=True)},
                [T("a"), T("w"), T("c"), m, n, k, k, 1, 1, k, n, 1],
                {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk},
                (math.ceil(m / bm), math.ceil(n / bn), 1), num_warps,
                reference=lambda t: {"c": torch_mm(t)}, torch_fn=torch_mm,
                bytes=esz * (m * k + k * n + m * n), flops=2 * m * n * k, tol=tol,
                config=f"{bm}x{bn}x{bk}")


def gpu_matmul_nt_cases():
    """fp16 x @ w.T (B column-major) beside x @ b at the same blocks, 1024^3 and 4096^3."""
    return [case(size, size, size, torch.float16, bm, bn, bk, nw)
            for size in (1024, 4096) for case in (matmul_nt_case, matmul_case)
            for bm, bn, bk, nw in [(128, 128, 32, 4), (128, 64, 32, 4), (128, 128, 32, 8)]]


def dot_loop_case(dtype, bm, bn, bk, num_warps, iters=512, programs=528):
    """K.dot_loop_kernel: each program multiplies one loaded tile pair `iters` times, so the time
    is the dot's own (the MMAs — since hoist-invariant-fragments their fragments stay in
    registers, up to 16 per loop — or the FMA loop) without the K loop's staging."""
    def product(t):
        block = iters * (t["a"].float() @ t["b"].float())
        return block.repeat(programs, 1)

    def ref(t):
        return {"c": iters * (t["a"] @ t["b"]).repeat(programs, 1)}

    esz = torch.tensor([], dtype=dtype).element_size()
    return Case(f"dot_loop_{_f(dtype)}", f"{programs}x{iters}", K.dot_loop_kernel,
                {"a": Tensor((bm, bk), dtype), "b": Tensor((bk, bn), dtype),
                 "c": Tensor((programs * bm, bn), torch.float32, output=True)},
                [T("a"), T("b"), T("c"), iters], {"BLOCK_M": bm, "BLOCK_N": bn, "BLOCK_K": bk},
                (programs, 1, 1), num_warps, reference=ref, torch_fn=product,
                bytes=esz * (bm * bk + bk * bn) + 4 * programs * bm * bn,
                flops=2 * bm * bn * bk * iters * programs, tol=1e-4,
                config=f"{bm}x{bn}x{bk}")


def attention_case(seq_len, head_dim, block_m, block_n, num_warps=4):
    scale = head_dim ** -0.5

    def attention(t):
        return torch.softmax((t["q"] @ t["k"].T) * scale, dim=1) @ t["v"]

    def ref(t):
        return {"o": attention(t)}

    return Case("attention_fp16", f"{seq_len}x{head_dim}", K.attention_fwd_kernel,
                {"q": Tensor((seq_len, head_dim), torch.float16),
                 "k": Tensor((seq_len, head_dim), torch.float16),
                 "v": Tensor((seq_len, head_dim), torch.float16),
                 "o": Tensor((seq_len, head_dim), torch.float16, output=True)},
                [T("q"), T("k"), T("v"), T("o"), seq_len, scale],
                {"BLOCK_M": block_m, "BLOCK_N": block_n, "HEAD_DIM": head_dim},
                (math.ceil(seq_len / block_m), 1, 1), num_warps, reference=ref,
                torch_fn=attention, bytes=2 * 4 * seq_len * head_dim,
                flops=4 * seq_len * seq_len * head_dim, tol=2e-3,
                config=f"{block_m}x{block_n}")


def triton_next_pow2(x):
    return 1 << (x - 1).bit_length()


# --- the sets -------------------------------------------------------------------------------------

def tutorial_size_cases():
    """The sizes Triton's tutorials test with: 01 vector add (98432 elements), 02 fused softmax
    (1823 x 781), 05 layer norm (1151 x 8192, one block per row, 8 warps; fp32 here), and the
    matmul size issue 27 names (fp32 512^3, at the other matmul rows' 32x32x16 blocks). The issue
    asks for the interpreter ratio on these sizes. Softmax also in tutorial 02's own persistent
    form at the launch the tutorial computes on lavapipe (8 warps; 2 "SMs" x an occupancy of 32:
    64 programs)."""
    return [add_case(98432), softmax_case(1823, 781),
            persistent_softmax_case(1823, 781, programs=64, num_warps=8),
            layer_norm_case(1151, 8192, num_warps=8, block=8192),
            matmul_case(512, 512, 512, torch.float32, 32, 32, 16)]


def cpu_cases():
    """bench.py on the default device (lavapipe on this machine). The two smallest sizes of each
    kernel and the tutorial sizes also run in Triton's interpreter (it runs each program in
    numpy)."""
    return tutorial_size_cases() + [
        add_case(1 << 16), add_case(1 << 20), add_case(1 << 24),
        softmax_case(64, 1024), softmax_case(1024, 1024), softmax_case(4096, 1024),
        layer_norm_case(64, 1024), layer_norm_case(1024, 1024), layer_norm_case(1024, 4096),
        matmul_case(128, 128, 128, torch.float32, 32, 32, 16),
        matmul_case(256, 256, 256, torch.float32, 32, 32, 16),
        matmul_case(128, 128, 128, torch.float16, 32, 32, 16),
        matmul_case(256, 256, 256, torch.float16, 32, 32, 16),
    ]


def interpreter_ids(per_kernel=2):
    """The tutorial sizes and the smallest sizes of each kernel: what Triton's interpreter runs
    (a few seconds each)."""
    ids = [c.id for c in tutorial_size_cases()]
    count = {}
    for c in cpu_cases()[len(ids):]:
        if count.get(c.kernel_name, 0) < per_kernel:
            count[c.kernel_name] = count.get(c.kernel_name, 0) + 1
            ids.append(c.id)
    return ids


# Matmul block configurations run through SPIR-V (BLOCK_M, BLOCK_N, BLOCK_K, num_warps). Workgroup
# memory on NVIDIA through Vulkan is 48 KiB: bench/gpu/prepare.py skips a configuration whose
# workgroup temporaries do not fit. At 4096^3 run_on_gpu.py runs only the configuration that was
# fastest at 1024^3.
# fp16 adds the tiles that suit cooperative matrices (A, B and the fp32 accumulator all in workgroup
# memory: 128x64x32 takes 44 KiB).
GPU_MM_CONFIGS = {torch.float32: [(32, 32, 16, 4), (64, 64, 16, 4), (64, 64, 32, 4), (128, 128, 32, 8)],
                  torch.float16: [(32, 32, 16, 4), (64, 64, 32, 4), (64, 64, 64, 4), (128, 64, 32, 4),
                                  (64, 128, 32, 4), (128, 64, 32, 8), (128, 128, 32, 8)]}
# Triton-CUDA's own tuning points for the "best Triton-CUDA" baseline (no SPIR-V run).
# Triton-CUDA runs GPU_MM_CONFIGS too; "best Triton-CUDA" is the fastest of all.
CUDA_MM_CONFIGS = {torch.float32: [(128, 64, 32, 4), (64, 128, 32, 4), (128, 128, 16, 8)],
                   torch.float16: [(128, 128, 32, 4), (128, 128, 64, 8), (128, 256, 64, 8)]}


def gpu_cases():
    cases = [
        add_case(1 << 24), add_case(1 << 26), add_case(1 << 26, num_warps=8),
        softmax_case(16384, 1024), softmax_case(4096, 4096, num_warps=8),
        layer_norm_case(16384, 1024), layer_norm_case(4096, 4096),
    ]
    # Two fp16 dots per key block: the in-place cooperative-matrix form on NVIDIA.
    cases.append(attention_case(4096, 64, 32, 32))
    for dtype in (torch.float32, torch.float16):
        for size in (1024, 4096):
            for bm, bn, bk, nw in GPU_MM_CONFIGS[dtype]:
                cases.append(matmul_case(size, size, size, dtype, bm, bn, bk, nw))
            for bm, bn, bk, nw in CUDA_MM_CONFIGS[dtype]:
                cases.append(matmul_case(size, size, size, dtype, bm, bn, bk, nw, cuda_only=True))
    # The dot alone (no staging), at the tiles the matmuls above use.
    cases += [dot_loop_case(torch.float32, 32, 32, 16, 4), dot_loop_case(torch.float32, 64, 64, 16, 4),
              dot_loop_case(torch.float16, 32, 32, 16, 4), dot_loop_case(torch.float16, 128, 64, 32, 8),
              dot_loop_case(torch.float16, 64, 64, 64, 4)]
    return cases


def gpu_sweep_cases():
    """A configuration sweep of the memory-bound kernels (prepare.py / run_on_gpu.py --set sweep):
    which workgroup sizes and blocks our code generation likes, against Triton-CUDA at each."""
    cases = [add_case(1 << 26, num_warps=nw, block=b) for b, nw in
             [(256, 1), (256, 2), (512, 2), (512, 4), (1024, 1), (1024, 2), (1024, 4), (1024, 8),
              (1024, 16), (2048, 4), (2048, 8), (4096, 4), (4096, 8), (4096, 16)]]
    cases += [softmax_case(16384, 1024, num_warps=nw) for nw in (1, 2, 4, 8)]
    cases += [softmax_case(4096, 4096, num_warps=nw) for nw in (4, 8, 16)]
    cases += [layer_norm_case(4096, 4096, num_warps=nw, block=b) for b, nw in
              [(512, 4), (1024, 4), (2048, 4), (2048, 8), (4096, 8)]]
    return cases


def gpu_probe_cases():
    """Where the fp16 matmul's time goes: with and without load masks, the masked kernel written
    twice (a mask-free copy for programs whose tiles lie inside), loads one or two K steps ahead
    (num_stages 2 / 3), and the dot alone."""
    import probe_kernels as P
    cases = []
    for size in (1024, 4096):
        for bm, bn, bk, nw in [(128, 64, 32, 8), (64, 64, 64, 4), (128, 128, 32, 4)]:
            for stages in (2, 3):
                masked = matmul_case(size, size, size, torch.float16, bm, bn, bk, nw)
                unmasked = matmul_case(size, size, size, torch.float16, bm, bn, bk, nw)
                unmasked.kernel, unmasked.kernel_name = P.matmul_probe_kernel, "mm_unmasked_fp16"
                unmasked.constexprs["RUN_UNIFORM_MASKS"] = 0
                versioned = matmul_case(size, size, size, torch.float16, bm, bn, bk, nw)
                versioned.kernel, versioned.kernel_name = (P.matmul_versioned_probe_kernel,
                                                           "mm_versioned_fp16")
                for c in (masked, unmasked, versioned):
                    c.num_stages = stages
                cases += [masked, unmasked, versioned]
        fp32 = matmul_case(size, size, size, torch.float32, 32, 32, 16, 4)
        fp32.num_stages = 2
        cases += [fp32, matmul_case(size, size, size, torch.float32, 32, 32, 16, 4)]
    cases += [dot_loop_case(torch.float16, 128, 64, 32, 8)]
    return cases


def gpu_stages_cases():
    """How far ahead the staged tiles should be loaded: the suite's matmuls at num_stages 2..6
    (loads num_stages - 1 K steps ahead, within the carried-bytes budget)."""
    cases = []
    for size in (1024, 4096):
        for stages in (2, 3, 4, 5, 6):
            for dtype, (bm, bn, bk, nw) in [(torch.float16, (128, 64, 32, 8)),
                                            (torch.float16, (128, 128, 32, 8)),
                                            (torch.float32, (64, 64, 16, 4))]:
                case = matmul_case(size, size, size, dtype, bm, bn, bk, nw)
                case.num_stages = stages
                cases.append(case)
    return cases


def gpu_fp32_tiles_cases():
    """The fp32 ieee matmul at 4096^3 over block shapes (every point run): which register tile
    and K depth the FMA path likes, against Triton-CUDA at each."""
    return [matmul_case(4096, 4096, 4096, torch.float32, bm, bn, bk, nw)
            for bm, bn, bk, nw in [(64, 64, 16, 4), (64, 64, 32, 4), (128, 64, 16, 4),
                                   (64, 128, 16, 4), (128, 64, 32, 4), (64, 128, 32, 4),
                                   (128, 128, 16, 8), (64, 128, 16, 8), (64, 256, 16, 8),
                                   (128, 128, 16, 4), (64, 128, 8, 4), (32, 128, 16, 4),
                                   (64, 64, 64, 4), (128, 128, 32, 8), (128, 64, 32, 8),
                                   (64, 128, 32, 8), (128, 128, 64, 8), (128, 128, 32, 4)]]


def gpu_fp16_tiles_cases():
    """The fp16 matmul at 4096^3 over larger blocks (every point run; a block whose tiles do not
    fit NVIDIA's 48 KiB is skipped by prepare.py)."""
    return [matmul_case(4096, 4096, 4096, torch.float16, bm, bn, bk, nw)
            for bm, bn, bk, nw in [(128, 128, 32, 8), (128, 128, 64, 8), (128, 256, 32, 8),
                                   (256, 128, 32, 8), (128, 128, 32, 4), (256, 128, 32, 16)]]


def gpu_fp16_small_workgroup_cases():
    """The fp16 matmul at 4096^3 with 4x4 fragments per subgroup in workgroups of 1-2 subgroups
    (more workgroups per SM: one's barrier wait overlaps another's work) beside the best 4-warp
    tile."""
    return [matmul_case(4096, 4096, 4096, torch.float16, bm, bn, bk, nw)
            for bm, bn, bk, nw in [(128, 128, 32, 4), (64, 128, 32, 2), (128, 64, 32, 2),
                                   (64, 64, 32, 1), (64, 128, 64, 2), (64, 64, 64, 1)]]


def gpu_fp16_stages_cases():
    """The fp16 matmul at 4096^3 with loads one or two K steps ahead (num_stages 2 / 3), where
    4x4 fragments per subgroup (128x128 with 4 subgroups) need the registers the second step
    takes."""
    cases = []
    for bm, bn, bk, nw in [(128, 128, 32, 4), (128, 128, 32, 8), (256, 128, 32, 16),
                           (128, 64, 32, 4), (256, 128, 32, 8)]:
        for stages in (2, 3):
            case = matmul_case(4096, 4096, 4096, torch.float16, bm, bn, bk, nw)
            case.num_stages = stages
            cases.append(case)
    return cases


def gpu_alignment_cases():
    """Rows 1000 wide: Triton specializes divisibility by 16 only, so nothing proves the rows
    16-byte aligned; with runtime_alignment_checks each run checks its row offset and width and
    takes a vector copy (every row here). The same cases without the checks beside them."""
    cases = []
    for checks in (0, 1):
        for case in (softmax_case(16384, 1000), softmax_case(4096, 1000, num_warps=8),
                     layer_norm_case(16384, 1000)):
            case.spirv_options = {"runtime_alignment_checks": checks}
            cases.append(case)
    return cases


def gpu_attention_cases():
    """The one-head fused attention forward (fp16, head_dim 64) at block configurations on both
    sides: 4096 keys (128 programs of 32 rows: latency-bound, one workgroup per SM) and 16384."""
    return [attention_case(seq, 64, bm, bn, nw) for seq in (4096, 16384)
            for bm, bn, nw in [(32, 32, 4), (64, 32, 4), (64, 64, 4), (128, 64, 4), (128, 64, 8)]]


def gpu_any_length_attention_cases():
    """Attention written for any sequence length (not tutorial 06's whole blocks), 4x32 heads,
    head_dim 64, causal and not, at a length that is and one that is not a block multiple."""
    return [any_length_attention_case(128, seq, 64, causal, bm, bn, nw)
            for seq in (4096, 4000) for causal in (False, True)
            for bm, bn, nw in [(64, 32, 4), (128, 32, 4), (128, 64, 8)]]


def gpu_tutorial06_bwd_cases():
    """Attention backward at tutorial 06's benchmark shapes (4 x 32 heads, head_dim 64, 1024 and
    4096 keys, not causal): the keys' side (dK, dV) and the queries' side (dQ) at a few tiles each
    (tutorial 06's own dK/dV tile is 32 x 128 at 8 warps), Triton-CUDA at the same
    configurations."""
    cases = []
    for n_ctx in (1024, 4096):
        for bm, bn, nw in [(32, 64, 4), (32, 128, 4), (64, 64, 4), (32, 128, 8), (64, 128, 8)]:
            cases.append(mha_bwd_case("dkdv", 128, n_ctx, 64, bm, bn, num_warps=nw))
        for bm, bn in [(64, 32), (128, 32), (64, 64)]:
            cases.append(mha_bwd_case("dq", 128, n_ctx, 64, bm, bn))
    return cases


# Tutorial 06's autotune space (BLOCK_M 64/128, BLOCK_N 32/64, 4 warps: its filter drops 8 warps
# below 128x128 tiles; stages 3/4/7, of which 7 was never Triton-CUDA's best on the H200), and
# 32x32 (before the accumulator stayed in registers, the largest tile whose scores,
# probabilities and accumulator fit our 48 KiB of workgroup memory; 128x32 is our best since).
# Ours runs each tile at its default stages.
TUTORIAL06_TILES = [(32, 32), (64, 32), (64, 64), (128, 32), (128, 64)]


def gpu_tutorial06_cases(head_dims=(64,), n_ctxs=(1024, 4096)):
    """Tutorial 06's forward benchmark: 4 x 32 heads, causal and not; Triton-CUDA at stages 3 and
    4, ours at each tile."""
    cases = []
    for head_dim in head_dims:
        for causal in (False, True):
            for n_ctx in n_ctxs:
                for bm, bn in TUTORIAL06_TILES:
                    cases.append(mha_case(128, n_ctx, head_dim, causal, bm, bn))
                    cases.append(mha_case(128, n_ctx, head_dim, causal, bm, bn, num_stages=4,
                                          cuda_only=True))
    return cases


def gpu_tutorial06_tile_cases():
    """Our attention at tile, warp and stage choices beyond tutorial 06's autotune space (4 x 32
    heads, 4096 keys, head_dim 64, causal and not), Triton-CUDA at the same configurations."""
    return [mha_case(128, 4096, 64, causal, bm, bn, num_warps=nw, num_stages=stages)
            for causal in (False, True)
            for bm, bn, nw, stages in [(128, 32, 4, 2), (128, 32, 4, 3), (128, 32, 4, 4),
                                       (128, 32, 8, 3), (64, 32, 4, 2), (128, 64, 4, 2),
                                       (128, 64, 8, 3), (256, 32, 8, 3)]]


def gpu_tutorial06_stages2_cases():
    """128-row tiles with loads one key block ahead (num_stages 2), head_dim 64, causal and not, at
    1024, 4096 and 16384 keys: with the causal key loop rolled (paired-matrix-loops), 128x64 at 2
    stages is the fastest causal tile at 4096 keys; Triton-CUDA at the same configurations."""
    return [mha_case(128, n_ctx, 64, causal, bm, bn, num_stages=2)
            for n_ctx in (1024, 4096, 16384) for causal in (False, True)
            for bm, bn in [(128, 32), (128, 64)]]


def gpu_tutorial06_d128_stages2_cases():
    """Head_dim 128 (4 x 32 heads, 4096 keys, causal and not) at 2 stages, where every 3-stage
    tile spills at the 255-register cap; Triton-CUDA at the same configurations."""
    return [mha_case(128, 4096, 128, causal, bm, bn, num_warps=nw, num_stages=2)
            for causal in (False, True)
            for bm, bn, nw in [(64, 32, 4), (64, 64, 4), (128, 32, 4), (128, 64, 8)]]


def gpu_tutorial06_narrow_cases():
    """Tiles with one row per invocation at 2 warps (64 rows: online softmax as one row phase,
    fewer registers than 128 x 32 at 4 warps), head_dim 64 and 128, 4096 keys, against our
    128 x 32 at 4 warps; Triton-CUDA at the same configurations."""
    return [mha_case(128, 4096, head_dim, causal, bm, bn, num_warps=nw)
            for head_dim in (64, 128) for causal in (False, True)
            for bm, bn, nw in [(128, 32, 4), (64, 32, 2), (64, 64, 2), (32, 32, 1)]]


def gpu_tutorial06_d128_tile_cases():
    """Head_dim 128 (4 x 32 heads, 4096 keys, causal and not) at 8 warps, where a 128-row tile's
    output accumulator is 64 f32 per invocation instead of 128 (every 4-warp tile used all 255
    registers), beside tutorial 06's 4-warp tiles; Triton-CUDA at the same configurations."""
    return [mha_case(128, 4096, 128, causal, bm, bn, num_warps=nw, num_stages=stages)
            for causal in (False, True)
            for bm, bn, nw, stages in [(128, 32, 4, 3), (64, 32, 4, 3), (128, 32, 8, 3),
                                       (128, 64, 8, 3), (128, 128, 8, 3), (64, 64, 8, 3),
                                       (256, 32, 8, 3), (128, 32, 8, 2)]]


def gpu_tutorial06_waves_cases():
    """Causal and non-causal attention at 1024 keys, head_dim 64, with 128 and 1024 heads: the
    same programs, 8x as many of them. Causal programs differ in length (the key blocks left of
    the diagonal), so the share of the last, partly filled wave of programs shrinks with more
    heads; Triton-CUDA at the same configurations."""
    return [mha_case(heads, 1024, 64, causal, bm, bn)
            for heads in (128, 1024) for causal in (False, True)
            for bm, bn in [(128, 32), (64, 32)]]


def gpu_bf16_cases():
    """bf16 matmuls (bf16 cooperative matrices where the driver has them) beside fp16 ones at the
    same configurations, Triton-CUDA's own fp16 tuning points for bf16, and the memory-bound
    kernels on bf16 data."""
    cases = []
    for size in (1024, 4096):
        for bm, bn, bk, nw in [(64, 64, 32, 4), (128, 64, 32, 8), (128, 128, 32, 8), (128, 128, 32, 4)]:
            for dtype in (torch.bfloat16, torch.float16):
                cases.append(matmul_case(size, size, size, dtype, bm, bn, bk, nw))
        for bm, bn, bk, nw in CUDA_MM_CONFIGS[torch.float16]:
            cases.append(matmul_case(size, size, size, torch.bfloat16, bm, bn, bk, nw, cuda_only=True))
    # Memory-bound kernels on bf16 data (f16-typed memory and vector code on NVIDIA).
    cases += [add_case(1 << 26, dtype=torch.bfloat16), softmax_case(16384, 1024, dtype=torch.bfloat16),
              layer_norm_case(4096, 4096, dtype=torch.bfloat16)]
    # bf16 on FMAs (as before bf16 cooperative matrices), the baseline of the same run.
    for bm, bn, bk, nw in [(64, 64, 32, 4), (128, 128, 32, 8)]:
        case = matmul_case(4096, 4096, 4096, torch.bfloat16, bm, bn, bk, nw)
        case.spirv_options = {"cooperative_matrix": 0}
        cases.append(case)
    return cases


def gpu_matmul_1024_cases():
    """fp16 and bf16 matmuls at 1024^3 (one wave of 128-256 workgroups on an H100/H200) over the
    tiles that fit 48 KiB of double-buffered, padded workgroup memory, beside Triton-CUDA's own
    tuning points (which run only there)."""
    tiles = [(64, 64, 32, 4), (64, 128, 32, 4), (128, 64, 32, 4), (128, 64, 32, 8), (64, 128, 32, 8),
             (64, 64, 64, 4), (128, 128, 32, 4)]
    cases = []
    for dtype in (torch.float16, torch.bfloat16):
        cases += [matmul_case(1024, 1024, 1024, dtype, bm, bn, bk, nw) for bm, bn, bk, nw in tiles]
        cases += [matmul_case(1024, 1024, 1024, dtype, bm, bn, bk, nw, cuda_only=True)
                  for bm, bn, bk, nw in CUDA_MM_CONFIGS[torch.float16]
                  if (bm, bn, bk, nw) not in tiles]
        # Each workgroup's 16-32 K steps are short: loads further ahead (num_stages - 1 steps).
        for bm, bn, bk, nw, stages in [(64, 64, 64, 4, 4), (64, 64, 64, 4, 5), (64, 64, 32, 4, 5),
                                       (64, 128, 32, 8, 5)]:
            case = matmul_case(1024, 1024, 1024, dtype, bm, bn, bk, nw)
            case.num_stages = stages
            cases.append(case)
    return cases


def gpu_matmul_k_scan_cases():
    """fp16 1024 x 1024 x K for K from one step to 128: the time per K step (the slope) apart
    from what a workgroup pays once (the intercept: launch, prologue, epilogue), ours and
    Triton-CUDA's, at the 1024^3 winner's tile."""
    return [matmul_case(1024, 1024, k, torch.float16, 64, 64, 64, 4)
            for k in (64, 256, 512, 1024, 2048, 4096, 8192)]


def gpu_int8_cases():
    """int8 matmuls (16x16x32 integer cooperative matrices where the driver lists them) at
    Triton-CUDA-style int8 tiles, and one configuration on integer FMAs as the baseline."""
    cases = []
    for size in (1024, 4096):
        for bm, bn, bk, nw in [(64, 64, 64, 4), (128, 64, 64, 4), (128, 128, 64, 4), (128, 128, 64, 8),
                               (128, 128, 128, 8), (128, 256, 64, 8), (256, 128, 64, 8)]:
            cases.append(int8_matmul_case(size, size, size, bm, bn, bk, nw))
    cases.append(int8_matmul_case(4096, 4096, 4096, 128, 128, 64, 4, options={"cooperative_matrix": 0}))
    # x @ w.T: B's columns contiguous in memory, the layout int8 tensor cores read.
    for bm, bn, bk, nw in [(128, 128, 64, 4), (128, 256, 64, 8), (128, 128, 128, 8)]:
        cases.append(int8_matmul_case(4096, 4096, 4096, bm, bn, bk, nw, transposed_b=True))
    return cases


GPU_SETS = {"suite": gpu_cases, "tutorial06": gpu_tutorial06_cases,
            "tutorial06_d128": lambda: gpu_tutorial06_cases((128,)),
            "tutorial06_long": lambda: gpu_tutorial06_cases(n_ctxs=(16384,)),
            "tutorial06_tiles": gpu_tutorial06_tile_cases, "tutorial06_bwd": gpu_tutorial06_bwd_cases,
            "tutorial06_narrow": gpu_tutorial06_narrow_cases,
            "tutorial06_d128_tiles": gpu_tutorial06_d128_tile_cases,
            "tutorial06_waves": gpu_tutorial06_waves_cases, "bf16": gpu_bf16_cases, "matmul_1024": gpu_matmul_1024_cases,
            "matmul_k_scan": gpu_matmul_k_scan_cases, "int8": gpu_int8_cases, "attention": gpu_attention_cases,
            "attention_any_length": gpu_any_length_attention_cases, "sweep": gpu_sweep_cases, "probe": gpu_probe_cases,
            "stages": gpu_stages_cases, "fp32tiles": gpu_fp32_tiles_cases,
            "fp16tiles": gpu_fp16_tiles_cases, "fp16stages": gpu_fp16_stages_cases,
            "fp16small": gpu_fp16_small_workgroup_cases,
            "tutorial06_stages2": gpu_tutorial06_stages2_cases,
            "tutorial06_d128_stages2": gpu_tutorial06_d128_stages2_cases,
            "alignment": gpu_alignment_cases, "matmul_nt": gpu_matmul_nt_cases}
# Sets whose every case runs (the others run a 4096^3 matmul only at the 1024^3 winner).
GPU_EVERY_POINT_SETS = ("int8", "matmul_1024", "matmul_k_scan", "tutorial06", "tutorial06_tiles", "tutorial06_waves", "tutorial06_bwd", "tutorial06_narrow", "tutorial06_stages2", "tutorial06_d128_stages2", "tutorial06_d128", "tutorial06_d128_tiles", "tutorial06_long", "bf16", "attention", "attention_any_length", "probe", "stages", "fp32tiles", "fp16tiles", "fp16stages", "fp16small", "alignment", "matmul_nt")


def by_id(cases):
    return {c.id: c for c in cases}
