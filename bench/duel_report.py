#!/usr/bin/env python3
"""Our search steps against each other at the same time per move, through the referee
bench/match.py (its own rules check, paired openings: each opening played twice, colours
swapped), as one table: what a step buys in games, not only in nodes.

    python3 bench/duel_report.py [--build build] --duels e07:e06[,e06:e05,...] [--level 7]
                                 [--time 1] [--games 40] [--seed 1] [--jobs N]
                                 [--json build/duel-report.json] [--page PAGE]
    python3 bench/duel_report.py --from-json build/duel-report.json [--page PAGE]
    python3 bench/duel_report.py --from-page PAGE

Each duel A:B plays --games games (an even number: whole pairs) between
`reversi-lab gtp --engine A --level L --time T` and the same with B, where L is --level
or, for a step that does not play that deep, the highest level it plays (reversi-lab
refuses a level beyond a step's limits; the table says which level each side played).
A's score is (wins + draws / 2) / games, with a 95 % interval: 1.96 standard errors of
the mean score per opening pair (the two games of a pair share the opening, so the pair
is the independent unit), or Wilson's interval on the games where the pairs' scores do
not spread. The time per move is each side's thinking
time as the referee saw it: mean, and the longest move (which the time control keeps
under T plus its margin).
--page rewrites the page's <!-- duel:begin/end --> block with the table and, where the page
has one, its <!-- duel-verdict:begin/end --> block with a sentence on the page's step: its duels,
the one against the step just before first. --from-page writes both again from the page's own
table (when the sentence's rule changes and the run's JSON is gone); it refuses a table it
cannot write back exactly as it reads.
Exit 1 when any game had a fault, 2 on bad input.
"""
import argparse
import concurrent.futures
import json
import math
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "docs"))
from report import machine  # noqa: E402  (bench/report.py: the CPU line every table names)
from blocks import block_text, missing_markers, rewrite_page  # noqa: E402  (docs/blocks.py: a page's generated blocks)


def duel_list(text):
    """"e07:e06,e06:e05" -> [("e07", "e06"), ("e06", "e05")]."""
    out = []
    for pair in text.split(","):
        a, sep, b = pair.partition(":")
        if not sep or not a or not b or a == b:
            raise ValueError(pair)
        out.append((a, b))
    return out


def engine_options(ours, step, level, seconds):
    """reversi-lab gtp's options for `step` at `level` or the highest it plays; raises
    ValueError with reversi-lab's own message for an unknown step or a bad time."""
    for lv in range(level, 0, -1):
        options = f"--engine {step} --level {lv} --time {seconds}"
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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--duels", help="A:B pairs of steps, comma-separated (A is scored)")
    ap.add_argument("--level", type=int, default=7, help="both sides' level, or the highest a step plays")
    ap.add_argument("--time", default="1", help="seconds a move for both sides (reversi-lab gtp --time)")
    ap.add_argument("--games", type=int, default=40, help="games per duel, even (whole opening pairs)")
    ap.add_argument("--seed", type=int, default=1, help="picks the openings (bench/match.py --seed)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="duels played side by side")
    ap.add_argument("--json", help="write the table's data here")
    ap.add_argument("--page", help="rewrite this page's <!-- duel:begin/end --> block")
    ap.add_argument("--from-json", help="write the table of a saved run (--json) instead of playing")
    ap.add_argument("--from-page", help="write this page's table and sentence again from its own table")
    a = ap.parse_args()
    if a.from_page:
        if a.page or a.from_json or a.duels:
            ap.error("--from-page takes no --page, --from-json or --duels: it rewrites the page it reads")
        try:
            with open(a.from_page, encoding="utf-8") as f:
                held = block_text(f.read(), "duel")
            if held is None:
                raise ValueError("it has no <!-- duel:begin/end --> markers")
            rows, settings, where = read_table(held)
        except OSError as e:
            ap.error(f"cannot read {a.from_page}: {e.strerror}")
        except ValueError as e:
            print(f"duel_report: cannot read the duel table of {a.from_page}: {e}", file=sys.stderr)
            return 2
        return publish(table(rows, settings, where), verdict(rows, settings), a.from_page)
    if a.page and (why := missing_markers(a.page, ["duel"])):  # before an hour of games, not after
        ap.error(why)
    if a.from_json:
        try:
            with open(a.from_json, encoding="utf-8") as f:
                saved = json.load(f)
            body = table(saved["rows"], saved["settings"], saved["machine"])
            said = verdict(saved["rows"], saved["settings"])
        except (OSError, ValueError, KeyError) as e:
            print(f"duel_report: cannot read a saved run from {a.from_json}: {e}", file=sys.stderr)
            return 2
        return publish(body, said, a.page)
    if not a.duels:
        ap.error("--duels is required (e.g. e07:e06), or --from-json")
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
    try:
        options = {s: engine_options(ours, s, a.level, a.time) for duel in duels for s in duel}
    except ValueError as e:
        ap.error(str(e))

    def play(duel):
        """One duel through the referee: its report, or None (said on stderr)."""
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "m.json")
            cmd = [sys.executable, os.path.join(HERE, "match.py"), "--engine-a", f"{ours} gtp {options[duel[0]]}",
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
    rows, faults = [], 0
    for duel, fut in zip(duels, played):
        report = fut.result()
        if report is None:
            return 1
        s = report["summary"]
        times = {"a": [], "b": []}
        for g in report["games"]:
            first = 0 if g["engine_a_colour"] == "black" else 1
            for i, t in enumerate(g["move_seconds"]):
                if t is not None:
                    times["a" if i % 2 == first else "b"].append(t)
        score, low, high = score_interval(pair_scores(report))
        names = [re.sub(r" \(.*\)$", "", report[k]["name"]) for k in ("engine_a", "engine_b")]
        rows.append({"a": duel[0], "b": duel[1], "a_name": names[0], "b_name": names[1],
                     "a_options": options[duel[0]], "b_options": options[duel[1]], "games": s["games"],
                     "wins": s["a_wins"], "draws": s["draws"], "losses": s["a_losses"],
                     "discs_for": s["a_discs_for"], "discs_against": s["a_discs_against"], "faults": s["faults"],
                     "score": score, "low": low, "high": high,
                     "a_mean": sum(times["a"]) / max(len(times["a"]), 1), "a_longest": max(times["a"], default=0),
                     "b_mean": sum(times["b"]) / max(len(times["b"]), 1), "b_longest": max(times["b"], default=0)})
        faults += s["faults"]
    settings = {"level": a.level, "time": a.time, "games": a.games, "seed": a.seed, "duels": a.duels}
    if a.json:  # first: the games are kept even if the page cannot be written
        try:
            with open(a.json, "w", encoding="utf-8") as f:
                json.dump({"settings": settings, "machine": machine(), "rows": rows}, f, indent=1)
        except OSError as e:
            print(f"duel_report: cannot write {a.json}: {e.strerror}", file=sys.stderr)
            return 1
    status = publish(table(rows, settings, machine()), verdict(rows, settings), a.page)
    return status or (1 if faults else 0)


def publish(body, said, page):
    """Prints the table and, given a page, rewrites its <!-- duel:begin/end --> block and,
    where the page has one, its <!-- duel-verdict:begin/end --> sentence."""
    print(body, end="")
    return rewrite_page(page, {"duel": body, "duel-verdict": said}, "duel_report", optional=("duel-verdict",)) \
        if page else 0


def level_of(options):
    return re.search(r"--level (\d+)", options).group(1)


def verdict(rows, settings):
    """One sentence for the top of the page: the duels of the page's step (the last row's
    first side; a ladder's other rows are other steps'), the one against the step just
    before first, each score with its interval; the table has the rest."""
    step = rows[-1]["a"]
    own = sorted((r for r in rows if r["a"] == step), key=lambda r: -step_number(r["b"]))  # ties keep the rows' order
    r = own[0]
    said = (f"**In games:** at the same {settings['time']} s a move, {r['a']} scores {100 * r['score']:.0f} % against "
            f"{r['b']} over {r['games']} games ({r['wins']} won, {r['draws']} drawn, {r['losses']} lost; 95 % "
            f"interval {100 * r['low']:.0f}-{100 * r['high']:.0f} %), "
            f"at levels {level_of(r['a_options'])} and {level_of(r['b_options'])}")
    for r in own[1:]:
        said += (f"; against {r['b']}, {100 * r['score']:.0f} % ({r['wins']} won, {r['draws']} drawn, {r['losses']} lost; "
                 f"95 % interval {100 * r['low']:.0f}-{100 * r['high']:.0f} %)")
    return said + ": the table is under Numbers.\n"


def step_number(name):
    """e07 -> 7; a name without a step's number sorts last."""
    found = re.match(r"e(\d+)", name)
    return int(found.group(1)) if found else -1


ROW = re.compile(r"\| (e\d+)(\w*) against (e\d+)(\w*) \| (\d+) and (\d+) \| (\d+) \| (\d+)-(\d+)-(\d+) \| "
                 r"(\d+)-(\d+) \| (\d+) % \((\d+)-(\d+)\) \| (\d+) \| ([\d.]+) \(([\d.]+)\) and "
                 r"([\d.]+) \(([\d.]+)\) \|$")


def read_table(block):
    """A duel block as table() writes it -> (rows, settings, machine): the rows hold what the
    table shows (scores in whole percent). ValueError unless table() writes it back exactly."""
    head = re.match(r"Measured with `python3 bench/duel_report\.py --duels (\S+) --level (\d+) --time (\S+) "
                    r"--games (\d+) --seed (\d+)` \(.*?\) on (.*?)\. Both sides get ", block)
    if not head:
        raise ValueError("its first line is not the caption duel_report writes")
    settings = {"duels": head.group(1), "level": int(head.group(2)), "time": head.group(3),
                "games": int(head.group(4)), "seed": int(head.group(5))}
    rows = []
    for line in block.splitlines():
        m = ROW.match(line)
        if not m:
            continue
        g = m.groups()
        rows.append({"a": g[0], "a_name": g[0] + g[1], "b": g[2], "b_name": g[2] + g[3],
                     "a_options": f"--level {g[4]}", "b_options": f"--level {g[5]}", "games": int(g[6]),
                     "wins": int(g[7]), "draws": int(g[8]), "losses": int(g[9]), "discs_for": int(g[10]),
                     "discs_against": int(g[11]), "score": int(g[12]) / 100, "low": int(g[13]) / 100,
                     "high": int(g[14]) / 100, "faults": int(g[15]), "a_mean": float(g[16]),
                     "a_longest": float(g[17]), "b_mean": float(g[18]), "b_longest": float(g[19])})
    if not rows:
        raise ValueError("no duel rows")
    if table(rows, settings, head.group(6)) != block:
        raise ValueError("it does not read back as duel_report writes it")
    return rows, settings, head.group(6)


def step_name(row, side):
    """A side's step by its folder's name (e02_alphabeta), which says its idea, from the name
    the engine gave over GTP; the short name (e02) where that has none."""
    found = re.search(r"\b(e\d\d_\w+)", row.get(f"{side}_name", ""))
    return found.group(1) if found else row[side]


def table(rows, settings, where):
    """The page's block: how it was measured, then one row per duel."""
    lines = [f"Measured with `python3 bench/duel_report.py --duels {settings['duels']} --level {settings['level']} "
             f"--time {settings['time']} --games {settings['games']} --seed {settings['seed']}` (bench/match.py "
             f"referees every move; each opening played twice, colours swapped) on {where}. Both sides get "
             f"{settings['time']} s a move. Score: the first step's points per game (a draw is half), with a 95 % "
             "interval from the spread of the opening pairs' scores (Wilson's, on the games, where they do not "
             "spread). Time per move: mean and longest, as the "
             "referee saw it.", "",
             "| duel | levels | games | won-drawn-lost | discs for-against | score (95 % interval) | faults | "
             "s/move (longest) |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {step_name(r, 'a')} against {step_name(r, 'b')} | "
                     f"{level_of(r['a_options'])} and {level_of(r['b_options'])} | "
                     f"{r['games']} | {r['wins']}-{r['draws']}-{r['losses']} | {r['discs_for']}-{r['discs_against']} | "
                     f"{100 * r['score']:.0f} % ({100 * r['low']:.0f}-{100 * r['high']:.0f}) | {r['faults']} | "
                     f"{r['a_mean']:.2f} ({r['a_longest']:.2f}) and {r['b_mean']:.2f} ({r['b_longest']:.2f}) |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
