#!/usr/bin/env bash
# Runs the end-to-end and FlagGems tests under Mesa 22.3's lavapipe, Debian 12's own
# Vulkan driver, which we keep supporting (profile lavapipe-mesa22) while the
# setup installs Mesa 25: its package is unpacked under build/mesa22 (nothing
# is installed) and selected with VK_ICD_FILENAMES.
#
#   bash utils/test-mesa22.sh [pytest arguments]
#
# Ends with "mesa 22.3: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
source utils/pytest-counts.sh
dir=$PWD/build/mesa22
icd=$dir/lvp_icd.json
lib=usr/lib/x86_64-linux-gnu/libvulkan_lvp.so

if [ ! -f "$icd" ]; then
  echo "mesa22: unpacking Debian 12's mesa-vulkan-drivers 22.3 under build/mesa22"
  rm -rf "$dir" && mkdir -p "$dir/deb"
  find_version() { apt-cache madison mesa-vulkan-drivers | awk '$3 ~ /^22\.3\./ {print $3; exit}'; }
  version=$(find_version)
  # Package lists may have been cleaned since the setup ran: read them again once.
  if [ -z "$version" ]; then
    echo "mesa22: apt-get update"
    apt-get update -qq >/dev/null 2>&1 && version=$(find_version)
  fi
  if [ -z "$version" ] || ! (cd "$dir/deb" && apt-get download -q -o APT::Sandbox::User=root "mesa-vulkan-drivers=$version" 2>&1 | tail -n 1) \
     || ! dpkg -x "$dir"/deb/*.deb "$dir/root" || [ ! -f "$dir/root/$lib" ]; then
    echo "mesa22: could not fetch mesa-vulkan-drivers 22.3 from Debian 12's apt sources"
    echo "mesa 22.3: 0 passed, 1 failed"
    exit 1
  fi
  sed "s#/$lib#$dir/root/$lib#" "$dir/root/usr/share/vulkan/icd.d/lvp_icd.x86_64.json" > "$icd"
fi

args=("$@")
[ ${#args[@]} -gt 0 ] || args=(test/python/e2e test/python/flaggems test/python/torch_device test/python/runtime/test_device_profiles.py)
log=$(mktemp)
VK_ICD_FILENAMES=$icd TRITON_SPIRV_EXPECT_MESA=22.3 "$PY" -m pytest -q -p no:cacheprovider \
  "${args[@]}" 2>&1 | tee "$log" | tail -n 5
read -r p f < <(pytest_counts "$log")
echo "mesa 22.3: $p passed, $f failed"
[ "$f" -eq 0 ]
