#!/usr/bin/env python3
"""The host timings behind the timing claims of docs/claims.json, each pair measured
side by side so that a verdict never compares numbers from different runs.

    python3 lab.py verdict-pairs [--build build] [--repetitions 15] [--processes 3] [--min-time 0.05]
                           [--store] [--json build/verdict-pairs.json] [--only s04,e03] [--all]

For every claim with "faster" and "than" (keys "<stage or step>:<benchmark>"):
- two numbered stages' shared benchmarks: bench_compare A B (bench/compare.cpp), one
  process, Google Benchmark's random interleaving of the repetitions;
- two benchmarks of one executable (a stage's variants, the Go sidebar's methods, a step
  and its variant): that executable, both benchmarks filtered in, interleaved the same way;
- two search steps on one workload: bench_step_compare A B WORKLOAD (bench/step_compare.cpp),
  one process, interleaved the same way.
Also the pairs of the pages' one-process tables (python3 lab.py verdicts ONE_PROCESS: s11 against
s10 in each shared benchmark). Each pair runs in --processes such processes (3), the
repetitions split among them and pooled: both sides always share a process, and a process
that happens to run one side slowly shows in the spread instead of deciding the verdict.
A pair whose two benchmarks the bench report (bench/report.py) also times is skipped unless
--all: the pages' verdicts read the report's runs, so that a claim and the tables show one
value (docs/verdicts.py load); this file serves the pairs the report lacks.
The JSON keeps every repetition's time per item ("a", "b"), the unit, and how the pair
was run; docs/verdicts.py turns it into the ledger's host row (median, quartiles, min-max).
With --store the pairs go into the store of facts (docs/facts/pairs.json), which
docs/update_docs.py reads.
"""
import argparse
import json
import os
import re
import subprocess
import sys

from bench import report  # bench/report.py: the machine line, the per-item summary, the units
from docs import lessons  # docs/lessons.py: the comparisons its lessons make in one process
from docs import store  # docs/store.py: the store of facts
from docs import verdicts  # docs/verdicts.py: the slowdowns the pages explain


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAIN = set(report.MAIN)


def folder_of(key):
    """"s04:FlipScan" -> "s04_flat" (the stage folder whose id starts with the prefix)."""
    prefix = key.split(":", 1)[0]
    for d in sorted(os.listdir(os.path.join(ROOT, "stages"))):
        if d == prefix or d.startswith(prefix + "_"):
            return d
    sys.exit(f"verdict_pairs: no stage folder for {key}")


# The slowdowns the pages explain ("Why it is slower"), timed the same way: the faster stage first.
SLOWDOWNS = [(f"{base[:3]}:{family}", f"{folder[:3]}:{family}")
             for folder, (family, base) in verdicts.SLOWDOWNS.items()]


def timing_claims(src):
    with open(os.path.join(src, "docs", "claims.json"), encoding="utf-8") as f:
        claims = [c for c in json.load(f) if "faster" in c]
    return claims + [{"faster": a, "than": b} for a, b in SLOWDOWNS + one_process()]


def one_process():
    """The pairs a page or a lesson shows from one process: measured even where the bench
    report times both sides (docs/verdicts.py ONE_PROCESS, docs/lessons.py ONE_PROCESS)."""
    return verdicts.one_process_pairs() + lessons.ONE_PROCESS


def escaped(name):
    """`name` as a literal in Google Benchmark's filter (POSIX extended regex)."""
    return re.sub(r"([.+*?()|^$\[\]{}\\])", r"[\1]", name)


def exact(name):
    return "^" + escaped(name) + "(/(iterations|repeats):[0-9]+)?$"


def run(cmd):
    if not os.path.exists(cmd[0]):
        sys.exit(f"verdict_pairs: {cmd[0]} is missing (cmake --build BUILD --target {os.path.basename(cmd[0])})")
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"verdict_pairs: {' '.join(cmd)} failed ({out.returncode}): {out.stderr.strip()[-300:]}")
    if not out.stdout.strip():
        sys.exit(f"verdict_pairs: {' '.join(cmd)} ran no benchmark")
    return json.loads(out.stdout)


def per_item(raw, name):
    """Every repetition's time per item of benchmark `name`: ns from items_per_second (the
    harness's items), or ms per run for a search step (its CPU time)."""
    times = []
    for b in raw["benchmarks"]:
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        if re.sub(r"/(iterations|repeats):\d+$", "", b.get("run_name", b["name"])) != name:
            continue
        if "items_per_second" in b:
            times.append(1e9 / b["items_per_second"])
        else:
            times.append(b["cpu_time"] * report.TO_MS[b.get("time_unit", "ns")])
    if not times:
        sys.exit(f"verdict_pairs: no repetition of {name} in the run")
    return times


def measure(build, claim, reps, min_time, processes=1):
    """Both sides of a claim timed together, their repetitions interleaved at random, in
    `processes` processes of reps / processes repetitions each (rounded up), pooled: a
    process can start slow for one side and stay so (where its code and data happen to lie;
    a run of s11's play took 2.4 times its usual time, s10's 1.2, every repetition alike),
    and only another process shows it."""
    (ka, na), (kb, nb) = (k.split(":", 1) for k in (claim["faster"], claim["than"]))
    each = -(-reps // processes)
    flags = [f"--benchmark_repetitions={each}", f"--benchmark_min_time={min_time}",
             "--benchmark_enable_random_interleaving=true", "--benchmark_format=json"]
    if ka != kb and ka[0] == "s" and kb[0] == "s" and na == nb and na in MAIN:
        fa, fb = folder_of(ka), folder_of(kb)
        cmd = [os.path.join(build, "bench_compare"), fa, fb, f"--benchmark_filter=^({escaped(fa)}|{escaped(fb)})/{escaped(na)}$"]
        names, label = (f"{fa}/{na}", f"{fb}/{nb}"), f"bench_compare {fa} {fb}"
    elif ka == kb:
        folder = folder_of(ka)
        cmd = [os.path.join(build, f"bench_{folder}"), f"--benchmark_filter=({exact(na)})|({exact(nb)})"]
        names, label = (na, nb), f"bench_{folder}"
    else:  # two search steps on one workload: bench_step_compare (bench/step_compare.cpp)
        if na != nb:
            sys.exit(f"verdict_pairs: {claim['faster']} and {claim['than']}: two steps compare on one workload")
        fa, fb = folder_of(ka), folder_of(kb)
        cmd = [os.path.join(build, "bench_step_compare"), fa, fb, na]
        names, label = (f"{fa}/{na}", f"{fb}/{nb}"), f"bench_step_compare {fa} {fb}"
    a, b = [], []
    for _ in range(processes):
        raw = run(cmd + flags)
        a += per_item(raw, names[0])
        b += per_item(raw, names[1])
    where = "one process" if processes == 1 else f"{processes} processes of {each}"
    return {"a": a, "b": b, "processes": processes,
            "how": f"{label}: {where}, {each * processes} repetitions interleaved at random"}


_listed = {}


def in_report(build, key):
    """Does bench/report.py time `key` ("s07:Variant/FlipScan/loop")? It runs every benchmark
    of every bench_<folder> executable, so: is the name in that executable's list?"""
    exe = os.path.join(build, f"bench_{folder_of(key)}")
    if exe not in _listed:
        out = subprocess.run([exe, "--benchmark_list_tests=true"], capture_output=True, text=True) \
            if os.path.exists(exe) else None
        _listed[exe] = ({re.sub(r"/(iterations|repeats):\d+$", "", n) for n in out.stdout.split()}
                        if out and out.returncode == 0 else set())
    return key.split(":", 1)[1] in _listed[exe]


# The store of facts (docs/store.py): each pair, both sides' every repetition, keyed by the
# faster side, the other and the CPU; a partial run (--only) replaces its own pairs alone.
STORE_FILE, WRITER = "pairs.json", "bench/verdict_pairs.py"
SETTINGS = ("machine", "repetitions", "min_time")  # a run's, kept with each pair; "processes" is the
# pair's own (a --only run keeps pairs of earlier runs; a pair from before --processes has none: one)
WHAT = "time per item, both sides interleaved"


def facts(out, run):
    cpu = report.cpu_name(report.cpuinfo())
    settings = {k: out[k] for k in SETTINGS if k in out}
    fact = store.fact_maker("python3 lab.py verdict-pairs --store", run, platform="host", cpu=cpu)
    return [fact(WHAT, "against " + p["than"], p["faster"], dict(p, **settings)) for p in out["pairs"]]


def from_facts(store_facts):
    """The pairs of the latest CPU in the store, as --json writes them, with the other CPUs'
    under "elsewhere" (the same form, latest CPU first among them); None without any."""
    by_cpu = {}  # the store keeps one value a key, so each CPU's facts are its pairs
    for f in store.latest(store_facts, WRITER, WHAT)[0]:
        if f["key"]["what"] == WHAT:
            by_cpu.setdefault(f["key"]["cpu"], []).append(f)
    if not by_cpu:
        return None

    def of(ours):
        last = max(ours, key=lambda f: f.get("run", ""))
        return dict({k: last["value"][k] for k in SETTINGS if k in last["value"]},
                    pairs=[{k: v for k, v in f["value"].items() if k not in SETTINGS} for f in ours])
    newest = sorted(by_cpu.values(), key=lambda fs: max(f.get("run", "") for f in fs), reverse=True)
    return dict(of(newest[0]), elsewhere=[of(fs) for fs in newest[1:]])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--store", action="store_true", help="record the pairs in the store of facts "
                                                         "(docs/facts/pairs.json), which the pages are written from")
    ap.add_argument("--repetitions", type=int, default=15, help="of each side, in all")
    ap.add_argument("--processes", type=int, default=3, help="the repetitions split among this many processes")
    ap.add_argument("--min-time", type=float, default=0.05, help="seconds per repetition")
    ap.add_argument("--json", help="also write the pairs here (default without --store: BUILD/verdict-pairs.json)")
    ap.add_argument("--only", help="comma-separated prefixes of the claims' faster keys (s04,e03)")
    ap.add_argument("--all", action="store_true", help="also the pairs the bench report times (by default skipped: "
                                                       "a verdict reads the report's runs, one data set for every page)")
    args = ap.parse_args()
    if args.repetitions < 4 or args.min_time <= 0 or not 1 <= args.processes <= args.repetitions:
        print("verdict_pairs: --repetitions must be at least 4 (quartiles), --processes from 1 to --repetitions "
              "and --min-time positive", file=sys.stderr)
        return 2
    path = args.json or os.path.join(args.build, "verdict-pairs.json")
    old = {}
    if args.only and os.path.exists(path):  # a partial run keeps the other pairs
        with open(path) as f:
            old = {(p["faster"], p["than"]): p for p in json.load(f)["pairs"]}
    pairs, measured = dict(old), []
    page_pairs = set(one_process())  # a page or a lesson shows these from one process
    skipped = 0
    for c in timing_claims(ROOT):
        if args.only and not any(c["faster"].startswith(p) for p in args.only.split(",")):
            continue
        if not args.all and (c["faster"], c["than"]) not in page_pairs and \
                in_report(args.build, c["faster"]) and in_report(args.build, c["than"]):
            skipped += 1
            continue
        print(f"{c['faster']} against {c['than']} ...", file=sys.stderr, flush=True)
        got = measure(args.build, c, args.repetitions, args.min_time, args.processes)
        unit = "ms/run" if c["faster"][0] == "e" else report.unit(c["faster"].split(":", 1)[1])
        pairs[(c["faster"], c["than"])] = {"faster": c["faster"], "than": c["than"], "unit": unit, **got}
        measured.append((c["faster"], c["than"]))
    out = {"machine": report.machine(), "repetitions": args.repetitions, "min_time": args.min_time,
           "pairs": list(pairs.values())}
    if args.store:  # only the pairs measured now: the store keeps the others as they were
        store.save("verdict_pairs", WRITER, STORE_FILE,
                   facts(dict(out, pairs=[pairs[k] for k in measured]), store.run_stamp()))
    if args.json or not args.store:
        report.write_json(path, out)
    if skipped:
        print(f"verdict_pairs: {skipped} pairs skipped: the bench report times both sides (--all measures them)",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
