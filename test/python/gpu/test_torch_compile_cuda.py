"""torch.compile on the cuda route (TRITON_SPIRV_BACKEND=1 where torch has CUDA): every Triton
kernel Inductor generates for CUDA tensors compiles through triton-spirv, none through
Triton's CUDA backend, and the models agree with eager CUDA. Runs where CUDA exists."""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
if not torch.cuda.is_available():
    pytest.skip("torch has no CUDA device here (the cuda route needs one)", allow_module_level=True)

BENCH = Path(__file__).resolve().parents[3] / "bench" / "torch_compile.py"


@pytest.fixture(scope="module")
def results():
    env = dict(os.environ, TRITON_SPIRV_BACKEND="1")
    run = subprocess.run([sys.executable, str(BENCH), "--worker", "ours", "--device", "cuda",
                          "--size", "small", "--iterations", "1"],
                         env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-4000:]
    line = [l for l in run.stdout.splitlines() if l.startswith("RESULT ")][-1]
    return {r["name"]: r for r in json.loads(line[len("RESULT "):])}


@pytest.mark.parametrize("name", ["gpt inference", "gpt training step", "resnet inference"])
def test_every_inductor_kernel_is_ours_and_right(results, name):
    result = results[name]
    assert result["generated"], "Inductor generated no Triton kernel"
    assert result["ours"] == result["generated"], \
        f"not run by triton-spirv: {sorted(set(result['generated']) - set(result['ours']))}"
    assert result["max_error"] <= 1e-3 * max(1.0, result["scale"]), result


def test_graphs_cached_by_triton_cuda_are_not_reused_on_the_cuda_route():
    """Triton-CUDA first, then the cuda route, sharing Inductor's and Triton's caches: every
    kernel still ours (Inductor's FX graph cache handed back Triton-CUDA's kernels before)."""
    with tempfile.TemporaryDirectory() as caches:
        env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=f"{caches}/inductor",
                   TRITON_CACHE_DIR=f"{caches}/triton")
        env.pop("TORCH_COMPILE_CACHE_KEY_TAG", None)
        for side, backend in (("baseline", "0"), ("ours", "1")):
            run = subprocess.run([sys.executable, str(BENCH), "--worker", side, "--device", "cuda",
                                  "--size", "small", "--iterations", "1", "--only", "resnet inference",
                                  "--no-max-autotune"],
                                 env=dict(env, TRITON_SPIRV_BACKEND=backend), capture_output=True,
                                 text=True, timeout=900)
            assert run.returncode == 0, run.stderr[-4000:]
        line = [l for l in run.stdout.splitlines() if l.startswith("RESULT ")][-1]
        (result,) = json.loads(line[len("RESULT "):])
        assert result["generated"] and result["ours"] == result["generated"], \
            f"not run by triton-spirv: {sorted(set(result['generated']) - set(result['ours']))}"
