"""The wheel for the running Python, built from build/ as utils/build-wheels.sh
does, is self-contained: no libMLIR/libLLVM needed, installs into a fresh venv
with --no-deps, and from there (no source tree on the path) compiles and runs
kernels and provides triton-spirv-opt."""
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD = REPO / "build"
TAG = f"cp{sys.version_info[0]}{sys.version_info[1]}"
# What an installed binary may need at run time: the C/C++ runtime. The Vulkan
# loader is dlopen'ed, so it is not a link-time dependency at all.
ALLOWED_LIBRARIES = {"linux-vdso.so.1", "libc.so.6", "libm.so.6", "libstdc++.so.6",
                     "libgcc_s.so.1", "ld-linux-x86-64.so.2", "libdl.so.2",
                     "libpthread.so.0", "librt.so.1"}

pytestmark = pytest.mark.skipif(
    not (BUILD / "python" / TAG / "triton_spirv").is_dir(),
    reason=f"no {TAG} modules in build/ (run bash utils/build.sh)")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    res = subprocess.run([sys.executable, str(REPO / "utils" / "make_wheel.py"), "--tag", TAG,
                          "--out", str(out)], capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr
    wheels = list(out.glob("*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def _needed_libraries(path):
    res = subprocess.run(["ldd", str(path)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    return {Path(line.split()[0]).name for line in res.stdout.splitlines() if line.strip()}


def test_wheel_contents_and_size(wheel, tmp_path):
    assert wheel.name.endswith(f"-{TAG}-{TAG}-linux_x86_64.whl")
    # It must travel to the GPU machine with the rest of a command's files.
    assert wheel.stat().st_size < 40e6, f"{wheel.stat().st_size / 1e6:.1f} MB"
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        zf.extractall(tmp_path)
    assert any(n.startswith("triton_spirv/_compiler.") for n in names)
    assert any(n.startswith("triton_spirv/_vulkan_runtime.") for n in names)
    assert any(n.endswith(".data/scripts/triton-spirv-opt") for n in names)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "[triton.backends]" in (tmp_path / entry_points).read_text()
    binaries = [tmp_path / n for n in names if n.endswith(".so") or n.endswith("triton-spirv-opt")]
    assert len(binaries) >= 3
    for binary in binaries:
        extra = _needed_libraries(binary) - ALLOWED_LIBRARIES
        assert not extra, f"{binary.name} needs {sorted(extra)}"


KERNEL = r'''
import sys, torch, triton, triton.language as tl
import triton_spirv
assert triton_spirv.__file__.startswith(sys.prefix), triton_spirv.__file__

@triton.jit
def scaled_add(x_ptr, y_ptr, out_ptr, n, alpha, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * alpha + y, mask=mask)

n = 5003
x, y = torch.randn(n), torch.randn(n)
out = torch.full((n,), float("nan"))
scaled_add[(triton.cdiv(n, 512),)](x, y, out, n, 0.75, BLOCK=512)
assert not out.isnan().any()
torch.testing.assert_close(out, x * 0.75 + y)
print("ok", triton_spirv.__file__)
'''


def test_wheel_installs_and_runs_kernels_in_fresh_venv(wheel, tmp_path):
    venv = tmp_path / "venv"
    # torch and triton come from the base interpreter; triton-spirv from the wheel.
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    python = venv / "bin" / "python"
    res = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--ignore-installed",
                          str(wheel)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stdout + res.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TRITON_SPIRV_DUMP_DIR")}
    env["TRITON_CACHE_DIR"] = str(tmp_path / "cache")
    script = tmp_path / "kernel.py"
    script.write_text(KERNEL)
    run = subprocess.run([str(python), str(script)], capture_output=True, text=True, cwd=tmp_path,
                         env=env, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("ok " + str(venv))

    opt = venv / "bin" / "triton-spirv-opt"
    assert opt.exists()
    ttir = tmp_path / "k.ttir"
    ttir.write_text('module { tt.func public @k(%p: !tt.ptr<f32>) { tt.return } }\n')
    spv = tmp_path / "k.spv"
    res = subprocess.run([str(opt), str(ttir),
                          f"--convert-triton-to-spirv=profile=lavapipe num-warps=4 output={spv}"],
                         capture_output=True, text=True, cwd=tmp_path, env=env)
    assert res.returncode == 0, res.stderr
    assert spv.read_bytes()[:4] == b"\x03\x02\x23\x07"  # the SPIR-V magic number
