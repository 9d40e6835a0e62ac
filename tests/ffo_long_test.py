#!/usr/bin/env python3
"""bench/ffo_long.py end to end on quick positions (FFO #1-#3): each solved in its own
process and kept; a second run goes on where the first stopped, solving only what is
missing; another engine starts over; bad input refused; on two threads each thread's
nodes kept, and another number of threads starts over. Then the page's table
(bench/ffo_long.py's table, from the run as the store of facts keeps it) from a made-up
run: the solved rows, the wrong one marked, the missing ones listed, the total of #45-#59;
each step's page shows its own run, and a run that starts over leaves nothing behind.

    python3 lab.py ffo-long-test BUILD_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from bench import ffo_long  # the page's block and the run's facts, under test
from docs import store  # docs/store.py: a store of facts, here a temporary one
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
    check_threads(build, tmp)


def check_threads(build, tmp):
    """On several threads: each thread's nodes kept, summing to the position's; a run on
    another number of threads starts over; a bad --threads, or threads for a step that
    solves on one, refused with exit 2."""
    data = os.path.join(tmp, "threads.json")
    r = run(build, data, "--ffo", "1", "--engine", "e11", "--threads", "2")
    got = json.load(open(data)) if os.path.exists(data) else {}
    p = (got.get("positions") or [{}])[0]
    if r.returncode != 0 or got.get("threads") != 2 or len(p.get("thread_nodes", [])) != 2 \
            or sum(p["thread_nodes"]) != p["nodes"] or not p["ok"]:
        fail(f"FFO #1 on two threads was not kept with each thread's nodes: {got}", r)
    r = run(build, data, "--ffo", "1", "--engine", "e11")
    one = json.load(open(data))
    if r.returncode != 0 or "starting over" not in r.stderr or "threads" in one \
            or "thread_nodes" in one["positions"][0]:
        fail(f"a run on one thread did not start over: {one}", r)
    for bad in (["--threads", "0"], ["--threads", "257"], ["--threads", "two"], ["--threads", "02"],
                ["--engine", "e10", "--threads", "2"]):
        r = run(build, data, "--ffo", "1", *bad) if bad[0] != "--threads" else \
            run(build, data, "--ffo", "1", "--engine", "e11", *bad)
        if r.returncode != 2 or json.load(open(data)) != one:
            fail(f"{bad} was not refused with exit 2, data untouched", r)


def check_table(tmp):
    src = os.path.join(tmp, "src")
    facts = os.path.join(src, "docs", "facts")
    os.makedirs(facts)
    os.makedirs(os.path.join(src, "common", "library"))
    shutil.copy(os.path.join(ROOT, "common", "library", "ffo.txt"), os.path.join(src, "common", "library"))

    def put(data):  # the run into the temporary store, as ffo_long.py keeps it
        store.record(ffo_long.WRITER, ffo_long.STORE_FILE, ffo_long.facts(data), facts,
                     drop=lambda f: f["key"]["subject"] == data["step"])

    def table(folder):
        return ffo_long.table(src, folder, ffo_long.from_facts(
            [f for f in store.load(facts).values()], folder))

    if "Not run yet: `cmake --build build --target ffo-long-e09` (hours) records it in the store" not in table("e09_bitsolve"):
        fail("without a run in the store the page does not say it has not run, and how to run it")

    def row(n, empties, score, ok, nodes, secs):
        return {"number": n, "empties": empties, "score": score, "published_score": "+38" if n == 40 else "+6",
                "best": "a2" if n == 40 else "b2", "published_best": "a2" if n == 40 else "b2", "ok": ok,
                "nodes": nodes, "cpu_seconds": secs, "wall_seconds": secs, "cpu": "Test CPU", "date": "2026-01-01"}
    data = {"step": "e09_bitsolve", "stage": "s11_avx512", "code": "x", "commit": "abc1234", "note": "quiet",
            "positions": [row(40, 20, "+38", True, 1000, 1.0), row(45, 24, "+4", False, 3000000, 2.0)]}
    put(data)
    if ffo_long.from_facts(list(store.load(facts).values()), "e09_bitsolve") != data:
        fail("the run did not come back from the store as it was")
    e09 = table("e09_bitsolve")
    lines = e09.splitlines()
    expect = ["2 of 20 positions solved so far by e09_bitsolve on s11_avx512, wrong: #45",
              "commit abc1234", "on Test CPU (quiet)",
              "| 40 | 20 | +38 (+38) | a2 (a2) | 1,000 | above | above |",
              "| 45 | 24 | +4 (+6) **wrong** | b2 (b2) | 3,000,000 | 2.0 | 1.50 M |",
              "| 41 | 22 | (+0) | (h4) | not solved yet | | |",
              "| #45-#59 so far | | | | 3,000,000 | 2.0 | 1.50 M |"]
    for e in expect:
        if e not in e09:
            fail(f"the table lacks {e!r}:\n{e09}")
    if sum("not solved yet" in ln for ln in lines) != 18:
        fail(f"not 18 missing rows:\n{e09}")
    if "Not run yet" not in table("e08_selective") or "Not run yet" not in table("e10_stable"):
        fail("another step's page shows e09's run")
    # A step's page shows its own run: e10's on e10's page, e09's stays on e09's.
    put(dict(data, step="e10_stable", commit="def5678", positions=[row(40, 20, "+38", True, 500, 0.5)]))
    e10 = table("e10_stable")
    if "1 of 20 positions solved so far by e10_stable" not in e10 or "commit def5678" not in e10 \
            or "--target ffo-long-e10" not in e10 or "| 40 | 20 | +38 (+38) | a2 (a2) | 500 | above | above |" not in e10:
        fail(f"e10's page does not show e10's run:\n{e10}")
    if table("e09_bitsolve") != e09:
        fail("e10's run changed e09's table")
    # A run that starts over (other code, one position on another CPU) replaces the step's whole run.
    put(dict(data, code="y", positions=[dict(row(41, 22, "+0", True, 700, 0.7), cpu="Other CPU")]))
    again = table("e09_bitsolve")
    if "1 of 20 positions solved so far" not in again or "| 40 | 20 | +38 (+38) | a2 (a2) | 1,000 |" in again:
        fail(f"a run that starts over kept the earlier run's rows:\n{again}")
    # The whole test: no "so far", and the total of #45-#59 (15 rows of 1,000,000 nodes, 1 s).
    data["positions"] = [row(n, 20, "+38", True, 1000000, 1.0) for n in range(40, 60)]
    put(data)
    whole = table("e09_bitsolve")
    for e in ["All 20 positions solved by e09_bitsolve on s11_avx512, every one right",
              "| #45-#59 | | | | 15,000,000 | 15.0 | 1.00 M |"]:
        if e not in whole:
            fail(f"the whole run's table lacks {e!r}:\n{whole}")
    if "so far" in whole or "not solved yet" in whole:
        fail(f"the whole run's table says it is not whole:\n{whole}")
    # A run on two threads: the time by the clock beside the CPU time, each thread's nodes,
    # every row timed (no bench report times a step's threads), the total of all twenty.
    two = dict(data, step="e11_parallel", threads=2, commit="fed4321",
               positions=[dict(row(n, 20, "+38", True, 1000000, 2.0), wall_seconds=1.0, thread_nodes=[600000, 400000])
                          for n in range(40, 60)])
    put(two)
    if ffo_long.from_facts(list(store.load(facts).values()), "e11_parallel") != two:
        fail("the run on two threads did not come back from the store as it was")
    e11 = table("e11_parallel")
    for e in ["All 20 positions solved by e11_parallel on s11_avx512 on 2 threads, every one right: 20,000,000 nodes "
              "in 0.3 minutes by the clock, on Test CPU.\n\n<details>",
              "--target ffo-long-e11", "| 40 | 20 | +38 (+38) | a2 (a2) | 1,000,000 | 600,000 + 400,000 | 1.0 | 2.0 | 1.00 M |",
              "| #40-#59 | | | | 20,000,000 | | 20.0 | 40.0 | 1.00 M |"]:
        if e not in e11:
            fail(f"the table of the run on two threads lacks {e!r}:\n{e11}")
    if not e11.endswith("| 1.00 M |\n\n</details>\n"):
        fail(f"the positions of the run on two threads are not folded:\n{e11}")
    if table("e09_bitsolve") != whole:
        fail("e11's run changed e09's table")
    check_published(src, facts, put, two)


def check_published(src, facts, put, two):
    """The ffo-published block: a whole run on threads beside other programs' published runs."""
    def beside():
        known = list(store.load(facts).values())
        return ffo_long.beside_published(src, "e11_parallel", ffo_long.from_facts(known, "e11_parallel"),
                                         ffo_long.published(known))

    if "No published run in the store (docs/facts/published.json)" not in beside():
        fail(f"without a published run the block does not say so:\n{beside()}")
    key = {"what": ffo_long.PUBLISHED, "workload": "FFO #40-#59", "subject": "Other 1.0", "platform": "host",
           "cpu": "Other CPU"}
    store.record(ffo_long.PUBLISHED_WRITER, ffo_long.PUBLISHED_FILE, [
        {"key": key, "value": {"nodes": 10000000, "seconds": 2.0, "source": "Other's page", "address": "https://x.test/"},
         "how": "published: https://x.test/"}], facts)
    got = beside()
    for e in ["On 2 threads e11_parallel visits 2.00x the nodes Other 1.0 reports for the twenty positions (Other CPU",
              "| e11_parallel on s11_avx512 (this page) | Test CPU | 2 | 20,000,000 | 20.0 | 1.00 M | 1.00x |",
              "| Other 1.0 | Other CPU | not stated | 10,000,000 | 2.0 | 5.00 M | 2.00x |",
              "Published on [Other's page](https://x.test/)"]:
        if e not in got:
            fail(f"the block beside the published runs lacks {e!r}:\n{got}")
    # No total beside them until all twenty are right: a part of the run, then one wrong.
    put(dict(two, positions=two["positions"][:5]))
    if "5 of 20 positions solved so far: no total" not in beside():
        fail(f"a part of the run was set beside the published ones:\n{beside()}")
    put(dict(two, positions=two["positions"][:19] + [dict(two["positions"][19], ok=False)]))
    if "wrong: #59: no total" not in beside():
        fail(f"a run with a wrong position was set beside the published ones:\n{beside()}")
    put(dict(two, threads=1))
    if "Not run on every core yet: `cmake --build build --target ffo-long-e11`" not in beside():
        fail(f"a run on one thread was set beside the published ones:\n{beside()}")


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
