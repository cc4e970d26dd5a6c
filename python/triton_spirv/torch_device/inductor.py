"""torch.compile on the spirv device: Inductor's Triton code generation registered for it through
Inductor's public registration points (a device interface for Dynamo, the Triton scheduling and
Python wrapper for code generation, the generated code's device calls). Inductor compiles its
kernels for `GPUTarget("spirv", <device profile>, <subgroup size>)`, which our compiler serves."""

import torch

from . import DEVICE_TYPE
from .inductor_templates import register_matmul_templates

_registered = False


def get_raw_stream(device_index=0):
    """The stream handle generated code passes to launches: one Vulkan queue, ordered."""
    return 0


def codegen_class(name):
    """What Inductor's lookup of `torch.spirv.<name>` (its registration point for PrivateUse1
    devices, asked when Inductor first generates code) finds; registers everything else then."""
    register()
    from torch._inductor.codegen.common import get_wrapper_codegen_for_device
    from torch._inductor.codegen.triton import TritonScheduling
    if name == "Scheduling":
        return TritonScheduling
    if name == "PythonWrapperCodegen":
        return get_wrapper_codegen_for_device(DEVICE_TYPE)
    return _UnsupportedWrapper


class _UnsupportedWrapper:
    """The C++ and FX wrappers: Inductor's Python wrapper is the one that launches our kernels."""

    @classmethod
    def create(cls, *args, **kwargs):
        raise RuntimeError(f"torch.compile on the {DEVICE_TYPE} device generates a Python "
                           "wrapper only (set torch._inductor.config.cpp_wrapper = False)")


def mark_gpu_type():
    """Inductor decides "GPU or not" from a list (torch._inductor.utils.GPU_TYPES) with no
    registration function; a device of Triton kernels must be on it (a 0-dim CPU tensor then
    enters its kernels as a scalar, as on CUDA). Done once the device is in use (Inductor scans
    the list's available devices, e.g. for its freezing patterns, which must not pick ours in
    processes that never use it); get_gpu_type() caches its answer first, so the list's
    one-available-GPU assertion never sees two."""
    from torch._inductor import utils as inductor_utils
    inductor_utils.get_gpu_type()
    if DEVICE_TYPE not in inductor_utils.GPU_TYPES:
        inductor_utils.GPU_TYPES.append(DEVICE_TYPE)


def load_builtin_device_op_overrides():
    """Has Inductor register its own devices' code-line overrides (cuda, xpu, mps, ...) before
    ours. torch <= 2.11 loads them only while its registry is empty: with ours in it first, every
    other device got the CPU's, and a CUDA graph's wrapper said `with pass:` (a SyntaxError) in
    any process where the spirv device is registered, Triton-CUDA baselines included."""
    from torch._inductor.codegen.common import get_device_op_overrides
    get_device_op_overrides("cpu")


def registered():
    return _registered


def register():
    global _registered
    if _registered:
        return
    from torch._dynamo.device_interface import DeviceInterface, register_interface_for_device
    from torch._inductor.codegen.common import (DeviceOpOverrides, register_backend_for_device,
                                                register_device_op_overrides)
    from torch._inductor.codegen.triton import TritonScheduling
    from torch._inductor.codegen.wrapper import PythonWrapperCodegen

    module = getattr(torch, DEVICE_TYPE)

    class Event(torch.Event):
        # Instances are plain torch.Event: its elapsed_time() takes no subclass.
        def __new__(cls, enable_timing=False, blocking=False, interprocess=False):
            module._lazy_init()
            return torch.Event(device=DEVICE_TYPE, enable_timing=enable_timing,
                               blocking=blocking, interprocess=interprocess)

    class Stream(torch.Stream):
        def __new__(cls, device=None, priority=0, **kwargs):
            module._lazy_init()
            if kwargs:
                return super().__new__(cls, **kwargs)
            return super().__new__(cls, device=DEVICE_TYPE, priority=priority)

    class SpirvInterface(DeviceInterface):
        device = module.device

        class Worker:
            @staticmethod
            def set_device(device):
                module.set_device(device)

            @staticmethod
            def current_device():
                return module.current_device()

            @staticmethod
            def get_device_properties(device=None):
                return module.get_device_properties(device)

        current_device = staticmethod(module.current_device)
        set_device = staticmethod(module.set_device)
        device_count = staticmethod(module.device_count)
        is_available = staticmethod(module.is_available)
        stream = staticmethod(module.stream)
        current_stream = staticmethod(module.current_stream)
        set_stream = staticmethod(module.set_stream)
        synchronize = staticmethod(module.synchronize)
        memory_allocated = staticmethod(module.memory_allocated)

        @staticmethod
        def maybe_exchange_device(device):
            return SpirvInterface.exchange_device(device)

        @staticmethod
        def exchange_device(device):
            previous = module.current_device()
            if device >= 0:
                module.set_device(device)
            return previous

        @staticmethod
        def _set_stream_by_id(stream_id, device_index, device_type):
            module.set_stream(torch.Stream(stream_id=stream_id, device_index=device_index,
                                           device_type=device_type))

        @staticmethod
        def get_raw_stream(device_index):
            return get_raw_stream(device_index)

        @classmethod
        def get_device_properties(cls, device=None):
            return module.get_device_properties(device)

        @staticmethod
        def get_compute_capability(device=None):
            # Triton's target arch for this device: its device profile.
            from ..driver import device_target
            return device_target(module._index(device)).arch

        @staticmethod
        def is_bf16_supported(including_emulation=False):
            return True

        @staticmethod
        def is_triton_capable(device=None):
            return True

        @classmethod
        def raise_if_triton_unavailable(cls, device=None):
            module._lazy_init()

    SpirvInterface.Event = Event
    SpirvInterface.Stream = Stream

    class SpirvDeviceOpOverrides(DeviceOpOverrides):
        def import_get_raw_stream_as(self, name):
            return f"from triton_spirv.torch_device.inductor import get_raw_stream as {name}"

        def set_device(self, device_idx):
            return f"torch.{DEVICE_TYPE}.set_device({device_idx})"

        def synchronize(self):
            return f"torch.{DEVICE_TYPE}.synchronize()"

        def device_guard(self, device_idx):
            return f"torch.{DEVICE_TYPE}.device({device_idx})"

        def current_stream(self):
            return f"torch.{DEVICE_TYPE}.current_stream()"

    try:  # torch >= 2.12: benchmarks name their device; older ones ask Triton's driver (ours)
        from torch._inductor.runtime.benchmarking import register_benchmarker
    except ImportError:
        register_benchmarker = None
    if register_benchmarker is not None:
        def benchmark(benchmarker, fn, warmup=None, rep=None, **kwargs):
            return benchmarker.benchmark_gpu(fn, device_type=DEVICE_TYPE, **kwargs)
        register_benchmarker(DEVICE_TYPE, benchmark, override=True)

    if module.is_initialized():
        mark_gpu_type()

    register_interface_for_device(DEVICE_TYPE, SpirvInterface)
    register_backend_for_device(DEVICE_TYPE, TritonScheduling, PythonWrapperCodegen)
    load_builtin_device_op_overrides()
    register_device_op_overrides(DEVICE_TYPE, SpirvDeviceOpOverrides())
    register_matmul_templates()
    _registered = True
