#!/usr/bin/env bash
# Runs every test: lit (FileCheck, round trips, spirv-val) and pytest (end to end on lavapipe).
# Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash utils/setup.sh || { echo "0 passed, 1 failed"; exit 1; }
PY=${PYTHON:-python3}
source utils/pytest-counts.sh

lit_log=$(mktemp)
$PY -c "import lit.main; lit.main.main()" -sv -j2 build/test 2>&1 | tee "$lit_log" | grep -E "^(FAIL|XPASS|UNRESOLVED)|Total Discovered" || true
lit_passed=$(grep -oP '^\s*Passed\s*:\s*\K[0-9]+' "$lit_log" || echo 0)
lit_failed=$(grep -oP '^\s*(Failed|Unresolved|Unexpectedly Passed)\s*:\s*\K[0-9]+' "$lit_log" | awk '{s+=$1} END {print s+0}')
lit_passed=${lit_passed:-0}; lit_failed=${lit_failed:-0}

py_log=$(mktemp)
$PY -m pytest -q test/python 2>&1 | tee "$py_log" | tail -n 15
read -r py_passed py_failed < <(pytest_counts "$py_log")

# The end-to-end subset and the TTIR corpus under Triton 3.7.1, 3.8.0 and
# 3.9.0, each in its own venv (TRITON_SPIRV_SKIP_VERSIONS=1 skips this).
ver_passed=0; ver_failed=0
if [ "${TRITON_SPIRV_SKIP_VERSIONS:-0}" != 1 ]; then
  ver_log=$(mktemp)
  bash utils/test-triton-versions.sh 2>&1 | tee "$ver_log" | grep -E "^triton-versions|passed|failed"
  ver_passed=$(grep -oP '^triton versions .*: \K[0-9]+(?= passed)' "$ver_log" || echo 0)
  ver_failed=$(grep -oP '^triton versions .*, \K[0-9]+(?= failed)' "$ver_log" || echo 1)
  ver_passed=${ver_passed:-0}; ver_failed=${ver_failed:-1}
fi

# The end-to-end and FlagGems tests under Mesa 22.3's lavapipe, Debian 12's
# own driver (TRITON_SPIRV_SKIP_MESA22=1 skips this).
mesa_passed=0; mesa_failed=0
if [ "${TRITON_SPIRV_SKIP_MESA22:-0}" != 1 ]; then
  mesa_log=$(mktemp)
  bash utils/test-mesa22.sh 2>&1 | tee "$mesa_log" | grep -E "^mesa|passed|failed"
  mesa_passed=$(grep -oP '^mesa 22.3: \K[0-9]+(?= passed)' "$mesa_log" || echo 0)
  mesa_failed=$(grep -oP '^mesa 22.3: .*, \K[0-9]+(?= failed)' "$mesa_log" || echo 1)
  mesa_passed=${mesa_passed:-0}; mesa_failed=${mesa_failed:-1}
fi

passed=$((lit_passed + py_passed + ver_passed + mesa_passed))
failed=$((lit_failed + py_failed + ver_failed + mesa_failed))
echo "lit: $lit_passed passed, $lit_failed failed; pytest: $py_passed passed, $py_failed failed; other Triton versions: $ver_passed passed, $ver_failed failed; Mesa 22.3: $mesa_passed passed, $mesa_failed failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
