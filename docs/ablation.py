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
    python3 lab.py update-docs ... --ablation build/ablation.json   # writes it into the page
"""
import json
import os
import re
import statistics
import sys

from bench import report as bench  # bench/report.py: how a CPU is named


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
    if len(sys.argv) != 2:
        sys.exit("usage: python3 lab.py ablation ABLATION_JSON")
    with open(sys.argv[1]) as f:
        print(table(json.load(f)), end="")
