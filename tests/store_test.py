#!/usr/bin/env python3
"""The store of facts (docs/store.py, docs/facts/) keeps one value per key, and the pages
show what it holds:
- the repository's store loads: no key has two values;
- a second value planted for a key, in another file or in the same one, fails the load
  with both places named; a second writer of a key is refused, its own writer replaces;
- a broken key (a field missing or empty) fails;
- the bench report goes into the store and comes back as it was (bench/report.py facts,
  from_facts): the same medians, spreads, counters and node counts; a later run on the
  same CPU is the one read back, an earlier CPU's facts stay as keys of their own; the
  embedded report, the one-process pairs, the slowdowns' counts, every step's ablation, e11's
  run on one thread and two, the pages' callgrind counts, the flash-cache model, each step's full FFO test and the
  exercises' proof and the timed match come back from their facts as they were; a number typed into a copy of
  s05's Numbers table, of the ESP32 guide's memory table, of e04's ablation table, of s11's
  one-process table, of e11's table of one thread against two, of s06's callgrind counts, of s08's flash-cache table, of e10's full
  FFO test or of s11's kept measurements fails update_docs' check, one typed into the
  exercises' measured table fails the exercises' pages check, and one typed into
  docs/cli.md's timed match fails match_report's;
- every step page's duel blocks are what bench/duel_report.py renders from the store, and
  a number typed into a copy of one fails that check, naming the page and block; the
  perft tables (docs/cli.md, s11's page) are what bench/perft_speed.py renders from it.

    python3 lab.py store-test REPOSITORY_ROOT     (CTest docs:store)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from bench import embedded_report  # its facts() and from_facts(), under test
from bench import ffo_long  # the same
from bench import flash_cache  # the same
from bench import match_report  # the same
from exercises import exercises  # its proof_facts() and proof_from_facts(), the same
from bench import page_counts  # the same
from bench import verdict_pairs  # the same
from bench import why_slower  # the same
from docs import ablation  # the same
from docs import parallel  # the same
from bench import report as bench_report  # its facts() and from_facts(), under test
from docs import store  # the store under test
from docs import verdicts  # its one-process table, from the pairs of every CPU
import lab  # lab.py: the tools' entry point, to run a tool as a child process

ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) == 2 else sys.exit("usage: store_test.py REPOSITORY_ROOT")

REPORT = lab.command("duel-report")
RUN = "2026-01-01 10:00 UTC"  # a run stamp for facts written again
PERFT = lab.command("perft-speed")
PERFT_PAGES = [os.path.join(ROOT, p) for p in ("docs/cli.md", "stages/s11_avx512/README.md")]


def fails(folder, want):
    """store.load(folder) must refuse, saying `want`."""
    try:
        store.load(folder)
    except store.FactError as e:
        if want not in str(e):
            sys.exit(f"FAIL: the store refused, but not with {want!r}: {e}")
        return
    sys.exit(f"FAIL: a store that breaks its rule loaded ({want})")


def planted(real):
    """Second values planted in copies of the real store."""
    name, fact = next((f["file"], f) for f in real.values())
    plain = {k: fact[k] for k in ("key", "value")}
    with tempfile.TemporaryDirectory() as d:
        shutil.copytree(store.FOLDER, d, dirs_exist_ok=True)
        changed = dict(plain, value="another value")
        with open(os.path.join(d, "planted.json"), "w", encoding="utf-8") as f:
            json.dump({"writer": "someone else", "facts": [changed]}, f)
        fails(d, "two values for one key")
        # ...and the message names both files
        try:
            store.load(d)
        except store.FactError as e:
            if name not in str(e) or "planted.json" not in str(e):
                sys.exit(f"FAIL: the refusal does not name both files: {e}")
        os.unlink(os.path.join(d, "planted.json"))
        path = os.path.join(d, name)
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        data["facts"].append(changed)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f)
        fails(d, "two values for one key")
    with tempfile.TemporaryDirectory() as d:
        broken = {"key": dict(plain["key"], cpu=""), "value": 1}
        with open(os.path.join(d, "b.json"), "w", encoding="utf-8") as f:
            json.dump({"writer": "w", "facts": [broken]}, f)
        fails(d, "the key field 'cpu' is empty")
    with tempfile.TemporaryDirectory() as d:
        key = {"what": "w", "workload": "x", "subject": "s", "platform": "host", "cpu": "any"}
        store.record("writer a", "a.json", [{"key": key, "value": 1}], d)
        store.record("writer a", "a.json", [{"key": key, "value": 2}], d)  # measured again: replaced
        values = [f["value"] for f in store.load(d).values()]
        if values != [2]:
            sys.exit(f"FAIL: a measurement repeated by its writer left {values}, not [2]")
        try:
            store.record("writer b", "b.json", [{"key": key, "value": 3}], d)
            sys.exit("FAIL: a second writer recorded a key the first holds")
        except store.FactError as e:
            if "a.json" not in str(e):
                sys.exit(f"FAIL: the refusal does not name the file holding the key: {e}")
        if os.path.exists(os.path.join(d, "b.json")):
            sys.exit("FAIL: a refused record left a file behind")


def pages_are_the_store():
    r = subprocess.run([*REPORT, "--check", "--root", ROOT], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: the pages' duel blocks are not the store's:\n{r.stderr}")
    r = subprocess.run([*lab.command("match-report"), "--check", "--root", ROOT], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: the pages' match tables are not the store's:\n{r.stderr}")
    # A number typed into a copy of a page fails, naming the page and block.
    with tempfile.TemporaryDirectory() as d:
        for step in os.listdir(os.path.join(ROOT, "stages")):
            if step.startswith("e"):
                os.makedirs(os.path.join(d, "stages", step))
                shutil.copy(os.path.join(ROOT, "stages", step, "README.md"), os.path.join(d, "stages", step))
        page = os.path.join(d, "stages", "e09_bitsolve", "README.md")
        with open(page, encoding="utf-8") as f:
            text = f.read()
        start = text.index("<!-- duel-verdict:begin -->")
        at = text.index(" % against", start)
        typed = text[:at - 2] + ("11" if text[at - 2:at] != "11" else "12") + text[at:]
        with open(page, "w", encoding="utf-8") as f:
            f.write(typed)
        r = subprocess.run([*REPORT, "--check", "--root", d], capture_output=True, text=True)
        if r.returncode != 1 or "stages/e09_bitsolve/README.md: <!-- duel-verdict --> is not what the store gives" \
                not in r.stderr:
            sys.exit(f"FAIL: a typed score on e09's page passed the check (exit {r.returncode}): {r.stderr}")
        r = subprocess.run([*REPORT, "--pages", "--root", d], capture_output=True, text=True)
        with open(page, encoding="utf-8") as f:
            if r.returncode != 0 or f.read() != text:
                sys.exit(f"FAIL: --pages did not write the store's sentence back (exit {r.returncode}): {r.stderr}")


def perft_tables_are_the_store():
    r = subprocess.run([*PERFT, "--check"] + PERFT_PAGES, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"FAIL: the perft tables are not the store's:\n{r.stderr}")
    with tempfile.TemporaryDirectory() as d:
        page = os.path.join(d, "cli.md")
        with open(PERFT_PAGES[0], encoding="utf-8") as f:
            text = f.read()
        at = text.index("| s10 11 | ")
        cell = text.index(" | ", at + len("| s10 11 | ")) + 3  # the wall time's cell
        with open(page, "w", encoding="utf-8") as f:
            f.write(text[:cell] + ("9" if text[cell] != "9" else "8") + text[cell + 1:])
        r = subprocess.run([*PERFT, "--check", page], capture_output=True, text=True)
        if r.returncode != 1 or "<!-- perft-speed --> is not what the store gives" not in r.stderr:
            sys.exit(f"FAIL: a typed perft time passed the check (exit {r.returncode}): {r.stderr}")


def fake_report(scale):
    """A bench report as bench/report.py builds it, small: a stage, a sidebar and a step, two
    repetitions each, their times multiplied by `scale`."""
    def stage_raw(names):
        return {"benchmarks": [{"name": n + "/iterations:9", "run_name": n, "run_type": "iteration",
                                "items_per_second": 1e9 / (t * scale * (1 + r / 10)), "leaves": 100}
                               for n, t in names for r in range(2)] +
                              [{"name": names[0][0] + "_median", "run_type": "aggregate"}]}
    step_raw = {"benchmarks": [{"name": "FFO/1-19/s11_avx512/repeats:2", "run_name": "FFO/1-19/s11_avx512",
                                "run_type": "iteration", "cpu_time": 5e6 * scale * (1 + r), "time_unit": "ns",
                                "nodes/s": 2e8 / (scale * (1 + r)), "nodes": 1000} for r in range(2)]}
    stages = [{"stage": "s01_naive", "technique": "eight loops", "raw": stage_raw([("FlipScan", 600), ("Perft/7", 140)])}]
    for s in stages:
        s["summary"] = bench_report.summarise(s["raw"])
    side = stage_raw([("Article/recursive", 50)])
    steps = [{"step": "e05_table", "number": 5, "idea": "a table", "workload": "FFO/1-19", "default_stage": "s11_avx512",
              "raw": step_raw, "results": bench_report.summarise_step(step_raw)}]
    return {"machine": "CPU X, 2 cores, Linux", "repetitions": 2, "rounds": 1, "pinned_cpu": 0, "step_repetitions": 2,
            "stages": stages, "sidebars": {"go_capture": {"summary": bench_report.summarise(side),
                                                          "counters": bench_report.counters(side), "raw": side}},
            "steps": steps}


def close(a, b):
    """Two summaries alike, up to the float rounding of ns -> items/s -> ns."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(close(a[k], b[k]) for k in a)
    return a == b


def bench_round_trip():
    """The bench report into the store and back: the summaries the pages are written from."""
    with tempfile.TemporaryDirectory() as d:
        first, second = fake_report(1.0), fake_report(2.0)
        for report, cpu, run in ((first, "CPU X", "2026-01-01 10:00 UTC"), (second, "CPU X", "2026-01-02 10:00 UTC")):
            store.record(bench_report.WRITER, bench_report.STORE_FILE, bench_report.facts(report, cpu, run), folder=d)
        back = bench_report.from_facts(list(store.load(d).values()))
        want = second  # the later run on the same CPU replaced the first
        checks = [(back["machine"], want["machine"]), (back["stages"][0]["summary"], want["stages"][0]["summary"]),
                  (back["sidebars"]["go_capture"]["summary"], want["sidebars"]["go_capture"]["summary"]),
                  (back["sidebars"]["go_capture"]["counters"], want["sidebars"]["go_capture"]["counters"]),
                  (back["steps"][0]["results"], want["steps"][0]["results"]), (back["steps"][0]["idea"], "a table")]
        for got, expected in checks:
            if not close(got, expected):
                sys.exit(f"FAIL: the bench report did not come back from the store: {got!r} != {expected!r}")
        # Another CPU's run is a key of its own: both stay, the latest is read back.
        store.record(bench_report.WRITER, bench_report.STORE_FILE,
                     bench_report.facts(first, "CPU Y", "2026-01-03 10:00 UTC"), folder=d)
        everything = store.load(d)
        back = bench_report.from_facts(list(everything.values()))
        if not close(back["stages"][0]["summary"], first["stages"][0]["summary"]):
            sys.exit("FAIL: the latest run (CPU Y) is not the one read back")
        if sum(1 for k in everything if "CPU X" in k) != sum(1 for k in everything if "CPU Y" in k):
            sys.exit("FAIL: the earlier CPU's facts did not stay beside the later one's")
        if bench_report.from_facts([]) is not None:
            sys.exit("FAIL: an empty store gave a bench report")


def plant(path, after, marker, column=1):
    """Types one digit over the start of cell `column` (0: the first) of the row that starts
    with `after` in the block `marker` of `path`."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    cell = text.index(after, text.index(f"<!-- {marker}:begin -->")) + 2
    for _ in range(column):
        cell = text.index(" | ", cell) + 3
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:cell] + ("9" if text[cell] != "9" else "8") + text[cell + 1:])
    return text


def plant_digit(path, after, marker):
    """Changes the first digit after `after` in the block `marker` of `path`."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    at = text.index(after, text.index(f"<!-- {marker}:begin -->")) + len(after)
    while not text[at].isdigit():
        at += 1
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:at] + ("9" if text[at] != "9" else "8") + text[at + 1:])
    return text


COPY = "COPY"  # in a check's command: the copy's folder


def pages_fail_with_a_typed_number(copy, page, after, marker, what, column=1, anywhere=False,
                                   check=("update-docs", "--source", COPY, "--check")):
    """A number typed into `page` of the copy fails the check (update_docs' by default),
    naming the page; `anywhere`: the first digit after `after`, not a table's cell."""
    path = os.path.join(copy, page)
    text = plant_digit(path, after, marker) if anywhere else plant(path, after, marker, column)
    tool, *more = check
    r = subprocess.run(lab.command(tool) + [copy if a == COPY else a for a in more], capture_output=True, text=True)
    if r.returncode != 1 or page not in r.stderr + r.stdout:
        sys.exit(f"FAIL: a typed {what} passed the check (exit {r.returncode}): {r.stderr}")
    with open(os.path.join(copy, page), "w", encoding="utf-8") as f:
        f.write(text)


def bench_tables_are_the_store():
    """update_docs' check compares the tables written from the store with the pages: a
    number typed into a copy of s05's Numbers table (the bench report), of the ESP32
    guide's memory table (the embedded report), of e04's ablation table, of s11's
    one-process table (the pairs) or of s06's callgrind counts fails it."""
    with tempfile.TemporaryDirectory() as d:
        copy = os.path.join(d, "repo")
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", "build*"))
        pages_fail_with_a_typed_number(copy, "stages/s05_cell91/README.md", "| flip scan (countFlips", "numbers",
                                       "time in s05's Numbers table")
        pages_fail_with_a_typed_number(copy, "docs/esp32.md", "| s01_naive |", "esp32-memory",
                                       "flash size in the ESP32 guide's memory table")
        pages_fail_with_a_typed_number(copy, "stages/e04_pvs/README.md", "| principal variation", "ablation",
                                       "node count in e04's ablation table", column=2)
        pages_fail_with_a_typed_number(copy, "stages/s11_avx512/README.md", "| flip scan |", "one-process",
                                       "time in s11's one-process table")
        pages_fail_with_a_typed_number(copy, "stages/e11_parallel/README.md", "| 1 |", "parallel",
                                       "node count in e11's table of one thread against two", column=1)
        pages_fail_with_a_typed_number(copy, "stages/s06_unrolled/README.md", "| s06", "counts",
                                       "instruction count in s06's callgrind table", column=2)
        pages_fail_with_a_typed_number(copy, "stages/s08_line_index/README.md", "| s08_line_index | flip scan",
                                       "flash-cache", "table reads in s08's flash-cache table", column=2)
        pages_fail_with_a_typed_number(copy, "stages/e10_stable/README.md", "| 45 |", "ffo-long",
                                       "node count in e10's full FFO test", column=4)
        pages_fail_with_a_typed_number(copy, "stages/s11_avx512/README.md", "s10 ", "kept",
                                       "time in s11's kept measurements", anywhere=True)
        pages_fail_with_a_typed_number(copy, "exercises/README.md", "| 1 |", "exercises-measured",
                                       "ratio in the exercises' measured table", anywhere=True,
                                       check=("exercises", "--source", COPY, "pages", "--check"))
        pages_fail_with_a_typed_number(copy, "docs/cli.md", "| -l 5 |", "match-timed",
                                       "game count in docs/cli.md's timed match", column=1,
                                       check=("match-report", "--root", COPY, "--check"))


def run_cpu(real, writer, what):
    """The CPU of the store's latest run of `writer` (its fact `what`)."""
    return store.latest(real, writer, what)[1]["key"]["cpu"]


def reports_round_trip():
    """Each report the store holds, written as facts again and read back, is the same report:
    the embedded figures, the one-process pairs, the slowdowns' counts, every step's ablation, the
    pages' callgrind counts."""
    real = list(store.load().values())
    again = {
        "embedded report": (embedded_report.from_facts, embedded_report.WRITER,
                            lambda r: embedded_report.facts(r["raw"], r["toolchains"], RUN)),
        # (one CPU's: the other CPUs' runs, "elsewhere", are keys of their own; pairs_side_by_side)
        "pairs": (lambda fs: dict(verdict_pairs.from_facts(fs) or {}, elsewhere=[]), verdict_pairs.WRITER,
                  lambda r: verdict_pairs.facts(r, RUN)),
        "slowdowns' counts": (why_slower.from_facts, why_slower.WRITER, lambda r: why_slower.facts(r, RUN)),
        **{f"{step[:3]} ablation": (lambda fs, step=step: ablation.from_facts(fs, step), ablation.WRITER,
                                    lambda r: ablation.facts(r, RUN))
           for step in ("e04_pvs", "e06_endgame", "e08_selective", "e09_bitsolve", "e10_stable")},
        "e10 ablation on deeper positions": (lambda fs: ablation.from_facts(fs, "e10_stable", True), ablation.WRITER,
                                             lambda r: ablation.facts(r, RUN)),
        "e11's run on one thread and two": (lambda fs: parallel.from_facts(fs, "e11_parallel"), parallel.WRITER,
                                            lambda r: parallel.facts(r, RUN)),
        "pages' callgrind counts": (page_counts.from_facts, page_counts.WRITER, lambda r: page_counts.facts(r, RUN)),
        "flash-cache model": (flash_cache.from_facts, flash_cache.WRITER, lambda r: flash_cache.facts(r, RUN)),
        "e09's full FFO test": (lambda fs: ffo_long.from_facts(fs, "e09_bitsolve"), ffo_long.WRITER, ffo_long.facts),
        "e10's full FFO test": (lambda fs: ffo_long.from_facts(fs, "e10_stable"), ffo_long.WRITER, ffo_long.facts),
        "e11's full FFO test on two threads": (lambda fs: ffo_long.from_facts(fs, "e11_parallel"), ffo_long.WRITER,
                                               ffo_long.facts),
        "exercises' proof": (exercises.proof_from_facts, exercises.WRITER,
                             lambda r: exercises.proof_facts(r, exercises.load(ROOT),
                                                             run_cpu(real, exercises.WRITER, exercises.PROOF_RUN), RUN)),
        "timed match": (lambda fs: match_report.from_facts(fs, match_report.PUBLISHED["match-timed"][1]),
                        match_report.WRITER,
                        lambda r: match_report.facts(r, run_cpu(real, match_report.WRITER, match_report.RUN), RUN))}
    for name, (read, writer, write) in again.items():
        report = read(real)
        if not report:
            sys.exit(f"FAIL: the store has no {name}")
        if read([dict(f, writer=writer) for f in write(report)]) != report:
            sys.exit(f"FAIL: the {name} did not come back from the store as it was")


def pairs_side_by_side():
    """The one-process pairs of two CPUs are two keys each: the latest CPU's run is the table,
    the other's comes back under "elsewhere", and s11's page shows both CPUs' ratios side by
    side, each from its own run."""
    def run_on(cpu, stamp, s11_times):
        out = {"machine": f"{cpu}, 2 cores, Linux 6", "repetitions": 3, "min_time": 0.1,
               "pairs": [{"faster": f"s11:{fam}", "than": f"s10:{fam}", "unit": "ns", "a": s11_times, "b": [10.0, 10.0, 10.0]}
                         for fam in verdicts.ONE_PROCESS_FAMILIES]}
        return [dict(f, writer=verdict_pairs.WRITER, key=dict(f["key"], cpu=cpu))
                for f in verdict_pairs.facts(out, stamp)]
    facts = run_on("CPU A (family 6, model 1)", "2026-01-01 10:00 UTC", [5.0, 5.0, 5.0]) + \
        run_on("CPU B (family 25, model 17: Zen 4)", "2026-01-02 10:00 UTC", [20.0, 20.0, 20.0])
    pairs = verdict_pairs.from_facts(facts)
    if not pairs["machine"].startswith("CPU B") or [e["machine"][:5] for e in pairs["elsewhere"]] != ["CPU A"]:
        sys.exit(f"FAIL: the latest CPU's pairs are not the table, or the other CPU's are missing: {pairs['machine']}")
    verdicts.load(pairs, None, None, None)
    section = verdicts.one_process_section("s11_avx512")
    verdicts.load(None, None, None, None)
    if "| flip scan | 0.50x (slower) | 2.00x (faster) |" not in section or "| CPU B (family 25, model 17: Zen 4) | CPU A" not in section:
        sys.exit(f"FAIL: s11's one-process table does not show both CPUs side by side:\n{section}")


def main():
    try:
        real = store.load()
    except store.FactError as e:
        sys.exit(f"FAIL: the repository's store: {e}")
    if not real:
        sys.exit("FAIL: the repository's store is empty")
    planted(real)
    bench_round_trip()
    bench_tables_are_the_store()
    reports_round_trip()
    pairs_side_by_side()
    pages_are_the_store()
    perft_tables_are_the_store()
    print(f"store: {len(real)} facts, one value each; planted second values refused; the reports come back "
          "from it as it was; the pages' duels, matches and perft tables are the store's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
