"""The choice of llvmpipe's SIMD features (triton_spirv.llvmpipe_cpu) by CPU and environment."""
import os
import subprocess
import sys
import warnings

import pytest

from triton_spirv import llvmpipe_cpu


def _cpuinfo(vendor, family, flags):
    return (f"processor\t: 0\nvendor_id\t: {vendor}\ncpu family\t: {family}\nmodel\t\t: 17\n"
            f"flags\t\t: {' '.join(flags)}\n\nprocessor\t: 1\nvendor_id\t: {vendor}\n")


ZEN4 = _cpuinfo("AuthenticAMD", 25, ["sse4_2", "avx", "avx2", "fma", "avx512f", "avx512vl"])
ZEN3 = _cpuinfo("AuthenticAMD", 25, ["sse4_2", "avx", "avx2", "fma"])
ZEN5 = _cpuinfo("AuthenticAMD", 26, ["sse4_2", "avx", "avx2", "fma", "avx512f"])
SAPPHIRE_RAPIDS = _cpuinfo("GenuineIntel", 6, ["sse4_2", "avx", "avx2", "fma", "avx512f"])


@pytest.mark.parametrize("cpuinfo", [ZEN4, ZEN3, ZEN5, SAPPHIRE_RAPIDS, ""])
def test_default_leaves_mesa_detection(cpuinfo):
    value, _ = llvmpipe_cpu.decide(cpuinfo, {})
    assert value is None


def test_zen4_reason_names_the_switch():
    _, reason = llvmpipe_cpu.decide(ZEN4, {})
    assert "TRITON_SPIRV_LLVMPIPE_AVX512=0" in reason
    _, reason = llvmpipe_cpu.decide(SAPPHIRE_RAPIDS, {})
    assert "TRITON_SPIRV_LLVMPIPE_AVX512" not in reason


def test_user_setting_is_kept():
    value, reason = llvmpipe_cpu.decide(ZEN4, {"GALLIUM_OVERRIDE_CPU_CAPS": "sse4.1"})
    assert value is None and "set by the user" in reason


@pytest.mark.parametrize("cpuinfo,choice,expected", [
    (ZEN4, "1", None), (ZEN4, "0", "avx"), (SAPPHIRE_RAPIDS, "0", "avx"),
    (ZEN3, "0", None),  # nothing to hide
])
def test_explicit_choice(cpuinfo, choice, expected):
    value, _ = llvmpipe_cpu.decide(cpuinfo, {"TRITON_SPIRV_LLVMPIPE_AVX512": choice})
    assert value == expected


def test_bad_choice_warns_and_keeps_the_default():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value, _ = llvmpipe_cpu.decide(ZEN4, {"TRITON_SPIRV_LLVMPIPE_AVX512": "yes"})
    assert value is None
    assert any("TRITON_SPIRV_LLVMPIPE_AVX512='yes'" in str(w.message) for w in caught)


@pytest.mark.parametrize("choice", ["0", None])
def test_driver_sets_the_variable_before_vulkan_starts(tmp_path, choice):
    # In a fresh process: importing the driver applies the choice, and a kernel then runs (the
    # Vulkan driver started with it).
    script = (
        "import os, torch, triton, triton.language as tl\n"
        "from triton_spirv import llvmpipe_cpu\n"
        "choice = {k: v for k, v in os.environ.items() if k == 'TRITON_SPIRV_LLVMPIPE_AVX512'}\n"
        "value, _ = llvmpipe_cpu.decide(open('/proc/cpuinfo').read(), choice)\n"
        "assert os.environ.get('GALLIUM_OVERRIDE_CPU_CAPS') == value, (value, llvmpipe_cpu.describe())\n"
        "@triton.jit\n"
        "def twice(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n"
        "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
        "    tl.store(y_ptr + offs, 2 * tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)\n"
        "x = torch.randn(1000); y = torch.full_like(x, float('nan'))\n"
        "twice[(4,)](x, y, 1000, BLOCK=256)\n"
        "assert torch.equal(y, 2 * x)\n"
        "print(llvmpipe_cpu.describe())\n")
    env = {k: v for k, v in os.environ.items()
           if k not in ("GALLIUM_OVERRIDE_CPU_CAPS", "TRITON_SPIRV_LLVMPIPE_AVX512")}
    if choice is not None:
        env["TRITON_SPIRV_LLVMPIPE_AVX512"] = choice
    (tmp_path / "run_twice.py").write_text(script)
    done = subprocess.run([sys.executable, str(tmp_path / "run_twice.py")], env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "GALLIUM_OVERRIDE_CPU_CAPS=" in done.stdout
