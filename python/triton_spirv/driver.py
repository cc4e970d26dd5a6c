"""Triton driver: runs SPIR-V kernels through the Vulkan runtime (torch CPU tensors as arguments)."""

import os
import struct
import time

from triton.backends.compiler import GPUTarget
from triton.backends.driver import DriverBase

from . import _vulkan_runtime as runtime
from . import debug

_SCALAR_FORMATS = {
    "i1": "<i", "i8": "<b", "i16": "<h", "i32": "<i", "i64": "<q",
    "f16": "<e", "f32": "<f", "f64": "<d",
}
_INT_BITS = {"i1": 32, "i8": 8, "i16": 16, "i32": 32, "i64": 64}


def _pack_scalar(kind, value):
    if kind in _INT_BITS:
        bits = _INT_BITS[kind]
        value = int(value) & ((1 << bits) - 1)
        if value >= 1 << (bits - 1):  # two's complement for struct's signed formats
            value -= 1 << bits
        return struct.pack(_SCALAR_FORMATS[kind], value)
    if kind == "bf16":
        return struct.pack("<f", float(value))[2:]
    if kind in _SCALAR_FORMATS:
        return struct.pack(_SCALAR_FORMATS[kind], float(value))
    raise TypeError(f"triton-spirv: cannot pass a kernel argument of type {kind}")


def _device_address(device, tensor):
    """A buffer device address for a torch CPU tensor: its whole storage is imported (zero copy)."""
    if getattr(tensor, "device", None) is not None and tensor.device.type != "cpu":
        raise ValueError(f"triton-spirv runs on torch CPU tensors, got a tensor on {tensor.device}")
    storage = tensor.untyped_storage()
    base, nbytes = storage.data_ptr(), storage.nbytes()
    if nbytes == 0:
        return 0
    return device.host_address(base, nbytes) + (tensor.data_ptr() - base)


class SPIRVLauncher:
    """Packs Triton's arguments into the push-constant layout the compiler chose, then dispatches."""

    def __init__(self, src, metadata):
        self.metadata = metadata
        signature = src.signature if hasattr(src, "signature") else {}
        self.arg_types = list(signature.values())
        self.kernel = None
        self.debug_buffer = None

    def _load(self, function):
        # One pipeline per binary for the process: creating it compiles the shader.
        if self.kernel is None:
            self.kernel = function.get("pipeline")
        if self.kernel is None:
            device = runtime.get_device()
            self.kernel = device.load_kernel(
                function["binary"], self.metadata.name,
                (self.metadata.workgroup_size, 1, 1),
                self.metadata.argument_bytes if not self.metadata.argument_block else 8,
                self.metadata.argument_block, self.metadata.shared)
            function["pipeline"] = self.kernel
        return self.kernel

    @staticmethod
    def _expand(value, ty):
        # A tensor descriptor is passed as its base, a "pad with NaN" flag,
        # then its shape and strides (lower-tensor-descriptors' ABI).
        if isinstance(ty, str) and ty.startswith("tensordesc"):
            return [(value.base, "*desc"), (value.padding == "nan", "i1"),
                    *[(v, "i32") for v in value.shape], *[(v, "i64") for v in value.strides]]
        return [(value, ty)]

    def pack(self, args):
        device = runtime.get_device()
        runtime_args = [expanded for a, ty in zip(args, self.arg_types) if ty != "constexpr"
                        for expanded in self._expand(a, ty)]
        if self.debug_buffer is not None:
            runtime_args.append((self.debug_buffer, "*i32"))
        fields = self.metadata.arguments
        if len(runtime_args) != len(fields):
            raise TypeError(f"triton-spirv: kernel {self.metadata.name} takes {len(fields)} runtime "
                            f"arguments, got {len(runtime_args)}")
        packed = bytearray(self.metadata.argument_bytes)
        for (value, ty), field in zip(runtime_args, fields):
            kind, offset = field["kind"], field["offset"]
            # Raw-address kernels take pointers as plain i64 arguments.
            if kind == "ptr" or (isinstance(ty, str) and ty.startswith("*")):
                address = 0 if value is None else _device_address(device, value)
                data = struct.pack("<Q", address)
            else:
                data = _pack_scalar(kind, value)
            packed[offset:offset + len(data)] = data
        return bytes(packed)

    def __call__(self, gridX, gridY, gridZ, stream, function, packed_metadata, launch_metadata,
                 launch_enter_hook, launch_exit_hook, *args):
        if gridX * gridY * gridZ == 0:
            return
        kernel = self._load(function)
        if launch_enter_hook is not None:
            launch_enter_hook(launch_metadata)
        messages = getattr(self.metadata, "debug_messages", None)
        self.debug_buffer = debug.new_buffer() if messages else None
        runtime.get_device().launch(kernel, gridX, gridY, gridZ, self.pack(args), sync=True)
        if messages:
            debug.report(self.metadata.name, messages, self.debug_buffer)
        if launch_exit_hook is not None:
            launch_exit_hook(launch_metadata)


class SPIRVUtils:

    # Vulkan reports no register usage; occupancy heuristics (tutorial 02 divides by
    # it) get a nominal 32 registers per invocation, matching max_num_regs' nominal value.
    NOMINAL_REGISTERS = 32

    def load_binary(self, name, kernel, shared, device):
        properties = runtime.get_device().device_properties()
        function = {"name": name, "binary": kernel}
        # Triton re-initialises a kernel whose module is None on every launch.
        module = {"name": name}
        return module, function, self.NOMINAL_REGISTERS, 0, properties["max_workgroup_invocations"]

    def unload_module(self, module):
        # Pipelines live as long as the process's device (Triton >= 3.9 calls this).
        pass

    def get_device_properties(self, device=None):
        properties = runtime.get_device().device_properties()
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
    return "nvidia" if properties.get("vendor_id") == 0x10DE else "lavapipe"


class SPIRVDriver(DriverBase):

    def __init__(self):
        super().__init__()
        self.utils = SPIRVUtils()
        self.launcher_cls = SPIRVLauncher

    @staticmethod
    def is_active():
        choice = os.environ.get("TRITON_SPIRV_BACKEND")
        if choice == "1":
            return True
        if choice == "0":
            return False
        try:
            import torch
            if torch.cuda.is_available() or getattr(torch.version, "hip", None):
                return False
        except ImportError:
            pass
        return runtime.is_available()

    def map_python_to_cpp_type(self, ty: str) -> str:
        return "uint64_t" if ty.startswith("*") else ty

    def get_current_target(self):
        properties = runtime.get_device().device_properties()
        return GPUTarget("spirv", _profile_for(properties), properties["subgroup_size"])

    def get_active_torch_device(self):
        import torch
        # Code written against a GPU device does getattr(torch, device.type)
        # .set_stream(...) (tutorial 02); torch.cpu has Stream() but no
        # set_stream. Launches here are synchronous, so any stream is fine.
        if not hasattr(torch.cpu, "set_stream"):
            torch.cpu.set_stream = lambda stream: None
        return torch.device("cpu")

    def get_current_device(self):
        return 0

    def set_current_device(self, device):
        pass

    def get_current_stream(self, device=None):
        return 0

    def get_device_interface(self):
        return _DeviceInterface

    def get_benchmarker(self):
        from triton.testing import do_bench
        return do_bench

    def get_empty_cache_for_benchmark(self):
        import torch
        return torch.empty(int(64 * 1024 * 1024 // 4), dtype=torch.int32)

    def clear_cache(self, cache):
        cache.zero_()
