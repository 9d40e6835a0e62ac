#!/usr/bin/env bash
# The trainer's jobs under ThreadSanitizer (./lab tsan, test tsan:train): each link of
# step 07's chain (bench/e07_train.cpp) that runs on several threads, small and on three
# jobs: self-play and its labels (gen), labels searched again (relabel), step 08's
# regression (mpc); fit, on one thread, gives relabel its weights. A report of
# ThreadSanitizer stops the program (TSAN_OPTIONS halt_on_error, the tsan test preset)
# and fails the test.
#
#   tests/tsan_train.sh E07_TRAIN DIR
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: tests/tsan_train.sh E07_TRAIN DIR" >&2; exit 2; }
exe=$1
dir=$2
mkdir -p "$dir"
"$exe" gen --seed=7 --games=120 --exact=14 --jobs=3 --out="$dir/data"
"$exe" fit --data="$dir/data" --out="$dir/weights" --iters=20
"$exe" relabel --data="$dir/data" --weights="$dir/weights" --from=17 --to=24 --jobs=3 --out="$dir/data2"
"$exe" mpc --data="$dir/data" --per=20 --solve=10 --solve-to=16 --jobs=3
