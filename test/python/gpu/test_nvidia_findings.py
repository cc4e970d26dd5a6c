"""Wrong answers the fuzzer found on NVIDIA's driver (the H100, spirv device) that lavapipe does
not show: their reduced repros (utils/fuzz/findings/*_nvidia.py) and the int16 scans around
them. Runs where the Vulkan device is an NVIDIA GPU (TRITON_SPIRV_BACKEND=1 TRITON_SPIRV_CUDA=0)."""
import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from ..e2e.kernels import dot_beside_full_reduction_kernel, scan_then_select_kernel  # noqa: E402

FINDINGS = Path(__file__).resolve().parents[3] / "utils" / "fuzz" / "findings"
NVIDIA = 0x10DE


def _on_nvidia():
    if os.environ.get("TRITON_SPIRV_BACKEND") != "1" or os.environ.get("TRITON_SPIRV_CUDA") != "0":
        return False
    import triton_spirv.torch_device  # noqa: F401  (registers torch.spirv)
    spirv = getattr(torch, "spirv", None)
    return bool(spirv and spirv.is_available() and spirv.get_device_properties(0).vendor_id == NVIDIA)


if not _on_nvidia():
    pytest.skip("needs the spirv device on an NVIDIA GPU (TRITON_SPIRV_BACKEND=1 "
                "TRITON_SPIRV_CUDA=0)", allow_module_level=True)


@pytest.mark.parametrize("repro", [
    "int16_scan_signed_compare_nvidia.py",
    "int16_cummax_signed_compare_nvidia.py",
    "full_reduction_beside_cooperative_matrix_dot_nvidia.py",
    "float64_min_beside_cooperative_matrix_dot_nvidia.py",
    "if_else_block_through_selected_workgroup_pointer_nvidia.py",
    "reduction_else_block_through_selected_workgroup_pointer_nvidia.py",
    # NVIDIA's driver computed these wrong from SPIR-V that was right; the nvidia profile
    # keeps the arithmetic from its rewrites (spirv-keep-arithmetic-exact).
    "int16_shift_negate_overflow_compare_nvidia.py",
    "float32_to_uint64_to_int32_nvidia.py",
    "float32_add_chain_reassociated_nvidia.py",
])
def test_reduced_repro(repro):
    env = dict(os.environ, TRITON_SPIRV_TORCH_DEVICE="cpu")  # the repros build CPU tensors
    run = subprocess.run([sys.executable, str(FINDINGS / repro)], env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]


# int16 was wrong in 8 of these 12 cases on NVIDIA until the nvidia profile held i16 workgroup
# arrays in i32 (spirv-widen-int16-workgroup-variables; all pass on the H100 since).
@pytest.mark.parametrize("dtype, shape, use_max, num_warps", list(itertools.product(
    [torch.int16, torch.int8, torch.int32], [(2, 8), (4, 16), (16, 32)], [False, True], [1, 4])))
def test_integer_scan_along_rows(dtype, shape, use_max, num_warps):
    M, N = shape
    info = torch.iinfo(dtype)
    low, high = max(info.min, -3000), min(info.max, 3000)
    x = torch.randint(low, high, (M, N), dtype=dtype)
    w = torch.randint(low, high, (M, N), dtype=dtype)
    out = torch.full((M, N), 7, dtype=dtype, device="spirv")
    scan_then_select_kernel[(1,)](x.to("spirv"), w.to("spirv"), out, M, N, use_max, num_warps=num_warps)
    s = (torch.cummax if use_max else torch.cummin)(x.long(), 0).values
    expected = torch.where(s == x.long(), x.long(), w.long())
    assert torch.equal(out.cpu().long(), expected)


# The two cooperative-matrix repros: their reductions leave a 4- or 8-byte workgroup variable (a
# native subgroup add leaves one of 4 bytes per subgroup), which put the staged dot operands off a
# 16-byte boundary on NVIDIA (spirv-pad-workgroup-variables).
@pytest.mark.parametrize("combiner, dtype, num_warps", list(itertools.product(
    ["sum", "and", "min64"], [torch.float16, torch.bfloat16], [1, 4])))
def test_dot_beside_full_reduction(combiner, dtype, num_warps):
    M = N = K = 32
    block = torch.randint(-1000, 1000, (M, N), dtype=torch.int32)
    a, b = torch.randn(M, K).to(dtype), torch.randn(K, N).to(dtype)
    reduced = torch.zeros(1, dtype=torch.int32, device="spirv")
    out = torch.full((M, N), float("nan"), device="spirv")
    dot_beside_full_reduction_kernel[(1,)](block.to("spirv"), reduced, a.to("spirv"),
                                           b.to("spirv"), out, M, N, K, combiner,
                                           num_warps=num_warps)
    if combiner == "and":
        want = -1
        for value in block.flatten().tolist():
            want &= value
    else:
        want = int(block.sum() if combiner == "sum" else block.min())
    assert reduced.cpu()[0].item() == want
    torch.testing.assert_close(out.cpu(), a.float() @ b.float(), atol=1e-2, rtol=1e-2)
