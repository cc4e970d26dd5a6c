"""The end-to-end suite again, under the Khronos validation layer: no errors allowed."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

_RUN = """
import sys, pytest
code = pytest.main(["-q", "-p", "no:cacheprovider", sys.argv[1]])
from triton_spirv import _vulkan_runtime as rt
print("VALIDATION_ERRORS", rt.validation_error_count())
for message in rt.validation_messages()[:5]:
    print(message[:400])
sys.exit(int(code))
"""


def _layer_installed():
    return any(Path(d).glob("VkLayer_khronos_validation.json")
               for d in ("/usr/share/vulkan/explicit_layer.d", "/etc/vulkan/explicit_layer.d"))


@pytest.mark.skipif(not _layer_installed(), reason="vulkan-validationlayers is not installed")
def test_end_to_end_suite_is_validation_clean():
    env = dict(os.environ, TRITON_SPIRV_VALIDATION="1", TRITON_ALWAYS_COMPILE="1")
    suite = str(Path(__file__).with_name("test_end_to_end.py"))
    result = subprocess.run([sys.executable, "-c", _RUN, suite], env=env, capture_output=True,
                            text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "VALIDATION_ERRORS 0" in result.stdout, result.stdout[-3000:]
