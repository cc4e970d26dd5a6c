"""The torch device's C++ compiles against torch releases other than the one installed here.

The extension is built on the user's machine against their torch (docs/installing.md), and
torch's headers change between releases: Autocast.cpp once built on torch 2.13 and not on 2.11
(the GPU machine), whose autocast op lists name `DimnameList` unqualified. Each source is
checked with `g++ -fsyntax-only` against the headers of the torch wheels named in
TRITON_SPIRV_TORCH_HEADER_VERSIONS (default 2.11.0), downloaded from PyPI once and kept in
~/.cache/triton-spirv/torch-headers/<version>.
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from triton_spirv.torch_device import _extension

VERSIONS = os.environ.get("TRITON_SPIRV_TORCH_HEADER_VERSIONS", "2.11.0").split(",")


def _headers_cache(version):
    root = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return root / "triton-spirv" / "torch-headers" / version


def torch_headers(version):
    """torch/include of the torch `version` wheel for this Python (downloaded once)."""
    cache = _headers_cache(version)
    if (cache / "torch" / "include" / "ATen").is_dir():
        return cache / "torch" / "include"
    with tempfile.TemporaryDirectory() as download:
        result = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
             "--progress-bar", "off", f"torch=={version}", "-d", download],
            capture_output=True, text=True, timeout=900)
        if result.returncode != 0:
            message = f"could not download torch {version}'s wheel: {result.stderr[-400:]}"
            if os.environ.get("CI"):
                pytest.fail(message)
            pytest.skip(message)
        wheel = next(Path(download).glob("torch-*.whl"))
        partial = cache.with_name(cache.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(partial, [n for n in archive.namelist()
                                         if n.startswith("torch/include/")])
        shutil.rmtree(cache, ignore_errors=True)
        partial.rename(cache)
    return cache / "torch" / "include"


@pytest.mark.parametrize("version", VERSIONS)
def test_extension_sources_compile_against_torch(version):
    compiler = shutil.which("g++")
    assert compiler, "g++ is missing (the README's commands install it; the device needs it)"
    include = torch_headers(version)
    flags = ["-fsyntax-only", "-std=c++17", "-DTORCH_API_INCLUDE_EXTENSION_H",
             "-DTORCH_EXTENSION_NAME=triton_spirv_torch_check", "-D_GLIBCXX_USE_CXX11_ABI=1"]
    flags += [f"-I{folder}" for folder in _extension.include_dirs()]
    flags += ["-isystem", str(include), "-isystem", str(include / "torch" / "csrc" / "api" / "include"),
              "-isystem", sysconfig.get_paths()["include"]]
    sources = _extension.sources()
    assert sources

    def check(source):
        result = subprocess.run([compiler, *flags, str(source)], capture_output=True, text=True)
        return source.name, result.returncode, result.stderr

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        failures = [f"{name}:\n{errors[:3000]}" for name, code, errors in pool.map(check, sources)
                    if code != 0]
    assert not failures, f"against torch {version}'s headers:\n" + "\n".join(failures)
