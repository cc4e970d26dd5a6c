#!/usr/bin/env bash
# Runs the end-to-end subset (vector add, softmax, matmul, layer norm,
# reductions, atomics, block pointers, tensor descriptors) and the TTIR
# corpus round trip under each other supported Triton release, each in its own
# venv (build/venv-triton-X; torch and the installed triton-spirv wheel come
# from the base interpreter through --system-site-packages).
#
#   bash utils/test-triton-versions.sh [3.7.1 3.8.0 3.9.0]
#
# Prints one pytest summary per version and ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
source utils/pytest-counts.sh
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(3.7.1 3.8.0 3.9.0)

SUBSET="vector_add or softmax or matmul or layer_norm or reduction or atomic or block_pointers or descriptor"
total_passed=0; total_failed=0
for v in "${versions[@]}"; do
  venv=build/venv-triton-$v
  if [ ! -x "$venv/bin/python" ] || [ "$("$venv/bin/python" -c 'import triton; print(triton.__version__)' 2>/dev/null)" != "$v" ]; then
    echo "triton-versions: creating $venv (triton==$v)"
    rm -rf "$venv"
    $PY -m venv --system-site-packages "$venv" || { total_failed=$((total_failed + 1)); continue; }
    "$venv/bin/python" -m pip install -q --progress-bar off --no-deps "triton==$v" 2>&1 \
      | grep -v "Running pip as the 'root'\|is ignored: it is neither" || true
  fi
  echo "triton-versions: Triton $v"
  log=$(mktemp)
  TRITON_SPIRV_EXPECT_TRITON=$v "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    test/python/e2e/test_end_to_end.py test/python/e2e/test_atomics.py \
    test/python/e2e/test_tensor_descriptors.py test/python/test_ttir_corpus.py \
    test/python/aot/test_aot.py \
    -k "$SUBSET or corpus_round_trips_under_installed_triton or expected_triton or c_program_runs" 2>&1 | tee "$log" | tail -n 3
  read -r p f < <(pytest_counts "$log")
  total_passed=$((total_passed + p)); total_failed=$((total_failed + f))
done
echo "triton versions ${versions[*]}: $total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
