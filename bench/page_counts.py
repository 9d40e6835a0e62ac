#!/usr/bin/env python3
"""Counts, with callgrind, the runs that the pages ask for, and keeps them in the store of
facts (docs/facts/counts.json; or a JSON file) that docs/update_docs.py turns into each
page's table.

    python3 lab.py page-counts --build build --source . --store [--json build/page-counts.json]

A page asks for runs with one comment line just above its <!-- counts:begin --> marker:

    <!-- counts-runs: bench_s05_cell91:FlipScan bench_s06_unrolled:Play ... -->

Each EXE:BENCHMARK is counted once however many pages name it (bench/callgrind_counts.py
does the counting: exact instructions per item, and mispredicted branches per item from
callgrind's simulated predictor). The counts depend on the compiler and its flags, not on
the machine's load, so a run on a busy machine gives the same table.
"""
import argparse
import os
import re
import sys

from bench import callgrind_counts  # the counting
from bench import report  # bench/report.py: tool and compiler lines, write_json
from docs import store  # docs/store.py: the store of facts


SPEC = re.compile(r"<!-- counts-runs: (.*?) -->")


def requested(src):
    """Every run named by a page, in the order the pages name them."""
    runs = []
    stages = os.path.join(src, "stages")
    for folder in sorted(os.listdir(stages)):
        page = os.path.join(stages, folder, "README.md")
        if os.path.exists(page):
            with open(page, encoding="utf-8") as f:
                for spec in SPEC.findall(f.read()):
                    runs += [r for r in spec.split() if r not in runs]
    return runs


# The store of facts (docs/store.py): per run its counts; the tool and the compiler beside
# them. Exact counts of a simulator: the key names no CPU, and a run with another compiler
# replaces them (the facts say which compiler).
STORE_FILE, WRITER = "counts.json", "bench/page_counts.py"
COUNTS, TOOLS = "callgrind counts per item (branch simulation)", "page-counts tools"


def facts(out, run):
    fact = store.fact_maker("python3 lab.py page-counts --store", run, platform="host (callgrind)", cpu="any")
    return [fact(TOOLS, "page-counts", "the run", {"tool": out["tool"], "compiler": out["compiler"]})] + \
        [fact(COUNTS, spec.split(":", 1)[1], spec.split(":", 1)[0], dict(c, order=i))
         for i, (spec, c) in enumerate(out["runs"].items())]


def from_facts(store_facts):
    """The counts in the store, as --json writes them; None without any."""
    mine, tools = store.latest(store_facts, WRITER, TOOLS)
    if not tools:
        return None
    runs = sorted((f for f in mine if f["key"]["what"] == COUNTS), key=lambda f: f["value"]["order"])
    return dict(tools["value"], runs={f"{f['key']['subject']}:{f['key']['workload']}":
                                         {k: v for k, v in f["value"].items() if k != "order"} for f in runs})


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--source", default=".")
    ap.add_argument("--store", action="store_true", help="record the counts in the store of facts "
                                                         "(docs/facts/counts.json), which the pages are written from")
    ap.add_argument("--json", help="where to write the counts (needed without --store)")
    args = ap.parse_args()
    if not (args.json or args.store):
        ap.error("give --store, --json FILE or both")
    if not os.path.isdir(os.path.join(args.source, "stages")):
        ap.error(f"{args.source} is not the repository (no stages/ folder)")
    runs = requested(args.source)
    if not runs:
        sys.exit("page_counts: no page names a run (<!-- counts-runs: EXE:BENCHMARK ... -->)")
    bad = [r for r in runs if ":" not in r]
    if bad:
        sys.exit(f"page_counts: a page names {bad[0]}, not EXE:BENCHMARK")
    valgrind = report.need("valgrind", "valgrind")
    out = {"tool": f"{valgrind} --tool=callgrind --branch-sim=yes", "compiler": report.build_compiler(args.build),
           "runs": {}}
    for spec in runs:
        exe, name = spec.split(":", 1)
        c = callgrind_counts.counts(os.path.join(args.build, exe), name)
        out["runs"][spec] = {k: c[k] for k in ("items", "instructions", "mispredicted")}
        print(f"{spec}: {c['instructions']:.1f} instructions, {c['mispredicted']:.2f} mispredicted branches per item",
              flush=True)
    if args.store:
        store.save("page_counts", WRITER, STORE_FILE, facts(out, store.run_stamp()))
    if args.json:
        report.write_json(args.json, out)


if __name__ == "__main__":
    main()
