"""`torch.spirv`: what Triton, FlagGems, kernel libraries and user code look up on a device module
(`torch.cuda`'s names, for the Vulkan devices this process runs kernels on: index i is the
runtime's device i, TRITON_SPIRV_DEVICE's i-th entry or the i-th device of the preferred type).

The C++ extension is built and loaded by `_lazy_init`, which torch calls before the first tensor
of the device is made."""

import atexit
import contextlib
import threading
import time
import warnings
from dataclasses import dataclass

import torch

DEVICE_TYPE = "spirv"

_lock = threading.RLock()
_extension = None
_load_failed = False  # the C++ side could not load: is_available() says False, without retrying


def _runtime():
    from .. import _vulkan_runtime
    return _vulkan_runtime


def _lazy_init():
    global _extension
    if _extension is not None:
        return
    with _lock:
        if _extension is not None:
            return
        from . import _extension as builder
        runtime = _runtime()
        bridge = runtime.runtime_bridge()  # raises naming why there is no Vulkan device
        extension = builder.load()
        extension.init(bridge, DEVICE_TYPE)
        _extension = extension
        from .. import torch_device
        torch_device.current_index = extension.current_device
        atexit.register(_quiesce_at_exit)
        from . import inductor
        if inductor.registered():  # Inductor came first: it may now treat us as a GPU
            inductor.mark_gpu_type()


def _quiesce_at_exit():
    """Lets autograd's device thread finish with the Python objects of the last backward before
    the interpreter finalizes: a thread that then asks for the GIL is ended mid-C++ (torch's
    device threads; `terminate called without an active exception` in a third of short scripts
    that end right after a backward on the device)."""
    try:
        for index in range(_extension.device_count()):
            _extension.synchronize(index)  # releases the GIL while it waits
        time.sleep(0.01)
    except Exception:  # noqa: BLE001 - nothing to report at exit
        pass


def is_initialized():
    return _extension is not None


def init():
    _lazy_init()


def _ext():
    _lazy_init()
    return _extension


def is_available():
    """Whether the device can serve torch: a Vulkan device exists (device 0 is created if need be)
    and the device's C++ side loads (built once per torch version). `torch.accelerator.is_available()`
    asks this, and code that then uses the accelerator without touching a device tensor first
    (DataLoader(pin_memory=True) pins every batch for it) needs the device's hooks in place."""
    global _load_failed
    try:
        if not _runtime().is_available():
            return False
    except ImportError:
        return False
    if _extension is None and not _load_failed:
        try:
            _lazy_init()
        except Exception as error:  # noqa: BLE001 - reported once; torch sees no device
            _load_failed = True
            warnings.warn(f"triton-spirv: the '{DEVICE_TYPE}' device is unavailable: {error}")
    return _extension is not None


def device_count():
    """How many spirv devices there are (TRITON_SPIRV_DEVICE's list, else every Vulkan device of
    the preferred type); 0 where there is none. Creates no device and builds nothing."""
    try:
        return int(_runtime().device_count())
    except (ImportError, RuntimeError):
        return 0


def _index(device):
    """The device index `device` names (None: the current device), checked to exist."""
    if device is None:
        return current_device()
    if isinstance(device, str):
        device = torch.device(device)
    if isinstance(device, torch.device):
        if device.type != DEVICE_TYPE:
            raise ValueError(f"expected a {DEVICE_TYPE} device, got {device}")
        if device.index is None:
            return current_device()
        index = device.index
    else:
        index = int(device)
    if index < 0:  # -1: the current device, as torch.cuda takes it
        return current_device()
    count = device_count()
    if index >= count:
        raise ValueError(f"{DEVICE_TYPE}:{index} does not exist: this process has {count} Vulkan "
                         f"device{'s' if count != 1 else ''} (TRITON_SPIRV_DEVICE lists which)")
    return index


def current_device():
    """The calling thread's current device index (0 until set_device; per thread, as CUDA's)."""
    if _extension is None:
        return 0
    return _extension.current_device()


def set_device(device):
    index = _index(device)
    if index != current_device():
        _ext().set_device(index)


class device:
    """Context manager that makes `device` current and restores the previous one on exit."""

    def __init__(self, device):
        self.index = -1 if device is None else _index(device)
        self.previous = -1

    def __enter__(self):
        if self.index >= 0:
            self.previous = current_device()
            if self.index != self.previous:
                _ext().set_device(self.index)
        return self

    def __exit__(self, *exc):
        if self.index >= 0 and self.previous != self.index:
            _ext().set_device(self.previous)
        return False


class device_of(device):
    """Context manager that makes a tensor's device current (CPU tensors: no change)."""

    def __init__(self, tensor):
        on_device = tensor.device.type == DEVICE_TYPE
        super().__init__(tensor.device if on_device else None)


def synchronize(device=None):
    index = _index(device)
    _ext().synchronize(index)


@dataclass(frozen=True)
class _DeviceProperties:
    name: str
    total_memory: int
    multi_processor_count: int
    warp_size: int
    max_shared_memory_per_block: int
    max_threads_per_block: int
    type: str
    driver: str
    vendor_id: int
    max_allocation_bytes: int
    vulkan_index: int = 0  # in vkEnumeratePhysicalDevices order (vulkaninfo's GPU<n>)
    major: int = 0
    minor: int = 0


def get_device_properties(device=None):
    p = _runtime().device_properties(_index(device))
    return _DeviceProperties(
        name=p["name"], total_memory=p["device_local_memory_bytes"],
        multi_processor_count=p["multiprocessor_count"], warp_size=p["subgroup_size"],
        max_shared_memory_per_block=p["max_shared_mem"],
        max_threads_per_block=p["max_workgroup_invocations"], type=p["device_type"],
        driver=f'{p["driver_name"]} {p["driver_info"]}'.strip(), vendor_id=p["vendor_id"],
        max_allocation_bytes=p["max_memory_allocation_size"], vulkan_index=p["index"])


def get_device_name(device=None):
    return get_device_properties(device).name


def get_device_capability(device=None):
    _index(device)
    return (0, 0)


# --- automatic mixed precision (torch.autocast("spirv"); the casting policy is csrc/Autocast.cpp) ---

def get_amp_supported_dtype():
    # Every Vulkan device we run on computes fp16 and bf16 kernels (bf16 through fp32 where the
    # device has no bf16 arithmetic).
    return [torch.float16, torch.bfloat16]


def is_bf16_supported(including_emulation=True):
    return True


# --- memory: one caching allocator per device -----------------------------------------------------

def memory_stats(device=None):
    return dict(_ext().memory_stats(_index(device)))


def memory_allocated(device=None):
    return memory_stats(device)["allocated_bytes.all.current"]


def max_memory_allocated(device=None):
    return memory_stats(device)["allocated_bytes.all.peak"]


def memory_reserved(device=None):
    return memory_stats(device)["reserved_bytes.all.current"]


def max_memory_reserved(device=None):
    return memory_stats(device)["reserved_bytes.all.peak"]


def reset_peak_memory_stats(device=None):
    _ext().reset_peak_memory_stats(_index(device))


def empty_cache():
    """Returns the cached blocks of every device (as torch.cuda.empty_cache, of all devices)."""
    if _extension is not None:
        for index in range(_extension.device_count()):
            _extension.empty_cache(index)


def mem_get_info(device=None):
    """(free, total) bytes of device memory as torch sees it (Vulkan reports no free memory)."""
    total = get_device_properties(device).total_memory
    return max(total - memory_reserved(device), 0), total


# --- streams and events: each device's one in-order Vulkan queue serves its streams -------------

_device_type_code = None


def _stream(stream_id, index):
    global _device_type_code
    if _device_type_code is None:  # c10's integer code of the device type
        _device_type_code = torch.Stream(device=DEVICE_TYPE).device_type
    return torch.Stream(stream_id=stream_id, device_index=index, device_type=_device_type_code)


def Stream(device=None, priority=0):
    _lazy_init()
    return torch.Stream(device=torch.device(DEVICE_TYPE, _index(device)), priority=priority)


def Event(enable_timing=False, blocking=False, interprocess=False):
    _lazy_init()
    return torch.Event(device=DEVICE_TYPE, enable_timing=enable_timing, blocking=blocking,
                       interprocess=interprocess)


def current_stream(device=None):
    index = _index(device)
    return _stream(_ext().current_stream_id(index), index)


def default_stream(device=None):
    return _stream(0, _index(device))


def set_stream(stream):
    if stream is not None:
        _ext().set_stream_id(stream.device_index, stream.stream_id)


@contextlib.contextmanager
def stream(stream):
    """Makes `stream` current on its device, and its device current (as torch.cuda.stream)."""
    if stream is None:
        yield
        return
    with device(stream.device_index):
        previous = _ext().current_stream_id(stream.device_index)
        set_stream(stream)
        try:
            yield
        finally:
            _ext().set_stream_id(stream.device_index, previous)


# --- random numbers: the host's generator (operators without a device kernel run on the CPU) ----

def manual_seed(seed):
    torch.default_generator.manual_seed(int(seed))


manual_seed_all = manual_seed


def seed():
    torch.default_generator.seed()


seed_all = seed


def initial_seed():
    return torch.default_generator.initial_seed()


def get_rng_state(device=None):
    return torch.default_generator.get_state()


def set_rng_state(new_state, device=None):
    torch.default_generator.set_state(new_state)


def _is_in_bad_fork():
    return False


_INDUCTOR_CODEGEN = ("Scheduling", "PythonWrapperCodegen", "CppWrapperCodegen", "WrapperFxCodegen")


def __getattr__(name):
    # Inductor looks these up on torch.<privateuse1 device> when it first generates code.
    if name in _INDUCTOR_CODEGEN:
        from . import inductor
        return inductor.codegen_class(name)
    raise AttributeError(f"module 'torch.{DEVICE_TYPE}' has no attribute '{name}'")
