#!/usr/bin/env python3
"""bench/ffo_long.py end to end on quick positions (FFO #1-#3): each solved in its own
process and kept; a second run goes on where the first stopped, solving only what is
missing; another engine starts over; bad input refused. Then the page's table
(docs/update_docs.py's ffo_long_table) from a made-up run: the solved rows, the wrong
one marked, the missing ones listed, the total of #45-#59.

    python3 lab.py ffo-long-test BUILD_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from docs.update_docs import ffo_long_table  # the page's block under test
import lab  # lab.py: the tools' entry point, to run a tool as a child process

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCRIPT = lab.command("ffo-long")


def run(build, data, *more):
    return subprocess.run([*SCRIPT, "--build", build, "--data", data, *more],
                          capture_output=True, text=True)


def fail(what, r=None):
    sys.exit(f"FAIL: {what}" + (f"\nstdout: {r.stdout}\nstderr: {r.stderr}" if r else ""))


def check_runs(build, tmp):
    data = os.path.join(tmp, "ffo.json")
    r = run(build, data, "--ffo", "1,2", "--engine", "e09")
    if r.returncode != 0:
        fail("FFO #1-#2 were not solved", r)
    first = json.load(open(data))
    rows = {p["number"]: p for p in first["positions"]}
    if sorted(rows) != [1, 2] or first["step"] != "e09_bitsolve" or not first["code"]:
        fail(f"the kept run is not FFO #1-#2 of e09 with its code: {first}")
    for n, p in rows.items():
        if not (p["ok"] and p["score"] == p["published_score"] and p["nodes"] > 0 and p["cpu_seconds"] > 0):
            fail(f"FFO #{n}'s row is not a right, measured solve: {p}")
    # Again, one more position: #1 and #2 kept as they were, only #3 solved.
    r = run(build, data, "--ffo", "1-3", "--engine", "e09", "--note", "a test")
    second = json.load(open(data))
    if r.returncode != 0 or "FFO #1: kept" not in r.stderr or "FFO #3: solving" not in r.stderr \
            or "FFO #1: solving" in r.stderr:
        fail("the second run did not go on where the first stopped", r)
    if [p for p in second["positions"] if p["number"] < 3] != first["positions"] or second.get("note") != "a test":
        fail(f"the kept rows changed, or the note is missing: {second}")
    if [p["number"] for p in second["positions"]] != [1, 2, 3]:
        fail(f"FFO #3 was not added in order: {second['positions']}")
    # Another engine: the kept rows are another code's, so the run starts over.
    r = run(build, data, "--ffo", "2", "--engine", "e08")
    third = json.load(open(data))
    if r.returncode != 0 or "starting over" not in r.stderr or third["step"] != "e08_selective" \
            or [p["number"] for p in third["positions"]] != [2]:
        fail(f"a run of another engine did not start over: {third}", r)
    # Bad input: one line, exit 2, the data untouched.
    for bad in (["--ffo", "x"], ["--ffo", "1-"], ["--build", os.path.join(tmp, "nowhere")]):
        r = run(build, data, *bad) if bad[0] != "--build" else \
            subprocess.run([*SCRIPT, *bad, "--data", data], capture_output=True, text=True)
        if r.returncode != 2 or json.load(open(data)) != third:
            fail(f"{bad} was not refused with exit 2, data untouched", r)


def check_table(tmp):
    src = os.path.join(tmp, "src")
    os.makedirs(os.path.join(src, "docs"))
    os.makedirs(os.path.join(src, "common", "library"))
    shutil.copy(os.path.join(ROOT, "common", "library", "ffo.txt"), os.path.join(src, "common", "library"))
    if "Not run yet: `cmake --build build --target ffo-long-e09` (hours) writes docs/ffo_long_e09.json" \
            not in ffo_long_table(src, "e09_bitsolve"):
        fail("without docs/ffo_long_e09.json the page does not say it has not run, and how to run it")

    def row(n, empties, score, ok, nodes, secs):
        return {"number": n, "empties": empties, "score": score, "published_score": "+38" if n == 40 else "+6",
                "best": "a2" if n == 40 else "b2", "published_best": "a2" if n == 40 else "b2", "ok": ok,
                "nodes": nodes, "cpu_seconds": secs, "wall_seconds": secs, "cpu": "Test CPU", "date": "2026-01-01"}
    data = {"step": "e09_bitsolve", "stage": "s11_avx512", "code": "x", "commit": "abc1234", "note": "quiet",
            "positions": [row(40, 20, "+38", True, 1000, 1.0), row(45, 24, "+4", False, 3000000, 2.0)]}
    with open(os.path.join(src, "docs", "ffo_long_e09.json"), "w") as f:
        json.dump(data, f)
    table = ffo_long_table(src, "e09_bitsolve")
    lines = table.splitlines()
    expect = ["2 of 20 positions solved so far by e09_bitsolve on s11_avx512, wrong: #45",
              "commit abc1234", "on Test CPU (quiet)",
              "| 40 | 20 | +38 (+38) | a2 (a2) | 1,000 | above | above |",
              "| 45 | 24 | +4 (+6) **wrong** | b2 (b2) | 3,000,000 | 2.0 | 1.50 M |",
              "| 41 | 22 | (+0) | (h4) | not solved yet | | |",
              "| #45-#59 so far | | | | 3,000,000 | 2.0 | 1.50 M |"]
    for e in expect:
        if e not in table:
            fail(f"the table lacks {e!r}:\n{table}")
    if sum("not solved yet" in ln for ln in lines) != 18:
        fail(f"not 18 missing rows:\n{table}")
    if "Not run yet" not in ffo_long_table(src, "e08_selective") or "Not run yet" not in ffo_long_table(src, "e10_stable"):
        fail("another step's page shows e09's run")
    # A step's page reads its own file: e10's run on e10's page, e09's stays on e09's.
    with open(os.path.join(src, "docs", "ffo_long_e10.json"), "w") as f:
        json.dump(dict(data, step="e10_stable", commit="def5678", positions=[row(40, 20, "+38", True, 500, 0.5)]), f)
    e10 = ffo_long_table(src, "e10_stable")
    if "1 of 20 positions solved so far by e10_stable" not in e10 or "commit def5678" not in e10 \
            or "--target ffo-long-e10" not in e10 or "| 40 | 20 | +38 (+38) | a2 (a2) | 500 | above | above |" not in e10:
        fail(f"e10's page does not show e10's run:\n{e10}")
    if ffo_long_table(src, "e09_bitsolve") != table:
        fail("e10's file changed e09's table")
    # The step's file must hold that step's run: e09's data in e10's file is not shown.
    with open(os.path.join(src, "docs", "ffo_long_e10.json"), "w") as f:
        json.dump(data, f)
    if "Not run yet" not in ffo_long_table(src, "e10_stable"):
        fail("e10's page shows another step's run kept in its file")
    # The whole test: no "so far", and the total of #45-#59 (15 rows of 1,000,000 nodes, 1 s).
    data["positions"] = [row(n, 20, "+38", True, 1000000, 1.0) for n in range(40, 60)]
    with open(os.path.join(src, "docs", "ffo_long_e09.json"), "w") as f:
        json.dump(data, f)
    table = ffo_long_table(src, "e09_bitsolve")
    for e in ["All 20 positions solved by e09_bitsolve on s11_avx512, every one right",
              "| #45-#59 | | | | 15,000,000 | 15.0 | 1.00 M |"]:
        if e not in table:
            fail(f"the whole run's table lacks {e!r}:\n{table}")
    if "so far" in table or "not solved yet" in table:
        fail(f"the whole run's table says it is not whole:\n{table}")


def main(argv):
    if len(argv) != 2:
        print("usage: ffo_long_test.py BUILD_DIR", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        check_runs(argv[1], tmp)
        check_table(tmp)
    print("ffo_long.py: runs kept and resumed, another engine starts over, bad input refused; the page's table")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
