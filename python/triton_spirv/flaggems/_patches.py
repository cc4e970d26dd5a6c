"""Changes to FlagGems modules as they load, all conditional on vendor `spirv` being chosen.

FlagGems imports every vendor package when it probes for a device, so these
wrappers check the chosen vendor at call time instead of acting at import.
"""

import importlib
import os

from . import VENDOR, _VENDOR_DIR


def _chosen_vendor(backend, vendor_name=None):
    if vendor_name:
        return vendor_name.lstrip("_")
    module = backend.vendor_module
    return getattr(getattr(module, "vendor_info", None), "vendor_name", None)


def patch_backend(backend):
    """flag_gems.runtime.backend: tune_configs.yaml path and the device module off the cuda
    route."""
    backend_utils = backend.backend_utils
    original_get_tune_config = backend_utils.get_tune_config

    def get_tune_config(vendor_name=None, file_mode="r", file_path=None):
        # FlagGems looks for <its backend dir>/_<vendor>/tune_configs.yaml.
        if file_path is None and vendor_name == VENDOR:
            config = original_get_tune_config(file_mode=file_mode, file_path=_VENDOR_DIR)
            if not isinstance(config, dict):
                raise FileNotFoundError("triton_spirv.flaggems: "
                                        f"{os.path.join(_VENDOR_DIR, 'tune_configs.yaml')} is "
                                        "missing or not a mapping")
            return config
        return original_get_tune_config(vendor_name, file_mode, file_path)

    get_tune_config.__wrapped__ = original_get_tune_config
    backend_utils.get_tune_config = get_tune_config

    original_gen_device_object = backend.gen_torch_device_object

    def gen_torch_device_object(vendor_name=None):
        if backend.torch_device_object is None and _chosen_vendor(backend, vendor_name) == VENDOR:
            info = backend.get_vendor_info(VENDOR)
            if info.device_name in ("cpu", "spirv"):
                import torch
                from ._device import DeviceModule
                backend.torch_device_object = DeviceModule(getattr(torch, info.device_name))
        return original_gen_device_object(vendor_name)

    gen_torch_device_object.__wrapped__ = original_gen_device_object
    backend.gen_torch_device_object = gen_torch_device_object


def patch_codegen_config(module):
    """flag_gems.utils.codegen_config_utils: pointwise_dynamic's tiling for vendors.SPIRV."""
    if module.device.vendor_name != VENDOR:
        return
    from flag_gems.runtime.common import vendors
    # The vendor package as FlagGems loaded it (top-level `_spirv`), not a second copy.
    heuristics = importlib.import_module(f"_{VENDOR}.heuristics_config_utils")
    module.CODEGEN_COFIGS[vendors.SPIRV] = module.CodeGenConfig(**heuristics.POINTWISE_CODEGEN)
    module.HEURISTICS_CONFIG[vendors.SPIRV] = heuristics.pointwise_num_warps
