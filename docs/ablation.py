#!/usr/bin/env python3
"""A step's ablation table (the step page's <!-- ablation --> block) from the JSON that
bench/ablation.cpp writes (`cmake --build build --target ablation`: build/ablation.json for
step 06; `--target ablation-e04`: build/ablation-e04.json for step 04; `--target
ablation-e08`: build/ablation-e08.json for step 08; `ablation-e09` and `ablation-e10` the
same for steps 09 and 10; `ablation-e10-deeper`: step 10's `ablation-deeper` block, on FFO
#45-#49). The JSON names its step; only that step's page is filled.

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
    python3 lab.py ablation --store build/ablation.json --beside "step 10's ablation"
                            # ... saying what the other core ran meanwhile (the caption names it)
    python3 lab.py update-docs ...                         # writes the store's latest runs into the pages
    python3 lab.py update-docs ... --ablation build/ablation.json   # or a saved run
"""
import argparse
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


# A step's second table, on deeper solves: the ideas its page says pay more the deeper the
# solve, with the default beside them (step 10: the stability bound and the count of replies
# from 16 empties, on FFO #45-#49; target ablation-e10-deeper; step 12: its weights, on the
# same, ablation-e12-deeper). Its block is `ablation-deeper`.
DEEPER = {"e10_stable": [45, 49], "e12_more_games": [45, 49]}


def deeper(step, ffo):
    """Whether a run of `step` on FFO positions `ffo` ([first, last]) is its deeper table's."""
    return list(ffo) == DEEPER.get(step)


# A step of one idea takes its verdict from the row that switches it off (step 12: its
# weights against step 07's), so that the verdict and the table are one run: step -> (the
# row's name, the searcher that row runs, what that searcher lacks in English and in
# Japanese: docs/ja.py writes the Japanese verdict with the last).
VERDICT_ROW = {"e12_more_games": ("weights", "e11", "step 07's weights", "ステップ 07 の重み")}


def verdict(data):
    """The verdict of a step in VERDICT_ROW, in one sentence, from its ablation run."""
    name, base, lacks, _ = VERDICT_ROW[data["step"]]
    default = next(v for v in data["variants"] if v["name"] == "default")
    row = next(v for v in data["variants"] if v["name"] == name)
    first, last = data["ffo"]
    rs = ratios(row, default)
    span = "" if len(rs) == 1 else f", {min(rs):.2f}-{max(rs):.2f}x"
    return (f"**Verdict.** On FFO #{first}-{last} (on {data['stage']}, one thread), {data['step'][:3]} visits "
            f"{default['nodes'] / row['nodes']:.2f}x as many nodes as {base} ({lacks}) and runs {statistics.median(rs):.2f}x "
            f"as fast (CPU time, median of {len(rs)} round{'s' if len(rs) != 1 else ''} in one process{span}; "
            f"{bench.cpu_name(data.get('cpuinfo', {}))}). Above 1 is faster, below 1 slower; the ablation table "
            "has every figure.\n")


def target(data):
    """The CMake target that runs the JSON's step: `ablation` (step 06), `ablation-eNN`, and
    `ablation-eNN-deeper` for the deeper positions."""
    step = data.get("step", "e06_endgame")
    base = "ablation" if step.startswith("e06") else "ablation-" + step[:3]
    return base + ("-deeper" if deeper(step, data.get("ffo", [])) else "")


def beside(data):
    """What else the machine ran during the run, when the run says (`--beside`): it slows both
    times of a round alike, so it moves the CPU seconds, not the ratios."""
    return f" (the other core ran {data['beside']} meanwhile)" if data.get("beside") else ""


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
           f"`cmake --build build --target {target(data)}` (`{data['command']}`){beside(data)}. Last column: the variant's "
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
    settings = {k: data[k] for k in ("stage", "ffo", "table", "rounds", "command", "cores", "cpuinfo", "beside")
                if k in data}
    return [fact("ablation run", workload, data["step"], settings)] + \
        [fact("ablation variant", workload, f"{data['step']}, {v['name']}", dict(v, order=i))
         for i, v in enumerate(data["variants"])]


def from_facts(store_facts, step, on_deeper=False):
    """The latest ablation run of `step` in the store, as bench/ablation.cpp wrote it (its run on
    the deeper positions with `on_deeper`); None without one."""
    mine, latest = store.latest(store_facts, WRITER, "ablation run", step,
                                where=lambda f: deeper(step, f["value"]["ffo"]) == on_deeper)
    if not latest:
        return None
    variants = sorted((f["value"] for f in store.of_run(mine, latest, "ablation variant")
                       if f["key"]["subject"].startswith(step + ", ")
                       and f["key"]["workload"] == latest["key"]["workload"]), key=lambda v: v["order"])
    return dict(latest["value"], step=step, variants=[{k: x for k, x in v.items() if k != "order"} for v in variants])


def record(path, beside_text=None):
    """Records the run in `path` (bench/ablation.cpp's JSON) in the store, with what the other
    core ran meanwhile when `beside_text` says; one line and exit 1 when it cannot be read or the
    store refuses it."""
    try:
        with open(path) as f:
            data = json.load(f)
        if beside_text:
            data["beside"] = beside_text
        found = facts(data, store.run_stamp(os.path.getmtime(path)))  # when the run ended: the JSON is written last
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"ablation.py: cannot record {path}: {e}")
    store.save("ablation.py", WRITER, STORE_FILE, found)


def fill(text, data, replace_between, path=PAGE):
    """The page with its ablation block (`ablation-deeper` for a run on the step's deeper
    positions) rewritten from `data` (the JSON, loaded); without data,
    without the markers or when the JSON is another step's (its "step", a folder name, is not
    in the page's path) the page is returned as it was."""
    if not data:
        return text
    marker = MARKER + ("-deeper" if deeper(data.get("step"), data.get("ffo", [])) else "")
    if f"<!-- {marker}:begin -->" not in text:
        return text
    step = data.get("step")
    if step and step not in os.path.normpath(path).split(os.sep):
        return text
    return replace_between(text, marker, table(data), path)


def main(argv):
    ap = argparse.ArgumentParser(prog="python3 lab.py ablation",
                                 description="A step's ablation table from bench/ablation.cpp's JSON.")
    ap.add_argument("json", metavar="ABLATION_JSON")
    ap.add_argument("--store", action="store_true", help="record the run in the store of facts")
    ap.add_argument("--beside", metavar="TEXT", help="with --store: what the other core ran meanwhile")
    args = ap.parse_args(argv)
    if args.beside is not None and not args.store:
        ap.error("--beside goes with --store")
    if args.beside is not None and not args.beside.strip():
        ap.error("--beside needs a text")
    if args.store:
        record(args.json, args.beside)
        return
    try:
        with open(args.json) as f:
            print(table(json.load(f)), end="")
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"ablation.py: cannot read {args.json}: {e}")


if __name__ == "__main__":
    main(sys.argv[1:])
