"""FlagGems' device module off the cuda route: torch.cpu (CPU tensors) or torch.spirv (the Vulkan
device) plus what FlagGems calls on torch.cuda.

FlagGems calls `torch_device_fn.<x>` where torch_device_fn is `torch.<device_name>`:
`with torch_device_fn.device(t.device):` around every launch, device properties
for grid sizes, and the default generator's Philox (seed, offset) state for its
random kernels. torch.cpu has none of these; our launches need no device
context (one Vulkan device per process), so device() is a no-op.
"""

import contextlib
import functools
import types

import torch


class _Properties:
    """The fields of torch.cuda's device properties FlagGems reads, from our Vulkan device."""

    def __init__(self, vulkan):
        self.name = vulkan["name"]
        self.multi_processor_count = int(vulkan["multiprocessor_count"])
        # Not reported by Vulkan; FlagGems sizes split reductions with it.
        self.L2_cache_size = 4 * 1024 * 1024
        self.total_memory = int(vulkan.get("device_local_memory_bytes", 0))
        self.major = 0
        self.minor = 0
        self.warp_size = int(vulkan["subgroup_size"])
        self.max_shared_memory = int(vulkan["max_shared_mem"])


class PhiloxGenerator:
    """A generator whose state is CUDA's Philox layout: 16 bytes = int64 (seed, offset).

    flag_gems.utils.random_utils reads the state as exactly two int64 and moves
    the offset forward after each random kernel. The seed follows
    torch.manual_seed, as torch.cuda's generators do.
    """

    def __init__(self):
        self._seen_seed = None
        self._state = None
        self._sync_with_torch_seed()

    def _sync_with_torch_seed(self):
        seed = torch.initial_seed()
        if seed != self._seen_seed:
            self._seen_seed = seed
            self._state = torch.tensor([seed & (2**63 - 1), 0], dtype=torch.int64).view(torch.uint8)

    def get_state(self):
        self._sync_with_torch_seed()
        return self._state.clone()

    def set_state(self, state):
        if state.numel() != 16 or state.dtype != torch.uint8:
            raise ValueError("triton_spirv.flaggems: a Philox state is 16 uint8 (seed, offset)")
        self._state = state.clone()

    def manual_seed(self, seed):
        self._state = torch.tensor([int(seed) & (2**63 - 1), 0], dtype=torch.int64).view(torch.uint8)
        self._seen_seed = torch.initial_seed()  # a later torch seed change still resets us
        return self

    def seed(self):
        return self.initial_seed()

    def initial_seed(self):
        return int(self.get_state().view(torch.int64)[0])


class DeviceModule(types.ModuleType):
    """torch.cpu (or torch.spirv, the Vulkan device's module) with torch.cuda's device API on
    top."""

    def __init__(self, base=None):
        super().__init__("triton_spirv.flaggems.device")
        generator = PhiloxGenerator()
        self.default_generators = (generator,)
        self._base = torch.cpu if base is None else base

    def __getattr__(self, name):
        if name == "_base":
            raise AttributeError(name)
        return getattr(self._base, name)

    def manual_seed(self, seed):
        # Reseeding restarts the sequence even when the seed is the one torch already has
        # (the generator only notices changes of torch's seed by itself).
        torch.manual_seed(seed)
        self.default_generators[0].manual_seed(seed)

    manual_seed_all = manual_seed

    @staticmethod
    def device(*args, **kwargs):
        return contextlib.nullcontext()

    _DeviceGuard = device

    @staticmethod
    def current_device():
        return 0  # torch.cpu.current_device() is the string 'cpu'; FlagGems indexes with it

    @staticmethod
    def set_device(device):
        pass

    @staticmethod
    def device_count():
        return 1

    @staticmethod
    def is_available():
        return True

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def _vulkan_properties():
        from triton_spirv import driver
        return driver.runtime.get_device().device_properties()

    def get_device_properties(self, device=None):
        return _Properties(self._vulkan_properties())

    def get_device_name(self, device=None):
        return self._vulkan_properties()["name"]

    @staticmethod
    def get_device_capability(device=None):
        return (0, 0)

    def mem_get_info(self, device=None):
        total = int(self._vulkan_properties().get("device_local_memory_bytes", 0))
        return (total, total)

    def manual_seed(self, seed):
        """As torch.cuda.manual_seed: restart the Philox stream at (seed, offset 0)."""
        self.default_generators[0].manual_seed(seed)

    manual_seed_all = manual_seed

    def initial_seed(self):
        return self.default_generators[0].initial_seed()

    @staticmethod
    def synchronize(device=None):
        pass  # cpu-route launches return when the kernel has finished

    @staticmethod
    def empty_cache():
        pass
