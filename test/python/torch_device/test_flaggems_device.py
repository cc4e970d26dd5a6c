"""FlagGems' operators on the spirv device (the `spirv` vendor with dispatch key PrivateUse1)."""
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

if importlib.util.find_spec("flag_gems") is None:
    pytest.skip("FlagGems is not installed", allow_module_level=True)


def test_flaggems_operators_and_training_on_the_device():
    script = Path(__file__).with_name("flaggems_on_device.py")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=1500)
    lines = run.stdout.splitlines()
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    results = dict(line.split(" ", 1) for line in lines
                   if line.endswith((" ok", " WRONG")) and " " not in line.split(" ", 1)[0][:-1])
    assert len(results) == 23 and set(results.values()) == {"ok"}, results
    summary = lines[-1].split()
    assert summary[0] == "launches" and int(summary[1]) >= 21, lines[-1]
    # The operators above have device kernels: none went through the CPU fallback, except the
    # optimizer's foreach and the loss's helpers that FlagGems does not provide.
    listed = lines[-1].split("fallbacks", 1)[1]
    for name in ("add", "mm", "softmax", "layer_norm", "gelu", "index_select", "cat",
                 "convolution_overrideable"):
        assert f"aten::{name}" not in listed, listed
