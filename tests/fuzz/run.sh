#!/usr/bin/env bash
# Runs every libFuzzer harness for a bounded time: tests/fuzz/run.sh [SECONDS] [BUILD]
# (default 60 s each, build-asan; `./lab fuzz` configures and builds it first, `./lab
# fuzz-long` runs them for minutes). Two harnesses run at a time (FUZZ_JOBS, default 2:
# the CI machine's cores), so CI's `./lab fuzz 30` takes about a minute for four.
# Each harness starts from its committed corpus (tests/fuzz/corpus/<name>, read only)
# plus what it finds on the way, in a temporary folder. A finding makes the run end
# with status 1 and names the saved input: commit it to the corpus as regress-<what> so
# `ctest -L fuzz` replays it in every build.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
build=${2:-build-asan}
jobs=${FUZZ_JOBS:-2}
case "$seconds" in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, got '$seconds'" >&2; exit 2 ;; esac
case "$jobs" in ''|0|*[!0-9]*) echo "run.sh: FUZZ_JOBS must be a whole number from 1, got '$jobs'" >&2; exit 2 ;; esac
harnesses=(position cli stages lines)
for h in "${harnesses[@]}"; do
  [ -x "$build/fuzz_$h" ] || { echo "run.sh: $build/fuzz_$h is missing: build the fuzz preset (./lab fuzz)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One harness; its report goes to $work/<name>.report, its status is the function's.
fuzz_one() {
  local h=$1 exe="$build/fuzz_$1"
  mkdir -p "$work/$h" "$work/findings"
  local dict=()
  [ -f "tests/fuzz/$h.dict" ] && dict=("-dict=tests/fuzz/$h.dict")
  if "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
       -artifact_prefix="$work/findings/$h-" "${dict[@]}" "$work/$h" "tests/fuzz/corpus/$h" >"$work/$h.log" 2>&1; then
    local runs rate
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$h.log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$h.log")
    echo "fuzz $h: $runs executions in ${seconds} s ($rate/s), no finding" >"$work/$h.report"
    return 0
  fi
  {
    echo "fuzz $h: FINDING; the end of its log:"
    tail -n 40 "$work/$h.log"
    for f in "$work"/findings/"$h"-*; do
      [ -e "$f" ] || continue
      mkdir -p "$build/fuzz-findings"
      cp "$f" "$build/fuzz-findings/"
      echo "saved input: $build/fuzz-findings/$(basename "$f") (base64: $(base64 -w0 "$f" | head -c 2000))"
    done
  } >"$work/$h.report"
  return 1
}

status=0
running=0
for h in "${harnesses[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
  fuzz_one "$h" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
for h in "${harnesses[@]}"; do cat "$work/$h.report"; done
exit $status
