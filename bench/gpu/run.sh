#!/bin/bash
# On the GPU machine (device tool `run`, carry .gl and .gpubundle): Vulkan loader, Vulkan headers,
# runtime-only build, then bench/gpu/run_on_gpu.py. See bench/gpu/README.md.
#   bash bench/gpu/run.sh [run_on_gpu.py arguments...]
set -eo pipefail
cd "$(dirname "$0")/../.."
BUNDLE=${BUNDLE:-.gpubundle}
OUTDIR=${OUT:-/tmp}
# Vulkan loader (+ glvnd/EGL) into /, as the device README says; headers elsewhere.
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
mkdir -p /tmp/vk
for f in "${DEBS:-.gpubundle/debs}"/*.deb; do dpkg -x "$f" /tmp/vk; done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,utilization.gpu --format=csv || true
t0=$(date +%s)
cmake -S . -B /tmp/b -G Ninja -DCMAKE_BUILD_TYPE=Release -DTRITON_SPIRV_BUILD_COMPILER=OFF \
  -Dpybind11_DIR="$(python3 -m pybind11 --cmakedir)" -DPython_EXECUTABLE="$(which python3)" \
  -DVulkan_INCLUDE_DIR=/tmp/vk/usr/include > /tmp/cmake.log 2>&1 || { cat /tmp/cmake.log; exit 1; }
ninja -C /tmp/b _vulkan_runtime | tail -1
echo "# runtime built in $(( $(date +%s) - t0 )) s"
export PYTHONUNBUFFERED=1
if ! python3 -c "import sys; sys.path.insert(0, '/tmp/b/python/src'); import _vulkan_runtime as r; \
    sys.exit(0 if any(d['vendor_id'] == 0x10DE and d['usable'] for d in r.list_devices()) else 1)"; then
  echo "# no NVIDIA Vulkan device with the default ICD search: VK_DRIVER_FILES"
  export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
fi
if [ "${1:-}" = diag ]; then   # bash bench/gpu/run.sh diag [diag_alloc.py arguments]
  shift
  python3 bench/gpu/diag_alloc.py --bundle "$BUNDLE" --runtime /tmp/b/python/src "$@"
else
  python3 bench/gpu/run_on_gpu.py --bundle "$BUNDLE" --runtime /tmp/b/python/src \
    --json "$OUTDIR/gpu_results.json" "$@"
fi
