# Sourced by the test scripts: `pytest_counts LOG` prints "PASSED FAILED" from
# pytest's closing summary line in LOG (failures and errors counted together).
# A log without that line (pytest crashed or never started) counts one failure.
pytest_counts() {
  local summary passed failed
  summary=$(grep -E '[0-9]+ (passed|failed|errors?)\b.* in [0-9.]+s' "$1" | tail -n 1)
  if [ -z "$summary" ]; then
    echo "0 1"
    return
  fi
  passed=$(grep -oP '[0-9]+(?= passed)' <<<"$summary")
  failed=$(grep -oP '[0-9]+(?= (failed|errors?))' <<<"$summary" | awk '{s+=$1} END {print s+0}')
  echo "${passed:-0} ${failed:-0}"
}
