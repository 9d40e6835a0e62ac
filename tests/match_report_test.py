#!/usr/bin/env python3
"""bench/match_report.py end to end on the smallest match: our engine (e06, level 1, half a
second a move) against gtp-rhino -l 1, two games (one opening, colours swapped); first an
unknown engine and threads it cannot run, refused before any game. The saved JSON must hold the
row, the page's <!-- match:begin/end --> block must be rewritten with the table, and
--from-json must render the same table again (into another block, --block). Skipped (77)
without gtp-rhino.

    python3 lab.py match-report-test BUILD_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

from bench.match_report import RHINO  # the script under test: where it looks for gtp-rhino
from docs.blocks import block_text, replace_between  # docs/blocks.py: a page's generated blocks
import lab  # lab.py: the tools' entry point, to run a tool as a child process

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = lab.command("match-report")
PAGE = "# a page\n\n<!-- match:begin -->\nold\n<!-- match:end -->\n\nafter\n"


def block(path, name="match"):
    return block_text(open(path, encoding="utf-8").read(), name)


def main(argv):
    if len(argv) != 2:
        print("usage: match_report_test.py BUILD_DIR", file=sys.stderr)
        return 2
    if not os.access(RHINO, os.X_OK):
        print(f"skipped: {RHINO} is missing (apt-get install grhino)")
        return 77
    with tempfile.TemporaryDirectory() as d:
        saved, page, again = (os.path.join(d, n) for n in ("m.json", "page.txt", "again.txt"))
        for p, text in ((page, PAGE), (again, PAGE.replace("match:", "match-1s:"))):
            with open(p, "w", encoding="utf-8") as f:
                f.write(text)
        # Our engine's options reach reversi-lab and the table; bad ones are refused before any game.
        r = subprocess.run([*REPORT, "--build", argv[1], "--engine", "e99", "--games", "1:2"],
                           capture_output=True, text=True, timeout=60)
        if r.returncode != 2 or "unknown engine 'e99'" not in r.stderr:
            sys.exit(f"FAIL: an unknown --engine was not refused with status 2 (exit {r.returncode}): {r.stderr}")
        # A step that solves on one thread refuses --threads 2 (reversi-lab's own line), and more
        # threads than the machine's cores are refused before any game.
        r = subprocess.run([*REPORT, "--build", argv[1], "--engine", "e10", "--threads", "2", "--games", "1:2",
                            "--jobs", "1"], capture_output=True, text=True, timeout=60)
        if r.returncode != 2 or "e10_stable searches on one thread" not in r.stderr:
            sys.exit(f"FAIL: --threads 2 with e10 was not refused with status 2 (exit {r.returncode}): {r.stderr}")
        cores = os.cpu_count() or 1
        r = subprocess.run([*REPORT, "--build", argv[1], "--threads", str(cores + 1), "--games", "1:2", "--jobs", "1"],
                           capture_output=True, text=True, timeout=60)
        if r.returncode != 2 or "wants more cores than the machine's" not in r.stderr:
            sys.exit(f"FAIL: more threads than cores was not refused with status 2 (exit {r.returncode}): {r.stderr}")
        # A page without the block's markers is refused before any game, not after them.
        r = subprocess.run([*REPORT, "--build", argv[1], "--games", "1:2", "--page", again],
                           capture_output=True, text=True, timeout=60)
        if r.returncode != 2 or "has no <!-- match:begin/end --> markers" not in r.stderr:
            sys.exit(f"FAIL: a page without the block was not refused with status 2 (exit {r.returncode}): {r.stderr}")
        r = subprocess.run([*REPORT, "--build", argv[1], "--engine", "e06", "--level", "1",
                            "--time", "0.5", "--games", "1:2", "--jobs", "1", "--json", saved, "--page", page],
                           capture_output=True, text=True, timeout=600)
        if r.returncode != 0:
            sys.exit(f"FAIL: match_report exited {r.returncode}\n{r.stdout}{r.stderr}")
        with open(saved, encoding="utf-8") as f:
            rows = json.load(f)["rows"]
        if len(rows) != 1 or rows[0]["rhino_level"] != 1 or rows[0]["games"] != 2 or \
                rows[0]["wins"] + rows[0]["draws"] + rows[0]["losses"] != 2:
            sys.exit(f"FAIL: the saved rows are not one level-1 row of 2 games: {rows}")
        table = block(page)
        if "`reversi-lab gtp --engine e06 --level 1 --time 0.5`" not in table or "e06_endgame" not in table:
            sys.exit(f"FAIL: the table does not name our engine's options and step:\n{table}")
        row = rows[0]
        line = f"| -l 1 | 2 | {row['wins']}-{row['draws']}-{row['losses']} | {row['discs_for']}-{row['discs_against']} |"
        if "old" in table or line not in table:
            sys.exit(f"FAIL: the page's match block was not rewritten with the table:\n{table}")
        with open(page, encoding="utf-8") as f:  # the printed table in the block, the rest untouched
            if f.read() != replace_between(PAGE, "match", r.stdout, page):
                sys.exit("FAIL: the page is not the old page with the printed table in its block")
        r = subprocess.run([*REPORT, "--from-json", saved, "--page", again, "--block", "match-1s"],
                           capture_output=True, text=True, timeout=60)
        if r.returncode != 0 or block(again, "match-1s") != table:
            sys.exit(f"FAIL: --from-json did not render the same table (exit {r.returncode})\n{r.stderr}")
    print("match_report: the run saved its rows, rewrote the page's block, and --from-json renders the same table "
          "into another block")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
