#!/usr/bin/env python3
"""`./lab compare A B`: two stages' shared benchmarks in one process (bench_compare),
their repetitions interleaved at random, then one line per benchmark: each stage's
median time per item with the spread of the repetitions (min-max), and how many times
faster B runs than A (the ratio of the medians; below 1.00x, B is slower).

    python3 lab.py compare [--build build] [--repetitions 10] [--min-time 0.1] A B

A and B: a stage number (9), id (s09, s09_bitboard) or short name (bitboard).
"""
import argparse
import json
import os
import subprocess
import sys

from bench import report  # bench/report.py: the machine line, the per-item summary, the units



def fmt(ns):
    return f"{ns:,.0f}" if ns >= 100 else f"{ns:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--repetitions", type=int, default=10)
    ap.add_argument("--min-time", type=float, default=0.1, help="seconds per repetition")
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    if args.repetitions < 2 or args.min_time <= 0:
        print("reversi-lab: compare: --repetitions must be at least 2 and --min-time positive", file=sys.stderr)
        return 2
    exe = os.path.join(args.build, "bench_compare")
    if not os.path.exists(exe):
        print(f"reversi-lab: compare: {exe} is missing: cmake --build {args.build} --target bench_compare",
              file=sys.stderr)
        return 1
    run = subprocess.run([exe, args.a, args.b, "--benchmark_format=json",
                          f"--benchmark_repetitions={args.repetitions}", f"--benchmark_min_time={args.min_time}",
                          "--benchmark_enable_random_interleaving=true"], capture_output=True, text=True)
    if run.returncode:
        sys.stderr.write(run.stderr)
        return run.returncode
    raw = json.loads(run.stdout)
    a, b = raw["context"]["stage_a"], raw["context"]["stage_b"]
    summary = report.summarise(raw)
    print(f"{a} against {b}, measured on {report.machine()}: one process, {args.repetitions} repetitions "
          f"of {args.min_time} s each, interleaved at random; median time per item (min-max of the repetitions); "
          f"the last column is how many times faster {b} runs than {a}.")
    rows = [("benchmark", a, b, f"{b} vs {a}")]
    names = {n.split("/", 1)[1] for n in summary if n.startswith(a + "/")}
    for name in sorted(names, key=lambda n: report.MAIN.index(n) if n in report.MAIN else len(report.MAIN)):
        ta, tb = summary.get(f"{a}/{name}"), summary.get(f"{b}/{name}")
        if not (ta and tb):
            continue
        cell = lambda t: f"{fmt(t[0])} ({fmt(t[1])}-{fmt(t[2])}) {report.unit(name)}"
        rows.append((name, cell(ta), cell(tb), f"{ta[0] / tb[0]:.2f}x"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
