"""Several Vulkan devices are several spirv device indices (issue 61), on lavapipe: the Vulkan
loader lists lavapipe twice when two ICD manifests name two copies of its library, so each test
runs a subprocess with VK_DRIVER_FILES naming both."""
import ctypes.util
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def _current_icd():
    """The lavapipe manifest this process's loader uses (the Mesa 22.3 run sets its own)."""
    for variable in ("VK_DRIVER_FILES", "VK_ICD_FILENAMES"):
        chosen = os.environ.get(variable)
        if chosen:
            return Path(chosen.split(os.pathsep)[0])
    return Path("/usr/share/vulkan/icd.d/lvp_icd.json")


def _library_of(manifest):
    path = json.loads(manifest.read_text())["ICD"]["library_path"]
    if os.path.isabs(path):
        return Path(path)
    if "/" in path:
        return (manifest.parent / path).resolve()
    found = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    for line in found.splitlines():
        if line.strip().startswith(path + " ") and "=>" in line:
            return Path(line.split("=>")[1].strip())
    located = ctypes.util.find_library(path.removeprefix("lib").split(".so")[0])
    if located:
        return Path(located)
    pytest.skip(f"cannot locate lavapipe's {path}")


@pytest.fixture(scope="module")
def two_lavapipes(tmp_path_factory):
    """The environment of a process that sees lavapipe as Vulkan devices 0 and 1."""
    manifest = _current_icd()
    if not manifest.exists():
        pytest.skip(f"no lavapipe manifest at {manifest}")
    library = _library_of(manifest)
    folder = tmp_path_factory.mktemp("lavapipes")
    copy = folder / "libvulkan_lvp_second.so"  # another path: the loader loads it again
    shutil.copy(library, copy)
    manifests = []
    for name, path in (("first.json", library), ("second.json", copy)):
        text = json.loads(manifest.read_text())
        text["ICD"]["library_path"] = str(path)
        (folder / name).write_text(json.dumps(text))
        manifests.append(str(folder / name))
    files = os.pathsep.join(manifests)
    env = dict(os.environ, VK_DRIVER_FILES=files, VK_ICD_FILENAMES=files)
    env.pop("TRITON_SPIRV_DEVICE", None)
    return env


def _run(args, env, timeout=900):
    run = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True,
                         timeout=timeout)
    return run


def test_the_two_devices_are_indices_0_and_1(two_lavapipes):
    env = dict(two_lavapipes, EXPECT_VULKAN_INDICES="0,1")
    run = _run([str(HERE / "two_devices.py")], env)
    assert run.returncode == 0, run.stdout + run.stderr[-4000:]
    cases = [line.split()[0] for line in run.stdout.splitlines() if line.endswith(" ok")]
    assert cases == ["device_count", "kernel_on_each_device", "copies_between_devices",
                     "current_device", "memory_per_device", "events_on_device_1", "errors",
                     "operators_stay_on_device_1", "autograd_on_device_1",
                     "other_profile_refused"], run.stdout


def test_a_list_orders_the_indices(two_lavapipes):
    """TRITON_SPIRV_DEVICE=1,0: Vulkan device 1 is spirv:0 (CUDA_VISIBLE_DEVICES' order)."""
    env = dict(two_lavapipes, TRITON_SPIRV_DEVICE="1,0", EXPECT_VULKAN_INDICES="1,0", SEED="11")
    run = _run([str(HERE / "two_devices.py")], env)
    assert run.returncode == 0, run.stdout + run.stderr[-4000:]
    assert "autograd_on_device_1 ok" in run.stdout, run.stdout


def test_one_selector_keeps_one_device_and_bad_lists_say_why(two_lavapipes):
    script = (
        "import torch\n"
        "from triton_spirv import _vulkan_runtime as runtime\n"
        "try:\n"
        "    print(runtime.device_count(), runtime.physical_device_indices(),\n"
        "          torch.spirv.device_count())\n"
        "except RuntimeError as error:\n"
        "    print('error', str(error).splitlines()[0], torch.spirv.device_count())\n")
    outputs = {}
    for selector in ("1", "llvmpipe", "0,0", "0,,1", "0,nosuchdevice"):
        run = _run(["-c", script], dict(two_lavapipes, TRITON_SPIRV_DEVICE=selector), timeout=300)
        assert run.returncode == 0, run.stderr[-3000:]
        outputs[selector] = run.stdout.strip()
    assert outputs["1"] == "1 [1] 1"
    assert outputs["llvmpipe"] == "1 [0] 1"  # a name matching both: the first, as before
    assert outputs["0,0"].startswith("error TRITON_SPIRV_DEVICE='0,0' names Vulkan device [0]")
    assert outputs["0,0"].endswith("twice; devices: 0"), outputs["0,0"]
    assert outputs["0,,1"] == "error TRITON_SPIRV_DEVICE='0,,1' has an empty entry 0"
    assert outputs["0,nosuchdevice"].startswith(
        "error TRITON_SPIRV_DEVICE='nosuchdevice' matches no Vulkan device"), outputs


@pytest.mark.skipif(importlib.util.find_spec("flag_gems") is None, reason="FlagGems is not installed")
def test_flaggems_operators_run_on_device_1(two_lavapipes):
    script = (
        "import os\n"
        "os.environ['TRITON_SPIRV_TORCH_DEVICE'] = 'spirv'\n"
        "import triton_spirv.flaggems as registration\n"
        "registration.install()\n"
        "import flag_gems, torch\n"
        "from triton_spirv import launcher\n"
        "devices = []\n"
        "original = launcher.SPIRVLauncher.__call__\n"
        "def counting(self, *args, **kwargs):\n"
        "    devices.extend(a.device.index for a in args if getattr(a, 'device', None) is not None\n"
        "                   and a.device.type == 'spirv')\n"
        "    return original(self, *args, **kwargs)\n"
        "launcher.SPIRVLauncher.__call__ = counting\n"
        "flag_gems.enable()\n"
        "gen = torch.Generator().manual_seed(3)\n"
        "a, b = torch.randn(48, 64, generator=gen), torch.randn(64, 32, generator=gen)\n"
        "for name, fn in (('add', lambda x, y: x + 2 * x), ('mm', lambda x, y: x @ y),\n"
        "                 ('softmax', lambda x, y: torch.softmax(x, dim=-1)),\n"
        "                 ('sum', lambda x, y: x.sum(dim=1))):\n"
        "    got = fn(a.to('spirv:1'), b.to('spirv:1'))\n"
        "    same = torch.allclose(got.cpu(), fn(a, b), atol=1e-4, rtol=1e-4)\n"
        "    print(name, got.device, same)\n"
        "print('launch devices', sorted(set(devices)), len(devices) > 0)\n")
    run = _run(["-c", script], two_lavapipes, timeout=1500)
    assert run.returncode == 0, run.stdout + run.stderr[-4000:]
    lines = run.stdout.splitlines()
    for name in ("add", "mm", "softmax", "sum"):
        assert f"{name} spirv:1 True" in lines, run.stdout
    assert lines[-1] == "launch devices [1] True", run.stdout


def test_a_bridge_of_another_version_is_refused(spirv):
    """The extension reads nothing of a table whose version is not its own."""
    import ctypes

    import torch
    from triton_spirv.torch_device import module

    table = (ctypes.c_uint32 * 64)(1)  # version 1: one device, no index on calls
    name = ctypes.create_string_buffer(b"triton_spirv.runtime_bridge")  # outlives the capsule
    new = ctypes.pythonapi.PyCapsule_New
    new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    capsule = new(ctypes.addressof(table), ctypes.addressof(name), None)
    with pytest.raises(RuntimeError, match="bridge is version 1, this torch extension expects 2"):
        module._ext().init(capsule, "spirv")
    assert torch.equal(torch.ones(2, device=spirv).cpu(), torch.ones(2))  # the real bridge serves
