#!/usr/bin/env bash
# Runs every libFuzzer harness for a bounded time: tests/fuzz/run.sh [SECONDS] [BUILD]
# (default 60 s each, build-fuzz; `./lab fuzz` configures and builds it first).
# Each harness starts from its committed corpus (tests/fuzz/corpus/<name>, read only)
# plus what it finds on the way, in a temporary folder. A finding stops the run with
# status 1 and names the saved input: commit it to the corpus as regress-<what> so
# `ctest -L fuzz` replays it in every build.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
build=${2:-build-fuzz}
case "$seconds" in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, got '$seconds'" >&2; exit 2 ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for h in position cli stages; do
  exe="$build/fuzz_$h"
  [ -x "$exe" ] || { echo "run.sh: $exe is missing: build the fuzz preset (./lab fuzz)" >&2; exit 2; }
  mkdir -p "$work/$h" "$work/findings"
  dict=()
  [ -f "tests/fuzz/$h.dict" ] && dict=("-dict=tests/fuzz/$h.dict")
  if "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
       -artifact_prefix="$work/findings/$h-" "${dict[@]}" "$work/$h" "tests/fuzz/corpus/$h" >"$work/$h.log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$h.log")
    echo "fuzz $h: $runs executions in ${seconds} s, no finding"
  else
    status=1
    echo "fuzz $h: FINDING; the end of its log:"
    tail -n 40 "$work/$h.log"
    for f in "$work"/findings/"$h"-*; do
      [ -e "$f" ] || continue
      mkdir -p "$build/fuzz-findings"
      cp "$f" "$build/fuzz-findings/"
      echo "saved input: $build/fuzz-findings/$(basename "$f") (base64: $(base64 -w0 "$f" | head -c 2000))"
    done
  fi
done
exit $status
