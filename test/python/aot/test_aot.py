"""Ahead-of-time kernels: compile specializations to C, link them, build a C program against the
runtime library and run it with no Python in the process (aot_main.c checks the numbers)."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from triton_spirv import _vulkan_runtime as runtime
from triton_spirv.tools import runtime as runtime_paths

HERE = Path(__file__).resolve().parent
KERNELS = HERE / "aot_kernels.py"
CC = shutil.which("cc") or shutil.which("gcc")

pytestmark = [
    pytest.mark.skipif(CC is None, reason="no C compiler (cc) on this machine"),
    pytest.mark.skipif(not runtime.is_available(), reason="no Vulkan device"),
]

ADD_GRID = "(n_elements + BLOCK_SIZE - 1) / BLOCK_SIZE, 1, 1"
MATMUL_GRID = "(M + BLOCK_M - 1) / BLOCK_M, (N + BLOCK_N - 1) / BLOCK_N, 1"
# (out name, kernel, signature, grid, num_warps)
SPECIALIZATIONS = [
    ("add", "add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024", ADD_GRID, 4),
    ("add", "add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32:1, 1024", ADD_GRID, 4),
    ("add", "add_kernel", "*fp32, *fp32, *fp32, i32, 1024", ADD_GRID, 4),
    ("matmul", "matmul_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, 32, 32, 16",
     MATMUL_GRID, 4),
    ("matmul", "matmul_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, 64, 32, 32",
     MATMUL_GRID, 4),
    # 64 KiB of staged tiles: more workgroup memory than lavapipe (32 KiB) or NVIDIA (48 KiB)
    # have, so part of it lives in the context's scratch memory.
    ("matmul", "matmul_kernel", "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, 128, 128, 64",
     MATMUL_GRID, 4),
    ("scale_shift", "scale_shift_kernel",
     "*fp32:16, *fp32:16, *i64:16, *i64:16, fp32, i64, fp16, i32, i32, 256", "(n + 255) / 256, 1, 1", 2),
    # Three rows: the C program's table holds three addresses.
    ("gather_rows", "gather_rows_kernel", "*i64:16, *fp32:16, i32, 128", "3, 1, 1", 4),
]


# The kernels the C program calls, each linked from its specializations.
LINKED_KERNELS = ("add", "matmul", "scale_shift", "gather_rows")


def run_tool(tool, *args, check=True):
    result = subprocess.run([sys.executable, "-m", f"triton_spirv.tools.{tool}", *map(str, args)],
                            capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"{tool} failed ({result.returncode}):\n{result.stderr}")
    return result


def compile_specialization(out_dir, out_name, kernel, signature, grid, warps, path=KERNELS):
    run_tool("compile", path, "-n", kernel, "-s", signature, "-g", grid, "-w", warps,
             "-on", out_name, "-o", out_dir / out_name)


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("aot")
    for spec in SPECIALIZATIONS:
        compile_specialization(out, *spec)
    for name in LINKED_KERNELS:
        headers = sorted(out.glob(f"{name}.*_*.h"))
        run_tool("link", *headers, "-o", out / name)
    return out


def build_program(directory, static=False):
    sources = [HERE / "aot_main.c", *sorted(directory.glob("*.c"))]
    flags = runtime_paths.flags("static_libs" if static else "libs").split()
    binary = directory / ("main_static" if static else "main")
    command = [CC, "-std=c11", "-O1", "-Wall", "-Werror", "-o", binary, f"-I{directory}",
               *runtime_paths.flags("cflags").split(), *sources, *flags, "-lm"]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, f"compiling the C failed:\n{result.stderr}"
    return binary


def run_program(binary):
    env = dict(os.environ, TRITON_SPIRV_TRACE_LAUNCHES="1")
    return subprocess.run([binary], capture_output=True, text=True, env=env, timeout=300)


def dispatched(stderr):
    """{case: specialization launched for it}, from the program's stderr."""
    launches, case = {}, None
    for line in stderr.splitlines():
        if line.startswith("case: "):
            case = line[len("case: "):]
        elif (m := re.match(r"triton-spirv: launch (\w+) grid", line)) and case:
            launches.setdefault(case, m.group(1))
    return launches


def test_generated_files_follow_triton_conventions(generated):
    headers = sorted(generated.glob("add.*_*.h"))
    suffixes = sorted(re.match(r"add\.[0-9a-f]{8}_(\w*)\.h", h.name).group(1) for h in headers)
    assert suffixes == ["", "0d1d2d3c", "0d1d2d3d"]
    text = next(h for h in headers if h.name.endswith("_0d1d2d3d.h")).read_text()
    assert re.search(r"// tt-linker: add_[0-9a-f]{8}_0d1d2d3d:uint64_t x_ptr, uint64_t y_ptr, "
                     r"uint64_t out_ptr, int32_t n_elements:1024_warps4xstages3", text)
    # The 128x128x64 tiles exceed the device's workgroup memory: the launch takes scratch.
    big = [c for c in generated.glob("matmul.*_*.c") if "BLOCK_K=64" in c.read_text()]
    assert len(big) == 1 and "triton_spirv_kernel_scratch(matmul_" in big[0].read_text()
    linked = (generated / "add.h").read_text()
    for declaration in ("int add_get_num_algos(void);", "TritonSpirvResult add_default(",
                        "TritonSpirvResult load_add(void);", "int algo_id);"):
        assert declaration in linked


def test_c_program_runs_every_specialization(generated):
    result = run_program(build_program(generated))
    assert result.returncode == 0, f"{result.stdout}\n{result.stderr}"
    assert "0 failed" in result.stdout
    assert "FAIL" not in result.stdout
    assert "PASS no Python in the process" in result.stdout
    launches = dispatched(result.stderr)
    suffix = {case: name.rsplit("_", 1)[1] for case, name in launches.items()}
    assert suffix["add aligned n%16==0"] == "0d1d2d3d"
    assert suffix["add aligned n==1"] == "0d1d2d3c"
    assert suffix["add misaligned"] == ""  # x + 4 bytes is not 16-aligned
    assert suffix["add aligned n%16!=0"] == ""
    # Three algos of matmul: a different specialization (hash) for each.
    assert len({launches[f"matmul algo {i}"] for i in range(3)}) == 3
    assert launches["scale_shift flag 1"].startswith("scale_shift_")
    assert launches["gather_rows through a pointer table"].startswith("gather_rows_")


def test_static_library(generated):
    result = run_program(build_program(generated, static=True))
    assert result.returncode == 0, f"{result.stdout}\n{result.stderr}"
    assert "0 failed" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["-n", "no_such_kernel", "-s", "*fp32, *fp32, *fp32, i32, 1024", "-g", ADD_GRID],
     "no @triton.jit kernel named 'no_such_kernel' (kernels there: add_kernel, gather_rows_kernel, matmul_kernel"),
    (["-n", "add_kernel", "-s", "*fp32, *fp32, i32, 1024", "-g", ADD_GRID],
     "has 4 entries, but kernel add_kernel takes 5 parameters"),
    (["-n", "add_kernel", "-s", "*fp32, *fp32, *float, i32, 1024", "-g", ADD_GRID],
     "unknown type '*float'"),
    (["-n", "add_kernel", "-s", "*fp32:8, *fp32, *fp32, i32, 1024", "-g", ADD_GRID],
     "the hint must be 1 or 16, got '8'"),
    (["-n", "add_kernel", "-s", "*fp32, *fp32, *fp32, i32, 1024", "-g", "n_elements, 1"],
     "must be three comma-separated expressions"),
    (["-n", "add_kernel", "-s", "*fp32, *fp32, *fp32, i32, 1024", "-g", "M / 4, 1, 1"],
     "uses 'M', which is not a parameter of add_kernel"),
    (["-n", "add_kernel", "-s", "*fp32, *fp32, *fp32, i32, 1024", "-g", ADD_GRID, "--target", "amd"],
     "unknown device profile 'amd'"),
])
def test_compile_rejects_bad_input(tmp_path, args, message):
    result = run_tool("compile", KERNELS, *args, "-o", tmp_path / "k", check=False)
    assert result.returncode != 0
    assert message in result.stderr
    assert not list(tmp_path.iterdir())


def test_link_rejects_headers_of_different_kernels(generated, tmp_path):
    headers = [next(generated.glob("add.*_*.h")), next(generated.glob("matmul.*_*.h"))]
    result = run_tool("link", *headers, "-o", tmp_path / "mixed", check=False)
    assert result.returncode != 0
    assert "headers of different kernels: add" in result.stderr


def test_link_rejects_malformed_headers(generated, tmp_path):
    source = next(generated.glob("add.*_0d1d2d3d.h")).read_text()
    cases = {
        "cuda.h": (source.replace("tt-linker-backend: spirv", "tt-linker-backend: cuda"),
                   "generated for backend 'cuda'"),
        "none.h": ("int f(void);\n", "no tt-linker directive"),
        "suffix.h": (source.replace("_0d1d2d3d:", "_0d1d2d9d:"), "names parameter #9"),
        "types.h": (source.replace("int32_t n_elements:", "int64_t n_elements:"),
                    "mismatched signature for kernel add"),
    }
    good = next(generated.glob("add.*_0d1d2d3c.h"))
    for name, (text, message) in cases.items():
        bad = tmp_path / name
        bad.write_text(text)
        result = run_tool("link", good, bad, "-o", tmp_path / "out", check=False)
        assert result.returncode != 0, name
        assert message in result.stderr, (name, result.stderr)
