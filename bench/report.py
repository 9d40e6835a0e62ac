#!/usr/bin/env python3
"""Runs every stage's benchmark and prints one table per benchmark.

    bench/report.py [--build build] [--repetitions 5] [--min-time 0.1] [--json out.json]
                    [--stages s01,s05] [--from-json saved.json]

For each stage: its technique, the median time per item over the repetitions (with the
min and max), and the speed-up against s01 and against the previous stage. The raw
Google Benchmark JSON of every stage is kept in --json for the docs to regenerate from.
"""
import argparse
import glob
import json
import os
import platform
import re
import statistics
import subprocess
import sys

# The shared benchmarks, in table order; a stage's own benchmarks (variants, fast perft)
# follow them. The unit of a benchmark follows from the word in its name.
MAIN = ["FlipScan", "LegalMoves", "Play", "Perft/7"]
UNIT_WORDS = [("Perft", "ns/leaf"), ("FlipScan", "ns/position"), ("LegalMoves", "ns/position"), ("Play", "ns/move")]


def unit(name):
    for word, u in UNIT_WORDS:
        if word in name:
            return u
    return "ns/item"


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def run_stage(exe, repetitions, min_time):
    cmd = [exe, "--benchmark_format=json", f"--benchmark_repetitions={repetitions}",
           f"--benchmark_min_time={min_time}"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def summarise(raw):
    """{benchmark name: (median, min, max) ns per item} from the individual repetitions."""
    per_item = {}
    for b in raw["benchmarks"]:
        if b.get("run_type") != "iteration" or "items_per_second" not in b:
            continue
        name = re.sub(r"/iterations:\d+$", "", b.get("run_name", b["name"]))
        per_item.setdefault(name, []).append(1e9 / b["items_per_second"])
    return {k: (statistics.median(v), min(v), max(v)) for k, v in per_item.items()}


def counters(raw):
    """{benchmark name: {counter: value}} of the first repetition (counters are counts, not times)."""
    out = {}
    skip = {"name", "run_name", "run_type", "family_index", "per_family_instance_index", "repetitions",
            "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit",
            "items_per_second", "aggregate_name", "aggregate_unit", "error_occurred", "error_message"}
    for b in raw["benchmarks"]:
        if b.get("run_type") == "iteration":
            name = re.sub(r"/iterations:\d+$", "", b.get("run_name", b["name"]))
            out.setdefault(name, {k: v for k, v in b.items() if k not in skip and isinstance(v, (int, float))})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="CMake build folder (default: build)")
    ap.add_argument("--repetitions", type=int, default=5)
    ap.add_argument("--min-time", type=float, default=0.1, help="seconds per repetition")
    ap.add_argument("--json", help="write every stage's raw results and the summary here")
    ap.add_argument("--stages", help="comma-separated stage ids or prefixes (default: all)")
    ap.add_argument("--from-json", help="print the table from a file written by --json, running nothing")
    args = ap.parse_args()

    if args.from_json:
        with open(args.from_json) as f:
            report = json.load(f)
    else:
        exes = sorted(glob.glob(os.path.join(args.build, "bench_s[0-9][0-9]_*")))
        if args.stages:
            wanted = args.stages.split(",")
            exes = [e for e in exes if any(os.path.basename(e)[6:].startswith(w) for w in wanted)]
        if not exes:
            sys.exit(f"report.py: no bench_sNN_* executables in {args.build}/ (build first: ./lab build)")
        report = {"machine": machine(), "repetitions": args.repetitions, "stages": []}
        for exe in exes:
            print(f"running {os.path.basename(exe)} ...", file=sys.stderr, flush=True)
            raw = run_stage(exe, args.repetitions, args.min_time)
            ctx = raw["context"]
            report["stages"].append({"stage": ctx["stage"], "technique": ctx["technique"],
                                     "summary": summarise(raw), "raw": raw})
        # The sidebars' own benchmarks (their pages show them; no speed-up table).
        report["sidebars"] = {}
        for exe in sorted(glob.glob(os.path.join(args.build, "bench_*"))):
            folder = os.path.basename(exe)[6:]
            if re.match(r"s\d\d_", folder) or not os.path.isdir(os.path.join(ROOT, "stages", folder)):
                continue
            if args.stages and not any(folder.startswith(w) for w in args.stages.split(",")):
                continue
            print(f"running {os.path.basename(exe)} ...", file=sys.stderr, flush=True)
            raw = run_stage(exe, args.repetitions, args.min_time)
            report["sidebars"][folder] = {"summary": summarise(raw), "counters": counters(raw)}
        if args.json:
            with open(args.json, "w") as f:
                json.dump(report, f, indent=1)

    stages = report["stages"]
    print(f"Machine: {report['machine']}; median of {report['repetitions']} repetitions (min-max).")
    others = sorted({k for s in stages for k in s["summary"]} - set(MAIN))
    families = [f for f in MAIN if any(f in s["summary"] for s in stages)] + others
    for family in families:
        print(f"\n{family} ({unit(family)})")
        print(f"| {'stage':<14} | {'technique':<46} | {'median':>9} | {'min-max':>17} | {'vs 1st':>7} | {'vs prev':>7} |")
        print(f"|{'-' * 16}|{'-' * 48}|{'-' * 11}|{'-' * 19}|{'-' * 9}|{'-' * 9}|")
        first = prev = None
        for s in stages:
            if family not in s["summary"]:
                continue
            med, lo, hi = s["summary"][family]
            first = first or med  # s01 where it ran this benchmark, else the first stage that did
            vs_prev = f"{prev / med:.2f}x" if prev else "-"
            print(f"| {s['stage']:<14} | {s['technique']:<46} | {med:9.1f} | {lo:8.1f}-{hi:<8.1f} | "
                  f"{first / med:6.2f}x | {vs_prev:>7} |")
            prev = med

    for folder, sb in report.get("sidebars", {}).items():
        print(f"\n{folder} (ns per item: median, min-max)")
        for name, (med, lo, hi) in sb["summary"].items():
            extra = " ".join(f"{k}={v:g}" for k, v in sb["counters"].get(name, {}).items())
            print(f"  {name:<28} {med:10.1f}  {lo:8.1f}-{hi:<8.1f} {extra}")


if __name__ == "__main__":
    main()
