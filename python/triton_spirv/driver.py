"""Triton driver: runs SPIR-V kernels through the Vulkan runtime.

Where a kernel's tensors live, fixed per process:
- the `spirv` torch device (torch_device/): tensors in a Vulkan device's memory (index i: the
  runtime's device i), launches asynchronous and ordered on that device's queue; the active torch
  device on GPU drivers (TRITON_SPIRV_TORCH_DEVICE=spirv chooses it on lavapipe too, =cpu opts
  out). Triton's current device is torch.spirv's current device: it picks the target (device
  profile) kernels compile for; a launch runs on the device of its tensors;
- CPU tensors (the default on lavapipe), whose memory Vulkan imports (zero copy there), on
  device 0;
- the cuda route (cuda_route.py; TRITON_SPIRV_BACKEND=1 where torch has CUDA): torch CUDA tensors
  on the GPU that is the Vulkan device.
The launcher (launcher.py) takes tensors of any of them.
"""

import importlib.abc
import importlib.machinery
import os
import re
import sys
import time

from triton.backends.compiler import GPUTarget
from triton.backends.driver import DriverBase

from . import llvmpipe_cpu
from . import torch_device

# Before the Vulkan driver starts: Mesa reads its CPU settings once per process.
llvmpipe_cpu.configure()

from . import _vulkan_runtime as runtime  # noqa: E402
from .cuda_route import CudaRoute, cuda_route, torch_has_cuda  # noqa: E402,F401
from .launcher import SPIRVLauncher, _device_address, host_addresses_are_device_addresses  # noqa: E402,F401


def torch_device_is_active():
    """Whether Triton's active torch device is `spirv` (TRITON_SPIRV_TORCH_DEVICE=spirv|cpu;
    unset: on GPU drivers, not on CPU drivers such as lavapipe, never on the cuda route)."""
    if cuda_route() is not None:
        return False
    choice = os.environ.get("TRITON_SPIRV_TORCH_DEVICE", "").lower()
    if choice in ("spirv", "1"):
        return True
    if choice in ("cpu", "0"):
        return False
    return device_properties(0).get("device_type") != "cpu"


def _torch_device_module():
    import torch
    from . import torch_device
    if not torch_device.register():
        raise RuntimeError("triton-spirv: the spirv torch device could not be registered "
                           "(another backend holds PyTorch's PrivateUse1 device)")
    return getattr(torch, torch_device.DEVICE_TYPE)


_properties = []  # device_properties() per device index, asked once each


def device_properties(index=0):
    """The Vulkan properties of device `index` (the spirv torch device's index)."""
    if index >= len(_properties):
        _properties.extend([None] * (index + 1 - len(_properties)))
    if _properties[index] is None:
        _properties[index] = runtime.get_device(index).device_properties()
    return _properties[index]


def _runtime_index(device):
    """The runtime device of Triton's `device`: on the cuda route a CUDA ordinal, whose Vulkan
    device is the runtime's device 0."""
    return 0 if cuda_route() is not None or device is None else int(device)


class SPIRVUtils:

    # Vulkan reports no register usage; occupancy heuristics (tutorial 02 divides by
    # it) get a nominal 32 registers per invocation, matching max_num_regs' nominal value.
    NOMINAL_REGISTERS = 32

    def load_binary(self, name, kernel, shared, device):
        index = _runtime_index(device)
        properties = device_properties(index)
        # The launcher makes the pipeline on the device of each launch's tensors.
        function = {"name": name, "binary": kernel, "device": index}
        # Triton re-initialises a kernel whose module is None on every launch.
        module = {"name": name}
        return module, function, self.NOMINAL_REGISTERS, 0, properties["max_workgroup_invocations"]

    def unload_module(self, module):
        # Pipelines live as long as the process's device (Triton >= 3.9 calls this).
        pass

    def get_device_properties(self, device=None):
        properties = device_properties(_runtime_index(device))
        return {
            "max_shared_mem": properties["max_shared_mem"],
            "multiprocessor_count": properties["multiprocessor_count"],
            "max_num_regs": properties["max_num_regs"],
            "warpSize": properties["subgroup_size"],
            "sm_clock_rate": 0,
            "mem_clock_rate": 0,
            "mem_bus_width": 0,
        }


class _Event:
    """Timing events for triton.testing.do_bench; launches are synchronous, so host time is exact."""

    def __init__(self, enable_timing=True):
        self.t = None

    def record(self, stream=None):
        self.t = time.perf_counter()

    def elapsed_time(self, end):
        return (end.t - self.t) * 1000.0

    def synchronize(self):
        pass


class _DeviceInterface:
    Event = _Event

    @staticmethod
    def synchronize(device=None):
        runtime.get_device().synchronize()

    @staticmethod
    def current_device():
        return 0


def _profile_for(properties):
    """The device profile of a Vulkan device: nvidia (nvidia-no-bf16 where the driver has
    no bf16 cooperative matrices, nvidia-fma where it has no cooperative matrices at all),
    lavapipe (Mesa 25 and later), or lavapipe-mesa22 for older Mesa (its single-subgroup
    reductions were wrong on 22.3)."""
    if properties.get("vendor_id") == 0x10DE:
        if not properties.get("has_cooperative_matrix"):
            return "nvidia-fma"
        features = properties.get("features", {})
        return "nvidia" if features.get("shader_bfloat16_cooperative_matrix") else "nvidia-no-bf16"
    mesa = re.search(r"Mesa (\d+)\.", properties.get("driver_info", ""))
    return "lavapipe-mesa22" if mesa and int(mesa.group(1)) < 25 else "lavapipe"


def device_target(index=0):
    """The `spirv` target of device `index`: its profile and subgroup size."""
    properties = device_properties(index)
    return GPUTarget("spirv", _profile_for(properties), properties["subgroup_size"])


def current_device_target():
    """The target of Triton's current device (torch.spirv's current one; device 0 on the cuda
    route and before the torch device is initialized)."""
    return device_target(0 if cuda_route() is not None else torch_device.current_index())


class SPIRVDriver(DriverBase):

    def __init__(self):
        super().__init__()
        self.utils = SPIRVUtils()
        self.launcher_cls = SPIRVLauncher
        # The cuda route takes torch's CUDA allocator now, before the
        # program's first CUDA tensor.
        self.cuda = cuda_route()
        self._benchmark_caches = {}  # spirv device index -> do_bench's cache buffer

    @staticmethod
    def is_active():
        choice = os.environ.get("TRITON_SPIRV_BACKEND")
        if choice == "1":
            return True
        if choice == "0":
            return False
        if torch_has_cuda():
            return False
        try:
            import torch
            if getattr(torch.version, "hip", None):
                return False
        except ImportError:
            pass
        return runtime.is_available()

    def map_python_to_cpp_type(self, ty: str) -> str:
        return "uint64_t" if ty.startswith("*") else ty

    def get_current_target(self):
        return current_device_target()

    def get_active_torch_device(self):
        import torch
        if self.cuda is not None:
            return torch.device("cuda", torch.cuda.current_device())
        if torch_device_is_active():
            module = _torch_device_module()
            return torch.device("spirv", module.current_device())
        # Code written against a GPU device does getattr(torch, device.type)
        # .set_stream(...) (tutorial 02); torch.cpu has Stream() but no
        # set_stream. Launches here are synchronous, so any stream is fine.
        if not hasattr(torch.cpu, "set_stream"):
            torch.cpu.set_stream = lambda stream: None
        return torch.device("cpu")

    def get_current_device(self):
        if self.cuda is not None:
            import torch
            return torch.cuda.current_device()
        return torch_device.current_index()

    def set_current_device(self, device):
        if self.cuda is not None:
            import torch
            torch.cuda.set_device(device)
        elif device != torch_device.current_index():
            _torch_device_module().set_device(device)

    def get_current_stream(self, device=None):
        if self.cuda is not None:
            import torch
            return torch.cuda.current_stream(device).cuda_stream
        return 0

    def get_device_interface(self):
        if self.cuda is not None:
            import torch
            return torch.cuda
        if torch_device_is_active():
            return _torch_device_module()
        return _DeviceInterface

    def get_benchmarker(self):
        from triton.testing import do_bench
        return do_bench

    def get_empty_cache_for_benchmark(self):
        import torch
        # As Triton-CUDA: larger than the GPU's L2 cache.
        if self.cuda is not None:
            return torch.empty(int(256 * 1024 * 1024 // 4), dtype=torch.int32, device="cuda")
        if torch_device_is_active():
            # One buffer per device, kept and written once, not a fresh 256 MB allocation per
            # do_bench: on the H100 a process's first do_bench measured its launches 0.56-0.78 of
            # its later ones (fresh memory is the difference we suspect; not confirmed).
            index = _torch_device_module().current_device()
            if index not in self._benchmark_caches:
                self._benchmark_caches[index] = torch.zeros(
                    int(256 * 1024 * 1024 // 4), dtype=torch.int32,
                    device=torch.device("spirv", index))
            return self._benchmark_caches[index]
        return torch.empty(int(64 * 1024 * 1024 // 4), dtype=torch.int32)

    def clear_cache(self, cache):
        cache.zero_()


class _ActivateAfterImport(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Makes SPIRVDriver Triton's active driver once triton.runtime.driver is loaded.

    With TRITON_SPIRV_BACKEND=1 on a machine where torch has CUDA, Triton's
    CUDA driver is active too, and Triton refuses to choose between two; its
    public triton.runtime.driver.set_active settles it, and this calls it the
    moment that module exists, so scripts need no change.
    """

    module_name = "triton.runtime.driver"

    def find_spec(self, fullname, path, target=None):
        if fullname != self.module_name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            self.original = spec.loader
            spec.loader = self
        return spec

    def create_module(self, spec):
        return self.original.create_module(spec)

    def exec_module(self, module):
        self.original.exec_module(module)
        _take_cuda_target()
        module.driver.set_active(SPIRVDriver())


def _take_cuda_target():
    """Leaves the `cuda` target to triton-spirv alone in this process.

    Triton compiles a kernel with the one registered backend that supports its target, and
    Inductor compiles its kernels of CUDA tensors for `GPUTarget("cuda", ...)`, whatever driver
    is active. Where the user chose triton-spirv (TRITON_SPIRV_BACKEND=1), SPIRVBackend
    supports that target, and any other backend that does (Triton's nvidia backend) leaves
    Triton's registry, so that no kernel silently compiles elsewhere.
    """
    from triton import backends
    from .compiler import SPIRVBackend
    cuda = GPUTarget("cuda", 90, 32)
    for name, backend in list(backends.backends.items()):
        if backend.compiler is not SPIRVBackend and backend.compiler.supports_target(cuda):
            del backends.backends[name]
    _tag_torch_compile_caches()


# Inductor's caches (FX graphs, AOTAutograd) key on the graph, torch's config and Triton's
# version, not on which backend compiled the kernels they keep; a graph cached by Triton-CUDA
# would run its CUDA kernels again on the cuda route (measured on the H100: 1 of 11 kernels ours).
CUDA_ROUTE_CACHE_TAG = "triton-spirv-cuda-route"


def _tag_torch_compile_caches():
    """Puts CUDA_ROUTE_CACHE_TAG into torch.compile's cache key (torch.compiler.config's
    cache_key_tag, read from TORCH_COMPILE_CACHE_KEY_TAG when that module loads), beside any tag
    the user set."""
    def tagged(tag):
        if CUDA_ROUTE_CACHE_TAG in tag.split("+"):
            return tag
        return f"{tag}+{CUDA_ROUTE_CACHE_TAG}" if tag else CUDA_ROUTE_CACHE_TAG

    variable = "TORCH_COMPILE_CACHE_KEY_TAG"
    os.environ[variable] = tagged(os.environ.get(variable, ""))
    # Already loaded (torch imported before Triton): its value is read; not imported here
    # otherwise, as torch may itself be importing.
    config = sys.modules.get("torch.compiler.config")
    if config is not None and hasattr(config, "cache_key_tag"):
        config.cache_key_tag = tagged(config.cache_key_tag)


def _activate_if_chosen():
    if os.environ.get("TRITON_SPIRV_BACKEND") != "1":
        return
    loaded = sys.modules.get(_ActivateAfterImport.module_name)
    if loaded is not None and hasattr(loaded, "driver"):
        _take_cuda_target()
        loaded.driver.set_active(SPIRVDriver())
    elif not any(isinstance(f, _ActivateAfterImport) for f in sys.meta_path):
        sys.meta_path.insert(0, _ActivateAfterImport())


_activate_if_chosen()
