#!/usr/bin/env python3
"""Assembles a triton-spirv wheel for one CPython from an existing build.

    python3 utils/make_wheel.py --tag cp312 [--build build] [--out dist]

Takes the package's Python files (python/triton_spirv), the extension modules
built for that interpreter (build/python/<tag>/triton_spirv/*.so), the C
runtime library, and the statically linked triton-spirv-opt (a wheel script:
pip puts it on PATH). Binaries are stripped. Name, version, dependencies and entry
points come from pyproject.toml, so `pip install .` and the wheels agree.
"""

import argparse
import base64
import csv
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A fixed timestamp: the same inputs give the same wheel.
ZIP_DATE = (2024, 1, 1, 0, 0, 0)
RUNTIME_LIBRARIES = ("libtriton_spirv_runtime.so", "libtriton_spirv_runtime.a")
RUNTIME_HEADER = ROOT / "include" / "triton-spirv" / "Runtime" / "triton_spirv_runtime.h"
# The C table the torch device extension, built on the user's machine, reaches the runtime by.
BRIDGE_HEADER = ROOT / "include" / "triton-spirv" / "Runtime" / "triton_spirv_bridge.h"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


def _stripped(path: Path) -> bytes:
    strip = shutil.which("llvm-strip-22") or shutil.which("strip")
    if strip is None:
        return path.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / path.name
        subprocess.run([strip, "--strip-unneeded", "-o", str(out), str(path)], check=True)
        return out.read_bytes()


def _metadata(project: dict) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}"]
    if "description" in project:
        lines.append(f"Summary: {project['description']}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {dep}" for dep in project.get("dependencies", [])]
    for extra, deps in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {dep}; extra == "{extra}"' for dep in deps]
    readme = ROOT / "README.md"
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + readme.read_text()


def _entry_points(project: dict) -> str:
    out = []
    scripts = project.get("scripts", {})
    if scripts:
        out.append("[console_scripts]")
        out += [f"{name} = {target}" for name, target in scripts.items()]
        out.append("")
    for group, entries in project.get("entry-points", {}).items():
        out.append(f"[{group}]")
        out += [f"{name} = {target}" for name, target in entries.items()]
        out.append("")
    return "\n".join(out)


def package_files(build: Path, tag: str, data_dir: str):
    """(path inside the wheel, bytes, executable) for every file of the wheel's payload."""
    package = ROOT / "python" / "triton_spirv"
    for path in sorted(package.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts or path.suffix in (".so", ".pyc"):
            continue
        yield f"triton_spirv/{path.relative_to(package).as_posix()}", path.read_bytes(), False
    modules = sorted((build / "python" / tag / "triton_spirv").glob("*.so"))
    names = {m.name.split(".")[0] for m in modules}
    missing = {"_compiler", "_vulkan_runtime"} - names
    if missing:
        sys.exit(f"make_wheel: {', '.join(sorted(missing))} not built for {tag} in {build} "
                 f"(run: bash utils/build.sh <python{tag[2]}.{tag[3:]}>)")
    for module in modules:
        yield f"triton_spirv/{module.name}", _stripped(module), False
    # The C runtime that ahead-of-time kernels link (docs/aot.md).
    for name in RUNTIME_LIBRARIES:
        library = build / "lib" / name
        if not library.exists():
            sys.exit(f"make_wheel: {library} not built")
        yield f"triton_spirv/lib/{name}", _stripped(library), False
    yield f"triton_spirv/include/{RUNTIME_HEADER.name}", RUNTIME_HEADER.read_bytes(), False
    yield f"triton_spirv/include/{BRIDGE_HEADER.name}", BRIDGE_HEADER.read_bytes(), False
    opt = build / "bin" / "triton-spirv-opt"
    if not opt.exists():
        sys.exit(f"make_wheel: {opt} not built")
    # A wheel's data/scripts land on PATH (bin/ of the environment).
    yield f"{data_dir}/scripts/triton-spirv-opt", _stripped(opt), True


def _inputs(build: Path, tag: str):
    yield from (p for p in (ROOT / "python" / "triton_spirv").rglob("*")
                if p.is_file() and "__pycache__" not in p.parts)
    yield from (build / "python" / tag / "triton_spirv").glob("*.so")
    yield from (build / "lib" / name for name in RUNTIME_LIBRARIES)
    yield RUNTIME_HEADER
    yield BRIDGE_HEADER
    yield from (build / "bin" / "triton-spirv-opt", ROOT / "pyproject.toml", ROOT / "README.md")


def build_wheel(build: Path, tag: str, out: Path, only_if_changed: bool = False) -> Path:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    dist = project["name"].replace("-", "_")
    version = project["version"]
    info = f"{dist}-{version}.dist-info"
    wheel_name = f"{dist}-{version}-{tag}-{tag}-linux_x86_64.whl"
    out.mkdir(parents=True, exist_ok=True)
    target = out / wheel_name
    if only_if_changed and target.exists():
        newest = max(p.stat().st_mtime for p in _inputs(build, tag) if p.exists())
        if newest <= target.stat().st_mtime:
            return target

    entries = list(package_files(build, tag, f"{dist}-{version}.data"))
    entries.append((f"{info}/METADATA", _metadata(project).encode(), False))
    entries.append((f"{info}/WHEEL", (
        "Wheel-Version: 1.0\nGenerator: triton-spirv make_wheel.py\nRoot-Is-Purelib: false\n"
        f"Tag: {tag}-{tag}-linux_x86_64\n").encode(), False))
    entries.append((f"{info}/entry_points.txt", _entry_points(project).encode(), False))
    entries.append((f"{info}/top_level.txt", b"triton_spirv\n", False))

    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    tmp = target.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data, executable in entries:
            item = zipfile.ZipInfo(name, ZIP_DATE)
            item.compress_type = zipfile.ZIP_DEFLATED
            # S_IFREG plus permissions: pip keeps the executable bit only then.
            item.external_attr = (0o100755 if executable else 0o100644) << 16
            zf.writestr(item, data)
            writer.writerow([name, _record_hash(data), len(data)])
        writer.writerow([f"{info}/RECORD", "", ""])
        item = zipfile.ZipInfo(f"{info}/RECORD", ZIP_DATE)
        item.external_attr = 0o100644 << 16
        zf.writestr(item, record.getvalue(), compress_type=zipfile.ZIP_DEFLATED)
    os.replace(tmp, target)
    return target


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tag", required=True, help="CPython tag, e.g. cp312")
    parser.add_argument("--build", default=str(ROOT / "build"), help="the CMake build directory")
    parser.add_argument("--out", default=str(ROOT / "dist"), help="where the wheel is written")
    parser.add_argument("--only-if-changed", action="store_true",
                        help="keep an existing wheel that is newer than everything it holds")
    args = parser.parse_args()
    wheel = build_wheel(Path(args.build), args.tag, Path(args.out), args.only_if_changed)
    print(f"{wheel} ({wheel.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
