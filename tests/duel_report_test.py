#!/usr/bin/env python3
"""bench/duel_report.py end to end on the smallest duel (e02 against e01 at level 3, 20,000
nodes a move, one opening pair), played twice into a store of its own: the same games move
for move, one fact in the store (the second run replaced the first), its row; bad input
refused before any game; the score's interval on known pair scores (paired spread,
Wilson's where there is none); and the sentence on a page whose step has two duels.
(The pages' blocks against the real store: tests/store_test.py.)

    python3 lab.py duel-report-test BUILD_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

from bench.duel_report import score_interval, verdict  # the script under test
from docs import store  # docs/store.py: the store of facts
import lab  # lab.py: the tools' entry point, to run a tool as a child process

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = lab.command("duel-report")


def close(a, b):
    return abs(a - b) < 1e-9


def check_interval():
    # Pairs 2, 2, 1, 1, 2, 1: per-pair scores 1 and 0.5 three times each, mean 0.75,
    # sample variance 0.075, so the mean's standard error is sqrt(0.075 / 6).
    score, low, high = score_interval([2, 2, 1, 1, 2, 1])
    half = 1.96 * (0.075 / 6) ** 0.5
    if not (close(score, 0.75) and close(low, 0.75 - half) and close(high, 0.75 + half)):
        sys.exit(f"FAIL: the paired interval of [2, 2, 1, 1, 2, 1] is {score, low, high}")
    # Every pair won: no spread, so Wilson's interval on 20 games, below 1 at its low end.
    score, low, high = score_interval([2] * 10)
    if not (close(score, 1.0) and 0.8 < low < 0.9 and close(high, 1.0)):
        sys.exit(f"FAIL: the interval of ten won pairs is {score, low, high}")
    # Clipped to 0..1 (here the paired interval would pass 1).
    score, low, high = score_interval([2, 2, 2, 0])
    if not (0 <= low <= score <= high <= 1):
        sys.exit(f"FAIL: the interval of [2, 2, 2, 0] leaves 0..1: {score, low, high}")


def check_verdict():
    # A page whose step plays two duels (e08 against e06, then e07): the sentence opens on
    # the step just before, whatever the order of the rows.
    def row(a, b, wins, score):
        return {"a": a, "b": b, "a_options": "--level 7", "b_options": "--level 6", "games": 40, "wins": wins,
                "draws": 0, "losses": 40 - wins, "score": score, "low": score - 0.1, "high": score + 0.1}
    said = verdict([row("e08", "e06", 32, 0.8), row("e08", "e07", 20, 0.5)], {"nodes": 1000000})
    want = ("**In games:** at the same 1,000,000 nodes a move (a count: a rerun plays the same games), e08 scores "
            "50 % against e07 over 40 games (20 won, 0 drawn, 20 lost; 95 % interval over the openings 40-60 %), at "
            "levels 7 and 6; against e06, 80 % (32 won, 0 drawn, 8 lost; 95 % interval 70-90 %): the table is "
            "under Numbers.\n")
    if said != want:
        sys.exit(f"FAIL: the sentence for e08's two duels is\n{said}not\n{want}")


def refused(build):
    """Bad input: one line and status 2, before any game."""
    for bad, why in ((["--duels", "e02", "--nodes", "5"], "A:B pairs"),
                     (["--duels", "e02:e99", "--nodes", "5"], "unknown engine 'e99'"),
                     (["--duels", "e02:e01", "--nodes", "5", "--games", "3"], "an even number"),
                     (["--duels", "e02:e01", "--time", "0"], "--time must be seconds"),
                     (["--duels", "e02:e01", "--nodes", "0"], "--nodes must be nodes a move"),
                     (["--duels", "e02:e01"], "give --nodes N"),
                     (["--duels", "e02:e01", "--nodes", "5", "--time", "1"], "not allowed with argument"),
                     (["--ladder", "--nodes", "5"], "--ladder is the pages' duels"),
                     (["--duels", "e02:e01", "--nodes", "5", "--run", "x"], "--run names a timed run"),
                     (["--check", "--pages"], "--check only reads"),
                     ([], "nothing to do")):
        r = subprocess.run([*REPORT, "--build", build] + bad, capture_output=True, text=True, timeout=60)
        if r.returncode != 2 or why not in r.stderr:
            sys.exit(f"FAIL: {bad} was not refused with status 2 and {why!r} (exit {r.returncode}): {r.stderr}")


def main(argv):
    if len(argv) != 2:
        print("usage: duel_report_test.py BUILD_DIR", file=sys.stderr)
        return 2
    check_interval()
    check_verdict()
    refused(argv[1])
    with tempfile.TemporaryDirectory() as d:
        facts_dir = os.path.join(d, "facts")
        os.mkdir(facts_dir)
        runs = []
        for i in (1, 2):
            saved = os.path.join(d, f"run{i}.json")
            r = subprocess.run([*REPORT, "--build", argv[1], "--duels", "e02:e01", "--level", "3",
                                "--nodes", "20000", "--games", "2", "--jobs", "1", "--json", saved, "--store", facts_dir],
                               capture_output=True, text=True, timeout=600)
            if r.returncode != 0:
                sys.exit(f"FAIL: duel_report exited {r.returncode}\n{r.stdout}{r.stderr}")
            with open(saved, encoding="utf-8") as f:
                runs.append(json.load(f)["rows"])
        row = runs[0][0]
        if len(runs[0]) != 1 or row["games"] != 2 or row["wins"] + row["draws"] + row["losses"] != 2 \
                or row["a_options"] != "--engine e02 --level 3 --nodes 20000":
            sys.exit(f"FAIL: the saved rows are not one e02-e01 row of 2 games: {runs[0]}")
        # A count repeats: both runs played the same moves in every game.
        if runs[0][0]["moves"] != runs[1][0]["moves"] or len(runs[0][0]["moves"]) != 2:
            sys.exit("FAIL: two runs of the same duel at 20,000 nodes a move played different games")
        facts = list(store.load(facts_dir).values())
        if len(facts) != 1 or facts[0]["key"]["cpu"] != "any" or facts[0]["value"]["wins"] != row["wins"] \
                or facts[0]["key"]["subject"] != "e02_alphabeta against e01_minimax":
            sys.exit(f"FAIL: the store does not hold the duel once, for any CPU: {facts}")
        if f"| e02_alphabeta against e01_minimax | 3 and 3 | 2 | {row['wins']}-{row['draws']}-{row['losses']} |" \
                not in r.stdout:
            sys.exit(f"FAIL: the printed table has no e02_alphabeta-e01_minimax row:\n{r.stdout}")
    print("duel_report: the interval, the sentence, bad input, the same games on a rerun, one fact in the store")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
