"""triton_spirv.configs: the matmul configurations autotune correctly on the default device, and
the NVIDIA ones fit its 48 KiB of workgroup memory (fp16 on cooperative matrices)."""

import pytest
import torch
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

from triton_spirv import configs

NVIDIA_WORKGROUP_BYTES = 49152


@triton.jit
def grouped_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
                          stride_bn, stride_cm, stride_cn, BLOCK_SIZE_M: tl.constexpr,
                          BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                          GROUP_SIZE_M: tl.constexpr):
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
    acc = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        k_left = K - k * BLOCK_SIZE_K
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < k_left) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision="ieee")
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


@pytest.mark.parametrize("dtype", ["fp16", "fp32"])
def test_nvidia_matmul_configs_fit_workgroup_memory(dtype):
    element = "fp16" if dtype == "fp16" else "fp32"
    signature = {"a_ptr": f"*{element}", "b_ptr": f"*{element}", "c_ptr": f"*{element}",
                 **{name: "i32" for name in ("M", "N", "K", "stride_am", "stride_ak", "stride_bk",
                                             "stride_bn", "stride_cm", "stride_cn")}}
    for config in configs.matmul_configs(dtype, profile="nvidia", GROUP_SIZE_M=8):
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
        assert uses_cooperative_matrix == (dtype == "fp16"), config


def test_unknown_profile_is_refused():
    with pytest.raises(ValueError, match="no matmul configurations for profile 'mali'"):
        configs.matmul_configs(profile="mali")
