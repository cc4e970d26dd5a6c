"""`torch.spirv`: what Triton, FlagGems, kernel libraries and user code look up on a device module
(`torch.cuda`'s names, for the Vulkan device this process runs kernels on).

The C++ extension is built and loaded by `_lazy_init`, which torch calls before the first tensor
of the device is made."""

import atexit
import contextlib
import threading
import time
from dataclasses import dataclass

import torch

DEVICE_TYPE = "spirv"

_lock = threading.RLock()
_extension = None


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
        _extension.synchronize()  # releases the GIL while it waits
        time.sleep(0.01)
    except Exception:  # noqa: BLE001 - nothing to report at exit
        pass


def is_initialized():
    return _extension is not None


def _ext():
    _lazy_init()
    return _extension


def is_available():
    """Whether a usable Vulkan device exists (creating it if need be; builds nothing)."""
    try:
        return bool(_runtime().is_available())
    except ImportError:
        return False


def device_count():
    return 1 if is_available() else 0


def _index(device):
    if device is None:
        return 0
    if isinstance(device, str):
        device = torch.device(device)
    if isinstance(device, torch.device):
        if device.type != DEVICE_TYPE:
            raise ValueError(f"expected a {DEVICE_TYPE} device, got {device}")
        index = 0 if device.index is None else device.index
    else:
        index = int(device)
    if index != 0:
        raise ValueError(f"{DEVICE_TYPE}:{index} does not exist: this process has one Vulkan device "
                         "(index 0; TRITON_SPIRV_DEVICE picks which)")
    return index


def current_device():
    return 0


def set_device(device):
    _index(device)


class device:
    """Context manager that makes `device` current (there is one, so it only checks it)."""

    def __init__(self, device):
        self.index = _index(device)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def synchronize(device=None):
    _index(device)
    _ext().synchronize()


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
    major: int = 0
    minor: int = 0


def get_device_properties(device=None):
    _index(device)
    p = _runtime().device_properties()
    return _DeviceProperties(
        name=p["name"], total_memory=p["device_local_memory_bytes"],
        multi_processor_count=p["multiprocessor_count"], warp_size=p["subgroup_size"],
        max_shared_memory_per_block=p["max_shared_mem"],
        max_threads_per_block=p["max_workgroup_invocations"], type=p["device_type"],
        driver=f'{p["driver_name"]} {p["driver_info"]}'.strip(), vendor_id=p["vendor_id"],
        max_allocation_bytes=p["max_memory_allocation_size"])


def get_device_name(device=None):
    return get_device_properties(device).name


def get_device_capability(device=None):
    _index(device)
    return (0, 0)


# --- memory -------------------------------------------------------------------------------------

def memory_stats(device=None):
    _index(device)
    return dict(_ext().memory_stats())


def memory_allocated(device=None):
    return memory_stats(device)["allocated_bytes.all.current"]


def max_memory_allocated(device=None):
    return memory_stats(device)["allocated_bytes.all.peak"]


def memory_reserved(device=None):
    return memory_stats(device)["reserved_bytes.all.current"]


def max_memory_reserved(device=None):
    return memory_stats(device)["reserved_bytes.all.peak"]


def reset_peak_memory_stats(device=None):
    _index(device)
    _ext().reset_peak_memory_stats()


def empty_cache():
    if _extension is not None:
        _extension.empty_cache()


def mem_get_info(device=None):
    """(free, total) bytes of device memory as torch sees it (Vulkan reports no free memory)."""
    total = get_device_properties(device).total_memory
    return max(total - memory_reserved(device), 0), total


# --- streams and events: one in-order Vulkan queue serves every stream --------------------------

_device_type_code = None


def _stream(stream_id):
    global _device_type_code
    if _device_type_code is None:  # c10's integer code of the device type
        _device_type_code = torch.Stream(device=DEVICE_TYPE).device_type
    return torch.Stream(stream_id=stream_id, device_index=0, device_type=_device_type_code)


def Stream(device=None, priority=0):
    _index(device)
    _lazy_init()
    return torch.Stream(device=DEVICE_TYPE, priority=priority)


def Event(enable_timing=False, blocking=False, interprocess=False):
    _lazy_init()
    return torch.Event(device=DEVICE_TYPE, enable_timing=enable_timing, blocking=blocking,
                       interprocess=interprocess)


def current_stream(device=None):
    _index(device)
    return _stream(_ext().current_stream_id())


def default_stream(device=None):
    _index(device)
    return _stream(0)


def set_stream(stream):
    if stream is not None:
        _ext().set_stream_id(stream.stream_id)


@contextlib.contextmanager
def stream(stream):
    if stream is None:
        yield
        return
    previous = _ext().current_stream_id()
    set_stream(stream)
    try:
        yield
    finally:
        _ext().set_stream_id(previous)


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
