#!/usr/bin/env bash
# Configures (once) and builds triton-spirv in build/ with ninja, printing
# ninja's [done/total] progress. Incremental: only what changed is rebuilt.
#
#   bash utils/build.sh [python ...]
#
# Each python named gets its own extension modules (build/python/<tag>/);
# the compiler libraries and triton-spirv-opt are built once for all of them.
# With no argument: the interpreters configured before, or $PYTHON / python3.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${TRITON_SPIRV_BUILD_DIR:-build}
# One build at a time (2 cores): a second caller waits for the first.
mkdir -p "$BUILD"
exec 9>"$BUILD/.build.lock"
flock 9

pythons=()
for p in "$@"; do pythons+=("$(command -v "$p" || echo "$p")"); done
cached=""
if [ -f "$BUILD/CMakeCache.txt" ]; then
  cached=$(grep -oP '^TRITON_SPIRV_PYTHONS:[A-Z]+=\K.*' "$BUILD/CMakeCache.txt" || true)
fi
if [ ${#pythons[@]} -eq 0 ]; then
  if [ -n "$cached" ]; then
    IFS=';' read -r -a pythons <<< "$cached"
  else
    pythons=("$(command -v "${PYTHON:-python3}")")
  fi
fi
# Resolve pyenv shims to the real interpreters (a shim changes meaning with
# the current directory's .python-version).
resolved=()
for p in "${pythons[@]}"; do
  resolved+=("$("$p" -c 'import os, sys; print(os.path.realpath(sys.executable))')")
done
wanted=$(IFS=';'; echo "${resolved[*]}")
# Interpreters configured before stay (build-wheels adds some, setup one).
covered=1
for p in "${resolved[@]}"; do
  case ";$cached;" in *";$p;"*) ;; *) covered=0 ;; esac
done

mkdir -p "$BUILD"
if [ ! -f "$BUILD/build.ninja" ] || [ $covered = 0 ]; then
  echo "build: configuring $BUILD for ${resolved[*]}"
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -Dpybind11_DIR="$("${resolved[0]}" -m pybind11 --cmakedir)" \
    "-DTRITON_SPIRV_PYTHONS=$wanted" > "$BUILD/configure.log" 2>&1 \
    || { cat "$BUILD/configure.log"; echo "build: cmake configure failed"; exit 1; }
fi
# ccache keys on paths relative to the checkout, so a fresh clone elsewhere (CI)
# reuses what an earlier build compiled.
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
echo "build: compiling (ninja, $(nproc) jobs)"
# NINJA_STATUS prints a progress line per step even when not on a terminal.
set +e
NINJA_STATUS="[%f/%t %es] " cmake --build "$BUILD" -- -j"$(nproc)" \
  | grep -E --line-buffered '^\[[0-9]+/[0-9]+|error|FAILED|ninja: no work'
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || { echo "build: failed (rerun: cmake --build $BUILD)"; exit 1; }
