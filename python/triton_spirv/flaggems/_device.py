"""FlagGems' device module off the cuda route: torch.cpu (CPU tensors) or torch.spirv (the Vulkan
device) plus what FlagGems calls on torch.cuda.

FlagGems calls `torch_device_fn.<x>` where torch_device_fn is `torch.<device_name>`:
`with torch_device_fn.device(t.device):` around every launch, device properties
for grid sizes, and the default generator's Philox (seed, offset) state for its
random kernels. torch.cpu has none of these: there device() is a no-op; on the
spirv device it is torch.spirv.device (several Vulkan devices, one current).
"""

import contextlib
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
        self._on_device = self._base is not torch.cpu

    def __getattr__(self, name):
        if name in ("_base", "_on_device"):
            raise AttributeError(name)
        return getattr(self._base, name)

    def manual_seed(self, seed):
        # Reseeding restarts the sequence even when the seed is the one torch already has
        # (the generator only notices changes of torch's seed by itself).
        torch.manual_seed(seed)
        self.default_generators[0].manual_seed(seed)

    manual_seed_all = manual_seed

    # On the spirv device these are torch.spirv's (several devices, each current in turn around a
    # launch); on the CPU, one device with no context.
    def device(self, *args, **kwargs):
        return self._base.device(*args, **kwargs) if self._on_device else contextlib.nullcontext()

    @property
    def _DeviceGuard(self):
        return self.device

    def current_device(self):
        # torch.cpu.current_device() is the string 'cpu'; FlagGems indexes with it.
        return self._base.current_device() if self._on_device else 0

    def set_device(self, device):
        if self._on_device:
            self._base.set_device(device)

    def device_count(self):
        return self._base.device_count() if self._on_device else 1

    @staticmethod
    def is_available():
        return True

    def _vulkan_properties(self, device=None):
        from triton_spirv import driver
        index = self._base._index(device) if self._on_device else 0
        return driver.device_properties(index)

    def get_device_properties(self, device=None):
        return _Properties(self._vulkan_properties(device))

    def get_device_name(self, device=None):
        return self._vulkan_properties(device)["name"]

    @staticmethod
    def get_device_capability(device=None):
        return (0, 0)

    def mem_get_info(self, device=None):
        if self._on_device:
            return self._base.mem_get_info(device)
        total = int(self._vulkan_properties().get("device_local_memory_bytes", 0))
        return (total, total)

    def manual_seed(self, seed):
        """As torch.cuda.manual_seed: restart the Philox stream at (seed, offset 0)."""
        self.default_generators[0].manual_seed(seed)

    manual_seed_all = manual_seed

    def initial_seed(self):
        return self.default_generators[0].initial_seed()

    def synchronize(self, device=None):
        if self._on_device:  # cpu-route launches return when the kernel has finished
            self._base.synchronize(device)

    def empty_cache(self):
        if self._on_device:
            self._base.empty_cache()
