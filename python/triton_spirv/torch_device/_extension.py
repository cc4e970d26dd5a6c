"""Builds (once per torch version, Python and source) and loads the torch device's C++ extension.

It is compiled on the user's machine against the torch installed there (torch's C++ ABI changes
between releases, so one prebuilt binary cannot serve every torch), with torch's own
`cpp_extension` machinery, into a cache folder; later processes load it in milliseconds."""

import hashlib
import os
import sys
from pathlib import Path

_CSRC = Path(__file__).parent / "csrc"


def _bridge_include_dir():
    """The folder holding triton_spirv_bridge.h: the wheel's include/, or a source checkout's."""
    package = Path(__file__).resolve().parent.parent
    for folder in (package / "include",
                   package.parent.parent / "include" / "triton-spirv" / "Runtime"):
        if (folder / "triton_spirv_bridge.h").exists():
            return folder
    raise RuntimeError("triton-spirv: triton_spirv_bridge.h is missing from the installation "
                       f"(looked in {package / 'include'}); reinstall triton-spirv")


def cache_dir():
    """Where built extensions are kept (TRITON_SPIRV_TORCH_EXTENSION_DIR overrides)."""
    default = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "triton-spirv" / "torch-device"
    return Path(os.environ.get("TRITON_SPIRV_TORCH_EXTENSION_DIR", default))


def sources():
    """The extension's C++ sources."""
    return sorted(_CSRC.glob("*.cpp"))


def include_dirs():
    """Folders the sources include from, besides torch's and Python's."""
    return [str(_CSRC), str(_bridge_include_dir())]


def load():
    import torch
    from torch.utils import cpp_extension

    include = _bridge_include_dir()
    digest = hashlib.sha256()
    digest.update(f"{torch.__version__}|{sys.version_info[:2]}|{torch._C._GLIBCXX_USE_CXX11_ABI}".encode())
    for path in sorted(_CSRC.iterdir()) + [include / "triton_spirv_bridge.h"]:
        digest.update(path.name.encode() + path.read_bytes())
    name = f"triton_spirv_torch_{digest.hexdigest()[:16]}"
    build = cache_dir() / name
    build.mkdir(parents=True, exist_ok=True)
    if not any(build.glob(f"{name}*.so")):
        print(f"triton-spirv: building the torch device extension for torch {torch.__version__} "
              f"(once; about a minute) in {build}", file=sys.stderr, flush=True)
    try:
        return cpp_extension.load(
            name=name, sources=[str(s) for s in sources()],
            extra_include_paths=include_dirs(),
            extra_cflags=["-O2"], build_directory=str(build), verbose=False)
    except Exception as error:
        raise RuntimeError(
            f"triton-spirv: could not build the torch device extension for torch {torch.__version__} "
            f"in {build}: {error}. It needs a C++ compiler (g++) and ninja (pip install ninja); "
            "docs/torch-device.md says more") from error
