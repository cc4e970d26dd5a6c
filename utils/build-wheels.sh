#!/usr/bin/env bash
# Builds self-contained triton-spirv wheels into dist/ for CPython 3.11, 3.12
# and 3.13 (pyenv's interpreters here; override with PYTHONS="python3.12 ...").
#
# One build: the compiler (MLIR/LLVM linked statically) and triton-spirv-opt
# are compiled and linked once; only the small extension modules are built
# per interpreter. The wheels need glibc >= 2.36 (Debian 12) and, at run time,
# only libc/libstdc++/libm and the system's Vulkan loader (libvulkan.so.1).
set -euo pipefail
cd "$(dirname "$0")/.."

find_python() {  # $1 = 3.12
  local v=$1 p
  for p in "python$v" "$(pyenv root 2>/dev/null)/versions/$v"*/bin/python$v /usr/bin/python$v; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null; then
      "$p" -c 'import sys; print(sys.executable)'; return 0
    fi
  done
  return 1
}

if [ -n "${PYTHONS:-}" ]; then
  read -r -a pythons <<< "$PYTHONS"
else
  pythons=()
  for v in 3.11 3.12 3.13; do
    p=$(find_python $v) || { echo "build-wheels: no CPython $v with headers found (set PYTHONS)"; exit 1; }
    pythons+=("$p")
  done
fi

# pybind11's headers come from the first interpreter; the others need none.
"${pythons[0]}" -c "import pybind11" 2>/dev/null || "${pythons[0]}" -m pip install -q pybind11
bash utils/build.sh "${pythons[@]}"

mkdir -p dist
for p in "${pythons[@]}"; do
  tag=$("$p" -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')
  python3 utils/make_wheel.py --tag "$tag" --out dist
done
