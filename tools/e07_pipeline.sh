#!/bin/sh
# The e07 prototype's pipeline, one job at a time, every job at nice 19 (2-core machine,
# shared). From the clone's root, with build/ configured (cmake -S . -B build -G Ninja
# -DCMAKE_BUILD_TYPE=Release). Usage: tools/e07_pipeline.sh [seed] [games] [dir]
#   1. self-play + exact labels (e06 solve via runStep, <= 16 empties)
#   2. fit (CG, lambda 10)              -> weights A
#   3. bootstrap 17-24 empties by search with A's evaluation (leaves at 14 empties)
#   4. fit again on the relabelled data -> weights B
#   5. FFO #40-#44, e06 against e07 with B, interleaved, 2 rounds
set -e
SEED=${1:-20261126}
GAMES=${2:-10000}
D=${3:-/tmp/e07-run}
mkdir -p "$D"
nice -n 19 ninja -C build -j1 e07_train
nice -n 19 build/e07_train gen --seed=$SEED --games=$GAMES --exact=16 --out=$D/data.bin
nice -n 19 build/e07_train fit --data=$D/data.bin --lambda=10 --iters=200 --out=$D/weights-a.bin
nice -n 19 build/e07_train relabel --data=$D/data.bin --weights=$D/weights-a.bin --from=17 --to=24 --leaf=14 --max-depth=6 --out=$D/data-boot.bin
nice -n 19 build/e07_train fit --data=$D/data-boot.bin --lambda=10 --iters=200 --out=$D/weights-b.bin
nice -n 19 build/e07_train bench --weights=$D/weights-b.bin --ffo=40-44 --rounds=2 --variants=e06,e07,e07mob
