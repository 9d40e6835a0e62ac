#!/usr/bin/env python3
"""Our engine against Debian's gtp-rhino at its levels 1-5, through the referee
bench/match.py (its own rules check, colours swapped, varied openings), as one table.

    python3 bench/match_report.py [--build build] [--level 6] [--games 4] [--rhino-levels 1,2,3,4,5]
                                  [--json build/match-report.json]

Per rhino level: wins, draws and losses of our engine, discs for and against, faults,
and the thinking time per move of each side (mean, and our longest move). A level-5
game takes minutes of rhino's time; the whole table about a quarter of an hour.
Exit 1 when any game had a fault (an illegal move, a protocol error), 2 on bad input.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RHINO = "/usr/games/gtp-rhino"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--level", type=int, default=6, help="our engine's level (reversi-lab gtp --level)")
    ap.add_argument("--games", type=int, default=4, help="games per rhino level (pairs, colours swapped)")
    ap.add_argument("--rhino-levels", default="1,2,3,4,5")
    ap.add_argument("--json", help="write the table's data here")
    a = ap.parse_args()
    try:
        levels = [int(x) for x in a.rhino_levels.split(",")]
    except ValueError:
        ap.error(f"--rhino-levels must be numbers separated by commas, got {a.rhino_levels!r}")
    if any(not 1 <= x <= 5 for x in levels):
        ap.error("--rhino-levels are 1..5")
    ours = os.path.join(a.build, "reversi-lab")
    if not os.access(ours, os.X_OK):
        ap.error(f"no {ours}: build it first (./lab build)")
    if not os.access(RHINO, os.X_OK):
        print(f"match_report: {RHINO} is missing: apt-get install grhino", file=sys.stderr)
        return 2
    rows, faults = [], 0
    for level in levels:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "m.json")
            cmd = [sys.executable, os.path.join(HERE, "match.py"), "--engine-a", f"{ours} gtp --level {a.level}",
                   "--engine-b", f"{RHINO} -l {level}", "--games", str(a.games), "--quiet", "--json", out]
            run = subprocess.run(cmd, stdout=subprocess.DEVNULL)
            if run.returncode not in (0, 1) or not os.path.exists(out):
                print(f"match_report: the match against -l {level} did not finish (exit {run.returncode})", file=sys.stderr)
                return 1
            with open(out, encoding="utf-8") as f:
                report = json.load(f)
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
    name = report["engine_a"].get("name", "reversi-lab") if isinstance(report["engine_a"], dict) else report["engine_a"]
    print(f"{name} against gtp-rhino, {a.games} games a level:\n")
    print("| gtp-rhino | games | won-drawn-lost | discs for-against | faults | our s/move | our longest move s | rhino s/move |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| -l {r['rhino_level']} | {r['games']} | {r['wins']}-{r['draws']}-{r['losses']} | "
              f"{r['discs_for']}-{r['discs_against']} | {r['faults']} | "
              f"{r['our_seconds'] / max(r['our_moves'], 1):.3f} | {r['our_longest_move']:.2f} | "
              f"{r['rhino_seconds'] / max(r['rhino_moves'], 1):.3f} |")
    if a.json:
        try:
            with open(a.json, "w", encoding="utf-8") as f:
                json.dump({"level": a.level, "games_per_level": a.games, "rows": rows}, f, indent=1)
        except OSError as e:
            print(f"match_report: cannot write {a.json}: {e.strerror}", file=sys.stderr)
            return 1
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
