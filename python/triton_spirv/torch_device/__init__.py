"""The `spirv` torch device: tensors in a Vulkan device's memory (docs/torch-device.md).

PyTorch's PrivateUse1 device renamed `spirv`, registered when torch starts (torch's
`torch.backends` entry point calls `_autoload`; cheap: nothing is built or created until the
device is first used, when torch calls `torch.spirv._lazy_init`). Its C++ side (allocator,
guard, hooks, operators) runs on the same Vulkan runtime as every kernel launched from Python.
"""

import os
import warnings

DEVICE_TYPE = "spirv"
_registered = False


def current_index():
    """The spirv device index Triton compiles for and loads on now: torch.spirv's current device
    once the device is initialized (its `_lazy_init` replaces this with the extension's own
    function, so Triton's per-launch call costs one C call), else 0."""
    return 0


def register():
    """Names PrivateUse1 `spirv` and installs `torch.spirv`; False (with a warning) if another
    backend already took PrivateUse1."""
    global _registered
    if _registered:
        return True
    import torch
    current = torch._C._get_privateuse1_backend_name()
    if current not in ("privateuseone", DEVICE_TYPE):
        warnings.warn(f"triton-spirv: PyTorch's PrivateUse1 device is already '{current}' "
                      f"(another backend), so the '{DEVICE_TYPE}' device is not registered")
        return False
    if current != DEVICE_TYPE:
        torch.utils.rename_privateuse1_backend(DEVICE_TYPE)
        _register_placeholder_guard(torch)
    from . import module
    if not hasattr(torch, DEVICE_TYPE):
        torch._register_device_module(DEVICE_TYPE, module)
    _register_backend_module(torch)
    torch.utils.generate_methods_for_privateuse1_backend(
        for_tensor=True, for_module=True, for_packed_sequence=True, for_storage=True)
    _registered = True
    return True


def _register_placeholder_guard(torch):
    """A device guard until the C++ extension's replaces it at the device's first use. torch's
    autograd engine sizes its per-device queues once, at the process's first backward, from the
    guards registered then: without one, a later backward on the device fails an internal assert.
    It reports the one device we serve; nothing else uses it before the extension loads."""
    registry = getattr(getattr(torch._C, "_acc", None), "register_python_privateuseone_device_guard",
                       None)
    if registry is None:  # older torch: initialize the device before the first backward
        return

    class PlaceholderGuard(torch._C._acc.DeviceGuard):
        def type_(self):
            return torch._C._autograd.DeviceType.PrivateUse1

        def deviceCount(self):
            return _placeholder_device_count()

    registry(PlaceholderGuard())


def _placeholder_device_count():
    """What the placeholder guard reports, without starting Vulkan in a process that never used
    it: the runtime's count once its module is loaded (a process running Triton on us), else the
    entries of TRITON_SPIRV_DEVICE, else 1. (A process whose first backward ran before either
    sizes autograd for one device: backward on spirv:1 and up then needs the device initialized
    first, `torch.spirv.init()`.)"""
    import sys
    runtime = sys.modules.get("triton_spirv._vulkan_runtime")
    if runtime is not None:
        try:
            return max(int(runtime.device_count()), 1)
        except Exception:  # noqa: BLE001 - no device: the guard still answers
            return 1
    selector = os.environ.get("TRITON_SPIRV_DEVICE", "")
    return max(len(selector.split(",")), 1)


def _register_backend_module(torch):
    """`torch.backends.spirv`, as torch.backends.cuda is for CUDA: code that imports
    torch.backends.<device type> (FlagGems does) finds it."""
    import sys
    import types
    name = f"torch.backends.{DEVICE_TYPE}"
    if name in sys.modules:
        return
    backend = types.ModuleType(name, "The spirv device's backend settings (triton-spirv).")
    backend.is_built = lambda: True
    backend.is_available = lambda: torch.spirv.is_available()
    sys.modules[name] = backend
    setattr(torch.backends, DEVICE_TYPE, backend)


def _torch_has_its_own_gpu():
    """torch keeps one accelerator per process (ATen/DeviceAccelerator.h): on a CUDA or ROCm
    build a registered PrivateUse1 device takes that place, and CUDA autograd then fails
    (`opt_ready_stream && opt_parent_stream` in engine.cpp; torch 2.11 on the H100)."""
    import torch
    return bool(getattr(torch.version, "cuda", None) or getattr(torch.version, "hip", None))


def _autoload():
    """torch's `torch.backends` entry point: must never break `import torch`. Where torch has a
    GPU backend of its own, the device registers only when asked for
    (TRITON_SPIRV_TORCH_DEVICE=spirv or 1, `register()`, Triton's spirv driver)."""
    choice = os.environ.get("TRITON_SPIRV_TORCH_DEVICE", "").lower()
    if choice == "0" or (choice not in ("spirv", "1") and _torch_has_its_own_gpu()):
        return
    try:
        register()
    except Exception as error:  # noqa: BLE001 - reported, torch still imports
        warnings.warn(f"triton-spirv: the '{DEVICE_TYPE}' torch device is unavailable: {error}")


def device(index=0):
    """torch.device('spirv', index), registering the device first."""
    import torch
    register()
    return torch.device(DEVICE_TYPE, index)
