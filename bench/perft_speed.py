#!/usr/bin/env python3
"""Times `reversi-lab perft` plain, hashed and on threads, in interleaved rounds, records
every configuration's rounds in the store of facts (docs/store.py: docs/facts/perft.json,
which only this program writes), and writes the table from the store into pages (between
<!-- perft-speed:begin/end -->: the command-line reference docs/cli.md and
stages/s11_avx512/README.md). docs/lessons.py reads the same facts.

    python3 lab.py perft-speed [--build build] [--rounds 3] [--json out.json] [--store FOLDER]
                         [--pages docs/cli.md stages/s11_avx512/README.md]
    python3 lab.py perft-speed --from-store [--pages ...] | --check PAGE...

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

from bench.report import cpu_name, cpuinfo, machine  # bench/report.py: the CPU every table names
from docs import store  # docs/store.py: the store of facts
from docs.blocks import missing_markers, rewrite_page, stale_blocks  # docs/blocks.py: a page's blocks


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name, arguments after `perft --bulk`; the ratios below name them. Stage 09 against 10
# (AVX2) and 10 against 11 (AVX-512), then plain, hashed and threaded perft on stage 11.
CONFIGS = [
    ("s09 11", ["--stage", "9", "--depth", "11"]),
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
    ("s10 as fast as s09, depth 11 (s09's time / s10's)", "s09 11", "s10 11"),
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
    return {"machine": machine(), "cpu": cpu_name(cpuinfo()), "load": load, "rounds": rounds, "runs": runs,
            "run": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


# The store: one fact per configuration and CPU, its rounds as measured. A run on another
# CPU adds its own facts beside these; the pages show the latest run's.
FILE, WRITER = "perft.json", "bench/perft_speed.py"
WHAT = "perft --bulk from the start: wall and CPU seconds of each interleaved round"


def record(data, folder):
    fact = store.fact_maker(f"python3 lab.py perft-speed --rounds {data['rounds']}", data["run"], platform="host",
                            cpu=data["cpu"])
    facts = [dict(fact(WHAT, "reversi-lab perft --bulk " + " ".join(args), name,
                       {"count": data["runs"][name][0]["count"], "wall": [x["wall"] for x in data["runs"][name]],
                        "cpu": [x["cpu"] for x in data["runs"][name]]}), load=data["load"], measured_on=data["machine"])
             for name, args in CONFIGS]
    store.record(WRITER, FILE, facts, folder)


def latest(folder=store.FOLDER):
    """The latest run in the store, as measure() returns it; FactError when the store has
    no run with every configuration of CONFIGS."""
    of_run = store.latest_run(WRITER, folder)
    if not of_run:
        raise store.FactError("the store has no perft run: run bench/perft_speed.py")
    first = next(iter(of_run.values()))
    missing = [name for name, _ in CONFIGS if name not in of_run]
    if missing:
        raise store.FactError(f"the latest perft run ({first['run']}) lacks {missing[0]}: run bench/perft_speed.py")
    return {"machine": first["measured_on"], "cpu": first["key"]["cpu"], "load": first["load"],
            "rounds": len(first["value"]["wall"]), "run": first["run"],
            "runs": {name: [{"wall": w, "cpu": c, "count": of_run[name]["value"]["count"]}
                            for w, c in zip(of_run[name]["value"]["wall"], of_run[name]["value"]["cpu"])]
                     for name, _ in CONFIGS}}


def ratio(data, num, den):
    """How many times as fast `den` runs as `num`: (median of the rounds' ratios, the rounds)."""
    rounds = [a["wall"] / b["wall"] for a, b in zip(data["runs"][num], data["runs"][den])]
    return statistics.median(rounds), rounds


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
        median, ratios = ratio(data, num, den)
        lines.append(f"- {label}: {median:.2f}x (rounds: " + ", ".join(f"{x:.2f}" for x in ratios) + ")")
    lines.append("")
    lines.append(f"Measured by `python3 lab.py perft-speed --rounds {data['rounds']}` ({data['rounds']} interleaved "
                 f"rounds) on {data['machine']}, {data['run']}; load average {data['load']:.2f} before the first "
                 "round (other work on the machine lengthens the wall times). The store of facts keeps the rounds "
                 "(docs/facts/perft.json).")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", help="also keep the measurements here")
    ap.add_argument("--store", default=store.FOLDER, help="the store's folder (tests use a copy)")
    ap.add_argument("--from-store", action="store_true", help="write the pages from the store, measuring nothing")
    ap.add_argument("--pages", nargs="*", default=[], help="rewrite these pages' perft-speed sections")
    ap.add_argument("--check", nargs="+", metavar="PAGE", help="fail where a page's table is not the store's")
    a = ap.parse_args()
    if a.rounds < 1:
        ap.error("--rounds must be at least 1")
    try:
        if a.check:
            body = table(latest(a.store))
            bad = [p for p in a.check if missing_markers(p, ["perft-speed"]) or stale_blocks(p, {"perft-speed": body})]
            for p in bad:
                print(f"perft_speed: {p}: <!-- perft-speed --> is not what the store gives "
                      "(python3 lab.py perft-speed --from-store --pages writes it)", file=sys.stderr)
            return 1 if bad else 0
        if not a.from_store:
            data = measure(os.path.join(a.build, "reversi-lab"), a.rounds)
            if a.json:
                with open(a.json, "w") as f:
                    json.dump(data, f, indent=1)
            record(data, a.store)
        body = table(latest(a.store))
    except store.FactError as e:
        print(f"perft_speed: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"perft_speed: cannot write {e.filename}: {e.strerror}", file=sys.stderr)
        return 1
    print(body, end="")
    return max((rewrite_page(page, {"perft-speed": body}, "perft_speed") for page in a.pages), default=0)


if __name__ == "__main__":
    sys.exit(main())
