#!/usr/bin/env bash
# Compiles every TTIR corpus kernel (test/Dialect/Triton/Corpus/Inputs) through
# the full pipeline for the given profiles, writing the SPIR-V binaries (and
# each run's exit status and stderr) into an output directory, so that two
# builds can be compared byte for byte (e.g. before/after a refactor):
#
#   bash utils/compare_corpus_spirv.sh OPT OUTDIR [PROFILE ...]
#   bash utils/compare_corpus_spirv.sh --diff DIR_A DIR_B
#
# OPT is a triton-spirv-opt binary; profiles default to "lavapipe nvidia";
# NUM_WARPS (default 4) and JOBS (default 2) come from the environment.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--diff" ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --diff DIR_A DIR_B" >&2; exit 2; }
  count=$(find "$2" -name '*.spv' | wc -l)
  if diff -r "$2" "$3"; then
    echo "identical: $count SPIR-V binaries (with exit statuses and stderr)"
  else
    echo "DIFFERENT (see above)"; exit 1
  fi
  exit 0
fi

[ $# -ge 2 ] || { echo "usage: $0 OPT OUTDIR [PROFILE ...]" >&2; exit 2; }
opt=$(realpath "$1")
out=$2
shift 2
profiles=("$@")
[ ${#profiles[@]} -gt 0 ] || profiles=(lavapipe nvidia)
num_warps=${NUM_WARPS:-4}
jobs=${JOBS:-2}

compile_one() { # opt out profile num_warps input
  local name
  name=$(basename "$5" .nodebug.mlir)
  local base="$2/$3/$name"
  set +e
  "$1" "$5" --convert-triton-to-spirv="profile=$3 num-warps=$4 output=$base.spv" \
    -o /dev/null 2> "$base.stderr"
  echo $? > "$base.rc"
}
export -f compile_one

for profile in "${profiles[@]}"; do
  mkdir -p "$out/$profile"
  ls test/Dialect/Triton/Corpus/Inputs/*.nodebug.mlir |
    xargs -P "$jobs" -I{} bash -c 'compile_one "$@"' _ "$opt" "$out" "$profile" "$num_warps" {}
  echo "$profile: $(ls "$out/$profile"/*.spv 2>/dev/null | wc -l) binaries," \
       "$(grep -L '^0$' "$out/$profile"/*.rc | wc -l) failed runs"
done
