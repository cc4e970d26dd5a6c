"""python -m triton_spirv.flaggems install | uninstall | status

install    writes triton_spirv_flaggems.pth into site-packages: every start of this
           Python then calls triton_spirv.flaggems.install(strict=False), so a plain
           `import flag_gems` finds the spirv vendor. Refuses unknown FlagGems versions.
uninstall  removes that file (nothing else was changed).
status     what is installed, and which vendor `import flag_gems` picks here.
"""

import argparse
import os
import site
import subprocess
import sys

from . import KNOWN_VERSIONS, flag_gems_version

PTH_NAME = "triton_spirv_flaggems.pth"
# One line: site.py executes .pth lines that start with "import". It does
# nothing when triton_spirv (or this subpackage) is gone, so uninstalling or
# reinstalling our package never makes Python print .pth errors.
PTH_LINE = ('import importlib.util as u; u.find_spec("triton_spirv") is None or '
            'u.find_spec("triton_spirv.flaggems") is None or '
            '__import__("triton_spirv.flaggems").flaggems.install(strict=False)\n')


def _default_site_dir():
    # Where triton_spirv itself is installed: site.py has put that directory on
    # sys.path when it runs the .pth line, so triton_spirv is importable there
    # (a venv's own site-packages is processed before system site-packages).
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _site_dir(args):
    path = os.path.abspath(args.site_dir or _default_site_dir())
    known = set(map(os.path.abspath, site.getsitepackages() + [site.getusersitepackages()]))
    if path not in known:
        print(f"warning: {path} is not one of this Python's site directories; site.py does not "
              "run .pth files there", file=sys.stderr)
    return path


def _install(args):
    version = flag_gems_version()
    if version is None:
        print(f"FlagGems is not installed for {sys.executable}; install it first:\n"
              f"  {sys.executable} -m pip install --no-deps flag-gems=={KNOWN_VERSIONS[-1]} "
              "sqlalchemy==2.0.48 PyYAML==6.0.3", file=sys.stderr)
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


# Run in a fresh interpreter: FlagGems picks its vendor once, at import.
_PROBE = """
import os, sys
if sys.argv[1] == "install":
    import triton_spirv.flaggems as registration
    registration.install(strict=False)
try:
    import flag_gems
except Exception as error:
    print(f"RESULT fails: {type(error).__name__}: {str(error).strip().splitlines()[0]}")
else:
    print(f"RESULT vendor {flag_gems.vendor_name!r}, device {flag_gems.device!r}, "
          f"GEMS_VENDOR={os.environ.get('GEMS_VENDOR')!r}")
"""


def _probe(mode):
    result = subprocess.run([sys.executable, "-c", _PROBE, mode], capture_output=True, text=True)
    lines = [line[len("RESULT "):] for line in result.stdout.splitlines() if line.startswith("RESULT ")]
    return lines[-1] if lines else f"probe failed: {result.stderr.strip()[-300:]}"


def _status(args):
    version = flag_gems_version()
    path = os.path.join(_site_dir(args), PTH_NAME)
    print(f"python: {sys.executable}")
    print(f"FlagGems: {version or 'not installed'}"
          + ("" if version is None else
             " (known)" if version in KNOWN_VERSIONS else f" (unknown; known: {', '.join(KNOWN_VERSIONS)})"))
    print(f".pth: {path} {'present' if os.path.exists(path) else 'absent'}")
    try:
        import triton  # noqa: F401  (before our driver: Triton's backend discovery imports it)
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
        print(f"plain `import flag_gems`: {_probe('plain')}")
        print(f"after triton_spirv.flaggems.install(): {_probe('install')}")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m triton_spirv.flaggems",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["install", "uninstall", "status"])
    parser.add_argument("--site-dir", help="site-packages directory for the .pth file (default: the one "
                        f"holding triton_spirv, {_default_site_dir()})")
    args = parser.parse_args(argv)
    return {"install": _install, "uninstall": _uninstall, "status": _status}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
