"""triton_spirv.configs: the matmul and attention configurations autotune correctly on the
default device, and the NVIDIA ones fit its 48 KiB of workgroup memory (fp16 on cooperative
matrices)."""

import re

import pytest
import torch
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

from triton_spirv import configs

from . import kernels, references

NVIDIA_WORKGROUP_BYTES = 49152


@triton.jit
def grouped_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
                          stride_bn, stride_cm, stride_cn, BLOCK_SIZE_M: tl.constexpr,
                          BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                          GROUP_SIZE_M: tl.constexpr, ACC_DTYPE: tl.constexpr = tl.float32):
    # Tutorial 03's program order: GROUP_SIZE_M rows of blocks share their B columns.
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    group = GROUP_SIZE_M * num_pid_n
    first_m = (pid // group) * GROUP_SIZE_M
    group_m = min(num_pid_m - first_m, GROUP_SIZE_M)
    pid_m = first_m + (pid % group) % group_m
    pid_n = (pid % group) // group_m
    rm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    rn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    rk = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=ACC_DTYPE)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        k_left = K - k * BLOCK_SIZE_K
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < k_left) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee", out_dtype=ACC_DTYPE)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    c_ptrs = c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=(rm[:, None] < M) & (rn[None, :] < N))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_autotuned_matmul_on_default_device(dtype):
    tuned = triton.autotune(configs=configs.matmul_configs(str(dtype), GROUP_SIZE_M=4),
                            key=["M", "N", "K"])(grouped_matmul_kernel)
    M, N, K = 200, 136, 72
    a, b = torch.randn(M, K).to(dtype), torch.randn(K, N).to(dtype)
    c = torch.full((M, N), float("nan"), dtype=dtype)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_SIZE_M"]) *  # noqa: E731
                         triton.cdiv(N, meta["BLOCK_SIZE_N"]),)
    tuned[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                c.stride(0), c.stride(1))
    assert tuned.best_config in tuned.configs
    assert not c.isnan().any()
    tolerance = 1e-4 if dtype == torch.float32 else 2e-2
    torch.testing.assert_close(c.double(), a.double() @ b.double(), atol=tolerance, rtol=tolerance)


@pytest.mark.parametrize("dtype", ["fp16", "fp32", "int8"])
def test_nvidia_matmul_configs_fit_workgroup_memory(dtype):
    element = {"int8": "i8"}.get(dtype, dtype)
    output = {"int8": "i32"}.get(dtype, dtype)
    signature = {"a_ptr": f"*{element}", "b_ptr": f"*{element}", "c_ptr": f"*{output}",
                 **{name: "i32" for name in ("M", "N", "K", "stride_am", "stride_ak", "stride_bk",
                                             "stride_bn", "stride_cm", "stride_cn")}}
    # (ASTSource does not apply a meta-parameter's default.)
    accumulator = {"ACC_DTYPE": tl.int32 if dtype == "int8" else tl.float32}
    for config in configs.matmul_configs(dtype, profile="nvidia", GROUP_SIZE_M=8, **accumulator):
        constexprs = dict(config.kwargs)
        signature.update({name: "constexpr" for name in constexprs})
        source = ASTSource(grouped_matmul_kernel, signature, constexprs=constexprs)
        kernel = triton.compile(source, target=GPUTarget("spirv", "nvidia", 32),
                                options={"num_warps": config.num_warps,
                                         "num_stages": config.num_stages})
        assert 0 < kernel.metadata.shared <= NVIDIA_WORKGROUP_BYTES, config
        # Nothing moved to global scratch (slower: served by L1/L2, device-scope barriers).
        assert getattr(kernel.metadata, "scratch_bytes_per_program", 0) == 0, config
        uses_cooperative_matrix = "CooperativeMatrixMulAdd" in kernel.asm["spirvir"]
        assert uses_cooperative_matrix == (dtype != "fp32"), config


def test_int8_and_fma_only_profiles_have_configurations():
    tiles = lambda found: [(c.kwargs["BLOCK_SIZE_M"], c.kwargs["BLOCK_SIZE_N"],  # noqa: E731
                            c.kwargs["BLOCK_SIZE_K"], c.num_warps) for c in found]
    assert tiles(configs.matmul_configs("torch.int8", profile="nvidia"))[0] == (128, 256, 64, 8)
    # lavapipe's int8 dots are FMAs with 8-bit A elements: fp16's tiles.
    assert (tiles(configs.matmul_configs("int8", profile="lavapipe")) ==
            tiles(configs.matmul_configs("fp16", profile="lavapipe")))
    # Without cooperative matrices every dot takes the FMA (fp32) tiles.
    assert (tiles(configs.matmul_configs("fp16", profile="nvidia-fma")) ==
            tiles(configs.matmul_configs("fp32", profile="nvidia")))


def test_unknown_profile_is_refused():
    with pytest.raises(ValueError, match="no matmul configurations for profile 'mali'"):
        configs.matmul_configs(profile="mali")
    with pytest.raises(ValueError, match="no attention configurations for profile 'mali'"):
        configs.attention_configs(64, profile="mali")
    with pytest.raises(ValueError, match="head_dim must be a positive int, not 0"):
        configs.attention_configs(0, profile="nvidia")


@pytest.mark.parametrize("causal", [False, True])
def test_autotuned_attention_on_default_device(causal):
    tuned = triton.autotune(configs=configs.attention_configs(64), key=["N_CTX", "HEAD_DIM"])(
        kernels.mha_fwd_kernel)
    heads, n_ctx, head_dim, sm_scale = 2, 256, 64, 0.5
    q, k, v = (torch.randn(heads, n_ctx, head_dim).half() for _ in range(3))
    o = torch.full_like(q, float("nan"))
    lse = torch.full((heads, n_ctx), float("nan"))
    grid = lambda meta: (n_ctx // meta["BLOCK_M"], heads, 1)  # noqa: E731
    tuned[grid](q, k, v, o, lse, sm_scale, N_CTX=n_ctx, HEAD_DIM=head_dim, CAUSAL=causal)
    assert tuned.best_config in tuned.configs
    expected_o, expected_lse = references.multi_head_attention(q, k, v, sm_scale, causal)
    assert not o.isnan().any() and not lse.isnan().any()
    torch.testing.assert_close(o.double(), expected_o, atol=2e-2, rtol=2e-2)
    torch.testing.assert_close(lse.double(), expected_lse, atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize("head_dim", [64, 128])
def test_nvidia_attention_configs_on_cooperative_matrices(head_dim):
    signature = {"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "o_ptr": "*fp16",
                 "lse_ptr": "*fp32", "sm_scale": "fp32", "N_CTX": "constexpr",
                 "HEAD_DIM": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr",
                 "CAUSAL": "constexpr"}
    chosen = configs.attention_configs(head_dim, profile="nvidia")
    assert chosen and all(c.kwargs["BLOCK_M"] % 16 == 0 for c in chosen)
    for config in chosen:
        constexprs = {"N_CTX": 1024, "HEAD_DIM": head_dim, "CAUSAL": False, **config.kwargs}
        # The pointers 16-byte aligned, as Triton specializes them at launch.
        aligned = {(i,): [["tt.divisibility", 16]] for i in range(5)}
        kernel = triton.compile(ASTSource(kernels.mha_fwd_kernel, signature, constexprs,
                                          attrs=aligned),
                                target=GPUTarget("spirv", "nvidia", 32),
                                options={"num_warps": config.num_warps,
                                         "num_stages": config.num_stages})
        # Q's tile may be in global scratch (head_dim 128: 34 KiB padded), read before the
        # key loop only.
        assert 0 < kernel.metadata.shared <= NVIDIA_WORKGROUP_BYTES, config
        # Both dots on cooperative matrices (an FMA dot here was 4-5x slower): each subgroup
        # owns BLOCK_M / num_warps rows, and S = Q K^T and P V take as many 16x16x16 steps.
        m, n = config.kwargs["BLOCK_M"], config.kwargs["BLOCK_N"]
        steps = (m // 16 // config.num_warps) * (n // 16) * (head_dim // 16)
        assert kernel.asm["spirvir"].count("CooperativeMatrixMulAdd") == 2 * steps, config
        # K^T (transposed pointers) is loaded as K, 8 bytes at a time, and read column-major:
        # no global access of a single half is left.
        assert '["Aligned", 2] : f16' not in kernel.asm["spirvir"], config
        assert "<ColumnMajor>" in kernel.asm["spirvir"], config
        # The output's rescale takes each row's alpha from registers: no row broadcast (a
        # stride-0 column-major fragment load) through workgroup memory is left.
        assert not re.search(r"CooperativeMatrixLoad %\w+, %cst0_i32, <ColumnMajor>",
                             kernel.asm["spirvir"]), config


@pytest.mark.parametrize("block_m, block_n, num_warps", [(64, 32, 4), (128, 64, 4), (128, 64, 8)])
def test_attention_with_scores_updated_in_place(block_m, block_n, num_warps):
    # Tutorial 06 as Triton 3.6 ships it shifts the scores in place before exp2; on the nvidia
    # profile its fragment row phases wrote the updated scores back before building them (the
    # IR failed to verify). Compiled for NVIDIA, and run here against float64.
    signature = {"q_ptr": "*fp16", "k_ptr": "*fp16", "v_ptr": "*fp16", "o_ptr": "*fp16",
                 "sm_scale": "fp32", "N_CTX": "constexpr", "HEAD_DIM": "constexpr",
                 "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"}
    constexprs = {"N_CTX": 1024, "HEAD_DIM": 64, "BLOCK_M": block_m, "BLOCK_N": block_n}
    aligned = {(i,): [["tt.divisibility", 16]] for i in range(4)}
    kernel = triton.compile(ASTSource(kernels.mha_fwd_scores_in_place_kernel, signature,
                                      constexprs, attrs=aligned),
                            target=GPUTarget("spirv", "nvidia", 32),
                            options={"num_warps": num_warps, "num_stages": 2})
    assert kernel.asm["spirvir"].count("CooperativeMatrixMulAdd") > 0
    if block_m != 64:
        return
    heads, n_ctx, head_dim, sm_scale = 2, 256, 64, 0.3
    q, k, v = (torch.randn(heads, n_ctx, head_dim).half() for _ in range(3))
    o = torch.full_like(q, float("nan"))
    kernels.mha_fwd_scores_in_place_kernel[(n_ctx // block_m, heads)](
        q, k, v, o, sm_scale, N_CTX=n_ctx, HEAD_DIM=head_dim, BLOCK_M=block_m, BLOCK_N=block_n,
        num_warps=num_warps)
    expected_o, _ = references.multi_head_attention(q, k, v, sm_scale, causal=True)
    assert not o.isnan().any()
    torch.testing.assert_close(o.double(), expected_o, atol=2e-2, rtol=2e-2)
