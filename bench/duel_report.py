#!/usr/bin/env python3
"""Our search steps against each other, through the referee bench/match.py (its own rules
check, paired openings: each opening played twice, colours swapped), as one table: what a
step buys in games, not only in nodes.

    python3 lab.py duel-report [--build build] --ladder [--jobs N] [--pages]
    python3 lab.py duel-report [--build build] --duels e07:e06[,e06:e05,...] [--level 7]
                                 (--nodes N | --time T [--run LABEL]) [--games 40] [--seed 1]
                                 [--jobs N] [--json RUN.json] [--store FOLDER] [--pages]
    python3 lab.py duel-report --from-json RUN.json [--run LABEL] [--store FOLDER]
    python3 lab.py duel-report --pages | --check [--store FOLDER] [--root ROOT]

Each duel A:B plays --games games (an even number: whole pairs) between
`reversi-lab gtp --engine A --level L --nodes N` (or `--time T`) and the same with B, where
L is --level or, for a step that does not play that deep, the highest level it plays. A's
score is (wins + draws / 2) / games, with a 95 % interval: 1.96 standard errors of the mean
score per opening pair (the two games of a pair share the opening, so the pair is the
independent unit), or Wilson's interval on the games where the pairs' scores do not
spread. The interval says how far other openings could move the score.

The pages' duels count nodes (--ladder: LADDER at PROTOCOL): a count does not depend on the
machine or its load, so a rerun plays the same games move for move (tests/duel_report_test.py
plays one twice). With --time the games depend on both; each timed run is its own fact,
named by --run (default: when it started).

Every run is recorded in the store of facts (docs/store.py; docs/facts/duels.json), which
only this program writes: one value per duel and protocol. --pages writes every step page's
<!-- duel:begin/end --> block and its <!-- duel-verdict --> sentence from the store, and
e10's <!-- duel-timed --> block (the timed runs beside the count); --check fails, naming the
page, where a page's block is not what the store gives. A step's page shows the duels it
plays first; the ladder's page (e10's, the one with a duel-timed block), the whole
ladder; so the ladder's table and each step's sentence are one run. Exit 1 when any game
had a fault or a write failed, 2 on bad input.
"""
import argparse
import concurrent.futures
import datetime
import json
import math
import os
import re
import subprocess
import sys
import tempfile

from bench.report import machine  # bench/report.py: the CPU line every table names
from docs import store  # docs/store.py: the store of facts
from docs.blocks import has_markers, rewrite_page, stale_lines  # docs/blocks.py: a page's blocks
import lab  # lab.py: the tools' entry point, to run a tool as a child process

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The pages' duels: each step against the one before, and e08 against e06 too (e08 against
# e07 alone does not show what selective search buys), and e12 against e10 (e11 plays
# e10's games: its threads serve a solve, and a game searches on one); 40 games each, a million nodes a
# move (about 0.15 s on the 2-core machines of the pages), at level 7 or the highest a step
# plays.
LADDER = "e02:e01,e03:e02,e04:e03,e05:e04,e06:e05,e07:e06,e08:e07,e08:e06,e09:e08,e10:e09,e12:e10"
PROTOCOL = {"level": 7, "nodes": 1000000, "games": 40, "seed": 1}
WHAT = "duel: the first step's score"
FILE = "duels.json"
WRITER = "bench/duel_report.py"
VALUE = ("a", "b", "a_name", "b_name", "a_options", "b_options", "games", "wins", "draws", "losses", "discs_for",
         "discs_against", "faults", "score", "low", "high", "a_mean", "a_longest", "b_mean", "b_longest")


def duel_list(text):
    """"e07:e06,e06:e05" -> [("e07", "e06"), ("e06", "e05")]."""
    out = []
    for pair in text.split(","):
        a, sep, b = pair.partition(":")
        if not sep or not a or not b or a == b:
            raise ValueError(pair)
        out.append((a, b))
    return out


def engine_options(ours, step, level, limit):
    """reversi-lab gtp's options for `step` at `level` or the highest it plays, with `limit`
    ("--nodes N" or "--time T"); raises ValueError with reversi-lab's own message for an
    unknown step or a bad limit."""
    for lv in range(level, 0, -1):
        options = f"--engine {step} --level {lv} {limit}"
        r = subprocess.run([ours, "gtp"] + options.split(), input="quit\n", capture_output=True, text=True)
        if r.returncode == 0:
            return options
        if "plays at most level" not in r.stderr:
            raise ValueError(r.stderr.strip().removeprefix("reversi-lab: gtp: "))
    raise ValueError(f"{step} plays no level")


def pair_scores(report):
    """A's points per opening pair (0..2), in the order the pairs were played."""
    pairs = {}
    for g in report["games"]:
        key = (g["game"] - 1) // 2  # games 1-2 are pair 0, 3-4 pair 1, ...
        pts = 1.0 if g["result"] == "A wins" else 0.5 if g["result"] == "draw" else 0.0
        pairs[key] = pairs.get(key, 0.0) + pts
    return [pairs[k] for k in sorted(pairs)]


def score_interval(pairs):
    """A's score (0..1) over the games and its 95 % interval (low, high): from the spread
    of the pairs' scores (the mean's 1.96 standard errors, within 0..1); where they do not
    spread (every pair scored alike, or one pair), Wilson's interval for the games as if
    independent, which never shrinks to a point."""
    n = len(pairs)
    mean = sum(pairs) / (2 * n)
    per_pair = [p / 2 for p in pairs]
    var = sum((x - mean) ** 2 for x in per_pair) / (n - 1) if n > 1 else 0.0
    if var > 0:
        half = 1.96 * math.sqrt(var / n)
        return mean, max(0.0, mean - half), min(1.0, mean + half)
    games, z = 2 * n, 1.96
    centre = (mean + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(mean * (1 - mean) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return mean, centre - half, centre + half


def limit_text(settings):
    return f"{settings['nodes']:,} nodes" if "nodes" in settings else f"{settings['time']} s"


def workload(settings):
    """The key's workload: what every game of the duel was played under."""
    text = (f"{settings['games']} games, openings of seed {settings['seed']}, level {settings['level']} or the "
            f"highest a step plays, {limit_text(settings)} a move")
    return text if "nodes" in settings else f"{text}, run {settings['run']}"


def command(settings):
    limit = f"--nodes {settings['nodes']}" if "nodes" in settings else f"--time {settings['time']}"
    return (f"python3 lab.py duel-report --duels {settings['duels']} --level {settings['level']} {limit} "
            f"--games {settings['games']} --seed {settings['seed']}")


def facts_of(rows, settings, where):
    """The store's facts of one run: one per duel. A count's result is the same on any CPU;
    a timed one belongs to the machine it ran on."""
    fact = store.fact_maker(command(settings), platform="host", cpu="any" if "nodes" in settings else where)
    return [dict(fact(WHAT, workload(settings), f"{step_name(r, 'a')} against {step_name(r, 'b')}",
                      {k: r[k] for k in VALUE}), settings=settings, measured_on=where) for r in rows]


def record(rows, settings, where, folder):
    """Records a run in the store; a refusal or a failed write is one line and 1."""
    try:
        store.record(WRITER, FILE, facts_of(rows, settings, where), folder)
    except (store.FactError, OSError) as e:
        print(f"duel_report: cannot record the run in the store: {getattr(e, 'strerror', None) or e}",
              file=sys.stderr)
        return 1
    return 0


def play_duels(a, ap):
    """Plays the duels a's options ask for: (rows, settings, faults), or None (said on stderr)."""
    try:
        duels = duel_list(a.duels)
    except ValueError as e:
        ap.error(f"--duels takes A:B pairs of two different steps separated by commas, got {str(e)!r}")
    if a.games < 2 or a.games % 2:
        ap.error(f"--games must be an even number of at least 2 (whole opening pairs), got {a.games}")
    if a.jobs < 1:
        ap.error("--jobs must be at least 1")
    ours = os.path.join(a.build, "reversi-lab")
    if not os.access(ours, os.X_OK):
        ap.error(f"no {ours}: build it first (./lab build)")
    limit = f"--nodes {a.nodes}" if a.nodes else f"--time {a.time}"
    try:
        options = {s: engine_options(ours, s, a.level, limit) for duel in duels for s in duel}
    except ValueError as e:
        ap.error(str(e))

    def play(duel):
        """One duel through the referee: its report, or None (said on stderr)."""
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "m.json")
            cmd = [*lab.command("match"), "--engine-a", f"{ours} gtp {options[duel[0]]}",
                   "--engine-b", f"{ours} gtp {options[duel[1]]}", "--games", str(a.games), "--seed", str(a.seed),
                   "--quiet", "--json", out]
            run = subprocess.run(cmd, stdout=subprocess.DEVNULL)
            if run.returncode not in (0, 1) or not os.path.exists(out):
                print(f"duel_report: the duel {duel[0]}:{duel[1]} did not finish (exit {run.returncode})",
                      file=sys.stderr)
                return None
            with open(out, encoding="utf-8") as f:
                return json.load(f)

    # Duels side by side: in a game one side thinks at a time, one thread each, so each
    # duel keeps a core when --jobs is at most the number of cores.
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        played = [pool.submit(play, d) for d in duels]
    reports = [fut.result() for fut in played]
    if None in reports:
        return None
    rows = [row_of(duel, options, report) for duel, report in zip(duels, reports)]
    settings = {"level": a.level, "games": a.games, "seed": a.seed, "duels": a.duels}
    settings.update({"nodes": int(a.nodes)} if a.nodes else {"time": a.time, "run": a.run or started()})
    return rows, settings, sum(r["faults"] for r in rows)


def started():
    return datetime.datetime.now(datetime.timezone.utc).strftime("of %Y-%m-%d %H:%M UTC")


def row_of(duel, options, report):
    """A duel's row: the referee's summary, the score with its interval, each side's time."""
    s = report["summary"]
    times = {"a": [], "b": []}
    for g in report["games"]:
        first = 0 if g["engine_a_colour"] == "black" else 1
        for i, t in enumerate(g["move_seconds"]):
            if t is not None:
                times["a" if i % 2 == first else "b"].append(t)
    score, low, high = score_interval(pair_scores(report))
    names = [re.sub(r" \(.*\)$", "", report[k]["name"]) for k in ("engine_a", "engine_b")]
    return {"a": duel[0], "b": duel[1], "a_name": names[0], "b_name": names[1],
            "a_options": options[duel[0]], "b_options": options[duel[1]], "games": s["games"],
            "wins": s["a_wins"], "draws": s["draws"], "losses": s["a_losses"],
            "discs_for": s["a_discs_for"], "discs_against": s["a_discs_against"], "faults": s["faults"],
            "score": score, "low": low, "high": high,
            "a_mean": sum(times["a"]) / max(len(times["a"]), 1), "a_longest": max(times["a"], default=0),
            "b_mean": sum(times["b"]) / max(len(times["b"]), 1), "b_longest": max(times["b"], default=0),
            "moves": [g["moves"] for g in report["games"]]}


def arguments():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--ladder", action="store_true", help=f"the pages' duels ({LADDER}) at the pages' protocol")
    ap.add_argument("--duels", help="A:B pairs of steps, comma-separated (A is scored)")
    ap.add_argument("--level", type=int, default=7, help="both sides' level, or the highest a step plays")
    limit = ap.add_mutually_exclusive_group()
    limit.add_argument("--nodes", help="nodes a move for both sides (reversi-lab gtp --nodes): the same games on "
                       "every run and machine")
    limit.add_argument("--time", help="seconds a move for both sides (reversi-lab gtp --time): the games depend "
                       "on the machine and its load")
    ap.add_argument("--run", help="a timed run's name in its key (default: when it started)")
    ap.add_argument("--games", type=int, default=40, help="games per duel, even (whole opening pairs)")
    ap.add_argument("--seed", type=int, default=1, help="picks the openings (python3 lab.py match --seed)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="duels played side by side")
    ap.add_argument("--json", help="also write the run's rows (every game's moves included) here")
    ap.add_argument("--from-json", help="record a saved run (--json) in the store instead of playing")
    ap.add_argument("--store", default=store.FOLDER, help="the store's folder (tests use a copy)")
    ap.add_argument("--root", default=ROOT, help="the repository whose step pages --pages and --check read")
    ap.add_argument("--pages", action="store_true", help="write the step pages' duel blocks from the store")
    ap.add_argument("--check", action="store_true", help="fail where a page's duel block is not the store's")
    a = ap.parse_args()
    if a.ladder:
        if a.duels or a.nodes or a.time or a.from_json:
            ap.error("--ladder is the pages' duels and protocol: it takes no --duels, --nodes, --time or --from-json")
        a.duels, a.nodes = LADDER, str(PROTOCOL["nodes"])
        a.level, a.games, a.seed = PROTOCOL["level"], PROTOCOL["games"], PROTOCOL["seed"]
    if a.run and not (a.time or a.from_json):
        ap.error("--run names a timed run: give it with --time (a count repeats, it needs no name)")
    if a.duels and not (a.nodes or a.time):
        ap.error("give --nodes N (the same games on every run) or --time T (seconds a move)")
    if not (a.duels or a.from_json or a.pages or a.check):
        ap.error("--ladder, --duels, --from-json, --pages or --check: nothing to do")
    if a.check and (a.duels or a.from_json or a.pages):
        ap.error("--check only reads: it takes no --duels, --from-json or --pages")
    return ap, a


def main():
    ap, a = arguments()
    if a.check:
        return check_pages(a.root, a.store)
    status = 0
    if a.from_json:
        try:
            with open(a.from_json, encoding="utf-8") as f:
                saved = json.load(f)
            rows, settings, where = saved["rows"], saved["settings"], saved["machine"]
            if "time" in settings:
                settings["run"] = a.run or settings.get("run") or ap.error("a saved timed run needs --run LABEL")
        except (OSError, ValueError, KeyError) as e:
            print(f"duel_report: cannot read a saved run from {a.from_json}: {e}", file=sys.stderr)
            return 2
        status = record(rows, settings, where, a.store)
    elif a.duels:
        played = play_duels(a, ap)
        if played is None:
            return 1
        rows, settings, faults = played
        where = machine()
        if a.json:  # first: the games are kept even if the store cannot be written
            try:
                with open(a.json, "w", encoding="utf-8") as f:
                    json.dump({"settings": settings, "machine": where, "rows": rows}, f, indent=1)
            except OSError as e:
                print(f"duel_report: cannot write {a.json}: {e.strerror}", file=sys.stderr)
                return 1
        print(table([dict(r, measured_on=where) for r in rows], settings), end="")
        status = record(rows, settings, where, a.store) or (1 if faults else 0)
    if a.pages and not status:
        status = write_pages(a.root, a.store)
    return status


def level_of(options):
    return re.search(r"--level (\d+)", options).group(1)


def step_number(name):
    """e07 -> 7; a name without a step's number sorts last."""
    found = re.match(r"e(\d+)", name)
    return int(found.group(1)) if found else -1


def step_name(row, side):
    """A side's step by its folder's name (e02_alphabeta), which says its idea, from the name
    the engine gave over GTP; the short name (e02) where that has none."""
    found = re.search(r"\b(e\d\d_\w+)", row.get(f"{side}_name", ""))
    return found.group(1) if found else row[side]


def table(rows, settings):
    """A duel block: how it was measured, then one row per duel."""
    where = "; ".join(sorted({r["measured_on"] for r in rows}))
    if "nodes" in settings:
        limit = (f"Both sides get {limit_text(settings)} a move (`reversi-lab gtp --nodes`): a count, not a clock, so "
                 "a rerun plays the same games move for move on any machine, and the interval says how far other "
                 f"openings could move the score. Time per move: mean and longest, on {where}")
    else:
        limit = (f"Both sides get {limit_text(settings)} a move, run {settings['run']} on {where}. Time per move: "
                 "mean and longest")
    lines = [f"Measured with `{command(settings)}` (bench/match.py referees every move; each opening played twice, "
             f"colours swapped). {limit}, as the referee saw it. Score: the first step's points per game (a draw is "
             "half), with a 95 % interval from the spread of the opening pairs' scores (Wilson's, on the games, "
             "where they do not spread).", "",
             "| duel | levels | games | won-drawn-lost | discs for-against | score (95 % interval) | faults | "
             "s/move (longest) |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {step_name(r, 'a')} against {step_name(r, 'b')} | "
                     f"{level_of(r['a_options'])} and {level_of(r['b_options'])} | "
                     f"{r['games']} | {r['wins']}-{r['draws']}-{r['losses']} | {r['discs_for']}-{r['discs_against']} | "
                     f"{percent(r)} | {r['faults']} | "
                     f"{r['a_mean']:.2f} ({r['a_longest']:.2f}) and {r['b_mean']:.2f} ({r['b_longest']:.2f}) |")
    return "\n".join(lines) + "\n"


def percent(r):
    return f"{100 * r['score']:.0f} % ({100 * r['low']:.0f}-{100 * r['high']:.0f})"


def verdict(rows, settings):
    """One sentence for the top of a step's page: its duels (`rows`, all with the page's
    step first), the one against the step just before first, each score with its interval."""
    own = sorted(rows, key=lambda r: -step_number(r["b"]))  # ties keep the rows' order
    r = own[0]
    said = (f"**In games:** at the same {limit_text(settings)} a move (a count: a rerun plays the same games), "
            f"{r['a']} scores {100 * r['score']:.0f} % against {r['b']} over {r['games']} games ({r['wins']} won, "
            f"{r['draws']} drawn, {r['losses']} lost; 95 % interval over the openings "
            f"{100 * r['low']:.0f}-{100 * r['high']:.0f} %), at levels {level_of(r['a_options'])} and "
            f"{level_of(r['b_options'])}")
    for r in own[1:]:
        said += (f"; against {r['b']}, {100 * r['score']:.0f} % ({r['wins']} won, {r['draws']} drawn, {r['losses']} "
                 f"lost; 95 % interval {100 * r['low']:.0f}-{100 * r['high']:.0f} %)")
    return said + ": the table is under Numbers.\n"


def timed_table(facts, counted):
    """e10's <!-- duel-timed --> block: for each duel that has timed runs, every one of them,
    then the same duel counted: why the pages count nodes."""
    lines = ["| duel | protocol | run, machine | won-drawn-lost | discs for-against | score (95 % interval) |",
             "|---|---|---|---|---|---|"]

    def row(f, run):
        r, s = f["value"], f["settings"]
        return (f"| {f['key']['subject']} | {limit_text(s)} a move, levels {level_of(r['a_options'])} and "
                f"{level_of(r['b_options'])} | {run} | "
                f"{r['wins']}-{r['draws']}-{r['losses']} | {r['discs_for']}-{r['discs_against']} | {percent(r)} |")
    order = [tuple(d.split(":")) for d in LADDER.split(",")]
    for subject, f in sorted(counted.items(), key=lambda kv: order.index((kv[1]["value"]["a"], kv[1]["value"]["b"]))
                             if (kv[1]["value"]["a"], kv[1]["value"]["b"]) in order else len(order)):
        timed = sorted((t for t in facts if "time" in t["settings"] and t["key"]["subject"] == subject),
                       key=lambda t: t["settings"]["run"])
        if timed:
            lines += [row(t, f"{t['settings']['run']}, {t['measured_on']}") for t in timed]
            lines.append(row(f, "any run, any machine"))
    return "\n".join(lines) + "\n"


def step_pages(root):
    """The step pages with a duel block, by step number: {number: (path, whether it is the
    ladder's page: the one with a duel-timed block, which shows every duel)}."""
    pages = {}
    folder = os.path.join(root, "stages")
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name, "README.md")
        if re.match(r"e\d\d_", name) and os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                text = f.read()
            if has_markers(text, "duel"):
                pages[step_number(name)] = (path, has_markers(text, "duel-timed"))
    return pages


def page_blocks(root, folder):
    """{page: {block: text}} for every step page with a duel block, from the store."""
    facts = [f for f in store.load(folder).values() if f["writer"] == WRITER and f["key"]["what"] == WHAT]
    counted = {f["key"]["subject"]: f for f in facts if f["key"]["workload"] == workload(dict(PROTOCOL, duels=""))}
    pages = step_pages(root)
    order = [tuple(d.split(":")) for d in LADDER.split(",")]
    out = {}
    for number, (path, last) in pages.items():
        chosen = [f for f in counted.values() if (f["value"]["a"], f["value"]["b"]) in order
                  and (last or step_number(f["value"]["a"]) == number)]
        if not chosen:
            raise store.FactError(f"the store has no duel of e{number:02d} at the pages' protocol ({LADDER})")
        chosen.sort(key=lambda f: order.index((f["value"]["a"], f["value"]["b"])))
        rows = [dict(f["value"], measured_on=f["measured_on"]) for f in chosen]
        settings = dict(PROTOCOL, duels=",".join(f"{r['a']}:{r['b']}" for r in rows))
        own = [r for r in rows if step_number(r["a"]) == number]
        out[path] = {"duel": table(rows, settings), "duel-verdict": verdict(own, settings) if own else None}
        if last:
            out[path]["duel-timed"] = timed_table(facts, counted)
    return out


def write_pages(root, folder):
    try:
        wanted = page_blocks(root, folder)
    except store.FactError as e:
        print(f"duel_report: {e}", file=sys.stderr)
        return 1
    # Each block where the page has its markers (a step page has no duel-timed, e10's no
    # sentence of its own when it plays no duel first).
    return max((rewrite_page(path, {k: v for k, v in blocks.items() if v is not None}, "duel_report",
                             optional=tuple(blocks)) for path, blocks in wanted.items()), default=0)


def check_pages(root, folder):
    """Fails, naming the page and block, where a step page's duel blocks are not the store's."""
    try:
        wanted = page_blocks(root, folder)
    except store.FactError as e:
        print(f"duel_report: {e}", file=sys.stderr)
        return 1
    bad = stale_lines(root, wanted, "python3 lab.py duel-report --pages")
    for line in bad:
        print(f"duel_report: {line}", file=sys.stderr)
    if not bad:
        print(f"duel_report: {len(wanted)} pages' duel blocks are the store's")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
