#!/usr/bin/env bash
# ./lab's refusals: a wrong or extra argument is one "lab: usage ..." line on stderr,
# exit 2, nothing on stdout, and no work done first (no install, no build: each case
# here returns at once). Run from ctest (lab:usage): tests/lab_usage.sh SOURCE_DIR
set -u
cd "${1:?usage: tests/lab_usage.sh SOURCE_DIR}" || exit 2
failures=0
check() {
  local out err status
  out=$(mktemp); err=$(mktemp)
  timeout 20 ./lab "$@" </dev/null >"$out" 2>"$err"
  status=$?
  if [ "$status" -ne 2 ] || [ -s "$out" ] || [ "$(wc -l <"$err")" -ne 1 ] || ! grep -q '^lab: usage: ' "$err"; then
    echo "FAIL: ./lab $(printf '%q ' "$@")-> exit $status, stdout $(wc -c <"$out") bytes, stderr: $(head -c 300 "$err")"
    failures=$((failures + 1))
  fi
  rm -f "$out" "$err"
}
check train ""
check train --write extra
check train --bogus
check test bogus
check test all extra
check compare 9
check new-stage
check new-stage a b
check exercise 1 2
check check
check check --all extra
check fuzz-long abc
check sketches extra
[ "$failures" -eq 0 ] && echo "ok: 13 refusals, each one line and exit 2 before any work"
exit $((failures > 0))
