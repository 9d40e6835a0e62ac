#!/usr/bin/env python3
"""A step's ablation table (the step page's <!-- ablation --> block) from the JSON that
bench/ablation.cpp writes (`cmake --build build --target ablation`: build/ablation.json for
step 06; `--target ablation-e04`: build/ablation-e04.json for step 04; `--target
ablation-e08`: build/ablation-e08.json for step 08; `ablation-e09` and `ablation-e10` the
same for steps 09 and 10). The JSON names its step; only that step's
page is filled.

One row per idea switched off alone: what the search does instead, its nodes, its CPU time
(median of the rounds, min-max) and how fast the step as it ships runs beside it, in the
site's convention: "the default runs N.NNx as fast as without the idea" = the variant's
time / the default's (above 1: the idea pays for itself on this workload). That ratio is
taken round by round (the variant against the default of the same round) and the table
gives the median of the rounds' ratios with their range: a machine that runs faster in
some rounds than in others (it happens on shared machines) moves both times of a round
alike and leaves their ratio be; noise within a round still shows, in the range.

    python3 lab.py ablation build/ablation.json            # prints the block
    python3 lab.py ablation --store build/ablation.json    # records the run in the store of facts
    python3 lab.py update-docs ...                         # writes the store's latest runs into the pages
    python3 lab.py update-docs ... --ablation build/ablation.json   # or a saved run
"""
import json
import os
import re
import statistics
import sys

from bench import report as bench  # bench/report.py: how a CPU is named
from docs import store  # docs/store.py: the store of facts


PAGE = os.path.join("stages", "e06_endgame", "README.md")
MARKER = "ablation"


def spread(xs, unit=""):
    """'14.50 (14.20-15.10)', or with unit "x" '1.08x (1.02-1.12)': the median of a list (CPU
    seconds, or the rounds' ratios) and its range."""
    med = f"{statistics.median(xs):.2f}{unit}"
    return med if len(xs) == 1 else f"{med} ({min(xs):.2f}-{max(xs):.2f})"


def ratios(variant, default):
    """The variant's time / the default's, round by round (the JSON lists each variant's
    seconds in the order of the rounds)."""
    return [v / d for v, d in zip(variant["seconds"], default["seconds"])]


def target(data):
    """The CMake target that runs the JSON's step: `ablation` (step 06), `ablation-eNN`."""
    step = data.get("step", "e06_endgame")
    return "ablation" if step.startswith("e06") else "ablation-" + step[:3]


def table(data):
    """The block's Markdown: a caption saying what was measured, where and how, then one row
    per variant; the default first."""
    variants = data["variants"]
    default = next(v for v in variants if v["name"] == "default")
    first, last = data["ffo"]
    rounds = data["rounds"]
    cpu = bench.cpu_name(data.get("cpuinfo", {}))
    asked = re.search(r"--rounds=(\d+)", data["command"])
    stopped = f" (stopped after {rounds} of {asked.group(1)})" if asked and int(asked.group(1)) != rounds else ""
    table_words = ("each with the table `reversi-lab solve` lends it" if data.get("table", True)
                   else "with no table (the step keeps none)")
    out = [f"FFO #{first}-#{last} solved one by one on {data['stage']}, {table_words}; {rounds} round{'s' if rounds != 1 else ''}{stopped} in one process, the variants shuffled "
           f"each round. Nodes are exact; CPU s: the {last - first + 1} solves together, "
           f"median of the rounds (min-max). Measured on {cpu}, {data['cores']} cores, by "
           f"`cmake --build build --target {target(data)}` (`{data['command']}`). Last column: the variant's "
           f"time / the default's in the same round, the median of the rounds (min-max).\n",
           "| idea switched off | what the search does instead | nodes | nodes (default = 1) | CPU s | "
           "default runs N.NNx as fast as without it |",
           "|---|---|---|---|---|---|"]
    for v in variants:
        if v["name"] == "default":
            out.append(f"| (none) | {v['off']} | {v['nodes']:,} | 1.00 | {spread(v['seconds'])} | - |")
            continue
        out.append(f"| {v['idea']} | {v['off']} | {v['nodes']:,} | {v['nodes'] / default['nodes']:.2f} | "
                   f"{spread(v['seconds'])} | {spread(ratios(v, default), 'x')} |")
    out.append("")
    return "\n".join(out)


# The store of facts (docs/store.py): each run of bench/ablation.cpp, recorded by this
# module (`python3 lab.py ablation --store JSON`, which the ablation targets run after it):
# the run's settings, and per variant its nodes and every round's CPU seconds.
STORE_FILE, WRITER = "ablation.json", "docs/ablation.py"


def facts(data, run):
    cpu = bench.cpu_name(data.get("cpuinfo", {}))
    first, last = data["ffo"]
    workload = f"FFO #{first}-#{last} on {data['stage']}"

    fact = store.fact_maker(f"cmake --build build --target {target(data)}", run, platform="host", cpu=cpu)
    settings = {k: data[k] for k in ("stage", "ffo", "table", "rounds", "command", "cores", "cpuinfo") if k in data}
    return [fact("ablation run", workload, data["step"], settings)] + \
        [fact("ablation variant", workload, f"{data['step']}, {v['name']}", dict(v, order=i))
         for i, v in enumerate(data["variants"])]


def from_facts(store_facts, step):
    """The latest ablation run of `step` in the store, as bench/ablation.cpp wrote it; None without one."""
    mine, latest = store.latest(store_facts, WRITER, "ablation run", step)
    if not latest:
        return None
    variants = sorted((f["value"] for f in mine if f["key"]["what"] == "ablation variant"
                       and f["key"]["subject"].startswith(step + ", ") and f["run"] == latest["run"]
                       and f["key"]["cpu"] == latest["key"]["cpu"]), key=lambda v: v["order"])
    return dict(latest["value"], step=step, variants=[{k: x for k, x in v.items() if k != "order"} for v in variants])


def record(path):
    """Records the run in `path` (bench/ablation.cpp's JSON) in the store; one line and exit 1
    when it cannot be read or the store refuses it."""
    try:
        with open(path) as f:
            data = json.load(f)
        found = facts(data, store.run_stamp(os.path.getmtime(path)))  # when the run ended: the JSON is written last
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"ablation.py: cannot record {path}: {e}")
    store.save("ablation.py", WRITER, STORE_FILE, found)


def fill(text, data, replace_between, path=PAGE):
    """The page with its ablation block rewritten from `data` (the JSON, loaded); without data,
    without the markers or when the JSON is another step's (its "step", a folder name, is not
    in the page's path) the page is returned as it was."""
    if not data or f"<!-- {MARKER}:begin -->" not in text:
        return text
    step = data.get("step")
    if step and step not in os.path.normpath(path).split(os.sep):
        return text
    return replace_between(text, MARKER, table(data), path)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--store":
        record(sys.argv[2])
    elif len(sys.argv) == 2 and not sys.argv[1].startswith("-"):
        try:
            with open(sys.argv[1]) as f:
                print(table(json.load(f)), end="")
        except (OSError, ValueError, KeyError) as e:
            sys.exit(f"ablation.py: cannot read {sys.argv[1]}: {e}")
    else:
        print("usage: python3 lab.py ablation ABLATION_JSON | python3 lab.py ablation --store ABLATION_JSON",
              file=sys.stderr)
        sys.exit(2)
