"""How triton-spirv sits in Triton's backend registry: the `cpu` target (Inductor's Triton CPU
backend) is ours; with TRITON_SPIRV_BACKEND=1 the `cuda` target is ours alone, so kernels
Inductor compiles for CUDA tensors cannot silently go to Triton's CUDA backend. Each case runs
in a fresh interpreter: the registry is settled when Triton is imported."""
import os
import subprocess
import sys
import tempfile
import textwrap


def run_python(source, **env):
    environment = {**os.environ, **env}
    # A file, not -c: @triton.jit reads its function's source.
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(textwrap.dedent(source))
    try:
        result = subprocess.run([sys.executable, script.name], env=environment,
                                capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(script.name)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


# A kernel compiled as Inductor compiles: for an explicit target, then launched through the
# active driver on CPU tensors (no CUDA on this machine: the cpu route).
EXPLICIT_TARGET_KERNEL = """
    import torch, triton, triton.language as tl
    from triton.backends import backends
    from triton.backends.compiler import GPUTarget
    from triton.compiler.compiler import ASTSource, make_backend
    from triton_spirv.compiler import SPIRVBackend

    @triton.jit
    def scale_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        x = tl.load(x_ptr + offsets, mask=mask)
        y = tl.load(y_ptr + offsets, mask=mask)
        tl.store(out_ptr + offsets, x * 2.5 + y, mask=mask)

    target = GPUTarget(TARGET, ARCH, 32)
    backend = make_backend(target)
    print("backend", type(backend).__name__, backend.target.backend)
    print("registered", sorted(backends))
    source = ASTSource(scale_add, {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32",
                                   "n": "i32", "BLOCK": "constexpr"}, {"BLOCK": 256})
    compiled = triton.compile(source, target=target)
    print("binary", "spv" in compiled.asm, compiled.metadata.target.backend)
    n = 1000
    x, y = torch.randn(n), torch.randn(n)
    out = torch.full((n,), float("nan"))
    compiled[(triton.cdiv(n, 256), 1, 1)](x, y, out, n)
    print("max error", (out - (x * 2.5 + y)).abs().max().item())
"""


def parse(stdout):
    return {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in stdout.splitlines() if " " in line}


def test_cpu_target_compiles_through_triton_spirv():
    out = parse(run_python(EXPLICIT_TARGET_KERNEL.replace("TARGET", '"cpu"').replace("ARCH", '"avx512"')))
    assert out["backend"] == "CPUTargetBackend cpu"
    assert out["binary"] == "True cpu"
    assert float(out["max"].split()[-1]) < 1e-6


def test_cuda_target_is_ours_alone_when_chosen():
    out = parse(run_python(EXPLICIT_TARGET_KERNEL.replace("TARGET", '"cuda"').replace("ARCH", "90"),
                           TRITON_SPIRV_BACKEND="1"))
    assert out["backend"] == "SPIRVBackend cuda"
    assert "nvidia" not in out["registered"], out["registered"]
    assert out["binary"] == "True cuda"
    assert float(out["max"].split()[-1]) < 1e-6


def test_cuda_target_stays_with_triton_unless_chosen():
    out = run_python("""
        from triton.backends import backends
        from triton.backends.compiler import GPUTarget
        from triton_spirv.compiler import SPIRVBackend
        print("nvidia" in backends, SPIRVBackend.supports_target(GPUTarget("cuda", 90, 32)))
    """)
    assert out.split() == ["True", "False"]


def test_disabled_backend_refuses_the_cpu_target_by_name():
    result = subprocess.run(
        [sys.executable, "-c", "import triton\nfrom triton_spirv.cpu_target.driver import "
         "CPUTargetDriver\nCPUTargetDriver()"],
        env={**os.environ, "TRITON_SPIRV_BACKEND": "0"}, capture_output=True, text=True, timeout=300)
    assert result.returncode != 0
    assert "TRITON_SPIRV_BACKEND=0" in result.stderr and "cpu_backend" in result.stderr


# Inductor's caches do not key on which Triton backend compiled a graph's kernels: the cuda route
# tags torch.compile's cache key, so graphs cached under Triton-CUDA are not reused there.
TAG_PROBE = """
    {imports}
    import triton.runtime.driver
    import torch.compiler.config as config
    print("tag", repr(config.cache_key_tag))
"""


def test_cuda_route_tags_torch_compile_caches_in_either_import_order():
    for imports in ("import torch, triton", "import triton, torch"):
        out = parse(run_python(TAG_PROBE.format(imports=imports), TRITON_SPIRV_BACKEND="1",
                               TORCH_COMPILE_CACHE_KEY_TAG="users-own"))
        assert out["tag"] == "'users-own+triton-spirv-cuda-route'", (imports, out)


def test_torch_compile_caches_untagged_unless_chosen():
    env = {k: v for k, v in os.environ.items() if k != "TORCH_COMPILE_CACHE_KEY_TAG"}
    env["TRITON_SPIRV_BACKEND"] = "0"
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(TAG_PROBE.format(imports="import torch, triton"))],
                            env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    assert parse(result.stdout)["tag"] == "''"
