#!/usr/bin/env bash
# The main job: set up, then compile and run real Triton kernels on the default Vulkan device.
set -euo pipefail
cd "$(dirname "$0")/.."
bash utils/setup.sh
exec ${PYTHON:-python3} utils/demo.py
