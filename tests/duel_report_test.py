#!/usr/bin/env python3
"""bench/duel_report.py end to end on the smallest duel (e02 against e01 at level 1, a
tenth of a second a move, one opening pair): the saved row, the page's
<!-- duel:begin/end --> block, --from-json, --from-page (the page written again from its own
table, unchanged; a table it cannot read back refused); bad input (a page without the block
too) refused before any game; the score's interval on known pair scores (paired spread,
Wilson's where there is none); and the sentence on a page whose step has two duels.

    tests/duel_report_test.py BUILD_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = os.path.join(os.path.dirname(HERE), "bench", "duel_report.py")
sys.path[:0] = [os.path.dirname(REPORT), os.path.join(os.path.dirname(HERE), "docs")]
from duel_report import score_interval, verdict  # noqa: E402  (the script under test)
from blocks import replace_between  # noqa: E402  (docs/blocks.py: how a block is rewritten)
PAGE = ("# a page\n\n<!-- duel-verdict:begin -->\nold\n<!-- duel-verdict:end -->\n\n"
        "<!-- duel:begin -->\nold\n<!-- duel:end -->\n\nafter\n")


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
    # the step just before, whatever the order of the rows; a ladder's other steps' rows
    # (e07 against e06, first) are not the page's.
    def row(a, b, wins, score):
        return {"a": a, "b": b, "a_options": "--level 7", "b_options": "--level 6", "games": 40, "wins": wins,
                "draws": 0, "losses": 40 - wins, "score": score, "low": score - 0.1, "high": score + 0.1}
    said = verdict([row("e07", "e06", 30, 0.75), row("e08", "e06", 32, 0.8), row("e08", "e07", 20, 0.5)], {"time": "1"})
    want = ("**In games:** at the same 1 s a move, e08 scores 50 % against e07 over 40 games (20 won, 0 drawn, 20 "
            "lost; 95 % interval 40-60 %), at levels 7 and 6; against e06, 80 % (32 won, 0 drawn, 8 lost; 95 % "
            "interval 70-90 %): the table is under Numbers.\n")
    if said != want:
        sys.exit(f"FAIL: the sentence for e08's two duels is\n{said}not\n{want}")


def main(argv):
    if len(argv) != 2:
        print("usage: duel_report_test.py BUILD_DIR", file=sys.stderr)
        return 2
    check_interval()
    check_verdict()
    for bad, why in (([ "--duels", "e02"], "A:B pairs"), (["--duels", "e02:e99"], "unknown engine 'e99'"),
                     (["--duels", "e02:e01", "--games", "3"], "an even number"),
                     (["--duels", "e02:e01", "--time", "0"], "--time must be seconds")):
        r = subprocess.run([sys.executable, REPORT, "--build", argv[1]] + bad, capture_output=True, text=True,
                           timeout=60)
        if r.returncode != 2 or why not in r.stderr:
            sys.exit(f"FAIL: {bad} was not refused with status 2 and {why!r} (exit {r.returncode}): {r.stderr}")
    # A page without the duel block is refused before any game, not after an hour of them.
    with tempfile.TemporaryDirectory() as d:
        bare = os.path.join(d, "bare.txt")
        with open(bare, "w", encoding="utf-8") as f:
            f.write("# a page without the block\n")
        r = subprocess.run([sys.executable, REPORT, "--build", argv[1], "--duels", "e02:e01", "--page", bare],
                           capture_output=True, text=True, timeout=60)
        if r.returncode != 2 or "has no <!-- duel:begin/end --> markers" not in r.stderr:
            sys.exit(f"FAIL: a page without the duel block was not refused with status 2 (exit {r.returncode}): "
                     f"{r.stderr}")
    with tempfile.TemporaryDirectory() as d:
        saved, page, again = (os.path.join(d, n) for n in ("d.json", "page.txt", "again.txt"))
        for p in (page, again):
            with open(p, "w", encoding="utf-8") as f:
                f.write(PAGE)
        r = subprocess.run([sys.executable, REPORT, "--build", argv[1], "--duels", "e02:e01", "--level", "1",
                            "--time", "0.1", "--games", "2", "--jobs", "1", "--json", saved, "--page", page],
                           capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            sys.exit(f"FAIL: duel_report exited {r.returncode}\n{r.stdout}{r.stderr}")
        with open(saved, encoding="utf-8") as f:
            rows = json.load(f)["rows"]
        if len(rows) != 1 or rows[0]["games"] != 2 or rows[0]["wins"] + rows[0]["draws"] + rows[0]["losses"] != 2 \
                or rows[0]["a_options"] != "--engine e02 --level 1 --time 0.1":
            sys.exit(f"FAIL: the saved rows are not one e02-e01 row of 2 games: {rows}")
        row = rows[0]
        said = (f"**In games:** at the same 0.1 s a move, e02 scores {100 * row['score']:.0f} % against e01 over 2 "
                f"games ({row['wins']} won, {row['draws']} drawn, {row['losses']} lost; 95 % interval "
                f"{100 * row['low']:.0f}-{100 * row['high']:.0f} %), at levels 1 and 1: the table is under Numbers.\n")
        with open(page, encoding="utf-8") as f:
            if f.read() != replace_between(replace_between(PAGE, "duel", r.stdout, page), "duel-verdict", said, page):
                sys.exit("FAIL: the page is not the old page with the printed table and the sentence in their blocks")
        # the row names each side by its step's folder (its idea), not by e02 alone
        if f"| e02_alphabeta against e01_minimax | 1 and 1 | 2 | {row['wins']}-{row['draws']}-{row['losses']} |" \
                not in r.stdout:
            sys.exit(f"FAIL: the table has no e02_alphabeta-e01_minimax row:\n{r.stdout}")
        r2 = subprocess.run([sys.executable, REPORT, "--from-json", saved, "--page", again], capture_output=True,
                            text=True, timeout=60)
        if r2.returncode != 0 or r2.stdout != r.stdout:
            sys.exit(f"FAIL: --from-json did not render the same table (exit {r2.returncode})\n{r2.stderr}")
        with open(page, encoding="utf-8") as f, open(again, encoding="utf-8") as g:
            written = f.read()
            if written != g.read():
                sys.exit("FAIL: --from-json did not write the same page")
        # --from-page reads the table back and writes the same page
        r3 = subprocess.run([sys.executable, REPORT, "--from-page", again], capture_output=True, text=True, timeout=60)
        with open(again, encoding="utf-8") as g:
            if r3.returncode != 0 or g.read() != written:
                sys.exit(f"FAIL: --from-page did not write the page as it was (exit {r3.returncode})\n{r3.stderr}")
        # ...and refuses a table that is not duel_report's, leaving the page as it was
        changed = written.replace(" | 1 and 1 | ", " | one and one | ")
        with open(again, "w", encoding="utf-8") as g:
            g.write(changed)
        r4 = subprocess.run([sys.executable, REPORT, "--from-page", again], capture_output=True, text=True, timeout=60)
        with open(again, encoding="utf-8") as g:
            if r4.returncode != 2 or "cannot read the duel table" not in r4.stderr or g.read() != changed:
                sys.exit(f"FAIL: --from-page did not refuse a table it cannot read (exit {r4.returncode})\n{r4.stderr}")
    print("duel_report: the interval, the sentence, bad input, the saved row, the page's blocks, --from-json and "
          "--from-page")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
