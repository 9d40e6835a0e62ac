#!/usr/bin/env python3
"""The full FFO endgame test: FFO #40-#59 solved one by one by a search step (step 09 by
default) on the fastest stage, each position its own `reversi-lab solve --no-limit --ffo N`
process, every result checked against the published score and best moves.

    python3 lab.py ffo-long [--build build] [--engine e09] [--stage s11] [--ffo 40-59]
                      [--threads N|all] [--data FILE] [--fresh] [--note TEXT]

The run takes many hours on one core (FFO #55-#58 have 29 and 30 empty squares), so it
keeps what it has: the step's run in the store of facts (docs/facts/ffo_long.json; or in
--data FILE, a JSON of its own) is rewritten after every position, and a later run goes
on where it stopped, skipping the positions already solved by the same code (the step's
and the stage's files, and the table the command-line tool lends a solve, hashed).
Changed code, another engine or stage, or --fresh: the run starts over. Each row keeps the
CPU it ran on, in its key; a page names them all (table() makes the table that
docs/update_docs.py puts between <!-- ffo-long:begin --> and <!-- ffo-long:end --> on the
step's page, rewritten after every position when the run is the store's).

The time is the solving process's CPU time (user + system: the children's usage before
and after it), so a run that is paused (kill -STOP, kill -CONT) loses nothing. The process
is pinned to the CPU it starts on, as bench/report.py does. With --threads (a step that
solves on several, from e11; `all`: one per core) nothing is pinned, the table shows each
position's time by the clock too, and each thread's nodes; a run on another number of
threads starts over. Exit status: 0 when every
position solved is right, 1 when one is wrong or the command fails, 2 for bad arguments.
"""
import argparse
import datetime
import hashlib
import json
import os
import re
import resource
import subprocess
import sys

from bench.report import commit, cpu_name, cpuinfo, millions as rate, pin_to_current_cpu, write_json
from docs import store  # docs/store.py: the store of facts
import lab  # lab.py: the tools' entry point, to run a tool as a child process


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE = re.compile(r"ffo (\d+) empties (\d+) score (\S+) published-score (\S+) best (\S+) published-best (\S+) "
                  r"nodes (\d+) time (\S+) s nps \d+ (OK|WRONG)")
TOTAL = re.compile(r"total positions \d+ correct \d+ .* stage (\S+) engine (\S+)")
THREAD_NODES = re.compile(r" (?:OK|WRONG) thread-nodes ([\d+]+)\n")


# The store of facts (docs/store.py): per step, its run (stage, code, commit, note; threads
# when several) and one fact per position solved, keyed by the CPU it ran on. A run is
# rewritten whole after every position, so a run that starts over leaves nothing of the one
# before.
STORE_FILE, WRITER = "ffo_long.json", "bench/ffo_long.py"
RUN, SOLVED = "full FFO test, the run", "FFO position solved in its own process"
WORKLOAD = "FFO #40-#59 one by one"


def facts(data):
    """A step's run (as --data keeps it) as facts of the store."""
    fact = store.fact_maker(f"python3 lab.py ffo-long --engine {data['step'][:3]}", platform="host")
    run = {k: data[k] for k in ("stage", "code", "commit", "note", "threads") if k in data}
    return [fact(RUN, WORKLOAD, data["step"], run, cpu="any")] + [
        fact(SOLVED, f"FFO #{p['number']}", data["step"], {k: v for k, v in p.items() if k != "cpu"}, cpu=p["cpu"])
        for p in data["positions"]]


def from_facts(store_facts, step):
    """The step's run in the store, as --data keeps it; None without one."""
    mine = [f for f in store_facts if f.get("writer") == WRITER and f["key"]["subject"] == step]
    run = next((f["value"] for f in mine if f["key"]["what"] == RUN), None)
    if run is None:
        return None
    positions = [dict(f["value"], cpu=f["key"]["cpu"]) for f in mine if f["key"]["what"] == SOLVED]
    return dict(run, step=step, positions=sorted(positions, key=lambda p: p["number"]))


def keep(data, path):
    """The run kept after a change: in `path` (--data), or in the store (the step's facts
    replaced whole)."""
    if path:
        write_json(path, data)
    else:
        store.save("ffo_long.py", WRITER, STORE_FILE, facts(data), drop=lambda f: f["key"]["subject"] == data["step"])


def read_ffo(src):
    """The FFO positions of common/library/ffo.txt: number, empties, score and best moves as solve prints them."""
    out = []
    with open(os.path.join(src, "common", "library", "ffo.txt"), encoding="utf-8") as f:
        for line in f.read().splitlines():
            parts = line.split()
            if not parts or parts[0].startswith("#"):
                continue
            out.append({"number": int(parts[0]), "score": parts[3], "best": parts[4].lower(),
                        "empties": parts[1].count("-")})
    return out


def positions(src, data):
    """What both tables are made of: the run's rows by number, the published positions
    #40-#59 by number, those solved and those wrong, and how many were solved, in words."""
    rows = {p["number"]: p for p in data["positions"]}
    published = {f["number"]: f for f in read_ffo(src) if 40 <= f["number"] <= 59}
    solved = [n for n in sorted(published) if n in rows]
    wrong = [n for n in solved if not rows[n]["ok"]]
    count = (f"All {len(published)} positions solved" if len(solved) == len(published) else
             f"{len(solved)} of {len(published)} positions solved so far")
    return rows, published, solved, wrong, count


def numbered(numbers):
    """[45, 46] -> "#45, #46"."""
    return ", ".join(f"#{n}" for n in numbers)


def position_rows(published, rows, blanks, rest):
    """Both tables' row of each published position: its number, empties, score and best move
    (the published ones in brackets) and nodes, then the cells rest(number, row) gives; before
    the run has solved it, "not solved yet" and `blanks` empty cells."""
    out = []
    for n in sorted(published):
        if n not in rows:
            f = published[n]
            out.append(f"| {n} | {f['empties']} | ({f['score']}) | ({f['best']}) | not solved yet |" + " |" * blanks)
            continue
        r = rows[n]
        mark = "" if r["ok"] else " **wrong**"
        out.append(f"| {n} | {r['empties']} | {r['score']} ({r['published_score']}){mark} | {r['best']} "
                   f"({r['published_best']}) | {r['nodes']:,} | " + " | ".join(rest(n, r)) + " |")
    return out


def table(src, folder, data):
    """The ffo-long block of a step's page: the full FFO test, FFO #40-#59 solved one by one
    (`data`: the step's run, from_facts()), each position against its published score and
    best moves. #40-#44's times are the bench report's (the table above, which says how
    many runs), so only #45-#59 show the long run's."""
    step = folder.split("_")[0]
    if not data or data.get("step") != folder:
        return (f"Not run yet: `cmake --build build --target ffo-long-{step}` (hours) records it in the store "
                "(docs/facts/ffo_long.json).\n")
    if data.get("threads", 1) > 1:
        return threaded_table(src, data)
    rows, published, solved, wrong, count = positions(src, data)
    cpus = sorted({rows[n]["cpu"] for n in solved if n >= 45})
    long_rows = [rows[n] for n in solved if n >= 45]
    out = [f"{count} by {data['step']} on {data['stage']}, "
           + ("every one right (the published score and one of the published best moves)" if not wrong else
              f"wrong: {numbered(wrong)}")
           + f". Each position its own process (`cmake --build build --target ffo-long-{step}`, bench/ffo_long.py, from "
           f"commit {data['commit']}; it goes on where it stopped); CPU s: that process's user and system time, "
           f"one run" + (f", on {' and '.join(cpus)}" if cpus else "")
           + (f" ({data['note']})" if data.get("note") else "") + ". FFO #40-#44's times are the bench report's, "
           "in \"FFO positions solved one by one\" above: another run, on the CPU its caption names.\n",
           "| FFO # | empties | score (published) | best (published) | nodes | CPU s | nodes/s |",
           "|---|---|---|---|---|---|---|"]
    out += position_rows(published, rows, 2, lambda n, r: ("above", "above") if n < 45 else
                         (f"{r['cpu_seconds']:,.1f}", rate(r["nodes"] / r["cpu_seconds"])))
    if long_rows:
        nodes, secs = sum(r["nodes"] for r in long_rows), sum(r["cpu_seconds"] for r in long_rows)
        label = "#45-#59" if len(solved) == len(published) else "#45-#59 so far"
        out.append(f"| {label} | | | | {nodes:,} | {secs:,.1f} | {rate(nodes / secs)} |")
    return "\n".join(out) + "\n"


def included_steps(step):
    """The step's folder and the other steps' folders its headers include (e11_parallel:
    e10_stable's too), followed through theirs."""
    found, todo = [], [step]
    while todo:
        folder = todo.pop()
        if folder in found:
            continue
        found.append(folder)
        top = os.path.join(ROOT, "stages", folder)
        for name in sorted(os.listdir(top)) if os.path.isdir(top) else []:
            if name.endswith(".h"):
                with open(os.path.join(top, name), encoding="utf-8") as f:
                    todo += re.findall(r'#include "\.\./(\w+)/', f.read())
    return found


def per_second(nodes, seconds):
    """"1.23 M" nodes a second; "-" when the clock saw no time (a solve under a millisecond)."""
    return rate(nodes / seconds) if seconds > 0 else "-"


def threaded_table(src, data):
    """table() for a run on several threads: every position's time by the clock and its CPU
    time (every thread's), each thread's nodes, and the total of all twenty."""
    step, threads = data["step"], data["threads"]
    rows, published, solved, wrong, count = positions(src, data)
    cpus = sorted({rows[n]["cpu"] for n in solved})
    got = [rows[n] for n in solved]
    nodes, wall, cpu = (sum(r[k] for r in got) for k in ("nodes", "wall_seconds", "cpu_seconds"))
    # The result in one sentence, outside the fold; the positions one click away.
    out = [f"{count} by {step} on {data['stage']} on {threads} threads, "
           + ("every one right" if not wrong else f"wrong: {numbered(wrong)}")
           + (f": {nodes:,} nodes in {wall / 60:.1f} minutes by the clock, on {' and '.join(cpus)}" if solved else "")
           + ".\n",
           "<details><summary>Position by position: score, best move, nodes, each thread's nodes and time</summary>\n",
           "Right means the published score and one of the published best moves. Each position its own process "
           f"(`cmake --build build --target ffo-long-{step[:3]}`, bench/ffo_long.py, from commit {data['commit']}; it goes "
           "on where it stopped); wall s: by the clock; CPU s: the process's user and system time, every thread's; one "
           "run" + (f" ({data['note']})" if data.get("note") else "") + ".\n",
           "| FFO # | empties | score (published) | best (published) | nodes | each thread's | wall s | CPU s | "
           "nodes/s by the clock |",
           "|---|---|---|---|---|---|---|---|---|"]
    out += position_rows(published, rows, 4, lambda n, r: (
        " + ".join(f"{t:,}" for t in r["thread_nodes"]), f"{r['wall_seconds']:,.1f}", f"{r['cpu_seconds']:,.1f}",
        per_second(r["nodes"], r["wall_seconds"])))
    if solved:
        label = "#40-#59" if len(solved) == len(published) else "solved so far"
        out.append(f"| {label} | | | | {nodes:,} | | {wall:,.1f} | {cpu:,.1f} | {per_second(nodes, wall)} |")
    return "\n".join(out) + "\n\n</details>\n"


# Figures other programs' authors published for the same twenty positions, copied as given
# with their page's address (docs/facts/published.json; docs/sources.md cites the pages). No
# program here measures them: they stand beside a step's run, on another machine.
PUBLISHED_FILE = "published.json"
PUBLISHED_WRITER = "published by other programs' authors: copied as given, with the page's address (docs/sources.md)"
PUBLISHED = "FFO #40-#59 solved, as published"


def published(store_facts):
    """The published runs of #40-#59 in the store: each one's value, with its program and CPU."""
    return [dict(f["value"], program=f["key"]["subject"], cpu=f["key"]["cpu"]) for f in store_facts
            if f.get("writer") == PUBLISHED_WRITER and f["key"]["what"] == PUBLISHED]


def beside_published(src, folder, data, others):
    """The ffo-published block of a step's page (`folder`): a whole run of the step on
    several threads (`data`, as from_facts() gives it) beside the published runs (`others`,
    published()): nodes, time by the clock and nodes a second, and this step's nodes against
    each. Only a whole run with every position right has a total to set beside them."""
    if not others:
        return f"No published run in the store (docs/facts/{PUBLISHED_FILE}).\n"
    if not data or data.get("step") != folder or data.get("threads", 1) < 2:
        return f"Not run on every core yet: `cmake --build build --target ffo-long-{folder[:3]}` (minutes on every core).\n"
    rows, published_rows, solved, wrong, count = positions(src, data)
    if wrong or len(solved) < len(published_rows):
        return f"{count}" + (f", wrong: {numbered(wrong)}" if wrong else "") + \
            ": no total to set beside the published runs until all twenty are right.\n"
    got = [rows[n] for n in solved]
    nodes, wall = sum(r["nodes"] for r in got), sum(r["wall_seconds"] for r in got)
    cpus = " and ".join(sorted({r["cpu"] for r in got}))
    ratios = [(o, nodes / o["nodes"]) for o in others]
    out = [f"On {data['threads']} threads {data['step']} visits "
           + " and ".join(f"{x:.2f}x the nodes {o['program']} reports" for o, x in ratios)
           + f" for the twenty positions ({', '.join(sorted({o['cpu'] for o in others}))}, "
           "published; the times below are of other machines and are not compared).\n",
           "| program | machine | threads | nodes | s by the clock | nodes/s by the clock | this step's nodes ÷ its |",
           "|---|---|---|---:|---:|---:|---:|",
           f"| {data['step']} on {data['stage']} (this page) | {cpus} | {data['threads']} | {nodes:,} | {wall:,.1f} | "
           f"{per_second(nodes, wall)} | 1.00x |"]
    for o, x in ratios:
        out.append(f"| {o['program']} | {o['cpu']} | {o.get('threads') or 'not stated'} | {o['nodes']:,} | "
                   f"{o['seconds']:,.1f} | {per_second(o['nodes'], o['seconds'])} | {x:.2f}x |")
    sources = sorted({(o["source"], o["address"]) for o in others})
    out.append("\nPublished on " + "; ".join(f"[{t}]({a})" for t, a in sources) + " (copied as given; "
               "docs/facts/published.json). Each program counts its own nodes (Edax, for one, counts the children it looks "
               "at to order the moves), so the nodes compare in magnitude only.")
    return "\n".join(out) + "\n"


def code_hash(step, stage):
    """What the node counts and the times depend on: the step's and the stage's folders (their
    headers and checked copies), the steps' it builds on, and the table the command-line tool
    lends a solve."""
    h = hashlib.sha256()
    files = []
    for folder in included_steps(step) + [stage]:
        top = os.path.join(ROOT, "stages", folder)
        for base, _, names in os.walk(top):
            files += [os.path.join(base, n) for n in names if n.endswith(".h")]
    files.append(os.path.join(ROOT, "common", "library", "search_registry.cpp"))
    for path in sorted(files):
        h.update(os.path.relpath(path, ROOT).encode() + b"\0")
        with open(path, "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def update_page():
    """Rewrites the step's page from the kept results (docs/update_docs.py), so that page and
    data agree after every position, even when the run is stopped; False (and one line) if not."""
    r = subprocess.run([*lab.command("update-docs"), "--source", ROOT],
                       capture_output=True, text=True)
    if r.returncode != 0:
        print(f"ffo_long.py: the page was not rewritten: {(r.stderr or r.stdout).strip()[:300]}", file=sys.stderr)
    return r.returncode == 0


def runs(numbers):
    """[1, 2, 3, 40, 41] -> [(1, 3), (40, 41)]."""
    out = []
    for n in numbers:
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def solve(exe, engine, stage, number, threads=1):
    """One position in its own process: the parsed line, the engine's and stage's ids, the
    process's CPU seconds and, on several threads, each thread's nodes."""
    cmd = [exe, "solve", "--no-limit", "--engine", engine, "--stage", stage, "--ffo", str(number)]
    cmd += ["--threads", str(threads)] if threads > 1 else []
    before = resource.getrusage(resource.RUSAGE_CHILDREN)  # one child at a time: the difference is its
    proc = subprocess.run(cmd, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    line, total = LINE.search(proc.stdout), TOTAL.search(proc.stdout)
    if proc.returncode not in (0, 1) or not line or not total:
        raise RuntimeError(f"{' '.join(cmd)} failed: {(proc.stderr or proc.stdout).strip()[:300]}")
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    shares = THREAD_NODES.search(proc.stdout)
    if threads > 1 and not shares:
        raise RuntimeError(f"{' '.join(cmd)} did not name each thread's nodes")
    return line, total.group(1), total.group(2), seconds, [int(n) for n in shares.group(1).split("+")] if shares else None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="CMake build folder (default: build)")
    ap.add_argument("--engine", default="e09", help="the search step (default: e09)")
    ap.add_argument("--stage", default="s11", help="the move generator (default: s11)")
    ap.add_argument("--ffo", default="40-59", help="FFO positions, as solve --ffo takes them (default 40-59)")
    ap.add_argument("--threads", default="1", help="threads per solve, 1 to 256, or all: one per core (default 1)")
    ap.add_argument("--data", help="keep the results, between runs, in this JSON file "
                                   "(default: in the store of facts, docs/facts/ffo_long.json, which the step's page shows)")
    ap.add_argument("--fresh", action="store_true", help="start over: forget the results kept")
    ap.add_argument("--note", help="how the machine was used meanwhile, for the page (kept until replaced)")
    args = ap.parse_args()
    threads = (os.cpu_count() or 1) if args.threads == "all" else \
        int(args.threads) if re.fullmatch(r"[1-9]\d{0,2}", args.threads) and int(args.threads) <= 256 else None
    if threads is None:
        ap.error(f"--threads {args.threads!r}: a whole number 1 to 256, or all")
    exe = os.path.join(args.build, "reversi-lab")
    if not os.access(exe, os.X_OK):
        ap.error(f"{exe} not found: build it first (cmake --build {args.build} --target reversi-lab)")
    known = [f["number"] for f in read_ffo(ROOT)]  # the FFO numbers there are
    spans = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in runs(known))
    numbers = []
    for item in args.ffo.split(","):
        lo, dash, hi = item.partition("-")
        if not lo.isdigit() or (dash and not hi.isdigit()):
            ap.error(f"--ffo {item!r}: a number or a span A-B (the FFO positions: {spans})")
        span = [n for n in known if int(lo) <= n <= int(hi or lo)]
        if not span:
            ap.error(f"--ffo {item!r}: no such FFO position (the FFO positions: {spans})")
        numbers += [n for n in span if n not in numbers]
    cpu = pin_to_current_cpu() if threads == 1 else None  # several threads: every core theirs
    cpu_text = cpu_name(cpuinfo())
    # The ids as the tool spells them, and the code they name, from a solve of nothing
    # (FFO #1 is quick): the data must be of this engine, stage, code and threads to go on.
    try:
        _, stage_id, engine_id, _, _ = solve(exe, args.engine, args.stage, 1, threads)
    except RuntimeError as e:
        print(f"ffo_long.py: {e}", file=sys.stderr)
        return 2
    fingerprint = code_hash(engine_id, stage_id)
    where = args.data or "the store"
    data = None
    if args.fresh:
        print(f"--fresh: the run kept in {where} is left out", file=sys.stderr)
    elif args.data is None:
        try:
            data = from_facts(store.load().values(), engine_id)
        except store.FactError as e:
            print(f"ffo_long.py: {e}", file=sys.stderr)
            return 1
    elif os.path.exists(args.data):
        try:
            with open(args.data, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            print(f"ffo_long.py: cannot read {args.data}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
            return 2
    if data is not None and (data.get("step"), data.get("stage"), data.get("code"), data.get("threads", 1)) != \
            (engine_id, stage_id, fingerprint, threads):
        print(f"{where} holds a run of {data.get('step')} on {data.get('stage')} (code {data.get('code')}, "
              f"{data.get('threads', 1)} thread(s)), not of {engine_id} on {stage_id} (code {fingerprint}, "
              f"{threads} thread(s)): starting over", file=sys.stderr)
        data = None
    if data is None:
        data = {"step": engine_id, "stage": stage_id, "code": fingerprint, "commit": commit(), "positions": []}
        if threads > 1:
            data["threads"] = threads
    if args.note is not None:
        data["note"] = args.note
        keep(data, args.data)
    done = {p["number"] for p in data["positions"]}
    wrong = 0
    for n in numbers:
        if n in done:
            print(f"FFO #{n}: kept from an earlier run", file=sys.stderr)
            continue
        print(f"FFO #{n}: solving ...", file=sys.stderr, flush=True)
        try:
            line, _, _, seconds, shares = solve(exe, engine_id, stage_id, n, threads)
        except RuntimeError as e:
            print(f"ffo_long.py: {e}", file=sys.stderr)
            return 1
        row = {"number": n, "empties": int(line.group(2)), "score": line.group(3), "published_score": line.group(4),
               "best": line.group(5), "published_best": line.group(6), "ok": line.group(9) == "OK",
               "nodes": int(line.group(7)), "cpu_seconds": round(seconds, 3), "wall_seconds": float(line.group(8)),
               "cpu": cpu_text, "date": datetime.date.today().isoformat()}
        if shares:
            row["thread_nodes"] = shares
        wrong += not row["ok"]
        data["positions"] = sorted(data["positions"] + [row], key=lambda p: p["number"])
        keep(data, args.data)
        if args.data is None and not update_page():
            return 1
        print(f"FFO #{n}: {row['score']} (published {row['published_score']}), {row['nodes']:,} nodes, "
              f"{seconds:.1f} CPU s {'OK' if row['ok'] else 'WRONG'}" + (f" (CPU {cpu})" if cpu is not None else ""))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
