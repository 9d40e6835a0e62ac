#!/usr/bin/env python3
"""Times `reversi-lab perft` plain, hashed and on threads, in interleaved rounds, and
writes the table into pages (between <!-- perft-speed:begin/end -->: the command-line
reference docs/cli.md and stages/s11_avx512/README.md).

    bench/perft_speed.py [--build build] [--rounds 3] [--json out.json]
                         [--pages docs/cli.md stages/s11_avx512/README.md] [--from-json saved.json]

Each round runs every configuration once, in the same order, so that a change in the
machine's load falls on all of them alike (interleaved, not one configuration's runs
back to back). Per configuration: the median wall time over the rounds with the min and
max (the spread), and the median CPU time (user + system, from wait4). The ratios are
medians of the per-round ratios (each taken within one round). The load average before
the first round is reported: on a busy machine wall times grow, CPU times much less.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import machine  # noqa: E402  (bench/report.py: the CPU line every table names)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs"))
from blocks import rewrite_page  # noqa: E402  (docs/blocks.py: a page's generated blocks)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name, arguments after `perft --bulk`; the ratios below name them. Stage 10 against
# stage 11 (the AVX-512 goal), then plain, hashed and threaded perft on stage 11.
CONFIGS = [
    ("s10 11", ["--stage", "10", "--depth", "11"]),
    ("s11 11", ["--stage", "11", "--depth", "11"]),
    ("s11 hash 11", ["--stage", "11", "--depth", "11", "--hash", "--no-symmetry"]),
    ("s11 hash+sym 11", ["--stage", "11", "--depth", "11", "--hash"]),
    ("s11 12", ["--stage", "11", "--depth", "12"]),
    ("s11 12, 2 threads", ["--stage", "11", "--depth", "12", "--threads", "2"]),
    ("s11 hash+sym 12", ["--stage", "11", "--depth", "12", "--hash"]),
    ("s11 hash+sym 12, 2 threads", ["--stage", "11", "--depth", "12", "--hash", "--threads", "2"]),
]
RATIOS = [  # label, numerator, denominator: wall time of the first over the second, per round,
    # which is how many times as fast the second runs (the site's one convention, docs/measurements.md)
    ("s11 as fast as s10, depth 11 (s10's time / s11's)", "s10 11", "s11 11"),
    ("hash+sym as fast as plain, depth 11 (plain's time / hash+sym's)", "s11 11", "s11 hash+sym 11"),
    ("2 threads as fast as 1, plain depth 12 (1 thread's time / 2 threads')", "s11 12", "s11 12, 2 threads"),
    ("2 threads as fast as 1, hash+sym depth 12 (1 thread's time / 2 threads')", "s11 hash+sym 12",
     "s11 hash+sym 12, 2 threads"),
]


def run_once(binary, args):
    cmd = [binary, "perft", "--bulk"] + args
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"perft_speed: {' '.join(cmd)} failed")
    count = int(re.match(r"perft\(\d+\) = (\d+)", out).group(1))
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "count": count}


def measure(binary, rounds):
    load = os.getloadavg()[0]
    runs = {name: [] for name, _ in CONFIGS}
    for _ in range(rounds):
        for name, args in CONFIGS:
            runs[name].append(run_once(binary, args))
    for name, r in runs.items():
        if len({x["count"] for x in r}) != 1:
            raise SystemExit(f"perft_speed: {name} gave different counts")
    return {"machine": machine(), "load": load, "rounds": rounds, "runs": runs}


def table(data):
    runs = data["runs"]
    lines = ["| perft --bulk | count | wall s (median) | min-max | CPU s (median) |",
             "|---|---:|---:|---:|---:|"]
    for name, _ in CONFIGS:
        r = runs[name]
        walls = [x["wall"] for x in r]
        lines.append(f"| {name} | {r[0]['count']:,} | {statistics.median(walls):.3f} | "
                     f"{min(walls):.3f}-{max(walls):.3f} | {statistics.median(x['cpu'] for x in r):.3f} |")
    lines.append("")
    for label, num, den in RATIOS:
        ratios = [a["wall"] / b["wall"] for a, b in zip(runs[num], runs[den])]
        lines.append(f"- {label}: {statistics.median(ratios):.2f}x (rounds: "
                     + ", ".join(f"{x:.2f}" for x in ratios) + ")")
    lines.append("")
    lines.append(f"Measured by `bench/perft_speed.py --rounds {data['rounds']}` ({data['rounds']} interleaved "
                 f"rounds) on {data['machine']}; load average {data['load']:.2f} before the first round "
                 "(other work on the machine lengthens the wall times).")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", help="keep the measurements here")
    ap.add_argument("--from-json", help="write the table from saved measurements instead of measuring")
    ap.add_argument("--pages", nargs="*", default=[], help="rewrite these pages' perft-speed sections")
    a = ap.parse_args()
    if a.from_json:
        with open(a.from_json) as f:
            data = json.load(f)
    else:
        data = measure(os.path.join(a.build, "reversi-lab"), a.rounds)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(data, f, indent=1)
    body = table(data)
    print(body, end="")
    return max((rewrite_page(page, {"perft-speed": body}, "perft_speed") for page in a.pages), default=0)


if __name__ == "__main__":
    sys.exit(main())
