#!/usr/bin/env python3
"""docs/learned.py, the e07 page's training table, on a made-up training JSON: one row per
phase with the first fit's and the last round's held-out errors and the last round's label
sources; the machine named; a JSON of another shape or a missing file is one line, exit 2."""
import json
import os
import subprocess
import sys
import tempfile

from docs import learned
import lab  # lab.py: the tools' entry point, to run learned.py as the command line does

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def phase(p, err, exact, search, game):
    return {"phase": p, "empties": [5 * p, 5 * p + 4], "error_held_out": err, "error_mean": 20.0 + p,
            "exact": exact, "search": search, "game": game}


DATA = {"seed": 7, "games": 1200, "exact_from": 16, "positions": 34567, "weights": "00000000000000ab",
        "cpu_seconds": 1234, "wall_seconds": 700, "threads": 2, "machine": "Test CPU, 2 cores",
        "rounds": [{"phases": [phase(0, 3.5, 10, 0, 0), phase(1, 17.25, 0, 0, 30)]},
                   {"phases": [phase(0, 3.5, 10, 0, 0), phase(1, 6.125, 0, 10, 30)]}]}


def main():
    failures = []
    block = learned.learning(DATA)
    rows = [line for line in block.splitlines() if line.startswith("| ") and line[2].isdigit()]
    if rows != ["| 0 | 0-4 | 100 % exact | 3.50 | 3.50 | 20.00 |",
                "| 1 | 5-9 | 25 % search, 75 % game result | 17.25 | 6.12 | 21.00 |"]:
        failures.append(f"rows: {rows}")
    for words in ("seed 7", "1,200 self-play games", "34,567 positions", "1,234 s of CPU time (its 2 threads together)", "700 s by the clock", "on Test CPU, 2 cores",
                  "weights 00000000000000ab"):
        if words not in block:
            failures.append(f"the caption lacks {words!r}")
    page = "a\n<!-- learning:begin -->\nold\n<!-- learning:end -->\nb\n"
    from docs.blocks import replace_between
    filled = learned.fill(page, DATA, replace_between, "the test's page")
    if "old" in filled or rows[0] not in filled or not filled.startswith("a\n") or not filled.endswith("b\n"):
        failures.append("fill does not replace the block alone")
    if learned.fill(page, None, replace_between, "the test's page") != page:
        failures.append("fill without a JSON changes the page")
    with tempfile.TemporaryDirectory() as tmp:
        bad = os.path.join(tmp, "bad.json")
        with open(bad, "w") as f:
            json.dump({"seed": 1}, f)
        for path in (bad, os.path.join(tmp, "missing.json")):
            r = subprocess.run([*lab.command("learned"), "show", path],
                               capture_output=True, text=True)
            if r.returncode != 2 or len(r.stderr.strip().splitlines()) != 1 or r.stdout:
                failures.append(f"show {os.path.basename(path)}: exit {r.returncode}, stderr {r.stderr!r}")
    for f in failures:
        print("FAIL:", f)
    print("learned.py: " + ("ok" if not failures else f"{len(failures)} failure(s)"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
