#!/usr/bin/env bash
# Installs what triton-spirv needs on Debian 12 (root; apt + PyPI) and builds it.
# Idempotent: skips what is already there; the build is incremental.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools lld-22 ccache ninja-build
              mesa-vulkan-drivers libvulkan1 libvulkan-dev vulkan-tools spirv-tools
              vulkan-validationlayers git)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PY=${PYTHON:-python3}
if ! $PY -c "import torch, triton, lit, pytest, pybind11, scikit_build_core, numpy" 2>/dev/null \
   || [ "$($PY -c 'import triton; print(triton.__version__)')" != "3.6.0" ]; then
  echo "setup: installing Python packages"
  $PY -m pip install -q torch==2.13.0 triton==3.6.0 lit pytest pybind11 "scikit-build-core>=0.10" numpy
fi

# Builds the C++ (incrementally, in build/) and installs triton_spirv + triton-spirv-opt.
echo "setup: building and installing triton-spirv"
$PY -m pip install -q --no-build-isolation --no-deps . 2>&1 | grep -v "Running pip as the 'root' user" || true
$PY -c "import triton_spirv._compiler, triton_spirv._vulkan_runtime" \
  || { echo "setup: the triton_spirv modules did not install"; exit 1; }
