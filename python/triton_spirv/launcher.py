"""The launcher: packs Triton's arguments into a kernel's push constants (or argument block) and
dispatches it on a Vulkan device: the one of its `spirv` tensors (spirv:i is the runtime's device
i), device 0 for CPU tensors, the cuda route's device for CUDA tensors.

Pointer arguments are device addresses of torch tensors: on the `spirv` torch device a tensor's
data pointer is one; CPU tensors are imported into Vulkan (zero copy on lavapipe); on the cuda
route CUDA tensors are Vulkan memory shared with CUDA (cuda_route.py).
"""

import math
import struct
import sys

from . import _vulkan_runtime as runtime
from . import debug
from .cuda_route import cuda_route

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


class ArgumentMemory:
    """Where a launch's tensors live, hence the device it runs on. A launch on `spirv` tensors
    alone is asynchronous; one that reads host memory waits for the GPU (the host may change that
    memory once the call returns). Mixing the two, or tensors of two spirv devices, is refused, as
    CUDA refuses CPU tensors in a CUDA kernel."""

    __slots__ = ("device_argument", "host_argument", "device_index")

    def __init__(self):
        self.device_argument = None
        self.host_argument = None
        self.device_index = 0  # the runtime device the launch runs on (host memory: 0)

    def note(self, on_device, name, index=0):
        if on_device:
            if self.device_argument is None:
                self.device_argument = name
                self.device_index = index
            elif index != self.device_index:
                raise ValueError(
                    f"triton-spirv: argument '{name}' is on spirv:{index} while "
                    f"'{self.device_argument}' is on spirv:{self.device_index}: a kernel's tensors "
                    f"share one device (move it with .to('spirv:{self.device_index}'))")
        else:
            self.host_argument = self.host_argument or name
        if self.device_argument and self.host_argument:
            raise ValueError(
                f"triton-spirv: argument '{self.host_argument}' is a CPU tensor while "
                f"'{self.device_argument}' is on the spirv device: a kernel's tensors share one "
                "device (move it with .to('spirv'))")

    @property
    def waits(self):
        return self.device_argument is None or self.host_argument is not None


def _device_address(value, name, memory=None, host_device=0):
    """The buffer device address of a tensor argument (zero copy on every route); host memory is
    imported into runtime device `host_device`."""
    # The common case first, cheaply: a live tensor on a spirv device (pack inlines this).
    index = _spirv_devices().get(getattr(value, "device", None)) if cuda_route() is None else None
    if index is not None:
        address = value.data_ptr()
        if address:
            if memory is not None:
                memory.note(True, name, index)
            return address
    tensor, base, nbytes = _storage_of(value, name)
    if nbytes == 0:
        if tensor.numel() > 0:
            raise ValueError(f"triton-spirv: argument '{name}' has no memory: its storage was "
                             "freed (resized to 0 bytes) while the tensor still has "
                             f"{tensor.numel()} elements")
        return 0
    device_type = tensor.device.type
    route = cuda_route()
    if device_type == "spirv" and route is None:
        if memory is not None:
            memory.note(True, name, tensor.device.index or 0)
        return value.data_ptr()  # the spirv device's data pointers are device addresses
    if route is None:
        if device_type != "cpu":
            raise ValueError(f"triton-spirv: argument '{name}' is a tensor on {tensor.device}; "
                             "kernels take tensors on the spirv device or CPU tensors here "
                             "(TRITON_SPIRV_BACKEND=1 runs them on CUDA tensors through Vulkan)")
        if memory is not None:
            memory.note(False, name)
        return runtime.get_device(host_device).host_address(base, nbytes) + (value.data_ptr() - base)
    if device_type != "cuda":
        raise ValueError(f"triton-spirv: argument '{name}' is a tensor on {tensor.device}; "
                         "kernels run on the CUDA GPU through Vulkan and take CUDA tensors "
                         "(move it with .cuda(); TRITON_SPIRV_CUDA=0 runs them on the spirv "
                         "device instead)")
    try:
        address = route.interop.vulkan_address(base, nbytes)
    except runtime.VulkanError as error:
        raise ValueError(f"triton-spirv: argument '{name}' is CUDA memory, but CUDA and Vulkan "
                         f"cannot share memory here: {error} (TRITON_SPIRV_CUDA=0 runs "
                         "kernels on the spirv device instead)") from None
    if address == 0:
        raise route.foreign_tensor_error(name)
    return address + (value.data_ptr() - base)


_NO_DEVICES = {}
_spirv_device_indices = None  # torch.device("spirv", i) -> i


def _spirv_devices():
    """torch.device of each spirv device index -> the index (empty before torch has the device):
    a hash lookup tells a launch's spirv tensors apart from others without building strings."""
    global _spirv_device_indices
    if _spirv_device_indices is None:
        torch = sys.modules.get("torch")
        if torch is None or torch._C._get_privateuse1_backend_name() != "spirv":
            return _NO_DEVICES
        _spirv_device_indices = {torch.device("spirv", i): i for i in range(runtime.device_count())}
    return _spirv_device_indices


# Arguments the compiler appends and the launcher fills in: where the kernel's
# workgroup buffers beyond the device's limit live (spirv-spill-workgroup-memory).
_HIDDEN_KINDS = ("scratch", "grid_x", "grid_y")
_scratch = {}  # runtime device index -> (keeps the memory alive, its device address, bytes)


def _scratch_address(nbytes, limit, index=0):
    """A buffer of at least nbytes on runtime device `index`, reused by every launch there
    (launches of a device run in order); grown past nbytes up to limit."""
    scratch = _scratch.get(index)
    if scratch is None or scratch[2] < nbytes:
        nbytes = max(nbytes, min(max(2 * scratch[2] if scratch else 0, 1 << 20), limit))
        route = cuda_route()
        if route is None:
            buffer = runtime.get_device(index).alloc(nbytes, False)
            scratch = (buffer, buffer.address, nbytes)
        else:
            import torch
            memory = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
            scratch = (memory, _device_address(memory, "scratch"), nbytes)
        _scratch[index] = scratch
    return scratch[1]


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
        self._hidden = None  # the compiler's appended argument fields
        self._layout = None  # struct.Struct of the packing plan's fields
        self._plan_order = None
        self._messages = getattr(metadata, "debug_messages", None)
        self._function = None  # Triton's handle of the binary (its pipelines per device)
        self._index = None  # the runtime device of self.kernel and self._device
        self._device = None
        self._fast_pack = None  # spirv tensors only (_make_fast_pack); False: not possible

    def _load(self, function, index=0):
        """The kernel's pipeline on runtime device `index`, made once per device (creating it
        compiles the shader); it and the device become the launcher's current ones."""
        if index == self._index:
            return self.kernel
        pipelines = function.setdefault("pipelines", {})
        kernel = pipelines.get(index)
        if kernel is None:
            self._check_target(function, index)
            kernel = runtime.get_device(index).load_kernel(
                function["binary"], self.metadata.name,
                (self.metadata.workgroup_size, 1, 1),
                self.metadata.argument_bytes if not self.metadata.argument_block else 8,
                self.metadata.argument_block, self.metadata.shared,
                **self._scratch_spec())
            pipelines[index] = kernel
        self._function = function
        self._index, self.kernel, self._device = index, kernel, runtime.get_device(index)
        return kernel

    def _check_target(self, function, index):
        """Refuses to run code compiled for another device profile (Triton compiles for its
        current device; the launch runs on its tensors' device)."""
        target = getattr(self.metadata, "target", None)
        if cuda_route() is not None or target is None or index == function.get("device", 0):
            return
        from .driver import device_target
        wanted = device_target(index)
        arch, warp_size = (target[1], target[2]) if isinstance(target, (tuple, list)) else (
            target.arch, target.warp_size)
        if (arch, warp_size) != (wanted.arch, wanted.warp_size):
            compiled_on = function.get("device", 0)
            raise ValueError(
                f"triton-spirv: kernel '{self.metadata.name}' was compiled for spirv:{compiled_on} "
                f"({arch}, subgroup {warp_size}), Triton's current device, but its tensors are on "
                f"spirv:{index} ({wanted.arch}, subgroup {wanted.warp_size}): make that device "
                f"current first (torch.spirv.set_device({index}) or "
                f"`with torch.spirv.device({index}):`)")

    def _scratch_spec(self):
        """The scratch slice and field, with which the runtime bounds scratch memory by running a
        large grid in chunks of programs that reuse it."""
        field = next((f for f in self.metadata.arguments if f["kind"] == "scratch"), None)
        if field is None:
            return {}
        return {"scratch_bytes_per_program": self.metadata.scratch_bytes_per_program,
                "scratch_offset": field["offset"]}

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
        if not general:
            self._layout = self._struct_of(plan)
        return None if general else plan

    def _struct_of(self, plan):
        """One struct.Struct packing every field of the plan at its offset (pad bytes between),
        so a launch packs its arguments in one call."""
        layout, at = "<", 0
        self._plan_order = sorted(range(len(plan)), key=lambda k: plan[k][2])
        for k in self._plan_order:
            _, _, offset, fmt, _ = plan[k]
            code = "Q" if fmt is None else fmt[1:]
            if offset < at:
                return None  # overlapping fields: pack one by one
            layout += f"{offset - at}x" if offset > at else ""
            layout += code
            at = offset + struct.calcsize("<" + code)
        size = self.metadata.argument_bytes
        if at > size:
            return None
        layout += f"{size - at}x" if size > at else ""
        return struct.Struct(layout)

    def pack(self, args, grid=(1, 1, 1), memory=None):
        memory = ArgumentMemory() if memory is None else memory
        plan = self._packing_plan()
        if plan is None:
            return self._pack_general(args, grid, memory)
        values = []
        spirv = _spirv_devices() if cuda_route() is None else _NO_DEVICES
        for i, name, offset, fmt, mask in plan:
            value = args[i]
            if fmt is None:
                if value is None:
                    values.append(0)
                    continue
                # The common case inline: a live tensor on a spirv device, whose data pointer is
                # its device address (memory.note only where it has something to record).
                index = spirv.get(getattr(value, "device", None))
                if index is not None:
                    address = value.data_ptr()
                    if address:
                        if (memory.device_argument is None or index != memory.device_index
                                or memory.host_argument is not None):
                            memory.note(True, name, index)
                        values.append(address)
                        continue
                values.append(_device_address(value, name, memory))
            elif mask:
                values.append(int(value) & mask)
            else:
                values.append(_scalar_value(fmt, mask, value))
        if self._layout is not None:
            packed = self._layout.pack(*[values[k] for k in self._plan_order])
            if self._hidden is not None and not self._hidden:
                return packed  # immutable bytes: nothing appended to fill in
            packed = bytearray(packed)
        else:
            packed = bytearray(self.metadata.argument_bytes)
            for (_, _, offset, fmt, _), value in zip(plan, values):
                struct.pack_into("<Q" if fmt is None else fmt, packed, offset, value)
        if self._hidden is None or self._hidden:
            self._pack_hidden(packed, grid, memory.device_index)
        return packed

    def _pack_general(self, args, grid, memory):
        names = self.arg_names or [f"#{i}" for i in range(len(self.arg_types))]
        runtime_args = [expanded for a, ty, name in zip(args, self.arg_types, names)
                        if ty != "constexpr" for expanded in self._expand(a, ty, name)]
        if getattr(self.metadata, "address_map", False):
            on_device = any(getattr(getattr(value, "device", None), "type", None) == "spirv"
                            for value, _, _ in runtime_args)
            # On the spirv device data pointers are device addresses: the kernel's are right.
            if cuda_route() is None and not on_device and not host_addresses_are_device_addresses():
                # The addresses it would read are the host's: wrong data or a device fault.
                raise ValueError(
                    f"triton-spirv: kernel '{self.metadata.name}' makes pointers from integers "
                    "(a pointer table, an address passed or stored as an integer); on this "
                    "device host addresses are not device addresses, so it cannot run on CPU "
                    "tensors here: run it on the cuda route (TRITON_SPIRV_BACKEND=1 with CUDA "
                    "tensors), on the spirv device, or on lavapipe")
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
                # The debug buffer is ours (host memory, read after a waiting launch, imported
                # into the device the launch runs on: it comes after every tensor).
                owner = None if name == "debug buffer" else memory
                address = 0 if value is None else _device_address(value, name, owner,
                                                                  memory.device_index)
                data = struct.pack("<Q", address)
            else:
                # A bf16 argument reaches the shader as its bits (an i16 field).
                data = _pack_scalar("bf16" if ty == "bf16" else kind, value)
            packed[offset:offset + len(data)] = data
        self._pack_hidden(packed, grid, memory.device_index)
        return packed

    def _pack_hidden(self, packed, grid, index=0):
        if self._hidden is None:
            self._hidden = [f for f in self.metadata.arguments if f["kind"] in _HIDDEN_KINDS]
        for field in self._hidden:
            kind = field["kind"]
            if kind == "scratch":
                if self._function is not None:  # the launch's device's pipeline
                    self._load(self._function, index)
                if self.kernel is not None:  # at most its limit: past it, a chunk's
                    nbytes, limit = self.kernel.scratch_bytes(*grid), self.kernel.scratch_limit
                else:
                    nbytes = self.metadata.scratch_bytes_per_program * grid[0] * grid[1] * grid[2]
                    limit = nbytes
                data = struct.pack("<Q", _scratch_address(nbytes, limit, index))
            else:
                data = struct.pack("<I", grid[0] if kind == "grid_x" else grid[1])
            packed[field["offset"]:field["offset"] + len(data)] = data

    def _make_fast_pack(self, index):
        """After a launch on spirv:`index` tensors alone, with nothing appended to the arguments:
        a packer for the next such launches that skips the general path's bookkeeping (a few µs
        of host time per launch). It answers None where an argument is anything else (a CPU
        tensor, another device's, a freed one): that launch takes the general path."""
        plan, layout, order = self._plan, self._layout, self._plan_order
        if not plan or layout is None or self._hidden or self._messages:
            return None
        device = next((d for d, i in _spirv_devices().items() if i == index), None)
        if device is None:
            return None
        fields = [(i, fmt is None, mask, fmt) for i, _, _, fmt, mask in plan]
        scalar_value = _scalar_value

        def fast_pack(args):
            values = []
            for i, pointer, mask, fmt in fields:
                value = args[i]
                if pointer:
                    if getattr(value, "device", None) != device:
                        return None
                    address = value.data_ptr()
                    if not address:
                        return None
                    values.append(address)
                elif mask:
                    values.append(int(value) & mask)
                else:
                    values.append(scalar_value(fmt, mask, value))
            return layout.pack(*[values[k] for k in order])
        return fast_pack

    def __call__(self, gridX, gridY, gridZ, stream, function, packed_metadata, launch_metadata,
                 launch_enter_hook, launch_exit_hook, *args):
        if gridX * gridY * gridZ == 0:
            return
        fast = self._fast_pack
        if fast and launch_enter_hook is None and launch_exit_hook is None:
            fast_pack, device, kernel = fast
            packed = fast_pack(args)
            if packed is not None:
                device.launch(kernel, gridX, gridY, gridZ, packed, False)
                SPIRVLauncher.last_launch = (kernel, (gridX, gridY, gridZ), packed)
                return
        if self._function is None:
            self._function = function
        route = cuda_route()
        if launch_enter_hook is not None:
            launch_enter_hook(launch_metadata)
        messages = self._messages
        if messages:
            self.debug_buffer = debug.new_buffer(device="cuda" if route else "cpu")
        memory = ArgumentMemory()
        packed = self.pack(args, (gridX, gridY, gridZ), memory)
        # The device of its tensors (one cached pipeline and device: no lookup when unchanged).
        index = memory.device_index
        kernel = self.kernel if index == self._index else self._load(function, index)
        if route is None:
            # Positional: pybind11 parses keyword arguments slowly (~0.5 us a launch).
            self._device.launch(kernel, gridX, gridY, gridZ, packed, memory.waits or bool(messages))
            if self._fast_pack is None and not memory.waits and self._plan:
                fast_pack = self._make_fast_pack(index)
                self._fast_pack = (fast_pack, self._device, kernel) if fast_pack else False
        else:
            # Ordered on the stream Triton passes (torch's current one).
            route.interop.launch(kernel, gridX, gridY, gridZ, packed, stream or 0)
        SPIRVLauncher.last_launch = (kernel, (gridX, gridY, gridZ), packed)
        if messages:
            debug.report(self.metadata.name, messages, self.debug_buffer)
        if launch_exit_hook is not None:
            launch_exit_hook(launch_metadata)


