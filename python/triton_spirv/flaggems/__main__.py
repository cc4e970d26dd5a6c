"""python -m triton_spirv.flaggems install | uninstall | status

install    writes triton_spirv_flaggems.pth into site-packages: every start of this
           Python then calls triton_spirv.flaggems.install(strict=False), so a plain
           `import flag_gems` finds the spirv vendor. Refuses unknown FlagGems versions.
uninstall  removes that file (nothing else was changed).
status     what is installed, and which vendor `import flag_gems` picks here.
"""

import argparse
import os
import subprocess
import sys
import sysconfig

from . import KNOWN_VERSIONS, VENDOR, flag_gems_version

PTH_NAME = "triton_spirv_flaggems.pth"
# One line: site.py executes .pth lines that start with "import". It does
# nothing when triton_spirv is gone, so uninstalling our package leaves no error.
PTH_LINE = ('import importlib.util; importlib.util.find_spec("triton_spirv") is None or '
            '__import__("triton_spirv.flaggems").flaggems.install(strict=False)\n')


def _site_dir(args):
    return os.path.abspath(args.site_dir or sysconfig.get_paths()["purelib"])


def _install(args):
    version = flag_gems_version()
    if version is None:
        print(f"FlagGems is not installed for {sys.executable}; install it first:\n"
              f"  {sys.executable} -m pip install --no-deps flag-gems=={KNOWN_VERSIONS[-1]} "
              "sqlalchemy==2.0.48", file=sys.stderr)
        return 1
    if version not in KNOWN_VERSIONS:
        print(f"refusing: FlagGems {version} is not a version the spirv vendor knows "
              f"(known: {', '.join(KNOWN_VERSIONS)}). Nothing was changed.", file=sys.stderr)
        return 1
    path = os.path.join(_site_dir(args), PTH_NAME)
    existed = os.path.exists(path)
    with open(path, "w") as f:
        f.write(PTH_LINE)
    print(f"{'rewrote' if existed else 'wrote'} {path}\n"
          f"  containing: {PTH_LINE.strip()}\n"
          "Effect: each start of this Python runs that line (site.py); it only adds an import hook.\n"
          "  When flag_gems is imported, the hook adds vendors.SPIRV to FlagGems' vendor Enum, lets\n"
          "  FlagGems import our vendor package as `_spirv`, reads its tune_configs.yaml from\n"
          "  triton_spirv/flaggems/_spirv/, and sets GEMS_VENDOR=spirv when GEMS_VENDOR is unset and\n"
          "  triton-spirv is Triton's active backend on a Vulkan device. No FlagGems file is changed.\n"
          f"Undo: {sys.executable} -m triton_spirv.flaggems uninstall   (or delete {path})")
    return 0


def _uninstall(args):
    path = os.path.join(_site_dir(args), PTH_NAME)
    if not os.path.exists(path):
        print(f"nothing to remove: {path} does not exist")
        return 0
    os.remove(path)
    print(f"removed {path}; `import flag_gems` no longer sees the spirv vendor unless a program "
          "calls triton_spirv.flaggems.install() itself")
    return 0


_PROBE = """
import os, sys
import triton_spirv.flaggems as registration
registration.install(strict=False)
try:
    import flag_gems
except Exception as error:
    print(f"import flag_gems: fails: {type(error).__name__}: {error}")
else:
    print(f"import flag_gems: vendor {flag_gems.vendor_name!r}, device {flag_gems.device!r}, "
          f"GEMS_VENDOR={os.environ.get('GEMS_VENDOR')!r}")
"""


def _status(args):
    version = flag_gems_version()
    path = os.path.join(_site_dir(args), PTH_NAME)
    print(f"python: {sys.executable}")
    print(f"FlagGems: {version or 'not installed'}"
          + ("" if version is None else
             " (known)" if version in KNOWN_VERSIONS else f" (unknown; known: {', '.join(KNOWN_VERSIONS)})"))
    print(f".pth: {path} {'present' if os.path.exists(path) else 'absent'}")
    try:
        from . import device_available
        from triton_spirv import driver
        available = device_available()
        name = driver.runtime.get_device().device_properties()["name"] if available else None
        route = "cuda" if available and driver.cuda_route() is not None else "cpu"
        print(f"triton-spirv active with a Vulkan device: {available}"
              + (f" ({name}, {route} route)" if available else ""))
    except Exception as error:
        print(f"triton-spirv device check failed: {type(error).__name__}: {error}")
    if version is not None:
        # A fresh interpreter: FlagGems picks its vendor once, at import.
        result = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True)
        lines = [line for line in result.stdout.splitlines() if line.startswith("import flag_gems")]
        print(lines[-1] if lines else f"import flag_gems: probe failed: {result.stderr.strip()[-500:]}")
    print(f"vendor name: {VENDOR}")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m triton_spirv.flaggems",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["install", "uninstall", "status"])
    parser.add_argument("--site-dir", help="site-packages directory for the .pth file "
                        "(default: this Python's purelib, %(default)s)".replace("%(default)s",
                                                                               sysconfig.get_paths()["purelib"]))
    args = parser.parse_args(argv)
    return {"install": _install, "uninstall": _uninstall, "status": _status}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
