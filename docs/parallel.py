#!/usr/bin/env python3
"""A threaded step's gain by the clock (its page's <!-- parallel --> block and its verdict)
from the JSON that bench/parallel_speedup.cpp writes (`cmake --build build --target
parallel-speedup`: build/parallel-e11.json, recorded in the store by this module).

The program solves the same FFO positions on one thread and on N, in interleaved rounds in
one process; a round's ratio is one thread's wall time over N threads' ("N threads as fast
as 1", the site's convention: above 1 is faster), and the verdict gives the median of the
rounds' ratios with their range. A machine that slows down for a while slows both halves
of a round alike, which leaves their ratio be. Nodes are every thread's, and each thread's
share is listed: on several threads they differ from run to run.

    python3 lab.py parallel build/parallel-e11.json            # prints the block
    python3 lab.py parallel --store build/parallel-e11.json    # records the run in the store
    python3 lab.py update-docs ...                             # writes the store's latest run into the page
"""
import argparse
import json
import os
import re
import statistics
import sys

from bench import report as bench  # bench/report.py: how a CPU is named
from docs import store  # docs/store.py: the store of facts


MARKER = "parallel"
STORE_FILE, WRITER = "parallel.json", "docs/parallel.py"
TARGET = "cmake --build build --target parallel-speedup"


def ratios(data):
    """Each round's one-thread wall time over its N-thread wall time."""
    return [r["one"]["wall"] / r["many"]["wall"] for r in data["rounds"]]


def nodes(side):
    return sum(side["thread_nodes"])


def spread(xs, unit="x"):
    """'1.65x (1.62-1.67x)': the median of the rounds and their range."""
    med = f"{statistics.median(xs):.2f}{unit}"
    return med if len(xs) == 1 else f"{med} ({min(xs):.2f}-{max(xs):.2f}{unit})"


def secs(x):
    """Seconds as the table shows them: one decimal from 10 s, else three digits."""
    return f"{x:.1f}" if x >= 10 else f"{x:.3g}"


def verdict(data):
    """The step's verdict in one sentence, from the same run as its table."""
    rs, n = ratios(data), data["threads"]
    extra = statistics.median(nodes(r["many"]) / nodes(r["one"]) for r in data["rounds"])
    rounds = len(rs)
    span = "" if rounds == 1 else f", {min(rs):.2f}-{max(rs):.2f}x"
    return (f"**Verdict.** On {n} threads, {data['step'][:3]} solves FFO #{data['ffo']} "
            f"{statistics.median(rs):.2f}x as fast by the clock as on one (median of {rounds} "
            f"round{'s' if rounds != 1 else ''} in one process{span}; "
            f"{bench.cpu_name(data.get('cpuinfo', {}))}), with the same scores and "
            f"{extra:.2f}x as many nodes. Above 1 is faster, below 1 slower; Numbers has every round.\n")


def table(data):
    """The block's Markdown: a caption saying what was measured, where and how, then one row
    per round."""
    n, rounds = data["threads"], len(data["rounds"])
    cpu = bench.cpu_name(data.get("cpuinfo", {}))
    asked = re.search(r"--rounds=(\d+)", data["command"])
    stopped = f" (stopped after {rounds} of {asked.group(1)})" if asked and int(asked.group(1)) != rounds else ""
    out = [f"FFO #{data['ffo']} solved one by one on {data['stage']}, on one thread and then on {n}, "
           f"{rounds} round{'s' if rounds != 1 else ''}{stopped} in one process; every score checked against the "
           f"published one. Wall s: by the clock, the positions together; CPU s: every thread's. Measured on {cpu}, "
           f"{data['cores']} cores, by `{TARGET}` (`{data['command']}`). Last column: one thread's wall time / "
           f"{n} threads', in the same round.\n",
           f"| round | 1 thread: nodes | wall s | CPU s | {n} threads: nodes | each thread's | wall s | CPU s | "
           f"{n} threads as fast as 1 |",
           "|---|---|---|---|---|---|---|---|---|"]
    for i, r in enumerate(data["rounds"], 1):
        one, many = r["one"], r["many"]
        out.append(f"| {i} | {nodes(one):,} | {secs(one['wall'])} | {secs(one['cpu'])} | {nodes(many):,} | "
                   f"{' + '.join(f'{t:,}' for t in many['thread_nodes'])} | {secs(many['wall'])} | {secs(many['cpu'])} | "
                   f"{one['wall'] / many['wall']:.2f}x |")
    out.append(f"\nThe median of the rounds: {n} threads run {spread(ratios(data))} as fast as one by the clock.\n")
    return "\n".join(out)


def facts(data, run):
    """A run as facts of the store: its settings, and each round (wall and CPU seconds, each
    thread's nodes, on one thread and on N)."""
    cpu = bench.cpu_name(data.get("cpuinfo", {}))
    workload = f"FFO #{data['ffo']} on {data['stage']}, 1 and {data['threads']} threads"
    fact = store.fact_maker(TARGET, run, platform="host", cpu=cpu)
    settings = {k: data[k] for k in ("stage", "ffo", "threads", "command", "cores", "cpuinfo")}
    return [fact("parallel run", workload, data["step"], settings)] + \
        [fact("parallel round", workload, f"{data['step']}, round {i}", r) for i, r in enumerate(data["rounds"], 1)]


def from_facts(store_facts, step):
    """The latest run of `step` in the store, as bench/parallel_speedup.cpp wrote it; None
    without one."""
    mine, latest = store.latest(store_facts, WRITER, "parallel run", step)
    if not latest:
        return None
    rounds = [f for f in store.of_run(mine, latest, "parallel round")
              if f["key"]["workload"] == latest["key"]["workload"] and f["key"]["subject"].startswith(step + ", round ")]
    rounds.sort(key=lambda f: int(f["key"]["subject"].rsplit(" ", 1)[1]))
    return dict(latest["value"], step=step, rounds=[f["value"] for f in rounds])


def check(data):
    """A run's JSON as this module reads it, or ValueError naming what is wrong."""
    for k in ("step", "stage", "ffo", "threads", "command", "cores", "rounds"):
        if k not in data:
            raise ValueError(f"no '{k}'")
    if not data["rounds"]:
        raise ValueError("no round")
    for r in data["rounds"]:
        if len(r["one"]["thread_nodes"]) != 1 or len(r["many"]["thread_nodes"]) != data["threads"]:
            raise ValueError("a round's thread_nodes do not match its threads")
        if r["one"]["wall"] <= 0 or r["many"]["wall"] <= 0:
            raise ValueError("a round's wall time is not positive")
    return data


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return check(json.load(f))
    except (OSError, ValueError, KeyError, TypeError) as e:
        sys.exit(f"parallel.py: cannot read {path}: {e}")


def fill(text, data, replace_between, path):
    """The page with its parallel block rewritten from `data`; the page as it was without
    data, without the markers, or when the run is another step's (its "step", a folder name,
    is not in the page's path)."""
    if not data or f"<!-- {MARKER}:begin -->" not in text:
        return text
    if data["step"] not in os.path.normpath(path).split(os.sep):
        return text
    return replace_between(text, MARKER, table(data), path)


def main(argv):
    ap = argparse.ArgumentParser(prog="python3 lab.py parallel",
                                 description="A threaded step's gain by the clock from bench/parallel_speedup.cpp's JSON.")
    ap.add_argument("json", metavar="PARALLEL_JSON")
    ap.add_argument("--store", action="store_true", help="record the run in the store of facts")
    args = ap.parse_args(argv)
    data = read(args.json)
    if args.store:
        # When the run ended: the JSON is rewritten after every round.
        store.save("parallel.py", WRITER, STORE_FILE, facts(data, store.run_stamp(os.path.getmtime(args.json))))
    else:
        print(table(data), end="")


if __name__ == "__main__":
    main(sys.argv[1:])
