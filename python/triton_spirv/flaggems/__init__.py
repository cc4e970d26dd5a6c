"""FlagGems vendor `spirv`: FlagGems' torch operators as Triton kernels run by triton-spirv.

FlagGems (PyPI flag-gems) picks a hardware vendor from a closed Enum when
`flag_gems` is imported, and imports the vendor's package `_<vendor>` as a
top-level module. `install()` makes it find ours without touching its files:

- a post-import hook adds `vendors.SPIRV` to `flag_gems.runtime.common.vendors`
  right after that module runs, and sets GEMS_VENDOR=spirv (unless already set)
  when triton-spirv is Triton's active backend on a Vulkan device;
- the top-level name `_spirv` resolves to `triton_spirv/flaggems/_spirv`;
- FlagGems reads `tune_configs.yaml` by a path inside its own tree: the read
  for vendor `spirv` is sent to our file instead;
- on the cpu route torch's device module `torch.cpu` lacks what FlagGems calls
  on `torch.cuda` (device(), get_device_properties(), a Philox generator):
  FlagGems gets a module that adds them (`_device.py`).

Call it before `import flag_gems`, or let `python -m triton_spirv.flaggems
install` add a .pth file that calls it at every interpreter start.
Nothing here imports torch, triton or flag_gems until flag_gems is imported.
"""

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings

__all__ = ["install", "installed", "active", "device_available", "flag_gems_version",
           "KNOWN_VERSIONS", "VENDOR"]

VENDOR = "spirv"
# FlagGems releases whose internals (vendor Enum, backend loader, config
# loader, device module use) this registration was written and tested against.
KNOWN_VERSIONS = ("5.0.2",)
# Enum value of vendors.SPIRV: far from FlagGems' own 0..12.
_ENUM_VALUE = 100
_VENDOR_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_spirv")

_state = {"installed": False, "strict": True, "active": False}


def flag_gems_version():
    """The installed FlagGems distribution's version, or None when it is absent."""
    import importlib.metadata
    try:
        return importlib.metadata.version("flag-gems")
    except importlib.metadata.PackageNotFoundError:
        return None


def _unknown_version_message(version):
    return (f"triton_spirv.flaggems: FlagGems {version} is not a version the spirv vendor "
            f"knows (known: {', '.join(KNOWN_VERSIONS)}); its vendor registration relies on "
            "FlagGems internals that change between releases. Install a known one: "
            f"pip install --no-deps flag-gems=={KNOWN_VERSIONS[-1]}")


def device_available():
    """True when triton-spirv is Triton's active backend and its Vulkan runtime finds a device."""
    import triton  # noqa: F401  (first: importing our driver alone starts a circular import)
    from triton_spirv import driver
    return bool(driver.SPIRVDriver.is_active() and driver.runtime.is_available())


def installed():
    """Whether install() ran in this process."""
    return _state["installed"]


def active():
    """Whether the hooks registered the spirv vendor into the imported FlagGems."""
    return _state["active"]


def install(strict=True):
    """Make the next `import flag_gems` offer the spirv vendor (idempotent).

    strict=True raises when FlagGems is absent, of a version not in
    KNOWN_VERSIONS, or already imported (too late to register). strict=False
    (the .pth file) warns about an unknown version when FlagGems is imported
    and then leaves FlagGems alone.
    """
    if strict:
        version = flag_gems_version()
        if version is None:
            raise RuntimeError("triton_spirv.flaggems: FlagGems is not installed (pip install "
                               f"--no-deps flag-gems=={KNOWN_VERSIONS[-1]} sqlalchemy==2.0.48 PyYAML)")
        if version not in KNOWN_VERSIONS:
            raise RuntimeError(_unknown_version_message(version))
        if "flag_gems.runtime.backend.device" in sys.modules and not _state["active"]:
            raise RuntimeError("triton_spirv.flaggems: flag_gems was imported before install(); "
                               "FlagGems chooses its vendor at import, so call install() first "
                               "(or run `python -m triton_spirv.flaggems install` once)")
    if _state["installed"]:
        return
    _state["installed"] = True
    _state["strict"] = strict
    sys.meta_path.insert(0, _Finder())
    # Imported already (but no vendor chosen yet): patch now.
    for name, patch in _PATCHES.items():
        if name in sys.modules:
            patch(sys.modules[name])


def _patch_common(module):
    version = flag_gems_version()
    if version not in KNOWN_VERSIONS:
        if _state["strict"]:
            raise ImportError(_unknown_version_message(version))
        warnings.warn(_unknown_version_message(version) + "; the spirv vendor is not registered",
                      stacklevel=2)
        return
    _extend_enum(module.vendors, VENDOR.upper(), _ENUM_VALUE)
    _state["active"] = True
    # FlagGems' own detection would run every vendor's query command in
    # threads and take the first to succeed; GEMS_VENDOR decides it for us.
    if "GEMS_VENDOR" not in os.environ and device_available():
        os.environ["GEMS_VENDOR"] = VENDOR


def _patch_backend(module):
    if not _state["active"]:
        return
    from . import _patches
    _patches.patch_backend(module)


def _patch_codegen(module):
    if not _state["active"]:
        return
    from . import _patches
    _patches.patch_codegen_config(module)


def _patch_flag_gems(module):
    """FlagGems' operator list: on the spirv device, convolutions through its conv2d kernel."""
    if not _state["active"] or getattr(module, "vendor_name", None) != VENDOR or getattr(
            module, "device", None) != "spirv":
        return
    from ._convolution import convolution_overrideable
    entry = ("convolution_overrideable", convolution_overrideable)
    if entry not in module._FULL_CONFIG:
        module._FULL_CONFIG = tuple(module._FULL_CONFIG) + (entry,)
        module.FULL_CONFIG_BY_FUNC.setdefault(convolution_overrideable.__name__, []).append(entry)


_PATCHES = {
    "flag_gems": _patch_flag_gems,
    "flag_gems.runtime.common": _patch_common,
    "flag_gems.runtime.backend": _patch_backend,
    "flag_gems.utils.codegen_config_utils": _patch_codegen,
}


def _extend_enum(enum_class, name, value):
    """Add a member to a created stdlib Enum (CPython 3.9-3.13 keep these internals)."""
    if name in enum_class._member_map_:
        return enum_class._member_map_[name]
    member = object.__new__(enum_class)
    member._name_ = name
    member._value_ = value
    member.__objclass__ = enum_class
    member._sort_order_ = len(enum_class._member_names_)
    type.__setattr__(enum_class, name, member)  # EnumType.__setattr__ refuses members
    enum_class._member_names_.append(name)
    enum_class._member_map_[name] = member
    enum_class._value2member_map_[value] = member
    return member


class _PatchingLoader(importlib.abc.Loader):
    """Runs the original loader, then our patch on the new module."""

    def __init__(self, original, patch):
        self.original = original
        self.patch = patch

    def create_module(self, spec):
        return self.original.create_module(spec)

    def exec_module(self, module):
        self.original.exec_module(module)
        self.patch(module)

    def __getattr__(self, name):  # get_source, is_package, ... for inspect and linecache
        return getattr(self.original, name)


class _Finder(importlib.abc.MetaPathFinder):
    """Patches FlagGems modules as they load; resolves top-level `_spirv` to our vendor."""

    def find_spec(self, fullname, path, target=None):
        if fullname == "_" + VENDOR:
            if not _state["active"]:
                return None
            return importlib.util.spec_from_file_location(
                fullname, os.path.join(_VENDOR_DIR, "__init__.py"),
                submodule_search_locations=[_VENDOR_DIR])
        patch = _PATCHES.get(fullname)
        if patch is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _PatchingLoader(spec.loader, patch)
        return spec
