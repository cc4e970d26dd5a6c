"""Triton driver: runs SPIR-V kernels through the Vulkan runtime.

Two routes, fixed per process:
- cpu (the default): kernels take torch CPU tensors, whose memory Vulkan
  imports (zero copy on lavapipe);
- cuda (TRITON_SPIRV_BACKEND=1 where torch has CUDA; TRITON_SPIRV_CUDA=0 opts
  out): kernels take torch CUDA tensors on the GPU that is the Vulkan device.
  torch's CUDA allocations come from Vulkan memory shared with CUDA (our
  pluggable allocator), and launches are ordered on torch's current stream
  through a timeline semaphore shared with CUDA (docs/gpu.md).
"""

import importlib.abc
import importlib.machinery
import math
import os
import re
import struct
import sys
import time

from triton.backends.compiler import GPUTarget
from triton.backends.driver import DriverBase

from . import llvmpipe_cpu

# Before the Vulkan driver starts: Mesa reads its CPU settings once per process.
llvmpipe_cpu.configure()

from . import _vulkan_runtime as runtime  # noqa: E402
from . import debug  # noqa: E402

# Scalar fields: (struct format, mask of an integer's bits; 0 for floats). Integers are
# packed as their two's-complement bits.
_SCALAR_FORMATS = {
    "i1": ("<I", 0xFFFFFFFF), "i8": ("<B", 0xFF), "i16": ("<H", 0xFFFF),
    "i32": ("<I", 0xFFFFFFFF), "i64": ("<Q", 0xFFFFFFFFFFFFFFFF),
    "f16": ("<e", 0), "f32": ("<f", 0), "f64": ("<d", 0),
}


def _scalar_value(fmt, mask, value):
    """The Python value struct packs with `fmt` for a kernel argument."""
    if mask:
        return int(value) & mask
    return _as_f32(value) if fmt == "<f" else float(value)


def _pack_scalar(kind, value):
    if kind == "bf16":
        return struct.pack("<f", _as_f32(value))[2:]
    if kind not in _SCALAR_FORMATS:
        raise TypeError(f"triton-spirv: cannot pass a kernel argument of type {kind}")
    fmt, mask = _SCALAR_FORMATS[kind]
    return struct.pack(fmt, _scalar_value(fmt, mask, value))


def _as_f32(value):
    """A Python float as fp32 takes it: beyond fp32's range it is +-inf (as C's cast in
    Triton-CUDA's launcher gives), where struct would raise."""
    value = float(value)
    if abs(value) >= 3.4028235677973366e38 and not math.isinf(value):
        return math.copysign(math.inf, value)
    return value


class CudaRoute:
    """The cuda route's state: torch's allocator swap and the CUDA interop."""

    def __init__(self):
        import torch
        self.allocator_error = None
        try:
            allocator = torch.cuda.memory.CUDAPluggableAllocator(
                runtime.__file__, "triton_spirv_cuda_malloc", "triton_spirv_cuda_free")
            torch.cuda.memory.change_current_allocator(allocator)
            self.allocator = allocator
        except Exception as error:  # torch had served CUDA memory already
            self.allocator_error = str(error).strip()
        self._interop = None

    @property
    def interop(self):
        """The runtime's CudaInterop (Vulkan device + CUDA), created on first use."""
        if self._interop is None:
            self._interop = runtime.cuda_interop(-1)
        return self._interop

    def foreign_tensor_error(self, name):
        if self.allocator_error is not None:
            why = ("torch's CUDA allocator had already served memory when triton-spirv took over "
                   f"({self.allocator_error}); set TRITON_SPIRV_BACKEND=1 before the process "
                   "allocates CUDA tensors (e.g. in the environment, or before importing triton)")
        else:
            why = ("it was not allocated through torch's allocator after triton-spirv took it "
                   "over (memory from another library, a CUDA graph pool, or from before)")
        return ValueError(f"triton-spirv: argument '{name}' is CUDA memory that Vulkan cannot "
                          f"reach: {why}. Copy it into a new tensor (t.clone()) to pass it.")


_cuda_route = None
_cuda_route_decided = False


def cuda_route():
    """The process's CudaRoute, or None on the cpu route (decided once)."""
    global _cuda_route, _cuda_route_decided
    if not _cuda_route_decided:
        _cuda_route_decided = True
        if (os.environ.get("TRITON_SPIRV_BACKEND") == "1"
                and os.environ.get("TRITON_SPIRV_CUDA", "1") != "0" and _torch_has_cuda()):
            _cuda_route = CudaRoute()
    return _cuda_route


def _torch_has_cuda():
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available() and getattr(torch.version, "hip", None) is None


def _storage_of(value, name):
    """(tensor owning the storage, storage base, storage bytes) of a pointer argument."""
    tensor = value
    if not hasattr(tensor, "untyped_storage"):
        tensor = getattr(value, "base", None)  # triton.reinterpret's TensorWrapper
    if tensor is None or not hasattr(tensor, "untyped_storage") or not hasattr(value, "data_ptr"):
        raise TypeError(f"triton-spirv: argument '{name}' is a {type(value).__name__}, "
                        "where the kernel takes a pointer (a torch tensor)")
    storage = tensor.untyped_storage()
    return tensor, storage.data_ptr(), storage.nbytes()


def _device_address(value, name):
    """The buffer device address of a tensor argument (zero copy on either route)."""
    tensor, base, nbytes = _storage_of(value, name)
    if nbytes == 0:
        return 0
    device_type = tensor.device.type
    route = cuda_route()
    if route is None:
        if device_type != "cpu":
            raise ValueError(f"triton-spirv: argument '{name}' is a tensor on {tensor.device}; "
                             "kernels take torch CPU tensors here (set TRITON_SPIRV_BACKEND=1 "
                             "to run on the CUDA GPU through Vulkan)")
        return runtime.get_device().host_address(base, nbytes) + (value.data_ptr() - base)
    if device_type != "cuda":
        raise ValueError(f"triton-spirv: argument '{name}' is a tensor on {tensor.device}; "
                         "kernels run on the CUDA GPU through Vulkan and take CUDA tensors "
                         "(move it with .cuda())")
    try:
        address = route.interop.vulkan_address(base, nbytes)
    except runtime.VulkanError as error:
        raise ValueError(f"triton-spirv: argument '{name}' is CUDA memory, but CUDA and Vulkan "
                         f"cannot share memory here: {error} (TRITON_SPIRV_CUDA=0 runs "
                         "kernels on CPU tensors instead)") from None
    if address == 0:
        raise route.foreign_tensor_error(name)
    return address + (value.data_ptr() - base)


# Arguments the compiler appends and the launcher fills in: where the kernel's
# workgroup buffers beyond the device's limit live (spirv-spill-workgroup-memory).
_HIDDEN_KINDS = ("scratch", "grid_x", "grid_y")
_scratch = None  # (keeps the memory alive, its device address, bytes)


def _scratch_address(nbytes):
    """A device buffer of at least nbytes, reused by every launch (launches run in order)."""
    global _scratch
    if _scratch is None or _scratch[2] < nbytes:
        nbytes = max(nbytes, 2 * _scratch[2] if _scratch else 0, 1 << 20)
        route = cuda_route()
        if route is None:
            buffer = runtime.get_device().alloc(nbytes, False)
            _scratch = (buffer, buffer.address, nbytes)
        else:
            import torch
            memory = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
            _scratch = (memory, _device_address(memory, "scratch"), nbytes)
    return _scratch[1]


_address_map_memory = None  # (keeps the device copy alive, its address, rows, map version)


_host_addresses_are_device_addresses = None


def host_addresses_are_device_addresses():
    """Whether a host pointer is its own device address on the cpu route's device (lavapipe:
    yes; a GPU importing host memory maps it elsewhere). Asked once per process."""
    global _host_addresses_are_device_addresses
    if _host_addresses_are_device_addresses is None:
        properties = runtime.get_device().device_properties()
        _host_addresses_are_device_addresses = (
            properties.get("device_type") == "cpu")
    return _host_addresses_are_device_addresses


def _address_map():
    """(device address, rows) of the table that translates the caller's addresses a kernel reads
    from memory (pointer tables) into Vulkan's: on the cuda route every allocation of the
    interop's allocator, CUDA base -> Vulkan base; elsewhere none (a host pointer is the device
    address on lavapipe; on other devices imported host memory is not mapped)."""
    global _address_map_memory
    route = cuda_route()
    if route is None:
        return 0, 0
    version = route.interop.address_map_version()
    if _address_map_memory is None or _address_map_memory[3] != version:
        import torch
        table = route.interop.address_map()
        rows = len(table) // 24
        # The copy is ordered on torch's stream before the launch that reads it.
        memory = torch.frombuffer(bytearray(table), dtype=torch.uint8).to("cuda")
        _address_map_memory = (memory, _device_address(memory, "address map"), rows, version)
        # The copy's own block may be a new allocation: the table must hold it too.
        if route.interop.address_map_version() != version:
            _address_map_memory = None
            return _address_map()
    return _address_map_memory[1], _address_map_memory[2]


class SPIRVLauncher:
    """Packs Triton's arguments into the push-constant layout the compiler chose, then dispatches."""

    # (kernel, grid, packed arguments) of the latest launch in this process:
    # benchmarks time the same dispatch with GPU timestamps (Device.time_launches).
    last_launch = None

    def __init__(self, src, metadata):
        self.metadata = metadata
        signature = src.signature if hasattr(src, "signature") else {}
        self.arg_names = list(signature.keys())
        self.arg_types = list(signature.values())
        self.kernel = None
        self.debug_buffer = None
        self._plan = None  # packing plan; False: the general path

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
    def _expand(value, ty, name):
        # A tensor descriptor is passed as its base, a "pad with NaN" flag,
        # then its shape and strides (lower-tensor-descriptors' ABI).
        if isinstance(ty, str) and ty.startswith("tensordesc"):
            return [(value.base, "*desc", f"{name}.base"), (value.padding == "nan", "i1", name),
                    *[(v, "i32", name) for v in value.shape],
                    *[(v, "i64", name) for v in value.strides]]
        return [(value, ty, name)]

    def _packing_plan(self):
        """Per runtime argument (position in Triton's arguments, name, field offset, struct
        format or None for a pointer, integer mask or 0), worked out once; None where a launch
        needs the general path (tensor descriptors expand per value; the address map and debug
        buffer vary)."""
        if self._plan is not None:
            return self._plan if self._plan is not False else None
        names = self.arg_names or [f"#{i}" for i in range(len(self.arg_types))]
        runtime_args = [(i, ty, name) for i, (ty, name) in enumerate(zip(self.arg_types, names))
                        if ty != "constexpr"]
        fields = [f for f in self.metadata.arguments if f["kind"] not in _HIDDEN_KINDS]
        general = (any(isinstance(ty, str) and ty.startswith("tensordesc") for _, ty, _ in runtime_args)
                   or getattr(self.metadata, "address_map", False)
                   or getattr(self.metadata, "debug_messages", None)
                   or len(runtime_args) != len(fields))
        plan = []
        for (i, ty, name), field in zip(runtime_args, fields):
            kind = field["kind"]
            if kind == "ptr" or (isinstance(ty, str) and ty.startswith("*")):
                plan.append((i, name, field["offset"], None, 0))
            elif ty == "bf16" or kind not in _SCALAR_FORMATS:
                general = True
            else:
                plan.append((i, name, field["offset"], *_SCALAR_FORMATS[kind]))
        self._plan = False if general else plan
        return None if general else plan

    def pack(self, args, grid=(1, 1, 1)):
        plan = self._packing_plan()
        if plan is None:
            return self._pack_general(args, grid)
        packed = bytearray(self.metadata.argument_bytes)
        for i, name, offset, fmt, mask in plan:
            value = args[i]
            if fmt is None:
                struct.pack_into("<Q", packed, offset,
                                 0 if value is None else _device_address(value, name))
            else:
                struct.pack_into(fmt, packed, offset, _scalar_value(fmt, mask, value))
        self._pack_hidden(packed, grid)
        return packed

    def _pack_general(self, args, grid):
        names = self.arg_names or [f"#{i}" for i in range(len(self.arg_types))]
        runtime_args = [expanded for a, ty, name in zip(args, self.arg_types, names)
                        if ty != "constexpr" for expanded in self._expand(a, ty, name)]
        if getattr(self.metadata, "address_map", False):
            if cuda_route() is None and not host_addresses_are_device_addresses():
                # The addresses it would read are the host's: wrong data or a device fault.
                raise ValueError(
                    f"triton-spirv: kernel '{self.metadata.name}' makes pointers from integers "
                    "(a pointer table, an address passed or stored as an integer); on this "
                    "device host addresses are not device addresses, so it cannot run on CPU "
                    "tensors here: run it on the cuda route (TRITON_SPIRV_BACKEND=1 with CUDA "
                    "tensors) or on lavapipe")
            address, rows = _address_map()
            runtime_args += [(address, "address", "address map"), (rows, "i32", "address map rows")]
        if self.debug_buffer is not None:
            runtime_args.append((self.debug_buffer, "*i32", "debug buffer"))
        fields = [f for f in self.metadata.arguments if f["kind"] not in _HIDDEN_KINDS]
        if len(runtime_args) != len(fields):
            raise TypeError(f"triton-spirv: kernel {self.metadata.name} takes {len(fields)} runtime "
                            f"arguments, got {len(runtime_args)}")
        packed = bytearray(self.metadata.argument_bytes)
        for (value, ty, name), field in zip(runtime_args, fields):
            kind, offset = field["kind"], field["offset"]
            if ty == "address":  # already a device address
                data = struct.pack("<Q", value)
            # Raw-address kernels take pointers as plain i64 arguments.
            elif kind == "ptr" or (isinstance(ty, str) and ty.startswith("*")):
                address = 0 if value is None else _device_address(value, name)
                data = struct.pack("<Q", address)
            else:
                # A bf16 argument reaches the shader as its bits (an i16 field).
                data = _pack_scalar("bf16" if ty == "bf16" else kind, value)
            packed[offset:offset + len(data)] = data
        self._pack_hidden(packed, grid)
        return packed

    def _pack_hidden(self, packed, grid):
        for field in self.metadata.arguments:
            kind = field["kind"]
            if kind not in _HIDDEN_KINDS:
                continue
            if kind == "scratch":
                per_program = self.metadata.scratch_bytes_per_program
                data = struct.pack("<Q", _scratch_address(per_program * grid[0] * grid[1] * grid[2]))
            else:
                data = struct.pack("<I", grid[0] if kind == "grid_x" else grid[1])
            packed[field["offset"]:field["offset"] + len(data)] = data

    def __call__(self, gridX, gridY, gridZ, stream, function, packed_metadata, launch_metadata,
                 launch_enter_hook, launch_exit_hook, *args):
        if gridX * gridY * gridZ == 0:
            return
        kernel = self._load(function)
        route = cuda_route()
        if launch_enter_hook is not None:
            launch_enter_hook(launch_metadata)
        messages = getattr(self.metadata, "debug_messages", None)
        self.debug_buffer = (debug.new_buffer(device="cuda" if route else "cpu")
                             if messages else None)
        packed = self.pack(args, (gridX, gridY, gridZ))
        if route is None:
            runtime.get_device().launch(kernel, gridX, gridY, gridZ, packed, sync=True)
        else:
            # Ordered on the stream Triton passes (torch's current one).
            route.interop.launch(kernel, gridX, gridY, gridZ, packed, stream or 0)
        SPIRVLauncher.last_launch = (kernel, (gridX, gridY, gridZ), packed)
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


def current_device_target():
    """The `spirv` target of the process's Vulkan device: its profile and subgroup size."""
    properties = runtime.get_device().device_properties()
    return GPUTarget("spirv", _profile_for(properties), properties["subgroup_size"])


class SPIRVDriver(DriverBase):

    def __init__(self):
        super().__init__()
        self.utils = SPIRVUtils()
        self.launcher_cls = SPIRVLauncher
        # The cuda route takes torch's CUDA allocator now, before the
        # program's first CUDA tensor.
        self.cuda = cuda_route()

    @staticmethod
    def is_active():
        choice = os.environ.get("TRITON_SPIRV_BACKEND")
        if choice == "1":
            return True
        if choice == "0":
            return False
        if _torch_has_cuda():
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
        return 0

    def set_current_device(self, device):
        if self.cuda is not None:
            import torch
            torch.cuda.set_device(device)

    def get_current_stream(self, device=None):
        if self.cuda is not None:
            import torch
            return torch.cuda.current_stream(device).cuda_stream
        return 0

    def get_device_interface(self):
        if self.cuda is not None:
            import torch
            return torch.cuda
        return _DeviceInterface

    def get_benchmarker(self):
        from triton.testing import do_bench
        return do_bench

    def get_empty_cache_for_benchmark(self):
        import torch
        # As Triton-CUDA: larger than the GPU's L2 cache.
        if self.cuda is not None:
            return torch.empty(int(256 * 1024 * 1024 // 4), dtype=torch.int32, device="cuda")
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
