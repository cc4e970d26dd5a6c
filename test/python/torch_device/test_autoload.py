"""`import torch` registers the spirv device, except beside a GPU backend of torch's own, where a
PrivateUse1 device would take CUDA's place as torch's one accelerator (CUDA autograd fails)."""
import os
import subprocess
import sys

import pytest


def _registered_after_import(env_extra, cuda_version):
    # A fresh interpreter (registration is once per process), torch's own autoload off so that
    # the entry point runs by hand after torch.version.cuda is set.
    code = (
        "import os; os.environ['TORCH_DEVICE_BACKEND_AUTOLOAD'] = '0'\n"
        "import torch\n"
        f"torch.version.cuda = {cuda_version!r}\n"
        "import triton_spirv.torch_device as d\n"
        "d._autoload()\n"
        "print(hasattr(torch, 'spirv'))\n")
    env = {k: v for k, v in os.environ.items() if k != "TRITON_SPIRV_TORCH_DEVICE"}
    env.update(env_extra)
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout.strip().splitlines()[-1] == "True"


@pytest.mark.parametrize("cuda_version, env, registered", [
    (None, {}, True),                                        # CPU torch: the device is there
    ("13.0", {}, False),                                     # CUDA torch: only when asked
    ("13.0", {"TRITON_SPIRV_TORCH_DEVICE": "spirv"}, True),  # asked for
    (None, {"TRITON_SPIRV_TORCH_DEVICE": "0"}, False),       # refused
])
def test_autoload_registers_the_device_unless_torch_has_its_own_gpu(cuda_version, env, registered):
    assert _registered_after_import(env, cuda_version) == registered
