#!/usr/bin/env python3
"""Instructions and mispredicted branches per item of Google Benchmark runs, counted by
callgrind: exact and repeatable, unlike timings on a shared machine.

    python3 lab.py callgrind-counts --build build bench_s05_cell91:FlipScan \\
        bench_s06_unrolled:FlipScan "bench_s06_unrolled:Variant/FlipScan/colour-constant,loop"

Each EXE:BENCHMARK runs under `valgrind --tool=callgrind`, collecting only inside the
benchmark's function (--toggle-collect), with --benchmark_min_time=0 (one iteration per
repetition), once with one repetition and once with two. The difference is exactly one
iteration, without the one-time set-up (the positions are built on the first call);
divided by the items of one iteration (positions, moves or leaves, as the harness
counts them) it gives instructions per item. callgrind's branch simulation (--branch-sim=yes, a
simple model of a predictor, not this CPU's) adds the mispredicted branches per item,
which often explain a time that the instruction count does not. Needs valgrind.
"""
import argparse
import os
import re
import subprocess
import sys

from bench import report  # bench/report.py: the items of one iteration, the script's error lines



def collected(exe, name, repetitions, cache=False):
    """({event: count} inside the benchmark's function, items of one iteration)."""
    pattern = re.sub(r"([.+*?()|^$])", r"[\1]", name)  # the name as a regex for the filter
    family = name.split("/")[1] if name.startswith("Variant/") else name.split("/")[0]
    cmd = ["valgrind", "--tool=callgrind", "--branch-sim=yes", "--callgrind-out-file=/dev/null",
           *(["--cache-sim=yes"] if cache else []),
           f"--toggle-collect=*::{family}(benchmark::State&)",    # a plain benchmark function
           f"--toggle-collect=*::{family}<*>(benchmark::State&)",  # bench/harness.h templates
           exe, f"--benchmark_filter=^{pattern}$", "--benchmark_min_time=0",
           f"--benchmark_repetitions={repetitions}", "--benchmark_format=json"]
    if not os.path.exists(exe):
        sys.exit(f"{report.script()}: {exe} is missing (cmake --build BUILD --target {os.path.basename(exe)})")
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"{report.script()}: callgrind on {os.path.basename(exe)} {name} failed ({run.returncode}): "
                 + (run.stderr.strip().splitlines() or ["?"])[-1])
    items = report.single_iteration_items(run.stdout, name)
    names = re.search(r"Events\s*: ([\w ]+)", run.stderr).group(1).split()
    counts = (int(v) for v in re.search(r"Collected : ([\d ]+)", run.stderr).group(1).split())
    return dict(zip(names, counts)), items


def counts(exe, name, cache=False):
    """{"items" (of one iteration), and per item: "instructions", "branches" (conditional),
    "mispredicted" (conditional and indirect), with cache=True also "l1_data_misses" and
    "ll_data_misses"}: two runs, one iteration apart, so the one-time set-up cancels out."""
    one, items = collected(exe, name, 1, cache)
    two, _ = collected(exe, name, 2, cache)
    d = {k: (two[k] - one[k]) / items for k in one}
    out = {"items": items, "instructions": d["Ir"], "branches": d["Bc"], "mispredicted": d["Bcm"] + d["Bim"]}
    if cache:
        out["l1_data_misses"] = d["D1mr"] + d["D1mw"]
        out["ll_data_misses"] = d["DLmr"] + d["DLmw"]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("runs", nargs="+", metavar="EXE:BENCHMARK")
    args = ap.parse_args()
    bad = [r for r in args.runs if ":" not in r]
    if bad:
        ap.error(f"{bad[0]}: expected EXE:BENCHMARK (bench_s05_cell91:FlipScan)")
    report.need("valgrind", "valgrind")
    print("| executable | benchmark | items | instructions per item | mispredicted branches per item |")
    print("|---|---|---:|---:|---:|")
    for spec in args.runs:
        exe, name = spec.split(":", 1)
        path = os.path.join(args.build, exe)
        c = counts(path, name)
        print(f"| {exe} | {name} | {c['items']} | {c['instructions']:.1f} | {c['mispredicted']:.2f} |", flush=True)


if __name__ == "__main__":
    main()
