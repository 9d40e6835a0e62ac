#!/usr/bin/env python3
"""Collects every sketch's embedded figures into one JSON and prints them as a table.

    bench/embedded_report.py [--build build] [--json build/embedded.json] [--stages s01,s05]
                             [--from-json saved.json]

Per sketch folder in stages/ (numbered stages and sidebars):
- AVR (ATmega2560, 16 MHz): the sketch compiled with arduino-builder and run in simavr
  by tests/embedded/simavr_run. The sketch writes a block number to GPIOR0 before
  each timed operation (one run, interrupts off) and 0 after it; the runner reads
  simavr's cycle counter at both writes. Reported: cycles of one flip scan (countFlips
  on the 64 squares of the golden position), one legalMoves, one play (copy the board,
  play, read a square), each minus the cycles of an empty call measured the same way
  (block 4). Flash (.text + .data) and static RAM (.data + .bss) from avr-size, as the
  Arduino IDE counts them; the stage code (the three timed functions and the stage's
  out-of-line functions, from avr-nm); whether the sketch fits the Uno too.
- Xtensa lx106 (numbered stages): tests/embedded/xtensa_driver.cpp with the stage
  header, xtensa-lx106-elf-g++ -O2, under qemu-system-xtensa -icount shift=0: the
  instructions of the same three operations (see the driver for how they are counted)
  and the stage code bytes (xtensa-lx106-elf-nm).
A sketch that does not build or does not fit gets the reason instead of numbers.
"Fits the Uno" means that its static data fits and that it runs in simavr on the
ATmega328P without its stack running into that data.

Per search step (stages/eNN_name): the sketch's exact solve of its endgame.
- AVR: on the ATmega2560 the solve sits between two GPIOR0 marks: its cycles (the
  Arduino timer's interrupt included, as in the sketch's us=), the deepest stack inside
  it (simavr_run reads the stack pointer after every instruction), nodes and cycles per
  node; flash and static RAM; on the ATmega328P (Uno) whether static data and stack fit.
- lx106: the sketch itself compiled freestanding on the Arduino shim's interface and run
  under QEMU -icount shift=0, where its us= is instructions / 1000: the instructions of
  the solve (to +-1,000) and per node.

The JSON has "caption", "columns" and "stages" ({folder: {column: text}}), and for the
steps "step_caption", "step_columns" and "steps" ({folder: {column: text}}), for
docs/update_docs.py; "raw" holds the unformatted numbers of both ({folder: {...}}).
bench/esp32_column.py adds an ESP32 column from captured Serial logs.
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "embedded"))
import embedded  # noqa: E402  (tests/embedded/embedded.py: the same build and run steps as the tests)

CAPTION = ("Embedded figures, measured by `python3 bench/embedded_report.py --build build` "
           "(tests/embedded). AVR: exact CPU cycles of an ATmega2560 at 16 MHz in simavr (one run, "
           "interrupts off, the cost of an empty call subtracted); flash and static RAM of the whole "
           "sketch from avr-size. lx106: instructions executed on the Xtensa lx106 core (the ESP8266's, "
           "a relative of the ESP32's LX6) under QEMU, not ESP32 timings; stage code = the three timed "
           "functions plus the stage's out-of-line functions.")
COLUMNS = ["AVR flip scan (cycles)", "AVR legalMoves (cycles)", "AVR play (cycles)",
           "AVR flash / RAM (bytes)", "fits the Uno", "lx106 flip scan (instr.)",
           "lx106 legalMoves (instr.)", "lx106 play (instr.)", "lx106 stage code (bytes)"]
MARKS = {1: "flipscan", 2: "legalmoves", 3: "play"}
EMPTY_MARK = 4

STEP_CAPTION = ("Search steps on embedded cores, measured by `python3 bench/embedded_report.py --build build` "
                "(tests/embedded): the sketch's exact solve of its endgame. AVR: cycles of an ATmega2560 at "
                "16 MHz in simavr (the Arduino timer's interrupt included, about 0.6%), the deepest stack "
                "during the solve, flash and static RAM of the whole sketch; Uno: whether static data and "
                "stack fit its 2,048 bytes. lx106: instructions under QEMU (to +-1,000), not ESP timings.")
STEP_COLUMNS = ["solve nodes", "AVR solve (cycles)", "AVR cycles / node", "AVR flash / static RAM (bytes)",
                "AVR stack at the deepest (bytes)", "fits the Uno", "lx106 solve (instr.)", "lx106 instr. / node"]
SOLVE_LINE = re.compile(r"^solve position=(\S{64} [XO]) score=(-?\d+) best=(\S+) nodes=(\d+) us=(\d+)\r?$", re.M)
SOLVE_MARK = 1


def stage_folders(src, wanted):
    folders = sorted(d for d in os.listdir(os.path.join(src, "stages"))
                     if os.path.exists(os.path.join(src, "stages", d, d + ".ino")))
    numbered = [f for f in folders if re.match(r"s\d\d_", f)]
    folders = numbered + [f for f in folders if f not in numbered]
    if wanted:
        folders = [f for f in folders if any(f.startswith(w) for w in wanted.split(","))]
    return folders


def avr_figures(src, out, runner, folder):
    """{flipscan, legalmoves, play: cycles; flash, ram, code: bytes; uno: fits} or {error}."""
    r = {}
    elf, code, log = embedded.compile_sketch(src, folder, "mega", out)
    if not elf:
        reason = embedded.too_big_reason(log, src, folder, "mega")
        return {"error": f"too big for AVR: {reason}" if reason else "does not compile for AVR"}
    r["flash"], r["ram"] = embedded.avr_memory(elf)
    r["code"] = embedded.stage_code_bytes("avr-nm", elf, embedded.namespace_of(src, folder))
    max_flash, max_ram = embedded.board_limits("mega")
    if r["flash"] > max_flash or r["ram"] > max_ram:
        r["error"] = f"too big for the Mega ({r['flash']:,} / {r['ram']:,} B)"
        return r
    status, _, err = embedded.run_avr(runner, "mega", elf)
    if status != 0:
        r["error"] = f"simavr_run exit {status}"
        return r
    marks = {m: cycles for m, (cycles, _) in embedded.runner_marks(err).items()}
    empty = marks.get(EMPTY_MARK)
    for number, name in MARKS.items():
        if number in marks and empty is not None:
            r[name] = marks[number] - empty
    r["empty_call"] = empty
    r["uno"], r["uno_why"] = uno_fit(src, out, runner, folder)
    return r


def uno_fit(src, out, runner, folder):
    """(fits, why not or ""): static data within the Uno's limits, and a run in simavr
    that ends with DONE without the stack running into the static data."""
    elf, _, log = embedded.compile_sketch(src, folder, "uno", out)
    if not elf:
        return False, embedded.too_big_reason(log, src, folder, "uno") or "does not build"
    flash, ram = embedded.avr_memory(elf)
    max_flash, max_ram = embedded.board_limits("uno")
    if flash > max_flash or ram > max_ram:
        return False, f"static: flash {flash:,} / RAM {ram:,} B"
    status, _, err = embedded.run_avr(runner, "uno", elf)
    stack = embedded.runner_stack(err)
    if status == embedded.RUNNER_STACK_OVERFLOW and stack:
        return False, f"{stack['static']:,} B static + stack reaching {stack['max']:,} B > {max_ram:,} B"
    if status != 0:
        return False, embedded.RUNNER_STATUS.get(status, f"simavr_run exit {status}")
    return True, ""


def step_figures(src, out, runner, folder):
    """The search sketch's solve on the ATmega2560, the Uno and the lx106."""
    r = {"avr": {}, "xtensa": {}}
    a = r["avr"]
    elf, _, log = embedded.compile_sketch(src, folder, "mega", out)
    if not elf:
        reason = embedded.too_big_reason(log, src, folder, "mega")
        a["error"] = f"too big for the Mega: {reason}" if reason else "does not compile for AVR"
    else:
        a["flash"], a["ram"] = embedded.avr_memory(elf)
        status, output, err = embedded.run_avr(runner, "mega", elf)
        solve = SOLVE_LINE.search(output)
        marks = embedded.runner_marks(err)
        if status != 0:
            a["error"] = embedded.RUNNER_STATUS.get(status, f"simavr_run exit {status}")
        elif not solve or SOLVE_MARK not in marks:
            a["error"] = "no solve line" if not solve else "the solve is not marked (mark(1) ... mark(0))"
        else:
            r["solve"] = {"position": solve.group(1), "score": int(solve.group(2)), "best": solve.group(3),
                          "nodes": int(solve.group(4))}
            a["solve_cycles"], a["solve_stack"] = marks[SOLVE_MARK]
            a["stack"] = embedded.runner_stack(err)["max"]
            a["cycles_per_node"] = a["solve_cycles"] / r["solve"]["nodes"]
    a["uno"], a["uno_why"] = uno_fit(src, out, runner, folder)
    x = r["xtensa"]
    xelf, log = embedded.build_xtensa_sketch(src, folder, out)
    if not xelf:
        missing = embedded.missing_helpers(log)
        x["error"] = "does not compile for the lx106" + (f" (needs {', '.join(missing)})" if missing else "")
        return r
    status, output = embedded.run_xtensa(xelf)
    solve = SOLVE_LINE.search(output)
    if status != 0 or not solve:
        x["error"] = f"exit {status}" if status else "no solve line"
        return r
    x["nodes"] = int(solve.group(4))
    x["solve_instructions"] = int(solve.group(5)) * 1000  # us= counts thousands of instructions here
    x["instructions_per_node"] = x["solve_instructions"] / x["nodes"]
    return r


def step_row(raw):
    a, x, solve = raw["avr"], raw["xtensa"], raw.get("solve", {})
    c = dict(zip(STEP_COLUMNS, ["-"] * len(STEP_COLUMNS)))
    c[STEP_COLUMNS[0]] = num(solve.get("nodes"))
    if "error" in a:
        c[STEP_COLUMNS[1]] = a["error"]
    else:
        c[STEP_COLUMNS[1]] = num(a["solve_cycles"])
        c[STEP_COLUMNS[2]] = num(round(a["cycles_per_node"]))
        c[STEP_COLUMNS[4]] = num(a["solve_stack"])
    if "flash" in a:
        c[STEP_COLUMNS[3]] = f"{a['flash']:,} / {a['ram']:,}"
    c[STEP_COLUMNS[5]] = "yes" if a["uno"] else f"no: {a['uno_why']}"
    if "error" in x:
        c[STEP_COLUMNS[6]] = x["error"]
    else:
        c[STEP_COLUMNS[6]] = "~" + num(x["solve_instructions"])
        c[STEP_COLUMNS[7]] = "~" + num(round(x["instructions_per_node"]))
    return c


def xtensa_figures(src, out, folder):
    elf, log = embedded.build_xtensa(src, folder, out)
    if not elf:
        return {"error": "does not compile for the lx106"}
    code, output = embedded.run_xtensa(elf)
    if code != 0:
        return {"error": f"harness exit {code}"}
    r = {name: int(n) for name, n in re.findall(r"^(\w+) instructions=(\d+)$", output, re.M)}
    r["code"] = embedded.stage_code_bytes("xtensa-lx106-elf-nm", elf, embedded.namespace_of(src, folder))
    return r


def num(v):
    return f"{v:,}" if isinstance(v, int) else "-"


def row(raw):
    a, x = raw.get("avr", {}), raw.get("xtensa", {})
    cells = {}
    if "error" in a and "flipscan" not in a:
        cells[COLUMNS[0]] = a["error"]
    else:
        cells[COLUMNS[0]], cells[COLUMNS[1]], cells[COLUMNS[2]] = (num(a.get(k)) for k in MARKS.values())
    if "flash" in a:
        cells[COLUMNS[3]] = f"{a['flash']:,} / {a['ram']:,}"
    cells[COLUMNS[4]] = "yes" if a.get("uno") else f"no: {a['uno_why']}" if a.get("uno_why") else "no"
    if "error" in x:
        cells[COLUMNS[5]] = x["error"]
    elif x:
        cells[COLUMNS[5]], cells[COLUMNS[6]], cells[COLUMNS[7]] = (num(x.get(k)) for k in MARKS.values())
        cells[COLUMNS[8]] = num(x.get("code"))
    return cells


def print_table(report):
    for caption, columns, key, first in (("caption", "columns", "stages", "stage"),
                                         ("step_caption", "step_columns", "steps", "step")):
        if not report.get(key):
            continue
        cols = [first] + report[columns]
        rows = [[s] + [cells.get(c, "") for c in report[columns]] for s, cells in report[key].items()]
        widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(cols)]
        print(report[caption] + "\n")
        print("| " + " | ".join(c.ljust(w) for c, w in zip(cols, widths)) + " |")
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for r in rows:
            print("| " + " | ".join(v.ljust(w) for v, w in zip(r, widths)) + " |")
        print()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build", help="CMake build folder with simavr_run (default: build)")
    ap.add_argument("--json", help="where to write the report (default: BUILD/embedded.json)")
    ap.add_argument("--stages", help="comma-separated folder prefixes (default: every sketch)")
    ap.add_argument("--from-json", help="print the table of a saved report, running nothing")
    args = ap.parse_args()
    if args.from_json:
        with open(args.from_json) as f:
            print_table(json.load(f))
        return 0

    try:
        embedded.require({**embedded.AVR_TOOLS, **embedded.XTENSA_TOOLS})
    except embedded.Skip as e:
        sys.exit(f"embedded_report.py: {e}")
    runner = os.path.join(args.build, "simavr_run")
    if not os.path.exists(runner):
        sys.exit(f"embedded_report.py: {runner} not found (build first: cmake --build {args.build} --target simavr_run)")
    out = os.path.join(args.build, "embedded")
    report = {"caption": CAPTION, "columns": COLUMNS, "stages": {},
              "step_caption": STEP_CAPTION, "step_columns": STEP_COLUMNS, "steps": {}, "raw": {}}
    for folder in stage_folders(ROOT, args.stages):
        print(f"{folder} ...", file=sys.stderr, flush=True)
        if re.match(r"e\d\d_", folder):
            raw = report["raw"][folder] = step_figures(ROOT, out, runner, folder)
            report["steps"][folder] = step_row(raw)
            continue
        raw = {"avr": avr_figures(ROOT, out, runner, folder)}
        if re.match(r"s\d\d_", folder):
            raw["xtensa"] = xtensa_figures(ROOT, out, folder)
        report["raw"][folder] = raw
        report["stages"][folder] = row(raw)
    path = args.json or os.path.join(args.build, "embedded.json")
    with open(path, "w") as f:
        json.dump(report, f, indent=1)
    print_table(report)
    print(f"\nwritten: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
