#!/usr/bin/env python3
"""Instructions and mispredicted branches per item of Google Benchmark runs, counted by
callgrind: exact and repeatable, unlike timings on a shared machine.

    bench/callgrind_counts.py --build build bench_s05_cell91:FlipScan \\
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
import json
import os
import re
import subprocess
import sys


def collected(exe, name, repetitions):
    pattern = re.sub(r"([.+*?()|^$])", r"[\1]", name)  # the name as a regex for the filter
    family = name.split("/")[1] if name.startswith("Variant/") else name.split("/")[0]
    cmd = ["valgrind", "--tool=callgrind", "--branch-sim=yes", "--callgrind-out-file=/dev/null",
           f"--toggle-collect=*::{family}(benchmark::State&)",    # a plain benchmark function
           f"--toggle-collect=*::{family}<*>(benchmark::State&)",  # bench/harness.h templates
           exe, f"--benchmark_filter=^{pattern}$", "--benchmark_min_time=0",
           f"--benchmark_repetitions={repetitions}", "--benchmark_format=json"]
    run = subprocess.run(cmd, capture_output=True, text=True, check=True)
    if not run.stdout.strip():
        sys.exit(f"callgrind_counts: {exe} has no benchmark named {name}")
    ir, _, bcm, _, bim = (int(v) for v in re.search(r"Collected : ([\d ]+)", run.stderr).group(1).split())
    b = [b for b in json.loads(run.stdout)["benchmarks"] if b.get("run_type") == "iteration"][0]
    if b["iterations"] != 1:
        sys.exit(f"callgrind_counts: {name} ran {b['iterations']} iterations, expected 1")
    seconds = b["cpu_time"] * {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b["time_unit"]]
    items = round(b["items_per_second"] * seconds)  # the harness rates items by CPU time
    return (ir, bcm + bim), items


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("runs", nargs="+", metavar="EXE:BENCHMARK")
    args = ap.parse_args()
    print("| executable | benchmark | items | instructions per item | mispredicted branches per item |")
    print("|---|---|---:|---:|---:|")
    for spec in args.runs:
        exe, name = spec.split(":", 1)
        path = os.path.join(args.build, exe)
        one, items = collected(path, name, 1)
        two, _ = collected(path, name, 2)
        ir, miss = ((b - a) / items for a, b in zip(one, two))
        print(f"| {exe} | {name} | {items} | {ir:.1f} | {miss:.2f} |", flush=True)


if __name__ == "__main__":
    main()
