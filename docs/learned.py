#!/usr/bin/env python3
"""How step 07's training went: the <!-- learning --> block on its page, from the run of
the committed weights in the store of facts (docs/facts/train.json): what it trained on,
how long it took and where, and the error per phase on held-out games after the first fit
and after the last round.

    docs/learned.py stamp build/train.json [--store] [--page stages/e07_patterns/README.md]
        adds the machine's name to a training run's JSON (./lab train does, right after
        the run, on the machine that ran it); --store: and records the run in the store;
        --page: and writes the page's block from it (./lab train --write does both, when the
        run reproduced the committed weights, which it then installs)
    docs/learned.py show build/train.json
        prints the block
    python3 lab.py update-docs ... [--train build/train.json]
        writes it into the page: the store's run, or the JSON named
"""
import argparse
import json
import sys

from bench import report as bench  # bench/report.py: the machine line, write_json
from docs import store  # docs/store.py: the store of facts



def learning(data):
    """The block: what was trained on, then the held-out error per phase after the first fit
    and after the last round."""
    first, last = data["rounds"][0]["phases"], data["rounds"][-1]["phases"]
    where = data.get("machine", "a machine the JSON does not name")
    out = [f"`./lab train` (seed {data['seed']}, {data['games']:,} self-play games, {data['positions']:,} positions, "
           f"exact labels at {data['exact_from']} empty squares or fewer): {data['cpu_seconds']:,} s of CPU time "
           f"(its {data['threads']} threads together), {data['wall_seconds']:,} s by the clock, on {where}; weights {data['weights']}. "
           "The error is the mean absolute difference, in discs, between the evaluation and the label on the "
           "held-out games (one game in ten, never fitted). The first fit labels a position above "
           f"{data['exact_from']} empties with its game's final result; the last round labels it with a search "
           "whose leaves the phases below already evaluate. A search's label is smoother than a game's result, "
           "so part of the fall is the easier target, not only a better fit. Last column: the error of "
           "always answering the phase's mean label, for scale.\n",
           "| phase | empty squares | labels in the last round | first fit: error, discs | last round: error, "
           "discs | mean label: error, discs |",
           "|---|---|---|---|---|---|"]
    for a, b in zip(first, last):
        total = b["exact"] + b["search"] + b["game"]
        labels = ", ".join(f"{100 * b[k] / total:.0f} % {name}" for k, name in
                           (("exact", "exact"), ("search", "search"), ("game", "game result")) if b[k])
        lo, hi = b["empties"]
        out.append(f"| {b['phase']} | {lo}-{hi} | {labels} | {a['error_held_out']:.2f} | {b['error_held_out']:.2f} | "
                   f"{b['error_mean']:.2f} |")
    out.append("")
    return "\n".join(out)


# The store of facts (docs/store.py): the training run of the committed weights, its times
# keyed by the CPU that took them; its labels and errors follow from the seed (the weights'
# hash says so), on any CPU.
STORE_FILE, WRITER = "train.json", "docs/learned.py"
RUN, ERRORS = "e07 training run", "e07 held-out error per phase and round"
TIMES = ("cpu_seconds", "wall_seconds", "threads", "machine")


def facts(data, run):
    """A training run (the JSON ./lab train writes, stamped) as facts."""
    cpu = bench.cpu_name(bench.cpuinfo())
    fact = store.fact_maker("./lab train --write", run, platform="host")
    workload = f"seed {data['seed']}, {data['games']:,} games, exact at {data['exact_from']} empties"
    return [fact(RUN, workload, "e07_patterns", {k: data[k] for k in TIMES if k in data}, cpu=cpu),
            fact(ERRORS, workload, "e07_patterns", {k: v for k, v in data.items() if k not in TIMES}, cpu="any")]


def from_facts(store_facts):
    """The store's latest training run, as the stamped JSON holds it; None without one."""
    mine, run = store.latest(store_facts, WRITER, RUN)
    if not run:
        return None
    errors = next((f for f in mine if f["key"]["what"] == ERRORS and f["key"]["workload"] == run["key"]["workload"]),
                  None)
    return dict(errors["value"], **run["value"]) if errors else None


def fill(text, train, replace_between, path):
    """The page with its learning block rewritten, when there is a training JSON."""
    if train and "<!-- learning:begin -->" in text:
        text = replace_between(text, "learning", learning(train), path)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("stamp")
    s.add_argument("train")
    s.add_argument("--store", action="store_true", help="record the run in the store of facts (docs/facts/train.json)")
    s.add_argument("--page")
    sh = sub.add_parser("show")
    sh.add_argument("train")
    args = ap.parse_args()
    try:
        with open(args.train) as f:
            data = json.load(f)
        learning(data)  # a JSON of another shape fails here, before anything is written
    except OSError as e:
        print(f"learned.py: cannot read {args.train}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    except (ValueError, KeyError, IndexError, TypeError) as e:
        print(f"learned.py: {args.train} is not the JSON of a training run ({type(e).__name__}: {e})", file=sys.stderr)
        sys.exit(2)
    if args.cmd == "show":
        print(learning(data))
        return
    data["machine"] = bench.machine()
    bench.write_json(args.train, data)
    if args.store:
        store.save("learned.py", WRITER, STORE_FILE, facts(data, store.run_stamp()))
    if args.page:
        from docs.blocks import rewrite_page  # docs/blocks.py: a page's generated blocks
        sys.exit(rewrite_page(args.page, {"learning": learning(data)}, "learned.py"))


if __name__ == "__main__":
    main()
