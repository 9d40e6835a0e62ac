#!/usr/bin/env python3
"""Our engine against Debian's gtp-rhino at its levels 1-5, through the referee
bench/match.py (its own rules check, colours swapped, varied openings), as one table.

    python3 lab.py match-report [--build build] [--engine e06] [--level 7] [--time S] [--threads N]
                                  [--games 1:4,2:4,3:20,4:8,5:4] [--jobs N]
                                  [--json build/match-report.json] [--store] [--page stages/e06_endgame/README.md]
                                  [--block match]
    python3 lab.py match-report --from-json build/match-report.json [--store] [--page ... [--block ...]]
    python3 lab.py match-report --pages | --check     (the published tables, from the store)

--engine, --level, --time and --threads are our engine's (reversi-lab gtp's options; default
the last step at level 7, no time per move, one thread; --threads times the matches played at
a time must fit the machine's cores). --games: games against each rhino level, as
LEVEL:GAMES pairs (the levels played) or one number for levels 1-5. Per rhino level: wins, draws and losses of our engine, discs for
and against, faults, and the thinking time per move of each side (mean, and our longest
move). A level-5 game takes minutes of rhino's time; the default table about an hour of
games, played --jobs levels at a time (default: one per core).
--page rewrites the page's <!-- match:begin/end --> block with the table (--block names
another: docs/cli.md's match-timed, the last step at a time per move).
--store records the run in the store of facts (docs/facts/matches.json), keyed by our
engine's options and the CPU; the published tables (PUBLISHED: e06's match, docs/cli.md's
match-timed and match-1s) are written from it by --pages, and --check fails where a page's table is
not the store's (tests/store_test.py runs it).
Exit 1 when any game had a fault (an illegal move, a protocol error), 2 on bad input.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

from bench.report import cpu_name, cpuinfo, machine  # bench/report.py: the CPU line every table names
from docs import store  # docs/store.py: the store of facts
from docs.blocks import missing_markers, rewrite_page, stale_lines  # docs/blocks.py: a page's generated blocks
import lab  # lab.py: the tools' entry point, to run a tool as a child process

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RHINO = "/usr/games/gtp-rhino"

# The store of facts (docs/store.py): a run's settings and one fact per rhino level, keyed
# by our engine's options and the CPU (the times, and at a time per move the games, depend
# on it). A run replaces the whole earlier run of those options on that CPU.
STORE_FILE, WRITER = "matches.json", "bench/match_report.py"
RUN, LEVEL = "games against gtp-rhino, the run", "games against one gtp-rhino level"
SETTINGS = ("level", "options", "games", "jobs", "engine", "machine")
# The published tables: block -> (page, our engine's options), as the targets match-report,
# match-timed and match-1s (bench/bench.cmake) play them.
PUBLISHED = {"match": ("stages/e06_endgame/README.md", "--engine e06 --level 7"),
             "match-timed": ("docs/cli.md", "--level 7 --time 5"),
             "match-1s": ("docs/cli.md", "--level 7 --time 1 --threads 2")}


def workload(options):
    return f"reversi-lab gtp {options}"


def facts(saved, cpu, run):
    """A run (as --json keeps it) as facts of the store."""
    fact = store.fact_maker(f"python3 lab.py match-report {saved['options']} --games {saved['games']} --store", run,
                            platform="host", cpu=cpu)
    w = workload(saved["options"])
    return [fact(RUN, w, "gtp-rhino", {k: saved[k] for k in SETTINGS})] + \
        [fact(LEVEL, w, f"gtp-rhino -l {r['rhino_level']}", r) for r in saved["rows"]]


def from_facts(store_facts, options):
    """The store's latest run of our engine with `options`, as --json keeps it; None without one."""
    mine = [f for f in store_facts if f["key"]["workload"] == workload(options)]
    mine, run = store.latest(mine, WRITER, RUN)
    if not run:
        return None
    rows = [f["value"] for f in store.of_run(mine, run, LEVEL)]
    return dict(run["value"], rows=sorted(rows, key=lambda r: r["rhino_level"]))


def record(saved):
    """--store: the run into the store, replacing that engine's earlier run on this CPU. A
    saved run from another CPU is refused (its key would name the wrong one): one line, 2."""
    cpu, w = cpu_name(cpuinfo()), workload(saved["options"])
    if not saved["machine"].startswith(cpu + ","):
        print(f"match_report: the run was played on {saved['machine']}, not on this CPU ({cpu}): "
              "record it on the machine that played it", file=sys.stderr)
        sys.exit(2)
    store.save("match_report", WRITER, STORE_FILE, facts(saved, cpu, store.run_stamp()),
               drop=lambda f: f["key"]["workload"] == w and f["key"]["cpu"] == cpu)


def saved_table(saved):
    return table(saved["rows"], saved["engine"], saved.get("options", f"--level {saved['level']}"), saved["games"],
                 saved["machine"], saved.get("jobs", 1))


def published(root):
    """{page path: {block: the table the store gives, or None}} of the published tables."""
    facts_now = list(store.load().values())
    out = {}
    for block, (page, options) in PUBLISHED.items():
        saved = from_facts(facts_now, options)
        out.setdefault(os.path.join(root, page), {})[block] = saved_table(saved) if saved else None
    return out


def pages(root, check):
    """--pages writes the published tables from the store; --check fails, naming the page and
    block, where one is not the store's."""
    try:
        wanted = published(root)
    except store.FactError as e:
        print(f"match_report: {e}", file=sys.stderr)
        return 1
    if not check:
        return max((rewrite_page(p, {b: t for b, t in blocks.items() if t is not None}, "match_report")
                    for p, blocks in wanted.items()), default=0)
    bad = stale_lines(root, wanted, "python3 lab.py match-report --pages")
    for line in bad:
        print(f"match_report: {line}", file=sys.stderr)
    if not bad:
        print(f"match_report: {sum(t is not None for bs in wanted.values() for t in bs.values())} published tables "
              "are the store's")
    return 1 if bad else 0


def games_per_level(text):
    """"1:4,3:20" -> {1: 4, 3: 20}; "4" -> 4 games at each of levels 1-5."""
    if text.isdigit():
        return {level: int(text) for level in range(1, 6)}
    out = {}
    for pair in text.split(","):
        level, _, games = pair.partition(":")
        if not (level.isdigit() and games.isdigit()) or int(level) in out:
            raise ValueError(pair)
        out[int(level)] = int(games)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--engine", help="our engine's search step (reversi-lab gtp --engine; default the last step)")
    ap.add_argument("--level", type=int, default=7, help="our engine's level (reversi-lab gtp --level)")
    ap.add_argument("--time", help="our engine's seconds a move (reversi-lab gtp --time; default none)")
    ap.add_argument("--threads", help="our engine's threads for its exact solves (reversi-lab gtp --threads; default one)")
    ap.add_argument("--games", default="1:4,2:4,3:20,4:8,5:4",
                    help="games per rhino level (pairs, colours swapped): LEVEL:GAMES,... or one number for 1-5")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="matches (one per rhino level) played side by side (default: one per core)")
    ap.add_argument("--json", help="write the table's data here")
    ap.add_argument("--page", help="rewrite this page's <!-- match:begin/end --> block")
    ap.add_argument("--block", default="match", help="the page's block to rewrite (default match)")
    ap.add_argument("--from-json", help="write the table of a saved run (--json) instead of playing")
    ap.add_argument("--store", action="store_true", help="record the run in the store of facts (docs/facts/matches.json)")
    ap.add_argument("--root", default=ROOT, help="the repository whose pages --pages and --check read")
    ap.add_argument("--pages", action="store_true", help="write the published tables (PUBLISHED) from the store")
    ap.add_argument("--check", action="store_true", help="fail where a published table is not the store's")
    a = ap.parse_args()
    if a.pages or a.check:
        if a.from_json or a.store or a.page or a.json:
            ap.error("--pages and --check only read the store: they take no --from-json, --store, --page or --json")
        return pages(a.root, a.check)
    if not re.fullmatch(r"[a-z][a-z0-9-]*", a.block):
        ap.error(f"--block is a block's name, such as match or match-timed, got {a.block!r}")
    if a.page and (why := missing_markers(a.page, [a.block])):  # before an hour of games, not after
        ap.error(why)
    if a.from_json:
        try:
            with open(a.from_json, encoding="utf-8") as f:
                saved = json.load(f)
            body = saved_table(saved)
            if a.store and any(k not in saved for k in SETTINGS):
                raise KeyError(f"{', '.join(k for k in SETTINGS if k not in saved)} (the store needs the run's settings)")
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"match_report: cannot read a saved run from {a.from_json}: {e}", file=sys.stderr)
            return 2
        if a.store:
            record(saved)
        return publish(body, a.page, a.block)
    try:
        plan = games_per_level(a.games)
    except ValueError:
        ap.error(f"--games must be LEVEL:GAMES pairs separated by commas, or one number, got {a.games!r}")
    if a.jobs < 1:
        ap.error("--jobs must be at least 1")
    if any(not 1 <= x <= 5 for x in plan) or any(g < 1 for g in plan.values()):
        ap.error("--games: rhino levels are 1..5, and each plays at least one game")
    threads = int(a.threads) if a.threads and a.threads.isdigit() else 1  # (a bad value: gtp's own line below)
    if threads * min(a.jobs, len(plan)) > (os.cpu_count() or 1):
        ap.error(f"--threads {threads} with {min(a.jobs, len(plan))} matches at a time wants more cores than the "
                 f"machine's {os.cpu_count() or 1}: lower --jobs")
    options = " ".join(([f"--engine {a.engine}"] if a.engine else []) + [f"--level {a.level}"] +
                       ([f"--time {a.time}"] if a.time else []) + ([f"--threads {a.threads}"] if a.threads else []))
    ours = os.path.join(a.build, "reversi-lab")
    if not os.access(ours, os.X_OK):
        ap.error(f"no {ours}: build it first (./lab build)")
    if not os.access(RHINO, os.X_OK):
        print(f"match_report: {RHINO} is missing: apt-get install grhino", file=sys.stderr)
        return 2
    check = subprocess.run([ours, "gtp"] + options.split(), input="quit\n", capture_output=True, text=True)
    if check.returncode != 0:  # reversi-lab's own one line: an unknown engine, a level too deep, a bad time
        ap.error(check.stderr.strip().removeprefix("reversi-lab: gtp: "))

    def play(level, games):
        """One level's match through the referee: its report, or None (said on stderr)."""
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "m.json")
            cmd = [*lab.command("match"), "--engine-a", f"{ours} gtp {options}",
                   "--engine-b", f"{RHINO} -l {level}", "--games", str(games), "--quiet", "--json", out]
            run = subprocess.run(cmd, stdout=subprocess.DEVNULL)
            if run.returncode not in (0, 1) or not os.path.exists(out):
                print(f"match_report: the match against -l {level} did not finish (exit {run.returncode})", file=sys.stderr)
                return None
            with open(out, encoding="utf-8") as f:
                return json.load(f)

    # The levels' matches run side by side, --jobs at a time. In a game only one side
    # thinks at a time and each engine is one thread, so each thinking process keeps a
    # core of its own when --jobs is at most the number of cores.
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        played = {level: pool.submit(play, level, games) for level, games in sorted(plan.items())}
    rows, faults = [], 0
    for level in sorted(plan):
        report = played[level].result()
        if report is None:
            return 1
        s = report["summary"]
        our_times, rhino_times = [], []  # seconds per move, the opening's moves (None) left out
        for g in report["games"]:
            first = 0 if g["engine_a_colour"] == "black" else 1  # plies alternate, passes included
            for i, t in enumerate(g["move_seconds"]):
                if t is not None:
                    (our_times if i % 2 == first else rhino_times).append(t)
        rows.append({"rhino_level": level, "games": s["games"], "wins": s["a_wins"], "draws": s["draws"],
                     "losses": s["a_losses"], "discs_for": s["a_discs_for"], "discs_against": s["a_discs_against"],
                     "faults": s["faults"], "our_seconds": s["a_seconds"], "rhino_seconds": s["b_seconds"],
                     "our_moves": len(our_times), "rhino_moves": len(rhino_times),
                     "our_longest_move": max(our_times, default=0)})
        faults += s["faults"]
    # The engine as it names itself over GTP (name and version): match.py adds " (command)".
    name = re.sub(r" \(.*\)$", "", report["engine_a"]["name"])
    saved = {"level": a.level, "options": options, "games": a.games, "jobs": a.jobs, "engine": name,
             "machine": machine(), "rows": rows}
    if a.json:  # first: an hour of games is kept even if the page cannot be written
        try:
            with open(a.json, "w", encoding="utf-8") as f:
                json.dump(saved, f, indent=1)
        except OSError as e:
            print(f"match_report: cannot write {a.json}: {e.strerror}", file=sys.stderr)
            return 1
    if a.store:
        record(saved)
    status = publish(saved_table(saved), a.page, a.block)
    return status or (1 if faults else 0)


def publish(body, page, block):
    """Prints the table and, given a page, rewrites its <!-- BLOCK:begin/end --> block."""
    print(body, end="")
    return rewrite_page(page, {block: body}, "match_report") if page else 0


def table(rows, name, options, games, where, jobs=1):
    """The page's block: how it was measured, then one row per rhino level."""
    side = f"; {jobs} levels' matches played side by side, one per core" if jobs > 1 else ""
    lines = [f"Measured with `python3 lab.py match-report {options} --games {games}` (bench/match.py "
             f"referees every move; colours swapped in each pair, openings varied{side}) on {where}. "
             f"Our engine: {name} (`reversi-lab gtp {options}`); the time per move is each side's thinking "
             "time, mean over its moves, the opening's given moves left out.", "",
             "| gtp-rhino | games | won-drawn-lost | discs for-against | faults | our s/move | our longest move s | "
             "rhino s/move |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| -l {r['rhino_level']} | {r['games']} | {r['wins']}-{r['draws']}-{r['losses']} | "
                     f"{r['discs_for']}-{r['discs_against']} | {r['faults']} | "
                     f"{r['our_seconds'] / max(r['our_moves'], 1):.3f} | {r['our_longest_move']:.2f} | "
                     f"{r['rhino_seconds'] / max(r['rhino_moves'], 1):.3f} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
