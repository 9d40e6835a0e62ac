#!/usr/bin/env python3
"""`reversi-lab gtp` against a real opponent: Debian's gtp-rhino, 2 games at level 1,
refereed by bench/match.py (which checks every move with its own rules).

    python3 lab.py gtp-match-test build/reversi-lab

Passes when the referee reports no fault (no illegal move, no wrong pass, no refused
legal move, no malformed answer, no crash or hang of either engine) and our engine's
own final_score agrees with the referee's count in both games. Who wins does not
matter. Exit 77 (skipped) without /usr/games/gtp-rhino (Debian package grhino) or
without bench/match.py.
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

import lab  # lab.py: the tools' entry point, to run a tool as a child process


RHINO = "/usr/games/gtp-rhino"
MATCH = lab.command("match")  # bench/match.py, through the tools' entry point


def main():
    if len(sys.argv) != 2:
        print("usage: gtp_match_test.py REVERSI_LAB", file=sys.stderr)
        return 2
    if not os.access(RHINO, os.X_OK):
        print("skipped: %s is missing (apt-get install grhino)" % RHINO)
        return 77
    engine = "%s gtp --level 1" % shlex.quote(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "match.json")
        run = subprocess.run([*MATCH, "--engine-a", engine, "--engine-b", RHINO + " -l 1",
                              "--games", "2", "--json", report], capture_output=True, text=True, timeout=600)
        sys.stdout.write(run.stdout)
        sys.stderr.write(run.stderr)
        if run.returncode != 0:
            print("FAIL: the referee exited with %d" % run.returncode)
            return 1
        with open(report) as f:
            data = json.load(f)
    failures = []
    if data["summary"]["games"] != 2 or data["summary"]["faults"] != 0 or data["interrupted"]:
        failures.append("summary: %s" % data["summary"])
    for game in data["games"]:
        black, white, empty = game["black_discs"], game["white_discs"], game["empties"]
        diff = black - white + (empty if black > white else -empty if white > black else 0)
        expected = "= " + ("B+%d" % diff if diff > 0 else "W+%d" % -diff if diff < 0 else "0")
        verdict = game.get("engine_final_scores", {}).get("A")
        if game["fault"] or verdict != expected:
            failures.append("game %d: fault %s, our final_score %r, the referee's count %r"
                            % (game["game"], game["fault"], verdict, expected))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
